"""Seat changes: a held seat survives a restart, and every change of who plays a seat is kept.

Revision ID: 0007_seat_changes
Revises: 0006_hosted_tables
Create Date: 2026-12-01 (issue 15: the hold bot in the record)

* ``hosted_seats.held`` -- the table's hold bot plays this human seat while its player is
  gone (it used to live only in the server's memory, so a restart forgot it);
* ``hosted_seat_changes`` -- one row per change of who plays a seat of a hosted table:
  ``held`` (the hold bot took it), ``returned`` (its player came back), ``bot`` (the host
  gave it to a bot) or ``back`` (the host gave a bot's seat back to its player), with the
  table's version the change was written at, the match, the deal and the number of its
  actions logged so far, and the bot. The game record carries them
  (``table.substitutions``; docs/server.md).

Self-contained (it does not import the models). ``downgrade`` drops both.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0007_seat_changes"
down_revision: str | Sequence[str] | None = "0006_hosted_tables"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("hosted_seats", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("held", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    op.create_table(
        "hosted_seat_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("change", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("bot", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("deal", sa.Integer(), nullable=True),
        sa.Column("actions", sa.Integer(), server_default="0", nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.CheckConstraint(
            "change IN ('held', 'returned', 'bot', 'back')", name="ck_hosted_seat_changes_change"
        ),
        sa.ForeignKeyConstraint(["table_id"], ["hosted_tables.id"]),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "version", name="uq_hosted_seat_changes_version"),
    )
    with op.batch_alter_table("hosted_seat_changes", schema=None) as batch_op:
        batch_op.create_index("ix_hosted_seat_changes_match_id", ["match_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("hosted_seat_changes", schema=None) as batch_op:
        batch_op.drop_index("ix_hosted_seat_changes_match_id")
    op.drop_table("hosted_seat_changes")
    with op.batch_alter_table("hosted_seats", schema=None) as batch_op:
        batch_op.drop_column("held")
