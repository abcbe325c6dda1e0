"""Cards, suits, ranks, card sets and card notation (docs/variants/core.md §0.2, §0.3).

A card is an ``int`` 0..51 laid out suit by suit, ``card = suit * 13 + (rank - 2)``, with
suits ordered clubs, diamonds, hearts, spades (bridge order, which Israeli Whist uses for
bidding). Each suit is therefore a contiguous 13-bit field of a 52-bit ``int``: "cards of
the led suit in hand" is one AND with a suit mask, and counts are ``int.bit_count()``.

`CardSet` wraps such an ``int`` with a set-like API, in the manner of python-chess's
``SquareSet``:

>>> hand = CardSet.parse("AS KS 10H 2C")
>>> len(hand), parse_card("KS") in hand
(4, True)
>>> hand & SUIT_MASKS[Suit.SPADES]
CardSet('KS AS')
>>> str(hand)
'2C TH KS AS'

Notation is rank then suit. Output is canonical ASCII (``AS``, ``TD``, ``2C``); input also
accepts ``10D``, the suit symbols (``A♠``) and any case:

>>> [card_name(parse_card(t)) for t in ("10d", "q♥", "As", " 2c ")]
['TD', 'QH', 'AS', '2C']
>>> try:
...     parse_card("1S")
... except InvalidNotationError as error:
...     print(error)
'1S' is not a card: unknown rank '1' (ranks: AKQJT 10 9-2)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Final

from openwhist.game.errors import InvalidNotationError

# The faces are part of this module's API as well (`from openwhist.game.cards import card_name`).
from openwhist.game.faces import CARD_NAMES as CARD_NAMES
from openwhist.game.faces import RANK_LETTERS as RANK_LETTERS
from openwhist.game.faces import SUIT_LETTERS as SUIT_LETTERS
from openwhist.game.faces import SUIT_SYMBOLS as SUIT_SYMBOLS
from openwhist.game.faces import card_name as card_name
from openwhist.game.faces import card_symbol as card_symbol


class Suit(enum.IntEnum):
    """The four suits, in bridge order (lowest first)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The ASCII letter: ``C``, ``D``, ``H`` or ``S``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(enum.IntEnum):
    """Ranks, 2 (lowest) to ace (highest) in every suit."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14


NUM_CARDS: Final = 52
FULL_DECK: Final = (1 << NUM_CARDS) - 1
SUIT_MASKS: Final = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))

_SUIT_INPUT: Final = {
    "C": 0, "D": 1, "H": 2, "S": 3,
    "♣": 0, "♦": 1, "♥": 2, "♠": 3,
    "♧": 0, "♢": 1, "♡": 2, "♤": 3,
}  # fmt: skip
_RANK_INPUT: Final = {r: i for i, r in enumerate(RANK_LETTERS)} | {"10": 8}


def make_card(suit: int, rank: int) -> int:
    """The card of ``suit`` and ``rank`` (2..14)."""
    return suit * 13 + (rank - 2)


def suit_of(card: int) -> int:
    """The suit (0..3) of a card."""
    return card // 13


def rank_of(card: int) -> int:
    """The rank (2..14) of a card."""
    return card % 13 + 2


_CARD_CACHE: dict[str, int] = {}


def parse_card(text: str) -> int:
    """Parse one card from notation; any case, ``T`` or ``10``, letters or symbols.

    Raises:
        InvalidNotationError: with the reason (empty, unknown rank, unknown suit).
    """
    cached = _CARD_CACHE.get(text)
    if cached is not None:
        return cached
    token = text.strip().upper()
    if len(token) < 2:
        raise InvalidNotationError(
            f"{text!r} is not a card: write the rank then the suit, e.g. AS, 10D, Q♥"
        )
    rank_part, suit_part = token[:-1], token[-1]
    suit = _SUIT_INPUT.get(suit_part)
    if suit is None:
        raise InvalidNotationError(
            f"{text!r} is not a card: unknown suit {suit_part!r} (suits: C D H S or ♣ ♦ ♥ ♠)"
        )
    rank = _RANK_INPUT.get(rank_part)
    if rank is None:
        raise InvalidNotationError(
            f"{text!r} is not a card: unknown rank {rank_part!r} (ranks: AKQJT 10 9-2)"
        )
    card = suit * 13 + rank
    _CARD_CACHE[text] = card
    return card


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of a bitmask, lowest first (clubs 2 … spades A)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a bitmask as a tuple, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def highest(mask: int) -> int:
    """The highest card of a non-empty mask (by card index, so within one suit: by rank)."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


class CardSet:
    """An immutable set of cards backed by a 52-bit ``int``.

    Supports the usual set operations with other card sets, ints and card iterables:

    >>> a = CardSet.parse("AS KS QS")
    >>> b = CardSet.parse("QS JS")
    >>> a | b, a & b, a - b
    (CardSet('JS QS KS AS'), CardSet('QS'), CardSet('KS AS'))
    >>> a.of_suit(Suit.SPADES) == a, a.of_suit(Suit.HEARTS)
    (True, CardSet(''))
    >>> CardSet.full().count_suit(Suit.HEARTS)
    13
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: int | Iterable[int] = 0) -> None:
        object.__setattr__(self, "mask", cards if isinstance(cards, int) else mask_of(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse whitespace- or comma-separated card notation."""
        return cls(mask_of(parse_card(t) for t in text.replace(",", " ").split()))

    @classmethod
    def full(cls) -> CardSet:
        """All 52 cards."""
        return cls(FULL_DECK)

    def __iter__(self) -> Iterator[int]:
        return iter_cards(self.mask)

    def __reversed__(self) -> Iterator[int]:
        return reversed(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < NUM_CARDS and bool(self.mask >> card & 1)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    @staticmethod
    def _mask(other: int | Iterable[int]) -> int:
        if isinstance(other, CardSet):
            return other.mask
        if isinstance(other, int):
            return other
        return mask_of(other)

    def __and__(self, other: int | Iterable[int]) -> CardSet:
        return CardSet(self.mask & self._mask(other))

    def __or__(self, other: int | Iterable[int]) -> CardSet:
        return CardSet(self.mask | self._mask(other))

    def __sub__(self, other: int | Iterable[int]) -> CardSet:
        return CardSet(self.mask & ~self._mask(other))

    def __xor__(self, other: int | Iterable[int]) -> CardSet:
        return CardSet(self.mask ^ self._mask(other))

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        return other.mask & ~self.mask == 0

    def add(self, card: int) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet(self.mask | 1 << card)

    def remove(self, card: int) -> CardSet:
        """A new set without ``card``; raises KeyError if it is absent."""
        if not self.mask >> card & 1:
            raise KeyError(card_name(card))
        return CardSet(self.mask & ~(1 << card))

    def of_suit(self, suit: int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def count_suit(self, suit: int) -> int:
        """How many cards of one suit."""
        return (self.mask & SUIT_MASKS[suit]).bit_count()

    def notation(self) -> str:
        """Canonical notation, lowest card first, space-separated."""
        return " ".join(card_name(c) for c in self)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"CardSet({self.notation()!r})"
