"""Benchmark: ``whist simulate`` as a whole process against a plain reference process.

Run: ``uv run python bench/bench_process.py [--deals 2000] [--seed 1] [--repeats 5]
[--reference NAME] [--json]``

Two commands, run alternately ``--repeats`` times each, every run a fresh process:

* ``whist simulate german --deals N --seed S`` through the environment's ``.venv/bin/whist``
  (so uv's own environment check is not counted), random bots, summary to /dev/null;
* the reference: a ``python -c`` process that runs only the named reference loop of
  bench/bench_engine.py (its source, taken with `inspect.getsource`, with the module-level
  constants it uses) on N deals -- the interpreter, nothing imported but ``random``.

Figures are the CPU time of each child process (user + system, from ``os.wait4``), best
of the repeats, and the wall time for information; the ratio is reference time / simulate
time (simulate's speed as a fraction of the reference's, whole process against whole
process).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import bench_engine


def run(argv: list[str]) -> tuple[float, float]:
    """Run ``argv`` (output discarded); return (CPU seconds of the child, wall seconds)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{argv[0]} failed with status {os.waitstatus_to_exitcode(status)}")
    return usage.ru_utime + usage.ru_stime, wall


def reference_program(name: str, deals: int, seed: int) -> str:
    """The source of a program that runs bench_engine's ``name`` on ``deals`` deals."""
    function = getattr(bench_engine, name)
    constants = "".join(
        f"{k} = {v!r}\n"
        for k, v in vars(bench_engine).items()
        if k.isupper() and isinstance(v, int | tuple)
    )
    return f"import random\n{constants}\n{inspect.getsource(function)}\n{name}({deals}, {seed})\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--reference", default="reference_german_deals")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    whist = str(Path(sys.executable).with_name("whist"))
    commands = {
        "simulate": [
            whist,
            "simulate",
            "german",
            "--deals",
            str(args.deals),
            "--seed",
            str(args.seed),
        ],
        "reference": [
            sys.executable,
            "-c",
            reference_program(args.reference, args.deals, args.seed),
        ],
    }
    best: dict[str, dict[str, float]] = {k: {"cpu": 1e9, "wall": 1e9} for k in commands}
    for _ in range(args.repeats):
        for name, argv in commands.items():
            cpu, wall = run(argv)
            best[name]["cpu"] = min(best[name]["cpu"], cpu)
            best[name]["wall"] = min(best[name]["wall"], wall)
    ratio = best["reference"]["cpu"] / best["simulate"]["cpu"]
    result: dict[str, Any] = {
        "deals": args.deals,
        "reference": args.reference,
        "simulate_cpu_s": round(best["simulate"]["cpu"], 3),
        "simulate_wall_s": round(best["simulate"]["wall"], 3),
        "reference_cpu_s": round(best["reference"]["cpu"], 3),
        "reference_wall_s": round(best["reference"]["wall"], 3),
        "simulate_vs_reference": round(ratio, 3),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        print(f"{key:24} {value}")


if __name__ == "__main__":
    main()
