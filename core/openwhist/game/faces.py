"""How a card is written: rank letters, suit letters and symbols, and a card's name.

The bottom of the rules machinery: `openwhist.game.messages` renders the cards a message
names with `card_symbol`, and `openwhist.game.cards` (which parses notation and raises
errors that carry messages) builds on both. A card is an ``int`` 0..51,
``suit * 13 + (rank - 2)`` (see `openwhist.game.cards`).

>>> card_name(51), card_symbol(34), card_symbol(34, ten="T")
('AS', '10♥', 'T♥')
"""

from __future__ import annotations

from typing import Final

SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_LETTERS: Final = "23456789TJQKA"


def card_name(card: int) -> str:
    """Canonical ASCII notation: ``AS``, ``TD``, ``2C``."""
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_symbol(card: int, *, ten: str = "10") -> str:
    """Display notation with the suit symbol: ``A♠``, ``10♦``."""
    rank = RANK_LETTERS[card % 13]
    return (ten if rank == "T" else rank) + SUIT_SYMBOLS[card // 13]


CARD_NAMES: Final[tuple[str, ...]] = tuple(card_name(c) for c in range(52))
"""`card_name` of every card, by card: what writing a record's actions looks up (a deal's
notation is 52 names; looking them up is about 5 times faster than building them)."""
