"""The reports' quick path: an SQLite ledger read through the standard library's ``sqlite3``.

A report (``whist scores``) on a small ledger spends nearly all its time importing
SQLAlchemy and SQLModel (about 0.3 s of CPU of the 0.7 s the command took with bytecode;
the queries take a few milliseconds; docs/performance.md, "Start-up"). So when a report
opens a plain SQLite file that is already a ledger at the head revision, `open_reader`
checks it exactly as `openwhist.ledger.db.open_engine` does (`db.inspect_ledger`'s
``PRAGMA quick_check`` and schema revision, which use ``sqlite3`` already) and hands back a
`SqliteReader`, which runs the same statements the repository's SQLAlchemy expressions
compile to and gives the rows to the same shaping code (`openwhist.ledger.sheet`). Anything
else -- a URL, a ledger to create or upgrade, every write -- takes the SQLAlchemy path.

Contract: `score_sheet`, `deal_records`, `standings` and `list_matches` return exactly what
the `openwhist.services.ledger.Ledger` methods of those names return through SQLAlchemy on
the same ledger (a test compares them, as JSON, on a ledger with corrections, adjustments,
voids, pages and a deal in progress); sqlite3's errors become the same ledger errors
(`db.translate`).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from openwhist.game.messages import N_, Message
from openwhist.game.scoresheet import CATEGORY_KEY, MATCH_POINT_CATEGORIES
from openwhist.ledger import db
from openwhist.ledger.errors import LedgerNotFoundError
from openwhist.ledger.sheet import (
    build_sheet,
    collector_paused,
    iso,
    match_summary,
    padded,
    standings_query,
    standings_rows,
    with_ledger_totals,
)


def _deals_between(
    table: str, match_id: int, first: int | None, last: int | None
) -> tuple[str, list[int]]:
    """The condition (and its arguments) selecting a match's deals numbered ``first`` to
    ``last`` (either may be open), on columns prefixed ``table`` (``"d."`` or ``""``)."""
    condition = f"{table}match_id = ?"
    args = [match_id]
    if first is not None:
        condition += f" AND {table}number >= ?"
        args.append(first)
    if last is not None:
        condition += f" AND {table}number <= ?"
        args.append(last)
    return condition, args


_MATCH_COLUMNS = (
    "id, variant, variant_distribution, variant_version, format, status, label, seed, "
    "options, house_rules, first_dealer, progress, winner, started_at, finished_at"
)
_ENTRY_COLUMNS = "e.deal_id, e.id, e.party, e.category, e.points, e.note, e.corrects_id"


def _time(value: str | None) -> datetime | None:
    """A stored time as SQLAlchemy's SQLite ``DateTime`` reads it back: naive, from
    ``YYYY-MM-DD HH:MM:SS[.ffffff]`` (the shaping code makes it UTC)."""
    return datetime.fromisoformat(value) if value is not None else None


@dataclass(frozen=True)
class StoredMatch:
    """A ``matches`` row with its JSON decoded and its times parsed (`sheet.MatchLike`)."""

    id: int | None
    variant: str
    variant_distribution: str
    variant_version: str
    format: str
    status: str
    label: str
    seed: int | None
    options: dict[str, Any]
    house_rules: list[str]
    first_dealer: int
    progress: dict[str, Any]
    winner: int | None
    started_at: datetime
    finished_at: datetime | None


def plain_path(url: str | None, environ: Mapping[str, str] | None = None) -> Path | None:
    """The SQLite file ``--db`` names when it is a plain file path (or unset, and
    ``$OPENWHIST_DB`` is one, or neither: the default file) -- as `db.resolve_url` reads it;
    ``None`` for a URL, which only SQLAlchemy reads."""
    env = os.environ if environ is None else environ
    raw = url if url is not None else env.get(db.ENV_VAR) or None
    if raw is None:
        return db.default_path()
    if "://" in raw:
        return None
    return Path(raw).expanduser().absolute()


def display_path(path: Path) -> str:
    """What `db.display_url` shows for the SQLite file ``path``."""
    return "sqlite:///" + quote(str(path), safe=" +/")


def open_reader(path: Path, *, busy_timeout_ms: int = db.BUSY_TIMEOUT_MS) -> SqliteReader | None:
    """A reader on the SQLite ledger ``path``, checked as a report's open checks it, or
    ``None`` when the file is missing, empty or at an older revision (the caller then opens
    it through `db.open_engine`, which creates or upgrades it).

    Raises:
        LedgerError: every refusal of `db.inspect_ledger` (damaged, not a ledger, too new,
            locked, unreadable), with the message and exit code `db.open_engine` gives.
    """
    if not path.exists():
        return None  # created by `db.open_engine` (the default file's folder too)
    where = display_path(path)
    # The check every open of an SQLite file makes (`db.inspect_ledger`), minus the URL.
    kind, revision = db._inspect_sqlite_file(
        path, where, busy_timeout_ms, check_limit=db.QUICK_CHECK_REPORT_MAX_BYTES
    )
    if kind != "ledger" or revision != db.head_revision():
        return None
    try:
        conn = sqlite3.connect(
            db.read_only_uri(path),
            uri=True,
            timeout=busy_timeout_ms / 1000,
            isolation_level=None,  # our own BEGIN, as the engine's connections
        )
    except sqlite3.Error as exc:
        raise db.translate(exc, where, path=path) from None
    return SqliteReader(conn, path, where, busy_timeout_ms)


class SqliteReader:
    """Read-only reports on one SQLite ledger file; each report is one read transaction
    (one snapshot of the ledger, as a report's session is on the SQLAlchemy path)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, where: str, timeout_ms: int):
        self._conn = conn
        self.path = path
        self.where = where
        self._conn.execute(f"PRAGMA busy_timeout = {int(timeout_ms)}")
        self._conn.execute("PRAGMA foreign_keys = ON")

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction; sqlite3's errors as the ledger's (`db.translate`)."""
        try:
            self._conn.execute("BEGIN")
            try:
                yield self._conn
            finally:
                self._conn.execute("ROLLBACK")
        except sqlite3.Error as exc:
            raise db.translate(exc, self.where, path=self.path) from None

    # -- the repository's reads, statement for statement --------------------------------

    @staticmethod
    def _match(conn: sqlite3.Connection, match_id: int) -> StoredMatch:
        row = conn.execute(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE matches.id = ?", (match_id,)
        ).fetchone()
        if row is None:
            raise LedgerNotFoundError(
                Message(N_("there is no match {match_id} in this ledger"), {"match_id": match_id})
            )
        return SqliteReader._stored(row)

    @staticmethod
    def _stored(row: Sequence[Any]) -> StoredMatch:
        """A `StoredMatch` from a row of `_MATCH_COLUMNS`."""
        (id_, variant, dist, version, fmt, status, label, seed, options, rules) = row[:10]
        first_dealer, progress, winner, started, finished = row[10:]
        started_at = _time(started)
        assert started_at is not None  # NOT NULL
        return StoredMatch(
            id=id_,
            variant=variant,
            variant_distribution=dist,
            variant_version=version,
            format=fmt,
            status=status,
            label=label,
            seed=seed,
            options=json.loads(options),
            house_rules=json.loads(rules),
            first_dealer=first_dealer,
            progress=json.loads(progress),
            winner=winner,
            started_at=started_at,
            finished_at=_time(finished),
        )

    @staticmethod
    def _players(conn: sqlite3.Connection, match_id: int) -> list[dict[str, Any]]:
        rows = conn.execute(
            "SELECT seats.seat, players.name, players.kind, seats.party FROM seats, players "
            "WHERE seats.match_id = ? AND seats.player_id = players.id ORDER BY seats.seat",
            (match_id,),
        )
        return [
            {"seat": seat, "name": name, "kind": kind, "party": party}
            for seat, name, kind, party in rows
        ]

    @staticmethod
    def _party_sums(rows: Any, count: int) -> list[int]:
        sums = [0] * count
        for party, points in rows:
            if 0 <= party < count:
                sums[party] += int(points or 0)
        return sums

    def score_sheet(
        self, match_id: int, *, first: int | None = None, last: int | None = None
    ) -> dict[str, Any]:
        """`repository.score_sheet` with `repository.ledger_totals`' summary, as
        `openwhist.services.ledger.Ledger.score_sheet` returns it."""
        with self._read() as conn:
            match = self._match(conn, match_id)
            players = self._players(conn, match_id)
            parties = list(match.progress.get("parties", []))
            count = len(parties)
            in_page, page_args = _deals_between("d.", match_id, first, last)
            found = conn.execute(
                "SELECT number FROM deals WHERE match_id = ? ORDER BY number DESC LIMIT 1",
                (match_id,),
            ).fetchone()
            deal_count = found[0] if found is not None and found[0] else 0
            totals = self._party_sums(
                conn.execute(
                    "SELECT party, points FROM party_totals WHERE match_id = ?", (match_id,)
                ),
                count,
            )
            # ``+ 0``: as the repository's statements (see `repository.score_sheet`).
            adjustment_rows = conn.execute(
                f"SELECT {_ENTRY_COLUMNS} FROM score_entries e "
                "WHERE e.deal_id IS NULL AND e.match_id + 0 = ? ORDER BY e.id",
                (match_id,),
            ).fetchall()
            carried = [0] * count
            if first is not None and first > 1:
                carried = self._carried_before(conn, match_id, first, count)
            with collector_paused():
                deals = conn.execute(
                    "SELECT d.id, d.number, d.dealer, d.status, d.source, d.winner, "
                    "CAST(d.tricks AS TEXT), "
                    "CAST(JSON_EXTRACT(d.progress, '$.\"summary\"') AS VARCHAR) "
                    f"FROM deals d WHERE {in_page} ORDER BY d.number",
                    page_args,
                ).fetchall()
                entries = conn.execute(
                    f"SELECT {_ENTRY_COLUMNS} FROM deals d "
                    f"JOIN score_entries e ON e.deal_id = d.id WHERE {in_page} "
                    "ORDER BY d.number, e.id",
                    page_args,
                ).fetchall()
                sheet = build_sheet(
                    match=match,
                    players=players,
                    parties=parties,
                    deals=deals,
                    entries=entries,
                    adjustment_rows=adjustment_rows,
                    carried=carried,
                    totals=totals,
                    deal_count=int(deal_count),
                )
            sheet["match"] = with_ledger_totals(
                sheet["match"], self.ledger_totals(conn, [match_id])
            )
        return sheet

    def _carried_before(
        self, conn: sqlite3.Connection, match_id: int, first: int, count: int
    ) -> list[int]:
        """`repository._carried_before`: the running totals before ``first`` plus the
        corrections of those deals."""
        row = conn.execute(
            "SELECT running FROM deals WHERE match_id = ? AND number < ? AND status = "
            "'complete' ORDER BY number DESC LIMIT 1",
            (match_id, first),
        ).fetchone()
        running = json.loads(row[0]) if row is not None and row[0] is not None else None
        carried = padded(running, count)
        corrections = self._party_sums(
            conn.execute(
                "SELECT e.party, sum(e.points) FROM score_entries e "
                "JOIN deals d ON d.id = e.deal_id WHERE e.corrects_id IS NOT NULL "
                "AND e.match_id + 0 = ? AND d.number + 0 < ? GROUP BY e.party",
                (match_id, first),
            ),
            count,
        )
        return [c + d for c, d in zip(carried, corrections, strict=True)]

    def deal_records(
        self, match_id: int, *, first: int | None = None, last: int | None = None
    ) -> list[dict[str, Any]]:
        """`repository.match_deals` of an existing match (`LedgerNotFoundError` otherwise),
        as `openwhist.services.ledger.Ledger.deal_records` returns them."""
        where, args = _deals_between("", match_id, first, last)
        with self._read() as conn:
            self._match(conn, match_id)
            rows = conn.execute(
                "SELECT id, number, dealer, status, source, record, tricks, winner, "
                f"started_at, completed_at FROM deals WHERE {where} ORDER BY number",
                args,
            ).fetchall()
            out = []
            for deal_id, number, dealer, status, source, record, tricks, winner, *times in rows:
                stored = json.loads(record)
                if status == "in_progress" and deal_id is not None:
                    actions = conn.execute(
                        "SELECT notation FROM deal_actions WHERE deal_id = ? ORDER BY idx",
                        (deal_id,),
                    )
                    stored = {
                        "number": number,
                        "dealer": dealer,
                        "actions": [notation for (notation,) in actions],
                        "score": None,
                        "progress": None,
                    }
                out.append(
                    {
                        "number": number,
                        "dealer": dealer,
                        "status": status,
                        "source": source,
                        "record": stored,
                        "tricks": json.loads(tricks),
                        "winner": winner,
                        "started_at": iso(_time(times[0])),
                        "completed_at": iso(_time(times[1])),
                    }
                )
        return out

    def standings(
        self,
        *,
        variant: str | None = None,
        player: str | None = None,
        statistics: Sequence[str] | None = None,
    ) -> list[dict[str, Any]]:
        """`repository.standings` (the same statements)."""
        sql, statistics_sql, params = standings_query(
            variant=variant, player=player, statistics=statistics
        )
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
            kept = conn.execute(statistics_sql, params).fetchall() if statistics_sql else []
            return standings_rows(rows, kept)

    def list_matches(
        self, *, variant: str | None = None, player: str | None = None, open_only: bool = False
    ) -> list[dict[str, Any]]:
        """`repository.list_matches`: matches, newest first, with their seats and totals."""
        where: list[str] = []
        args: list[Any] = []
        if variant is not None:
            where.append("matches.variant = ?")
            args.append(variant)
        if open_only:
            where.append("matches.status = 'open'")
        if player is not None:
            where.append(
                "matches.id IN (SELECT seats.match_id FROM seats, players "
                "WHERE seats.player_id = players.id AND players.name = ?)"
            )
            args.append(player)
        condition = ("WHERE " + " AND ".join(where)) if where else ""
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {_MATCH_COLUMNS} FROM matches {condition} ORDER BY matches.id DESC", args
            ).fetchall()
            matches = [self._stored(row) for row in rows]
            ids = [m.id for m in matches if m.id is not None]
            seats: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
            # Many matches: every seat in one pass instead of a long IN list (SQLite limits
            # the bound parameters), as the totals below.
            few = len(ids) <= 500
            in_ids = f"seats.match_id IN ({', '.join('?' * len(ids))}) AND " if few else ""
            for match_id, seat, name, kind, party in conn.execute(
                "SELECT seats.match_id, seats.seat, players.name, players.kind, seats.party "
                f"FROM seats, players WHERE {in_ids}seats.player_id = players.id "
                "ORDER BY seats.match_id, seats.seat",
                ids if few else [],
            ):
                if match_id in seats:
                    seats[match_id].append(
                        {"seat": seat, "name": name, "kind": kind, "party": party}
                    )
            totals = self.ledger_totals(conn, ids if few else None)
        return [with_ledger_totals(match_summary(m, seats[m.id or 0]), totals) for m in matches]

    @staticmethod
    def ledger_totals(conn: sqlite3.Connection, match_ids: Sequence[int] | None) -> dict[int, Any]:
        """`repository.ledger_totals` for ``match_ids`` (``None``: every match)."""
        out: dict[int, Any] = {}
        names = [CATEGORY_KEY + c for c in MATCH_POINT_CATEGORIES]
        games = ", ".join("?" * len(names))
        if match_ids is None:
            rows = conn.execute("SELECT match_id, party, points FROM party_totals")
            kept = conn.execute(
                f"SELECT match_id, party, value FROM party_statistics WHERE name IN ({games})",
                names,
            )
        else:
            marks = ", ".join("?" * len(match_ids))
            rows = conn.execute(
                f"SELECT match_id, party, points FROM party_totals WHERE match_id IN ({marks})",
                list(match_ids),
            )
            kept = conn.execute(
                "SELECT match_id, party, value FROM party_statistics "
                f"WHERE name IN ({games}) AND match_id IN ({marks})",
                [*names, *match_ids],
            )
        for match_id, party, points in rows:
            item = out.setdefault(int(match_id), {"points": {}, "game_points": {}, "edited": False})
            item["points"][int(party)] = int(points or 0)
            item["game_points"][int(party)] = 0
        for match_id, party, value in kept:
            found = out.get(int(match_id))
            if found is not None:
                found["game_points"][int(party)] = found["game_points"].get(int(party), 0) + int(
                    value or 0
                )
        for condition in ("corrects_id > 0", "deal_id IS NULL"):
            for (match_id,) in conn.execute(
                f"SELECT match_id FROM score_entries WHERE {condition}"
            ):
                if match_id is not None and int(match_id) in out:
                    out[int(match_id)]["edited"] = True
        return out


__all__ = ["SqliteReader", "StoredMatch", "display_path", "open_reader", "plain_path"]
