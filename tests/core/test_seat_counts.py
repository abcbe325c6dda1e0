"""Seats per match (issue 12, deliverable 3): a `Variant` declares the seat counts it may be
played by and the seat names at each; the count is chosen per match (`Engine` ``seats=``),
recorded, and the standard rules refuse a count they cannot deal instead of dealing
17/18/17 cards and then offering no legal action.
"""

from __future__ import annotations

import random

import pytest
from openwhist import (
    CHANCE,
    TERMINAL,
    Engine,
    OptionsError,
    RecordError,
    SeatCountError,
    Variant,
)
from openwhist.game.state import trick_order_of
from openwhist.records import RecordBuilder, load_record, replay_record
from openwhist.testing.conformance import check_variant
from openwhist.testing.toy import TOY

NAMES = ("N", "E", "S", "W")


class _Standard:
    """The core's standard rules, nothing changed."""


def _variant(**fields: object) -> Variant:
    values: dict[str, object] = {
        "name": "counted",
        "title": "Counted Whist",
        "description": "the standard rules at two or four seats",
        "seat_names": NAMES,
        "rules": _Standard(),
        "seat_counts": {2: ("A", "B"), 4: NAMES},
        "max_actions": 53,
    }
    values.update(fields)
    return Variant(**values)  # type: ignore[arg-type]


def _play_out(engine: Engine, seed: int) -> object:
    rng = random.Random(seed)
    state = engine.start_deal(dealer=0)
    while state.to_act != TERMINAL:
        legal = engine.legal_actions(state)
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
        else:
            assert legal, f"seat {state.to_act} is to act with no legal action"
            state = engine.apply(state, legal[rng.randrange(len(legal))])
    return state


def test_a_variant_declares_its_counts_and_the_names_at_each() -> None:
    variant = _variant()
    assert variant.allowed_seats == (2, 4)
    assert variant.seats == 4
    assert variant.names_for(2) == ("A", "B")
    assert variant.names_for(None) == NAMES
    assert TOY.allowed_seats == (4,)  # no seat_counts: only its seat_names' count
    with pytest.raises(SeatCountError, match="counted is played by 2, 4 players, not 3"):
        variant.names_for(3)


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"seat_counts": {2: ("A", "B")}}, "must include its default count 4"),
        ({"seat_counts": {2: ("A",), 4: NAMES}}, "2 seats need 2 seat names, not 1"),
        ({"seat_counts": {2: ("A", "A"), 4: NAMES}}, "a seat name is used twice"),
        ({"partnerships": ((0, 2), (1, 3))}, "partnerships are fixed for one table size"),
    ],
)
def test_a_variant_with_inconsistent_seat_counts_is_refused(
    fields: dict[str, object], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        _variant(**fields)


def test_the_match_plays_at_the_chosen_count() -> None:
    engine = Engine(_variant(), seats=2)
    assert engine.seats == 2
    assert engine.seat_names == ("A", "B")
    state = engine.apply(engine.start_deal(dealer=1), engine.sample_chance(
        engine.start_deal(dealer=1), random.Random(4)))  # fmt: skip
    assert [hand.bit_count() for hand in state.hands] == [26, 26]
    assert engine.start_match(0).parties == ("A", "B")
    final = _play_out(engine, 4)
    assert len(final.completed) == 26  # type: ignore[attr-defined]
    report = check_variant(_variant(), seats=2, deals=20)
    assert report.deals == 20


def test_every_standard_trick_records_every_seat_clockwise_from_its_leader() -> None:
    final = _play_out(Engine(TOY), 7)
    for record in final.completed:  # type: ignore[attr-defined]
        assert record.seats == tuple((record.leader + i) % 4 for i in range(4))
        assert record.winner in record.seats
    assert final.trick_order == ()  # type: ignore[attr-defined]
    assert trick_order_of(final) == (0, 1, 2, 3)[final.leader :] + (0, 1, 2, 3)[: final.leader]  # type: ignore[arg-type, attr-defined]


def test_the_standard_deal_refuses_a_count_it_cannot_deal_evenly() -> None:
    """Three seats of the standard deal were dealt 17, 18 and 17 cards, and the deal then
    offered the seat to act no legal card: now the engine refuses the match."""
    three = Variant(
        name="three-handed",
        title="Three-handed Whist",
        description="the standard deal at three seats",
        seat_names=("A", "B", "C"),
        rules=_Standard(),
    )
    with pytest.raises(SeatCountError) as refused:
        Engine(three)
    assert str(refused.value) == (
        "three-handed cannot be played by 3 players: it deals all 52 cards, which needs "
        "a number that divides 52 players"
    )
    assert isinstance(refused.value, OptionsError)
    with pytest.raises(SeatCountError, match="which needs 2, 4 players"):
        Engine(_variant(seat_counts={2: ("A", "B"), 3: ("A", "B", "C"), 4: NAMES}), seats=3)


def test_a_record_keeps_a_count_that_is_not_the_default_and_replays_it() -> None:
    variant = _variant()
    engine = Engine(variant, seats=2)
    builder = RecordBuilder(engine, first_dealer=0, seed=None)
    progress = engine.start_match(0)
    state = _play_out(engine, 9)
    score = engine.score(state)  # type: ignore[arg-type]
    progress = engine.advance_match(progress, score)
    builder.add_deal(state, score, progress)  # type: ignore[arg-type]
    text = builder.build(progress).to_json()
    assert '"seats":2' in text
    replay = replay_record(load_record(text), {"counted": variant})
    assert replay.engine.seats == 2
    assert replay.deals[0].state.completed == state.completed  # type: ignore[attr-defined]
    default = RecordBuilder(Engine(variant), first_dealer=0, seed=None).build(progress)
    assert '"seats"' not in default.to_json()  # the default count is not written
    wrong = text.replace('"seats":2', '"seats":3')
    with pytest.raises(RecordError, match="seats: counted is played by 2, 4 players, not 3"):
        replay_record(load_record(wrong), {"counted": variant})
