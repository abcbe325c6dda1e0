"""An exact max-n search of a Knockout Whist deal with every hand known (the expert's
play-out on a sampled deal once few cards are left; docs/variants/knockout.md, "Bots").

Each seat plays for itself: at its turn it chooses the move whose outcome is best *for it*
by `Utility` -- staying in first, then taking most tricks alone (the next trump choice),
then tricks -- supposing every other seat does the same (the max-n rule for games of more
than two players). A dog on its life may knock at any trick but the last, as the rules
let it. Equal outcomes go to the first move tried: the lowest card.

Cards that win and lose the same tricks are searched once (`equivalent_moves`): two cards
of a hand are equal when every card of their suit between them is held by nobody and is
not on the table -- a card in the current trick still decides it, so with the 9♥ led the
10♥ and the 8♥ are *not* equal (the bug the previous expert had). Positions are cached by
their hands, trick, order, tricks and trumps-broken flag; a search that would visit more
than its node budget gives up (`SearchTooBigError`) and the caller plays the sample out by its
quicker policy instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openwhist import FULL_DECK, SUIT_MASKS
from openwhist.bots.heuristic import beats
from openwhist.solver import representatives

KNOCKED = -1
"""The move of a dog that knocks (plays no card to this trick)."""


class SearchTooBigError(Exception):
    """The search would visit more positions than its budget allows."""


@dataclass(frozen=True)
class Utility:
    """What a deal's tricks are worth to each seat (max-n's payoff).

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


def equivalent_moves(position: Position, legal: int) -> int:
    """One card of each run of ``legal`` cards that win and lose the same tricks: every
    card of the suit between them is in no hand and not on the table (`representatives`)."""
    alive = 0
    for hand in position.hands:
        alive |= hand
    for card in position.trick:
        alive |= 1 << card
    return representatives(legal, FULL_DECK & ~alive)


def moves(position: Position, seat: int) -> list[int]:
    """The moves worth searching for ``seat`` (cards low to high; `KNOCKED` last for a dog
    that may knock)."""
    legal = equivalent_moves(position, legal_cards(position, seat))
    out = []
    while legal:
        low = legal & -legal
        out.append(low.bit_length() - 1)
        legal ^= low
    out.sort(key=lambda c: (c % 13, c // 13))
    if seat in position.dogs and position.trick and position.done < position.n - 1:
        out.append(KNOCKED)
    return out


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


class MaxN:
    """The exact max-n search (the module docstring); one per decision, its cache shared by
    the candidates searched on one sample."""

    def __init__(self, utility: Utility, *, budget: int = 20_000) -> None:
        self.utility = utility
        self.budget = budget
        self.nodes = 0
        self._cache: dict[tuple[object, ...], tuple[float, ...]] = {}

    def reset(self) -> None:
        """Forget the cache and the node count (a new sample)."""
        self._cache.clear()
        self.nodes = 0

    def value(self, position: Position) -> tuple[float, ...]:
        """Each seat's worth of the deal from ``position`` on, every seat playing max-n.

        Raises:
            SearchTooBigError: more than ``budget`` positions would be visited.
        """
        if not position.order:
            return tuple(self.utility.of(position.tricks, s) for s in range(len(position.hands)))
        key = (
            tuple(position.hands), position.trick, position.trick_seats, position.order,
            position.tricks, position.broken,
        )  # fmt: skip
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        self.nodes += 1
        if self.nodes > self.budget:
            raise SearchTooBigError
        seat = position.order[0]
        best: tuple[float, ...] | None = None
        for move in moves(position, seat):
            result = self.value(play(position, move))
            if best is None or result[seat] > best[seat] + 1e-12:
                best = result
        assert best is not None
        self._cache[key] = best
        return best


__all__ = [
    "KNOCKED",
    "MaxN",
    "Position",
    "SearchTooBigError",
    "Utility",
    "equivalent_moves",
    "legal_cards",
    "moves",
    "play",
    "trick_winner",
]
