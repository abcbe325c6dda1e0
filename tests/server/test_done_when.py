"""Issue 15's first Done-when, as one test: two terminal clients and one browser on one
machine play a whole English rubber against each other and a bot through ``whist serve``;
one terminal client is killed and reconnects; another leaves, the table's hold bot takes
its seat, and hands it back when the player returns.

The server is a real uvicorn on 127.0.0.1 (`ServerHarness`); the terminal clients are
real ``whist join`` processes; the browser is Debian's headless Chromium driven by
Selenium through ``/usr/bin/chromedriver``, on the table page ``whist serve`` serves. The
test plays for the people: at each prompt (or, in the browser, once the page shows the
version the server is at) it types one of that seat's legal cards, read from what the
server knew at that version. Without Chromium the test skips, except under ``CI=true``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openwhist.plugins import Catalog
from openwhist.services.remote import invite_link

from tests import browser_support
from tests.server.conftest import Client, ServerHarness
from tests.server.test_clients import Terminal, Truth, create

HOLD = 3.0
"""The table's hold time (seconds): how long a seat waits for its player before the
table's bot plays it."""


@pytest.fixture
def chromium() -> Iterator[Any]:
    """One headless Chromium window 420 px wide (tests/browser_support.py)."""
    with browser_support.chromium((420, 900)) as driver:
        yield driver


def page_version(driver: Any) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.ID, "table").get_attribute("data-version") or "")


def page_status(driver: Any) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.ID, "table").get_attribute("data-status") or "")


def test_two_terminals_and_a_browser_play_a_whole_english_rubber_with_a_bot(
    catalog: Catalog, tmp_path: Path, chromium: Any
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    truth = Truth()
    harness = ServerHarness(catalog, str(tmp_path / "tables.sqlite3"), watch=truth.watch)
    harness.start()
    try:
        created = create(
            harness,
            {
                "variant": "english",
                "seats": ["human:Ann", "human:Bo", "human:Cy", "bot:heuristic"],
                "hold": HOLD,
                "hold_bot": "heuristic",
            },
        )
        table = created["table"]
        tokens = created["seat_tokens"]
        link = {s: invite_link(harness.http, table, t) for s, t in tokens.items()}
        ann = Terminal("join", link["0"], "--ascii")  # N, a terminal
        cy = Terminal("join", link["2"], "--ascii")  # S, a terminal: Ann's partner
        chromium.get(f"{harness.http}/t/{table}?lang=en#{tokens['1']}")  # E, the browser
        deadline = time.monotonic() + 60
        while not page_version(chromium) and time.monotonic() < deadline:
            time.sleep(0.05)
        ann.wait_for("You sit at table")
        cy.wait_for("You sit at table")
        host = Client(harness.url)
        host.hello(table, created["host_token"])
        host.send({"type": "start"})
        host.close()

        rng = random.Random(2026)
        terminals = {0: ann, 2: cy}
        typed: dict[int, int] = {}
        browser_typed: set[int] = set()
        story: dict[str, Any] = {}
        deadline = time.monotonic() + 900
        while not (page_status(chromium) == "closed" and truth.closed(table)):
            assert time.monotonic() < deadline, "the rubber did not end:\n" + ann.out[-2000:]
            with truth.lock:
                version = truth.latest.get(table, 0)
                legal = {s: truth.legal.get((table, version, s)) or [] for s in range(4)}
            # The terminal players: a legal card at each new prompt.
            for seat, terminal in list(terminals.items()):
                if terminal.prompts() > typed.get(id(terminal), 0) and legal[seat]:
                    terminal.type(rng.choice(legal[seat]))
                    typed[id(terminal)] = terminal.prompts()
            # The browser player: a legal card once the page shows this version.
            if legal[1] and version not in browser_typed and page_version(chromium) == str(version):
                box = chromium.find_element(By.ID, "typed-input")
                box.send_keys(rng.choice(legal[1]).lower() + Keys.ENTER)
                browser_typed.add(version)
            # Ann's terminal is killed mid-deal, and she comes back with her link.
            if "killed" not in story and "Trick 3:" in ann.out:
                ann.kill()
                story["killed"] = version
                terminals[0] = Terminal("join", link["0"], "--ascii")
            # In the second deal Cy leaves: the hold bot plays her seat until she is back.
            deals = truth.deals(table)
            if "left" not in story and deals >= 1 and "Trick 2:" in cy.out.split("Deal result")[-1]:
                cy.type("quit")
                assert cy.wait() == 0
                assert "Come back to the table with: " + link["2"] in cy.out
                story["left"] = version
                del terminals[2]
            # A few of the hold bot's cards for her, then Cy returns.
            if (
                "left" in story
                and "back" not in story
                and truth.saw(table, "held", 2)
                and truth.bot_cards_since_held(table, 2) >= 2
            ):
                cy = Terminal("join", link["2"], "--ascii")
                terminals[2] = cy
                story["back"] = version
            time.sleep(0.03)

        browser_support.screenshot(chromium, "rubber-over", area="done-when", whole=False)
        # The whole rubber was played: it ended with a winner, for everyone.
        final = harness.hosting.view(_caller(table, 0)) if harness.hosting else None
        assert final is not None
        assert final["progress"]["finished"] is True
        assert final["progress"]["winner"] in (0, 1)
        assert truth.deals(table) >= 2
        for terminal in (terminals[0], cy):
            assert terminal.wait(60) == 0
            assert "Match over" in terminal.out
            assert "win the match!" in terminal.out
            assert "Traceback" not in terminal.err
        assert "Match over" not in ann.out  # the killed process saw none of it
        assert "You sit at table" in terminals[0].out
        assert "Connected" not in terminals[0].err  # a new process: no reconnect to announce
        # Cy left, the hold bot took her seat, and gave it back when she returned.
        assert truth.saw(table, "held", 2)
        assert truth.saw(table, "returned", 2)
        assert truth.bot_cards_since_held(table, 2) >= 2
        assert "Cy is away: the table's bot plays the seat meanwhile." in terminals[0].out
        assert "Cy is back and plays the seat again." in terminals[0].out
        assert cy.prompts() > 0  # and she played her own cards again
        # The browser played its seat all along, and shows the closed table.
        assert len(browser_typed) >= 13
        assert page_status(chromium) == "closed"
    finally:
        harness.stop()


def _caller(table: int, seat: int) -> Any:
    from openwhist.services.hosting import Caller

    return Caller(table, seat)
