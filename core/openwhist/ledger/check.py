"""``whist ledger check``'s database half: the file's integrity and the ledger's own invariants.

`check_database` reads a ledger -- never writing a byte, even into a damaged file -- and
returns every `Finding`:

* **integrity** (SQLite): ``PRAGMA integrity_check`` (every page, every index against its
  table: the full check, not the bounded ``quick_check`` of every open) and ``PRAGMA
  foreign_key_check``. A file that fails it is not read further. PostgreSQL checks its own
  pages; nothing is run there for this.
* **schema**: the revision is this openwhist's, and every table and column of the models
  exists (a column dropped outside openwhist is named).
* **structure**, per match: seats ``0..n-1``; deals numbered ``1..n`` with at most one in
  progress, the last; the progress snapshot counts the completed deals; a finished match
  has no deal in progress.
* **entries**, per deal: a completed deal's own entries (not corrections) are exactly its
  record's score lines and the progression's awards, in order, and its action log is
  empty; a deal in progress has a gapless log ``1..k`` and no entries; a correction
  corrects an entry of the same match. Stored sums beside the entries (``party_totals``,
  ``deals.running``, where the schema has them) equal the sums of the entries.

Replaying the records needs the variants and lives in `openwhist.services.ledger_check`.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL

from openwhist.game.messages import N_, Message, plural_message
from openwhist.ledger import db
from openwhist.ledger.errors import LedgerError, LedgerNotFoundError
from openwhist.ledger.repository import VOID_CATEGORY

CHECKS: dict[str, str] = {
    "integrity": N_("file integrity"),
    "schema": N_("ledger schema"),
    "structure": N_("match structure"),
    "entries": N_("score entries"),
    "replay": N_("deal replay"),
}
"""Each check's name (the stable word of ``Finding.check`` and the JSON) -> its label for
players, marked for translation (the CLI shows it translated)."""


@dataclass(frozen=True)
class Finding:
    """One thing wrong with a ledger.

    Attributes:
        check: ``integrity``, ``schema``, ``structure``, ``entries`` or ``replay``
            (stable; `CHECKS` labels it for players).
        message: what is wrong, translatable (an interface renders it in the player's
            language; what SQLite or a record says is data inside it).
        match: the match concerned, if any.
        deal: the deal number concerned, if any.
    """

    check: str
    message: Message
    match: int | None = None
    deal: int | None = None

    @property
    def problem(self) -> str:
        """What is wrong, untranslated (the message rendered as records keep it)."""
        return self.message.render()

    def as_dict(self) -> dict[str, Any]:
        """JSON form: ``{check, match, deal, problem, message}`` (``problem`` untranslated,
        ``message`` the translatable `Message.as_dict`)."""
        return {
            "check": self.check,
            "match": self.match,
            "deal": self.deal,
            "problem": self.problem,
            "message": self.message.as_dict(),
        }

    def __str__(self) -> str:
        where = ""
        if self.match is not None:
            where = f"match {self.match}" + (f", deal {self.deal}" if self.deal else "") + ": "
        return f"{self.check}: {where}{self.problem}"


def _missing(finding: Finding) -> bool:
    """A schema finding of a table or column that is not there."""
    return finding.message.text in (_TABLE_MISSING, _COLUMN_MISSING, _VERSION_MISSING)


_TABLE_MISSING = N_("table {table} is missing")
_COLUMN_MISSING = N_("column {column} is missing")
_VERSION_MISSING = N_("the schema version table alembic_version is missing")


def _listed(values: Any) -> str:
    """Numbers as a list in the message (``[2, 3, 4]``), the same in every language."""
    return str(list(values))


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


def sqlite_integrity(path: Path) -> list[Finding]:
    """``PRAGMA integrity_check`` and ``foreign_key_check`` on an SQLite file, read-only.

    Raises:
        LedgerNotFoundError: no file at ``path``.
    """
    if not path.is_file():
        raise LedgerNotFoundError(
            Message(N_("there is no ledger file at {path}"), {"path": str(path)})
        )
    with path.open("rb") as handle:
        if handle.read(len(db.SQLITE_MAGIC)) != db.SQLITE_MAGIC:
            return [
                Finding("integrity", Message(N_("the file is not an SQLite database (bad header)")))
            ]
    try:
        conn = sqlite3.connect(db.read_only_uri(path), uri=True)
    except sqlite3.Error as exc:
        raise db.translate(exc, str(path), path=path) from None
    try:
        try:
            rows = [str(r[0]) for r in conn.execute("PRAGMA integrity_check(50)")]
        except sqlite3.DatabaseError as exc:
            return [
                Finding(
                    "integrity",
                    Message(N_("SQLite cannot check the file: {sqlite}"), {"sqlite": str(exc)}),
                )
            ]
        if rows != ["ok"]:
            # SQLite's own words (untranslated, as SQLite has them) are data in the sentence.
            return [
                Finding("integrity", Message(N_("SQLite reports: {sqlite}"), {"sqlite": row}))
                for row in rows
            ]
        return [
            Finding(
                "integrity",
                Message(
                    N_("row {row} of table {table} refers to a missing row of table {parent}"),
                    {"row": int(rowid), "table": str(table), "parent": str(parent)},
                ),
            )
            for table, rowid, parent, _fk in conn.execute("PRAGMA foreign_key_check")
        ]
    finally:
        conn.close()


def _schema(conn: sa.Connection) -> list[Finding]:
    from sqlmodel import SQLModel

    import openwhist.ledger.models  # noqa: F401  (the tables on the metadata)

    inspector = sa.inspect(conn)
    present = set(inspector.get_table_names())
    findings = []
    if "alembic_version" in present:
        revisions = [r[0] for r in conn.execute(sa.text("SELECT version_num FROM alembic_version"))]
        if revisions != [db.head_revision()]:
            findings.append(
                Finding(
                    "schema",
                    Message(
                        N_(
                            "schema revision {revision} is not this openwhist's {head} "
                            "(run `whist ledger upgrade`, or upgrade openwhist)"
                        ),
                        {
                            "revision": ", ".join(str(r) for r in revisions) or "-",
                            "head": str(db.head_revision()),
                        },
                    ),
                )
            )
    else:
        findings.append(Finding("schema", Message(_VERSION_MISSING)))
    for name, table in SQLModel.metadata.tables.items():
        if name not in present:
            findings.append(Finding("schema", Message(_TABLE_MISSING, {"table": name})))
            continue
        columns = {c["name"] for c in inspector.get_columns(name)}
        for column in table.columns:
            if column.name not in columns:
                findings.append(
                    Finding("schema", Message(_COLUMN_MISSING, {"column": f"{name}.{column.name}"}))
                )
    return findings


def _lines(score: Any, progress: Any) -> list[tuple[int, str, int, str]]:
    """The entries a completed deal's record and progress say it produced, in order."""
    out = []
    for line in [*(score or {}).get("lines", []), *(progress or {}).get("awards", [])]:
        out.append((int(line["party"]), str(line["category"]), int(line["points"]), line["note"]))
    return out


def _structure(conn: sa.Connection, tables: set[str]) -> Iterator[Finding]:
    matches = conn.execute(sa.text("SELECT id, status, progress FROM matches ORDER BY id")).all()
    seats: dict[int, list[int]] = defaultdict(list)
    for match_id, seat in conn.execute(sa.text("SELECT match_id, seat FROM seats ORDER BY 1, 2")):
        seats[match_id].append(seat)
    deals: dict[int, list[Any]] = defaultdict(list)
    for row in conn.execute(
        sa.text(
            "SELECT id, match_id, number, status, progress, record FROM deals "
            "ORDER BY match_id, number"
        )
    ):
        deals[row[1]].append(row)
    entries: dict[int | None, list[tuple[int, str, int, str]]] = defaultdict(list)
    entry_match: dict[int, int] = {}
    corrections = []
    sums: dict[tuple[int, int], int] = defaultdict(int)
    for entry_id, match_id, deal_id, party, category, points, note, corrects in conn.execute(
        sa.text(
            "SELECT id, match_id, deal_id, party, category, points, note, corrects_id "
            "FROM score_entries ORDER BY deal_id, seq, id"
        )
    ):
        entry_match[entry_id] = match_id
        sums[(match_id, party)] += points
        if corrects is not None:
            corrections.append((entry_id, match_id, corrects))
        elif deal_id is not None and category != VOID_CATEGORY:
            # A void's marker (0 points, its note; `repository.void_deal`) is the
            # secretary's, like a correction: it is not one of the rules' lines.
            entries[deal_id].append((party, category, points, note))
    logs: dict[int, list[int]] = defaultdict(list)
    for deal_id, idx in conn.execute(
        sa.text("SELECT deal_id, idx FROM deal_actions ORDER BY deal_id, idx")
    ):
        logs[deal_id].append(idx)

    for match_id, status, progress_raw in matches:
        progress = _json(progress_raw) or {}
        if seats[match_id] != list(range(len(seats[match_id]))) or not seats[match_id]:
            yield Finding(
                "structure",
                Message(
                    N_("its seats are {seats}, not 0 to n-1"), {"seats": _listed(seats[match_id])}
                ),
                match_id,
            )
        rows = deals[match_id]
        numbers = [r[2] for r in rows]
        if numbers != list(range(1, len(rows) + 1)):
            yield Finding(
                "structure",
                Message(
                    N_("its deals are numbered {numbers}, not 1 to {count}"),
                    {"numbers": _listed(numbers), "count": len(rows)},
                ),
                match_id,
            )
        statuses = [r[3] for r in rows]
        if "in_progress" in statuses[:-1]:
            yield Finding(
                "structure", Message(N_("a deal other than the last is in progress")), match_id
            )
        if status == "finished" and statuses[-1:] == ["in_progress"]:
            yield Finding(
                "structure",
                Message(N_("the match is finished but a deal is in progress")),
                match_id,
            )
        complete = statuses.count("complete")
        if progress.get("deals") != complete:
            yield Finding(
                "structure",
                plural_message(
                    "its progress counts {snapshot} deals, the ledger holds {count} completed deal",
                    "its progress counts {snapshot} deals, the ledger holds {count} completed "
                    "deals",
                    "count",
                    {"snapshot": str(progress.get("deals")), "count": complete},
                ),
                match_id,
            )
        for deal_id, _m, number, deal_status, deal_progress, record_raw in rows:
            record = _json(record_raw) or {}
            own = entries.get(deal_id, [])
            log = logs.get(deal_id, [])
            if deal_status == "complete":
                if log:
                    yield Finding(
                        "entries",
                        plural_message(
                            "the deal is complete but {count} action is left in its log",
                            "the deal is complete but {count} actions are left in its log",
                            "count",
                            {"count": len(log)},
                        ),
                        match_id,
                        number,
                    )
                expected = _lines(record.get("score"), _json(deal_progress))
                if own != expected:
                    yield Finding(
                        "entries",
                        Message(
                            N_(
                                "its entries {entries} differ from its record's score lines "
                                "and awards {expected}"
                            ),
                            {"entries": str(own), "expected": str(expected)},
                        ),
                        match_id,
                        number,
                    )
            else:
                if log != list(range(1, len(log) + 1)):
                    yield Finding(
                        "entries",
                        Message(
                            N_("its action log has gaps: {actions}"), {"actions": _listed(log)}
                        ),
                        match_id,
                        number,
                    )
                if own:
                    yield Finding(
                        "entries",
                        Message(N_("the deal is in progress but has score entries")),
                        match_id,
                        number,
                    )
    for entry_id, match_id, corrects in corrections:
        if entry_match.get(corrects) != match_id:
            yield Finding(
                "entries",
                Message(
                    N_("entry {entry} corrects entry {corrected}, which is not of this match"),
                    {"entry": int(entry_id), "corrected": int(corrects)},
                ),
                match_id,
            )
    yield from _stored_sums(conn, tables, sums, deals, entries)


def _stored_sums(
    conn: sa.Connection,
    tables: set[str],
    sums: dict[tuple[int, int], int],
    deals: dict[int, list[Any]],
    entries: dict[int | None, list[tuple[int, str, int, str]]],
) -> Iterator[Finding]:
    """Sums stored beside the entries, where the schema keeps them, equal the entries'."""
    if "party_totals" in tables:
        for match_id, party, points in conn.execute(
            sa.text("SELECT match_id, party, points FROM party_totals ORDER BY 1, 2")
        ):
            if sums.get((match_id, party), 0) != points:
                yield Finding(
                    "entries",
                    Message(
                        N_(
                            "the stored total of party {party} is {points}, "
                            "its entries sum to {sum}"
                        ),
                        {
                            "party": int(party),
                            "points": int(points),
                            "sum": sums.get((match_id, party), 0),
                        },
                    ),
                    match_id,
                )
    columns = {c["name"] for c in sa.inspect(conn).get_columns("deals")}
    if "running" not in columns:
        return
    stored = {
        row[0]: _json(row[1])
        for row in conn.execute(sa.text("SELECT id, running FROM deals WHERE status = 'complete'"))
    }
    for match_id, rows in deals.items():
        running: dict[int, int] = defaultdict(int)
        for deal_id, _m, number, status, _p, _r in rows:
            if status != "complete":
                continue
            for party, _category, points, _note in entries.get(deal_id, []):
                running[party] += points
            kept = stored.get(deal_id) or []
            if any(kept[p] != running[p] for p in range(len(kept))) or not kept:
                summed = [running[p] for p in range(len(kept) or len(running))]
                yield Finding(
                    "entries",
                    Message(
                        N_("the stored running totals {stored} differ from the entries' {summed}"),
                        {"stored": _listed(kept), "summed": _listed(summed)},
                    ),
                    match_id,
                    number,
                )


def check_database(url: URL) -> list[Finding]:
    """Every finding of the integrity, schema, structure and entries checks, read-only.

    Raises:
        LedgerNotFoundError: no SQLite file at the URL.
        LedgerError: the ledger cannot be read at all (unreachable, locked, refused).
    """
    path = db.sqlite_path(url)
    if path is not None:
        findings = sqlite_integrity(path)
        if findings:
            return findings
    engine = db.make_engine(url, read_only=True)
    try:
        with db.translate_errors(url), engine.connect() as conn:
            findings = _schema(conn)
            tables = set(sa.inspect(conn).get_table_names())
            if any(_missing(f) for f in findings):
                return findings  # the invariants need every table and column
            findings.extend(_structure(conn, tables))
            conn.rollback()
    except LedgerError:
        raise
    finally:
        engine.dispose()
    return findings


__all__ = ["CHECKS", "Finding", "check_database", "sqlite_integrity"]
