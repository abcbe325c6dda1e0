"""Schema migrations: the models and the shipped migrations never drift (``alembic check``),
and an older ledger with rows in it upgrades without losing any."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from openwhist.ledger import db
from openwhist.ledger.errors import LedgerNeedsUpgradeError
from openwhist.services.ledger import Ledger, current, upgrade
from sqlmodel import SQLModel

FUTURE_REVISION = '''
"""A test-only second revision: a NOT NULL column and a data migration."""
import sqlalchemy as sa
from alembic import op

revision = "0099_test"
down_revision = "{head}"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("initials", sa.String(8), nullable=False, server_default="?"))
    op.execute("UPDATE players SET initials = substr(name, 1, 1)")


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("initials")
'''


def test_models_and_migrations_do_not_drift(ledger_url: str) -> None:
    """What ``alembic check`` does: autogenerate against a ledger at head finds nothing."""
    Ledger(ledger_url, catalog={}).close()
    engine = db.make_engine(ledger_url)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            diff = compare_metadata(context, SQLModel.metadata)
    finally:
        engine.dispose()
    assert diff == [], f"models and migrations differ; write a migration: {diff}"


def test_a_new_ledger_is_at_the_head_revision(ledger_url: str) -> None:
    before = current(ledger_url)
    assert before["up_to_date"] is False
    assert before["revision"] is None
    result = upgrade(ledger_url)
    assert result["from"] is None
    assert result["to"] == db.head_revision()
    after = current(ledger_url)
    assert after["state"] == "ledger"
    assert after["up_to_date"] is True


def install_future_revision(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Make this openwhist know one more revision ``0099_test`` after today's head (as a
    newer release would)."""
    versions = tmp_path / "future_versions"
    versions.mkdir()
    head = db.head_revision()
    (versions / "0099_test.py").write_text(FUTURE_REVISION.replace("{head}", head))
    monkeypatch.setattr(db, "VERSION_DIRS", (*db.VERSION_DIRS, versions))
    return "0099_test"


def test_the_quick_head_check_agrees_with_alembic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening a ledger at the head skips Alembic by reading the migration files' revision
    lines: that reading must name Alembic's own head, with a later revision added too."""
    alembic_head = db.script_directory().get_current_head()
    assert db.shipped_head() == alembic_head
    assert db.head_revision() == alembic_head
    install_future_revision(tmp_path, monkeypatch)
    assert db.shipped_head() == db.script_directory().get_current_head() == "0099_test"
    # A branch (two heads) is not read by the quick check: Alembic decides.
    (tmp_path / "future_versions" / "0098_branch.py").write_text(
        FUTURE_REVISION.replace("0099_test", "0098_branch").replace("{head}", "0001")
    )
    assert db.shipped_head() is None


def test_a_ledger_at_the_head_opens_without_loading_alembic(ledger_url: str) -> None:
    """``whist scores`` and every other command on a current ledger: one query checks the
    revision, and Alembic (about 0.35 s of CPU to import with the scripts) is not imported."""
    import subprocess
    import sys

    Ledger(ledger_url, catalog={}).close()
    code = (
        "import sys\n"
        "from openwhist.services.ledger import Ledger\n"
        f"Ledger({ledger_url!r}, catalog={{}}).close()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_an_old_ledger_with_rows_upgrades_to_head(
    ledger_url: str, catalog: Any, play_deal: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A ledger written by today's release, with a match in it.
    with Ledger(ledger_url, catalog=catalog) as ledger:
        match_id = ledger.start_match(
            "german", ["Ann", "Bob"], options={"match_format": "best_of_3"}
        )
        play_deal(ledger, match_id, random.Random(4))
        resume = ledger.resume_point(match_id)
        sheet = ledger.score_sheet(match_id)
    today = db.head_revision()
    assert current(ledger_url)["revision"] == today
    # The next release ships 0099_test.
    head = install_future_revision(tmp_path, monkeypatch)
    assert current(ledger_url)["up_to_date"] is False
    with pytest.raises(LedgerNeedsUpgradeError, match="whist ledger upgrade") as info:
        Ledger(ledger_url, catalog=catalog, upgrade=False)
    assert info.value.exit_code == 5
    assert current(ledger_url)["revision"] == today  # the refusal changed nothing
    with Ledger(ledger_url, catalog=catalog) as ledger:  # upgrades on open
        assert ledger.score_sheet(match_id) == sheet
        assert ledger.resume_point(match_id) == resume
    assert current(ledger_url)["revision"] == head
    engine = db.make_engine(ledger_url)
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT name, initials FROM players ORDER BY name")).all()
    engine.dispose()
    assert [tuple(r) for r in rows] == [("Ann", "A"), ("Bob", "B")]
