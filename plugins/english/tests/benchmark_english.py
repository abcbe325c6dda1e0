"""Benchmark: random English Whist deals per second through the public engine.

Run ``python plugins/english/tests/benchmark_english.py [deals]``. It plays random deals
(chance deal, then ``legal_actions`` + ``apply`` with a random legal choice until the end,
then ``score``) in one process and prints deals per second, next to the core's toy
variant (standard rules only) to show what English Whist's own hooks cost. Rates are per
second of this process's CPU time (``time.process_time``), so other load on a shared
machine disturbs them less than wall-clock rates. It reports figures and asserts nothing
about time.
"""

from __future__ import annotations

import random
import sys
import time

from openwhist import Engine, Variant
from openwhist.testing.toy import TOY
from openwhist_english import AMERICAN, ENGLISH


def deals_per_second(variant: Variant, deals: int, *, score: bool = True, seed: int = 1) -> float:
    """Random deals of ``variant`` per CPU second (best of three runs)."""
    engine = Engine(variant)
    best = 0.0
    for run in range(3):
        rng = random.Random(seed + run)
        start = time.process_time()
        for i in range(deals):
            state = engine.start_deal(dealer=i & 3)
            state = engine.apply(state, engine.sample_chance(state, rng))
            while state.to_act >= 0:
                legal = engine.legal_actions(state)
                state = engine.apply(state, legal[rng.randrange(len(legal))])
            if score:
                engine.score(state)
        best = max(best, deals / (time.process_time() - start))
    return best


def main(deals: int = 3000) -> None:
    for variant in (ENGLISH, AMERICAN, TOY):
        with_score = deals_per_second(variant, deals)
        play_only = deals_per_second(variant, deals, score=False)
        print(
            f"{variant.name:10s} {with_score:8.0f} deals/s with scoring, "
            f"{play_only:8.0f} deals/s play only"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
