"""Views (docs/variants/israeli.md §4 item 7 of the issue): bids and contracts public, Frisch
selections private, never another seat's hand."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from israeli_helpers import SUIT_HANDS, E, N, S, W, calls, cards, dealt, deck_for, engine
from openwhist import HIDDEN, Deal, DealState, Engine, PlayerView, parse_card

LOW_THREE = "frisch 2C 3C 4C, frisch 2D 3D 4D, frisch 2H 3H 4H, frisch 2S 3S 4S"
SCRIPT = f"pass, pass, pass, pass, {LOW_THREE}, 6S, pass, 7H, pass, pass, pass, 7, 3"
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")

# Public facts that hold bids (which look like cards: "6S") or small numbers of seats,
# tricks and rounds (which would read as card masks). Everything else is scanned.
NOT_CARDS = (
    "auction",
    "high_bid",
    "bid",
    "min_bid",
    "high_bidder",
    "frisch_rounds",
    "frisch_committed",
    "redeals",
    "declarer",
    "contracts",
    "contract_total",
    "lowest_bid",
    "lowest_contract",
    "forbidden_contract",
    "earlier_auctions",
)


def named_cards(value: object) -> int:
    """Cards named anywhere in a JSON-like value: notation in strings, and every int read as
    a card mask (a hand leaked as a bitmask is caught too); dicts, lists and tuples are
    searched recursively. Booleans are not masks."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value & ((1 << 52) - 1)
    if isinstance(value, str):
        return sum(1 << parse_card(m) for m in set(CARD.findall(value)))
    if isinstance(value, dict):
        return _union(named_cards(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return _union(named_cards(v) for v in value)
    return 0


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def test_named_cards_reads_notation_masks_and_nested_values() -> None:
    assert named_cards({"a": ["2C", ("AS",)], "b": {"c": 1 << parse_card("KD")}}) == cards(
        "2C AS KD"
    )
    assert named_cards({"flag": True, "none": None}) == 0


def test_public_facts_are_the_same_for_every_seat_and_show_bids_and_contracts() -> None:
    eng = engine()
    state = calls(eng, dealt(eng), SCRIPT)
    views = [eng.observe(state, seat) for seat in range(4)]
    assert all(v.public == views[0].public for v in views)
    public = views[0].public
    assert public["auction"] == [[N, "6S"], [E, "pass"], [S, "7H"], [W, "pass"], [N, "pass"],
                                 [E, "pass"]]  # fmt: skip
    assert public["declarer"] == S
    assert public["bid"] == "7H"
    assert public["contracts"] == [None, None, 7, 3]
    assert public["frisch_rounds"] == 1
    assert public["min_bid"] == 6
    for view in views:
        assert view.hand == state.hands[view.seat]


def assert_no_hidden_card_named(eng: Engine, state: DealState[Any]) -> None:
    """After SCRIPT: each seat's view names no card beyond its hand, the three cards it
    gave and the three it received in the Frisch (docs/variants/israeli.md §4.4)."""
    for seat in range(4):
        view = eng.observe(state, seat)
        own_given = cards(LOW_THREE.split(", ")[seat].removeprefix("frisch "))
        giver = (seat - 1) % 4
        received = cards(LOW_THREE.split(", ")[giver].removeprefix("frisch "))
        assert view.private["frisch_given"] == [
            [c for c in LOW_THREE.split(", ")[seat].split()[1:]]
        ]
        assert named_cards(view.private["frisch_received"]) == received
        known = view.hand | own_given | received
        # Bids such as 6S look like cards, seat numbers like masks: scan everything else.
        calls_free = [h for h in view.history if h.startswith("frisch")]
        public = {k: v for k, v in view.public.items() if k not in NOT_CARDS}
        assert named_cards([public, view.private, calls_free]) & ~known == 0, (seat, view)
        # Everyone else's selection is a "?" in this seat's history.
        frisch_entries = [h for h in view.history if h.startswith("frisch") or h == HIDDEN]
        assert frisch_entries.count(HIDDEN) == 1 + 3  # the deal and three selections


def test_a_seat_sees_its_own_frisch_cards_and_no_other_hidden_card() -> None:
    eng = engine()
    assert_no_hidden_card_named(eng, calls(eng, dealt(eng), SCRIPT))


def _swapped(first: int, first_card: str, second: int, second_card: str) -> dict[int, str]:
    hands = dict(SUIT_HANDS)
    hands[first] = SUIT_HANDS[first].replace(first_card, second_card)
    hands[second] = SUIT_HANDS[second].replace(second_card, first_card)
    return hands


def _states(eng: Engine, hands: dict[int, str], script: str) -> list[DealState[Any]]:
    """The deal of ``hands`` by W and the state after each action of ``script``."""
    state = eng.apply(eng.start_deal(dealer=W), Deal(deck_for(hands, W)))
    states = [state]
    for word in script.split(", "):
        states.append(calls(eng, states[-1], word))
    return states


# Up to N's Frisch selection: the auction, the Frisch with N committed and E to choose.
EARLY = "pass, pass, pass, pass, frisch 2C 3C 4C"


def assert_blind_to_swaps(eng: Engine) -> None:
    """docs/variants/israeli.md §4 / DESIGN views: swapping two cards between two seats' hands
    (cards not passed in the Frisch) leaves the other two seats' views equal at every point."""
    for (a, a_card, b, b_card), observers in (
        ((E, "KD", W, "KS"), (N, S)),
        ((N, "KC", S, "KH"), (E, W)),
    ):
        base = _states(eng, SUIT_HANDS, EARLY)
        other = _states(eng, _swapped(a, a_card, b, b_card), EARLY)
        for before, after in zip(base, other, strict=True):
            for seat in observers:
                assert eng.observe(before, seat) == eng.observe(after, seat), (a, b, seat)
        # The swapped seats themselves do see the difference.
        assert eng.observe(base[-1], a) != eng.observe(other[-1], a)


def test_views_do_not_depend_on_cards_the_seat_cannot_know() -> None:
    assert_blind_to_swaps(engine())


def _leaky(eng: Engine, leak: Callable[[DealState[Any]], dict[str, Any]]) -> Engine:
    """``eng`` with its views extended by ``leak(state)`` in the public facts."""
    observe = eng.rules.observe

    def leaky_observe(state: DealState[Any], seat: int) -> PlayerView:
        view = observe(state, seat)
        return dataclasses.replace(view, public={**view.public, **leak(state)})

    eng.rules.observe = leaky_observe  # type: ignore[method-assign]
    return eng


@pytest.mark.parametrize(
    "leak",
    [
        lambda state: {"peek": state.hands[N]},  # N's hand as a mask
        lambda state: {"peek": [state.hands[S]]},  # S's hand inside a list
        lambda state: {"peek": {"w": state.hands[W] & -state.hands[W]}},  # one card of W's
    ],
)
def test_the_view_checks_catch_a_leaked_hand(
    leak: Callable[[DealState[Any]], dict[str, Any]],
) -> None:
    """The checks above are not vacuous: a view that shows another seat's cards fails both."""
    with pytest.raises(AssertionError):
        assert_blind_to_swaps(_leaky(engine(), leak))
    eng = _leaky(engine(), leak)
    with pytest.raises(AssertionError):
        assert_no_hidden_card_named(eng, calls(eng, dealt(eng), SCRIPT))
