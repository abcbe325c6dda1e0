"""Benchmark: `whist review` of whole deals (issue 17's targets).

Run: ``uv run python bench/bench_review.py [--german N] [--english N] [--seed S] [--json]``

Each deal is a seeded match of one deal played by the ``heuristic`` bot at every seat
(`openwhist.services.simulate.play_match`), then reviewed for **every** seat in honest mode
at the expert's default budget (`openwhist.services.review.review_record`: German phase 2
exact, phase 1 on 12 sampled deals per decision; English 30 sampled deals, late decisions
exact over every consistent deal). Playing the deal is not timed; the review is, from the
record (its replay included). Wall time (``perf_counter``) and this process's CPU time
(``process_time``, less disturbed on a shared machine) are both reported. German and
English deals are measured alternately, so a change of load hits both. Nothing about time
is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from openwhist.game.engine import Engine
from openwhist.plugins import load_catalog
from openwhist.services.review import review_record
from openwhist.services.simulate import play_match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--german", type=int, default=6, help="German deals (default 6)")
    parser.add_argument("--english", type=int, default=3, help="English deals (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    catalog = load_catalog()
    records: dict[str, list[Any]] = {"german": [], "english": []}
    for variant, count in (("german", args.german), ("english", args.english)):
        engine = Engine(catalog.variant(variant))
        bots = [catalog.bot("heuristic", variant)] * engine.variant.seats
        for i in range(count):
            outcome = play_match(engine, bots, seed=args.seed + i, max_deals=1)
            records[variant].append(outcome.record)
    times: dict[str, list[tuple[float, float, int]]] = {"german": [], "english": []}
    order = []
    for i in range(max(args.german, args.english)):
        for variant in ("german", "english"):
            if i < len(records[variant]):
                order.append((variant, records[variant][i]))
    for variant, record in order:
        wall, cpu = time.perf_counter(), time.process_time()
        review = review_record(record, catalog, seats=list(range(len(record.players))))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        decisions = sum(len(d.decisions) for d in review.deals)
        times[variant].append((wall, cpu, decisions))
    out: dict[str, Any] = {}
    for variant, rows in times.items():
        if not rows:
            continue
        walls = [r[0] for r in rows]
        cpus = [r[1] for r in rows]
        out[variant] = {
            "deals": len(rows),
            "decisions_per_deal": rows[0][2],
            "median_wall_s": round(statistics.median(walls), 2),
            "max_wall_s": round(max(walls), 2),
            "median_cpu_s": round(statistics.median(cpus), 2),
            "max_cpu_s": round(max(cpus), 2),
        }
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for variant, row in out.items():
        print(
            f"{variant}: {row['deals']} deals, {row['decisions_per_deal']} decisions each; "
            f"wall median {row['median_wall_s']} s, max {row['max_wall_s']} s; "
            f"CPU median {row['median_cpu_s']} s, max {row['max_cpu_s']} s"
        )


if __name__ == "__main__":
    main()
