"""Benchmark: ``whist arena`` deals per second by worker count (issue 7, items 5 and 8).

Run: ``uv run python bench/bench_arena.py [--deals N] [--seed S] [--workers 1 2]
[--variant german english] [--bots random,random] [--repeat R] [--json]``

Each measurement is one `run_arena` call, timed on the wall clock from the call to its
return -- process-pool start-up, catalog inheritance and the statistics included, the
catalog load excluded (loaded once before timing) -- exactly what the command does after
start-up. Figures are deals played per second (a plain run plays one deal per board), the
best of ``--repeat`` runs. The same seed gives identical results for every worker count;
the script checks that and fails if not.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from openwhist.plugins import load_catalog
from openwhist.services.arena import run_arena


def measure(
    variant: str, bots: list[str], deals: int, seed: int, workers: int, repeat: int
) -> tuple[float, dict[str, Any]]:
    """The best wall time of ``repeat`` runs, and the summary of the last one."""
    catalog = load_catalog()
    best = float("inf")
    summary: dict[str, Any] = {}
    for _ in range(repeat):
        start = time.perf_counter()
        result = run_arena(catalog, variant, bots=bots, deals=deals, seed=seed, workers=workers)
        best = min(best, time.perf_counter() - start)
        summary = result.summary
    return best, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--variant", nargs="+", default=["german", "english"])
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    bots = args.bots.split(",")
    rows = []
    for variant in args.variant:
        reference: dict[str, Any] | None = None
        for workers in args.workers:
            seconds, summary = measure(variant, bots, args.deals, args.seed, workers, args.repeat)
            if reference is None:
                reference = summary
            elif summary != reference:
                raise SystemExit(f"{variant}: results differ between worker counts")
            rows.append(
                {
                    "variant": variant,
                    "bots": args.bots,
                    "workers": workers,
                    "deals": summary["plays"],
                    "seconds": round(seconds, 3),
                    "deals_per_second": round(summary["plays"] / seconds, 1),
                }
            )
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'variant':8} {'bots':16} {'workers':>7} {'deals':>6} {'seconds':>8} {'deals/s':>8}")
    for r in rows:
        print(
            f"{r['variant']:8} {r['bots']:16} {r['workers']:>7} {r['deals']:>6} "
            f"{r['seconds']:>8.3f} {r['deals_per_second']:>8.1f}"
        )


if __name__ == "__main__":
    main()
