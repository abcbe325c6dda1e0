"""`LiveDeal`, the mutable deal: the same deals as the pure API, undo, copies, refusals.

A bot author or an interface pushes actions on a `LiveDeal` and takes them back; a search
copies it. Whatever the path, every seat must see and score exactly what the immutable API
(`engine.apply`) gives for the same actions -- otherwise a record made one way would not
replay the other way.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist import (
    CHANCE,
    TERMINAL,
    DealState,
    Engine,
    HouseRule,
    IllegalActionError,
    LiveDeal,
    Play,
    hookimpl,
    parse_card,
)
from openwhist.plugins import load_catalog

VARIANTS = ["german", "english", "american", "israeli"]


class LowestTrumpWins:
    """A house rule overriding a per-card hook, so the deal asks the hook, not its own step."""

    @hookimpl
    def whist_trick_winner(self, state: DealState[Any], trick: tuple[int, ...]) -> int:
        led = trick[0] // 13
        trumps = [i for i, c in enumerate(trick) if c // 13 == state.trump]
        candidates = trumps or [i for i, c in enumerate(trick) if c // 13 == led]
        return (state.leader + min(candidates, key=lambda i: trick[i])) % state.context.seats


def _engine(name: str, house: bool = False) -> Engine:
    variant = load_catalog().variant(name)
    rules = [HouseRule("lowest", "lowest", "lowest wins", LowestTrumpWins(), (name,))]
    return Engine(variant, house_rules=rules if house else ())


def _play_both(engine: Engine, seed: int, deals: int) -> None:
    rng = random.Random(seed)
    for n in range(deals):
        dealer = n % engine.variant.seats
        deal = engine.live_deal(dealer=dealer)
        state = engine.start_deal(dealer=dealer)
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                chance = engine.sample_chance(state, rng)
                state = engine.apply(state, chance)
                deal.push(chance)
            else:
                legal = engine.legal_actions(state)
                assert deal.legal_actions() == legal
                action = legal[rng.randrange(len(legal))]
                state = engine.apply(state, action)
                deal.push(action)
            assert deal.snapshot() == state
            assert deal.to_act == state.to_act
            assert deal.hands == state.hands
            for seat in range(engine.variant.seats):
                assert deal.observe(seat) == engine.observe(state, seat)
        assert deal.score() == engine.score(state)
        # Taking every action back returns to the deal as it started.
        for _ in range(len(deal)):
            deal.pop()
        assert deal.snapshot() == engine.start_deal(dealer=dealer)


@pytest.mark.parametrize("name", VARIANTS)
def test_live_deal_plays_the_pure_apis_deals(name: str) -> None:
    _play_both(_engine(name), seed=11, deals=25)


@pytest.mark.parametrize("name", ["german", "english"])
def test_live_deal_asks_an_overriding_house_rule(name: str) -> None:
    # The lowest trump wins: the deal must not use its own standard trick winner.
    _play_both(_engine(name, house=True), seed=12, deals=10)


def _dealt(name: str, seed: int = 3) -> LiveDeal:
    engine = _engine(name)
    deal = engine.live_deal(dealer=0)
    deal.push(engine.sample_chance(deal, random.Random(seed)))
    return deal


def test_an_illegal_card_is_refused_with_the_rules_reason_and_changes_nothing() -> None:
    deal = _dealt("english")
    while deal.phase == "play" and not deal.trick:
        deal.push(deal.legal_actions()[0])
    before = deal.snapshot()
    hand = deal.hands[deal.to_act]
    led = deal.trick[0] // 13
    wrong = next(
        (
            c
            for c in range(52)
            if hand >> c & 1 and c // 13 != led and not deal.legal_mask() >> c & 1
        ),
        None,
    )
    not_held = next(c for c in range(52) if not hand >> c & 1 and c not in deal.trick)
    with pytest.raises(IllegalActionError, match="does not hold") as held_error:
        deal.push(Play(not_held))
    assert list(held_error.value.legal) == [a.notation() for a in deal.legal_actions()]
    if wrong is not None:
        with pytest.raises(IllegalActionError, match="must follow suit"):
            deal.push(Play(wrong))
    assert deal.snapshot() == before
    assert len(deal) == len(before.history)


def test_out_of_turn_and_nothing_to_take_back() -> None:
    deal = _dealt("german")
    other = 1 - deal.to_act
    with pytest.raises(IllegalActionError, match="out of turn"):
        deal.push(deal.legal_actions()[0], seat=other)
    fresh = _engine("german").live_deal(dealer=0)
    with pytest.raises(IllegalActionError, match="take back"):
        fresh.pop()


def test_copy_is_independent_and_keeps_its_undo() -> None:
    deal = _dealt("israeli")
    for _ in range(6):
        deal.push(deal.legal_actions()[-1])
    kept = deal.snapshot()
    twin = deal.copy()
    for _ in range(5):
        twin.push(twin.legal_actions()[0])
    assert deal.snapshot() == kept
    for _ in range(5):
        twin.pop()
    assert twin.snapshot() == kept
    assert twin.pop() == deal.pop()
    assert twin.snapshot() == deal.snapshot()


def test_snapshot_is_kept_until_the_next_push_and_never_changes() -> None:
    deal = _dealt("german")
    first = deal.snapshot()
    assert deal.snapshot() is first
    deal.push(deal.legal_actions()[0])
    assert deal.snapshot() is not first
    assert len(first.history) == 1
    assert first.hands != deal.hands


def test_live_deal_from_any_state_continues_it() -> None:
    engine = _engine("german")
    state = engine.start_deal(dealer=1)
    state = engine.apply(state, engine.sample_chance(state, random.Random(8)))
    state = engine.apply(state, engine.legal_actions(state)[0])
    deal = LiveDeal(engine, state)
    card = deal.legal_actions()[-1]
    deal.push(card)
    assert deal.snapshot() == engine.apply(state, card)
    assert deal.pop() == card
    assert deal.snapshot() == state
    assert parse_card(card.notation()) == card.card


class FirstCardWins:
    """A house rule whose hook omits arguments it does not use (``rules`` and ``state``)."""

    @hookimpl
    def whist_trick_winner(self, trick: tuple[int, ...]) -> int:
        return -1 if not trick else 0  # seat 0 wins every trick


def test_a_hook_may_omit_arguments_it_does_not_use() -> None:
    variant = load_catalog().variant("german")
    rule = HouseRule("first", "first", "seat A wins every trick", FirstCardWins(), ("german",))
    engine = Engine(variant, house_rules=[rule])
    rng = random.Random(2)
    deal = engine.live_deal(dealer=0)
    state = engine.start_deal(dealer=0)
    chance = engine.sample_chance(state, rng)
    deal.push(chance)
    state = engine.apply(state, chance)
    while state.to_act != TERMINAL:
        action = engine.legal_actions(state)[0]
        state = engine.apply(state, action)
        deal.push(action)
    assert [r.winner for r in state.completed] == [0] * 26
    assert deal.snapshot() == state


def test_the_conformance_kit_catches_a_hook_that_reads_the_deal_as_a_tuple() -> None:
    # A per-card hook written against the old tuple (``state[2]`` is the hands) works on a
    # DealState but not on the deal in play; the kit must name the problem.
    from openwhist import SUIT_MASKS, PlayerView, Variant, standard_view
    from openwhist.testing import ConformanceError, check_variant

    class TupleReader:
        @hookimpl
        def whist_legal_plays(self, state: DealState[Any]) -> int:
            hand: int = state[2][state.to_act]
            return hand & SUIT_MASKS[state.trick[0] // 13] or hand if state.trick else hand

        @hookimpl
        def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
            public = {"turn_up": state.history[0].order[-1]} if state.history else {}  # type: ignore[attr-defined]
            return standard_view(state, seat, public=public)

    variant = Variant(
        name="tuple-reader",
        title="tuple reader",
        description="a test variant",
        seat_names=("N", "E", "S", "W"),
        rules=TupleReader(),
        partnerships=((0, 2), (1, 3)),
        max_actions=53,
    )
    with pytest.raises(ConformanceError, match="deal in play"):
        check_variant(variant, deals=2, seed=1)


class CountsTricks:
    """A house rule wrapping `whist_after_trick` (pluggy's new-style wrapper)."""

    def __init__(self) -> None:
        self.calls = 0

    @hookimpl(wrapper=True)
    def whist_after_trick(self, state: DealState[Any], record: Any) -> Any:
        self.calls += 1
        return (yield)


@pytest.mark.parametrize("name", ["german", "english"])
def test_a_wrapper_around_the_after_trick_hook_changes_nothing(name: str) -> None:
    counter = CountsTricks()
    variant = load_catalog().variant(name)
    engine = Engine(variant, house_rules=[HouseRule("count", "count", "counts", counter, (name,))])
    _play_both(engine, seed=4, deals=2)
    tricks = 26 if name == "german" else 13
    assert counter.calls == 2 * 2 * tricks  # both APIs, two deals
    plain = _engine(name)
    plain_deal, wrapped_deal = plain.live_deal(dealer=0), engine.live_deal(dealer=0)
    for deal in (plain_deal, wrapped_deal):
        rng = random.Random(9)
        while deal.to_act != TERMINAL:
            if deal.to_act == CHANCE:
                deal.push(deal.engine.sample_chance(deal, rng))
            else:
                actions = deal.legal_actions()
                deal.push(actions[rng.randrange(len(actions))])
    assert plain_deal.snapshot() == wrapped_deal.snapshot()
