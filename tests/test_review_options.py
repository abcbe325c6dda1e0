"""``whist review`` under the rules in force, and as players read it (issue 17).

* German Whist under the ``all26`` profile (every trick counts, docs/variants/german.md
  §1.8): the review's figures count the seat's tricks of all 26, so a phase-2 decision's
  value carries the phase-1 tricks the seat already won; the scope says "of the 26 tricks".
* The text review writes the card played the way its reasons write cards (``10♣``, not the
  record's ``TC``); the JSON keeps the notation.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from openwhist.game.engine import Engine
from openwhist.game.state import CHANCE, TERMINAL
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import GameRecord, PlayerRecord, RecordBuilder, replay_record
from openwhist.services.review import EXACT, RATED, SAMPLED, review_record
from openwhist_cli.app import app
from typer.testing import CliRunner


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _german_record(
    catalog: Catalog, actions: list[str] | None, options: dict[str, str]
) -> tuple[GameRecord, list[str]]:
    """One German deal played by the heuristic for both seats (or the given actions, when
    replaying the same cards under other options), as a record with a human seat 0."""
    variant = catalog.variant("german")
    engine = Engine(variant, variant.make_options(options))
    heuristic = catalog.bot("heuristic", "german").factory("german", random.Random(3))
    rng = random.Random(21)
    progress = engine.start_match(0)
    state = engine.next_deal(progress)
    while state.to_act != TERMINAL:
        if actions is not None:
            action = engine.parse_action(state, actions[len(state.history)])
        elif state.to_act == CHANCE:
            action = engine.sample_chance(state, rng)
        else:
            legal = engine.legal_actions(state)
            action = heuristic.choose(engine.observe(state, state.to_act), legal)
        state = engine.apply(state, action)
    score = engine.score(state)
    progress = engine.advance_match(progress, score)
    players = [
        PlayerRecord(seat=0, name="Ann", kind="human"),
        PlayerRecord(seat=1, name="B", kind="bot:heuristic"),
    ]
    builder = RecordBuilder(engine, first_dealer=0, seed=None, players=players)
    builder.add_deal(state, score, progress)
    return builder.build(progress), [a.notation() for a in state.history]


def test_all26_ratings_count_every_trick_of_the_deal(catalog: Catalog) -> None:
    last13, actions = _german_record(catalog, None, {})
    all26, _ = _german_record(catalog, actions, {"scoring_profile": "all26"})
    assert all26.options["scoring_profile"] == "all26"
    short = review_record(last13, catalog, samples=2).deals[0]
    every = review_record(all26, catalog, samples=2).deals[0]
    # Seat 0's phase-1 tricks, from the replayed deal.
    final = replay_record(last13, catalog).deals[0].state
    phase1_won = sum(1 for r in final.completed[:13] if r.winner == 0)
    assert 0 < phase1_won < 13
    exact = 0
    for a, b in zip(short.decisions, every.decisions, strict=True):
        assert a.action == b.action
        if a.status != RATED or b.status != RATED:
            continue
        if a.method == EXACT:
            exact += 1
            assert b.method == EXACT
            # The same solver answer, plus the phase-1 tricks the seat already holds.
            assert b.best_value == a.best_value + phase1_won
            assert b.value == a.value + phase1_won
            assert b.cost == a.cost
            assert "of the 26 tricks" in b.reason.render()
            assert "of the last 13 tricks" in a.reason.render()
        else:
            assert b.method == SAMPLED
            assert "of the 26 tricks" in b.reason.render()
            # Every trick counts: a phase-1 card is worth the tricks already won at least.
            won = sum(1 for r in final.completed[: b.trick - 1] if r.winner == 0)
            assert b.best_value is not None
            assert b.best_value >= won
    assert exact >= 3


def test_the_text_review_writes_cards_with_their_suit_symbols(
    catalog: Catalog, tmp_path: Path
) -> None:
    record, actions = _german_record(catalog, None, {})
    path = tmp_path / "match.json"
    path.write_text(record.to_json(), encoding="utf-8")
    text = CliRunner().invoke(app, ["review", str(path), "--samples", "2"])
    assert text.exit_code == 0, text.output
    lines = [line for line in text.output.splitlines() if line.strip().startswith("trick ")]
    assert len(lines) == 26
    for line in lines:
        played = line.split()[2]
        assert played[-1] in "♠♥♦♣", line
        # The reason names the same card, written the same way.
        assert played in line.split(None, 4)[4], line
    worst = next(line for line in text.output.splitlines() if "Worst:" in line)
    assert any(symbol in worst for symbol in "♠♥♦♣"), worst
    data = CliRunner().invoke(app, ["review", str(path), "--samples", "2", "--json"])
    assert data.exit_code == 0, data.output
    decisions = json.loads(data.output)["deals"][0]["decisions"]
    assert all(d["played"] in actions for d in decisions)
    assert all(d["played"].isascii() and d["played"][-1] in "SHDC" for d in decisions)
