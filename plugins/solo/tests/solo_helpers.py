"""Shared helpers of the Solo Whist tests: arranged deals and scripted calls."""

from __future__ import annotations

from typing import Any

from openwhist import Deal, DealState, Engine, mask_of, parse_card
from openwhist_solo import SOLO

N, E, S, W = 0, 1, 2, 3

# One suit each (N clubs, E diamonds, S hearts, W spades): with N dealing, the turn-up is
# N's last card, the ace of clubs, and eldest hand is E.
SUIT_HANDS = {
    N: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    E: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    S: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    W: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
}


def cards(text: str) -> int:
    """The bitmask of some cards in notation."""
    return mask_of(parse_card(w) for w in text.split())


def deck_for(hands: dict[int, str], dealer: int) -> tuple[int, ...]:
    """A deck order that deals ``hands`` (seat -> 13 cards) as docs/variants/solo.md §2 deals:
    from the dealer's left, four rounds of three then one of single cards, so the dealer's
    last listed card is the turn-up."""
    queues = {seat: [parse_card(w) for w in text.split()] for seat, text in hands.items()}
    assert sorted(len(q) for q in queues.values()) == [13, 13, 13, 13]
    order: list[int] = []
    for size in (3, 3, 3, 3, 1):
        for step in range(1, 5):
            queue = queues[(dealer + step) % 4]
            order.extend(queue[:size])
            del queue[:size]
    assert sorted(order) == list(range(52)), "the four hands must hold each card once"
    return tuple(order)


def engine(**options: Any) -> Engine:
    """A Solo Whist engine with ``options``."""
    return Engine(SOLO, options)


def dealt(eng: Engine, hands: dict[int, str] | None = None, *, dealer: int = N) -> DealState[Any]:
    """A deal by ``dealer`` (default N, so E is eldest) of ``hands`` (default SUIT_HANDS)."""
    state = eng.start_deal(dealer=dealer)
    return eng.apply(state, Deal(deck_for(hands or SUIT_HANDS, dealer)))


def calls(eng: Engine, state: DealState[Any], text: str) -> DealState[Any]:
    """Apply the comma-separated calls (or trump choices) of ``text``, each parsed and
    checked for legality by the engine."""
    for word in text.split(","):
        state = eng.apply(state, eng.parse_action(state, word.strip()))
    return state


def notations(eng: Engine, state: DealState[Any]) -> list[str]:
    """The legal actions' notation."""
    return [a.notation() for a in eng.legal_actions(state)]


def play_out(eng: Engine, state: DealState[Any]) -> DealState[Any]:
    """Finish the deal, each seat playing its lowest legal card."""
    while state.to_act >= 0:
        state = eng.apply(state, eng.legal_actions(state)[0])
    return state
