"""``whist review`` and `openwhist.services.review` (issue 17): every decision rated.

* A German deal with a deliberate phase-2 blunder: the review finds it, exact, with the
  cost the solver gives on the real hands, and lists it among the worst decisions.
* The review's JSON is reproducible: the same record and seed give the same figures, and
  ``--json`` prints them.
* Honesty: at decisions of seeded deals, a twin state differing only in cards hidden from
  the seat (`hidden_twin`) gets the same review of that decision; ``--double-dummy`` is
  labelled, and refuses where cards are still in the stock.
* Israeli calls are listed as not rated; its cards are rated in points.
* Bad input: an unknown match, a deal out of range, a bad record, an ambiguous file.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from openwhist.game.actions import PLAYS
from openwhist.game.engine import Engine
from openwhist.game.state import CHANCE, TERMINAL, DealState
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import GameRecord, PlayerRecord, RecordBuilder
from openwhist.services.review import (
    EXACT,
    FORCED,
    NOT_RATED,
    RATED,
    SAMPLED,
    Rater,
    review_decision,
    review_record,
)
from openwhist.solver import Solver
from openwhist_cli.app import app
from typer.testing import CliRunner


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _blunder_record(catalog: Catalog) -> tuple[GameRecord, int, float]:
    """A German deal, heuristic play, except that at A's first phase-2 decision with a
    card worse than the best A plays the worst card. Returns the record, the blunder's
    1-based action index and its exact cost (the solver on the real hands)."""
    variant = catalog.variant("german")
    engine = Engine(variant)
    heuristic = catalog.bot("heuristic", "german").factory("german", random.Random(5))
    rng = random.Random(11)
    progress = engine.start_match(0)
    state = engine.next_deal(progress)
    blunder = (0, 0.0)
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        legal = engine.legal_actions(state)
        action = heuristic.choose(engine.observe(state, state.to_act), legal)
        if not blunder[0] and state.to_act == 0 and len(state.completed) >= 13 and len(legal) > 1:
            values = Solver(seats=2, trump=state.trump).move_values(
                state.hands, state.leader, trick=state.trick
            )
            worst = min(values, key=lambda c: (values[c], c))
            if values[worst] < max(values.values()):
                action = PLAYS[worst]
                blunder = (len(state.history) + 1, float(max(values.values()) - values[worst]))
        state = engine.apply(state, action)
    assert blunder[0], "the seeded deal must offer a blunder in phase 2"
    score = engine.score(state)
    progress = engine.advance_match(progress, score)
    players = [
        PlayerRecord(seat=0, name="Ann", kind="human"),
        PlayerRecord(seat=1, name="B", kind="bot:heuristic"),
    ]
    builder = RecordBuilder(engine, first_dealer=0, seed=None, players=players)
    builder.add_deal(state, score, progress)
    return builder.build(progress), blunder[0], blunder[1]


@pytest.fixture(scope="module")
def blunder(catalog: Catalog) -> tuple[GameRecord, int, float]:
    return _blunder_record(catalog)


def test_a_phase_two_blunder_is_found_with_its_exact_cost(
    catalog: Catalog, blunder: tuple[GameRecord, int, float]
) -> None:
    record, index, cost = blunder
    review = review_record(record, catalog)
    assert review.seats == (0,)  # the human seat by default
    (deal,) = review.deals
    found = next(d for d in deal.decisions if d.action == index)
    assert found.status == RATED
    assert found.method == EXACT
    assert found.cost == cost
    assert found.mistake
    assert found.low == found.high == cost  # exact: no interval
    text = found.reason.render()
    assert "(exact)" in text
    assert f"cost {int(cost)}" in text
    (summary,) = deal.summaries
    assert found in summary.worst
    assert summary.exact_lost >= cost
    # Every phase-2 decision with a choice is exact; phase 1 ones are sampled.
    for decision in deal.decisions:
        if decision.status == RATED:
            assert decision.method == (EXACT if decision.trick > 13 else SAMPLED)


def test_the_review_reproduces_from_the_record_and_its_json(
    catalog: Catalog, blunder: tuple[GameRecord, int, float], tmp_path: Path
) -> None:
    record, _, _ = blunder
    first = review_record(record, catalog, samples=3).as_dict()
    again = review_record(record, catalog, samples=3).as_dict()
    assert first == again
    other_seed = review_record(record, catalog, samples=3, seed=1).as_dict()
    assert other_seed["seed"] == 1
    assert first["seed"] == 0
    path = tmp_path / "match.json"
    path.write_text(record.to_json(), encoding="utf-8")
    result = CliRunner().invoke(app, ["review", str(path), "--samples", "3", "--json"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed["deals"] == first["deals"]
    assert printed["samples"] == 3
    assert printed["mode"] == "honest"


def test_the_text_review_names_the_blunder_and_the_summary(
    blunder: tuple[GameRecord, int, float], tmp_path: Path
) -> None:
    record, _, cost = blunder
    path = tmp_path / "match.json"
    path.write_text(record.to_json(), encoding="utf-8")
    result = CliRunner().invoke(app, ["review", str(path), "1", "--samples", "2"])
    assert result.exit_code == 0, result.output
    assert "honest: each decision rated only from what its seat knew" in result.output
    assert f"-{int(cost)}" in result.output
    assert "(exact)" in result.output
    assert "Summary:" in result.output
    assert "Worst:" in result.output
    spanish = CliRunner().invoke(app, ["review", str(path), "--samples", "2", "--lang", "es"])
    assert spanish.exit_code == 0, spanish.output
    assert "(exacto)" in spanish.output
    assert "Resumen" in spanish.output


@pytest.mark.parametrize("variant", ["german", "english", "israeli"])
def test_the_honest_review_cannot_see_hidden_cards(
    catalog: Catalog, variant: str, hidden_twin: Any
) -> None:
    """Decisions spread over two seeded deals -- early ones (sampled) and, where hidden cards
    remain, late ones, where the solver would finish on the real hands if it were given
    them -- each reviewed from a state and from its hidden twin."""
    engine = Engine(catalog.variant(variant))
    rng = random.Random(f"review-honesty:{variant}")
    late = 13 if variant == "german" else 8  # German: hidden cards only in phase 1
    rated = {"early": 0, "late": 0}
    for dealer in (0, 1):
        state: DealState[Any] = engine.start_deal(dealer=dealer)
        step = 0
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            legal = engine.legal_actions(state)
            step += 1
            when = "late" if len(state.completed) >= late - 3 else "early"
            if len(legal) > 1 and (step % 9 == 4 or (when == "late" and step % 3 == 0)):
                twin = hidden_twin(variant, state, rng)
                if twin is not None and twin.hands != state.hands:
                    action = legal[rng.randrange(len(legal))]
                    reviews = [
                        review_decision(
                            engine,
                            Rater.for_engine(catalog, engine, seed=0, samples=3),
                            s,
                            action,
                            index=step,
                        ).as_dict()
                        for s in (state, twin)
                    ]
                    assert reviews[0] == reviews[1], "the honest review saw a hidden card"
                    rated[when] += reviews[0]["status"] == RATED
            state = engine.apply(state, legal[rng.randrange(len(legal))])
    assert rated["early"] >= 2
    assert rated["late"] >= 2


def test_double_dummy_is_labelled_and_refused_where_the_stock_hides_cards(
    catalog: Catalog, blunder: tuple[GameRecord, int, float]
) -> None:
    record, index, cost = blunder
    review = review_record(record, catalog, double_dummy=True)
    assert review.as_dict()["mode"] == "double_dummy"
    (deal,) = review.deals
    for decision in deal.decisions:
        if decision.status == FORCED:
            continue
        if decision.trick <= 13:
            assert decision.status == NOT_RATED
            assert "stock" in decision.reason.render()
        else:
            assert decision.open
            assert "double dummy" in decision.reason.render()
    found = next(d for d in deal.decisions if d.action == index)
    assert found.cost == cost


def test_english_late_decisions_are_exact_over_every_consistent_deal(catalog: Catalog) -> None:
    from openwhist.services.simulate import play_match

    engine = Engine(catalog.variant("english"))
    heuristic = catalog.bot("heuristic", "english")
    record = play_match(engine, [heuristic] * 4, seed=3, max_deals=1).record
    review = review_record(record, catalog, seats=[0], samples=4)
    (deal,) = review.deals
    methods = {d.method for d in deal.decisions if d.status == RATED}
    assert "every_deal" in methods
    assert "sampled" in methods
    every = [d for d in deal.decisions if d.method == "every_deal"]
    assert all("all" in d.reason.render() and "(exact)" in d.reason.render() for d in every)


def test_israeli_contracts_and_cards_are_rated_in_points_other_calls_are_not(
    catalog: Catalog,
) -> None:
    from openwhist.services.simulate import play_match

    engine = Engine(catalog.variant("israeli"))
    heuristic = catalog.bot("heuristic", "israeli")
    record = play_match(engine, [heuristic] * 4, seed=2, max_deals=1).record
    review = review_record(record, catalog, samples=2)
    (deal,) = review.deals
    calls = [d for d in deal.decisions if d.trick == 0 and d.status != FORCED]
    contracts = [d for d in calls if d.played.startswith("contract")]
    others = [d for d in calls if not d.played.startswith("contract")]
    assert contracts
    assert others  # trump bids and passes
    assert all(d.status == RATED for d in contracts)
    assert {d.unit for d in contracts} == {"points"}
    for d in contracts:
        assert d.best
        assert all(b.startswith("contract") for b in d.best)
    assert all(d.status == NOT_RATED for d in others)
    assert all("does not rate this call" in d.reason.render() for d in others)
    cards = [d for d in deal.decisions if d.status == RATED and d.trick > 0]
    assert cards
    assert {d.unit for d in cards} == {"points"}
    # With all cards open nothing Israeli is rated: the solver counts tricks for two sides.
    open_review = review_record(record, catalog, samples=2, double_dummy=True)
    statuses = {d.status for d in open_review.deals[0].decisions}
    assert RATED not in statuses


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_bad_input_gets_a_message_and_its_exit_code(
    blunder: tuple[GameRecord, int, float], tmp_path: Path
) -> None:
    record, _, _ = blunder
    good = _write(tmp_path, "one.json", record.to_json())
    two = _write(tmp_path, "two.jsonl", record.to_json() + "\n" + record.to_json() + "\n")
    bad = _write(tmp_path, "bad.json", '{"format": "openwhist.record/1", "variant": 3}')
    runner = CliRunner()
    cases = [
        (["review", "7", "--db", str(tmp_path / "ledger.sqlite3")], 1, "there is no match 7"),
        (["review", good, "2"], 2, "there is no deal 2: the record holds deal 1"),
        (["review", good, "--seat", "Z"], 2, "no seat 'Z'"),
        (["review", good, "--samples", "0"], 2, "--samples must be at least 1"),
        (["review", two], 2, "holds 2 records: choose one with --index 1-2"),
        (["review", two, "--index", "3"], 2, "there is no record 3"),
        (["review", bad], 6, "invalid record"),
        (["review", str(tmp_path / "missing.json")], 2, "cannot read"),
    ]
    for args, code, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == code, (args, result.output)
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output
    chosen = runner.invoke(app, ["review", two, "--index", "2", "--seat", "Ann", "--samples", "2"])
    assert chosen.exit_code == 0, chosen.output
    assert "Deal 1, seat A" in chosen.output


def test_a_ledger_match_is_reviewed_by_its_id(tmp_path: Path) -> None:
    db = str(tmp_path / "ledger.sqlite3")
    runner = CliRunner()
    played = runner.invoke(
        app,
        [
            "play", "german", "--seat", "A=bot:heuristic", "--seat", "B=bot:random",
            "--seed", "3", "--deals", "1", "--pause", "0", "--bot-delay", "0", "--db", db,
        ],
        input="",
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    result = runner.invoke(app, ["review", "1", "--db", db, "--seat", "B", "--samples", "2"])
    assert result.exit_code == 0, result.output
    assert "Review of 1 (german)" in result.output
    assert "Deal 1, seat B" in result.output
    assert "Deal 1, seat A" not in result.output
    assert "(exact)" in result.output
    missing = runner.invoke(app, ["review", "1", "2", "--db", db])
    assert missing.exit_code == 2, missing.output
    assert "there is no deal 2" in missing.output
