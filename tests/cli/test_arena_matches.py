"""``whist arena --matches N``: whole matches in each variant's match format, match wins with
intervals, and duplicate rotations dealing the same decks deal by deal (docs/arena.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openwhist.plugins import Catalog, load_catalog
from openwhist.services import UsageError
from openwhist.services.arena import run_arena
from openwhist_cli.app import app
from typer.testing import CliRunner


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _matches(summary: dict[str, Any]) -> dict[str, Any]:
    assert "matches" in summary
    return summary["matches"]  # type: ignore[no-any-return]


def test_english_rubbers_are_played_to_their_end_and_counted_as_matches(catalog: Catalog) -> None:
    run = run_arena(
        catalog, "english", bots=["heuristic", "random"], matches=4, seed=3, workers=1,
        duplicate=True,
    )  # fmt: skip
    summary = run.summary
    matches = _matches(summary)
    assert matches["matches"] == 8  # 4 boards x 2 rotations
    assert matches["cut_short"] == 0
    results = {r["bot"]: r for r in matches["results"]}
    # A rubber always has a winner: the two sides' wins make up every match.
    assert results["heuristic"]["wins"] + results["random"]["wins"] == 8
    assert results["heuristic"]["win_rate"]["low"] is not None
    assert all(m["finished"] and m["deals"] >= 2 for m in summary["match_results"])
    # Every deal of every match is in the per-deal figures.
    assert summary["plays"] == sum(m["deals"] for m in summary["match_results"])
    assert summary["plays"] == len(summary["deal_results"])


def test_duplicate_rotations_deal_the_same_decks_deal_by_deal(catalog: Catalog) -> None:
    run = run_arena(
        catalog, "english", bots=["heuristic", "random"], matches=2, seed=5, workers=1,
        duplicate=True,
    )  # fmt: skip
    decks: dict[tuple[int, int, int], str] = {}
    for play in run.plays:
        assert play.deal is not None
        decks[(play.board, play.rotation, play.deal)] = play.deck_digest()
    compared = 0
    for (board, rotation, deal), digest in decks.items():
        if rotation == 1 and (board, 0, deal) in decks:
            assert decks[(board, 0, deal)] == digest
            compared += 1
    assert compared >= 4
    # Different deals of one match get different cards.
    assert decks[(0, 0, 1)] != decks[(0, 0, 2)]
    seats = {(m["board"], m["rotation"]): m["seats"] for m in run.summary["match_results"]}
    assert seats[(0, 0)]["N"] == seats[(0, 1)]["E"] == "heuristic"


def test_german_best_of_three_and_israeli_fixed_evenings_follow_the_options(
    catalog: Catalog,
) -> None:
    german = run_arena(
        catalog, "german", bots=["heuristic", "random"], matches=3, seed=1, workers=1,
        options={"match_format": "best_of_3"},
    )  # fmt: skip
    for match in german.summary["match_results"]:
        assert 2 <= match["deals"] <= 3
        assert max(match["totals"].values()) == 2  # two deals won take the match
    single = run_arena(catalog, "german", bots=["heuristic", "random"], matches=3, seed=1)
    assert all(m["deals"] == 1 for m in single.summary["match_results"])
    israeli = run_arena(
        catalog, "israeli", bots=["heuristic", "random"], matches=2, seed=1, workers=1,
        options={"match": "fixed_deals:3"},
    )  # fmt: skip
    assert [m["deals"] for m in israeli.summary["match_results"]] == [3, 3]


def test_the_same_seed_gives_the_same_matches_for_any_worker_count(catalog: Catalog) -> None:
    kwargs: dict[str, Any] = {"bots": ["heuristic", "random"], "matches": 6, "seed": 8}
    one = run_arena(catalog, "german", options={"match_format": "best_of_3"}, workers=1, **kwargs)
    two = run_arena(catalog, "german", options={"match_format": "best_of_3"}, workers=2, **kwargs)
    assert one.summary["match_results"] == two.summary["match_results"]
    assert one.summary["matches"] == two.summary["matches"]


def test_matches_must_be_positive(catalog: Catalog) -> None:
    with pytest.raises(UsageError, match="--matches"):
        run_arena(catalog, "german", bots=["random", "random"], matches=0, seed=1)


def test_cli_reports_match_wins_in_text_and_json(runner: CliRunner) -> None:
    base = ["arena", "german", "--bots", "heuristic,random", "--matches", "3", "--seed", "2"]
    base += ["-o", "match_format=best_of_3", "--workers", "1"]
    text = runner.invoke(app, base)
    assert text.exit_code == 0, text.stderr
    assert "3 matches, " in text.stdout
    assert "match win rate [95% CI]" in text.stdout
    data = json.loads(runner.invoke(app, [*base, "--json"]).stdout)
    assert data["matches"]["matches"] == 3
    assert len(data["match_results"]) == 3
    both = runner.invoke(app, [*base, "--deals", "3"])
    assert both.exit_code == 2
    assert "--deals or --matches" in both.stderr
