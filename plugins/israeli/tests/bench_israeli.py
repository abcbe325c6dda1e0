"""Benchmark: random Israeli Whist deals per second through the public Engine API.

Run ``.venv/bin/python plugins/israeli/tests/bench_israeli.py [deals]``. Each deal is
played from ``start_deal`` to the end (chance deal, trump auction, any Frisch rounds and
redeals, the contract round and 13 tricks) by choosing uniformly among
``engine.legal_actions`` and applying with ``engine.apply_unchecked``, as a bot loop does.
It reports figures and never asserts a time (the machine may be busy).
"""

from __future__ import annotations

import random
import sys
import time

from openwhist import CHANCE, TERMINAL, Engine
from openwhist_israeli import ISRAELI, PassingRandomBot


def run(deals: int, *, passing: bool, score: bool, seed: int = 1) -> tuple[float, float]:
    """Deals per second of wall-clock and of CPU time (the CPU figure is steadier on a
    shared machine); ``passing`` uses the passing bot (Frisch paths), ``score`` scores."""
    engine = Engine(ISRAELI)
    rng = random.Random(seed)
    bot = PassingRandomBot(rng)
    start, cpu = time.perf_counter(), time.process_time()
    for index in range(deals):
        state = engine.start_deal(dealer=index & 3)
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                action = engine.sample_chance(state, rng)
            else:
                legal = engine.legal_actions(state)
                action = bot.pick(legal) if passing else legal[rng.randrange(len(legal))]
            state = engine.apply_unchecked(state, action)
        if score:
            engine.score(state)
    return deals / (time.perf_counter() - start), deals / (time.process_time() - cpu)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    for passing in (False, True):
        for score in (False, True):
            wall, cpu = run(deals, passing=passing, score=score)
            who = "passing bot (Frisch in ~30%)" if passing else "uniform random"
            print(f"{who:30} scored={score!s:5} {wall:8.0f} deals/s wall, {cpu:8.0f} per CPU s")


if __name__ == "__main__":
    main()
