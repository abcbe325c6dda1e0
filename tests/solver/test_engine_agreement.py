"""The solver's rules are the engine's: its predictions come true when the engine plays.

German Whist's phase 2 (docs/variants/german.md §1: the stock is empty, both hands are known) is
exactly the solver's problem. Real deals are driven through the public `Engine` to the start of
phase 2 (random play in phase 1); from there both seats play a card drawn at random among the
solver's best moves (any best card must keep the value), and the tricks the *engine* awards
in phase 2 must equal the solver's prediction. The same with English Whist's four seats from
a random point of the deal (often in the middle of a trick). The solver itself never touches
the engine: these tests are where the two meet.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist.game.actions import PLAYS, Play
from openwhist.game.engine import Engine
from openwhist.game.state import DealState
from openwhist.plugins import load_catalog
from openwhist.solver import Solver


@pytest.fixture(scope="module")
def catalog() -> Any:
    return load_catalog()


def random_card(engine: Engine, state: DealState[Any], rng: random.Random) -> DealState[Any]:
    legal = engine.legal_actions(state)
    return engine.apply(state, legal[rng.randrange(len(legal))])


def play_out_with_solver(
    engine: Engine, state: DealState[Any], rng: random.Random
) -> tuple[DealState[Any], tuple[int, ...]]:
    """Play to the end with random best moves; returns the final state and, per seat, the
    tricks the solver predicted at the start."""
    solver = Solver(seats=state.seats, trump=state.trump)
    first = solver.solve(state.hands, state.leader, trick=state.trick)
    predicted = tuple(first.tricks_for(s) for s in range(state.seats))
    while not state.is_terminal:
        sol = solver.solve(state.hands, state.leader, trick=state.trick)
        assert sol.to_move == state.to_act
        legal = {a.card for a in engine.legal_actions(state) if isinstance(a, Play)}
        assert set(sol.best_moves) <= legal
        state = engine.apply(state, PLAYS[sol.best_moves[rng.randrange(len(sol.best_moves))]])
    return state, predicted


@pytest.mark.parametrize("seed", range(6))
def test_german_phase_two_plays_out_as_the_solver_says(catalog: Any, seed: int) -> None:
    rng = random.Random(seed)
    engine = Engine(catalog.variant("german"))
    state = engine.start_deal(dealer=seed % 2)
    state = engine.apply(state, engine.sample_chance(state, rng))
    while len(state.completed) < 13 or state.trick:  # phase 1: the 13 tricks with a stock
        state = random_card(engine, state, rng)
    assert [h.bit_count() for h in state.hands] == [13, 13]
    before = state.tricks
    final, predicted = play_out_with_solver(engine, state, rng)
    won = tuple(final.tricks[s] - before[s] for s in range(2))
    assert won == predicted
    assert sum(won) == 13


@pytest.mark.parametrize("seed", range(6))
def test_english_endings_play_out_as_the_solver_says(catalog: Any, seed: int) -> None:
    rng = random.Random(100 + seed)
    engine = Engine(catalog.variant("english"))
    state = engine.start_deal(dealer=seed % 4)
    state = engine.apply(state, engine.sample_chance(state, rng))
    # Random play until at most 6 cards remain per hand, stopping anywhere in a trick.
    stop = rng.randrange(4)
    while state.hands[state.to_act].bit_count() > 6 or len(state.trick) != stop:
        state = random_card(engine, state, rng)
    before = state.tricks
    remaining = state.hands[state.to_act].bit_count()
    final, predicted = play_out_with_solver(engine, state, rng)
    won = tuple(final.tricks[s] - before[s] for s in range(4))
    side_won = (won[0] + won[2], won[1] + won[3])
    assert side_won == (predicted[0], predicted[1])
    assert sum(side_won) == remaining
