"""The solver is exact: it agrees with plain minimax (`openwhist.solver.brute`) everywhere.

Thousands of seeded random small positions, two and four seats, with and without trump, at a
trick boundary and in the middle of a trick; some drawn from a narrow rank window or from
one or two suits, so that runs of equivalent cards, gaps left by played cards, following and
ruffing are the rule rather than the exception. For each position the solver must give the
brute force's value for every legal card (`Solver.move_values`), the same root value and
exactly the same set of best cards (`Solver.solve`, from a fresh solver and from one whose
table is already warm).

Then the two bugs OpenSpiel's German Whist solver shipped with (issue 7): a discard winning
a trick, and cards adjacent to the led card merged as if equivalent.
"""

from __future__ import annotations

import random

import pytest
from openwhist.game.cards import CardSet, card_name, parse_card
from openwhist.solver import NO_TRUMP, Solver, representatives, solve
from openwhist.solver.brute import brute_move_values, random_position, trick_winner

Position = tuple[tuple[int, ...], int, int, tuple[int, ...]]


def hand(text: str) -> int:
    return CardSet.parse(text).mask if text else 0


def names(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [card_name(c) for c in cards]


def check_against_brute(position: Position) -> None:
    hands, trump, leader, trick = position
    expected = brute_move_values(hands, trump, leader, trick)
    solver = Solver(seats=len(hands), trump=trump)
    assert solver.move_values(hands, leader, trick=trick) == expected, position
    best = max(expected.values())
    best_cards = sorted(c for c, v in expected.items() if v == best)
    for sol in (solver.solve(hands, leader, trick=trick), solve(hands, trump, leader, trick=trick)):
        assert sol.tricks == best, position
        assert list(sol.best_moves) == best_cards, position


def positions(seed: int, count: int, seats: int, max_cards: int) -> list[Position]:
    """Seeded positions of several shapes (see the module docstring)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        cards = rng.randint(1, max_cards)
        shape = i % 4
        if shape == 3 and seats * cards > 13:
            shape = 2
        if shape == 0:  # anywhere in the deck: many voids, discards and ruffs
            out.append(random_position(rng, seats=seats, cards=cards))
        elif shape == 1:  # a narrow rank window: sequences and gaps everywhere
            low = max(2, 15 - (seats * cards + 3) // 2)
            out.append(random_position(rng, seats=seats, cards=cards, low_rank=low))
        elif shape == 2:  # two suits, one of them often trump
            suits = rng.sample(range(4), 2)
            out.append(
                random_position(
                    rng, seats=seats, cards=cards, suits=suits, trumps=(NO_TRUMP, *suits)
                )
            )
        else:  # a single suit, some ranks missing
            low = max(2, 15 - seats * cards - rng.randint(0, 3))
            suit = rng.randrange(4)
            out.append(
                random_position(
                    rng, seats=seats, cards=cards, suits=(suit,), low_rank=low,
                    trumps=(NO_TRUMP, suit, (suit + 1) % 4),
                )
            )  # fmt: skip
    return out


@pytest.mark.parametrize("seed", range(4))
def test_two_seats_agree_with_brute_force(seed: int) -> None:
    for position in positions(seed, 250, seats=2, max_cards=4):
        check_against_brute(position)


def test_two_seats_with_five_cards_agree_with_brute_force() -> None:
    rng = random.Random(99)
    for _ in range(15):
        check_against_brute(random_position(rng, seats=2, cards=5))
        check_against_brute(random_position(rng, seats=2, cards=5, low_rank=9))


@pytest.mark.parametrize("seed", range(4))
def test_four_seats_agree_with_brute_force(seed: int) -> None:
    for position in positions(100 + seed, 150, seats=4, max_cards=3):
        check_against_brute(position)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_bigger_positions_agree_with_brute_force(seed: int) -> None:
    for position in positions(200 + seed, 60, seats=2, max_cards=5):
        check_against_brute(position)
    for position in positions(300 + seed, 8, seats=4, max_cards=4):
        check_against_brute(position)


def test_the_sweeps_cover_what_they_claim() -> None:
    # Guards the sweeps above against vacuity: boundary and mid-trick positions, both table
    # sizes, no trump and trump, and positions where the choice of card matters.
    sample = positions(0, 250, seats=2, max_cards=4) + positions(100, 150, seats=4, max_cards=3)
    assert any(p[3] for p in sample)
    assert any(not p[3] for p in sample)
    assert {len(p[0]) for p in sample} == {2, 4}
    assert {p[1] for p in sample} == {NO_TRUMP, 0, 1, 2, 3}
    decisive = [p for p in sample[::2] if len(set(brute_move_values(*p).values())) > 1]
    assert len(decisive) > 30


# -- the two bug patterns ---------------------------------------------------------------


@pytest.mark.parametrize("trump", [NO_TRUMP, 1])
def test_a_discard_never_wins_a_trick(trump: int) -> None:
    # docs/variants/core.md §0.3.4. A leads hearts; B holds no heart and no trump (no trump, or
    # diamonds, which B lacks): B's aces are discards and A, with three small hearts, takes all
    # three tricks.
    a, b = hand("2H 3H 4H"), hand("AS KS AC")
    sol = solve((a, b), trump, 0)
    assert sol.tricks == 3
    assert trick_winner((parse_card("2H"), parse_card("AS")), trump) == 0
    # In the middle of a trick too: the 2H is led, B's best still loses every trick.
    mid = solve((hand("3H 4H"), b), trump, 0, trick=(parse_card("2H"),))
    assert (mid.to_move, mid.tricks, mid.tricks_for(0)) == (1, 0, 3)


def test_a_discard_never_wins_with_four_seats() -> None:
    # N leads the 2H; E, S and W are void in hearts and hold no trump (clubs): they discard
    # aces and kings, and N wins the trick and then every other (nobody else follows hearts).
    hands = (hand("2H 3H"), hand("AS KS"), hand("AD KD"), hand("QS QD"))
    sol = solve(hands, 0, 0)
    assert sol.tricks == 2
    assert sol.tricks_for(1) == 0
    assert trick_winner(tuple(parse_card(c) for c in ("2H", "AS", "AD", "QS")), 0) == 0


def test_a_ruff_wins_and_an_overruff_wins_over_it() -> None:
    # Spades trump. N leads the AH, E ruffs with the 2S, S overruffs with the 3S: the last
    # card, W's, decides. The 4S overruffs again (E-W take the trick), the 5C is a discard and
    # S's 3S wins; the 2S ruff alone would have beaten the ace.
    trick = tuple(parse_card(c) for c in ("AH", "2S", "3S"))
    assert trick_winner(trick[:2], 3) == 1
    assert trick_winner(trick, 3) == 2
    empty = (0, 0, 0)
    overruff = solve((*empty, hand("4S")), 3, 0, trick=trick)
    assert (overruff.to_move, overruff.tricks, overruff.tricks_for(0)) == (3, 1, 0)
    discard = solve((*empty, hand("5C")), 3, 0, trick=trick)
    assert (discard.tricks, discard.tricks_for(2)) == (0, 1)


def test_cards_adjacent_to_the_led_card_are_not_merged() -> None:
    # A has led the 9S. B holds the TS and the 8S: the 9S is on the table, not played out,
    # so the TS (wins) and the 8S (loses) are different cards. With the TS B wins the trick,
    # then leads the 8S and wins again (A holds only a heart). With the 8S, A wins the trick
    # and B must throw the TS on A's heart.
    a, b = hand("2H"), hand("8S TS")
    sol = solve((a, b), NO_TRUMP, 0, trick=(parse_card("9S"),))
    assert sol.tricks == 2
    assert names(sol.best_moves) == ["TS"]
    values = Solver(seats=2, trump=NO_TRUMP).move_values((a, b), 0, trick=(parse_card("9S"),))
    assert {card_name(c): v for c, v in values.items()} == {"8S": 0, "TS": 2}


def test_cards_separated_only_by_played_cards_are_equivalent() -> None:
    # The same hands, but the 9S went in an earlier trick: now the 8S and TS are equivalent
    # (every card between them has been played) and both are best or neither is.
    a, b = hand("2H JS"), hand("8S TS")
    values = Solver(seats=2, trump=NO_TRUMP).move_values((a, b), 1)
    assert values[parse_card("8S")] == values[parse_card("TS")]
    nine = parse_card("9S")
    assert representatives(b, 1 << nine) == hand("8S")
    assert representatives(b, 0) == b


def test_cards_of_different_hands_are_never_merged() -> None:
    # N holds TS 8S, its partner S the 9S: N's two cards are not equivalent (the 9S is live).
    n_hand, s_hand = hand("8S TS"), hand("9S")
    assert representatives(n_hand, 0) == n_hand
    # In play (E leads), every card of N is searched on its own; brute force decides.
    hands = (n_hand, hand("JS 2C"), s_hand | hand("3D"), hand("QS 4C"))
    check_against_brute((hands, NO_TRUMP, 1, ()))


def test_the_led_card_counts_as_live_inside_a_run() -> None:
    # Brute-force comparisons of many "led card between two of the follower's cards" cases,
    # for two and four seats, every rank: the follower's neighbours of the led card must
    # never be merged.
    rng = random.Random(7)
    for led_rank in range(3, 14):
        for seats in (2, 4):
            suit = rng.randrange(4)
            led = suit * 13 + led_rank - 2
            follower = (1 << (led - 1)) | (1 << (led + 1))
            pool = [c for c in range(52) if c not in (led - 1, led, led + 1)]
            rng.shuffle(pool)
            hands = [0] * seats
            hands[1] = follower
            hands[0] = sum(1 << c for c in pool[:1])
            rest = pool[1:]
            for s in range(2, seats):
                hands[s] = sum(1 << c for c in rest[:2])
                rest = rest[2:]
            position = (tuple(hands), rng.choice([NO_TRUMP, suit, (suit + 1) % 4]), 0, (led,))
            check_against_brute(position)


@pytest.mark.parametrize("seats", [2, 4])
def test_best_move_is_the_preferred_card_when_best_else_the_lowest_best(seats: int) -> None:
    # Solver.best_move finds one best card without proving every other: it must be exactly
    # the card a player reading `solve` would take -- ``prefer`` if among the best moves,
    # else the lowest best move -- with the same value, and brute force must agree it is best.
    rng = random.Random(19 + seats)
    for _ in range(150):
        hands, trump, leader, trick = random_position(
            rng, seats=seats, cards=rng.randint(2, 3 if seats == 4 else 5), low_rank=7
        )
        values = brute_move_values(hands, trump, leader, trick)
        solution = Solver(seats=seats, trump=trump).solve(hands, leader, trick=trick)
        prefer = rng.choice(sorted(values))
        tricks, card = Solver(seats=seats, trump=trump).best_move(
            hands, leader, trick=trick, prefer=prefer
        )
        assert tricks == solution.tricks == max(values.values())
        assert card == (prefer if prefer in solution.best_moves else solution.best_moves[0])
        assert values[card] == tricks
        assert Solver(seats=seats, trump=trump).best_move(hands, leader, trick=trick) == (
            solution.tricks,
            solution.best_moves[0],
        )


def test_best_move_refuses_a_card_the_seat_cannot_play() -> None:
    hands = (CardSet.parse("JD 2H AS").mask, CardSet.parse("2C TH TS").mask)
    with pytest.raises(ValueError, match="not a legal card"):
        Solver(seats=2, trump=3).best_move(hands, 0, prefer=parse_card("2C"))
