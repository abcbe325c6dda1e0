"""A Knockout Whist match at five killed mid-deal resumes where it stopped and finishes in
the ledger (issue 13, "Done when": ``whist play knockout --players 5`` ... resumes after a
kill).

The ``whist`` console script runs in a pseudo-terminal (pexpect): a human in seat A plays
the first legal card, names spades when it chooses trump and knocks while on a dog's life;
bots play B-E. The process is killed (SIGKILL) in the middle of deal 2; ``whist resume``
continues at the last logged action -- five seats again, the same players in and out --
and plays the match to its end, which the ledger then holds once, replaying.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

WHIST = Path(sys.executable).with_name("whist")
LEGAL = re.compile(r"Legal now: ([^\r\n]+)")
PROMPT = r"A, your (card|call): "
NEXT = r"Press Enter for the next deal \(q to stop\): "

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
        "COLUMNS": "120",
    }


def _spawn(args: list[str], db: Path) -> pexpect.spawn:
    return pexpect.spawn(
        str(WHIST), args, env=_env(db), encoding="utf-8", timeout=90, dimensions=(50, 120)
    )


def _answer(child: pexpect.spawn) -> None:
    """At A's prompt: ask for the legal actions, then play the first card, knock, or
    name spades."""
    kind = child.match.group(1)
    child.sendline("?")
    child.expect(LEGAL)
    legal = child.match.group(1).split()
    child.expect(PROMPT)
    if kind == "card":
        child.sendline(legal[0])
    elif "knock" in legal:
        child.sendline("knock")
    else:
        child.sendline("trump S")


def _whist(db: Path, *args: str) -> str:
    done = subprocess.run(
        [str(WHIST), *args], env=_env(db), capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout


@pytest.mark.crash
def test_a_match_killed_in_deal_two_resumes_and_finishes_in_the_ledger(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    seats = ["--seat=A=human", "--seat=B=bot:heuristic", "--seat=C=bot:expert"]
    seats += ["--seat=D=bot:heuristic", "--seat=E=bot:random"]
    run1 = _spawn(["play", "knockout", "--players", "5", "--seed", "8", *seats], db)
    deals_done = turns_in_deal2 = 0
    try:
        while True:
            stop = run1.expect([PROMPT, NEXT, "Match over"])
            if stop == 1:
                deals_done += 1
                run1.sendline("")
                continue
            assert stop == 0, "the match ended in deal 1: choose another seed"
            if deals_done == 1:
                turns_in_deal2 += 1
                if turns_in_deal2 == 1:
                    break
            _answer(run1)
        run1.kill(signal.SIGKILL)
        run1.expect(pexpect.EOF)
    finally:
        run1.close(force=True)
    assert run1.signalstatus == signal.SIGKILL
    before = json.loads(_whist(db, "scores", "1", "--json"))
    assert before["match"]["status"] == "open"
    assert before["match"]["deals"] == 1

    run2 = _spawn(["resume", "1"], db)
    try:
        run2.expect(r"resuming match 1, deal 2")
        while True:
            stop = run2.expect([PROMPT, NEXT, "Match over"])
            if stop == 0:
                _answer(run2)
            elif stop == 1:
                run2.sendline("")
            else:
                break
        run2.expect("wins the match|share")
        run2.expect(pexpect.EOF)
    finally:
        run2.close()
    assert run2.exitstatus == 0
    after = json.loads(_whist(db, "scores", "1", "--json"))
    match = after["match"]
    assert match["status"] == "finished"
    assert len(match["players"]) == 5
    assert match["deals"] >= 2
    assert "wins the game" in match["summary"] or "share the game" in match["summary"]
    checked = json.loads(_whist(db, "ledger", "check", "--json"))
    assert checked["replayed"] == 1  # every stored deal replays at five seats
