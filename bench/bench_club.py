"""Benchmark: the club's standings over a 1e5-deal ledger (issue 16; docs/performance.md).

Run::

    uv run python bench/bench_club.py [--deals 100000] [--db URL] [--keep FILE]
        [--repeat 30] [--http] [--profile] [--json]

It builds a club's ledger, then times what the standings page costs: first the service
call the page makes (`Ledger.standings` for each variant, and for all of them), then --
with ``--http`` -- the real page ``/club/standings/<variant>`` of a ``whist serve`` started
as a child process over the same ledger, fetched over HTTP on loopback. It prints the
median and the 95th percentile of wall time over ``--repeat`` runs (and the CPU median of
the service calls) and asserts nothing: our machines are shared, and the target (a
standings page answers in <= 0.3 s) is read off the printout.

**The ledger.** A club, not a synthetic table: about 60 members playing Israeli evenings,
English and American rubbers, German, Knockout and Solo matches in the proportions of
`MIX`, over two years. A *template* of about 1,500 deals is written through the ledger's
own services, one unit of work per deal, as the CLI and the web forms write them:
`Ledger.start_match`, real-card deals by `Ledger.record_real_deal` (the facts of a deal
played out by the variants' heuristic bots, so the contracts and the statistics are ones
people bid and make) and played deals by `Ledger.complete_deal` with their whole action
record, plus corrections, adjustments, voided deals and evenings closed by
`Ledger.finish_match`. The rest of the 1e5 deals are *copies* of the template's matches,
written in bulk through the ledger's own tables (SQLModel's metadata): each copy is a
template match with new ids, other players of the club in its seats (partnerships kept)
and its times moved back by up to two years. Its rows -- deals, entries, kept totals
(``party_totals``, ``deals.running``) and kept statistics (``party_statistics``) -- are
the service's own rows, so they are what the service would have written for that match;
``--check`` runs ``whist ledger check`` (`check_ledger`: every match replayed from its
records, the kept sums against the entries) on the result.

Writing 1e5 deals one unit of work at a time would take 20-30 minutes here; the template
and copies take about a minute. ``--keep FILE`` keeps an SQLite ledger (and reuses it
when it exists). ``--db URL`` builds into an empty database (PostgreSQL:
``postgresql+psycopg://openwhist@127.0.0.1:55999/DB``; ``--create-pg`` creates a fresh
database on that server and drops it afterwards).

`build_club_ledger` is also what tests/ledger/test_club_standings.py builds its (smaller)
ledgers with.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import http.client
import io
import json
import math
import os
import pstats
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openwhist.game.messages import Message
from openwhist.plugins import Catalog, load_catalog
from openwhist.services.ledger import Ledger
from openwhist.services.simulate import play_deal, resolve_bot


@dataclass(frozen=True)
class Kind:
    """One kind of match the club plays: its variant, its share of the ledger's deals,
    its seats, the options it is started with (one drawn per match) and how many deals
    an open-ended match (an Israeli evening) runs before the secretary closes it."""

    variant: str
    share: float
    seats: int
    options: tuple[dict[str, Any], ...] = ({},)
    evening: tuple[int, int] = (0, 0)


MIX: tuple[Kind, ...] = (
    Kind("israeli", 0.40, 4, ({"match": "open"}, {"match": "fixed_deals:20"}), (16, 32)),
    Kind("english", 0.22, 4, ({}, {"rubbers": 3})),
    Kind("american", 0.06, 4),
    Kind("german", 0.12, 2, ({"match_format": "target_points", "target_points": 50},)),
    Kind("solo", 0.12, 4, ({"match": "fixed_deals:8"}, {"match": "fixed_deals:16"})),
    Kind("knockout", 0.08, 4),
)
"""What the club plays, by share of deals (Israeli evenings most, then rubbers)."""

FIRST = (
    "Ana", "Bruno", "Carla", "Dov", "Eitan", "Filipa", "Gil", "Hadas", "Inês", "João",
    "Keren", "Luís", "Maya", "Nuno", "Ofra", "Paulo", "Rita", "Shai", "Tiago", "Yael",
)  # fmt: skip
LAST = ("A.", "B.", "C.")


def club_names(count: int) -> list[str]:
    """``count`` distinct member names ("Ana A.", "Bruno A.", ..., "Ana B.", ...)."""
    names = [f"{first} {last}" for last in LAST for first in FIRST]
    while len(names) < count:
        names += [f"{name} {len(names) // len(names)}" for name in names[: count - len(names)]]
    return names[:count]


@dataclass
class Built:
    """What `build_club_ledger` wrote."""

    deals: int = 0
    matches: int = 0
    template_deals: int = 0
    template_matches: int = 0
    by_variant: dict[str, int] = field(default_factory=dict)
    corrections: int = 0
    adjustments: int = 0
    voids: int = 0
    template_s: float = 0.0
    copies_s: float = 0.0


def build_club_ledger(
    ledger: Ledger,
    catalog: Catalog,
    *,
    deals: int,
    template_deals: int = 1500,
    members: int = 60,
    seed: int = 16,
    mix: Sequence[Kind] = MIX,
    edit_rate: float = 1.0,
    report: Callable[[str], None] | None = None,
) -> Built:
    """Fill the empty ``ledger`` with a club's ``deals`` (at least; the last match may
    pass the count): ``min(deals, template_deals)`` through the services, the rest as
    copies of those matches (see the module docstring). ``edit_rate`` scales how often a
    match gets a correction, an adjustment and a void (12 %, 8 % and 6 % of matches at
    1.0). Deterministic for a ``seed`` (but for the times of the template's rows)."""
    rng = random.Random(seed)
    names = club_names(members)
    built = Built()
    started = time.perf_counter()
    _template(
        ledger, catalog, rng, names, min(deals, template_deals), mix, edit_rate, built, report
    )
    built.template_s = time.perf_counter() - started
    built.template_deals, built.template_matches = built.deals, built.matches
    if deals > built.deals:
        started = time.perf_counter()
        _copies(ledger, rng, names, deals, built, report)
        built.copies_s = time.perf_counter() - started
    return built


def _template(
    ledger: Ledger,
    catalog: Catalog,
    rng: random.Random,
    names: list[str],
    deals: int,
    mix: Sequence[Kind],
    edit_rate: float,
    built: Built,
    report: Callable[[str], None] | None,
) -> None:
    """Matches of every kind in ``mix`` until each has its share of ``deals``, written
    one unit of work at a time through the services."""
    for kind in mix:
        if kind.variant not in catalog.variants:
            continue
        quota = max(1, round(deals * kind.share))
        bots = resolve_bot(catalog, kind.variant, "heuristic")
        done = 0
        while done < quota:
            done += _one_match(ledger, rng, names, kind, bots, quota - done, edit_rate, built)
        built.by_variant[kind.variant] = built.by_variant.get(kind.variant, 0) + done
        if report is not None:
            report(f"  template: {kind.variant} {done} deals ({built.matches} matches so far)")


def _one_match(
    ledger: Ledger,
    rng: random.Random,
    names: list[str],
    kind: Kind,
    bots: Any,
    room: int,
    edit_rate: float,
    built: Built,
) -> int:
    """Start, play and close one match of ``kind``; the number of deals it recorded."""
    real = rng.random() < 0.8  # most club deals are played with real cards and entered
    players = rng.sample(names, kind.seats)
    options = dict(rng.choice(kind.options))
    match_id = ledger.start_match(
        kind.variant,
        players,
        options=options,
        first_dealer=rng.randrange(kind.seats),
        inputs="facts" if real else "played",
        seed=None if real else rng.getrandbits(32),
        label=rng.choice(("", "", "Tuesday evening", "club night", "friendly")),
    )
    seats = [bots.factory(kind.variant, random.Random(rng.getrandbits(32))) for _ in players]
    chance = random.Random(rng.getrandbits(32))
    evening = rng.randint(*kind.evening) if kind.evening[1] else 10_000
    limit = min(evening, max(room, 4), 200)
    number = 0
    finished = False
    while number < limit and not finished:
        resumed = ledger.resume(match_id)
        engine, state = resumed.engine, resumed.state
        assert state is not None
        state = play_deal(
            engine, state, seats, players, chance, label=Message("deal {n}", {"n": number + 1})
        )
        if real:
            facts = engine.rules.deal_facts(state)
            outcome = ledger.record_real_deal(match_id, facts, again=True)
        else:
            score = engine.score(state)
            after = engine.advance_match(resumed.point.progress, score)
            actions = [action.notation() for action in state.history]
            outcome = ledger.complete_deal(match_id, score, after, actions=actions)
        finished = outcome.progress.finished
        number += 1
    _edits(ledger, rng, match_id, number, kind, edit_rate, built)
    if not finished:
        ledger.finish_match(match_id, abandoned=rng.random() < 0.05)
    built.deals += number
    built.matches += 1
    return number


def _edits(
    ledger: Ledger,
    rng: random.Random,
    match_id: int,
    deals: int,
    kind: Kind,
    rate: float,
    built: Built,
) -> None:
    """What a secretary fixes afterwards, now and then: a mistyped entry corrected, a
    penalty agreed at the table, a deal voided (a misdeal found later)."""
    if rng.random() < 0.12 * rate:
        sheet = ledger.score_sheet(match_id)
        lines = [line for deal in sheet["deals"] for line in deal["lines"] if line["points"]]
        if lines:
            line = rng.choice(lines)
            ledger.correct(line["id"], line["points"] + rng.choice((-2, -1, 1, 2)), "mistyped")
            built.corrections += 1
    if rng.random() < 0.08 * rate:
        party = rng.randrange(2 if kind.variant in ("english", "american") else kind.seats)
        ledger.adjust(match_id, party, -rng.randint(1, 3), note="late arrival")
        built.adjustments += 1
    if deals > 2 and rng.random() < 0.06 * rate:
        ledger.void_deal(match_id, rng.randint(1, deals), "misdeal found afterwards")
        built.voids += 1


_COPIED = ("matches", "seats", "deals", "score_entries", "party_totals", "party_statistics")
_TIMES = ("started_at", "finished_at", "completed_at", "created_at")


def _copies(
    ledger: Ledger,
    rng: random.Random,
    names: list[str],
    deals: int,
    built: Built,
    report: Callable[[str], None] | None,
) -> None:
    """Copy the template's matches (round robin) until the ledger holds ``deals``."""
    import openwhist.ledger.models  # noqa: F401  (the tables on the metadata)
    import sqlalchemy as sa
    from sqlmodel import SQLModel

    tables = SQLModel.metadata.tables
    engine = ledger._sqlalchemy()[2]  # the writer: bulk rows below the service, as bench_ledger
    with engine.connect() as conn:
        rows = {
            name: [dict(r._mapping) for r in conn.execute(sa.select(tables[name]))]
            for name in (*_COPIED, "players")
        }
    players = {p["id"]: p["name"] for p in rows["players"]}
    by_match: dict[int, dict[str, list[dict[str, Any]]]] = {}
    for name in _COPIED:
        for row in rows[name]:
            key = row["id"] if name == "matches" else row["match_id"]
            by_match.setdefault(key, {t: [] for t in _COPIED})[name].append(row)
    template = sorted(by_match)
    top = {
        t: max((r["id"] for r in rows[t]), default=0) for t in ("matches", "deals", "score_entries")
    }
    with engine.begin() as conn:
        known = set(players.values())
        missing = [{"name": n, "kind": "human"} for n in names if n not in known]
        if missing:
            conn.execute(tables["players"].insert(), missing)
        ids = {
            r.name: r.id
            for r in conn.execute(sa.select(tables["players"].c.id, tables["players"].c.name))
        }
    member_ids = [ids[n] for n in names]
    pending: dict[str, list[dict[str, Any]]] = {t: [] for t in _COPIED}
    now = dt.datetime.now(dt.UTC)
    copy = 0
    while built.deals < deals:
        source = by_match[template[copy % len(template)]]
        copy += 1
        match_id = top["matches"] + copy
        shift = dt.timedelta(seconds=rng.uniform(0, 730 * 86400))
        seat_players = sorted({s["player_id"] for s in source["seats"]})
        fresh = dict(zip(seat_players, rng.sample(member_ids, len(seat_players)), strict=True))
        deal_ids: dict[int, int] = {}
        entry_ids: dict[int, int] = {}
        for deal in source["deals"]:
            top["deals"] += 1
            deal_ids[deal["id"]] = top["deals"]
        for entry in source["score_entries"]:
            top["score_entries"] += 1
            entry_ids[entry["id"]] = top["score_entries"]
        for name in _COPIED:
            for row in source[name]:
                new = dict(row)
                for column in _TIMES:
                    if new.get(column) is not None:
                        moved = _aware(new[column]) - shift
                        new[column] = moved if moved < now else now
                if name == "matches":
                    new["id"] = match_id
                else:
                    new["match_id"] = match_id
                if name == "seats":
                    new["player_id"] = fresh[row["player_id"]]
                elif name == "deals":
                    new["id"] = deal_ids[row["id"]]
                elif name == "score_entries":
                    new["id"] = entry_ids[row["id"]]
                    if row["deal_id"] is not None:
                        new["deal_id"] = deal_ids[row["deal_id"]]
                    if row["corrects_id"] is not None:
                        new["corrects_id"] = entry_ids[row["corrects_id"]]
                pending[name].append(new)
        built.deals += len(source["deals"])
        built.matches += 1
        variant = source["matches"][0]["variant"]
        built.by_variant[variant] = built.by_variant.get(variant, 0) + len(source["deals"])
        if len(pending["deals"]) >= 20_000 or built.deals >= deals:
            _flush(engine, tables, pending)
            if report is not None:
                report(f"  copies: {built.deals:,} deals in {built.matches:,} matches")
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            for table in ("players", "matches", "deals", "score_entries"):
                conn.execute(
                    sa.text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"(SELECT MAX(id) FROM {table}))"
                    )
                )
        else:
            conn.execute(sa.text("ANALYZE"))
    if engine.dialect.name == "postgresql":
        with engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT").execute(sa.text("ANALYZE"))


def _aware(value: dt.datetime) -> dt.datetime:
    """SQLite hands timestamps back naive (they are stored in UTC)."""
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def _flush(engine: Any, tables: Any, pending: dict[str, list[dict[str, Any]]]) -> None:
    with engine.begin() as conn:
        for name in _COPIED:  # parents first: the foreign keys hold at every statement
            batch = pending[name]
            for start in range(0, len(batch), 5_000):
                conn.execute(tables[name].insert(), batch[start : start + 5_000])
            batch.clear()


# -- measuring ----------------------------------------------------------------------------


def _percentiles(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": round(p95 * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
    }


def time_service(
    url: str, catalog: Catalog, variants: Sequence[str], repeat: int
) -> dict[str, Any]:
    """Median and p95 (wall) and the CPU median of `Ledger.standings` per variant and for
    all, on a ledger opened as the server opens it (one warm-up call each first)."""
    out: dict[str, Any] = {}
    with Ledger(url, catalog=catalog) as ledger:
        for variant in [*variants, None]:
            rows = ledger.standings(variant=variant)
            wall: list[float] = []
            cpu: list[float] = []
            for _ in range(repeat):
                c0, w0 = time.process_time(), time.perf_counter()
                ledger.standings(variant=variant)
                wall.append(time.perf_counter() - w0)
                cpu.append(time.process_time() - c0)
            out[variant or "all"] = {
                **_percentiles(wall),
                "cpu_median_ms": round(statistics.median(cpu) * 1000, 1),
                "rows": len(rows),
            }
    return out


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served(url: str) -> Iterator[int]:
    """A ``whist serve`` child process over ``url``; yields its port."""
    whist = shutil.which("whist", path=str(Path(sys.executable).parent))
    if whist is None:
        sys.exit("no `whist` console script beside this Python: run it with `uv run`")
    port = _free_port()
    child = subprocess.Popen(
        [whist, "serve", "--db", url, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            if child.poll() is not None:
                assert child.stderr is not None
                sys.exit(f"whist serve exited: {child.stderr.read().decode()}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    sys.exit("whist serve did not start in 60 s")
                time.sleep(0.1)
        yield port
    finally:
        child.terminate()
        child.wait(30)


def time_pages(port: int, paths: Sequence[str], repeat: int) -> dict[str, Any]:
    """Median and p95 of fetching each path over one keep-alive connection (a warm-up
    request first): from sending the request to the last byte of the answer."""
    out: dict[str, Any] = {}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for path in paths:
        conn.request("GET", path)
        answer = conn.getresponse()
        body = answer.read()
        if answer.status != 200:
            out[path] = {"status": answer.status}
            continue
        wall: list[float] = []
        for _ in range(repeat):
            started = time.perf_counter()
            conn.request("GET", path)
            answer = conn.getresponse()
            body = answer.read()
            wall.append(time.perf_counter() - started)
        out[path] = {**_percentiles(wall), "status": answer.status, "bytes": len(body)}
    conn.close()
    return out


def profile_service(url: str, catalog: Catalog, variant: str, rounds: int = 10) -> str:
    """The top of a cProfile of ``rounds`` standings calls of ``variant``."""
    with Ledger(url, catalog=catalog) as ledger:
        ledger.standings(variant=variant)
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(rounds):
            ledger.standings(variant=variant)
        profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(18)
    return text.getvalue()


def explain(url: str, variant: str) -> list[str]:
    """The database's plan of the standings statements for ``variant``."""
    import sqlalchemy as sa
    from openwhist.ledger.sheet import standings_query

    with Ledger(url, catalog={}) as ledger:
        engine = ledger._sqlalchemy()[1]
        sql, statistics_sql, params = standings_query(variant=variant)
        lines = []
        with engine.connect() as conn:
            prefix = "EXPLAIN QUERY PLAN " if conn.dialect.name == "sqlite" else "EXPLAIN ANALYZE "
            for statement in (sql, statistics_sql):
                plan = conn.execute(sa.text(prefix + statement), params).all()
                lines += [" | ".join(str(c) for c in row) for row in plan] + ["--"]
        return lines


@contextmanager
def _pg_database(base: str) -> Iterator[str]:
    import psycopg

    name = f"ow_bench_{uuid.uuid4().hex[:10]}"
    admin = base.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{base.rpartition('/')[0]}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=float, default=100_000)
    parser.add_argument("--template-deals", type=int, default=1500)
    parser.add_argument("--members", type=int, default=60)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--db", help="an empty database URL (default: a temporary SQLite file)")
    parser.add_argument(
        "--create-pg",
        metavar="URL",
        help="create a fresh database on this PostgreSQL server (any database URL of it), "
        "build there, drop it at the end",
    )
    parser.add_argument("--keep", metavar="FILE", help="keep (and reuse) this SQLite ledger")
    parser.add_argument("--http", action="store_true", help="time the pages of a whist serve")
    parser.add_argument(
        "--page",
        action="append",
        default=[],
        metavar="PATH",
        help="a path to time besides /club/standings/VARIANT (repeatable; with --http)",
    )
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--explain", action="store_true", help="print the queries' plans")
    parser.add_argument("--check", action="store_true", help="check the kept sums afterwards")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    catalog = load_catalog()
    with tempfile.TemporaryDirectory() as tmp, contextlib_db(args, Path(tmp)) as url:
        figures = run(args, catalog, url)
    if args.json:
        print(json.dumps(figures))


@contextmanager
def contextlib_db(args: argparse.Namespace, tmp: Path) -> Iterator[str]:
    if args.create_pg:
        with _pg_database(args.create_pg) as url:
            yield url
    elif args.db:
        yield args.db
    else:
        yield args.keep or str(tmp / "club.sqlite3")


def run(args: argparse.Namespace, catalog: Catalog, url: str) -> dict[str, Any]:
    say = (lambda text: print(text, file=sys.stderr)) if args.json else print
    figures: dict[str, Any] = {"load_average_before": round(os.getloadavg()[0], 2)}
    reuse = args.keep is not None and Path(args.keep).exists() and not args.db
    with Ledger(url, catalog=catalog) as ledger:
        if reuse:
            say(f"reusing {url}")
        else:
            built = build_club_ledger(
                ledger,
                catalog,
                deals=int(args.deals),
                template_deals=args.template_deals,
                members=args.members,
                seed=args.seed,
                report=say,
            )
            figures["built"] = built.__dict__
            say(
                f"built {built.deals:,} deals in {built.matches:,} matches "
                f"({built.template_deals:,} through the services in {built.template_s:.0f} s, "
                f"the rest copied in {built.copies_s:.0f} s); by variant {built.by_variant}"
            )
        variants = sorted({m["variant"] for m in ledger.list_matches()})
    if args.check:
        from openwhist.services.ledger_check import check_ledger

        checked = check_ledger(url, catalog=catalog)
        figures["check"] = {k: checked[k] for k in ("ok", "matches", "deals", "replayed")}
        say(
            f"whist ledger check: ok={checked['ok']}, {checked['replayed']} of "
            f"{checked['matches']} matches replayed, findings {checked['findings'][:3]}"
        )
    service = time_service(url, catalog, variants, args.repeat)
    figures["service"] = service
    say(f"Ledger.standings, {args.repeat} runs each (wall median / p95 / max, CPU median):")
    for name, row in service.items():
        say(
            f"  {name:10} {row['median_ms']:7.1f} {row['p95_ms']:7.1f} {row['max_ms']:7.1f} ms"
            f"  cpu {row['cpu_median_ms']:6.1f} ms  ({row['rows']} rows)"
        )
    if args.explain:
        for line in explain(url, variants[0]):
            say("  " + line)
    if args.profile:
        biggest = max(variants, key=lambda v: service[v]["median_ms"])
        say(profile_service(url, catalog, biggest))
    if args.http:
        paths = [f"/club/standings/{v}" for v in variants] + list(args.page)
        with served(url) as port:
            pages = time_pages(port, paths, args.repeat)
        figures["http"] = pages
        say(f"GET over HTTP, {args.repeat} runs each (wall median / p95 / max):")
        for path, row in pages.items():
            if row["status"] != 200:
                say(f"  {path:32} HTTP {row['status']} (no such page yet?)")
                continue
            say(
                f"  {path:32} {row['median_ms']:7.1f} {row['p95_ms']:7.1f} "
                f"{row['max_ms']:7.1f} ms  ({row['bytes']:,} bytes)"
            )
    figures["load_average_after"] = round(os.getloadavg()[0], 2)
    say(f"load average {figures['load_average_before']} -> {figures['load_average_after']}")
    return figures


if __name__ == "__main__":
    main()
