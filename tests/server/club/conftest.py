"""The club pages' tests: a real ``whist serve`` (tests/server/conftest.py's
`ServerHarness`, uvicorn on 127.0.0.1) over a ledger that a secretary filled through the
services, read over HTTP as a visitor's browser would.

`Site.get` and `Site.send` return `Answer` (status, headers, body); `club_site` is a
started server over an empty SQLite ledger (fill it through ``site.ledger``); `tables`
and `table` read a page's tables as a visitor sees them.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
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


@dataclass
class Row:
    """A table row as a visitor reads it: its cells' text (without the marks and notes
    said beside them) and its attributes (``class``, ``data-kind``, ``data-deal``)."""

    cells: list[str]
    attrs: dict[str, str]
    marks: list[str]
    notes: list[str]

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())


@dataclass
class Table:
    """A table of a page: its class, its headings and its body's rows."""

    classes: set[str]
    headers: list[str]
    rows: list[Row]


class _Tables(HTMLParser):
    """Every ``<table>`` of a page; the text of ``span.mark``, ``span.note`` and
    ``.visually-hidden`` is kept apart from a cell's own."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[Table] = []
        self._row: Row | None = None
        self._cell: list[str] | None = None
        self._in_head = False
        self._aside: list[str] = []  # the kinds of the open spans that are not the cell's text
        self._aside_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "table":
            self.tables.append(Table(set(found.get("class", "").split()), [], []))
        elif tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self._row = Row([], found, [], [])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "span" and self._cell is not None:
            classes = set(found.get("class", "").split())
            kind = next((k for k in ("mark", "note", "visually-hidden") if k in classes), "")
            self._aside.append(kind)
            if kind:
                self._aside_text = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self._in_head = False
        elif tag == "span" and self._aside:
            kind = self._aside.pop()
            if kind and self._row is not None:
                text = " ".join("".join(self._aside_text).split())
                if kind == "mark":
                    self._row.marks.append(text)
                elif kind == "note":
                    self._row.notes.append(text)
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.cells.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None and self.tables:
            if self._in_head:
                self.tables[-1].headers = self._row.cells
            else:
                self.tables[-1].rows.append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._aside and any(self._aside):
            self._aside_text.append(data)
        elif self._cell is not None:
            self._cell.append(data)


def tables(page: str) -> list[Table]:
    """The tables of an HTML page."""
    parser = _Tables()
    parser.feed(page)
    return parser.tables


def table(page: str, css_class: str) -> Table:
    """The page's one table of class ``css_class``."""
    found = [t for t in tables(page) if css_class in t.classes]
    assert len(found) == 1, f"{len(found)} tables of class {css_class}"
    return found[0]
