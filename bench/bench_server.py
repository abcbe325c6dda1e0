"""Action-to-broadcast latency of ``whist serve`` on loopback (issue 15; docs/performance.md).

One uvicorn server in this process's thread, over a fresh SQLite ledger (synchronous=FULL,
as in use), ``--tables`` German tables each with one websocket client and the server's
``random`` bot. Each client plays its first legal card whenever it is to act. Measured per
action: from the client sending ``act`` to the client receiving the ``update`` of its own
action -- which the server sends only after the action and the table's new version are
committed to the ledger. Reports p50/p99 in ms and the actions per second of all tables
(human actions; the bot's replies are written and broadcast too).

    uv run python bench/bench_server.py --tables 4 --seconds 20
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openwhist.plugins import load_catalog
from websockets.sync.client import connect

from tests.server.conftest import ServerHarness


def play(url: str, table: int, token: str, host: str, until: float, out: list[float]) -> None:
    ws = connect(url, legacy=True)
    ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
    starter = connect(url, legacy=True)  # the host starts the table over its websocket
    starter.send(json.dumps({"type": "hello", "table": table, "token": host}))
    starter.send(json.dumps({"type": "start"}))
    while json.loads(starter.recv(timeout=30)).get("type") != "done":
        pass
    starter.close()  # a client that stops reading cannot take the server's close frame
    view = None
    sent = 0.0
    mine: str | None = None
    while time.monotonic() < until:
        try:
            message = json.loads(ws.recv(timeout=max(until - time.monotonic(), 0.01)))
        except TimeoutError:
            break
        if message["type"] in ("view", "update"):
            event = message.get("event", {})
            if mine is not None and event.get("kind") == "action" and event.get("action") == mine:
                out.append(time.perf_counter() - sent)
                mine = None
            view = message["view"]
            if view["status"] == "closed":
                break
            deal = view["deal"]
            if mine is None and view["status"] == "playing" and deal and deal["legal"]:
                mine = deal["legal"][0]
                sent = time.perf_counter()
                ws.send(json.dumps({"type": "act", "action": mine}))
    ws.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    catalog = load_catalog()
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerHarness(catalog, str(Path(tmp) / "bench.sqlite3"))
        hosting = server.start()
        latencies: list[float] = []
        threads = []
        until = time.monotonic() + args.seconds
        started = time.monotonic()
        cpu = time.process_time()
        while time.monotonic() < until:
            for _ in range(args.tables):
                created = hosting.create_table("german", ["human:Ann", "bot:random"])
                thread = threading.Thread(
                    target=play,
                    args=(
                        server.url,
                        created.table_id,
                        created.seat_tokens[0],
                        created.host_token,
                        until,
                        latencies,
                    ),
                )
                thread.start()
                threads.append(thread)
            for thread in threads:
                thread.join()
            threads.clear()
        wall = time.monotonic() - started
        cpu = time.process_time() - cpu
        server.stop()
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"{args.tables} tables, {len(latencies)} actions in {wall:.1f} s: "
        f"{len(latencies) / wall:.0f} actions/s, act-to-broadcast p50 "
        f"{statistics.median(latencies) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms; "
        f"process CPU {cpu:.1f} s ({cpu / wall * 100:.0f} % of one core, server and clients)"
    )


if __name__ == "__main__":
    main()
