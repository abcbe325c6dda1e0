"""Benchmark: peak memory of ``whist simulate`` and ``whist arena`` by number of deals.

Run: ``uv run python bench/bench_memory.py [--deals 1000 10000 100000] [--variant german]
[--command simulate arena] [--workers 1] [--json]``

Each figure is one whole ``whist`` process (the environment's ``.venv/bin/whist``, so uv's
own check is not counted), started with ``subprocess.Popen`` and reaped with ``os.wait4``,
whose resource usage gives that process's peak resident set size (``ru_maxrss``, KiB on
Linux). Worker processes of the arena are separate processes and are not included: their
memory does not depend on the number of deals (each plays one chunk of boards at a time).

* ``simulate``: ``whist simulate VARIANT --deals N --seed 1 --json --records FILE`` with
  random bots (every record written to FILE, the summary printed as JSON);
* ``arena``: ``whist arena VARIANT --bots random,random --deals N --seed 1 --json
  --workers W`` (every deal's result printed).

Output goes to a temporary directory and is discarded; wall time is printed for
information only (it depends on the load).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def whist() -> str:
    """The ``whist`` script next to this interpreter (the synced environment's)."""
    return str(Path(sys.executable).with_name("whist"))


def peak_rss(argv: list[str], stdout: Path) -> tuple[int, float]:
    """Run ``argv`` with stdout to ``stdout``; return (peak RSS in KiB, wall seconds)."""
    start = time.perf_counter()
    with stdout.open("wb") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed with exit status {proc.returncode}")
    return usage.ru_maxrss, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--variant", default="german")
    parser.add_argument("--command", nargs="+", default=["simulate", "arena"])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for command in args.command:
            for deals in args.deals:
                common = [args.variant, "--deals", str(deals), "--seed", "1", "--json"]
                if command == "simulate":
                    argv = [whist(), "simulate", *common, "--records", f"{tmp}/records.jsonl"]
                else:
                    argv = [whist(), "arena", *common, "--bots", "random,random"]
                    argv += ["--workers", str(args.workers)]
                kib, seconds = peak_rss(argv, Path(tmp) / "out.json")
                rows.append(
                    {
                        "command": command,
                        "variant": args.variant,
                        "deals": deals,
                        "peak_rss_mib": round(kib / 1024, 1),
                        "seconds": round(seconds, 1),
                    }
                )
                print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'command':9} {'variant':8} {'deals':>7} {'peak RSS MiB':>13} {'seconds':>8}")
    for r in rows:
        print(
            f"{r['command']:9} {r['variant']:8} {r['deals']:>7} {r['peak_rss_mib']:>13.1f} "
            f"{r['seconds']:>8.1f}"
        )


if __name__ == "__main__":
    main()
