"""A plain exhaustive minimax: the reference the fast solver is checked against.

No pruning, no transposition table, no merging of cards, no move ordering: every legal card
of every seat is tried, to the end of the deal. It is written to be *obviously* right when
read next to docs/variants/core.md §0.3, not to be fast -- use it only on small positions (a few
cards per hand). Seat ``s`` belongs to side ``s % 2`` (N–S = 0, 2 against E–W = 1, 3; with two seats
each seat is its own side).

>>> from openwhist.game.cards import CardSet
>>> hands = (CardSet.parse("JD 2H AS").mask, CardSet.parse("2C TH TS").mask)
>>> brute_move_values(hands, 3, 0)    # spades trump: AS (card 51) draws B's only trump
{22: 1, 26: 1, 51: 2}
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def legal_cards(hand: int, trick: Sequence[int]) -> list[int]:
    """docs/variants/core.md §0.3.6: the cards of the led suit if the hand holds any, else the whole
    hand (the whole hand when leading)."""
    cards = [c for c in range(52) if hand >> c & 1]
    if trick:
        led = trick[0] // 13
        same = [c for c in cards if c // 13 == led]
        if same:
            return same
    return cards


def trick_winner(trick: Sequence[int], trump: int) -> int:
    """docs/variants/core.md §0.3.4, as written: the index in ``trick`` of the winning card. If any
    trump was played, the highest trump wins; otherwise the highest card of the suit led. (A card
    of neither suit is therefore never a candidate.) ``trump`` < 0: no trump."""
    trumps = [i for i, c in enumerate(trick) if c // 13 == trump]
    if trumps:
        candidates = trumps
    else:
        led = trick[0] // 13
        candidates = [i for i, c in enumerate(trick) if c // 13 == led]
    return max(candidates, key=lambda i: trick[i] % 13)


def side0_tricks(hands: Sequence[int], trump: int, leader: int, trick: Sequence[int]) -> int:
    """Tricks side 0 takes from here (the current trick included) with best play by both
    sides: side 0's seats maximise, side 1's minimise."""
    seats = len(hands)
    if len(trick) == seats:
        winner = (leader + trick_winner(trick, trump)) % seats
        won = 1 if winner % 2 == 0 else 0
        return won + side0_tricks(hands, trump, winner, ())
    seat = (leader + len(trick)) % seats
    if hands[seat] == 0:
        return 0  # the deal is over
    results = []
    for card in legal_cards(hands[seat], trick):
        after = list(hands)
        after[seat] = hands[seat] & ~(1 << card)
        results.append(side0_tricks(after, trump, leader, (*trick, card)))
    return max(results) if seat % 2 == 0 else min(results)


def brute_move_values(
    hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = ()
) -> dict[int, int]:
    """For every legal card of the seat to move: the tricks its side takes (of the remaining
    ones, the current trick included) if it plays that card, then best play by both sides."""
    seats = len(hands)
    seat = (leader + len(trick)) % seats
    remaining = hands[seat].bit_count()
    values = {}
    for card in legal_cards(hands[seat], trick):
        after = list(hands)
        after[seat] = hands[seat] & ~(1 << card)
        side0 = side0_tricks(after, trump, leader, (*trick, card))
        values[card] = side0 if seat % 2 == 0 else remaining - side0
    return values


def random_position(
    rng: random.Random,
    *,
    seats: int,
    cards: int,
    trumps: Sequence[int] = (-1, 0, 1, 2, 3),
    suits: Sequence[int] = (0, 1, 2, 3),
    low_rank: int = 2,
    partial: bool = True,
) -> tuple[tuple[int, ...], int, int, tuple[int, ...]]:
    """A random reachable position: ``(hands, trump, leader, trick)``.

    Deals ``cards`` cards to each of ``seats`` seats from the given ``suits`` and ranks
    ``low_rank``..ace (a narrow window makes gaps, sequences and equivalent cards common; the
    cards not dealt count as played), picks a trump from ``trumps`` and a leader, and when
    ``partial`` plays a random number of legal cards to the current trick
    (docs/variants/core.md §0.3.6). Used by the tests and the benchmark; the solver itself never
    calls it.
    """
    pool = [s * 13 + r - 2 for s in suits for r in range(low_rank, 15)]
    if seats * cards > len(pool):
        raise ValueError(f"{seats} x {cards} cards do not fit in a pool of {len(pool)}")
    dealt = rng.sample(pool, seats * cards)
    hands = [sum(1 << c for c in dealt[i * cards : (i + 1) * cards]) for i in range(seats)]
    trump = trumps[rng.randrange(len(trumps))]
    leader = rng.randrange(seats)
    trick: list[int] = []
    if partial and cards > 0:
        for i in range(rng.randrange(seats)):
            seat = (leader + i) % seats
            options = legal_cards(hands[seat], trick)
            card = options[rng.randrange(len(options))]
            trick.append(card)
            hands[seat] &= ~(1 << card)
    return tuple(hands), trump, leader, tuple(trick)
