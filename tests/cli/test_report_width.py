"""Issue 18 item 11: `whist matches`, `standings` and `scores` fit 80 columns by default
(Rich's table layout: wrapping, then leaving out columns in their documented order), and
``--wide`` shows every column; ``--json`` is unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from openwhist_cli.app import app
from typer.testing import CliRunner

PLAYERS = ["Noa Abramovitch-Levi", "Eli Ben-David Cohen", "Sara Cohen-Levinson", "Wim van der Berg"]


def whist(db: Path, *args: str) -> Any:
    return CliRunner().invoke(
        app, list(args), env={"OPENWHIST_DB": str(db), "NO_COLOR": "1", "OPENWHIST_LANG": "en"}
    )


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    db = tmp_path / "club.sqlite3"
    args = ["record", "start", "israeli", "--label", "Tuesday club night"]
    for name in PLAYERS:
        args += ["-p", name]
    assert whist(db, *args).exit_code == 0
    facts = ["declarer=N", "bid=5S", "contracts=5,4,3,0", "tricks=5,4,4,0"]
    assert whist(db, "record", "deal", "1", *facts).exit_code == 0
    return db


def _widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def test_matches_fits_80_columns_and_wide_shows_every_column(ledger: Path) -> None:
    narrow = whist(ledger, "matches")
    assert narrow.exit_code == 0, narrow.output
    assert _widest(narrow.stdout) <= 80
    flat = " ".join(narrow.stdout.split())
    for essential in ("match", "variant", "players", "score", "israeli", "Abramovitch-Levi 35"):
        assert essential in flat
    for name in PLAYERS:
        assert all(part in flat for part in name.split())  # wrapped, not cut
    assert "started (UTC)" not in narrow.stdout.splitlines()[0]
    assert "--wide" in narrow.stdout  # says what it left out
    wide = whist(ledger, "matches", "--wide")
    assert _widest(wide.stdout) > 80
    assert "started (UTC)" in wide.stdout.splitlines()[0]
    assert ", ".join(PLAYERS) in wide.stdout  # one line each


def test_standings_and_scores_fit_80_columns(ledger: Path) -> None:
    for args in (["standings"], ["scores", "1"]):
        shown = whist(ledger, *args)
        assert shown.exit_code == 0, shown.output
        assert _widest(shown.stdout) <= 80, (args, shown.stdout)
        assert "35" in shown.stdout
        assert "-10" in shown.stdout
    standings = whist(ledger, "standings").stdout
    for heading in ("player", "matches", "wins", "points"):
        assert heading in standings
    wide = whist(ledger, "scores", "1", "--wide").stdout
    assert any(PLAYERS[0] in line for line in wide.splitlines())


def test_json_is_unchanged_by_the_layout(ledger: Path) -> None:
    data = json.loads(whist(ledger, "matches", "--json").stdout)
    assert [p["name"] for p in data[0]["players"]] == PLAYERS
    assert json.loads(whist(ledger, "standings", "--json").stdout)[0]["points"] in (35, 26, -10, 50)
