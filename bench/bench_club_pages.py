"""Benchmark: every reading page of the club over a club's ledger (issue 16; docs/performance.md).

Run::

    uv run python bench/bench_club_pages.py --db /tmp/club1e5.sqlite3 [--repeat 10]

``--db`` is a ledger built by ``bench/bench_club.py --keep FILE`` (100,005 deals in 8,188
matches by default). A ``whist serve`` app is started in this process (uvicorn on
127.0.0.1, as tests/server/conftest.py starts it) over that ledger, and each page --
the front page, the matches with and without filters and far into the list, the sheet
of the longest match and its CSV, the standings of two variants, a player's page -- is
fetched over HTTP ``--repeat`` times after one warm-up. It prints the median and the
slowest wall time of each and asserts nothing: the machines are shared.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", required=True, help="a ledger (bench/bench_club.py --keep)")
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from openwhist.plugins import load_catalog

    from tests.server.conftest import ServerHarness

    harness = ServerHarness(load_catalog(), args.db)
    harness.start()
    try:
        assert harness.ledger is not None
        total, newest = harness.ledger.find_matches(limit=1)
        everything = harness.ledger.list_matches()
        longest = max(everything, key=lambda m: m["deals"])
        name = newest[0]["players"][0]["name"]
        paths = [
            "/club/",
            "/club/matches",
            "/club/matches?variant=israeli",
            "/club/matches?player=" + urllib.parse.quote(name),
            "/club/matches?status=finished&page=50",
            f"/club/matches/{newest[0]['id']}",
            f"/club/matches/{longest['id']}",
            f"/club/matches/{longest['id']}.csv",
            "/club/standings",
            "/club/standings/israeli",
            "/club/standings/english",
            "/club/players/" + urllib.parse.quote(name),
        ]
        print(f"{total:,} matches; the longest has {longest['deals']} deals")
        for path in paths:
            times = []
            for run in range(args.repeat + 1):
                start = time.perf_counter()
                with urllib.request.urlopen(harness.http + path, timeout=60) as answer:
                    answer.read()
                if run:
                    times.append(time.perf_counter() - start)
            print(
                f"  {path:48s} median {statistics.median(times) * 1000:6.0f} ms"
                f"  max {max(times) * 1000:6.0f} ms"
            )
    finally:
        harness.stop()


if __name__ == "__main__":
    main()
