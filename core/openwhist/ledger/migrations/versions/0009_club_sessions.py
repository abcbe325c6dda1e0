"""Club sessions kept in the ledger, so that logging out ends a session for good.

Revision ID: 0009_club_sessions
Revises: 0008_accounts
Create Date: 2026-12-02 (issue 16's leftover: a logged-out cookie stayed valid)

One new table, nothing else changes (docs/club.md "Logging in", docs/architecture.md):

* ``club_sessions`` -- one row per logged-in club session: the SHA-256 of the random
  token the session's signed cookie carries (never the token), the ``account_id``, when
  it began (``created_at``) and was last seen (``seen_at``). Logging out deletes the row;
  a new password or a disabled account deletes every row of the account.

Sessions of a ledger upgraded to this revision held only the account's id, which no
longer opens a session: every secretary logs in once more. Self-contained (it does not
import the models). ``downgrade`` drops the table.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0009_club_sessions"
down_revision: str | Sequence[str] | None = "0008_accounts"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "club_sessions",
        sa.Column("token_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column(
            "seen_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"]),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    with op.batch_alter_table("club_sessions", schema=None) as batch_op:
        batch_op.create_index("ix_club_sessions_account_id", ["account_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("club_sessions", schema=None) as batch_op:
        batch_op.drop_index("ix_club_sessions_account_id")
    op.drop_table("club_sessions")
