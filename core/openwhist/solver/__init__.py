"""Exact double-dummy solving of trick play on raw bitmasks (see docs/solver.md).

`solve` answers "how many of the remaining tricks does the side to move take with best play
by everyone, and which cards achieve it?" for 2 or 4 seats, trump or no trump, from a trick
boundary or in the middle of a trick. A bot that asks many questions during one deal keeps a
`Solver` (its transposition table is reused). `openwhist.solver.brute` is the slow, plain
minimax the solver is proven against.

Spades trump, A (seat 0) to lead: drawing B's only trump first wins two tricks of three.

>>> from openwhist.game.cards import CardSet, card_name
>>> hands = (CardSet.parse("JD 2H AS").mask, CardSet.parse("2C TH TS").mask)
>>> sol = solve(hands, trump=3, leader=0)
>>> sol.tricks, [card_name(c) for c in sol.best_moves], sol.tricks_for(1)
(2, ['AS'], 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist.solver.search import (
    NO_TRUMP,
    SearchLimitError,
    Solution,
    Solver,
    check_position,
    representatives,
)

__all__ = [
    "NO_TRUMP",
    "SearchLimitError",
    "Solution",
    "Solver",
    "check_position",
    "representatives",
    "solve",
]


def solve(hands: Sequence[int], trump: int, leader: int, *, trick: Sequence[int] = ()) -> Solution:
    """Solve one position with a fresh `Solver` (see `Solver.solve` for the arguments).

    ``hands``: the cards each seat still holds (2 or 4 bitmasks); ``trump``: 0..3 or
    `NO_TRUMP`; ``leader``: the seat that led the current trick; ``trick``: its cards so far.
    """
    return Solver(seats=len(hands), trump=trump).solve(hands, leader, trick=trick)
