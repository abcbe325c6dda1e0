"""Hosted tables in the ledger: the repository functions of ``hosted_tables`` and
``hosted_seats`` (migration 0006; the models are in `openwhist.ledger.models`).

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from openwhist.game.messages import N_, Message
from openwhist.ledger.errors import LedgerConflictError, LedgerError, LedgerNotFoundError
from openwhist.ledger.models import (
    TABLE_SEAT_KINDS,
    TABLE_STATUSES,
    HostedSeat,
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
    *, session: Session, table_id: int, seat: int, kind: str, name: str, bot: str | None
) -> None:
    """Set who sits at ``seat`` (its token stays).

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
    row.kind, row.name, row.bot = kind, name, bot
    session.add(row)
    session.flush()


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


__all__ = [
    "CHANNEL",
    "SeatRow",
    "StaleTableError",
    "bump_version",
    "create_table",
    "get_table",
    "live_tables",
    "seat_by_token",
    "seats_of",
    "update_seat",
]
