"""Hosted tables: the tables ``whist serve`` hosts, their seats and hashed invite tokens.

Revision ID: 0006_hosted_tables
Revises: 0004_party_statistics
Create Date: 2026-12-01 (issue 15: network play)

Two new tables, nothing else changes (docs/server.md):

* ``hosted_tables`` -- one row per hosted table: its match (once started), status, the
  version every change bumps (optimistic concurrency between server processes), the
  SHA-256 of the host's token and the table's settings (variant, options, house rules,
  seats, table options) as JSON;
* ``hosted_seats`` -- one row per seat: human, open or bot, the name, the bot, and the
  SHA-256 of the seat's invite token (unique: a token names one seat of one table).

Self-contained (it does not import the models). ``downgrade`` drops both tables.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0006_hosted_tables"
down_revision: str | Sequence[str] | None = "0004_party_statistics"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "hosted_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column(
            "status",
            sqlmodel.sql.sqltypes.AutoString(length=16),
            server_default="waiting",
            nullable=False,
        ),
        sa.Column("version", sa.Integer(), server_default="0", nullable=False),
        sa.Column("host_token_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("settings", sa.JSON(), server_default=sa.text("'{}'"), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.CheckConstraint(
            "status IN ('waiting', 'playing', 'paused', 'closed')", name="ck_hosted_tables_status"
        ),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("hosted_tables", schema=None) as batch_op:
        batch_op.create_index("ix_hosted_tables_status", ["status"], unique=False)

    op.create_table(
        "hosted_seats",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sqlmodel.sql.sqltypes.AutoString(length=16),
            server_default="open",
            nullable=False,
        ),
        sa.Column(
            "name", sqlmodel.sql.sqltypes.AutoString(length=100), server_default="", nullable=False
        ),
        sa.Column("bot", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True),
        sa.Column("token_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.CheckConstraint("kind IN ('human', 'open', 'bot')", name="ck_hosted_seats_kind"),
        sa.ForeignKeyConstraint(["table_id"], ["hosted_tables.id"]),
        sa.PrimaryKeyConstraint("table_id", "seat"),
        sa.UniqueConstraint("token_hash", name="uq_hosted_seats_token_hash"),
    )


def downgrade() -> None:
    op.drop_table("hosted_seats")
    with op.batch_alter_table("hosted_tables", schema=None) as batch_op:
        batch_op.drop_index("ix_hosted_tables_status")
    op.drop_table("hosted_tables")
