"""The expert's exact max-n search (openwhist_knockout.search; docs/variants/knockout.md,
"Bots"): it agrees with a plain max-n over every legal card, it never merges cards that the
trick on the table tells apart, and a dog knocks when its card would be wasted (never in
the last trick)."""

from __future__ import annotations

import random

from openwhist import parse_card
from openwhist_knockout.search import (
    KNOCKED,
    MaxN,
    Position,
    Utility,
    equivalent_moves,
    legal_cards,
    moves,
    play,
)


def _mask(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


def _plain_maxn(position: Position, utility: Utility) -> tuple[float, ...]:
    """Max-n over every legal card (no cache, no equal cards merged), cards tried low to
    high as the search tries them."""
    if not position.order:
        return tuple(utility.of(position.tricks, s) for s in range(len(position.hands)))
    seat = position.order[0]
    legal = legal_cards(position, seat)
    cards = sorted((c for c in range(52) if legal >> c & 1), key=lambda c: (c % 13, c // 13))
    moves = list(cards)
    if seat in position.dogs and position.trick and position.done < position.n - 1:
        moves.append(KNOCKED)
    best: tuple[float, ...] | None = None
    for move in moves:
        value = _plain_maxn(play(position, move), utility)
        if best is None or value[seat] > best[seat] + 1e-12:
            best = value
    assert best is not None
    return best


def test_the_search_agrees_with_plain_max_n_on_random_endings() -> None:
    rng = random.Random(13)
    for _ in range(40):
        seats = rng.choice((3, 4, 5))
        per = rng.choice((1, 2, 3)) if seats < 5 else rng.choice((1, 2))
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[s * per : (s + 1) * per]) for s in range(seats)]
        leader = rng.randrange(seats)
        order = tuple((leader + i) % seats for i in range(seats))
        position = Position(
            hands, rng.randrange(4), (), (), order, (0,) * seats, done=7 - per, n=7,
            must_break=rng.random() < 0.3,
        )  # fmt: skip
        utility = Utility(dog_life=rng.random() < 0.5, misere=rng.random() < 0.2)
        assert MaxN(utility, budget=100_000).value(position) == _plain_maxn(position, utility)


def test_a_card_on_the_table_keeps_two_cards_of_a_hand_apart() -> None:
    # The 9♥ led; the 10♥ beats it and the 8♥ does not: both must be searched.
    hand = _mask("TH 8H")
    position = Position(
        [_mask("2C"), hand, _mask("3C")], trump=0, trick=(parse_card("9H"),), trick_seats=(0,),
        order=(1, 2), tricks=(0, 0, 0), done=6, n=7,
    )  # fmt: skip
    assert equivalent_moves(position, hand) == hand
    # Once the 9♥ is gone (a completed trick), the two are equal: the 8♥ stands for both.
    gone = Position(
        [_mask("2C"), hand, _mask("3C")], trump=0, trick=(), trick_seats=(), order=(1, 2, 0),
        tricks=(0, 0, 0), done=5, n=7,
    )  # fmt: skip
    assert equivalent_moves(gone, hand) == _mask("8H")


def test_a_dog_knocks_rather_than_waste_its_card() -> None:
    # Three players, two tricks left, spades trump; C is a dog holding the K♥. A leads the
    # A♥ and B follows: C's king would lose to the ace, so C knocks and keeps it for the
    # last trick, where A's 5♥ is led, B has no heart and the king wins: C is back in.
    position = Position(
        [_mask("AH 5H"), _mask("3H 4C"), _mask("KH")], trump=3, trick=(), trick_seats=(),
        order=(0, 1, 2), tricks=(0, 0, 0), done=5, n=7, dogs=frozenset({2}),
    )  # fmt: skip
    utility = Utility(dogs=frozenset({2}), dog_life=False)
    search = MaxN(utility)
    after_b = play(play(position, parse_card("AH")), parse_card("3H"))
    assert after_b.order == (2,)
    waste = search.value(play(after_b, parse_card("KH")))
    knock = search.value(play(after_b, KNOCKED))
    assert waste[2] == 0.0  # out of the game
    assert knock[2] == utility.stay + utility.per_trick  # one trick: back in
    assert search.value(after_b) == knock
    # In the last trick a dog may not knock.
    last = Position(
        [_mask("5H"), _mask("4C"), _mask("KH")], trump=3, trick=(parse_card("5H"),),
        trick_seats=(0,), order=(1, 2), tricks=(1, 0, 0), done=6, n=7, dogs=frozenset({2}),
    )  # fmt: skip
    assert KNOCKED not in moves(last, 2)
    assert KNOCKED not in moves(play(last, parse_card("4C")), 2)
