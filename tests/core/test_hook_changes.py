"""Rule hooks that return only what changes (`DealChanges`), and declared standard steps.

A plugin author may write `whist_deal_cards`, `whist_apply_bid` and `whist_after_trick` as
"these fields change" instead of building a new state; the deal in play sets them in place
and the pure API builds the state. Either way a player must see the same deal, a take-back
must restore it, and a hook that tries to change what is the engine's (the history, the
completed tricks) must be told so instead of silently corrupting the deal. A variant may
also declare steps it plays by the standard rules under some options, so the deal in play
does them itself -- but never when a house rule changes that step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from openwhist import (
    CHANCE,
    PHASE_PLAY,
    SUIT_MASKS,
    TERMINAL,
    Action,
    Deal,
    DealChanges,
    DealState,
    Engine,
    HouseRule,
    IllegalActionError,
    LiveDeal,
    Play,
    PluginContractError,
    Variant,
    deal_round_robin,
    hookimpl,
)
from openwhist.plugins import load_catalog


@dataclass(frozen=True, slots=True)
class Call(Action):
    """A call of the probe's one-round auction: ``pass`` or ``double``."""

    word: str
    kind: ClassVar[int] = 50

    def notation(self) -> str:
        return self.word

    def sort_key(self) -> tuple[int, ...]:
        return (self.kind, ("double", "pass").index(self.word))


PASS, DOUBLE = Call("pass"), Call("double")


class ChangesAuction:
    """Deals and bids written as changes: everyone calls once from eldest, then play;
    ``extra`` is the number of doubles."""

    @hookimpl
    def whist_deal_cards(self, state: DealState[Any], order: tuple[int, ...]) -> DealChanges:
        hands = deal_round_robin(order, seats=4, first=1, count=52)
        return {
            "phase": "auction",
            "to_act": 1,
            "leader": 1,
            "hands": tuple(hands),
            "trump": order[-1] // 13,
            "extra": 0,
        }

    @hookimpl
    def whist_bidding_actions(self, state: DealState[Any]) -> Sequence[Action]:
        return (DOUBLE, PASS)

    @hookimpl
    def whist_apply_bid(self, state: DealState[Any], action: Action) -> DealChanges:
        doubles = state.extra + (action == DOUBLE)
        if len(state.history) == 4:  # the deal and three calls before this fourth one
            return {"phase": PHASE_PLAY, "to_act": 1, "extra": doubles}
        return {"to_act": (state.to_act + 1) % 4, "extra": doubles}


def _variant(rules: object) -> Variant:
    return Variant(
        name="probe",
        title="probe",
        description="a test variant",
        seat_names=("N", "E", "S", "W"),
        rules=rules,
        partnerships=((0, 2), (1, 3)),
        max_actions=80,
    )


def _play_both(engine: Engine, seed: int) -> tuple[LiveDeal, DealState[Any]]:
    """One random deal through both APIs, compared at every step."""
    rng = random.Random(seed)
    deal = engine.live_deal(dealer=0)
    state = engine.start_deal(dealer=0)
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action: Action = engine.sample_chance(state, rng)
        else:
            legal = engine.legal_actions(state)
            assert deal.legal_actions() == legal
            action = legal[rng.randrange(len(legal))]
        state = engine.apply(state, action)
        deal.push(action)
        assert deal.snapshot() == state
    return deal, state


def test_dealing_and_bidding_written_as_changes_play_the_same_deal_both_ways() -> None:
    engine = Engine(_variant(ChangesAuction()))
    deal, state = _play_both(engine, seed=5)
    # The engine wrote the history: the deal, four calls, 52 cards, in order.
    assert len(state.history) == 57
    assert all(isinstance(a, Call) for a in state.history[1:5])
    assert state.extra == sum(a == DOUBLE for a in state.history[1:5])
    # Taking everything back restores each earlier state, calls and deal included.
    states = [engine.start_deal(dealer=0)]
    for action in state.history:
        states.append(engine.apply(states[-1], action))
    for earlier in reversed(states[:-1]):
        deal.pop()
        assert deal.snapshot() == earlier


class WritesHistory(ChangesAuction):
    @hookimpl
    def whist_apply_bid(self, state: DealState[Any], action: Action) -> DealChanges:
        return {"to_act": 2, "history": ()}  # type: ignore[typeddict-unknown-key]


class WritesCompleted(ChangesAuction):
    @hookimpl
    def whist_deal_cards(self, state: DealState[Any], order: tuple[int, ...]) -> DealChanges:
        changes = super().whist_deal_cards(state, order)
        return {**changes, "completed": ()}  # type: ignore[typeddict-unknown-key]


def test_changes_to_the_engines_fields_are_a_plugin_contract_error_on_both_apis() -> None:
    rng = random.Random(1)
    engine = Engine(_variant(WritesCompleted()))
    start = engine.start_deal(dealer=0)
    chance = engine.sample_chance(start, rng)
    with pytest.raises(PluginContractError, match="not completed"):
        engine.apply(start, chance)
    deal = engine.live_deal(dealer=0)
    with pytest.raises(PluginContractError, match="not completed"):
        deal.push(chance)
    engine = Engine(_variant(WritesHistory()))
    state = engine.apply(engine.start_deal(dealer=0), chance)
    with pytest.raises(PluginContractError, match="not history"):
        engine.apply(state, PASS)
    deal = engine.live_deal(dealer=0)
    deal.push(chance)
    with pytest.raises(PluginContractError, match="not history"):
        deal.push(PASS)


class CountsBids:
    """A house rule wrapping `whist_apply_bid` (pluggy's new-style wrapper): it sees the
    changes the variant returns and passes them on."""

    def __init__(self) -> None:
        self.changes: list[object] = []

    @hookimpl(wrapper=True)
    def whist_apply_bid(self, state: DealState[Any], action: Action) -> Any:
        result = yield
        self.changes.append(result)
        return result


def test_a_house_rule_wrapping_the_israeli_bidding_hook_changes_no_deal() -> None:
    variant = load_catalog().variant("israeli")
    counter = CountsBids()
    wrapped = Engine(variant, house_rules=[HouseRule("count", "count", "c", counter, ())])
    deal, state = _play_both(wrapped, seed=8)
    plain_deal, plain_state = _play_both(Engine(variant), seed=8)
    assert state == plain_state
    assert deal.score() == plain_deal.score()
    calls = [a for a in state.history if not isinstance(a, (Deal, Play))]
    assert counter.changes
    assert all(isinstance(c, dict) for c in counter.changes)
    assert len(counter.changes) == 2 * len(calls)  # both APIs


class AnyCard:
    """A house rule: play any card you hold (no duty to follow suit)."""

    @hookimpl
    def whist_legal_plays(self, state: DealState[Any]) -> int:
        hand: int = state.hands[state.to_act]
        return hand


def _reply_position(engine: Engine) -> LiveDeal:
    """A German deal at the reply to a lead the replier can follow with a card to spare."""
    for seed in range(200):
        deal = engine.live_deal(dealer=0)
        deal.push(engine.sample_chance(deal, random.Random(seed)))
        deal.push(deal.legal_actions()[0])
        hand = deal.hands[deal.to_act]
        same = hand & SUIT_MASKS[deal.trick[0] // 13]
        if same and hand != same:
            return deal
    raise AssertionError("no such deal")


@pytest.mark.parametrize(
    ("options", "house", "must_follow"),
    [({}, False, True), ({"phase1_must_follow_suit": False}, False, False), ({}, True, False)],
)
def test_german_follow_suit_in_the_deal_in_play(
    options: dict[str, Any], house: bool, must_follow: bool
) -> None:
    # German Whist declares its legal plays standard under the default options, so the deal
    # in play checks them itself; with the option off, or a house rule that frees the
    # reply, the reply may discard and the deal must ask the hooks.
    variant = load_catalog().variant("german")
    rules = [HouseRule("any", "any", "any card", AnyCard(), ("german",))] if house else []
    engine = Engine(variant, options, house_rules=rules)
    deal = _reply_position(engine)
    hand = deal.hands[deal.to_act]
    same = hand & SUIT_MASKS[deal.trick[0] // 13]
    assert deal.legal_mask() == (same if must_follow else hand)
    assert deal.legal_mask() == engine.rules.legal_plays(deal.snapshot())
    off_suit = next(c for c in range(52) if hand >> c & 1 and not same >> c & 1)
    if must_follow:
        with pytest.raises(IllegalActionError, match="must follow suit"):
            deal.push(Play(off_suit))
    else:
        deal.push(Play(off_suit))  # the reply ends German Whist's two-card trick
        assert deal.completed[-1].cards[-1] == off_suit


def _guide_house_rule() -> HouseRule:
    """The `PartnerLeads` house rule exactly as docs/plugins/writing-a-variant.md shows it."""
    from pathlib import Path

    guide = Path(__file__).resolve().parents[2] / "docs" / "plugins" / "writing-a-variant.md"
    blocks = guide.read_text(encoding="utf-8").split("```python\n")
    code = next(b.split("```")[0] for b in blocks if "class PartnerLeads" in b)
    namespace: dict[str, Any] = {}
    exec(compile(code, str(guide), "exec"), namespace)
    rule = namespace["PARTNER_LEADS"]
    assert isinstance(rule, HouseRule)
    return rule


@pytest.mark.parametrize("name", ["english", "israeli"])
def test_the_guides_wrapper_around_a_dealing_hook_that_returns_changes(name: str) -> None:
    # The built-in variants deal with DealChanges; the guide's house rule wraps the dealing
    # hook and must still make the dealer's partner act first, on both APIs alike.
    variant = load_catalog().variant(name)
    engine = Engine(variant, house_rules=[_guide_house_rule()])
    deal = engine.live_deal(dealer=1)
    state = engine.start_deal(dealer=1)
    chance = engine.sample_chance(state, random.Random(4))
    state = engine.apply(state, chance)
    deal.push(chance)
    assert state.to_act == state.leader == 3  # the partner of dealer East is West
    assert deal.snapshot() == state
    deal.pop()
    assert deal.snapshot() == engine.start_deal(dealer=1)
