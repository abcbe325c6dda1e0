"""German Whist's ``expert`` bot (docs/variants/german.md §1): perfect phase 2, consistent phase-1
samples."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist import CardSet, Engine, Play, PlayerView, TrickRecord, parse_card
from openwhist.game.state import CHANCE, TERMINAL, DealState
from openwhist.plugins import load_catalog
from openwhist.solver import Solver
from openwhist_german.expert import (
    EXACT_FROM,
    EXPERT_BOT,
    GermanExpertBot,
    opponent_suit_caps,
)
from openwhist_german.heuristic import GermanHeuristicBot
from openwhist_german.rules import current_stock, taken_from_stock

SPADES, HEARTS = 3, 2


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(load_catalog().variant("german"))


def _advance(engine: Engine, rng: random.Random, tricks: int) -> DealState[Any]:
    """A deal dealt by ``rng`` and played by two heuristic bots until ``tricks`` tricks are
    complete and a random number of cards (0 or 1) of the next one is played."""
    state = engine.start_deal(dealer=rng.randrange(2))
    bots = [GermanHeuristicBot(random.Random(rng.getrandbits(32))) for _ in range(2)]
    mid = rng.randrange(2)
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        if len(state.completed) == tricks and len(state.trick) == mid:
            return state
        seat = state.to_act
        legal = engine.legal_actions(state)
        state = engine.apply_unchecked(state, bots[seat].choose(engine.observe(state, seat), legal))
    raise AssertionError("the deal ended early")


def test_phase2_choice_is_always_among_the_solvers_best_moves(engine: Engine) -> None:
    # docs/variants/german.md §1.6: after phase 1 every card is accounted for, so the open position
    # is exactly the game; a perfect player only ever plays a card that keeps the best result.
    rng = random.Random(7)
    checked = 0
    for i in range(40):
        state = _advance(engine, rng, 13 + rng.randrange(0, 12))
        seat = state.to_act
        legal = engine.legal_actions(state)
        if len(legal) < 2:
            continue
        solution = Solver(seats=2, trump=state.trump).solve(
            state.hands, state.leader, trick=state.trick
        )
        bot = GermanExpertBot(random.Random(i))
        action = bot.choose(engine.observe(state, seat), legal)
        assert isinstance(action, Play)
        assert action in legal
        assert action.card in solution.best_moves, (
            f"position {i}: played {action.notation()}, best {solution.best_moves}"
        )
        checked += 1
    assert checked >= 25


def test_phase1_samples_respect_the_view(engine: Engine) -> None:
    # The face-up card is in the stock (it goes to the next trick's winner), the opponent's
    # known face-up cards are in its hand, and the unseen cards split exactly between the
    # opponent's hand and the face-down stock -- whatever the true hidden cards are.
    rng = random.Random(3)
    for i in range(20):
        state = _advance(engine, rng, rng.randrange(1, 12))
        seat = state.to_act
        view = engine.observe(state, seat)
        opponent = 1 - seat
        stock = current_stock(state)
        up, _ = taken_from_stock(state)
        bot = GermanExpertBot(random.Random(i))
        for _ in range(5):
            sample = bot.sample(view, rng)
            assert sample is not None
            hand, sampled_stock = sample
            assert sampled_stock[0] == stock[0], "the face-up card stays on top"
            assert len(sampled_stock) == len(stock)
            assert hand.bit_count() == state.hands[opponent].bit_count()
            assert up[opponent] & state.hands[opponent] & ~hand == 0, "known cards kept"
            true_hidden = state.hands[opponent]
            for card in stock:
                true_hidden |= 1 << card
            got = hand
            for card in sampled_stock:
                got |= 1 << card
            assert got == true_hidden, "the sample deals exactly the unseen cards"


def _rollout_values(engine: Engine, seed: int, exact_from: int, deals: int = 6) -> list[float]:
    """Every candidate card's rollout value on sampled deals of phase-1 decisions."""
    rng = random.Random(seed)
    out = []
    for i in range(deals):
        state = _advance(engine, rng, rng.randrange(0, 13))
        view = engine.observe(state, state.to_act)
        bot = GermanExpertBot(random.Random(i))
        sample_rng = random.Random(i)
        known = view.public.get("known") or [0, 0]
        legal = engine.legal_actions(state)
        for _ in range(3):
            sample = bot.sample(view, sample_rng)
            assert sample is not None
            opp_hand, stock = sample
            for action in legal:
                assert isinstance(action, Play)
                out.append(
                    bot.simulate(view, opp_hand, stock, action.card, known, exact_from=exact_from)
                )
    return out


def test_a_rollout_counted_by_the_solver_is_worth_what_playing_it_out_is(engine: Engine) -> None:
    # The expert stops each phase-1 rollout where both players would only play solver-best
    # cards (EXACT_FROM cards per hand) and counts the rest exactly. That must not change a
    # single rollout's result, or the expert's choices would change: the same values as
    # playing every card with the heuristic policy, on every candidate card.
    full = _rollout_values(engine, 5, exact_from=0)
    assert len(full) > 100
    assert _rollout_values(engine, 5, exact_from=EXACT_FROM) == full


def _view(completed: tuple[TrickRecord, ...], seat: int = 0) -> PlayerView:
    return PlayerView(
        seat=seat,
        seats=2,
        dealer=1,
        phase="play",
        to_act=seat,
        hand=CardSet.parse("2C").mask,
        hand_sizes=(13, 13),
        trump=SPADES,
        leader=seat,
        trick=(),
        tricks=(0, 0),
        completed=completed,
        history=(),
        public={"phase": 1},
    )


def test_a_shown_void_caps_the_suit_by_the_hidden_draws_since() -> None:
    # docs/variants/german.md §1.5: the reply must follow suit, so B discarding on a heart lead is
    # void in hearts; B then draws one card per trick, and only hidden draws can bring hearts back.
    h, s = parse_card("KH"), parse_card("3C")
    lost = TrickRecord(0, (h, s), 0, (0, 1))  # B lost: it drew a hidden card
    assert opponent_suit_caps(_view((lost,)))[HEARTS] == 1
    won_back = TrickRecord(
        0, (parse_card("2D"), parse_card("AD")), 1, (0, 1)
    )  # B won: face-up draw
    assert opponent_suit_caps(_view((lost, won_back)))[HEARTS] == 1
    lost_again = TrickRecord(0, (parse_card("4D"), parse_card("3D")), 0, (0, 1))
    assert opponent_suit_caps(_view((lost, lost_again)))[HEARTS] == 2
    # Following suit, or our own discards, prove nothing about B.
    followed = TrickRecord(0, (h, parse_card("2H")), 0, (0, 1))
    assert opponent_suit_caps(_view((followed,)))[HEARTS] == 13
    ours = TrickRecord(1, (h, s), 1, (1, 0))
    assert opponent_suit_caps(_view((ours,)))[HEARTS] == 13


def test_expert_is_registered_and_plays_whole_deals(engine: Engine) -> None:
    spec = load_catalog().bot("expert", "german")
    assert spec.name == EXPERT_BOT.name
    rng = random.Random(11)
    state = engine.start_deal(dealer=0)
    bots = [spec.factory("german", random.Random(1)), spec.factory("german", random.Random(2))]
    for bot in bots:
        bot.samples = 2  # type: ignore[attr-defined]
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        seat = state.to_act
        legal = engine.legal_actions(state)
        action = bots[seat].choose(engine.observe(state, seat), legal)
        assert action in legal
        state = engine.apply_unchecked(state, action)
    assert len(state.completed) == 26


def test_samples_must_be_positive() -> None:
    with pytest.raises(ValueError, match="samples"):
        GermanExpertBot(samples=0)
