"""A real terminal: ``whist`` alone opens the menu; choose German Whist and play a whole deal
against a bot by typing cards (pexpect drives the venv's ``whist`` console script in a
pseudo-terminal)."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

WHIST = Path(sys.executable).with_name("whist")
LEGAL = re.compile(r"Legal now: (\S+)")
STYLED_LEGAL = re.compile(r"Legal now: (?:\x1b\[[0-9;]*m)*([^\s\x1b]+)")
"""The first legal card where the terminal may get bold (NO_COLOR keeps bold)."""


@pytest.mark.skipif(not WHIST.exists(), reason="the whist console script is not installed")
def test_whist_menu_then_a_whole_german_deal_typed_at_a_terminal() -> None:
    env = {
        **os.environ,
        "NO_COLOR": "1",
        "TERM": "dumb",
        "OPENWHIST_LANG": "en",
        "OPENWHIST_PAUSE": "0",
        "OPENWHIST_BOT_DELAY": "0",
        "COLUMNS": "100",
    }
    child = pexpect.spawn(str(WHIST), env=env, encoding="utf-8", timeout=30, dimensions=(40, 100))
    try:
        child.expect("Which variant do you want to play")
        child.expect(r"(\d+)\. German Whist \(german\)")
        german = child.match.group(1)
        child.expect(r"Variant \[1\]: ")
        child.sendline(german)
        child.expect("Change an option")
        child.sendline("")  # keep the default options (one deal: match_format=single_deal)
        child.expect(r"Seat A \[human\]: ")
        child.sendline("")
        child.expect(r"Name for seat A")
        child.sendline("")
        child.expect(r"Seat B \[\w+\]: ")
        child.sendline("")  # the default bot
        played = 0
        while True:
            found = child.expect([r"A, your card: ", "Match over"])
            if found == 1:
                break
            child.sendline("?")
            child.expect(LEGAL)
            card = child.match.group(1)
            child.expect(r"A, your card: ")
            child.sendline(card)  # typed as shown, e.g. 10♦
            played += 1
        child.expect(r"wins the match|is a tie")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    # German Whist: 26 tricks, the human plays one card in each (docs/variants/german.md §1).
    assert played == 26


def _hot_seat(term: str) -> Any:
    env = {
        **os.environ,
        "NO_COLOR": "1",
        "TERM": term,
        "OPENWHIST_LANG": "en",
        "OPENWHIST_PAUSE": "0",
        "OPENWHIST_BOT_DELAY": "0",
        "COLUMNS": "100",
        "LINES": "30",
    }
    args = ["play", "german", "--seat", "A=human:Ann", "--seat", "B=human:Bob", "--no-ledger"]
    return pexpect.spawn(
        str(WHIST), [*args, "--seed", "21"], env=env, encoding="utf-8", timeout=30,
        dimensions=(30, 100),
    )  # fmt: skip


def _first_hand_over(child: Any) -> tuple[str, str, str]:
    """Play to the first hand-over from one player to the other. Returns the first
    player's name, what the terminal got from that player's first hand to the "Pass to"
    screen, and what it got after Enter there, up to the next player's hand."""
    transcript = io.StringIO()
    child.logfile_read = transcript
    child.expect(r"Pass to (Ann|Bob), press Enter when ready\. ")
    first = child.match.group(1)
    child.sendline("")
    while True:
        child.expect(rf"{first}, your card: ")
        child.sendline("?")
        child.expect(STYLED_LEGAL)
        card = child.match.group(1)
        child.expect(rf"{first}, your card: ")
        child.sendline(card)
        if child.expect([rf"{first}, your card: ", r"Pass to (Ann|Bob), press Enter"]) == 1:
            break
        child.sendline("?")  # the same player again (won the trick): one more card
        child.expect(STYLED_LEGAL)
        card = child.match.group(1)
        child.expect(rf"{first}, your card: ")
        child.sendline(card)
    assert child.match.group(1) != first
    child.expect(r"when ready\. ")
    child.sendline("")
    child.expect(r"Your hand \((Ann|Bob)\)")
    text = transcript.getvalue()
    start = text.index(f"Your hand ({first})")
    cut = text.index("Pass to", start)
    resumed = text.index("when ready. ", cut) + len("when ready. ")
    return first, text[start:cut], text[resumed:]


@pytest.mark.skipif(not WHIST.exists(), reason="the whist console script is not installed")
def test_the_hot_seat_hand_over_clears_the_screen_and_the_scrollback() -> None:
    """Issue 14, defect 3: between two hot-seat players the terminal gets "cursor home,
    erase screen, erase scrollback" (ESC[H ESC[2J ESC[3J), so the previous player's hand
    is neither on the screen nor a scroll away; again after the pass screen."""
    child = _hot_seat("xterm-256color")
    try:
        first, shown, after = _first_hand_over(child)
    finally:
        child.close(force=True)
    clear = "\x1b[H\x1b[2J\x1b[3J"
    # The first player's hand was shown, then wiped with the scrollback: the clear is the
    # last thing before the pass screen, and the first thing after it.
    assert clear in shown
    assert shown.rsplit(clear, 1)[1].strip() == ""
    assert after.lstrip("\r\n").startswith(clear)
    assert f"Your hand ({first})" not in after


@pytest.mark.skipif(not WHIST.exists(), reason="the whist console script is not installed")
def test_a_dumb_terminal_gets_the_hand_pushed_off_the_screen() -> None:
    """A dumb terminal understands no escape sequence: the hand is pushed out of sight by
    a screenful of blank lines instead of raw escapes printed as garbage."""
    child = _hot_seat("dumb")
    try:
        first, shown, after = _first_hand_over(child)
    finally:
        child.close(force=True)
    assert "\x1b[" not in shown + after
    tail = shown.rsplit(f"{first}, your card: ", 1)[1]
    assert tail.count("\n") >= 30  # a screen of 30 rows scrolled past
