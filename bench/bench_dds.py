"""Benchmark: DDS (through endplay) as the four-hand solver -- agreement and speed.

Run: ``uv run python bench/bench_dds.py [--agree N] [--max-cards K] [--full N] [--seed S]``

* agreement: ``N`` random four-hand positions of 2..``K`` cards per hand (any trump or no
  trump, any leader, most with a trick in progress), each card's value from
  `openwhist.solver.dds.FourHandSolver` compared with the pure-Python `Solver`; any
  disagreement is printed and the script exits 1 (the fast test, tests/solver/test_dds.py,
  runs 2,000 positions of 2-4 cards);
* speed: CPU time of one all-cards DDS solve by cards in the hand to move, on random deals
  and random positions of 8..13 cards (the table `openwhist_english.expert.DDS_COST` reads).

It asserts nothing about time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from openwhist.solver import Solver
from openwhist.solver.brute import random_position
from openwhist.solver.dds import FourHandSolver


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--agree", type=int, default=5000)
    parser.add_argument("--max-cards", type=int, default=6)
    parser.add_argument("--full", type=int, default=20, help="positions timed per card count")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bad = 0
    for _ in range(args.agree):
        hands, trump, leader, trick = random_position(
            rng, seats=4, cards=rng.randint(2, args.max_cards)
        )
        ours = Solver(seats=4, trump=trump).move_values(hands, leader, trick=trick)
        theirs = FourHandSolver(trump=trump).move_values(hands, leader, trick=trick)
        if ours != theirs:
            bad += 1
            print("disagree:", hands, trump, leader, trick, ours, theirs)
    print(f"agreement: {args.agree - bad}/{args.agree} positions of 2-{args.max_cards} cards")
    for cards in range(8, 14):
        times = []
        for _ in range(args.full):
            hands, trump, leader, trick = random_position(rng, seats=4, cards=cards)
            solver = FourHandSolver(trump=trump)
            start = time.process_time()
            solver.move_values(hands, leader, trick=trick)
            times.append(time.process_time() - start)
        times.sort()
        print(
            f"{cards:2d} cards: median {statistics.median(times) * 1e3:6.1f} ms CPU, "
            f"slowest {times[-1] * 1e3:6.1f} ms ({args.full} positions)"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
