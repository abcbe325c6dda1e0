"""``whist accounts``: the secretary manages, on the ledger's machine, who may log in to
the club pages (docs/cli.md, docs/club.md). Exit codes as documented: 0 done, 1 no such
account or a name taken, 2 a bad name or password or two typed passwords that differ."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from openwhist.services.accounts import Accounts, LoginRefusedError
from openwhist.services.ledger import Ledger
from openwhist_cli.app import app
from typer.testing import CliRunner

WHIST = Path(sys.executable).parent / "whist"


def whist(db: Path, *args: str, input: str | None = None, lang: str = "en") -> Any:
    return CliRunner().invoke(
        app,
        ["--lang", lang, "accounts", *args, "--db", str(db)],
        input=input,
        env={"NO_COLOR": "1"},
    )


def test_add_list_disable_enable_passwd(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    added = whist(db, "add", "Sec", "--password-stdin", input="correct horse\n")
    assert added.exit_code == 0, added.output
    assert "account Sec added" in added.output
    listed = json.loads(whist(db, "list", "--json").stdout)
    assert [(a["name"], a["disabled"], a["last_login_at"]) for a in listed] == [
        ("Sec", False, None)
    ]
    with Ledger(str(db)) as ledger:
        assert Accounts(ledger).log_in("Sec", "correct horse", "127.0.0.1").name == "Sec"
    shown = whist(db, "list").stdout
    assert "Sec" in shown
    assert "enabled" in shown
    assert "never" not in shown
    assert whist(db, "disable", "Sec").exit_code == 0
    with Ledger(str(db)) as ledger, pytest.raises(LoginRefusedError):
        Accounts(ledger).log_in("Sec", "correct horse", "127.0.0.1")
    assert "disabled" in whist(db, "list").stdout
    assert whist(db, "enable", "Sec").exit_code == 0
    changed = whist(db, "passwd", "Sec", "--password-stdin", input="battery staple\n")
    assert changed.exit_code == 0
    assert "password changed" in changed.output
    with Ledger(str(db)) as ledger:
        accounts = Accounts(ledger)
        assert accounts.log_in("Sec", "battery staple", "127.0.0.1").name == "Sec"
        with pytest.raises(LoginRefusedError):
            accounts.log_in("Sec", "correct horse", "127.0.0.2")


def test_refusals_and_their_exit_codes(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    short = whist(db, "add", "Sec", "--password-stdin", input="short\n")
    assert short.exit_code == 2
    assert "at least 8 characters" in short.output
    assert whist(db, "add", "Sec", "--password-stdin", input="long enough\n").exit_code == 0
    taken = whist(db, "add", "Sec", "--password-stdin", input="long enough\n")
    assert taken.exit_code == 1
    assert "already an account 'Sec'" in taken.output
    missing = whist(db, "disable", "Nobody")
    assert missing.exit_code == 1
    assert "no account 'Nobody'" in missing.output
    # passwd of a missing account refuses before asking for any password
    assert whist(db, "passwd", "Nobody").exit_code == 1
    # no terminal and no --password-stdin: said, nothing added
    blind = whist(db, "add", "Other")
    assert blind.exit_code == 2
    assert "--password-stdin" in blind.output
    assert [a["name"] for a in json.loads(whist(db, "list", "--json").stdout)] == ["Sec"]
    spanish = whist(db, "add", "Otro", "--password-stdin", input="corta\n", lang="es")
    assert spanish.exit_code == 2
    assert "al menos 8" in spanish.output


def _spawn(db: Path, *args: str) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "OPENWHIST_LANG": "en", "OPENWHIST_DB": str(db)}
    return pexpect.spawn(str(WHIST), ["accounts", *args], env=env, encoding="utf-8", timeout=60)


def test_the_password_is_asked_twice_without_echo(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    child = _spawn(db, "add", "Sec")
    child.expect("Password: ")
    child.sendline("correct horse")
    child.expect("again: ")
    child.sendline("correct horse")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "correct horse" not in (child.before or "")  # never echoed
    assert "account Sec added" in (child.before or "")
    child = _spawn(db, "passwd", "Sec")
    child.expect("Password: ")
    child.sendline("battery staple")
    child.expect("again: ")
    child.sendline("battery stapel")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "differ" in (child.before or "")
    with Ledger(str(db)) as ledger:  # the old password still holds
        assert Accounts(ledger).log_in("Sec", "correct horse", "127.0.0.1").name == "Sec"
