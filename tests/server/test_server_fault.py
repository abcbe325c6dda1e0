"""Two ``whist serve`` processes on one PostgreSQL ledger, several tables, and ``kill -9``
of one of them mid-game (issue 15, items 5 and 8; docs/server.md, "PostgreSQL").

Each table is started on one of the processes, which owns it (its bots play there), and
its player connects to either process -- half the tables through the process that does not
own them. After a few tricks one process is killed with SIGKILL. Every client of the dead
process reconnects to the other with its invite; that process takes over the dead one's
tables (their advisory locks went with its connection) and every table continues from its
last action: the same hand and history as before the kill, and the deal played to its end
with each of the player's 26 cards written once -- none lost, none twice.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import time
import urllib.request
from typing import Any

from tests.server.conftest import Client, free_port, latest_view
from tests.server.test_serve_command import whist
from tests.server.test_server import play_turns

TABLES = 4


def start_serve(db: str, port: int) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        whist("serve", "--db", db, "--port", str(port)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "OPENWHIST_LANG": "en"},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"whist serve exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                if answer.status == 200:
                    return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("whist serve did not answer")


def create(port: int, seed_seats: list[str]) -> dict[str, Any]:
    body = json.dumps({"variant": "german", "seats": seed_seats}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body)
    with urllib.request.urlopen(request, timeout=20) as answer:
        created: dict[str, Any] = json.loads(answer.read())
        return created


def test_kill_9_of_one_of_two_processes_every_table_continues_from_its_last_action(
    pg_url: str,
) -> None:
    ports = [free_port(), free_port()]
    servers = [start_serve(pg_url, port) for port in ports]
    urls = [f"ws://127.0.0.1:{port}/ws" for port in ports]
    clients: list[Client] = []
    try:
        tables = []
        for i in range(TABLES):
            owner = i % 2  # started (and so owned) by this process
            created = create(ports[owner], ["human:Ann", "bot:heuristic"])
            host = Client(urls[owner])
            host.hello(created["table"], created["host_token"])
            host.send({"type": "start"})
            assert host.until(lambda m: m["type"] in ("done", "error"))["type"] == "done"
            host.close()
            via = (i // 2) % 2  # the player's process: the owner for half the tables
            ann = Client(urls[via])
            ann.hello(created["table"], created["seat_tokens"]["0"])
            clients.append(ann)
            tables.append((created, via, ann))
        for _, _, ann in tables:
            assert play_turns(ann, stop_after=4) == 4
        before = {}
        for created, _, ann in tables:
            ann.drain(0.3)
            view = latest_view(ann)
            assert view is not None
            assert view["deal"]["legal"], "the bot did not answer before the kill"
            before[created["table"]] = view

        servers[0].send_signal(signal.SIGKILL)  # no clean shutdown: its locks die with it
        servers[0].wait(30)
        for created, via, ann in list(tables):
            table = created["table"]
            if via == 0:
                ann.close()
                ann = Client(urls[1])  # its client reconnects to the other process
                clients.append(ann)
                view = ann.hello(table, created["seat_tokens"]["0"])
            else:  # still connected to the living process
                ann.send({"type": "view"})
                view = ann.until(lambda m: m["type"] == "view")["view"]
            # The table resumes at its last action: same version, hand and history.
            assert view["version"] == before[table]["version"]
            assert view["deal"]["hand"] == before[table]["deal"]["hand"]
            assert view["deal"]["history"] == before[table]["deal"]["history"]
            assert play_turns(ann) == 26 - 4
            final = latest_view(ann)
            assert final is not None
            assert final["status"] == "closed"
            assert final["progress"]["finished"] is True
            updates = [m for m in ann.messages if m["type"] == "update"]
            for earlier, later in itertools.pairwise(updates):
                # Versions only go up, one at a time -- but a process catching up on the
                # other's changes sends one ``sync`` for several (docs/server.md).
                step = later["view"]["version"] - earlier["view"]["version"]
                assert step == 1 or (step > 1 and later["event"]["kind"] == "sync"), later

        # The ledger holds each deal whole: the deck and 52 cards, none twice.
        from openwhist.services.ledger import Ledger

        with Ledger(pg_url) as ledger:
            matches = ledger.list_matches()
            assert len(matches) == TABLES
            for match in matches:
                [deal] = ledger.get_match(match["id"])["deal_records"]
                record = deal["record"]
                assert len(record["actions"]) == 1 + 52
                cards = record["actions"][1:]
                assert len(set(cards)) == 52
    finally:
        for client in clients:
            client.close()
        for server in servers:
            if server.poll() is None:
                server.send_signal(signal.SIGINT)
                try:
                    server.wait(30)
                except subprocess.TimeoutExpired:
                    server.kill()
