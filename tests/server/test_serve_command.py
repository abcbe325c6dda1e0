"""``whist serve`` as a process: the real command, killed with SIGKILL mid-deal and started
again over the same ledger, resumes the table at its last action; a port in use is a clear
error with exit code 1 (docs/cli.md), never a traceback."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.server.conftest import Client, free_port, latest_view
from tests.server.test_server import play_turns

WHIST = Path(sys.executable).with_name("whist")


def whist(*args: str) -> list[str]:
    return [str(WHIST), *args]


def start_serve(db: Path, port: int) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        whist("serve", "--db", str(db), "--port", str(port)),
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


def create(port: int, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables", data=json.dumps(body).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        created: dict[str, Any] = json.loads(answer.read())
        return created


def test_whist_serve_killed_mid_deal_resumes_the_table_at_its_last_action(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    port = free_port()
    server = start_serve(db, port)
    try:
        created = create(port, {"variant": "german", "seats": ["human:Ann", "bot:heuristic"]})
        url = f"ws://127.0.0.1:{port}/ws"
        host, ann = Client(url), Client(url)
        host.hello(created["table"], created["host_token"])
        ann.hello(created["table"], created["seat_tokens"]["0"])
        host.send({"type": "start"})
        play_turns(ann, stop_after=4)
        before = latest_view(ann)
        assert before is not None
        assert before["deal"]["legal"]
        server.send_signal(signal.SIGKILL)  # no clean shutdown: only the ledger survives
        server.wait(30)
        host.close()
        ann.close()
        server = start_serve(db, port)
        again = Client(url)
        resumed = again.hello(created["table"], created["seat_tokens"]["0"])
        assert resumed["version"] == before["version"]
        assert resumed["deal"]["hand"] == before["deal"]["hand"]
        assert resumed["deal"]["history"] == before["deal"]["history"]
        assert resumed["deal"]["legal"] == before["deal"]["legal"]
        assert play_turns(again) == 26 - 4
        final = latest_view(again)
        assert final is not None
        assert final["progress"]["finished"] is True
        again.close()
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()


def test_a_port_in_use_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            whist("serve", "--db", str(tmp_path / "l.sqlite3"), "--port", str(port)),
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "OPENWHIST_LANG": "en"},
        )
    assert result.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr
