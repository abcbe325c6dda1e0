"""``whist`` alone at a real terminal offers the open matches of the ledger to resume, a
match left with ``quit`` says how to resume it, and Ctrl-C at the menu says it was
cancelled, not that the input ended (pexpect runs the venv's ``whist`` in a
pseudo-terminal)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

WHIST = Path(sys.executable).with_name("whist")
pytestmark = pytest.mark.skipif(not WHIST.exists(), reason="the whist console script is missing")


def _env(db: Path) -> dict[str, str]:
    return {
        **os.environ,
        "NO_COLOR": "1",
        "TERM": "dumb",
        "OPENWHIST_LANG": "en",
        "OPENWHIST_PAUSE": "0",
        "OPENWHIST_BOT_DELAY": "0",
        "OPENWHIST_DB": str(db),
        "COLUMNS": "80",
    }


def _spawn(args: list[str], db: Path) -> Any:
    return pexpect.spawn(
        str(WHIST), args, env=_env(db), encoding="utf-8", timeout=60, dimensions=(24, 80)
    )


def test_quit_says_how_to_resume_and_the_menu_offers_the_match(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    child = _spawn(["play", "german", "--seed", "3", "--seat", "A=human:Ann"], db)
    try:
        child.expect(r"recording match (\d+)")
        match = child.match.group(1)
        child.expect(r"Ann, your card: ")
        child.sendline("quit")
        child.expect(r"Really leave the game\? \[y/N\] ")
        child.sendline("y")
        child.expect(rf"The match is saved: whist resume {match} continues it\.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0

    menu = _spawn([], db)
    try:
        menu.expect("Open matches:")
        menu.expect(rf"{match}\. German Whist: Ann, B \(expert:2\) \(0 deals played\)")
        menu.expect(r"Resume one \(its number\), or press Enter for a new match: ")
        menu.sendline(match)
        menu.expect(rf"resuming match {match}, deal 1")
        menu.expect(r"Ann, your card: ")
        menu.sendintr()  # Ctrl-C mid-game: the match stays open, resumable
        menu.expect(r"Cancelled \(Ctrl-C\): the game stops here, unfinished\.")
        menu.expect(rf"whist resume {match} continues it")
        menu.expect(pexpect.EOF)
    finally:
        menu.close()


def test_ctrl_c_at_the_menu_says_cancelled(tmp_path: Path) -> None:
    child = _spawn([], tmp_path / "none.sqlite3")
    try:
        child.expect(r"Variant \[1\]: ")
        child.sendintr()
        child.expect("cancelled: no game was started")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 1
