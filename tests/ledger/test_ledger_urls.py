"""Where the ledger is: ``--db`` / ``OPENWHIST_DB`` values and the default file."""

from __future__ import annotations

from pathlib import Path

import pytest
from openwhist.ledger import db
from openwhist.services.ledger import Ledger


def test_the_default_ledger_is_in_the_user_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("OPENWHIST_DB", raising=False)
    expected = tmp_path / "data" / "openwhist" / "ledger.sqlite3"
    assert db.resolve_url(None).database == str(expected)
    with Ledger(catalog={}) as ledger:  # creates the directory and the file
        assert ledger.url == f"sqlite:///{expected}"
    assert expected.is_file()


def test_openwhist_db_and_explicit_values(tmp_path: Path) -> None:
    env = {"OPENWHIST_DB": str(tmp_path / "club.db")}
    assert db.resolve_url(None, environ=env).database == str(tmp_path / "club.db")
    # An explicit value wins over the environment.
    assert db.resolve_url("other.db", environ=env).database == str(Path("other.db").absolute())
    assert db.resolve_url("~/x.db").database == str(Path.home() / "x.db")
    url = db.resolve_url("postgresql://club:pw@host:5433/whist")
    assert url.drivername == "postgresql+psycopg"
    assert db.display_url(url) == "postgresql+psycopg://club:***@host:5433/whist"
    assert db.resolve_url("postgres://h/w").drivername == "postgresql+psycopg"
