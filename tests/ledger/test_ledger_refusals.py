"""Databases the ledger must refuse -- each with its own clear error and exit code -- and
never modify: locked, corrupt, damaged, newer, foreign, unreachable, older without upgrade."""

from __future__ import annotations

import hashlib
import os
import socket
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from openwhist.ledger.errors import (
    LedgerCorruptError,
    LedgerLockedError,
    LedgerSchemaError,
    LedgerTooNewError,
    LedgerUnreachableError,
    NotALedgerError,
)
from openwhist.services.ledger import Ledger, current


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _files(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir())


def _make_ledger(path: Path, catalog: Any) -> int:
    with Ledger(str(path), catalog=catalog) as ledger:
        match_id = ledger.start_match("german", ["Ann", "Bob"])
    # The last connection closed: SQLite checkpointed the WAL into the main file.
    return match_id


def test_random_bytes_are_not_a_ledger_and_stay_untouched(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    path.write_bytes(os.urandom(8192))
    before, files = _digest(path), _files(path)
    with pytest.raises(NotALedgerError, match="not an SQLite database") as info:
        Ledger(str(path))
    assert info.value.exit_code == 5
    assert _digest(path) == before
    assert _files(path) == files


def test_a_damaged_ledger_is_refused_untouched(tmp_path: Path, catalog: Any) -> None:
    path = tmp_path / "ledger.sqlite3"
    _make_ledger(path, catalog)
    data = bytearray(path.read_bytes())
    data[100:4096] = os.urandom(3996)  # page 1 after the header: the schema table
    path.write_bytes(bytes(data))
    before = _digest(path)
    with pytest.raises(NotALedgerError) as info:
        Ledger(str(path), catalog=catalog)
    assert isinstance(info.value, LedgerCorruptError | NotALedgerError)
    assert info.value.exit_code == 5
    assert _digest(path) == before


def test_a_foreign_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "shop.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO customers (name) VALUES ('Ada')")
    conn.commit()
    conn.close()
    before, files = _digest(path), _files(path)
    with pytest.raises(NotALedgerError, match="customers") as info:
        Ledger(str(path))
    assert info.value.exit_code == 5
    with pytest.raises(NotALedgerError):
        current(str(path))
    assert _digest(path) == before
    assert _files(path) == files
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # not switched to WAL
    conn.close()


def test_a_ledger_from_a_newer_openwhist_is_refused_untouched(tmp_path: Path, catalog: Any) -> None:
    path = tmp_path / "ledger.sqlite3"
    _make_ledger(path, catalog)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    conn.commit()
    conn.close()
    before = _digest(path)
    with pytest.raises(LedgerTooNewError, match="newer openwhist") as info:
        Ledger(str(path), catalog=catalog)
    assert "9999_from_the_future" in str(info.value)
    assert info.value.exit_code == 5
    with pytest.raises(LedgerTooNewError):
        current(str(path))
    assert _digest(path) == before


def test_a_newer_server_ledger_is_refused(ledger_url: str, catalog: Any) -> None:
    import sqlalchemy as sa
    from openwhist.ledger import db

    Ledger(ledger_url, catalog=catalog).close()
    engine = db.make_engine(ledger_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '9999_future'"))
    with pytest.raises(LedgerTooNewError):
        Ledger(ledger_url, catalog=catalog)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == (
            "9999_future"
        )
    engine.dispose()


def test_a_locked_ledger_gives_a_clear_error_after_the_busy_timeout(
    tmp_path: Path, catalog: Any
) -> None:
    path = tmp_path / "ledger.sqlite3"
    _make_ledger(path, catalog)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with Ledger(str(path), catalog=catalog, busy_timeout_ms=300) as ledger:
            with pytest.raises(LedgerLockedError, match="locked by another process") as info:
                ledger.start_match("german", ["Cid", "Dee"])
            assert "waited for the busy timeout" in str(info.value)
            assert info.value.exit_code == 4
            # It waited for the lock first: the ledger's connections carry the timeout asked
            # for (checked on the connection, not with a clock).
            with ledger._engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 300
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with Ledger(str(path), catalog=catalog) as ledger:
        assert [m["players"][0]["name"] for m in ledger.list_matches()] == ["Ann"]


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_an_unreachable_server_gives_exit_4_without_the_password() -> None:
    url = f"postgresql://club:s3cret@127.0.0.1:{_closed_port()}/whist"
    with pytest.raises(LedgerUnreachableError) as info:
        Ledger(url)
    assert info.value.exit_code == 4
    assert "cannot reach" in str(info.value)
    assert "127.0.0.1" in str(info.value)
    assert "s3cret" not in str(info.value)


def test_a_missing_directory_is_unreachable_and_not_created(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir" / "ledger.sqlite3"
    with pytest.raises(LedgerUnreachableError, match="does not exist"):
        Ledger(str(target))
    assert not (tmp_path / "no").exists()


def test_every_refusal_is_a_schema_error_with_exit_5() -> None:
    for cls in (NotALedgerError, LedgerCorruptError, LedgerTooNewError):
        assert issubclass(cls, LedgerSchemaError)
        assert cls.exit_code == 5
