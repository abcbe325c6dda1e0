"""Actions: the moves of a deal, with notation round trips.

Every action is a small frozen value with a canonical `notation` (what records, logs and the
CLI show) and a `sort_key` (so legal actions come out in one stable order). Integers stay
internal; notation is what crosses the edges.

The core defines the two actions every trick-taking variant has:

* `Deal` -- the chance action: the deck order of the deal, so a record replays exactly,
  independent of any random number generator;
* `Play` -- one card played to the current trick.

Variants add their own actions (bids, passes, Frisch exchanges) by subclassing `Action`,
and parse them in their ``whist_parse_action`` hook.

>>> Play(parse_card("TD")).notation()
'TD'
>>> Deal.parse("deal " + " ".join(CARD_NAMES)).order[:3]
(0, 1, 2)
"""

from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import ClassVar

from openwhist.game.cards import CARD_NAMES, NUM_CARDS, parse_card
from openwhist.game.errors import InvalidNotationError


@dataclass(frozen=True, slots=True)
class Action(abc.ABC):
    """Base class of all actions. Subclasses are frozen dataclasses.

    ``kind`` orders actions of different classes among themselves (lower first).
    """

    kind: ClassVar[int] = 100

    @abc.abstractmethod
    def notation(self) -> str:
        """Canonical text of this action."""

    @abc.abstractmethod
    def sort_key(self) -> tuple[int, ...]:
        """A key that orders legal actions stably: ``(kind, ...)``."""

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the deck order, top card first. Seat order of receipt is the variant's rule."""

    order: tuple[int, ...]
    kind: ClassVar[int] = 0
    PREFIX: ClassVar[str] = "deal"

    def notation(self) -> str:
        return self.PREFIX + " " + " ".join([CARD_NAMES[c] for c in self.order])

    def sort_key(self) -> tuple[int, ...]:
        return (self.kind, *self.order)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Parse ``deal AS KS ...`` (all 52 cards, each once).

        Raises:
            InvalidNotationError: wrong prefix, a bad card, or not a permutation of the deck.
        """
        words = text.split()
        if not words or words[0].lower() != cls.PREFIX:
            raise InvalidNotationError(f"a deal must start with {cls.PREFIX!r}")
        order = tuple(parse_card(w) for w in words[1:])
        if len(order) != NUM_CARDS or len(set(order)) != NUM_CARDS:
            raise InvalidNotationError(
                f"a deal must list each of the 52 cards once (got {len(order)} cards, "
                f"{len(set(order))} distinct)"
            )
        return cls(order)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """One card played to the current trick."""

    card: int
    kind: ClassVar[int] = 10

    def notation(self) -> str:
        return CARD_NAMES[self.card]

    def sort_key(self) -> tuple[int, ...]:
        return (self.kind, self.card)

    @classmethod
    def parse(cls, text: str) -> Play:
        """Parse a card in any accepted notation (``qh``, ``10d``, ``Q♥``)."""
        return PLAYS[parse_card(text)]


PLAYS: tuple[Play, ...] = tuple(Play(c) for c in range(NUM_CARDS))
"""The 52 `Play` actions, interned: ``PLAYS[card]`` is cheaper than ``Play(card)``."""


def sort_actions(actions: list[Action]) -> tuple[Action, ...]:
    """Legal actions in their canonical order."""
    return tuple(sorted(actions, key=lambda a: a.sort_key()))
