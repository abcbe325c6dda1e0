"""Club accounts: the secretaries who may change the ledger from the club's web pages.

Revision ID: 0008_accounts
Revises: 0007_seat_changes
Create Date: 2026-12-02 (issue 16: real-card score entry on the web)

Four new tables, nothing else changes (docs/club.md, docs/architecture.md (aj)):

* ``accounts`` -- one row per person who may log in to the club pages: a unique ``name``,
  the argon2id hash of the password (never the password), when it was created and last
  logged in, and whether it is ``disabled``;
* ``login_failures`` -- one row per refused login in the last window, by the name tried
  and the client's address, so every server process refuses a guesser alike;
* ``club_settings`` -- named values the club's web server keeps once for every process
  (the session-signing secret when ``OPENWHIST_SESSION_SECRET`` is not set);
* ``form_submissions`` -- one row per change made through a club form, keyed by the
  form's one-time token, written in the same transaction as the change: a form sent
  twice changes the ledger once.

Self-contained (it does not import the models). ``downgrade`` drops the four tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0008_accounts"
down_revision: str | Sequence[str] | None = "0007_seat_changes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _now() -> sa.Column[Any]:
    return sa.Column(
        "created_at",
        sa.DateTime(timezone=True),
        server_default=sa.text("CURRENT_TIMESTAMP"),
        nullable=False,
    )


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("password_hash", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("disabled", sa.Boolean(), server_default=sa.false(), nullable=False),
        _now(),
        sa.Column("last_login_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name", name="uq_accounts_name"),
    )
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("address", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column(
            "at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("login_failures", schema=None) as batch_op:
        batch_op.create_index("ix_login_failures_address_at", ["address", "at"], unique=False)
        batch_op.create_index("ix_login_failures_name_at", ["name", "at"], unique=False)
    op.create_table(
        "club_settings",
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("value", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        _now(),
        sa.PrimaryKeyConstraint("name"),
    )
    op.create_table(
        "form_submissions",
        sa.Column("key", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("action", sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column("result", sa.JSON(), server_default=sa.text("'{}'"), nullable=False),
        _now(),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"]),
        sa.PrimaryKeyConstraint("key"),
    )


def downgrade() -> None:
    op.drop_table("form_submissions")
    op.drop_table("club_settings")
    with op.batch_alter_table("login_failures", schema=None) as batch_op:
        batch_op.drop_index("ix_login_failures_name_at")
        batch_op.drop_index("ix_login_failures_address_at")
    op.drop_table("login_failures")
    op.drop_table("accounts")
