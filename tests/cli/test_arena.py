"""``whist arena``: output, determinism across --workers, duplicate mode and usage errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openwhist_cli.app import app
from typer.testing import CliRunner


def arena(runner: CliRunner, *args: str) -> Any:
    return runner.invoke(app, ["arena", *args])


def test_json_is_identical_for_one_and_two_workers(runner: CliRunner) -> None:
    base = ["german", "--bots", "random,random", "--deals", "30", "--seed", "11", "--json"]
    one = arena(runner, *base, "--workers", "1")
    two = arena(runner, *base, "--workers", "2")
    assert one.exit_code == 0, one.stderr
    assert two.exit_code == 0, two.stderr
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["seed"] == 11
    assert data["boards"] == data["plays"] == 30
    assert [r["bot"] for r in data["results"]] == ["random", "random#2"]
    # German always has a winner (13 counted tricks cannot split evenly): wins add up.
    assert sum(r["wins"] for r in data["results"]) == 30
    assert len(data["deal_results"]) == 30
    # Progress goes to stderr only on a terminal; the test runner's stderr is not one.
    assert one.stderr == ""


def test_duplicate_json_replays_each_deck_with_the_sides_swapped(runner: CliRunner) -> None:
    result = arena(
        runner, "english", "--bots", "random,random", "--deals", "6", "--seed", "3",
        "--duplicate", "--json", "--workers", "2",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["seats"] == {"N": "random", "E": "random#2", "S": "random", "W": "random#2"}
    assert data["rotations"] == 2
    deals = data["deal_results"]
    assert len(deals) == 12
    for first, second in zip(deals[0::2], deals[1::2], strict=True):
        assert first["board"] == second["board"]
        assert first["deck"] == second["deck"]
        assert first["dealer"] == second["dealer"]
        assert second["seats"] == {
            "N": "random#2",
            "E": "random",
            "S": "random#2",
            "W": "random",
        }
    assert len({d["deck"] for d in deals}) == 6
    for item in data["results"]:
        assert item["deals"] == 12
        assert sum(item["boards_by_rotations_won"]) == 6
    (cmp,) = data["comparisons"]
    assert cmp["paired_by"] == "board"
    assert cmp["win_rate_difference"]["n"] == 6


def test_text_table_shows_each_bot_with_intervals(runner: CliRunner) -> None:
    result = arena(
        runner, "israeli", "--bots", "israeli-random,random", "--deals", "8", "--seed", "5",
        "--workers", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Israeli Whist" in out
    assert "seed 5; 8 deals" in out
    assert "seats: N israeli-random, E random, S israeli-random, W random" in out
    assert "win rate [95% CI]" in out
    assert "contracts made [95% CI]" in out
    assert "israeli-random - random" in out
    table = out.split("\n\n")[1].splitlines()
    rows = [line for line in table if line.startswith(("israeli-random ", "random "))]
    assert len(rows) == 2
    for row in rows:
        # Each bot holds two players (N and S, E and W): 8 deals are 16 seat-deals, each
        # counted on its own.
        assert row.split()[1:4] == ["16", "(2", "seats)"]  # deals column
    assert "per seat: a bot holding several seats counts each seat's deal on its own" in out
    seat_rows = [line.split()[:3] for line in out.splitlines() if line.startswith("random ")]
    assert ["random", "E", "8"] in seat_rows
    assert ["random", "W", "8"] in seat_rows


def test_text_duplicate_section(runner: CliRunner) -> None:
    result = arena(
        runner, "german", "--bots", "random,random", "--deals", "5", "--seed", "1", "--duplicate"
    )
    assert result.exit_code == 0, result.stderr
    assert "5 boards x 2 rotations = 10 deals (duplicate)" in result.stdout
    assert "boards by rotations won 0/1/2" in result.stdout
    assert "paired by board" in result.stdout


def test_without_a_seed_the_drawn_seed_repeats_the_run(runner: CliRunner) -> None:
    first = arena(runner, "german", "--bots", "random,random", "--deals", "4", "--json")
    assert first.exit_code == 0, first.stderr
    data = json.loads(first.stdout)
    assert data["seed_given"] is False
    again = arena(
        runner, "german", "--bots", "random,random", "--deals", "4", "--json",
        "--seed", str(data["seed"]),
    )  # fmt: skip
    repeated = json.loads(again.stdout)
    assert repeated["seed_given"] is True
    assert repeated["deal_results"] == data["deal_results"]
    assert repeated["results"] == data["results"]


def test_on_a_terminal_the_progress_bar_follows_every_board(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openwhist_cli.commands import arena as command

    reports: list[tuple[int, int]] = []
    monkeypatch.setattr(command, "_stderr_is_terminal", lambda: True)
    monkeypatch.setattr(command._ProgressBar, "update", lambda self, d, t: reports.append((d, t)))
    result = arena(
        runner, "german", "--bots", "random,random", "--deals", "25", "--seed", "1",
        "--workers", "2", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    json.loads(result.stdout)  # stdout still holds nothing but the JSON
    assert reports[0] == (0, 25)
    assert reports[-1] == (25, 25)
    done = [d for d, _ in reports]
    assert done == sorted(done)
    assert len(reports) > 3  # the start, then one report per chunk of boards


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["german", "--bots", "random,nobody"], "no bot 'nobody' can play german (available: "),
        (["german", "--bots", "random"], "at least two bots"),
        (["german", "--bots", "random,random,random"], "german has 2 seats"),
        (["english", "--bots", "random,random,random"], "2 bots (one per side"),
        (["klaverjas", "--bots", "random,random"], "unknown variant"),
        (["german", "--bots", "random,random", "-o", "nope=1"], "unknown option 'nope'"),
        (["german", "--bots", "random,random", "--deals", "0"], "--deals"),
        (["german", "--bots", "random,random", "--workers", "0"], "--workers"),
        (["german", "--bots", "random,random", "--seed", "-1"], "--seed"),
        (["german"], "--bots"),
    ],
)
def test_usage_errors_exit_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = arena(runner, *args)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr
    assert result.stdout == ""


def test_unknown_bot_lists_the_bots_of_that_variant(runner: CliRunner) -> None:
    result = arena(runner, "israeli", "--bots", "random,nobody")
    assert result.exit_code == 2
    assert "israeli-random" in result.stderr  # an Israeli-only bot is offered for Israeli
    other = arena(runner, "german", "--bots", "random,nobody")
    assert "israeli-random" not in other.stderr
