"""Solo Whist through the `whist` command, as a player and a club secretary meet it: listed
by `whist variants`, a whole session typed at a real terminal against the bots (pexpect),
killed with SIGKILL in the middle and resumed, then kept in the ledger with the declared
sheet (`whist scores`) and statistics (`whist standings`)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

WHIST = Path(sys.executable).with_name("whist")
ENV = {
    **os.environ,
    "NO_COLOR": "1",
    "TERM": "dumb",
    "OPENWHIST_LANG": "en",
    "OPENWHIST_PAUSE": "0",
    "OPENWHIST_BOT_DELAY": "0",
    "COLUMNS": "100",
}
PROMPT = r"N, your [a-z ]+: "
LEGAL = re.compile(r"Legal now: (\S+)")

pytestmark = pytest.mark.skipif(
    not WHIST.exists(), reason="the whist console script is not installed"
)


def whist(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(WHIST), *args], capture_output=True, text=True, env=ENV, timeout=300, check=False
    )


def spawn(*args: str) -> Any:
    return pexpect.spawn(
        str(WHIST), list(args), env=ENV, encoding="utf-8", timeout=120, dimensions=(40, 100)
    )


def answer(child: Any, *, limit: int | None = None) -> tuple[int, bool]:
    """Play N's turns by typing the first legal action ``?`` lists, ``limit`` times at
    most; returns (turns played, whether the match ended)."""
    played = 0
    while limit is None or played < limit:
        found = child.expect([PROMPT, r"Match over", r"Press Enter"])
        if found == 1:
            return played, True
        if found == 2:
            child.sendline("")
            continue
        child.sendline("?")
        child.expect(LEGAL)
        action = child.match.group(1)
        child.expect(PROMPT)
        child.sendline(action)
        played += 1
    return played, False


def test_whist_variants_lists_solo() -> None:
    listed = whist("variants")
    assert listed.returncode == 0, listed.stderr
    assert "solo" in listed.stdout
    assert "Solo Whist" in listed.stdout
    data = json.loads(whist("variants", "--json").stdout)
    solo = next(
        v for v in (data if isinstance(data, list) else data["variants"]) if v["name"] == "solo"
    )
    assert {b["name"] for b in solo["bots"]} >= {"heuristic", "expert"}


def test_a_session_at_the_terminal_killed_resumed_and_kept_in_the_ledger(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    child = spawn(
        "play", "solo", "--seed", "3", "-o", "match=fixed_deals:2", "--db", str(db),
        "--seat", "E=bot:expert:1", "--seat", "S=bot:heuristic", "--seat", "W=bot:heuristic",
    )  # fmt: skip
    try:
        played, ended = answer(child, limit=8)
        assert played == 8
        assert not ended
        child.kill(signal.SIGKILL)  # the power goes: nothing but the ledger survives
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    resumed = spawn("resume", "1", "--db", str(db))
    try:
        resumed.expect(r"resuming match 1, deal 1 \(\d+ actions played\)")
        more, ended = answer(resumed)
        assert ended
        resumed.expect(pexpect.EOF)
    finally:
        resumed.close()
    assert resumed.exitstatus == 0
    assert more > 0
    sheet = whist("scores", "1", "--db", str(db))
    assert sheet.returncode == 0, sheet.stderr
    text = sheet.stdout
    # The declared sheet: the contract column, each player's role/tricks and units.
    assert "contract" in text
    assert "D declarer, P partner" in text
    assert re.search(r"\b[DP-]/\d+ [+-]?\d+", text), text
    data = json.loads(whist("scores", "1", "--db", str(db), "--json").stdout)
    assert data["match"]["variant"] == "solo"
    assert data["match"]["status"] == "finished"
    standings = whist("standings", "--db", str(db), "--variant", "solo")
    assert standings.returncode == 0, standings.stderr
    assert "contracts made" in standings.stdout
    totals = [line for line in text.splitlines() if line.strip().startswith("TOTAL")]
    assert len(totals) == 1
    assert sum(int(x) for x in totals[0].split()[1:]) == 0, "units balance: the sum is zero"
    check = whist("ledger", "check", "--db", str(db))
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_real_card_session_is_kept_with_the_same_units(tmp_path: Path) -> None:
    """A club secretary enters real-card deals (`whist record`): the facts are validated,
    scored by the same code as played deals, and a void deal does not count."""
    db = str(tmp_path / "club.db")
    players = [
        f"--player={seat}={name}"
        for seat, name in zip("NESW", ("Ann", "Bob", "Cy", "Di"), strict=True)
    ]
    started = whist("record", "start", "solo", *players, "-o", "match=fixed_deals:2", "--db", db)
    assert started.returncode == 0, started.stderr
    solo = whist("record", "deal", "1", "contract=solo", "declarer=2", "tricks=3,2,6,2", "--db", db)
    assert solo.returncode == 0, solo.stderr
    assert "solo made, 6 tricks: 1 + 1 over x 1 = 2 a head" in solo.stdout
    wrong = whist(
        "record", "deal", "1", "contract=prop", "declarer=0", "tricks=4,4,3,2", "--db", db
    )
    assert wrong.returncode == 2
    assert "a proposal has a partner" in wrong.stderr
    void = whist("record", "deal", "1", "passed_out=yes", "--db", db)
    assert void.returncode == 0, void.stderr
    misere = whist(
        "record", "deal", "1", "contract=misere", "declarer=1", "tricks=0,1,0,0", "--db", db
    )
    assert misere.returncode == 0, misere.stderr
    sheet = whist("scores", "1", "--db", db)
    assert "finished, 3 deals" in sheet.stdout
    totals = next(line for line in sheet.stdout.splitlines() if line.strip().startswith("TOTAL"))
    assert totals.split()[1:] == ["0", "-8", "8", "0"]
