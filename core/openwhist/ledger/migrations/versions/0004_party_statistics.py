"""Statistics stored generically: ``party_statistics`` replaces two columns of ``party_totals``.

Revision ID: 0004_party_statistics
Revises: 0003_running_totals
Create Date: 2026-12-01 (issue 12: variants declare their score sheet and statistics)

Until now ``party_totals`` kept two figures of particular variants beside the points: the
game and rubber points and the contracts made. The variants now declare their statistics
(`openwhist.game.scoresheet.Statistic`), so the ledger keeps, per match, party and name:

* ``points:CATEGORY`` -- the sum of the points of the party's entries of each category it
  has entries of (every entry, corrections and adjustments included, as ``game_points``
  summed ``game`` and ``rubber``);
* ``made:CATEGORY`` -- how many of those entries that are not corrections scored positive
  points (``value``) of how many (``out_of``), as ``contracts_made`` counted ``contract``
  and ``zero_bid``.

Both are recomputed here from the entries, which are the truth (decision (n)), and a
statistic declared by categories reads them, so the standings of an upgraded ledger are
the ones the two columns gave. Then the columns are dropped. It is self-contained (it does
not import the models, which later releases may change); ``downgrade`` puts the columns
back from the new table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0004_party_statistics"
down_revision: str | Sequence[str] | None = "0003_running_totals"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BATCH = 5_000
_POINTS = "points:"
_MADE = "made:"
# What the dropped columns summed (for the downgrade).
_CONTRACTS = ("contract", "zero_bid")
_GAMES = ("game", "rubber")

_entries = sa.table(
    "score_entries",
    sa.column("match_id", sa.Integer()),
    sa.column("party", sa.Integer()),
    sa.column("category", sa.String()),
    sa.column("points", sa.Integer()),
    sa.column("corrects_id", sa.Integer()),
)
_totals = sa.table(
    "party_totals",
    sa.column("match_id", sa.Integer()),
    sa.column("party", sa.Integer()),
    sa.column("game_points", sa.BigInteger()),
    sa.column("contracts_made", sa.Integer()),
)


def _insert(conn: sa.Connection, table: sa.Table, values: list[dict[str, Any]]) -> None:
    for start in range(0, len(values), _BATCH):
        conn.execute(table.insert(), values[start : start + _BATCH])


def upgrade() -> None:
    statistics = op.create_table(
        "party_statistics",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("party", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("value", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("out_of", sa.BigInteger(), server_default="0", nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("match_id", "party", "name"),
    )
    assert statistics is not None
    conn = op.get_bind()
    e = _entries.c
    own = e.corrects_id.is_(None)
    rows: list[dict[str, Any]] = []
    for m, p, c, points, made, count in conn.execute(
        sa.select(
            e.match_id,
            e.party,
            e.category,
            sa.func.sum(e.points),
            sa.func.sum(sa.case((sa.and_(own, e.points > 0), 1), else_=0)),
            sa.func.sum(sa.case((own, 1), else_=0)),
        ).group_by(e.match_id, e.party, e.category)
    ):
        rows.append(
            {
                "match_id": m,
                "party": p,
                "name": _POINTS + str(c),
                "value": int(points or 0),
                "out_of": 0,
            }
        )
        if count:
            rows.append(
                {
                    "match_id": m,
                    "party": p,
                    "name": _MADE + str(c),
                    "value": int(made or 0),
                    "out_of": int(count),
                }
            )
    _insert(conn, statistics, rows)
    _drop_column("game_points")
    _drop_column("contracts_made")


def _drop_column(name: str) -> None:
    if op.get_bind().dialect.name == "sqlite":
        # SQLite (3.35+) drops a column in place; batch mode would copy the table.
        op.execute(f"ALTER TABLE party_totals DROP COLUMN {name}")
    else:
        op.drop_column("party_totals", name)


def downgrade() -> None:
    op.add_column(
        "party_totals",
        sa.Column("game_points", sa.BigInteger(), server_default="0", nullable=False),
    )
    op.add_column(
        "party_totals",
        sa.Column("contracts_made", sa.Integer(), server_default="0", nullable=False),
    )
    conn = op.get_bind()
    s = sa.table(
        "party_statistics",
        sa.column("match_id", sa.Integer()),
        sa.column("party", sa.Integer()),
        sa.column("name", sa.String()),
        sa.column("value", sa.BigInteger()),
    ).c
    games = {_POINTS + c for c in _GAMES}
    contracts = {_MADE + c for c in _CONTRACTS}
    kept: dict[tuple[int, int], list[int]] = {}
    for m, p, name, value in conn.execute(sa.select(s.match_id, s.party, s.name, s.value)):
        item = kept.setdefault((m, p), [0, 0])
        if name in games:
            item[0] += int(value or 0)
        elif name in contracts:
            item[1] += int(value or 0)
    t = _totals.c
    update = (
        sa.update(_totals)
        .where(t.match_id == sa.bindparam("b_match"), t.party == sa.bindparam("b_party"))
        .values(game_points=sa.bindparam("b_game"), contracts_made=sa.bindparam("b_made"))
    )
    values = [
        {"b_match": m, "b_party": p, "b_game": g, "b_made": c} for (m, p), (g, c) in kept.items()
    ]
    for start in range(0, len(values), _BATCH):
        conn.execute(update, values[start : start + _BATCH])
    op.drop_table("party_statistics")
