"""Benchmark: start-up time of ``whist`` (issue 5, item 8: ``--help`` within 150 ms).

Run: ``uv run python bench/bench_startup.py [--repeat N] [--json]``

Each figure is the best wall time of ``--repeat`` runs of a fresh process, from start to
exit, with its output discarded. The ``whist`` rows run the console script of this
environment; the plugin-command cache lives in a temporary directory
(``OPENWHIST_CACHE_DIR``), never the user's. ``--help`` is timed with a current cache (the
usual case) and with none (the first run after anything is installed, upgraded or removed).

Python compiles every module without bytecode at each run, so the figures depend on whether
bytecode is there: the script says whether this environment writes it
(``PYTHONDONTWRITEBYTECODE``) and prints the load average, which moves every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def best_of(command: list[str], repeat: int, env: dict[str, str], before: Path | None) -> float:
    """The best wall time of ``repeat`` runs, in ms; ``before`` is removed before each."""
    best = float("inf")
    for _ in range(repeat):
        if before is not None:
            shutil.rmtree(before, ignore_errors=True)
        start = time.perf_counter()
        subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            check=True,
        )
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    whist = shutil.which("whist", path=str(Path(sys.executable).parent))
    if whist is None:
        sys.exit("no `whist` console script beside this Python: run it with `uv run`")
    with tempfile.TemporaryDirectory() as scratch:
        cache = Path(scratch) / "cache"
        env = {**os.environ, "OPENWHIST_CACHE_DIR": str(cache)}
        subprocess.run([whist, "--help"], stdout=subprocess.DEVNULL, env=env, check=True)
        rows = [
            ("python -c pass", [sys.executable, "-c", "pass"], None),
            ('python -c "import typer"', [sys.executable, "-c", "import typer"], None),
            ("whist --version", [whist, "--version"], None),
            ("whist --help", [whist, "--help"], None),
            ("whist --help, cache miss", [whist, "--help"], cache),
            ("whist variants", [whist, "variants"], None),
        ]
        load_before = os.getloadavg()
        figures = {
            name: round(best_of(command, args.repeat, env, before), 1)
            for name, command, before in rows
        }
        load_after = os.getloadavg()
    report = {
        "repeat": args.repeat,
        "writes_bytecode": not sys.dont_write_bytecode,
        "load_average": [round(x, 2) for x in (*load_before[:1], *load_after[:1])],
        "ms": figures,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"best of {args.repeat}; writes bytecode: {report['writes_bytecode']}; "
        f"load average {load_before[0]:.2f} -> {load_after[0]:.2f}"
    )
    for name, ms in figures.items():
        print(f"{ms:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
