"""Benchmark: standings and score sheets over 100,000 recorded deals (issue 6, item 10).

Run: ``uv run python bench/bench_ledger.py [--deals N] [--per-match M] [--db URL] [--json]``

It builds a synthetic ledger through the real schema (migrations included), then times the
service calls the CLI makes. It prints figures and asserts nothing (our machines are shared
and noisy); the target is <= 1 s for each report.

Data: ``N / M`` German Whist matches of ``M`` deals (default 2,000 x 50), 40 players, every
deal a complete played-deal record (53 actions in notation, score, progress) with two
score entries (``points_per_trick``: each seat's phase-2 tricks), plus a second ledger
holding ONE match of ``N`` deals (the worst case for a score sheet). Rows are inserted with
bulk ``INSERT``s on the ledger's own engine, not through the service (which would take
minutes to record 100,000 deals one unit of work at a time).

Timed (best of 3, warm):

* ``standings``          -- every player of every variant (``whist standings``);
* ``standings --variant`` -- one variant;
* ``scores MATCH``       -- the score sheet of one 50-deal match;
* ``matches``            -- the list of every match;
* ``scores BIG``         -- the whole score sheet of the single 100,000-deal match
  (``whist scores BIG --all`` / ``--json``), as the service returns it;
* ``scores BIG --all``   -- the same, laid out as the command prints it (German layout);
* ``scores BIG --json``  -- the same, as the command's JSON text (68 MB, not written out);
* ``scores BIG`` page    -- its last 500 deals with the totals before them carried (what
  ``whist scores BIG`` shows by default).

The two ``--all`` / ``--json`` figures pause the cyclic garbage collector, as the command
does while it reads and lays out a sheet. Starting the process, importing SQLAlchemy and
opening the ledger (about 0.4 s with compiled bytecode) and writing the output are not in
them.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from openwhist.services.ledger import Ledger
from openwhist_cli.commands.scores import render_sheet
from openwhist_cli.sheetjson import iter_sheet_json

SEATS = ("A", "B")
ACTIONS = ["deal " + " ".join(["AS"] * 52)] + ["AS"] * 52  # a record's size, not a real deal


def _fill(ledger: Ledger, *, matches: int, per_match: int, players: int, seed: int) -> None:
    import openwhist.ledger.models  # noqa: F401  (tables on the metadata)
    import sqlalchemy as sa
    from sqlmodel import SQLModel

    tables = SQLModel.metadata.tables
    rng = random.Random(seed)
    engine = ledger._writer  # the benchmark writes in bulk, below the service on purpose
    with engine.begin() as conn:
        conn.execute(
            tables["players"].insert(),
            [{"id": i + 1, "name": f"Player {i + 1:03d}", "kind": "human"} for i in range(players)],
        )
        deal_id = entry_id = 0
        for m in range(1, matches + 1):
            a, b = rng.sample(range(1, players + 1), 2)
            totals = [0, 0]
            deals: list[dict[str, Any]] = []
            entries: list[dict[str, Any]] = []
            for n in range(1, per_match + 1):
                deal_id += 1
                won = rng.randint(0, 13)
                tricks = (won, 13 - won)
                totals = [totals[0] + tricks[0], totals[1] + tricks[1]]
                lines = [
                    {"party": p, "category": "tricks", "points": t, "note": f"{t} tricks"}
                    for p, t in enumerate(tricks)
                    if t
                ]
                progress = {
                    "parties": list(SEATS),
                    "deals": n,
                    "dealer": n % 2,
                    "totals": totals,
                    "finished": n == per_match,
                    "winner": int(totals[1] > totals[0]) if n == per_match else None,
                    "detail": {"format": "target_points"},
                    "summary": f"A {totals[0]}, B {totals[1]}",
                }
                score = {
                    "parties": list(SEATS),
                    "lines": lines,
                    "winner": int(tricks[1] > tricks[0]),
                    "tricks": [rng.randint(0, 26), 0],
                    "facts": {},
                }
                deals.append(
                    {
                        "id": deal_id,
                        "match_id": m,
                        "number": n,
                        "dealer": (n - 1) % 2,
                        "status": "complete",
                        "source": "played",
                        "record": {
                            "number": n,
                            "dealer": (n - 1) % 2,
                            "actions": ACTIONS,
                            "score": score,
                            "progress": progress,
                        },
                        "tricks": score["tricks"],
                        "progress": progress,
                        "winner": score["winner"],
                    }
                )
                for seq, line in enumerate(lines):
                    entry_id += 1
                    entries.append(
                        {"id": entry_id, "match_id": m, "deal_id": deal_id, "seq": seq, **line}
                    )
            conn.execute(
                tables["matches"].insert(),
                [
                    {
                        "id": m,
                        "variant": "german",
                        "options": {"match_format": "target_points"},
                        "format": "target_points",
                        "status": "finished",
                        "progress": deals[-1]["progress"],
                        "winner": deals[-1]["progress"]["winner"],
                    }
                ],
            )
            conn.execute(
                tables["seats"].insert(),
                [
                    {"match_id": m, "seat": 0, "player_id": a, "party": 0},
                    {"match_id": m, "seat": 1, "player_id": b, "party": 1},
                ],
            )
            conn.execute(tables["deals"].insert(), deals)
            conn.execute(tables["score_entries"].insert(), entries)
        if conn.dialect.name == "postgresql":
            for table in ("players", "matches", "deals", "score_entries"):
                conn.execute(
                    sa.text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"(SELECT MAX(id) FROM {table}))"
                    )
                )
    with engine.connect() as conn:
        pass


def _best(fn: Callable[[], Any], repeat: int = 3) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        result = None  # the previous result is freed before the clock starts, not in it
        started = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - started)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--per-match", type=int, default=50)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--db", help="an empty database URL (default: temporary SQLite files)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures: dict[str, Any] = {"deals": args.deals, "per_match": args.per_match}
    with tempfile.TemporaryDirectory() as tmp:
        many = args.db or str(Path(tmp) / "many.sqlite3")
        with Ledger(many, catalog={}) as ledger:
            started = time.perf_counter()
            _fill(
                ledger,
                matches=args.deals // args.per_match,
                per_match=args.per_match,
                players=args.players,
                seed=1,
            )
            figures["fill_s"] = round(time.perf_counter() - started, 2)
            seconds, rows = _best(ledger.standings)
            figures["standings_s"] = round(seconds, 4)
            figures["standings_rows"] = len(rows)
            check = sum(r["deals"] for r in rows)
            assert check == 2 * args.deals, check  # each deal counts for both its players
            seconds, _ = _best(lambda: ledger.standings(variant="german"))
            figures["standings_variant_s"] = round(seconds, 4)
            seconds, sheet = _best(lambda: ledger.score_sheet(1))
            figures["sheet_match_s"] = round(seconds, 4)
            assert len(sheet["deals"]) == args.per_match
            seconds, listed = _best(ledger.list_matches)
            figures["matches_s"] = round(seconds, 4)
            figures["matches_rows"] = len(listed)
        if args.db is None:
            figures["db_bytes"] = Path(many).stat().st_size
            big = str(Path(tmp) / "big.sqlite3")
            with Ledger(big, catalog={}) as ledger:
                _fill(ledger, matches=1, per_match=args.deals, players=2, seed=2)
                seconds, sheet = _best(lambda: ledger.score_sheet(1), repeat=2)
                figures["sheet_big_s"] = round(seconds, 4)
                assert len(sheet["deals"]) == args.deals
                full_totals = sheet["totals"]
                del sheet

                def as_text() -> int:
                    return len(render_sheet(ledger.score_sheet(1)))

                def as_json() -> int:
                    return sum(map(len, iter_sheet_json(ledger.score_sheet(1))))

                gc.disable()  # as whist scores does (commands/scores.py)
                try:
                    seconds, _ = _best(as_text, repeat=2)
                    figures["sheet_big_text_s"] = round(seconds, 4)
                    seconds, size = _best(as_json, repeat=2)
                    figures["sheet_big_json_s"] = round(seconds, 4)
                    figures["sheet_big_json_bytes"] = size
                finally:
                    gc.enable()
                # What `whist scores BIG` shows: the last 500 deals, totals carried.
                first = args.deals - 500 + 1
                seconds, page = _best(lambda: ledger.score_sheet(1, first=first))
                figures["sheet_big_page_s"] = round(seconds, 4)
                assert len(page["deals"]) == 500
                assert page["deals"][-1]["totals"] == full_totals  # carried + page = all
    if args.json:
        print(json.dumps(figures))
        return
    print(f"ledger with {args.deals:,} deals in {args.deals // args.per_match:,} matches")
    print(f"  filled in {figures['fill_s']} s")
    print(f"  standings (all)            {figures['standings_s'] * 1000:8.1f} ms")
    print(f"  standings --variant german {figures['standings_variant_s'] * 1000:8.1f} ms")
    print(f"  scores MATCH ({args.per_match} deals)    {figures['sheet_match_s'] * 1000:8.1f} ms")
    print(f"  matches (all)              {figures['matches_s'] * 1000:8.1f} ms")
    if "sheet_big_s" in figures:
        print(f"  scores BIG ({args.deals:,} deals) {figures['sheet_big_s'] * 1000:8.1f} ms")
        print(f"    laid out as text (--all)  {figures['sheet_big_text_s'] * 1000:8.1f} ms")
        print(f"    as JSON text (--json)     {figures['sheet_big_json_s'] * 1000:8.1f} ms")
        print(f"  scores BIG (last 500 deals) {figures['sheet_big_page_s'] * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
