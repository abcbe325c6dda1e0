"""The benchmark's reference engine plays the engine's rules, so its ratio cannot flatter.

bench/bench_engine.py reports the engine's speed as a ratio to bench/reference_engine.py.
That ratio means something only if the reference does the same work: the same rules, the
same legal actions in the same order, the same deals. Fed the same random numbers as an
engine loop, it must play exactly the same deals and reach the same results.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from openwhist import CHANCE, TERMINAL
from openwhist.game.engine import Engine
from openwhist.plugins import load_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import reference_engine


def _engine_deals(name: str, count: int, seed: int) -> list[Any]:
    engine = Engine(load_catalog().variant(name))
    rng = random.Random(seed)
    scores = []
    for n in range(count):
        state = engine.start_deal(dealer=n % engine.variant.seats)
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            actions = engine.legal_actions(state)
            state = engine.apply(state, actions[rng.randrange(len(actions))])
        scores.append(engine.score(state))
    return scores


def _reference_deals(name: str, count: int, seed: int) -> list[Any]:
    deals = []
    rng = random.Random(seed)
    for n in range(count):
        order = list(range(52))
        rng.shuffle(order)
        deal: Any
        if name == "german":
            deal = reference_engine.GermanDeal(order, n % 2)
        elif name == "israeli":
            deal = reference_engine.IsraeliDeal(order, n % 4)
        else:
            deal = reference_engine.EnglishDeal(order, n % 4, honours=name == "english")
        while deal.to_act != reference_engine.TERMINAL:
            if deal.to_act == reference_engine.CHANCE:
                order = list(range(52))
                rng.shuffle(order)
                deal.deal(order)
                continue
            actions = deal.legal_actions()
            deal.push(actions[rng.randrange(len(actions))])
        deals.append(deal)
    return deals


@pytest.mark.parametrize("name", ["german", "english", "american", "israeli"])
def test_reference_plays_the_engines_deals(name: str) -> None:
    count = 120
    scores = _engine_deals(name, count, 5)
    deals = _reference_deals(name, count, 5)
    for score, deal in zip(scores, deals, strict=True):
        if name == "german":
            assert deal.won2 == score.facts["phase2"]
            assert score.winner == deal.score()[0]
        elif name == "israeli":
            assert list(score.tricks) == deal.tricks
            assert [score.points(s) for s in range(4)] == deal.score()
        else:
            assert list(score.tricks) == deal.tricks
            side, points = deal.score()
            assert score.winner == side
            if name == "american":
                assert score.points(side) == points


def test_reference_checks_legality() -> None:
    order = list(range(52))
    random.Random(3).shuffle(order)
    deal = reference_engine.GermanDeal(order, 0)
    illegal = next(c for c in range(52) if not deal.legal_mask() >> c & 1)
    with pytest.raises(reference_engine.IllegalMoveError):
        deal.push(illegal)
