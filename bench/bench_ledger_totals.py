"""Benchmark: what summing every match's entries costs ``whist matches`` (issue 14, #11).

Run: ``uv run python bench/bench_ledger_totals.py [--matches N] [--per-match M]``

Every total a report shows is the sum of the match's entries (docs/ledger.md, "Totals: one
source"), so ``Ledger.list_matches`` sums them for every listed match. This builds
bench_ledger.py's synthetic German ledger (default 2,000 matches of 50 deals, two entries a
deal) and times ``list_matches`` with the sums and with them replaced by nothing,
alternately in one run (best of 5 each, two rounds), then the sums alone. It prints figures
and asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ledger import _fill
from openwhist.ledger import repository as repo
from openwhist.services.ledger import Ledger


def _best(call: Callable[[], Any], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--per-match", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, Ledger(f"{tmp}/ledger.sqlite3") as ledger:
        _fill(ledger, matches=args.matches, per_match=args.per_match, players=40, seed=1)
        real = repo.ledger_totals
        for _round in range(2):
            repo.ledger_totals = real
            with_sums = _best(ledger.list_matches)
            repo.ledger_totals = lambda **_: {}  # type: ignore[assignment]
            without = _best(ledger.list_matches)
            repo.ledger_totals = real
            print(
                f"matches: {with_sums * 1000:.0f} ms with the sums, {without * 1000:.0f} ms without"
            )
        with ledger._unit(write=False) as session:
            alone = _best(lambda: repo.ledger_totals(session=session))
        print(f"the sums alone (ledger_totals): {alone * 1000:.0f} ms")


if __name__ == "__main__":
    main()
