"""Benchmark: what the ledger's safety costs (issue 14, defects 6 and 8).

Run: ``uv run python bench/bench_ledger_safety.py [--deals N] [--actions K] [--dir DIR]``

* **The integrity check on open.** Builds the synthetic ledger of ``bench_ledger.py`` (``N``
  played German deals in matches of 50, default 100,000) and times ``PRAGMA quick_check``
  (what every open of an SQLite ledger runs up to `db.QUICK_CHECK_MAX_BYTES`) and
  ``PRAGMA integrity_check`` (what ``whist ledger check`` runs), cold-ish (first run) and
  warm (best of 3), with the file's size: the figures behind the size bound.
* **Durability per action.** Logs ``K`` actions (default 400), one committed unit of work
  each, as ``whist play`` does (`Ledger.record_action`), with ``synchronous=NORMAL`` and
  with ``synchronous=FULL``, alternately in rounds in one run so the machine's load hits
  both alike; prints the median milliseconds per action of each. The files live in
  ``DIR`` (default: a temporary directory; give a directory on the disk you care about --
  on tmpfs an fsync costs nothing).

It prints figures and asserts nothing (our machines are shared and noisy).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from openwhist.ledger import db
from openwhist.services.ledger import Ledger


def _bench_ledger() -> Any:
    spec = importlib.util.spec_from_file_location(
        "bench_ledger", Path(__file__).with_name("bench_ledger.py")
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _timed_pragma(path: Path, pragma: str) -> tuple[float, str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        started = time.perf_counter()
        verdict = str(conn.execute(f"PRAGMA {pragma}").fetchone()[0])
        return time.perf_counter() - started, verdict
    finally:
        conn.close()


def check_costs(directory: Path, deals: int) -> dict[str, Any]:
    """Seconds of quick_check / integrity_check on a ledger of ``deals`` played deals."""
    path = directory / "many.sqlite3"
    with Ledger(str(path), catalog={}) as ledger:
        _bench_ledger()._fill(
            ledger, matches=max(1, deals // 50), per_match=min(50, deals), players=40, seed=1
        )
    figures: dict[str, Any] = {"deals": deals, "db_bytes": path.stat().st_size}
    for pragma in ("quick_check", "integrity_check"):
        first, verdict = _timed_pragma(path, pragma)
        best = min(_timed_pragma(path, pragma)[0] for _ in range(3))
        figures[pragma] = {"first_s": round(first, 3), "best_s": round(best, 3), "ok": verdict}
    started = time.perf_counter()
    Ledger(str(path), catalog={}).close()
    figures["open_s"] = round(time.perf_counter() - started, 3)
    return figures


def action_costs(directory: Path, actions: int, rounds: int = 5) -> dict[str, Any]:
    """Median ms per logged action with synchronous NORMAL and FULL, measured alternately."""
    samples: dict[str, list[float]] = {"NORMAL": [], "FULL": []}
    per_round = max(1, actions // rounds)
    for r in range(rounds):
        for mode in ("NORMAL", "FULL") if r % 2 == 0 else ("FULL", "NORMAL"):
            path = directory / f"actions-{mode}-{r}.sqlite3"
            original = db.SYNCHRONOUS
            db.SYNCHRONOUS = mode
            try:
                with Ledger(str(path), catalog=None) as ledger:
                    match = ledger.start_match("german", ["Ann", "Bob"], seed=1)
                    notations = ["deal " + " ".join(["AS"] * 52)]  # a chance action's size
                    started = time.perf_counter()
                    for index in range(1, per_round + 1):
                        # The log accepts any notation: the cost is the commit, not parsing.
                        ledger.record_action(match, index, notations[0] if index == 1 else "AS")
                    elapsed = time.perf_counter() - started
            finally:
                db.SYNCHRONOUS = original
            samples[mode].append(1000 * elapsed / per_round)
    return {
        "actions": per_round * rounds,
        "ms_per_action": {m: round(statistics.median(v), 3) for m, v in samples.items()},
        "samples_ms": {m: [round(x, 3) for x in v] for m, v in samples.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--dir", type=Path, help="where the ledgers are written")
    parser.add_argument("--skip-check", action="store_true", help="only the per-action cost")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        figures: dict[str, Any] = {"dir": str(Path(tmp).parent)}
        figures["durability"] = action_costs(Path(tmp), args.actions)
        if not args.skip_check:
            figures["checks"] = check_costs(Path(tmp), args.deals)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
