"""Rating every legal card of one decision: what a searching bot offers a review.

A bot that searches (the ``expert`` bots) already values each candidate card before it
plays one; `RatesCards` is the optional interface through which it hands those values to
`openwhist.services.review` instead of only the card it chose. A `CardRating` gives, for
every legal card, its value on each evaluated deal -- the *same* deals for every card, so
two cards' values can be compared deal by deal (a paired difference, whose spread gives
an honest interval) -- with the unit, what the value counts (``scope``), and how it was
found (`EXACT`, `EVERY_DEAL` or `SAMPLED`).

Honesty: `RatesCards.rate_cards` receives only the seat's `PlayerView` and its legal cards,
like `openwhist.bots.base.Bot.choose`, and must be a deterministic function of them (and
the bot's own seed): a review of that decision then cannot depend on hidden cards.
`RatesCards.rate_cards_open` is the labelled exception, the all-cards-open answer.

`all_other_hands` enumerates every distribution of the unseen cards consistent with a view
(hand sizes, known cards, shown voids), for exact answers in small positions.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Protocol, runtime_checkable

from openwhist.bots.heuristic import played_mask
from openwhist.game.actions import Action
from openwhist.game.cards import SUIT_MASKS
from openwhist.game.messages import Message
from openwhist.game.views import PlayerView

EXACT: Final = "exact"
"""The position is known (every hidden card deduced) and solved exactly: one deal."""
EVERY_DEAL: Final = "every_deal"
"""Every distribution of the unseen cards consistent with the view, each solved exactly:
the exact mean, with the distributions weighted equally."""
SAMPLED: Final = "sampled"
"""Sampled deals consistent with the view, each played out (or solved): an estimate."""
METHODS: Final = (EXACT, EVERY_DEAL, SAMPLED)

TRICKS: Final = "tricks"
POINTS: Final = "points"


@dataclass(frozen=True)
class CardRating:
    """The value of every legal card of one decision.

    Attributes:
        values: every legal card -> its value on each evaluated deal, in the same order of
            deals for every card (so cards can be compared deal by deal). Equal cards
            (interchangeable in the hand) carry the same values.
        unit: `TRICKS` or `POINTS` (higher is better for the seat).
        scope: what a value counts, as players read it (a `Message`, e.g. "tricks of the
            last 13"); rendered after the figure.
        method: `EXACT`, `EVERY_DEAL` or `SAMPLED`.
        total: the most a value can be (the tricks at stake), or ``None`` for points.
    """

    values: Mapping[int, tuple[float, ...]]
    unit: str
    scope: Message
    method: str
    total: int | None = None

    @property
    def samples(self) -> int:
        """How many deals each card was evaluated on."""
        return len(next(iter(self.values.values()), ()))

    def mean(self, card: int) -> float:
        """The card's mean value over the deals."""
        values = self.values[card]
        return sum(values) / len(values)


@dataclass(frozen=True)
class CallRating:
    """The value of every legal call of one decision (a bid, a contract), like `CardRating`
    for cards: ``values`` maps each call's notation to its value on each evaluated deal,
    the same deals for every call."""

    values: Mapping[str, tuple[float, ...]]
    unit: str
    scope: Message
    method: str

    @property
    def samples(self) -> int:
        """How many deals each call was evaluated on."""
        return len(next(iter(self.values.values()), ()))

    def mean(self, call: str) -> float:
        """The call's mean value over the deals."""
        values = self.values[call]
        return sum(values) / len(values)


@runtime_checkable
class RatesCalls(Protocol):
    """A bot that can rate the calls of some decisions (optional, beside `RatesCards`)."""

    def rate_calls(
        self, view: PlayerView, legal: Sequence[Action], *, samples: int | None = None
    ) -> CallRating | None:
        """Every call of ``legal`` rated from ``view`` alone (keyed by notation), or
        ``None`` when the bot does not rate this kind of call."""
        ...


@runtime_checkable
class RatesCards(Protocol):
    """A bot that can rate every legal card of a decision (see the module docstring)."""

    def rate_cards(
        self, view: PlayerView, legal: int, *, samples: int | None = None
    ) -> CardRating | None:
        """Every legal card (``legal``: a mask of at least two cards) rated from ``view``
        alone; ``samples`` overrides the bot's sampled deals per decision. ``None`` when the
        bot cannot rate this decision (it says nothing rather than something wrong)."""
        ...

    def rate_cards_open(
        self, view: PlayerView, legal: int, hands: Sequence[int]
    ) -> CardRating | None:
        """The all-cards-open (double-dummy) rating: ``hands`` are every seat's real cards
        (none hidden in a stock). ``None`` when it cannot be computed within the bot's
        budget, or has no meaning for the variant."""
        ...


def all_other_hands(
    view: PlayerView,
    *,
    known: Mapping[int, int] | None = None,
    voids: Sequence[int] | None = None,
    limit: int,
) -> list[list[int]] | None:
    """Every distribution of the cards unseen by ``view``'s seat among the other seats, for
    a deal without a stock (every card is in a hand or played): each seat gets
    ``view.hand_sizes[seat]`` cards, holds its ``known`` cards, and none of a suit it has
    shown void in (bit ``s`` of ``voids[seat]``). Each distribution is one hand per seat,
    the viewer's own included. ``None`` when there are more than ``limit`` of them, or the
    unseen cards do not fill the other hands (a stock)."""
    full = (1 << 52) - 1
    unseen = full & ~view.hand & ~played_mask(view)
    others = [s for s in range(view.seats) if s != view.seat]
    if sum(view.hand_sizes[s] for s in others) != unseen.bit_count():
        return None
    known_of = {s: (known or {}).get(s, 0) & unseen for s in others}
    allowed = {}
    for s in others:
        mask = unseen
        for suit in range(4):
            if voids is not None and voids[s] >> suit & 1:
                mask &= ~SUIT_MASKS[suit]
        claimed = 0
        for t in others:
            if t != s:
                claimed |= known_of[t]
        allowed[s] = (mask & ~claimed) | known_of[s]
    out: list[list[int]] = []

    def place(i: int, left: int, hands: list[int]) -> Iterator[None]:
        if i == len(others) - 1:
            seat = others[i]
            if left & ~allowed[seat] == 0 and left & known_of[seat] == known_of[seat]:
                hands[seat] = left
                yield None
            return
        seat = others[i]
        must = known_of[seat]
        free = [c for c in range(52) if (left & allowed[seat] & ~must) >> c & 1]
        need = view.hand_sizes[seat] - must.bit_count()
        if need < 0:
            return
        for combo in combinations(free, need):
            mask = must
            for c in combo:
                mask |= 1 << c
            hands[seat] = mask
            yield from place(i + 1, left & ~mask, hands)

    hands = [0] * view.seats
    hands[view.seat] = view.hand
    for _ in place(0, unseen, hands):
        out.append(list(hands))
        if len(out) > limit:
            return None
    return out


__all__ = [
    "EVERY_DEAL",
    "EXACT",
    "METHODS",
    "POINTS",
    "SAMPLED",
    "TRICKS",
    "CallRating",
    "CardRating",
    "RatesCalls",
    "RatesCards",
    "all_other_hands",
]
