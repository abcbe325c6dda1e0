"""The browser table in a real browser: Debian's headless Chromium, driven by Selenium
through ``/usr/bin/chromedriver``, against a real ``whist serve`` (uvicorn on 127.0.0.1)
(docs/server.md, "The browser table").

What a player notices: a whole German deal played on a 360 px wide page -- by mouse, by
the keyboard and by typed cards -- with the page showing, every turn, exactly what the
server's view of that seat holds; an Israeli auction everyone passes and a Frisch chosen
by toggling cards on the page, which the server records as those cards; a server restart
under the open page, which reconnects by itself to the same seat; and the host's buttons
and a spectator's page following the table.

Screenshots go to ``test-artifacts/browser/`` (not committed). Without Chromium the tests
skip, except under ``CI=true``, where they fail: CI must run them (.ci/run installs
``chromium`` and ``chromium-driver``). The browser is tests/browser_support.py's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from openwhist.services.hosting import Caller, Hosting
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser_support import chromium, console_errors, require_chromium, screenshot
from tests.server.conftest import Client, ServerHarness

WIDTH = 360
SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


@pytest.fixture
def browsers() -> Iterator[Callable[[], WebDriver]]:
    """Starts headless Chromium windows 360 px wide (all closed at the end)."""
    require_chromium()
    with ExitStack() as windows:

        def new() -> WebDriver:
            return windows.enter_context(chromium((WIDTH, 900)))

        yield new


def shot(driver: WebDriver, name: str) -> None:
    screenshot(driver, name, area="browser")


def press(driver: WebDriver, css: str) -> None:
    """Click the element ``css`` finds; the page redraws what an update changes, so an
    element found just before a redraw is looked up again."""
    for _ in range(50):
        try:
            driver.find_element(By.CSS_SELECTOR, css).click()
            return
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise AssertionError(f"{css} kept being redrawn")


def no_errors(driver: WebDriver) -> None:
    """The page's console has no error: no refused resource, no script exception."""
    errors = console_errors(driver)
    assert not errors, errors


def fits(driver: WebDriver) -> None:
    """Nothing sticks out of a 360 px screen (no sideways scrolling)."""
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert int(width) <= WIDTH, f"the page is {width} px wide at {WIDTH} px"


def main(driver: WebDriver) -> WebElement:
    return driver.find_element(By.ID, "table")


def wait(driver: WebDriver, check: Callable[[], Any], what: str, timeout: float = 30) -> Any:
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda _d: check())
    except TimeoutException:
        raise AssertionError(f"the page never showed {what}") from None


def settled(server: ServerHarness, table: int) -> int:
    """The table's version once the server has stopped moving (the bots are done)."""
    assert server.hosting is not None
    last, since = server.hosting.version(table), time.monotonic()
    while time.monotonic() - since < 0.3:
        time.sleep(0.05)
        now = server.hosting.version(table)
        if now != last:
            last, since = now, time.monotonic()
    return last


def my_turn(
    driver: WebDriver, server: ServerHarness, table: int, seat: int, lang: str = "pt"
) -> dict[str, Any]:
    """Wait for ``seat``'s turn, or the table's end, on the server and then on the page
    (the bots may still be thinking); the seat's view in ``lang``."""
    assert server.hosting is not None
    hosting = server.hosting

    def ready() -> dict[str, Any] | None:
        try:  # read beside the server's own thread: a view half-way through a move is
            view = hosting.view(Caller(table, seat), lang)  # read again
        except Exception:
            return None
        if view["status"] == "closed":
            return view
        return view if view["shown"]["deal"] and view["shown"]["deal"]["plays"] else None

    view: dict[str, Any] = wait(driver, ready, f"seat {seat}'s turn", timeout=60)
    at_version(driver, server, table)
    return view


def at_version(driver: WebDriver, server: ServerHarness, table: int) -> int:
    version = settled(server, table)
    wait(driver, lambda: main(driver).get_attribute("data-version") == str(version), f"v{version}")
    return version


def squeeze(text: str) -> str:
    """Text as a browser lays it out: runs of blanks are one."""
    return " ".join(text.split())


def text_of(parts: list[dict[str, str]]) -> str:
    out = []
    for part in parts:
        if "card" in part:
            rank, suit = part["card"][:-1], part["card"][-1]
            out.append(("10" if rank == "T" else rank) + SYMBOLS[suit])
        elif "suit" in part:
            out.append(SYMBOLS[part["suit"]])
        else:
            out.append(part["text"])
    return squeeze("".join(out))


def hand_cards(driver: WebDriver) -> list[str]:
    return [
        b.get_attribute("data-card") or ""
        for b in driver.find_elements(By.CSS_SELECTOR, "#hand button")
    ]


def played_cards(driver: WebDriver) -> dict[int, str]:
    out = {}
    for slot in driver.find_elements(By.CSS_SELECTOR, "#board .seat .played"):
        card = slot.get_attribute("data-card")
        if card:
            seat = slot.find_element(By.XPATH, "..").get_attribute("data-seat")
            out[int(seat or -1)] = card
    return out


def lines(driver: WebDriver, ident: str) -> list[str]:
    return [li.text for li in driver.find_elements(By.CSS_SELECTOR, f"#{ident} li")]


SNAPSHOT = """
const text = (el) => el.innerText.split(/\\s+/).filter(Boolean).join(" ");
const main = document.getElementById("table");
const played = {};
for (const slot of document.querySelectorAll("#board .seat .played")) {
  if (slot.dataset.card) played[slot.parentElement.dataset.seat] = slot.dataset.card;
}
return {
  version: main.dataset.version,
  status: main.dataset.status,
  hand: Array.from(document.querySelectorAll("#hand button")).map((b) => b.dataset.card),
  playable: Array.from(document.querySelectorAll("#hand button[aria-disabled='false']"))
    .map((b) => b.dataset.card),
  hand_shown: !document.getElementById("hand-area").hidden,
  played: played,
  facts: Array.from(document.querySelectorAll("#facts li")).map(text),
  won: text(document.getElementById("tricks-won")),
  last: text(document.getElementById("last-trick")),
};
"""
"""One look at the page, taken in one go by its own script (so no redraw falls inside)."""


def check_against_server(
    driver: WebDriver, hosting: Hosting, caller: Caller, lang: str
) -> dict[str, Any]:
    """The page shows what the server's view of that caller holds, at the same version."""
    deadline = time.monotonic() + 30
    while True:
        version = hosting.version(caller.table_id)
        view = hosting.view(caller, lang)
        page: dict[str, Any] = driver.execute_script(SNAPSHOT)
        if view["version"] == version == hosting.version(caller.table_id) and page[
            "version"
        ] == str(version):
            break  # the server did not move while we looked, and the page is there too
        assert time.monotonic() < deadline, f"the page stays at v{page['version']}, not v{version}"
        time.sleep(0.05)
    deal, drawn = view["deal"], view["shown"]["deal"]
    assert page["status"] == view["status"]
    if deal is None:
        return view
    if caller.seat is not None:
        assert sorted(page["hand"]) == sorted(deal["hand"])
        if drawn["exchange"] is None:
            assert sorted(page["playable"]) == sorted(drawn["plays"])
    else:
        assert not page["hand_shown"]
    assert page["played"] == {str(t["seat"]): t["card"] for t in deal["trick"]}
    assert page["facts"] == [text_of(line["parts"]) for line in drawn["header"]]
    assert page["won"] == text_of(drawn["tricks_won"]["parts"])
    if deal["completed"]:
        for entry in deal["completed"][-1]["cards"]:
            rank, suit = entry["card"][:-1], entry["card"][-1]
            assert ("10" if rank == "T" else rank) + SYMBOLS[suit] in page["last"]
    return view


def start_table(
    server: ServerHarness, variant: str, seats: list[str], seed: int
) -> tuple[Any, Client]:
    assert server.hosting is not None
    created = server.hosting.create_table(variant, seats, seed=seed)
    host = Client(server.url)
    host.hello(created.table_id, created.host_token)
    return created, host


def open_page(
    driver: WebDriver, server: ServerHarness, table: int, token: str | None, lang: str
) -> None:
    fragment = f"#{token}" if token else ""
    driver.get(f"{server.http}/t/{table}?lang={lang}{fragment}")
    wait(driver, lambda: main(driver).get_attribute("data-version") != "", "a view")


def test_a_whole_german_deal_by_mouse_keys_and_typed_cards_at_360_px(
    server: ServerHarness, browsers: Callable[[], WebDriver]
) -> None:
    server.start()
    created, host = start_table(server, "german", ["human:Ann", "bot:heuristic"], seed=11)
    table = created.table_id
    driver = browsers()
    open_page(driver, server, table, created.seat_tokens[0], "es")
    assert "Tu mano" in driver.page_source
    host.send({"type": "start"})
    assert server.hosting is not None
    hosting, ann = server.hosting, Caller(table, 0)
    ways = {"mouse": 0, "keys": 0, "typed": 0}
    turn = 0
    while True:
        my_turn(driver, server, table, 0, "es")
        view = check_against_server(driver, hosting, ann, "es")
        if view["status"] == "closed":
            break
        plays = view["shown"]["deal"]["plays"]
        assert plays, "the page waits but the server has nothing for Ann to do"
        card = plays[-1]
        way = ("mouse", "keys", "typed")[turn % 3]
        if way == "mouse":
            press(driver, f"#hand button[data-card='{card}']")
        elif way == "keys":
            # From the hand's one tab stop, along with the arrow keys, then Enter or Space.
            buttons = driver.find_elements(By.CSS_SELECTOR, "#hand button")
            stop = next(b for b in buttons if b.get_attribute("tabindex") == "0")
            driver.execute_script("arguments[0].focus()", stop)
            here = buttons.index(stop)
            target = hand_cards(driver).index(card)
            key = Keys.ARROW_RIGHT if target >= here else Keys.ARROW_LEFT
            for _ in range(abs(target - here)):
                driver.switch_to.active_element.send_keys(key)
            focused = driver.switch_to.active_element
            assert focused.get_attribute("data-card") == card
            focused.send_keys(Keys.ENTER if turn % 2 else Keys.SPACE)
        else:
            box = driver.find_element(By.ID, "typed-input")
            box.send_keys(card.lower() + Keys.ENTER)  # typed as a player would: "qh"
        ways[way] += 1
        before = view["version"]
        wait(
            driver,
            lambda b=before: int(main(driver).get_attribute("data-version") or 0) > b,
            "the card played",
        )
        assert hosting.version(table) > before
        turn += 1
        if turn in (1, 13):
            fits(driver)
            shot(driver, f"german-turn-{turn:02d}")
    shot(driver, "german-end")
    fits(driver)
    assert turn == 26  # every one of Ann's cards, from the page
    assert min(ways.values()) >= 8
    final = hosting.view(ann, "es")
    assert final["progress"]["finished"] is True
    winner = final["shown"]["standing"]["winner"]
    shown = driver.find_element(By.ID, "winner").text
    assert shown == (f"{winner} gana la partida." if winner else "La partida termina en empate.")
    match_id = hosting.match_id(table)
    assert match_id is not None
    assert server.ledger is not None
    record = server.ledger.get_match(match_id)["deal_records"][0]["record"]
    assert len(record["actions"]) == 1 + 52
    no_errors(driver)
    host.close()


def test_an_israeli_auction_with_a_frisch_chosen_on_the_page(
    server: ServerHarness, browsers: Callable[[], WebDriver]
) -> None:
    server.start()
    seats = ["human:Ann", "human:Bo", "human:Cy", "human:Di"]
    created, host = start_table(server, "israeli", seats, seed=3)
    table = created.table_id
    others = {}
    for seat in (1, 2, 3):
        client = Client(server.url)
        client.hello(table, created.seat_tokens[seat])
        others[seat] = client
    driver = browsers()
    open_page(driver, server, table, created.seat_tokens[0], "it")
    host.send({"type": "start"})
    assert server.hosting is not None
    hosting = server.hosting
    chosen: list[str] = []
    match_id = None

    def frisches() -> list[str]:
        assert server.ledger is not None
        assert match_id is not None
        return [a for a in server.ledger.resume_point(match_id).actions if a.startswith("frisch")]

    for _ in range(40):
        at_version(driver, server, table)
        match_id = hosting.match_id(table)
        if chosen and len(frisches()) == 4:
            break
        views = {s: hosting.view(Caller(table, s), "it") for s in range(4)}
        check_against_server(driver, hosting, Caller(table, 0), "it")
        seat = views[0]["deal"]["to_act"]
        drawn = views[seat]["shown"]["deal"]
        before = views[0]["version"]
        if drawn["exchange"] is None:
            assert "pass" in views[seat]["deal"]["legal"]  # everybody passes: a Frisch
        if seat != 0:
            exchange = drawn["exchange"]
            action = "pass" if exchange is None else next(iter(exchange["choices"]))
            others[seat].send({"type": "act", "action": action})
        elif drawn["exchange"] is None:
            button = driver.find_element(By.CSS_SELECTOR, "#calls button[data-call='pass']")
            assert button.text == "passo"
            button.click()
        else:
            # The Frisch: toggle cards in the hand; a card toggled twice is not chosen.
            exchange = drawn["exchange"]
            assert driver.find_element(By.ID, "exchange").is_displayed()
            assert exchange["prompt"] in driver.find_element(By.ID, "exchange-prompt").text
            assert not driver.find_element(By.ID, "calls").find_elements(By.TAG_NAME, "button")
            go = driver.find_element(By.ID, "exchange-go")
            chosen = next(iter(exchange["choices"].values()))
            undone = next(c for c in hand_cards(driver) if c not in chosen)
            for card in (undone, undone, *chosen):
                assert not go.is_enabled()
                press(driver, f"#hand button[data-card='{card}']")
            pressed = driver.find_elements(By.CSS_SELECTOR, "#hand button[aria-pressed='true']")
            assert sorted(b.get_attribute("data-card") or "" for b in pressed) == sorted(chosen)
            assert go.is_enabled()
            shot(driver, "israeli-frisch-chosen")
            go.click()
        wait(driver, lambda b=before: hosting.version(table) > b, f"seat {seat}'s action")
    assert chosen, "no Frisch came"
    assert len(frisches()) == 4
    at_version(driver, server, table)
    # The server's record: Ann's Frisch is exactly the cards toggled on the page.
    ann = next(a for a in frisches() if set(a.split()[1:]) == set(chosen))
    assert sorted(ann.split()[1:]) == sorted(chosen)
    view = check_against_server(driver, hosting, Caller(table, 0), "it")
    assert not set(chosen) & set(view["deal"]["hand"])  # passed on, never to come back
    # Ann's page told each other seat's Frisch by its declared sentence, never its cards.
    log = lines(driver, "log")
    for name in ("Bo", "Cy", "Di"):
        assert f"{name} mette carte coperte per il Frisch" in log, log
    for other in frisches():
        if other != ann:
            for card in other.split()[1:]:
                rank, suit = card[:-1], card[-1]
                label = ("10" if rank == "T" else rank) + SYMBOLS[suit]
                assert not any(label in line for line in log if "Frisch" in line)
    shot(driver, "israeli-after-frisch")
    no_errors(driver)
    for client in [*others.values(), host]:
        client.close()


def test_the_page_reconnects_after_a_server_restart(
    server: ServerHarness, browsers: Callable[[], WebDriver]
) -> None:
    server.start()
    created, host = start_table(server, "german", ["human:Ann", "bot:heuristic"], seed=5)
    table = created.table_id
    driver = browsers()
    open_page(driver, server, table, created.seat_tokens[0], "pt")
    host.send({"type": "start"})
    host.close()
    assert server.hosting is not None
    for _ in range(2):
        view = my_turn(driver, server, table, 0)
        card = view["shown"]["deal"]["plays"][0]
        press(driver, f"#hand button[data-card='{card}']")
        wait(
            driver,
            lambda v=view["version"]: int(main(driver).get_attribute("data-version") or 0) > v,
            "a card",
        )
    before = my_turn(driver, server, table, 0)["version"]
    hand = sorted(hand_cards(driver))
    port = server.port
    server.stop()  # everything in memory is gone; the ledger file stays
    wait(
        driver,
        lambda: (
            "offline" in (driver.find_element(By.TAG_NAME, "body").get_attribute("class") or "")
        ),
        "the lost connection",
    )
    assert "Ligação perdida" in driver.find_element(By.ID, "status").text
    shot(driver, "restart-offline")
    server.start(port=port)
    wait(
        driver,
        lambda: (
            "offline" not in (driver.find_element(By.TAG_NAME, "body").get_attribute("class") or "")
        ),
        "the reconnection",
        timeout=40,
    )
    at_version(driver, server, table)
    assert server.hosting is not None
    view = check_against_server(driver, server.hosting, Caller(table, 0), "pt")
    assert view["version"] == before
    assert sorted(hand_cards(driver)) == hand
    card = view["shown"]["deal"]["plays"][0]
    press(driver, f"#hand button[data-card='{card}']")
    wait(
        driver,
        lambda: server.hosting is not None and server.hosting.version(table) > before,
        "a card after the restart",
    )
    shot(driver, "restart-back")


def test_the_host_runs_the_table_and_a_spectator_watches(
    server: ServerHarness, browsers: Callable[[], WebDriver]
) -> None:
    server.start()
    assert server.hosting is not None
    created = server.hosting.create_table("german", ["human:Ann", "bot:heuristic"], seed=2)
    table = created.table_id
    hosted, watched = browsers(), browsers()
    open_page(hosted, server, table, created.host_token, "en")
    open_page(watched, server, table, None, "en")
    assert hosted.find_element(By.ID, "host-area").is_displayed()
    assert not watched.find_element(By.ID, "host-area").is_displayed()
    assert "You are watching." in watched.find_element(By.ID, "who").text
    assert "You are the host." in hosted.find_element(By.ID, "who").text

    def click(action: str) -> None:
        press(hosted, f"[data-host='{action}']")

    assert not hosted.find_element(By.CSS_SELECTOR, "[data-host='pause']").is_enabled()
    click("start")
    hosting = server.hosting
    for driver in (hosted, watched):
        at_version(driver, server, table)
        check_against_server(driver, hosting, Caller(table, None, host=driver is hosted), "en")
        assert not driver.find_element(By.ID, "hand-area").is_displayed()  # no seat: no hand
    # Ann joins by websocket and plays; the bot answers: both pages follow.
    ann = Client(server.url)
    ann.hello(table, created.seat_tokens[0])
    for _ in range(3):
        view = my_turn(hosted, server, table, 0, "en")
        ann.send({"type": "act", "action": view["deal"]["legal"][0]})
        ann.until(lambda m: m["type"] == "update")
        for driver in (hosted, watched):
            at_version(driver, server, table)
            check_against_server(driver, hosting, Caller(table, None, host=driver is hosted), "en")
    shot(watched, "spectator")
    click("pause")
    for driver in (hosted, watched):
        wait(driver, lambda d=driver: main(d).get_attribute("data-status") == "paused", "the pause")
        assert driver.find_element(By.ID, "status").text == "The table is paused."
    assert hosting.status(table) == "paused"
    click("unpause")
    wait(hosted, lambda: hosting.status(table) == "playing", "the table playing again")
    press(hosted, "[data-seat-bot='0']")
    wait(
        hosted,
        lambda: hosting.view(Caller(table, 0))["seats"][0]["kind"] == "bot",
        "a bot in Ann's seat",
    )
    shot(hosted, "host")
    click("close")
    for driver in (hosted, watched):
        wait(
            driver,
            lambda d=driver: main(d).get_attribute("data-status") == "closed",
            "the table closed",
        )
        assert driver.find_element(By.ID, "status").text == "The table is closed."
    assert hosting.status(table) == "closed"
    no_errors(watched)
    ann.close()
