"""The club pages' tests: a real ``whist serve`` (tests/server/conftest.py's
`ServerHarness`, uvicorn on 127.0.0.1) over a ledger that a secretary filled through the
services, read over HTTP as a visitor's browser would.

`Site.get` and `Site.send` return `Answer` (status, headers, body); `club_site` is a
started server over an empty SQLite ledger (fill it through ``site.ledger``).
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from openwhist.plugins import Catalog
from openwhist.services.ledger import Ledger

from tests.server.conftest import ServerHarness


@dataclass(frozen=True)
class Answer:
    """One HTTP answer: its status, headers (names lower-cased) and body as text."""

    status: int
    headers: dict[str, str]
    body: str


@dataclass
class Site:
    """A started server and the ways to ask it things."""

    harness: ServerHarness

    @property
    def ledger(self) -> Ledger:
        assert self.harness.ledger is not None
        return self.harness.ledger

    @property
    def base(self) -> str:
        return self.harness.http

    def send(
        self,
        method: str,
        path: str,
        *,
        data: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """``method path`` (``path`` from the root, e.g. ``/club/matches?lang=es``)."""
        request = urllib.request.Request(
            self.base + path, data=data, method=method, headers=headers or {}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return Answer(
                    answer.status,
                    {k.lower(): v for k, v in answer.headers.items()},
                    answer.read().decode("utf-8"),
                )
        except urllib.error.HTTPError as refused:
            return Answer(
                refused.code,
                {k.lower(): v for k, v in refused.headers.items()},
                refused.read().decode("utf-8"),
            )

    def get(self, path: str, **headers: str) -> Answer:
        """``GET path`` (header names with ``_`` for ``-``: ``accept_language="es"``)."""
        return self.send("GET", path, headers={k.replace("_", "-"): v for k, v in headers.items()})


@pytest.fixture
def club_site(catalog: Catalog, tmp_path: Path) -> Iterator[Site]:
    """A running server over an empty SQLite ledger file."""
    harness = ServerHarness(catalog, str(tmp_path / "club.sqlite3"))
    harness.start()
    yield Site(harness)
    harness.stop()
