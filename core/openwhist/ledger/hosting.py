"""Hosted tables in the ledger: the repository functions of ``hosted_tables``,
``hosted_seats`` (migration 0006) and ``hosted_seat_changes`` (migration 0007; the models
are in `openwhist.ledger.models`).

Every function takes the caller's ``session`` and never commits: the hosting service
(`openwhist.services.hosting`) writes an action, the table's new version and anything
else of one change in one unit of work.

Concurrency between server processes is optimistic: `bump_version` moves a table's
version from the value the caller read to the next one with ``UPDATE ... WHERE version =
:read`` -- a single statement, atomic on SQLite and PostgreSQL alike -- and raises
`StaleTableError` when another writer moved it first, so the caller's unit of work rolls
back whole and nothing of the losing change is written.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from openwhist.game.messages import N_, Message
from openwhist.ledger.errors import LedgerConflictError, LedgerError, LedgerNotFoundError
from openwhist.ledger.models import (
    SEAT_CHANGES,
    TABLE_SEAT_KINDS,
    TABLE_STATUSES,
    HostedSeat,
    HostedSeatChange,
    HostedTable,
    utcnow,
)


class StaleTableError(LedgerConflictError):
    """Another writer changed the table since this one read it: nothing was written."""


@dataclass(frozen=True)
class SeatRow:
    """A seat to store: its kind (`TABLE_SEAT_KINDS`), name, bot and token hash."""

    kind: str
    name: str
    bot: str | None
    token_hash: str | None


def create_table(
    *, session: Session, host_token_hash: str, settings: Mapping[str, Any], seats: Sequence[SeatRow]
) -> HostedTable:
    """Store a new table (status ``waiting``, version 0) with its seats, in seat order.

    Raises:
        LedgerError: an unknown seat kind.
    """
    for row in seats:
        if row.kind not in TABLE_SEAT_KINDS:
            raise LedgerError(
                Message(
                    N_("a seat is {kinds}, not '{kind}'"),
                    {"kinds": ", ".join(TABLE_SEAT_KINDS), "kind": row.kind},
                )
            )
    table = HostedTable(host_token_hash=host_token_hash, settings=dict(settings))
    session.add(table)
    session.flush()
    assert table.id is not None
    for seat, row in enumerate(seats):
        session.add(
            HostedSeat(
                table_id=table.id,
                seat=seat,
                kind=row.kind,
                name=row.name,
                bot=row.bot,
                token_hash=row.token_hash,
            )
        )
    session.flush()
    return table


def get_table(*, session: Session, table_id: int) -> HostedTable:
    """The table ``table_id``.

    Raises:
        LedgerNotFoundError: no such table.
    """
    table = session.get(HostedTable, table_id)
    if table is None:
        raise LedgerNotFoundError(
            Message(N_("there is no table {table_id}"), {"table_id": table_id})
        )
    return table


def seats_of(*, session: Session, table_id: int) -> list[HostedSeat]:
    """The table's seats in seat order."""
    statement = (
        select(HostedSeat).where(HostedSeat.table_id == table_id).order_by(col(HostedSeat.seat))
    )
    return list(session.exec(statement))


def seat_by_token(*, session: Session, token_hash: str) -> HostedSeat | None:
    """The seat whose invite token has this hash, or ``None``."""
    return session.exec(select(HostedSeat).where(HostedSeat.token_hash == token_hash)).first()


def update_seat(
    *,
    session: Session,
    table_id: int,
    seat: int,
    kind: str,
    name: str,
    bot: str | None,
    held: bool = False,
) -> None:
    """Set who sits at ``seat`` and whether the hold bot plays it (its token stays).

    Raises:
        LedgerNotFoundError: no such seat.
        LedgerError: an unknown kind.
    """
    if kind not in TABLE_SEAT_KINDS:
        raise LedgerError(
            Message(
                N_("a seat is {kinds}, not '{kind}'"),
                {"kinds": ", ".join(TABLE_SEAT_KINDS), "kind": kind},
            )
        )
    row = session.get(HostedSeat, (table_id, seat))
    if row is None:
        raise LedgerNotFoundError(
            Message(N_("table {table_id} has no seat {seat}"), {"table_id": table_id, "seat": seat})
        )
    row.kind, row.name, row.bot, row.held = kind, name, bot, held
    session.add(row)
    session.flush()


def record_seat_change(
    *,
    session: Session,
    table_id: int,
    version: int,
    seat: int,
    change: str,
    bot: str | None,
    match_id: int | None,
    deal: int | None,
    actions: int,
) -> None:
    """Keep one change of who plays ``seat`` (`SEAT_CHANGES`), counted at the table's
    ``version`` (the one `bump_version` returned in the same unit of work).

    Raises:
        LedgerError: an unknown change.
    """
    if change not in SEAT_CHANGES:
        raise LedgerError(
            Message(
                N_("a seat change is {changes}, not '{change}'"),
                {"changes": ", ".join(SEAT_CHANGES), "change": change},
            )
        )
    session.add(
        HostedSeatChange(
            table_id=table_id,
            version=version,
            seat=seat,
            change=change,
            bot=bot,
            match_id=match_id,
            deal=deal,
            actions=actions,
        )
    )
    session.flush()


def seat_changes(*, session: Session, match_id: int) -> list[dict[str, Any]]:
    """The seat changes of the hosted table that plays match ``match_id``, in the order
    they were made: ``seat``, ``change``, ``bot``, ``deal``, ``actions`` (logged in that
    deal before the change) and the table's ``version``. Empty for a match no table hosts.
    """
    statement = (
        select(HostedSeatChange)
        .where(HostedSeatChange.match_id == match_id)
        .order_by(col(HostedSeatChange.version))
    )
    return [
        {
            "seat": row.seat,
            "change": row.change,
            "bot": row.bot,
            "deal": row.deal,
            "actions": row.actions,
            "version": row.version,
        }
        for row in session.exec(statement)
    ]


def count_tables(*, session: Session) -> int:
    """How many tables are not closed (what ``--max-tables`` bounds)."""
    statement = sa.select(sa.func.count()).where(col(HostedTable.status) != "closed")
    return int(session.connection().execute(statement).scalar_one())


CHANNEL = "openwhist_tables"
"""The PostgreSQL ``NOTIFY`` channel of table changes: payload ``TABLE:VERSION:ORIGIN``."""


def bump_version(
    *,
    session: Session,
    table_id: int,
    read: int,
    status: str | None = None,
    match_id: int | None = None,
    origin: str = "",
) -> int:
    """Move the table from version ``read`` to ``read + 1`` (and set ``status`` and
    ``match_id`` when given) in one conditional UPDATE; returns the new version.

    On PostgreSQL the change is also announced on `CHANNEL` (``pg_notify``, delivered when
    the transaction commits and never if it rolls back), so the other server processes
    sharing the ledger learn that the table moved; ``origin`` names the writer, so it can
    ignore its own announcements.

    Raises:
        StaleTableError: the table is no longer at version ``read`` (another writer applied
            a change first) -- or it does not exist.
        LedgerError: an unknown status.
    """
    values: dict[str, Any] = {"version": read + 1, "updated_at": utcnow()}
    if status is not None:
        if status not in TABLE_STATUSES:
            raise LedgerError(
                Message(
                    N_("a table is {statuses}, not '{status}'"),
                    {"statuses": ", ".join(TABLE_STATUSES), "status": status},
                )
            )
        values["status"] = status
    if match_id is not None:
        values["match_id"] = match_id
    statement = (
        sa.update(HostedTable)
        .where(col(HostedTable.id) == table_id, col(HostedTable.version) == read)
        .values(**values)
    )
    result = session.connection().execute(statement)
    if result.rowcount != 1:
        raise StaleTableError(
            Message(
                N_(
                    "table {table_id} changed since version {read} (another server process applied "
                    "a change first); nothing was written"
                ),
                {"table_id": table_id, "read": read},
            )
        )
    if session.connection().dialect.name == "postgresql":
        session.connection().execute(
            sa.text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": f"{table_id}:{read + 1}:{origin}"},
        )
    return read + 1


def live_tables(*, session: Session) -> list[int]:
    """The ids of the tables a server serves after a restart: every one not closed."""
    statement = (
        select(HostedTable.id)
        .where(col(HostedTable.status) != "closed")
        .order_by(col(HostedTable.id))
    )
    return [i for i in session.exec(statement) if i is not None]


OWNER_KEY = 0x6F77
"""The first key of a table's owner lock (``pg_try_advisory_lock(OWNER_KEY, table_id)``)."""
PRESENT_KEY = 0x6F78
"""The first key of a seat's presence lock (shared; second key ``table_id * 16 + seat``)."""
MEMBER_KEY = 0x6F79
"""The first key of the lock each serving process holds on its own backend's pid (how many
processes share the ledger: `TableLocks.members`)."""
_SEAT_SLOTS = 16  # > MAX_SEATS: a seat's presence key is table_id * 16 + seat


class TableLocks:
    """Who drives which table, among the server processes sharing one PostgreSQL ledger:
    session-level advisory locks held on one dedicated connection (autocommit) of this
    process.

    * A table's **owner lock** (`try_own`): the process holding it plays the table's bots
      and runs its hold timers; the others only write their own clients' actions (the
      version check keeps those one at a time) and leave the bots to it. PostgreSQL drops
      a session's advisory locks when its connection ends, so when an owner process dies
      -- even by ``kill -9``, its socket closed by the kernel -- its tables become free and
      another process's `try_own` takes them over.
    * A seat's **presence lock** (shared, `arrive` / `leave`): held while this process has
      a connection for the seat, so the owner knows a player is at the table through
      another process (`present_elsewhere`) before its hold bot takes the seat.
    * A **member lock** on the process's own backend: `members` counts the processes.

    The connection is used from several threads, so every use holds a lock. When it
    breaks, every lock it held is gone with it: `alive` reconnects and this process owns
    nothing until it takes its tables again.
    """

    def __init__(self, connect: Any) -> None:
        self._connect = connect
        self._guard = threading.Lock()
        self._conn: Any = None
        self._owned: set[int] = set()
        self._present: dict[tuple[int, int], int] = {}
        self._member = 0

    def _connection(self) -> Any:
        if self._conn is None:
            conn = self._connect()
            self._member = int(conn.execute(sa.text("SELECT pg_backend_pid()")).scalar_one())
            conn.execute(
                sa.text("SELECT pg_advisory_lock(:k, :pid)"), {"k": MEMBER_KEY, "pid": self._member}
            )
            self._conn = conn
        return self._conn

    def _run(self, sql: str, **params: Any) -> Any:
        with self._guard:
            try:
                return self._connection().execute(sa.text(sql), params).scalar()
            except sa.exc.DBAPIError:
                self._drop()
                raise

    def _drop(self) -> None:
        # The connection broke: every advisory lock it held is gone with it.
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.invalidate()
        self._conn = None
        self._owned.clear()
        self._present.clear()

    def alive(self) -> bool:
        """Whether the connection (and so every lock) is still there; reconnects if not
        (this process then owns nothing and is present nowhere)."""
        try:
            self._run("SELECT 1")
        except sa.exc.DBAPIError:
            return False
        return True

    def owns(self, table_id: int) -> bool:
        """Whether this process holds the table's owner lock now (no query)."""
        return table_id in self._owned

    def owned(self) -> set[int]:
        """The tables this process owns."""
        return set(self._owned)

    def try_own(self, table_id: int) -> bool:
        """Take the table's owner lock if nobody holds it; ``True`` if this process holds
        it now."""
        if table_id in self._owned:
            return True
        if self._run("SELECT pg_try_advisory_lock(:k, :t)", k=OWNER_KEY, t=table_id):
            self._owned.add(table_id)
            return True
        return False

    def release(self, table_id: int) -> None:
        """Give up the table (closed: nobody needs to drive it any more)."""
        if table_id in self._owned:
            self._owned.discard(table_id)
            self._run("SELECT pg_advisory_unlock(:k, :t)", k=OWNER_KEY, t=table_id)

    def free(self, table_ids: Sequence[int]) -> list[int]:
        """Which of ``table_ids`` no process owns now (one query)."""
        if not table_ids:
            return []
        ids = [int(i) for i in table_ids]
        held = self._rows(
            "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = :k "
            "AND objsubid = 2 AND granted AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())",
            k=OWNER_KEY,
        )
        return [i for i in ids if i not in held]

    def _rows(self, sql: str, **params: Any) -> set[int]:
        with self._guard:
            try:
                result = self._connection().execute(sa.text(sql), params)
                return {int(row[0]) for row in result}
            except sa.exc.DBAPIError:
                self._drop()
                raise

    def members(self) -> int:
        """How many processes hold a member lock on this database (this one included)."""
        pids = self._rows(
            "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = :k "
            "AND objsubid = 2 AND granted AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())",
            k=MEMBER_KEY,
        )
        return max(len(pids), 1)

    def arrive(self, table_id: int, seat: int) -> None:
        """A connection for ``seat`` opened here (the first one takes the presence lock)."""
        key = (table_id, seat)
        count = self._present.get(key, 0)
        if count == 0:
            self._run(
                "SELECT pg_advisory_lock_shared(:k, :s)",
                k=PRESENT_KEY,
                s=table_id * _SEAT_SLOTS + seat,
            )
        self._present[key] = count + 1

    def leave(self, table_id: int, seat: int) -> None:
        """A connection for ``seat`` closed here (the last one drops the presence lock)."""
        key = (table_id, seat)
        count = self._present.get(key, 0)
        if count <= 1:
            self._present.pop(key, None)
            if count == 1:
                self._run(
                    "SELECT pg_advisory_unlock_shared(:k, :s)",
                    k=PRESENT_KEY,
                    s=table_id * _SEAT_SLOTS + seat,
                )
        else:
            self._present[key] = count - 1

    def present_elsewhere(self, table_id: int, seat: int) -> bool:
        """Whether another process has a connection for ``seat`` now."""
        pids = self._rows(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = :k "
            "AND objid = :s AND objsubid = 2 AND granted AND pid <> pg_backend_pid() "
            "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            k=PRESENT_KEY,
            s=table_id * _SEAT_SLOTS + seat,
        )
        return bool(pids)

    def close(self) -> None:
        """Drop the connection and with it every lock."""
        with self._guard:
            self._drop()


__all__ = [
    "CHANNEL",
    "MEMBER_KEY",
    "OWNER_KEY",
    "PRESENT_KEY",
    "SeatRow",
    "StaleTableError",
    "TableLocks",
    "bump_version",
    "count_tables",
    "create_table",
    "get_table",
    "live_tables",
    "record_seat_change",
    "seat_by_token",
    "seat_changes",
    "seats_of",
    "update_seat",
]
