"""Issue 14, defect 7: each way a ledger can fail is told apart, in words and exit code.

Retryable (exit 4, "try again"): locked, a server that does not answer, a serialization
failure (retried by the service first). Permanent: a full disk, a read-only file, a wrong
password (exit 7); a dropped column (exit 5); a number too large (exit 2). The reports
(``matches``, ``scores``, ``standings``, ``export``, ``ledger current``) work on a read-only
file in a read-only directory.

The full disk and the read-only file system are real: a small tmpfs mounted for the test
(root only; CI runs as root), remounted read-only for the second. Without root the
read-only case uses file modes instead and the full disk is skipped.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import struct
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openwhist.ledger.db import resolve_url, translate_errors
from openwhist.ledger.errors import (
    LedgerSerializationError,
    LedgerValueError,
    PointsOutOfRangeError,
)
from openwhist.services.ledger import Ledger
from openwhist_cli.app import app
from typer.testing import CliRunner

GERMAN_DEAL = ["phase1_tricks=7,6", "phase2_tricks=8,5"]


def whist(db_path: Path | str, *args: str) -> Any:
    return CliRunner().invoke(
        app,
        list(args),
        env={"OPENWHIST_DB": str(db_path), "NO_COLOR": "1", "OPENWHIST_LANG": "en"},
    )


@contextlib.contextmanager
def tmpfs(where: Path, size: str) -> Iterator[Path]:
    """A small tmpfs at ``where`` (root only), unmounted afterwards."""
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _target_match(db_path: Path) -> None:
    options = ["-o", "match_format=target_points", "-o", "target_points=10000"]
    started = whist(db_path, "record", "start", "german", "-p", "Ann", "-p", "Bob", *options)
    assert started.exit_code == 0, started.output
    assert whist(db_path, "record", "deal", "1", *GERMAN_DEAL).exit_code == 0


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
def test_a_full_disk_is_exit_7_and_records_nothing(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "small", "2m") as mount:
        path = mount / "club.sqlite3"
        _target_match(path)
        filler = mount / "filler"
        with contextlib.suppress(OSError), filler.open("wb", buffering=0) as handle:
            while True:
                handle.write(b"x" * 4096)
        # --again: a second deal with the first one's result, not a retry of it.
        result = whist(path, "record", "deal", "1", *GERMAN_DEAL, "--again")
        assert result.exit_code == 7, result.output
        assert "full" in result.stderr
        assert "free some space" in result.stderr
        assert "try again" not in result.stderr.replace("run the command again", "")
        filler.unlink()
        # Nothing half-written: the ledger holds the first deal only, and takes the next.
        sheet = whist(path, "scores", "1", "--json")
        assert sheet.exit_code == 0, sheet.output
        assert sheet.stdout.count('"number"') == 1, sheet.output
        assert whist(path, "record", "deal", "1", *GERMAN_DEAL, "--again").exit_code == 0
        assert whist(path, "ledger", "check").exit_code == 0


@contextlib.contextmanager
def _read_only(directory: Path) -> Iterator[None]:
    """Make ``directory`` and its files unwritable: a read-only remount of a tmpfs as root
    (root ignores file modes), file modes otherwise."""
    if os.geteuid() == 0:
        subprocess.run(["mount", "-o", "remount,ro", str(directory)], check=True)
        try:
            yield
        finally:
            subprocess.run(["mount", "-o", "remount,rw", str(directory)], check=True)
        return
    modes = {p: p.stat().st_mode for p in [directory, *directory.iterdir()]}
    for p in modes:
        p.chmod(0o555 if p.is_dir() else 0o444)
    try:
        yield
    finally:
        for p, mode in modes.items():
            p.chmod(mode)


def test_reports_work_on_a_read_only_ledger_and_writes_say_read_only(tmp_path: Path) -> None:
    stack = contextlib.ExitStack()
    with stack:
        if os.geteuid() == 0:
            directory = stack.enter_context(tmpfs(tmp_path / "ro", "4m"))
        else:
            directory = tmp_path / "ro"
            directory.mkdir()
        path = directory / "club.sqlite3"
        _target_match(path)
        assert sorted(p.name for p in directory.iterdir()) == ["club.sqlite3"]
        stack.enter_context(_read_only(directory))
        for command in (
            ["matches"],
            ["scores", "1"],
            ["standings"],
            ["export", "1", "--format", "csv"],
            ["ledger", "current"],
            ["ledger", "check"],
        ):
            result = whist(path, *command)
            assert result.exit_code == 0, (command, result.output)
        assert "Ann" in whist(path, "matches").stdout
        assert "8" in whist(path, "scores", "1").stdout
        # --again: a second deal with the first one's result, not a retry of it.
        result = whist(path, "record", "deal", "1", *GERMAN_DEAL, "--again")
        assert result.exit_code == 7, result.output
        assert "read-only" in result.stderr
        assert "try again" not in result.stderr


def test_a_dropped_column_is_schema_damage_exit_5(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    _target_match(path)
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE matches DROP COLUMN label")
    conn.commit()
    conn.close()
    for command in (["matches"], ["record", "deal", "1", *GERMAN_DEAL], ["ledger", "check"]):
        result = whist(path, *command)
        assert result.exit_code == 5, (command, result.output)
        assert "label" in result.output
        assert "try again" not in result.stderr
    assert "column matches.label is missing" in whist(path, "ledger", "check").stdout


def test_a_number_beyond_the_ledger_s_integers_is_a_usage_error(
    ledger_url: str, catalog: Any
) -> None:
    with Ledger(ledger_url, catalog=catalog) as ledger:
        match = ledger.start_match("german", ["Ann", "Bob"])
        # The points bound refuses it before the database sees it ...
        with pytest.raises(PointsOutOfRangeError, match="at most 1,000,000 points") as bound:
            ledger.adjust(match, 0, 2**63, note="a typo")
        assert bound.value.exit_code == 2
        assert json.loads(ledger.export(match))["matches"][0]["entries"] == []  # nothing stored
    # ... and a number that still reaches a 64-bit column is a usage error, not a crash.
    with (
        pytest.raises(LedgerValueError, match="too large for the ledger") as info,
        translate_errors(resolve_url(ledger_url)),
    ):
        raise OverflowError("Python int too large to convert to SQLite INTEGER")
    assert info.value.exit_code == 2


# -- the server side --------------------------------------------------------------------


def _fake_server(reply: bytes) -> tuple[int, threading.Thread]:
    """A TCP server that speaks just enough of PostgreSQL's protocol to refuse the client:
    it declines SSL, asks for a cleartext password, reads it, then sends ``reply``."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(4)
    sock.settimeout(30)

    def serve() -> None:
        with sock:
            for _ in range(4):  # psycopg may try more than once (e.g. with and without SSL)
                try:
                    conn, _addr = sock.accept()
                except OSError:
                    return
                with conn:
                    conn.settimeout(10)
                    try:
                        while True:
                            length = struct.unpack("!I", conn.recv(4))[0]
                            body = conn.recv(length - 4)
                            if body[:4] == struct.pack("!I", 80877103):  # SSLRequest
                                conn.sendall(b"N")
                                continue
                            if body[:4] == struct.pack("!I", 80877104):  # GSSENCRequest
                                conn.sendall(b"N")
                                continue
                            break
                        conn.sendall(b"R" + struct.pack("!II", 8, 3))  # cleartext password
                        conn.recv(1024)
                        conn.sendall(reply)
                    except (OSError, struct.error):
                        pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return int(sock.getsockname()[1]), thread


def _error_response(code: str, message: str) -> bytes:
    fields = b"SFATAL\x00VFATAL\x00C" + code.encode() + b"\x00M" + message.encode() + b"\x00\x00"
    return b"E" + struct.pack("!I", len(fields) + 4) + fields


def test_a_wrong_password_is_exit_7_and_never_printed() -> None:
    port, thread = _fake_server(
        _error_response("28P01", 'password authentication failed for user "club"')
    )
    url = f"postgresql://club:s3cret@127.0.0.1:{port}/whist"
    result = whist(url, "matches")
    thread.join(timeout=30)
    assert result.exit_code == 7, result.output
    assert "password authentication failed" in result.stderr
    assert "trying again will not help" in result.stderr
    assert "s3cret" not in result.output


def test_a_server_that_does_not_answer_is_retryable_exit_4() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    result = whist(f"postgresql://club:s3cret@127.0.0.1:{port}/whist", "matches")
    assert result.exit_code == 4, result.output
    assert "try again" in result.stderr
    assert "s3cret" not in result.output


@pytest.mark.parametrize(
    "ledger_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
def test_a_serialization_failure_is_retried_then_reported_as_retryable(
    ledger_url: str, catalog: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real PostgreSQL serialization failure (two REPEATABLE READ transactions updating
    one row), injected into the first attempts of `Ledger.adjust`: the service runs the
    unit of work again and it succeeds; when every attempt fails, exit 4 says try again."""
    import psycopg
    import sqlalchemy as sa
    from openwhist.ledger import repository

    libpq = ledger_url.replace("postgresql+psycopg://", "postgresql://")

    def real_failure() -> sa.exc.OperationalError:
        with psycopg.connect(libpq, autocommit=True) as setup:
            setup.execute("CREATE TABLE IF NOT EXISTS probe (id int primary key, n int)")
            setup.execute("INSERT INTO probe VALUES (1, 0) ON CONFLICT DO NOTHING")
        first = psycopg.connect(libpq)
        second = psycopg.connect(libpq)
        try:
            for conn in (first, second):
                conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                conn.execute("SELECT n FROM probe WHERE id = 1")
            first.execute("UPDATE probe SET n = n + 1 WHERE id = 1")
            first.commit()
            try:
                second.execute("UPDATE probe SET n = n + 1 WHERE id = 1")
            except psycopg.errors.SerializationFailure as exc:
                return sa.exc.OperationalError("UPDATE probe", {}, exc)
            raise AssertionError("PostgreSQL did not refuse the second update")
        finally:
            first.close()
            second.close()

    with Ledger(ledger_url, catalog=catalog) as ledger:
        match = ledger.start_match("german", ["Ann", "Bob"])
        failure = real_failure()  # (its probe table is made after the ledger's check)
        original = repository.record_entries
        calls = {"n": 0}

        def flaky(**kwargs: Any) -> Any:
            calls["n"] += 1
            if calls["n"] <= 2:
                raise failure
            return original(**kwargs)

        monkeypatch.setattr(repository, "record_entries", flaky)
        made = ledger.adjust(match, 1, 5, note="agreed at the table")
        assert calls["n"] == 3
        assert made["points"] == 5

        def always(**kwargs: Any) -> Any:
            raise failure

        monkeypatch.setattr(repository, "record_entries", always)
        with pytest.raises(LedgerSerializationError, match="try again") as info:
            ledger.adjust(match, 1, 5, note="again")
        assert info.value.exit_code == 4
        # The one adjustment that went through is recorded once.
        entries = json.loads(ledger.export(match))["matches"][0]["entries"]
        assert [(e["party"], e["points"]) for e in entries] == [(1, 5)]
