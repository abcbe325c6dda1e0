"""Load and fault test of ``whist serve``: several processes on one PostgreSQL ledger, tables
of bots and players, websocket spectators, and ``kill -9`` of one process mid-run (issue 15,
item 8; docs/performance.md). Loopback only, bounded in time.

    uv run --no-sync python bench/bench_load.py --pg postgresql+psycopg://USER@HOST/DB \\
        --servers 3 --tables 60 --spectators 30 --seconds 40 --kill 20

It makes a fresh database on the ``--pg`` server (dropped afterwards), starts ``--servers``
real ``whist serve`` processes on it (127.0.0.1, free ports), and creates ``--tables``
German tables (best of 5 deals), each on one process in turn -- which owns it and plays its
``random`` bot -- with one **player** client (seeded random legal cards, ``--think``
seconds apart) connected to a process chosen at random, so most actions reach the bot's
owner through ``NOTIFY``; and ``--spectators`` spectator clients, each watching one table
through a random process. At ``--kill`` seconds one process gets SIGKILL; its clients
reconnect to another process (with their invite), and its tables are taken over.

Reported (JSON on stdout, a table on stderr):

* latency from a player's ``act`` to the update of that action -- at the player, and at
  every spectator of the table: p50 / p99 in ms;
* actions written per second (the players' and the bots'), and the server processes' CPU
  seconds (``/proc``: user + system, the killed one's up to its death);
* reconnects;
* the bar, all 0: **lost** actions (acknowledged with ``done`` but not in the ledger at
  their place), **duplicated** ones (a card twice in a deal's log), **version
  regressions** (a connection given an older version than one it had), **stuck** tables
  (not closed, and no update for ``--stuck`` seconds at the end). ``sync_skips`` counts
  ``sync`` updates that covered several versions at once (a process catching up on
  another's changes: by design, not a loss).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

WHIST = Path(sys.executable).with_name("whist")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a live process (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]
    alive: bool = True
    cpu: float = 0.0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"


def start_server(db: str) -> Server:
    port = free_port()
    process = subprocess.Popen(
        [str(WHIST), "serve", "--db", db, "--port", str(port), "--max-tables", "100000"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "OPENWHIST_LANG": "en"},
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"whist serve exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return Server(port, process)
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("whist serve did not answer")


@dataclass
class Stats:
    to_player: list[float] = field(default_factory=list)
    to_spectators: list[float] = field(default_factory=list)
    reconnects: int = 0
    regressions: int = 0
    sync_skips: int = 0
    refused: int = 0
    acked: dict[int, dict[tuple[int, int], str]] = field(default_factory=dict)
    sent_at: dict[tuple[int, int, int], float] = field(default_factory=dict)
    last_update: dict[int, float] = field(default_factory=dict)
    closed: set[int] = field(default_factory=set)


class Seat:
    """One websocket connection to a table that reconnects to a living process."""

    def __init__(self, bench: Bench, table: int, token: str | None, rng: random.Random) -> None:
        self.bench, self.table, self.token, self.rng = bench, table, token, rng
        self.ws: ClientConnection | None = None
        self.version = -1

    async def join(self) -> dict[str, Any]:
        """Connect to a random living process and say hello; returns the view."""
        while True:
            server = self.rng.choice([s for s in self.bench.servers if s.alive])
            try:
                self.ws = await connect(server.url, open_timeout=20, max_queue=None)
                hello: dict[str, Any] = {"type": "hello", "table": self.table}
                if self.token is not None:
                    hello["token"] = self.token
                await self.ws.send(json.dumps(hello))
                while True:
                    message = json.loads(await self.ws.recv())
                    if message["type"] == "view":
                        self.seen(message["view"]["version"], "view")
                        return message["view"]  # type: ignore[no-any-return]
                    if message["type"] == "error":
                        raise RuntimeError(message)
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                await asyncio.sleep(0.2)

    def seen(self, version: int, kind: str) -> None:
        stats = self.bench.stats
        if version < self.version:
            stats.regressions += 1
        elif kind == "sync" and version > self.version + 1 and self.version >= 0:
            stats.sync_skips += 1
        self.version = max(self.version, version)

    async def messages(self) -> Any:
        """Every message, reconnecting (and counting it) when the process goes away."""
        while not self.bench.stopping:
            assert self.ws is not None
            try:
                text = await asyncio.wait_for(self.ws.recv(), 0.5)
            except TimeoutError:
                yield None
                continue
            except ConnectionClosed:
                if self.bench.stopping:
                    return
                self.bench.stats.reconnects += 1
                view = await self.join()
                yield {"type": "view", "view": view}
                continue
            yield json.loads(text)


class Bench:
    def __init__(self, args: argparse.Namespace, servers: list[Server]) -> None:
        self.args = args
        self.servers = servers
        self.stats = Stats()
        self.stopping = False
        self.acting = True

    def note_update(self, table: int, view: dict[str, Any], spectator: bool) -> None:
        now = time.perf_counter()
        self.stats.last_update[table] = now
        if view["status"] == "closed":
            self.stats.closed.add(table)
        deal = view.get("deal")
        if deal is None:
            return
        sent = self.stats.sent_at.get((table, deal["number"], deal["actions"]))
        if sent is not None:
            (self.stats.to_spectators if spectator else self.stats.to_player).append(now - sent)

    async def player(self, table: int, token: str, seed: int) -> None:
        rng = random.Random(seed)
        seat = Seat(self, table, token, rng)
        acked = self.stats.acked.setdefault(table, {})
        view: dict[str, Any] | None = await seat.join()
        pending: tuple[int, int, str] | None = None
        async for message in seat.messages():
            if message is not None:
                kind = message["type"]
                if kind in ("view", "update"):
                    view = message["view"]
                    assert view is not None
                    seat.seen(view["version"], message.get("event", {}).get("kind", "view"))
                    if kind == "update":
                        self.note_update(table, view, spectator=False)
                    if kind == "view":
                        pending = None  # a new connection: act on what it shows
                elif kind == "done" and pending is not None:
                    acked[(pending[0], pending[1])] = pending[2]
                    pending = None
                elif kind == "error":
                    self.stats.refused += 1
                    pending = None
            if view is None or view["status"] == "closed":
                if view is not None:
                    self.stats.closed.add(table)
                    return
                continue
            deal = view["deal"]
            playing = view["status"] == "playing" and deal and deal["legal"]
            if pending is None and self.acting and playing:
                await asyncio.sleep(self.args.think * rng.random() * 2)
                card = rng.choice(deal["legal"])
                key = (deal["number"], deal["actions"] + 1)
                self.stats.sent_at[(table, *key)] = time.perf_counter()
                pending = (*key, card)
                assert seat.ws is not None
                try:
                    await seat.ws.send(json.dumps({"type": "act", "action": card}))
                except ConnectionClosed:
                    pending = None
                view = dict(view, deal=dict(deal, legal=[]))  # one action per view

    async def spectator(self, table: int, seed: int) -> None:
        seat = Seat(self, table, None, random.Random(seed))
        await seat.join()
        async for message in seat.messages():
            if message is not None and message["type"] in ("view", "update"):
                view = message["view"]
                seat.seen(view["version"], message.get("event", {}).get("kind", "view"))
                if message["type"] == "update":
                    self.note_update(table, view, spectator=True)
                if view["status"] == "closed":
                    return


def create_tables(servers: list[Server], count: int) -> list[dict[str, Any]]:
    created = []
    body = json.dumps(
        {
            "variant": "german",
            "seats": ["human:P", "bot:random"],
            "options": {"match_format": "best_of_5"},
        }
    ).encode()
    for i in range(count):
        server = servers[i % len(servers)]
        request = urllib.request.Request(f"http://127.0.0.1:{server.port}/api/tables", data=body)
        with urllib.request.urlopen(request, timeout=60) as answer:
            table = json.loads(answer.read())
        table["owner"] = i % len(servers)
        created.append(table)
    return created


async def start_tables(servers: list[Server], tables: list[dict[str, Any]]) -> None:
    for table in tables:
        async with connect(servers[table["owner"]].url, open_timeout=30) as ws:
            await ws.send(
                json.dumps({"type": "hello", "table": table["table"], "token": table["host_token"]})
            )
            await ws.send(json.dumps({"type": "start"}))
            while json.loads(await ws.recv())["type"] not in ("done", "error"):
                pass


async def run(args: argparse.Namespace, servers: list[Server]) -> dict[str, Any]:
    bench = Bench(args, servers)
    tables = await asyncio.to_thread(create_tables, servers, args.tables)
    await start_tables(servers, tables)
    rng = random.Random(args.seed)
    tasks = [
        asyncio.create_task(bench.player(t["table"], t["seat_tokens"]["0"], args.seed + i))
        for i, t in enumerate(tables)
    ]
    for j in range(args.spectators):
        table = tables[j % len(tables)]["table"]
        tasks.append(asyncio.create_task(bench.spectator(table, rng.randrange(1 << 30))))
    began = time.perf_counter()
    killed_at = None
    while time.perf_counter() - began < args.seconds:
        await asyncio.sleep(0.2)
        if args.kill and killed_at is None and time.perf_counter() - began >= args.kill:
            victim = servers[0]
            victim.cpu = cpu_seconds(victim.process.pid)
            victim.process.send_signal(signal.SIGKILL)
            victim.alive = False
            killed_at = time.perf_counter() - began
    bench.acting = False
    await asyncio.sleep(3)  # the last actions' answers and broadcasts
    ended = time.perf_counter()
    bench.stopping = True
    await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = ended - began
    for server in servers:
        if server.alive:
            server.cpu = cpu_seconds(server.process.pid)
    stats = bench.stats
    stuck = [
        t["table"]
        for t in tables
        if t["table"] not in stats.closed
        and ended - 3 - stats.last_update.get(t["table"], began) > args.stuck
    ]
    lost, duplicated, written = check_ledger(args.db, tables, stats)

    def pct(values: list[float], q: float) -> float | None:
        if not values:
            return None
        ordered = sorted(values)
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    return {
        "servers": len(servers),
        "tables": len(tables),
        "spectators": args.spectators,
        "seconds": round(elapsed, 1),
        "killed_at": None if killed_at is None else round(killed_at, 1),
        "actions_written": written,
        "actions_per_second": round(written / elapsed, 1),
        "player_actions_acked": sum(len(a) for a in stats.acked.values()),
        "latency_player_ms": {"p50": pct(stats.to_player, 0.5), "p99": pct(stats.to_player, 0.99)},
        "latency_spectators_ms": {
            "p50": pct(stats.to_spectators, 0.5),
            "p99": pct(stats.to_spectators, 0.99),
            "samples": len(stats.to_spectators),
        },
        "server_cpu_seconds": round(sum(s.cpu for s in servers), 1),
        "reconnects": stats.reconnects,
        "refused": stats.refused,
        "lost": lost,
        "duplicated": duplicated,
        "version_regressions": stats.regressions,
        "sync_skips": stats.sync_skips,
        "stuck": len(stuck),
        "closed_tables": len(stats.closed),
        "mean_latency_player_ms": round(statistics.fmean(stats.to_player) * 1000, 1)
        if stats.to_player
        else None,
    }


def check_ledger(db: str, tables: list[dict[str, Any]], stats: Stats) -> tuple[int, int, int]:
    """Lost and duplicated actions against the ledger, and every action written (the chance
    deals left out)."""
    from openwhist.ledger import hosting as repo
    from openwhist.services.ledger import Ledger

    lost = duplicated = written = 0
    with Ledger(db) as ledger:
        for table in tables:
            with ledger.unit_of_work() as session:
                match_id = repo.get_table(session=session, table_id=table["table"]).match_id
            assert match_id is not None
            logged: dict[int, list[str]] = {}
            for deal in ledger.get_match(match_id)["deal_records"]:
                if deal["status"] == "complete":
                    logged[deal["number"]] = list(deal["record"]["actions"])
            point = ledger.resume_point(match_id)
            if not point.finished and point.actions:
                logged[point.deal_number] = list(point.actions)
            for actions in logged.values():
                cards = actions[1:]  # the first is the deal itself
                written += len(cards)
                duplicated += len(cards) - len(set(cards))
            for (number, index), card in stats.acked.get(table["table"], {}).items():
                actions = logged.get(number, [])
                if index > len(actions) or actions[index - 1] != card:
                    lost += 1
    return lost, duplicated, written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", default=os.environ.get("OPENWHIST_TEST_PG_URL"), required=False)
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--spectators", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--kill", type=float, default=20, help="seconds in; 0: no kill")
    parser.add_argument("--think", type=float, default=0.1, help="a player's mean pause (s)")
    parser.add_argument("--stuck", type=float, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not args.pg:
        raise SystemExit("--pg URL (or $OPENWHIST_TEST_PG_URL): a PostgreSQL server to use")
    import psycopg

    admin = args.pg.replace("postgresql+psycopg://", "postgresql://", 1)
    name = f"ow_load_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    args.db = f"{args.pg.rpartition('/')[0]}/{name}"
    servers: list[Server] = []
    try:
        from openwhist.services.ledger import Ledger

        with Ledger(args.db) as ledger:  # the schema, once, before the processes start
            ledger.list_matches()
        servers = [start_server(args.db) for _ in range(args.servers)]
        report = asyncio.run(run(args, servers))
    finally:
        for server in servers:
            if server.process.poll() is None:
                server.process.send_signal(signal.SIGINT)
                try:
                    server.process.wait(30)
                except subprocess.TimeoutExpired:
                    server.process.kill()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    print(json.dumps(report, indent=1))
    bar = {k: report[k] for k in ("lost", "duplicated", "version_regressions", "stuck")}
    print(f"bar (all 0): {bar}", file=sys.stderr)


if __name__ == "__main__":
    main()
