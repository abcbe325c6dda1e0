"""Running totals: ``party_totals`` per match and party, ``deals.running`` per deal.

Revision ID: 0003_running_totals
Revises: 0001
Create Date: 2026-12-01 (issue 11: score-sheet pages and standings at any match length)

Adds the sums the reports read instead of re-summing a match's entries (docs/ledger.md,
"Schema"), and computes them for the matches already in the ledger:

* ``party_totals`` -- per match and scoring party: every entry's points, the game and
  rubber points, the contracts made (contract and zero-bid entries with positive points
  that are not corrections), the completed deals and the deals the party won -- exactly
  what the standings query summed from the entries before;
* ``deals.running`` -- per completed deal, the running totals per party of the match's own
  deal lines (corrections and adjustments excluded) up to and including that deal.

The backfill reads each table once with grouped sums and walks each match's deals in order;
it is self-contained (it does not import the models, which later releases may change).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0003_running_totals"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BATCH = 5_000

_matches = sa.table("matches", sa.column("id", sa.Integer()), sa.column("progress", sa.JSON()))
_seats = sa.table("seats", sa.column("match_id", sa.Integer()), sa.column("party", sa.Integer()))
_deals = sa.table(
    "deals",
    sa.column("id", sa.Integer()),
    sa.column("match_id", sa.Integer()),
    sa.column("number", sa.Integer()),
    sa.column("status", sa.String()),
    sa.column("winner", sa.Integer()),
    sa.column("running", sa.JSON()),
)
_entries = sa.table(
    "score_entries",
    sa.column("match_id", sa.Integer()),
    sa.column("deal_id", sa.Integer()),
    sa.column("party", sa.Integer()),
    sa.column("category", sa.String()),
    sa.column("points", sa.Integer()),
    sa.column("corrects_id", sa.Integer()),
)


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN (SQLite does it in place; batch mode would copy the
    # deals table, which the entries' foreign keys refer to, and fail on a full ledger).
    op.add_column(
        "deals", sa.Column("running", sa.JSON(), server_default=sa.text("'[]'"), nullable=False)
    )
    party_totals = op.create_table(
        "party_totals",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("party", sa.Integer(), nullable=False),
        sa.Column("points", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("game_points", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("contracts_made", sa.Integer(), server_default="0", nullable=False),
        sa.Column("deals", sa.Integer(), server_default="0", nullable=False),
        sa.Column("deals_won", sa.Integer(), server_default="0", nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("match_id", "party"),
    )
    assert party_totals is not None
    conn = op.get_bind()
    _backfill_party_totals(conn, party_totals)
    _backfill_running(conn)


def _backfill_party_totals(conn: sa.Connection, party_totals: sa.Table) -> None:
    """One row per match and party (the progress's parties, the seats' and the entries'),
    with the sums the standings query computed from the entries."""
    width: dict[int, int] = {}
    for match_id, progress in conn.execute(sa.select(_matches.c.id, _matches.c.progress)):
        width[match_id] = len((progress or {}).get("parties") or [])
    rows: dict[tuple[int, int], dict[str, Any]] = {}

    def row(match_id: int, party: int) -> dict[str, Any]:
        key = (match_id, party)
        if key not in rows:
            rows[key] = {
                "match_id": match_id,
                "party": party,
                "points": 0,
                "game_points": 0,
                "contracts_made": 0,
                "deals": 0,
                "deals_won": 0,
            }
        return rows[key]

    for match_id, count in width.items():
        for party in range(count):
            row(match_id, party)
    for match_id, party in conn.execute(sa.select(_seats.c.match_id, _seats.c.party).distinct()):
        row(match_id, party)
    e = _entries.c
    sums = sa.select(
        e.match_id,
        e.party,
        sa.func.sum(e.points),
        sa.func.sum(sa.case((e.category.in_(("game", "rubber")), e.points), else_=0)),
        sa.func.sum(
            sa.case(
                (
                    sa.and_(
                        e.category.in_(("contract", "zero_bid")),
                        e.points > 0,
                        e.corrects_id.is_(None),
                    ),
                    1,
                ),
                else_=0,
            )
        ),
    ).group_by(e.match_id, e.party)
    for match_id, party, points, game_points, contracts in conn.execute(sums):
        target = row(match_id, party)
        target["points"] = int(points or 0)
        target["game_points"] = int(game_points or 0)
        target["contracts_made"] = int(contracts or 0)
    d = _deals.c
    complete = d.status == "complete"
    played: dict[int, int] = {}
    for match_id, deals in conn.execute(
        sa.select(d.match_id, sa.func.count()).where(complete).group_by(d.match_id)
    ):
        played[match_id] = int(deals)
    for (match_id, _party), target in rows.items():
        target["deals"] = played.get(match_id, 0)
    for match_id, winner, won in conn.execute(
        sa.select(d.match_id, d.winner, sa.func.count())
        .where(complete, d.winner.is_not(None))
        .group_by(d.match_id, d.winner)
    ):
        if (match_id, winner) in rows:
            rows[(match_id, winner)]["deals_won"] = int(won)
    values = list(rows.values())
    for start in range(0, len(values), _BATCH):
        conn.execute(party_totals.insert(), values[start : start + _BATCH])


def _backfill_running(conn: sa.Connection) -> None:
    """Each completed deal's running totals of the match's own deal lines, deal by deal."""
    d, e = _deals.c, _entries.c
    update = (
        sa.update(_deals)
        .where(d.id == sa.bindparam("b_id"))
        .values(running=sa.bindparam("b_running", type_=sa.JSON()))
    )
    matches = conn.execute(sa.select(_matches.c.id, _matches.c.progress)).all()
    for match_id, progress in matches:
        count = len((progress or {}).get("parties") or [])
        own: dict[int, dict[int, int]] = defaultdict(dict)
        for deal_id, party, points in conn.execute(
            sa.select(e.deal_id, e.party, sa.func.sum(e.points))
            .where(e.match_id == match_id, e.deal_id.is_not(None), e.corrects_id.is_(None))
            .group_by(e.deal_id, e.party)
        ):
            own[deal_id][party] = int(points or 0)
            count = max(count, party + 1)
        running = [0] * count
        pending: list[dict[str, Any]] = []
        for deal_id, status in conn.execute(
            sa.select(d.id, d.status).where(d.match_id == match_id).order_by(d.number)
        ):
            if status != "complete":
                continue
            for party, points in own.get(deal_id, {}).items():
                running[party] += points
            pending.append({"b_id": deal_id, "b_running": list(running)})
            if len(pending) >= _BATCH:
                conn.execute(update, pending)
                pending = []
        if pending:
            conn.execute(update, pending)


def downgrade() -> None:
    op.drop_table("party_totals")
    if op.get_bind().dialect.name == "sqlite":
        # SQLite (3.35+) drops a column in place; batch mode would copy the deals table,
        # which other tables' foreign keys refer to.
        op.execute("ALTER TABLE deals DROP COLUMN running")
    else:
        op.drop_column("deals", "running")
