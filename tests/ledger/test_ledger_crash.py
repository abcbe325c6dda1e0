"""Issue 14, done-when: ``whist play`` killed mid-deal at random points, resumed to the end.

A German match of two random bots is played by the real ``whist`` console script (a
subprocess, as a player runs it) and SIGKILLed after a seeded random number of output
lines; then ``whist resume`` is killed the same way, ``KILLS`` times in all (3 per backend
by default; ``OPENWHIST_CRASH_KILLS`` for more), and a last ``whist resume`` plays the match
to its end. After every kill:

* every card the killed process had **shown** is in the ledger (an action is committed
  before it is displayed): the logged deal is the one on screen, or a later one, with at
  least as many actions as were shown;

and at the end ``whist ledger check`` finds nothing wrong (integrity, invariants, and every
deal replays to its stored score), and the match is finished.

On SQLite and on PostgreSQL (``OPENWHIST_TEST_PG_URL``). CI runs this file a second time
against a PostgreSQL server started with ``fsync=on`` (``OPENWHIST_PG_FSYNC=on``, see
.ci/run), where the test also checks that the server really has fsync on.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from openwhist.services.ledger import Ledger

WHIST = Path(sys.executable).with_name("whist")
KILLS = int(os.environ.get("OPENWHIST_CRASH_KILLS", "3"))
HEADER = re.compile(r"German Whist — deal (\d+), dealer")
PLAYS = re.compile(r"^[AB] plays \S+$")
OPTIONS = ["-o", "match_format=target_points", "-o", "target_points=30"]

pytestmark = [
    pytest.mark.crash,
    pytest.mark.skipif(not WHIST.exists(), reason="the whist console script is missing"),
]


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "NO_COLOR": "1",
        "TERM": "dumb",
        "OPENWHIST_LANG": "en",
        "OPENWHIST_PAUSE": "0",
        "OPENWHIST_BOT_DELAY": "0",
        "COLUMNS": "100",
        # Every line reaches the test as it is written, so a kill lands where the test has
        # read to (give or take the few actions played meanwhile), not a pipe buffer later.
        "PYTHONUNBUFFERED": "1",
    }


def _start(args: list[str], enter: Path) -> subprocess.Popen[str]:
    with enter.open("rb") as stdin:  # Enter at every next-deal prompt
        return subprocess.Popen(
            [str(WHIST), *args],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(),
        )


def _run_and_kill(proc: subprocess.Popen[str], after: int) -> tuple[int, int, bool]:
    """Read ``after`` lines of output, then SIGKILL. Returns the deal on screen, the cards
    shown of it, and whether the process was still running when killed."""
    assert proc.stdout is not None
    deal, shown = 0, 0
    for count, line in enumerate(proc.stdout, start=1):
        header = HEADER.search(line)
        if header:
            deal, shown = int(header.group(1)), 0
        elif PLAYS.match(line.strip()):
            shown += 1
        if count >= after:
            break
    running = proc.poll() is None
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    return deal, shown, running and proc.returncode == -signal.SIGKILL


def _pg_fsync(url: str) -> str:
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        row = conn.execute("SHOW fsync").fetchone()
        assert row is not None
        return str(row[0])


def test_play_killed_mid_deal_at_random_points_resumes_to_a_clean_ledger(
    ledger_url: str, tmp_path: Path
) -> None:
    if ledger_url.startswith("postgresql") and os.environ.get("OPENWHIST_PG_FSYNC") == "on":
        assert _pg_fsync(ledger_url) == "on"  # the durable run really is durable
    rng = random.Random(1414)
    enter = tmp_path / "enter"
    enter.write_text("\n" * 400)
    db = ["--db", ledger_url]
    args = ["play", "german", "--seat", "A=bot:random", "--seat", "B=bot:random"]
    proc = _start([*args, "--seed", "7", *OPTIONS, *db], enter)
    kills = mid_deal = 0
    for attempt in range(KILLS):
        deal, shown, killed = _run_and_kill(proc, rng.randint(8, 140))
        if not killed:
            assert proc.returncode == 0, "the process ended by itself, with an error"
            break  # the match ended before this kill point
        kills += 1
        with Ledger(ledger_url, read_only=True) as ledger:
            point = ledger.resume_point(1)
        mid_deal += bool(point.actions)  # killed with a deal in progress
        print(  # shown by pytest when the test fails (or with -s)
            f"kill {attempt + 1}: screen at deal {deal} with {shown} cards shown; ledger at "
            f"deal {point.deal_number} with {len(point.actions)} actions logged"
        )
        if deal:
            # Everything shown was committed: the deal on screen (or a later one, if its
            # end was committed before its last lines were read) with every card shown.
            assert point.deal_number >= deal, (attempt, deal, point.deal_number)
            if point.deal_number == deal:
                assert len(point.actions) >= 1 + shown, (attempt, deal, shown, point.actions)
        proc = _start(["resume", "1", *db], enter)
    else:
        out, err = proc.communicate(timeout=600)  # the last resume plays to the end
        assert proc.returncode == 0, out[-400:] + err
    assert kills >= 1, "not one kill landed before the match ended"
    assert mid_deal >= 1, "no kill landed in the middle of a deal"
    with Ledger(ledger_url, read_only=True) as ledger:
        point = ledger.resume_point(1)
    assert point.finished, (out[-400:], err)
    check = subprocess.run(
        [str(WHIST), "ledger", "check", *db], capture_output=True, text=True, env=_env()
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert "1 matches replayed" in check.stdout, check.stdout


def test_sqlite_ledger_commits_are_fsynced(tmp_path: Path) -> None:
    """Issue 14, defect 8: a played card is durable once shown -- not only through a killed
    process (WAL alone gives that) but through a power cut: every commit of an SQLite
    ledger is fsynced (``synchronous=FULL``; its cost per action: docs/performance.md)."""
    with Ledger(str(tmp_path / "ledger.sqlite3")) as ledger, ledger._engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
