"""The reports' quick path (`openwhist.ledger.sqlite_read`): a score sheet read from an
SQLite ledger through ``sqlite3`` is exactly the sheet the SQLAlchemy path reads -- on a
ledger with corrections (one entry corrected twice), a void deal, adjustments, a deal in
progress, in German, English and Israeli Whist, for the whole sheet and for pages -- and the
command that uses it loads no database library, yet refuses what the other path refuses."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from openwhist.ledger import db, sqlite_read
from openwhist.ledger.errors import LedgerNotFoundError
from openwhist.services.ledger import Ledger

from tests.script_support import load_script


def _running_totals() -> Any:
    """The running-totals suite's ledger builder (`build`: every kind of entry)."""
    path = Path(__file__).with_name("test_ledger_running_totals.py")
    return load_script(path, "_running_totals_helpers")


PAGES: list[tuple[int | None, int | None]] = [
    (None, None),
    (1, 0),  # what `whist scores` asks first: the deal count only
    (2, None),
    (3, 7),
    (5, None),
    (8, 8),
    (None, 4),
    (50, None),  # past the last deal
]


@pytest.fixture
def filled(tmp_path: Path, catalog: Any, play_deal: Any) -> tuple[Path, dict[str, int]]:
    path = tmp_path / "ledger.sqlite3"
    with Ledger(str(path), catalog=catalog) as ledger:
        matches = _running_totals().build(ledger, play_deal, str(path), check=False)
        # A match whose only edit is an adjustment (no correction), and one never edited.
        for name in ("adjusted", "plain"):
            matches[name] = ledger.start_match("german", ["Ann", "Bob"], options={})
            ledger.record_real_deal(
                matches[name], {"phase1_tricks": [7, 6], "phase2_tricks": [9, 4]}
            )
        ledger.adjust(matches["adjusted"], 0, 3, note="a late deal scored by hand")
    return path, matches


def test_a_report_on_a_current_sqlite_file_takes_the_quick_path(
    filled: tuple[Path, dict[str, int]],
) -> None:
    path, _ = filled
    with Ledger(str(path), catalog={}, read_only=True) as ledger:
        assert ledger._reader is not None
        assert ledger._sa is None
        assert ledger.url == db.display_url(db.resolve_url(str(path)))
    with Ledger(str(path), catalog={}) as ledger:  # a writer never does
        assert ledger._reader is None


def test_the_quick_sheet_is_the_sqlalchemy_sheet(filled: tuple[Path, dict[str, int]]) -> None:
    path, matches = filled
    with (
        Ledger(str(path), catalog={}, read_only=True) as quick,
        Ledger(str(path), catalog={}) as full,
    ):
        assert quick._reader is not None
        assert full._reader is None
        for match in matches.values():
            for first, last in PAGES:
                expected = full.score_sheet(match, first=first, last=last)
                got = quick.score_sheet(match, first=first, last=last)
                assert got == expected, (match, first, last)
                # Same JSON too: `whist scores --json` prints it (types, not only values).
                assert json.dumps(got) == json.dumps(expected)
                records = quick.deal_records(match, first=first, last=last)
                expected_records = full.deal_records(match, first=first, last=last)
                assert json.dumps(records) == json.dumps(expected_records)
        # The things a secretary would see differ if a path dropped them.
        german = quick.score_sheet(matches["german"])
        assert german["adjustments"]
        assert german["match"]["summary"].endswith("(corrected)")
        assert any(d["status"] == "in_progress" for d in german["deals"])
        assert quick.score_sheet(matches["adjusted"])["match"]["summary"].endswith("(corrected)")
        assert not quick.score_sheet(matches["plain"])["match"]["summary"].endswith("(corrected)")


def test_the_quick_standings_and_match_list_are_the_sqlalchemy_ones(
    filled: tuple[Path, dict[str, int]],
) -> None:
    path, _ = filled
    with (
        Ledger(str(path), catalog={}, read_only=True) as quick,
        Ledger(str(path), catalog={}) as full,
    ):
        assert quick._reader is not None
        for variant in (None, "german", "english", "nothing"):
            for player in (None, "Ann", "N", "nobody"):
                args: dict[str, Any] = {"variant": variant, "player": player}
                expected = full.standings(**args)
                assert quick.standings(**args) == expected
                for open_only in (False, True):
                    expected = full.list_matches(**args, open_only=open_only)
                    got = quick.list_matches(**args, open_only=open_only)
                    assert json.dumps(got) == json.dumps(expected), (variant, player, open_only)
        # What a secretary reads in them is there: Ann's German points, the open match.
        ann = next(r for r in quick.standings(variant="german", player="Ann"))
        assert ann["points"] != 0
        assert any(m["status"] == "open" for m in quick.list_matches(open_only=True))
        assert quick._sa is None  # none of this opened SQLAlchemy


def test_an_unknown_match_is_the_same_error(filled: tuple[Path, dict[str, int]]) -> None:
    path, _ = filled
    with (
        Ledger(str(path), catalog={}, read_only=True) as quick,
        pytest.raises(LedgerNotFoundError, match="there is no match 999 in this ledger"),
    ):
        quick.score_sheet(999)
    with (
        Ledger(str(path), catalog={}, read_only=True) as quick,
        pytest.raises(LedgerNotFoundError, match="there is no match 999 in this ledger"),
    ):
        quick.deal_records(999)


@pytest.mark.parametrize("name", ["plain.sqlite3", "a b+c%d@e#f?.sqlite3", "ünï.sqlite3"])
def test_the_quick_path_names_the_file_as_the_url_does(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    assert sqlite_read.plain_path(str(path)) == path
    assert sqlite_read.display_path(path) == db.display_url(db.resolve_url(str(path)))
    assert sqlite_read.plain_path(f"sqlite:///{path}") is None  # URLs: SQLAlchemy's
    env = {db.ENV_VAR: str(path)}
    assert sqlite_read.plain_path(None, env) == path
    assert sqlite_read.plain_path(None, {}) == db.default_path()


def _whist(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    probe = (
        "import sys, runpy\n"
        "sys.argv = ['whist', *sys.argv[1:]]\n"
        "from openwhist_cli.app import main\n"
        "code = main()\n"
        "heavy = sorted(m for m in ('sqlalchemy', 'sqlmodel', 'alembic') if m in sys.modules)\n"
        "print('LOADED', heavy, file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", probe, *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        check=False,
    )


def test_whist_scores_loads_no_database_library_and_prints_the_same_sheet(
    filled: tuple[Path, dict[str, int]], tmp_path: Path
) -> None:
    path, matches = filled
    with Ledger(str(path), catalog={}) as full:
        expected = full.score_sheet(matches["german"])
    done = _whist("scores", str(matches["german"]), "--json", "--db", str(path))
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stderr
    assert json.loads(done.stdout) == expected
    # Through $OPENWHIST_DB as well.
    for name in ("english", "israeli"):  # the Israeli sheet reads the deals' records too
        done = _whist("scores", str(matches[name]), env={db.ENV_VAR: str(path)})
        assert done.returncode == 0, done.stderr
        assert "LOADED []" in done.stderr, name
    done = _whist("scores", str(matches["english"]), env={db.ENV_VAR: str(path)})
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stderr
    assert "Match " in done.stdout
    for report in (["standings"], ["matches"], ["standings", "--json"], ["matches", "--json"]):
        done = _whist(*report, "--db", str(path))
        assert done.returncode == 0, done.stderr
        assert "LOADED []" in done.stderr, report


def test_the_quick_path_refuses_what_the_full_path_refuses(tmp_path: Path) -> None:
    """A file that is not SQLite, a foreign database, a newer ledger: the same message and
    exit code as before (docs/ledger.md, "Exit codes"), and the file unchanged."""
    import sqlite3

    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database at all" * 10)
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE recipes (id INTEGER)")
    newer = tmp_path / "newer.sqlite3"
    Ledger(str(newer), catalog={}).close()
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    for file, words in (
        (junk, "is not an SQLite database"),
        (foreign, "is a database but not an openwhist ledger"),
        (newer, "was written by a newer openwhist"),
    ):
        before = file.read_bytes()
        done = _whist("scores", "1", "--db", str(file))
        assert done.returncode == 5, done.stderr
        assert words in done.stderr
        assert "Traceback" not in done.stderr
        assert file.read_bytes() == before


def test_an_older_ledger_is_upgraded_on_the_full_path(
    filled: tuple[Path, dict[str, int]], tmp_path: Path
) -> None:
    """The quick path reads only a ledger at the head revision; an older one goes the way
    it always went (upgraded on open), and the next report takes the quick path."""
    path, matches = filled
    copy = tmp_path / "older.sqlite3"
    shutil.copy(path, copy)
    _running_totals()._downgrade_to_0001(str(copy))
    with Ledger(str(copy), catalog={}, read_only=True) as ledger:
        assert ledger._reader is None
        sheet = ledger.score_sheet(matches["german"])
    assert db.current(str(copy))["revision"] == db.head_revision()
    with Ledger(str(copy), catalog={}, read_only=True) as ledger:
        assert ledger._reader is not None
        assert ledger.score_sheet(matches["german"]) == sheet
