"""`openwhist.bots.sampling.play_out`, the rollout every sampling expert plays (docs/bots.md).

A rollout that handed a policy a view other than the one the table would show at the same
position -- another hand, trick, count of tricks, hand sizes -- or that played the deal by
other rules would change the experts' choices. Here every card of a play-out is replayed on
the engine (the core's standard rules, `openwhist.testing.toy.TOY`): each view a policy is
handed must agree with ``engine.observe`` there, the policy's legal mask with the engine's,
and the tricks returned with the engine's at the end of the deal.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from openwhist import CHANCE, TERMINAL, Engine
from openwhist.bots.sampling import play_out, view_after_card
from openwhist.game.actions import Play
from openwhist.game.state import DealState, clockwise_orders
from openwhist.game.views import PlayerView
from openwhist.testing.toy import TOY


def _position(engine: Engine, seed: int, cards: int) -> DealState[Any]:
    """A seeded deal with ``cards`` cards played at random (a trick to start, or mid-trick)."""
    rng = random.Random(seed)
    state = engine.start_deal(dealer=seed % 4)
    played = 0
    while state.to_act == CHANCE or played < cards:
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        legal = engine.legal_actions(state)
        state = engine.apply(state, legal[rng.randrange(len(legal))])
        played += 1
    return state


def _policy(log: list[tuple[PlayerView, int, int]]) -> Any:
    """A deterministic policy that depends on its view (highest card on even tricks, lowest
    on odd ones), noting every view, legal mask and card."""

    def choose(view: PlayerView, legal: int) -> int:
        high = len(view.completed) % 2 == 0
        card = legal.bit_length() - 1 if high else (legal & -legal).bit_length() - 1
        log.append((view, legal, card))
        return card

    return choose


def _legal_mask(engine: Engine, state: DealState[Any]) -> int:
    mask = 0
    for action in engine.legal_actions(state):
        assert isinstance(action, Play)
        mask |= 1 << action.card
    return mask


@pytest.mark.parametrize(("seed", "cards"), [(1, 0), (2, 1), (3, 6), (4, 27), (5, 41)])
def test_a_play_out_hands_each_policy_the_view_the_table_would_show(seed: int, cards: int) -> None:
    engine = Engine(TOY)
    state = _position(engine, seed, cards)
    seat = state.to_act
    view = engine.observe(state, seat)
    first = (_legal_mask(engine, state) & -_legal_mask(engine, state)).bit_length() - 1
    after_state = engine.apply(state, Play(first))
    hands = list(state.hands)
    hands[seat] &= ~(1 << first)
    # A match's progress, as a view mid-match holds it: the play-out must carry it along.
    start = replace(view_after_card(view, first), progress={"games": [1, 0]})
    assert start.options is not None
    log: list[tuple[PlayerView, int, int]] = []

    tricks = play_out(start, hands, [_policy(log)] * 4, extra_public=lambda s, t: {"n": t[s]})

    asked = iter(log)
    state = after_state
    while state.to_act != TERMINAL:
        legal = _legal_mask(engine, state)
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1  # one legal card: the policy is not asked
        else:
            seen, mask, card = next(asked)
            table = engine.observe(state, state.to_act)
            assert mask == legal
            assert (seen.seat, seen.to_act, seen.hand) == (table.seat, table.to_act, table.hand)
            assert seen.hand_sizes == table.hand_sizes
            assert (seen.leader, seen.trick, seen.tricks) == (
                table.leader,
                table.trick,
                table.tricks,
            )
            assert seen.completed == table.completed
            assert seen.trick_order == (table.trick_order or clockwise_orders(4)[table.leader])
            # What the play-out does not follow is the start view's, public facts updated.
            assert (seen.dealer, seen.phase, seen.trump) == (start.dealer, start.phase, start.trump)
            assert seen.history == start.history
            assert (seen.options, seen.progress) == (start.options, start.progress)
            assert seen.public == start.public | {"n": seen.tricks[seen.seat]}
            assert seen.private == {}
            assert type(seen) is PlayerView
        state = engine.apply(state, Play(card))
    assert next(asked, None) is None
    assert tricks == tuple(state.tricks)
    assert log, "the policy was asked at least once"
