"""Arranged English Whist deals: the deck order that deals given hands
(docs/variants/english.md §2.3).

Tests, bug reports and teaching examples want a particular deal ("the dealer turns up the
8♥"). The deal goes one card at a time clockwise from eldest hand, so deck card ``i``
(0-based) goes to seat ``(dealer + 1 + i) % 4`` and the 52nd card, the turn-up, to the
dealer. `arrange_deck` inverts that.

>>> order = arrange_deck(
...     ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...      "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"],
...     dealer=1, turn_up="8D")
>>> card_name(order[0]), card_name(order[-1])
('2H', '8D')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from openwhist import NUM_CARDS, card_name, parse_card

SEATS = 4
HAND = 13


def _cards(cards: str | Iterable[int]) -> list[int]:
    if isinstance(cards, str):
        return [parse_card(word) for word in cards.split()]
    return [int(c) for c in cards]


def arrange_deck(
    hands: Sequence[str | Iterable[int]], *, dealer: int, turn_up: str | int
) -> tuple[int, ...]:
    """The deck order (top first) that deals ``hands`` with ``turn_up`` turned for trump.

    Args:
        hands: the 13 cards of N, E, S and W (notation like ``"AS KH"`` or card ints).
        dealer: the dealing seat (0..3).
        turn_up: the dealer's turned-up card; it must be in the dealer's hand.

    Raises:
        ValueError: not four hands of 13, a card named twice, or a turn-up the dealer
            does not hold.
    """
    if len(hands) != SEATS:
        raise ValueError(f"give the four hands N, E, S, W; got {len(hands)}")
    if not 0 <= dealer < SEATS:
        raise ValueError(f"the dealer must be a seat 0..3, got {dealer}")
    lists = [_cards(h) for h in hands]
    for seat, hand in enumerate(lists):
        if len(hand) != HAND:
            raise ValueError(f"seat {'NESW'[seat]} needs {HAND} cards, got {len(hand)}")
    every = [c for hand in lists for c in hand]
    if len(set(every)) != NUM_CARDS:
        raise ValueError("each of the 52 cards must be dealt exactly once")
    turn = parse_card(turn_up) if isinstance(turn_up, str) else int(turn_up)
    if turn not in lists[dealer]:
        raise ValueError(f"the turn-up {card_name(turn)} is not in the dealer's hand")
    lists[dealer].remove(turn)
    lists[dealer].append(turn)
    order = []
    for i in range(NUM_CARDS):
        seat = (dealer + 1 + i) % SEATS
        order.append(lists[seat][i // SEATS])
    return tuple(order)
