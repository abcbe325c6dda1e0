"""A real terminal: ``whist`` alone opens the menu; choose German Whist and play a whole deal
against a bot by typing cards (pexpect drives the venv's ``whist`` console script in a
pseudo-terminal)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

WHIST = Path(sys.executable).with_name("whist")
LEGAL = re.compile(r"Legal now: (\S+)")


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
    # German Whist: 26 tricks, the human plays one card in each (RULES.md §1).
    assert played == 26
