"""Benchmark: the double-dummy solver (`openwhist.solver`) on random positions.

Run: ``uv run python bench/bench_solver.py [--german N] [--seed S] [--four 7:20,8:10]
[--full N] [--full-nodes M] [--json]``

It prints figures and asserts nothing about time (our machines are shared and noisy); wall
time (``perf_counter``) and CPU time of this process (``process_time``, less disturbed by
other processes on a busy machine) are both reported. Each position is solved by a fresh
`Solver` (empty table) with `Solver.solve`: the value *and* every best card.

* ``german``: random 13+13 German Whist endgames (phase 2): 26 random cards dealt to the two
  seats, a random trump suit, a random leader;
* ``4xK``: four hands of K random cards, random trump or no trump, random leader;
* ``4x13``: full random deals. Pure Python does not solve every full deal in reasonable
  time: each gets at most ``--full-nodes`` nodes and is reported as unsolved past it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from openwhist.solver import SearchLimitError, Solver
from openwhist.solver.brute import random_position


def measure(
    positions: list[tuple[tuple[int, ...], int, int, tuple[int, ...]]],
    max_nodes: int | None = None,
) -> dict[str, Any]:
    walls: list[float] = []
    cpus: list[float] = []
    nodes = 0
    unsolved = 0
    for hands, trump, leader, trick in positions:
        solver = Solver(seats=len(hands), trump=trump, max_nodes=max_nodes)
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            solver.solve(hands, leader, trick=trick)
        except SearchLimitError:
            unsolved += 1
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        nodes += solver.nodes
    return {
        "positions": len(positions),
        "unsolved": unsolved,
        "median_ms": round(statistics.median(walls) * 1e3, 1),
        "slowest_ms": round(max(walls) * 1e3, 1),
        "median_cpu_ms": round(statistics.median(cpus) * 1e3, 1),
        "slowest_cpu_ms": round(max(cpus) * 1e3, 1),
        "nodes_per_position": nodes // len(positions),
        "nodes_per_cpu_second": int(nodes / max(sum(cpus), 1e-9)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--german", type=int, default=50, help="German endgames (13+13)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--four", default="7:20,8:10", help="four-seat sizes, CARDS:COUNT comma separated"
    )
    parser.add_argument("--full", type=int, default=3, help="full 4x13 deals")
    parser.add_argument("--full-nodes", type=int, default=5_000_000, help="node cap per deal")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    results: dict[str, dict[str, Any]] = {}
    german = [
        random_position(rng, seats=2, cards=13, trumps=(0, 1, 2, 3), partial=False)
        for _ in range(args.german)
    ]
    if german:
        results["german 13+13"] = measure(german)
    for spec in filter(None, args.four.split(",")):
        cards, count = (int(x) for x in spec.split(":"))
        four = [random_position(rng, seats=4, cards=cards, partial=False) for _ in range(count)]
        results[f"4x{cards}"] = measure(four)
    if args.full:
        full = [random_position(rng, seats=4, cards=13, partial=False) for _ in range(args.full)]
        results["4x13"] = measure(full, max_nodes=args.full_nodes)

    if args.json:
        print(json.dumps(results, indent=2))
        return
    header = ("positions", "median ms", "slowest ms", "median cpu", "slowest cpu", "nodes/pos")
    print(f"{'':14}" + "".join(f"{h:>12}" for h in header) + f"{'nodes/cpu s':>13}  unsolved")
    for name, r in results.items():
        row = (
            r["positions"],
            r["median_ms"],
            r["slowest_ms"],
            r["median_cpu_ms"],
            r["slowest_cpu_ms"],
            r["nodes_per_position"],
        )
        print(
            f"{name:14}"
            + "".join(f"{v:>12}" for v in row)
            + f"{r['nodes_per_cpu_second']:>13}  {r['unsolved']}"
        )


if __name__ == "__main__":
    main()
