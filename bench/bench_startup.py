"""Benchmark: start-up time of ``whist`` (issue 5, item 8: ``--help`` within 150 ms; issue
11: ``whist scores`` on a small ledger within 0.3 s of CPU).

Run: ``uv run python bench/bench_startup.py [--repeat N] [--json]`` (wall time), or
``uv run python bench/bench_startup.py --cpu [--repeat N] [--json]`` (CPU time, below).

``--cpu``: the CPU time (user + system, from the child's rusage) of ``python -c pass``,
``whist --help``, ``whist scores 1`` on a small ledger (one German match of 20 deals, made
first in a temporary directory), ``whist standings`` and ``whist matches`` on it, and
``whist simulate german --deals 1 --seed 1``; the rows run alternately, ``--repeat`` rounds,
best of each, twice: as the environment runs them (``PYTHONDONTWRITEBYTECODE`` as it is)
and with warm bytecode (``PYTHONPYCACHEPREFIX`` pointing at a scratch directory filled by a
first run). CPU time, unlike wall time, moves little with the machine's load.
``--before DIR`` adds the same rows for the source tree in DIR (e.g. ``git archive`` of the
commit before a change, unpacked), run in this environment through ``PYTHONPATH``.

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
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SMALL_LEDGER = """
import sys
from openwhist.services.ledger import Ledger
with Ledger(sys.argv[1], catalog=None) as ledger:
    options = {"match_format": "target_points", "target_points": 9000}
    match = ledger.start_match("german", ["Ann", "Bob"], options=options)
    for won in [8, 3, 13, 0, 6, 7, 9, 4, 10, 2] * 2:
        tricks = {"phase1_tricks": [7, 6], "phase2_tricks": [won, 13 - won]}
        ledger.record_real_deal(match, tricks)
"""


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


def cpu_of(command: list[str], env: dict[str, str]) -> float:
    """The CPU seconds (user + system) one run of ``command`` took, from its rusage."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        check=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def tree_path(tree: Path) -> str:
    """A ``PYTHONPATH`` that runs the source tree ``tree`` (say, ``git archive`` of an older
    commit) in this environment: its packages come before the editable installs."""
    parts = [tree / "core", tree / "cli", *sorted((tree / "plugins").glob("*/src"))]
    return os.pathsep.join(str(p) for p in parts)


def cpu_main(whist: str, repeat: int, as_json: bool, before: Path | None = None) -> None:
    """The ``--cpu`` figures (see the module docstring); ``before``: also the tree there."""
    with tempfile.TemporaryDirectory() as scratch:
        ledger = str(Path(scratch) / "small.sqlite3")
        subprocess.run([sys.executable, "-c", SMALL_LEDGER, ledger], check=True)
        plain = {**os.environ, "OPENWHIST_CACHE_DIR": str(Path(scratch) / "cache")}
        warm = {**plain, "PYTHONPYCACHEPREFIX": str(Path(scratch) / "pycache")}
        warm.pop("PYTHONDONTWRITEBYTECODE", None)
        rows = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "whist --help": [whist, "--help"],
            "whist scores 1 (small ledger)": [whist, "scores", "1", "--db", ledger],
            "whist standings (small ledger)": [whist, "standings", "--db", ledger],
            "whist matches (small ledger)": [whist, "matches", "--db", ledger],
            "whist simulate german --deals 1": [
                whist,
                "simulate",
                "german",
                "--deals",
                "1",
                "--seed",
                "1",
            ],
        }
        conditions = {"as run here": plain, "warm bytecode": warm}
        if before is not None:
            old = tree_path(before)
            conditions = {
                "before, as run here": {**plain, "PYTHONPATH": old},
                "as run here": plain,
                "before, warm bytecode": {**warm, "PYTHONPATH": old},
                "warm bytecode": warm,
            }
        for command in rows.values():  # fill the caches (plugin commands, bytecode)
            for env in conditions.values():
                subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=True)
        best: dict[str, dict[str, float]] = {c: {} for c in conditions}
        load_before = os.getloadavg()[0]
        for _ in range(repeat):
            for condition, env in conditions.items():
                for name, command in rows.items():
                    used = cpu_of(command, env)
                    best[condition][name] = min(best[condition].get(name, used), used)
        load_after = os.getloadavg()[0]
    report = {
        "repeat": repeat,
        "load_average": [round(load_before, 2), round(load_after, 2)],
        "cpu_ms": {c: {n: round(v * 1000, 1) for n, v in b.items()} for c, b in best.items()},
    }
    if as_json:
        print(json.dumps(report, indent=2))
        return
    print(f"CPU, best of {repeat}; load average {load_before:.2f} -> {load_after:.2f}")
    print(f"{'':34}" + "".join(f"{c:>24}" for c in conditions))
    for name in rows:
        print(f"{name:34}" + "".join(f"{best[c][name] * 1000:21.0f} ms" for c in conditions))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--cpu", action="store_true", help="CPU time of ledger commands too")
    parser.add_argument(
        "--before", type=Path, help="with --cpu: also time the source tree DIR (alternately)"
    )
    args = parser.parse_args()

    whist = shutil.which("whist", path=str(Path(sys.executable).parent))
    if whist is None:
        sys.exit("no `whist` console script beside this Python: run it with `uv run`")
    if args.cpu:
        cpu_main(whist, args.repeat, args.json, args.before)
        return
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
