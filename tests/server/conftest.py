"""A real ``whist serve`` for the server tests: uvicorn on 127.0.0.1 (a free port) in a
thread of the test process, over a real SQLite ledger, driven by real websocket clients
(the ``websockets`` library).

`ServerHarness` starts and stops the server; stopping and starting it again over the same
ledger file (a new `Hosting`, a new `Ledger`) is a restart: nothing survives but the
ledger. `Client` is a blocking websocket client that keeps every message it received.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from openwhist.plugins import Catalog, load_catalog
from openwhist.services.hosting import Hosting, Update
from openwhist.services.ledger import Ledger
from openwhist_server import Limits, create_app
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class ServerHarness:
    """One server process's worth of state, started and stopped at will."""

    catalog: Catalog
    db: str
    limits: Limits = field(default_factory=Limits)
    port: int = 0
    hosting: Hosting | None = None
    ledger: Ledger | None = None
    watch: Callable[[Hosting, Update], None] | None = None
    options: dict[str, Any] = field(default_factory=dict)  # more `create_app` arguments
    _server: uvicorn.Server | None = None
    _thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, port: int | None = None) -> Hosting:
        """Start the server (on ``port``: a restart where its clients wait; default: a
        free port)."""
        self.ledger = Ledger(self.db, catalog=self.catalog)
        hosting = Hosting(self.catalog, self.ledger)
        app = create_app(hosting, limits=self.limits, **self.options)
        if self.watch is not None:
            broadcast = hosting.on_update
            watch = self.watch

            def both(update: Update) -> None:
                watch(hosting, update)  # the truth at this version, before any client hears
                assert broadcast is not None
                broadcast(update)

            hosting.on_update = both
        self.port = port or free_port()
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=self.port,
            ws_max_size=self.limits.frame_bytes,
            log_level="warning",
            lifespan="on",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        self.hosting = hosting
        return hosting

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(30)
            assert not self._thread.is_alive(), "uvicorn did not stop"
        if self.ledger is not None:
            self.ledger.close()
        self._server = self._thread = None
        self.hosting = self.ledger = None


class Client:
    """A websocket client that keeps every message it received (`messages`)."""

    def __init__(self, url: str, **kwargs: Any) -> None:
        self.connection: ClientConnection = connect(url, open_timeout=20, legacy=True, **kwargs)
        self.messages: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any] | str) -> None:
        self.connection.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self, timeout: float = 30) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.connection.recv(timeout=timeout))
        self.messages.append(message)
        return message

    def until(
        self, accept: Callable[[dict[str, Any]], bool], timeout: float = 60
    ) -> dict[str, Any]:
        """Receive until a message ``accept`` takes (returned)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(deadline - time.monotonic(), 0.01))
            if accept(message):
                return message

    def drain(self, quiet: float = 0.3) -> None:
        """Receive until nothing comes for ``quiet`` seconds."""
        while True:
            try:
                self.receive(quiet)
            except TimeoutError:
                return

    def hello(self, table: int, token: str | None, lang: str | None = None) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "hello", "table": table}
        if token is not None:
            message["token"] = token
        if lang is not None:
            message["lang"] = lang  # as a screen asks: views carry ``shown``
        self.send(message)
        welcome = self.receive()
        assert welcome["type"] == "welcome", welcome
        view = self.receive()
        assert view["type"] == "view", view
        return view["view"]  # type: ignore[no-any-return]

    def close(self) -> None:
        # Read what is waiting first: a client whose queue is full reads no close frame,
        # and its close would wait out the close timeout.
        with contextlib.suppress(ConnectionClosed):  # the server may be gone already
            self.drain(0.05)
        self.connection.close()


def latest_view(client: Client) -> dict[str, Any] | None:
    """The newest view a client received (from a ``view`` or an ``update``)."""
    for message in reversed(client.messages):
        if message["type"] in ("view", "update"):
            return message["view"]  # type: ignore[no-any-return]
    return None


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


PG_ENV = "OPENWHIST_TEST_PG_URL"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def ledger_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty ledger: an SQLite file, or a fresh PostgreSQL database on the
    server ``$OPENWHIST_TEST_PG_URL`` names (dropped afterwards; skipped without it)."""
    if request.param == "sqlite":
        yield str(tmp_path / "tables.sqlite3")
        return
    yield from _pg_database()


@pytest.fixture(params=[pytest.param("postgres", marks=pytest.mark.postgres)])
def pg_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh PostgreSQL ledger database (for what only PostgreSQL does: notifications)."""
    yield from _pg_database()


def _pg_database() -> Iterator[str]:
    base = os.environ.get(PG_ENV)
    if not base:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {PG_ENV} is not: the PostgreSQL cases cannot run")
        pytest.skip(f"PostgreSQL server tests need {PG_ENV} (bash .ci/pg-test-server.sh ...)")
    import psycopg

    name = f"ow_{uuid.uuid4().hex[:12]}"
    admin = base.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    prefix, _, _db = base.rpartition("/")
    try:
        yield f"{prefix}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def server(catalog: Catalog, tmp_path: Path) -> Iterator[ServerHarness]:
    """A server over an SQLite ledger file."""
    harness = ServerHarness(catalog, str(tmp_path / "tables.sqlite3"))
    yield harness
    harness.stop()


@pytest.fixture
def any_server(catalog: Catalog, ledger_url: str) -> Iterator[ServerHarness]:
    """A server over each kind of ledger: SQLite, and PostgreSQL when a server is given."""
    harness = ServerHarness(catalog, ledger_url)
    yield harness
    harness.stop()
