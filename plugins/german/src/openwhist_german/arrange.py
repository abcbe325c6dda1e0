"""Arranged German Whist deals: a deck order from the hands and the stock, as the rules read.

Tests, bug reports and teaching examples want a particular deal ("A holds J♠, B holds A♠,
the face-up card is K♥"). docs/variants/german.md §1.2 fixes how a deck order becomes hands and
stock, and `arrange_deck` inverts it: give the non-dealer's 13 cards, the dealer's 13 cards and the
top of the stock (face-up card first), and it returns the 52-card order whose deal gives
exactly that. Stock cards you do not name follow in ascending card order.

>>> order = arrange_deck(
...     "JS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
...     "AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD AD",
...     "KH 5S QD",
... )
>>> [card_name(c) for c in order[:4]], [card_name(c) for c in order[26:29]], len(order)
(['JS', 'AS', '2C', '2D'], ['KH', '5S', 'QD'], 52)
"""

from __future__ import annotations

from collections.abc import Iterable

from openwhist import NUM_CARDS, card_name, parse_card

HAND = 13
"""Cards in each starting hand (docs/variants/german.md §1.2)."""


def _cards(cards: str | Iterable[int]) -> list[int]:
    if isinstance(cards, str):
        return [parse_card(word) for word in cards.split()]
    return [int(c) for c in cards]


def arrange_deck(
    non_dealer: str | Iterable[int],
    dealer: str | Iterable[int],
    stock: str | Iterable[int] = (),
) -> tuple[int, ...]:
    """The deck order (top first) that deals these hands and this stock
    (docs/variants/german.md §1.2).

    Args:
        non_dealer: the non-dealer's 13 cards (notation like ``"AS KH"`` or card ints);
            they become deck cards 1, 3, ..., 25.
        dealer: the dealer's 13 cards; deck cards 2, 4, ..., 26.
        stock: the top of the stock in order, the face-up card (deck card 27) first; the
            unnamed rest of the stock follows in ascending card order.

    Raises:
        ValueError: a hand without exactly 13 cards, or a card named twice.
    """
    first = _cards(non_dealer)
    second = _cards(dealer)
    top = _cards(stock)
    for name, hand in (("non-dealer", first), ("dealer", second)):
        if len(hand) != HAND:
            raise ValueError(f"the {name}'s hand needs {HAND} cards, got {len(hand)}")
    named = first + second + top
    seen: set[int] = set()
    for card in named:
        if card in seen:
            raise ValueError(f"{card_name(card)} is named twice")
        seen.add(card)
    order: list[int] = []
    for a, b in zip(first, second, strict=True):
        order += (a, b)
    order += top
    order += [c for c in range(NUM_CARDS) if c not in seen]
    return tuple(order)
