"""A Knockout Whist deal with every hand known: the positions the expert's play-outs run
on (`openwhist_knockout.bots.heuristic_playout`; docs/variants/knockout.md, "Bots").

`Position` is a sampled deal in play, `play` makes one move -- a card, or a dog's knock
(`KNOCKED`), which plays no card to the trick and may complete it -- and gathers a
completed trick (the winner leads; a dog whose card won has no card left, so the lead
passes on clockwise to the next player who is not a dog). `Utility` is what a deal's
tricks are worth to each seat in the game: staying in first, then taking most tricks
alone (the next trump choice), then tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openwhist import SUIT_MASKS
from openwhist.bots.heuristic import beats

KNOCKED = -1
"""The move of a dog that knocks (plays no card to this trick)."""


@dataclass(frozen=True)
class Utility:
    """What a deal's tricks are worth to each seat (the play-outs' payoff).

    Attributes:
        last: whether this is the game's last deal (one card; its trick wins the game).
        misere: misère knockout (two tricks, or the last deal's trick, put a player out).
        dogs: the seats on a dog's life this deal.
        dog_life: whether a player who takes no trick this deal gets a dog's life (the
            option is on and the one dog's life is unused).
        stay: the worth of staying in; ``dog_value`` of a dog's life to come.
        most: the worth of taking most tricks alone (choosing the next trump).
        per_trick: the worth of each trick (in misère, the cost of each).
    """

    last: bool = False
    misere: bool = False
    dogs: frozenset[int] = frozenset()
    dog_life: bool = True
    stay: float = 1.0
    dog_value: float = 0.3
    most: float = 0.25
    per_trick: float = 1.0

    def of(self, tricks: Sequence[int], seat: int) -> float:
        """The worth to ``seat`` of a deal that ends with ``tricks`` per seat."""
        mine = tricks[seat]
        if self.misere:
            survive = mine == 0 if self.last else mine < 2
            return (self.stay if survive else 0.0) - self.per_trick * mine
        if self.last:
            return self.stay if mine else 0.0
        if mine:
            value = self.stay
        elif seat not in self.dogs and self.dog_life:
            value = self.dog_value
        else:
            value = 0.0
        if mine and self._alone_most(tricks, mine):
            value += self.most
        return value + self.per_trick * mine

    @staticmethod
    def _alone_most(tricks: Sequence[int], mine: int) -> bool:
        return mine == max(tricks) and sum(1 for t in tricks if t == mine) == 1


@dataclass
class Position:
    """A deal in play with every hand known.

    Attributes:
        hands: per seat, its cards (a seat out of the game holds none).
        trump: the trump suit.
        trick: the cards of the current trick, in order; ``trick_seats`` who played them.
        order: the seats still to play to the current trick, in order (at a trick's start:
            every seat holding cards, clockwise from the leader).
        tricks: tricks taken so far, per seat.
        done: completed tricks; ``n`` the deal's tricks.
        broken: whether a trump has been played (with ``must_break``, trumps may not be
            led before).
    """

    hands: list[int]
    trump: int
    trick: tuple[int, ...]
    trick_seats: tuple[int, ...]
    order: tuple[int, ...]
    tricks: tuple[int, ...]
    done: int
    n: int
    dogs: frozenset[int] = frozenset()
    must_break: bool = False
    broken: bool = False


def trick_winner(trick: Sequence[int], seats: Sequence[int], trump: int) -> int:
    """The seat whose card takes ``trick``."""
    led = trick[0] // 13
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], led, trump):
            best = i
    return seats[best]


def legal_cards(position: Position, seat: int) -> int:
    """The cards ``seat`` may play now: follow suit if it can; a lead may not be a trump
    before trumps are broken (option ``trumps_must_be_broken``) unless only trumps are left."""
    hand = position.hands[seat]
    if position.trick:
        return hand & SUIT_MASKS[position.trick[0] // 13] or hand
    if position.must_break and not position.broken and position.trump >= 0:
        return hand & ~SUIT_MASKS[position.trump] or hand
    return hand


def play(position: Position, move: int) -> Position:
    """The position after the seat to act (``order[0]``) makes ``move``; a completed trick
    is gathered and the next one started (the winner leads; a dog whose card won has no
    card left, so the lead passes on clockwise to the next player who is not a dog)."""
    seat = position.order[0]
    rest = position.order[1:]
    hands = list(position.hands)
    trick, seats_played, broken = position.trick, position.trick_seats, position.broken
    if move != KNOCKED:
        hands[seat] &= ~(1 << move)
        trick = (*trick, move)
        seats_played = (*seats_played, seat)
        broken = broken or move // 13 == position.trump
    if rest:
        return Position(
            hands, position.trump, trick, seats_played, rest, position.tricks, position.done,
            position.n, position.dogs, position.must_break, broken,
        )  # fmt: skip
    # The trick is complete (a dog that knocks last completes it too: it plays no card).
    winner = trick_winner(trick, seats_played, position.trump)
    tricks = list(position.tricks)
    tricks[winner] += 1
    done = position.done + 1
    count = len(hands)
    order: tuple[int, ...] = ()
    if done < position.n and any(hands):
        leader = next(
            s
            for s in ((winner + i) % count for i in range(count))
            if hands[s] and (s not in position.dogs or s == winner)
        )
        order = tuple(s for s in ((leader + i) % count for i in range(count)) if hands[s])
    return Position(
        hands, position.trump, (), (), order, tuple(tricks), done, position.n, position.dogs,
        position.must_break, broken,
    )  # fmt: skip


__all__ = [
    "KNOCKED",
    "Position",
    "Utility",
    "legal_cards",
    "play",
    "trick_winner",
]
