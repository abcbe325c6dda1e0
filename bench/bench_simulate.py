"""Benchmark: ``whist simulate`` against the plain reference engine, whole process and loop.

Run: ``uv run python bench/bench_simulate.py [--deals N] [--rounds R] [--variant NAME ...]
[--records] [--json]``

It prints figures and asserts nothing about time. Measured alternately in every round (so
the machine's load hits every figure alike), CPU time (user + system), best round kept:

* ``process``   -- ``whist simulate V --deals N --seed 1`` as a whole process against
  ``python bench/reference_engine.py V N 1`` (issue 11's target: at least 0.4x for German);
* ``start-up``  -- ``whist simulate V --deals 1 --seed 1``: what the process costs before
  its loop (imports, plugins, the first deal), so ``process - start-up`` is the loop;
* ``records``   -- (with ``--records``) the same run writing ``--records FILE``;
* ``loop``      -- in this process: ``simulate(catalog, V, deals=N, seed=1, stream=True)``
  (whole matches of random bots, the summary, no records kept) against
  ``reference_engine.play(V, N, 1)`` and against the bare mutable API
  (``bench_engine.mutable_deals``: push/legal_actions/score, no matches, no bots).

Every loop deals through the chance action and scores every deal; the reference plays the
same random deals as the engine (``tests/core/test_reference_engine.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import bench_engine
import reference_engine
from openwhist.game.engine import Engine
from openwhist.plugins import load_catalog
from openwhist.services.simulate import simulate

HERE = Path(__file__).resolve().parent


def process_cpu(argv: list[str]) -> float:
    """CPU seconds (user + system) of one child process running ``argv`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cpu(run: Callable[[], object]) -> float:
    """CPU seconds of ``run()`` in this process."""
    start = time.process_time()
    run()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variant", action="append", default=None)
    parser.add_argument("--records", action="store_true", help="also time --records FILE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = args.variant or ["german"]
    n = str(args.deals)
    whist = str(Path(sys.executable).with_name("whist"))  # the installed entry point
    catalog = load_catalog()
    engines = {name: Engine(catalog.variant(name)) for name in names}
    for name in names:  # warm the tables (not timed)
        simulate(catalog, name, deals=20, seed=0, stream=True)
        reference_engine.play(name, 20, 0)
    best: dict[str, dict[str, float]] = {name: {} for name in names}
    with tempfile.TemporaryDirectory() as tmp:
        records = os.path.join(tmp, "records.jsonl")
        for _ in range(args.rounds):
            for name in names:
                times = {
                    "reference_process": process_cpu(
                        [sys.executable, str(HERE / "reference_engine.py"), name, n, "1"]
                    ),
                    "simulate_process": process_cpu(
                        [whist, "simulate", name, "--deals", n, "--seed", "1"]
                    ),
                    "startup_process": process_cpu(
                        [whist, "simulate", name, "--deals", "1", "--seed", "1"]
                    ),
                    "reference_loop": cpu(lambda v=name: reference_engine.play(v, args.deals, 1)),
                    "mutable_loop": cpu(
                        lambda e=engines[name]: bench_engine.mutable_deals(e, args.deals, 1)
                    ),
                    "simulate_loop": cpu(
                        lambda v=name: simulate(catalog, v, deals=args.deals, seed=1, stream=True)
                    ),
                }
                if args.records:
                    times["records_process"] = process_cpu(
                        [whist, "simulate", name, "--deals", n, "--seed", "1", "--records", records]
                    )
                for kind, seconds in times.items():
                    best[name][kind] = min(best[name].get(kind, float("inf")), seconds)
    results: dict[str, dict[str, float]] = {}
    for name, b in best.items():
        r = {k: round(v, 3) for k, v in b.items()}
        r["process_vs_reference"] = round(b["reference_process"] / b["simulate_process"], 3)
        r["loop_vs_reference"] = round(b["reference_loop"] / b["simulate_loop"], 3)
        r["loop_vs_mutable"] = round(b["mutable_loop"] / b["simulate_loop"], 3)
        if "records_process" in b:
            r["records_vs_reference"] = round(b["reference_process"] / b["records_process"], 3)
        results[name] = r
    if args.json:
        print(json.dumps({"deals": args.deals, "rounds": args.rounds, "variants": results}))
        return
    print(f"{args.deals} deals, best of {args.rounds} alternating rounds, CPU seconds")
    for name, r in results.items():
        print(
            f"{name:9} process: reference {r['reference_process']:.3f}  simulate "
            f"{r['simulate_process']:.3f} ({r['process_vs_reference']:.2f}x; start-up "
            f"{r['startup_process']:.3f})"
            + (
                f"  records {r['records_process']:.3f} ({r['records_vs_reference']:.2f}x)"
                if "records_process" in r
                else ""
            )
        )
        print(
            f"{'':9} loop:    reference {r['reference_loop']:.3f}  mutable API "
            f"{r['mutable_loop']:.3f}  simulate {r['simulate_loop']:.3f} "
            f"({r['loop_vs_reference']:.2f}x the reference, {r['loop_vs_mutable']:.2f}x the "
            "mutable API)"
        )


if __name__ == "__main__":
    main()
