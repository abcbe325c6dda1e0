"""Benchmark: standings, score sheets and their pages, and ledger command start-up
(issue 6, item 10; issue 11, item 5).

Run: ``uv run python bench/bench_ledger.py [--deals N] [--per-match M] [--db URL] [--json]
[--pages 10000,100000,1000000] [--standings-deals 1000000] [--command-cpu 5] [--no-whole]``

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
* ``scores BIG --json``  -- the same, as the command's JSON text (``json.dumps`` with
  ``indent=2``, as every ``--json``; 68 MB, not written out);
* ``scores BIG`` page    -- its last 500 deals with the totals before them carried (what
  ``whist scores BIG`` shows by default).

Starting the process, importing SQLAlchemy and opening the ledger and writing the output
are not in these figures. ``--no-whole`` skips the whole-sheet rows.

Issue 11 adds three measurements, each optional:

* ``--pages SIZES`` -- for each size, a ledger holding one German match of that many deals
  (lean records: the page never reads them), filled by bulk inserts; timed (best of 5): the
  default page (the last 500 deals, totals before them carried), a page of 500 deals from
  the middle (``--from``), and the empty page ``whist scores`` asks for first (the size);
* ``--standings-deals N`` -- standings over N deals in N / 50 matches (lean records);
* ``--command-cpu R`` -- the CPU time (user + system, best of R) of the processes
  ``whist scores 1`` and ``whist standings`` on a small ledger (one 20-deal match), as this
  environment runs them and with warm bytecode (``PYTHONPYCACHEPREFIX``).

The bulk fill writes the kept sums (``party_totals``, ``deals.running``, and since issue 12
the category sums of ``party_statistics``) when the schema
has them, so the same script times the code before them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from openwhist.services.ledger import Ledger
from openwhist_cli.commands.scores import render_sheet

LEAN_ACTIONS: list[str] = []  # records without their actions: pages and standings never read them

SEATS = ("A", "B")
ACTIONS = ["deal " + " ".join(["AS"] * 52)] + ["AS"] * 52  # a record's size, not a real deal


def _fill(
    ledger: Ledger, *, matches: int, per_match: int, players: int, seed: int, lean: bool = False
) -> None:
    import openwhist.ledger.models  # noqa: F401  (tables on the metadata)
    import sqlalchemy as sa
    from sqlmodel import SQLModel

    tables = SQLModel.metadata.tables
    rng = random.Random(seed)
    engine = ledger._sqlalchemy()[2]  # the writer: the benchmark writes in bulk, below the service
    actions = LEAN_ACTIONS if lean else ACTIONS
    with engine.connect() as conn:
        # Kept sums are written only where the schema has them (the code before issue 11
        # has neither), so one script times both.
        columns = {c["name"] for c in sa.inspect(conn).get_columns("deals")}
        kept = "running" in columns and "party_totals" in tables
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
            won_by = [0, 0]
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
                won_by[score["winner"]] += 1
                deals.append(
                    {
                        **({"running": totals} if kept else {}),
                        "id": deal_id,
                        "match_id": m,
                        "number": n,
                        "dealer": (n - 1) % 2,
                        "status": "complete",
                        "source": "played",
                        "record": {
                            "number": n,
                            "dealer": (n - 1) % 2,
                            "actions": actions,
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
            for start in range(0, len(deals), 50_000):
                conn.execute(tables["deals"].insert(), deals[start : start + 50_000])
            for start in range(0, len(entries), 50_000):
                conn.execute(tables["score_entries"].insert(), entries[start : start + 50_000])
            if kept:
                conn.execute(
                    tables["party_totals"].insert(),
                    [
                        {
                            "match_id": m,
                            "party": p,
                            "points": totals[p],
                            "deals": per_match,
                            "deals_won": won_by[p],
                        }
                        for p in (0, 1)
                    ],
                )
            if kept and "party_statistics" in tables:  # issue 12: the category sums
                made = [sum(1 for e in entries if e["party"] == p) for p in (0, 1)]
                conn.execute(
                    tables["party_statistics"].insert(),
                    [
                        row
                        for p in (0, 1)
                        for row in (
                            {
                                "match_id": m,
                                "party": p,
                                "name": "points:tricks",
                                "value": totals[p],
                                "out_of": 0,
                            },
                            {
                                "match_id": m,
                                "party": p,
                                "name": "made:tricks",
                                "value": made[p],
                                "out_of": made[p],
                            },
                        )
                    ],
                )
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


def _best(
    fn: Callable[[], Any], repeat: int = 3, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        result = None  # the previous result is freed before the clock starts, not in it
        started = clock()
        result = fn()
        best = min(best, clock() - started)
    return best, result


def _cpu_best(fn: Callable[[], Any], repeat: int = 5) -> tuple[float, Any]:
    """Best CPU time of the process (user + system: SQLite's reads of the file are
    system time), which moves far less than wall time on a shared machine."""
    return _best(fn, repeat, time.process_time)


def _open_kept(path: Path) -> tuple[Ledger, float | None, bool]:
    """The ledger at ``path`` and the seconds opening it took when that upgraded it."""
    fresh = not path.exists()
    started = time.perf_counter()
    ledger = Ledger(str(path), catalog={})
    return ledger, None if fresh else time.perf_counter() - started, fresh


def _page_figures(tmp: Path, size: int, keep: bool) -> dict[str, Any]:
    """One match of ``size`` deals: the default page, a middle page, the size query."""
    path = tmp / f"page_{size}.sqlite3"
    out: dict[str, Any] = {}
    ledger, opened, fresh = _open_kept(path)
    with ledger:
        if fresh:
            started = time.perf_counter()
            _fill(ledger, matches=1, per_match=size, players=2, seed=3, lean=True)
            out["fill_s"] = round(time.perf_counter() - started, 1)
        else:
            out["open_s"] = round(opened or 0, 2)
        whole_totals = ledger.score_sheet(1, first=1, last=0)["totals"]
        first = size - 500 + 1
        seconds, page = _cpu_best(lambda: ledger.score_sheet(1, first=first))
        out["last_500_ms"] = round(seconds * 1000, 2)
        assert len(page["deals"]) == 500
        assert page["deals"][-1]["totals"] == whole_totals  # carried + page = all
        middle = size // 2
        seconds, page = _cpu_best(lambda: ledger.score_sheet(1, first=middle, last=middle + 499))
        out["middle_500_ms"] = round(seconds * 1000, 2)
        assert len(page["deals"]) == 500
        seconds, _ = _cpu_best(lambda: ledger.score_sheet(1, first=1, last=0))
        out["size_ms"] = round(seconds * 1000, 2)
    if not keep:
        path.unlink()
    return out


def _cpu_of(command: list[str], repeat: int, env: dict[str, str]) -> float:
    """The best user + system CPU seconds of ``repeat`` runs of ``command``."""
    best = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = min(best, used)
    return best


def _command_figures(tmp: Path, repeat: int) -> dict[str, Any]:
    """CPU seconds of ``whist scores 1`` and ``whist standings`` on a small ledger."""
    whist = shutil.which("whist", path=str(Path(sys.executable).parent))
    if whist is None:
        sys.exit("no `whist` console script beside this Python: run it with `uv run`")
    path = str(tmp / "small.sqlite3")
    with Ledger(path, catalog={}) as ledger:
        _fill(ledger, matches=1, per_match=20, players=2, seed=4)
    out: dict[str, Any] = {}
    plain = dict(os.environ)
    warm = {
        **plain,
        "PYTHONPYCACHEPREFIX": str(tmp / "pycache"),
        "PYTHONDONTWRITEBYTECODE": "",
    }
    warm.pop("PYTHONDONTWRITEBYTECODE")
    for name, args in (("scores", ["scores", "1"]), ("standings", ["standings"])):
        command = [whist, *args, "--db", path]
        out[f"{name}_cpu_s"] = round(_cpu_of(command, repeat, plain), 3)
        subprocess.run(command, stdout=subprocess.DEVNULL, env=warm, check=True)  # warm it
        out[f"{name}_bytecode_cpu_s"] = round(_cpu_of(command, repeat, warm), 3)
    out["writes_bytecode"] = not sys.dont_write_bytecode
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--per-match", type=int, default=50)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--db", help="an empty database URL (default: temporary SQLite files)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-whole", action="store_true", help="skip the whole-sheet rows")
    parser.add_argument(
        "--pages", default="", help="comma-separated match lengths to time pages at"
    )
    parser.add_argument("--standings-deals", type=int, default=0)
    parser.add_argument("--command-cpu", type=int, default=0, metavar="REPEAT")
    parser.add_argument(
        "--keep",
        metavar="DIR",
        help="keep the --pages and --standings-deals ledgers in DIR and reuse them (a ledger "
        "written by older code is upgraded on open; the time that takes is reported)",
    )
    parser.add_argument("--no-main", action="store_true", help="skip the 100,000-deal rows")
    args = parser.parse_args()
    figures: dict[str, Any] = {"deals": args.deals, "per_match": args.per_match}
    with tempfile.TemporaryDirectory() as tmp:
        if not args.no_main:
            _main_figures(args, Path(tmp), figures)
        if args.db is None:
            kept = Path(args.keep) if args.keep else Path(tmp)
            kept.mkdir(parents=True, exist_ok=True)
            for size in [int(float(x)) for x in args.pages.split(",") if x]:
                figures.setdefault("pages", {})[size] = _page_figures(
                    kept, size, args.keep is not None
                )
            if args.standings_deals:
                figures["standings_big"] = _standings_figures(kept, args)
            if args.command_cpu:
                figures["commands"] = _command_figures(Path(tmp), args.command_cpu)
    figures["load_average"] = round(os.getloadavg()[0], 2)
    if args.json:
        print(json.dumps(figures))
        return
    _print(args, figures)


def _standings_figures(tmp: Path, args: argparse.Namespace) -> dict[str, Any]:
    path = tmp / f"standings_{args.standings_deals}.sqlite3"
    out: dict[str, Any] = {"deals": args.standings_deals}
    ledger, opened, fresh = _open_kept(path)
    with ledger:
        if fresh:
            started = time.perf_counter()
            _fill(
                ledger,
                matches=args.standings_deals // args.per_match,
                per_match=args.per_match,
                players=args.players,
                seed=5,
                lean=True,
            )
            out["fill_s"] = round(time.perf_counter() - started, 1)
        else:
            out["open_s"] = round(opened or 0, 2)
        seconds, rows = _cpu_best(ledger.standings)
        out["standings_ms"] = round(seconds * 1000, 1)
        assert sum(r["deals"] for r in rows) == 2 * args.standings_deals
        seconds, _ = _cpu_best(lambda: ledger.standings(variant="german"))
        out["standings_variant_ms"] = round(seconds * 1000, 1)
    if args.keep is None:
        path.unlink()
    return out


def _main_figures(args: argparse.Namespace, tmp: Path, figures: dict[str, Any]) -> None:
    many = args.db or str(tmp / "many.sqlite3")
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
    if args.db is not None:
        return
    figures["db_bytes"] = Path(many).stat().st_size
    Path(many).unlink()
    big = str(tmp / "big.sqlite3")
    with Ledger(big, catalog={}) as ledger:
        _fill(ledger, matches=1, per_match=args.deals, players=2, seed=2)
        full_totals = ledger.score_sheet(1, first=1, last=0)["totals"]
        if not args.no_whole:
            seconds, sheet = _best(lambda: ledger.score_sheet(1), repeat=2)
            figures["sheet_big_s"] = round(seconds, 4)
            assert len(sheet["deals"]) == args.deals
            assert sheet["totals"] == full_totals
            del sheet

            def as_text() -> int:
                return len(render_sheet(ledger.score_sheet(1)))

            def as_json() -> int:
                return len(json.dumps(ledger.score_sheet(1), indent=2, ensure_ascii=False))

            seconds, _ = _best(as_text, repeat=2)
            figures["sheet_big_text_s"] = round(seconds, 4)
            seconds, size = _best(as_json, repeat=2)
            figures["sheet_big_json_s"] = round(seconds, 4)
            figures["sheet_big_json_bytes"] = size
        # What `whist scores BIG` shows: the last 500 deals, totals carried.
        first = args.deals - 500 + 1
        seconds, page = _best(lambda: ledger.score_sheet(1, first=first))
        figures["sheet_big_page_s"] = round(seconds, 4)
        assert len(page["deals"]) == 500
        assert page["deals"][-1]["totals"] == full_totals  # carried + page = all


def _print(args: argparse.Namespace, figures: dict[str, Any]) -> None:
    if not args.no_main:
        _print_main(args, figures)
    for size, page in figures.get("pages", {}).items():
        made = f"filled in {page['fill_s']} s" if "fill_s" in page else f"opened {page['open_s']} s"
        print(
            f"  one match of {size:>9,} deals ({made}), CPU: last 500 "
            f"{page['last_500_ms']:7.2f} ms, middle 500 {page['middle_500_ms']:7.2f} ms, "
            f"size {page['size_ms']:6.2f} ms"
        )
    if "standings_big" in figures:
        big = figures["standings_big"]
        made = f"filled in {big['fill_s']} s" if "fill_s" in big else f"opened {big['open_s']} s"
        print(
            f"  standings over {big['deals']:,} deals ({made}), CPU: all "
            f"{big['standings_ms']} ms, one variant {big['standings_variant_ms']} ms"
        )
    if "commands" in figures:
        cpu = figures["commands"]
        print(
            f"  CPU of `whist scores 1` on a small ledger: {cpu['scores_cpu_s']} s "
            f"(with warm bytecode {cpu['scores_bytecode_cpu_s']} s); `whist standings` "
            f"{cpu['standings_cpu_s']} s ({cpu['standings_bytecode_cpu_s']} s)"
        )
    print(f"  load average {figures['load_average']}")


def _print_main(args: argparse.Namespace, figures: dict[str, Any]) -> None:
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
    if "sheet_big_page_s" in figures:
        print(f"  scores BIG (last 500 deals) {figures['sheet_big_page_s'] * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
