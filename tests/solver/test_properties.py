"""Properties every exact double-dummy answer has, on positions larger than brute force reaches.

* the value lies in [0, remaining] and the two sides' figures add up to the remaining tricks;
* the best cards are legal, never empty, each one's subtree has the root's value (found by
  playing it and solving what follows, the completed trick judged by the core's own
  `openwhist.game.tricks.winning_index`), and every other card's subtree is worse;
* renaming seats (rotating the table), suits (the trump with them) or closing the gaps
  left by played cards changes nothing;
* `Solver` answers do not depend on what its table remembers from earlier questions;
* an impossible position is refused with a message naming the problem.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openwhist.game.tricks import winning_index
from openwhist.solver import NO_TRUMP, SearchLimitError, Solver, solve
from openwhist.solver.brute import legal_cards, random_position

Position = tuple[tuple[int, ...], int, int, tuple[int, ...]]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    seats = draw(st.sampled_from([2, 4]))
    cards = draw(st.integers(1, 7 if seats == 2 else 4))
    seed = draw(st.integers(0, 2**32))
    low = draw(st.sampled_from([2, 2, 6, 9]))
    rng = random.Random(seed)
    if seats * cards > 4 * (15 - low):
        low = 2
    return random_position(rng, seats=seats, cards=cards, low_rank=low)


def child_value_for_mover(position: Position, card: int) -> int:
    """Tricks of the mover's side after it plays ``card`` (then best play)."""
    hands, trump, leader, trick = position
    seats = len(hands)
    mover = (leader + len(trick)) % seats
    after = list(hands)
    after[mover] &= ~(1 << card)
    new_trick = (*trick, card)
    if len(new_trick) < seats:
        return solve(after, trump, leader, trick=new_trick).tricks_for(mover)
    winner = (leader + winning_index(new_trick, trump)) % seats
    won = 1 if (winner - mover) % 2 == 0 else 0
    if after[winner] == 0:
        return won
    return won + solve(after, trump, winner).tricks_for(mover)


@given(positions())
def test_values_are_in_range_and_complementary(position: Position) -> None:
    hands, trump, leader, trick = position
    sol = solve(hands, trump, leader, trick=trick)
    assert sol.remaining == hands[sol.to_move].bit_count()
    assert 0 <= sol.tricks <= sol.remaining
    for seat in range(len(hands)):
        other = (seat + 1) % len(hands)
        assert sol.tricks_for(seat) + sol.tricks_for(other) == sol.remaining


@given(positions())
def test_value_alone_is_the_value_solve_finds(position: Position) -> None:
    # `Solver.value` searches only the value at a trick boundary (no best cards): it must
    # still be the mover's side's tricks, on a fresh solver and on one that remembers.
    hands, trump, leader, trick = position
    expected = solve(hands, trump, leader, trick=trick).tricks
    solver = Solver(seats=len(hands), trump=trump)
    assert solver.value(hands, leader, trick=trick) == expected
    assert solver.value(hands, leader, trick=trick) == expected


@given(positions())
def test_best_moves_are_exactly_the_cards_that_keep_the_value(position: Position) -> None:
    hands, trump, leader, trick = position
    sol = solve(hands, trump, leader, trick=trick)
    legal = legal_cards(hands[sol.to_move], trick)
    assert sol.best_moves
    assert set(sol.best_moves) <= set(legal)
    for card in legal:
        value = child_value_for_mover(position, card)
        if card in sol.best_moves:
            assert value == sol.tricks, (position, card)
        else:
            assert value < sol.tricks, (position, card)


def rotate(position: Position, step: int) -> Position:
    """The same table with every seat renamed ``seat + step``."""
    hands, trump, leader, trick = position
    n = len(hands)
    return (
        tuple(hands[(s - step) % n] for s in range(n)),
        trump,
        (leader + step) % n,
        trick,
    )


def permute_suits(position: Position, perm: list[int]) -> Position:
    def card(c: int) -> int:
        return perm[c // 13] * 13 + c % 13

    def mask(m: int) -> int:
        return sum(1 << card(c) for c in range(52) if m >> c & 1)

    hands, trump, leader, trick = position
    return (
        tuple(mask(h) for h in hands),
        perm[trump] if trump >= 0 else NO_TRUMP,
        leader,
        tuple(card(c) for c in trick),
    )


def close_gaps(position: Position) -> Position:
    """Move every live card up so that the played cards are the lowest of each suit."""
    hands, trump, leader, trick = position
    live = sum(1 << c for c in trick)
    for h in hands:
        live |= h
    mapping = {}
    for suit in range(4):
        cards = [c for c in range(suit * 13, suit * 13 + 13) if live >> c & 1]
        top = suit * 13 + 13
        for i, c in enumerate(cards):
            mapping[c] = top - len(cards) + i
    return (
        tuple(sum(1 << mapping[c] for c in range(52) if h >> c & 1) for h in hands),
        trump,
        leader,
        tuple(mapping[c] for c in trick),
    )


@given(positions(), st.integers(1, 3), st.permutations(range(4)))
def test_renaming_seats_and_suits_or_closing_gaps_changes_nothing(
    position: Position, step: int, perm: list[int]
) -> None:
    hands, trump, leader, trick = position
    base = solve(hands, trump, leader, trick=trick)
    if len(hands) == 2:
        step %= 2  # two seats: a swap (step 1) or nothing
    turned = solve(*rotate(position, step)[:3], trick=trick)
    assert turned.tricks == base.tricks
    assert turned.best_moves == base.best_moves
    h, t, ld, tr = permute_suits(position, list(perm))
    renamed = solve(h, t, ld, trick=tr)
    assert renamed.tricks == base.tricks
    assert sorted(perm[c // 13] * 13 + c % 13 for c in base.best_moves) == list(renamed.best_moves)
    h, t, ld, tr = close_gaps(position)
    assert solve(h, t, ld, trick=tr).tricks == base.tricks


def test_a_warm_table_gives_the_same_answers() -> None:
    # One solver asked about a sequence of positions of the same deal (as a bot would) and
    # about unrelated ones must answer exactly as fresh solvers do.
    rng = random.Random(5)
    for trump in (NO_TRUMP, 0, 3):
        shared = {2: Solver(seats=2, trump=trump), 4: Solver(seats=4, trump=trump)}
        for _ in range(40):
            seats = rng.choice([2, 4])
            hands, _, leader, trick = random_position(
                rng, seats=seats, cards=rng.randint(1, 6 if seats == 2 else 4), trumps=(trump,)
            )
            warm = shared[seats].solve(hands, leader, trick=trick)
            assert warm == solve(hands, trump, leader, trick=trick)


def test_a_tiny_table_limit_is_still_exact() -> None:
    rng = random.Random(8)
    small = Solver(seats=2, trump=2, table_limit=10)
    for _ in range(30):
        hands, _, leader, trick = random_position(rng, seats=2, cards=6, trumps=(2,))
        assert small.solve(hands, leader, trick=trick) == solve(hands, 2, leader, trick=trick)


def test_the_end_of_the_deal_has_no_move() -> None:
    sol = solve((0, 0), 1, 0)
    assert (sol.remaining, sol.tricks, sol.best_moves) == (0, 0, ())


@pytest.mark.parametrize(
    ("hands", "trump", "leader", "trick", "message"),
    [
        ((1, 2, 4), 0, 0, (), "2 or 4 seats, not 3"),
        ((1, 2), 4, 0, (), "trump"),
        ((1, 2), 0, 2, (), "leader"),
        ((3, 2), 0, 0, (), "shares cards"),
        ((1, 6), 0, 0, (), "seat 1 holds 2 cards"),
        ((1 << 52, 2), 0, 0, (), "52-card bitmask"),
        ((1, 2), 0, 0, (1,), "both on the table and in a hand"),
        ((1, 2), 0, 0, (5, 6), "at most 1"),
        # seat 1 discarded the 2D (13) on the 4C lead (2) while holding the 2C (0): a revoke
        ((1 << 1, 1 << 0, 3 << 26, 3 << 28), 0, 0, (2, 13), "revoke"),
    ],
)
def test_impossible_positions_are_refused(
    hands: tuple[int, ...], trump: int, leader: int, trick: tuple[int, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        solve(hands, trump, leader, trick=trick)


def test_tricks_for_refuses_a_seat_not_at_the_table() -> None:
    with pytest.raises(ValueError, match="seat 2"):
        solve((1, 2), NO_TRUMP, 0).tricks_for(2)


def test_a_node_limit_stops_a_search_and_the_solver_still_answers_later() -> None:
    rng = random.Random(4)
    hands, trump, leader, _ = random_position(rng, seats=2, cards=10, partial=False)
    limited = Solver(seats=2, trump=trump, max_nodes=50)
    with pytest.raises(SearchLimitError, match="50 nodes"):
        limited.solve(hands, leader)
    limited.max_nodes = None
    assert limited.solve(hands, leader) == solve(hands, trump, leader)
