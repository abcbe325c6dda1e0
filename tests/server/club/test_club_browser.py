"""Issue 16's Done-when in a real browser: a secretary keeps an Israeli evening and an
English rubber on the club pages, and everybody else can read them.

One ``whist serve`` (uvicorn on 127.0.0.1, tests/server/conftest.py's `ServerHarness`)
over an SQLite ledger with one secretary's account, and one headless Chromium at a phone's
width (tests/browser_support.py) for the whole module; the tests run in file order
and build on each other, as an evening does:

1. the secretary logs in through the login form;
2. starts an Israeli match by the players' names, enters four deals through the deal form
   -- one of them first with three mistakes, which come back all at once with nothing
   recorded -- and corrects one deal's entry;
3. the match's sheet page, the standings page, ``whist scores`` on the same ledger and the
   CSV export give the same totals, and the correction is on the sheet with its note;
4. the same for an English rubber, played to its end;
5. a visitor without a login reads every page but is sent to the login page by the entry
   pages, and a change posted without a login is refused and changes nothing;
6. the score chart of each match -- the evening's, the rubber's, a 100-deal match's -- is
   drawn: a Chart.js chart on a canvas with pixels on it and a point per deal.

Screenshots of each step are kept in ``test-artifacts/club/`` (or
``$OPENWHIST_ARTIFACTS/club/``).
"""

from __future__ import annotations

import csv
import io
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from openwhist.plugins import Catalog
from openwhist.services.accounts import Accounts
from openwhist.services.ledger import Ledger
from openwhist_cli.app import app
from selenium.webdriver import Chrome
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait
from typer.testing import CliRunner

from tests import browser_support as chromium
from tests.server.conftest import ServerHarness

SECRETARY = ("rosa", "a long club password 16")
ISRAELI_PLAYERS = ["Noa", "Eli", "Sara", "Wim"]
ISRAELI_EVENING = [
    {"declarer": 0, "bid": "5S", "contracts": [5, 4, 3, 0], "tricks": [5, 4, 4, 0]},
    {"declarer": 1, "bid": "6H", "contracts": [3, 6, 2, 1], "tricks": [3, 6, 2, 2]},
    {"declarer": 2, "bid": "7NT", "contracts": [2, 3, 7, 3], "tricks": [2, 3, 7, 1]},
    {"declarer": 3, "bid": "5C", "contracts": [1, 4, 4, 5], "tricks": [1, 3, 4, 5]},
]
"""Four deals of an evening (each valid; scored by the Israeli plugin's rules)."""
WRONG_DEAL = {"declarer": 0, "bid": "5S", "contracts": [4, 4, 3, 0], "tricks": [5, 4, 4, 1]}
"""Deal 2 as first typed: tricks add up to 14 and the declarer contracted under the bid."""
ENGLISH_PLAYERS = ["Ann", "Bob", "Cy", "Di"]
ENGLISH_RUBBER = [
    {"tricks": [8, 5], "honours": [0, 0]},
    {"tricks": [4, 9], "honours": [0, 0]},
    {"tricks": [10, 3], "honours": [4, 0]},
    {"tricks": [9, 4], "honours": [2, 2]},
    {"tricks": [10, 3], "honours": [0, 0]},
]
"""An English rubber that NS win 2-0 on the fifth deal."""


class Club:
    """The module's server and what the tests learn about it as they go."""

    def __init__(self, harness: ServerHarness, db: str) -> None:
        self.harness = harness
        self.db = db
        self.matches: dict[str, int] = {}

    @property
    def url(self) -> str:
        return self.harness.http

    @property
    def ledger(self) -> Ledger:
        assert self.harness.ledger is not None
        return self.harness.ledger


@pytest.fixture(scope="module")
def club(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Club]:
    chromium.require_chromium()
    db = str(tmp_path_factory.mktemp("club-browser") / "club.sqlite3")
    with Ledger(db, catalog=catalog) as ledger:
        Accounts(ledger).add(*SECRETARY)
        # The 100-deal match of step 6, entered through the services beforehand.
        long = ledger.start_match("israeli", ["Ana", "Bruno", "Carla", "Dov"], label="marathon")
        for number in range(100):
            facts = dict(ISRAELI_EVENING[number % 4])
            facts["declarer"] = number % 4  # each deal its own, so none repeats the last
            ledger.record_real_deal(long, facts, again=True)
    harness = ServerHarness(catalog, db)
    harness.start()
    found = Club(harness, db)
    found.matches["long"] = long
    yield found
    harness.stop()


@pytest.fixture(scope="module")
def chrome() -> Iterator[Chrome]:
    with chromium.chromium() as driver:
        yield driver


# -- what a browser user does ------------------------------------------------------------


def _wait(driver: Chrome, css: str, timeout: float = 20) -> WebElement:
    found: WebElement = WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.CSS_SELECTOR, css)
    )
    return found


def _type(field: WebElement, value: str) -> None:
    kind = (field.get_attribute("type") or "").lower()
    if field.tag_name == "select":
        Select(field).select_by_value(value)
    elif kind == "checkbox":
        if field.is_selected() != (value not in ("", "0", "false")):
            field.click()
    else:
        field.clear()
        field.send_keys(value)


def fill(driver: Chrome, form_id: str, values: dict[str, Any]) -> None:
    """Type ``values`` into the form as a secretary would: a fact's field is named as
    `openwhist.services.forms` names it (``FACT``, ``FACT.N`` for a list's items)."""
    form = driver.find_element(By.ID, form_id)
    for key, value in values.items():
        items = value if isinstance(value, list) else [value]
        names = [f"{key}.{i}" for i in range(len(items))] if isinstance(value, list) else [key]
        for name, item in zip(names, items, strict=True):
            field = form.find_element(By.CSS_SELECTOR, f'[name="{name}"]')
            _type(field, str(item))


def submit(driver: Chrome, button_id: str) -> None:
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.ID, button_id).click()
    WebDriverWait(driver, 20).until(lambda d: _stale(old))


def _stale(element: WebElement) -> bool:
    try:
        element.tag_name  # noqa: B018  (raises once the page has been replaced)
    except Exception:
        return True
    return False


def log_in(driver: Chrome, club: Club) -> None:
    driver.get(club.url + "/club/login")
    fill(driver, "login-form", {"name": SECRETARY[0], "password": SECRETARY[1]})
    submit(driver, "login-submit")


def start_match(driver: Chrome, club: Club, variant: str, players: list[str], label: str) -> int:
    driver.get(f"{club.url}/club/record/start?variant={variant}")
    fill(driver, "start-form", {"label": label} | {f"player.{i}": n for i, n in enumerate(players)})
    submit(driver, "start-submit")
    assert "/club/record/" in driver.current_url, driver.current_url
    return int(driver.current_url.split("/club/record/")[1].split("?")[0].split("/")[0])


def enter_deal(driver: Chrome, facts: dict[str, Any]) -> None:
    fill(driver, "deal-form", facts)
    submit(driver, "deal-submit")


def done_text(driver: Chrome) -> str:
    return str(_wait(driver, "#done").text)


def chart_drawn(driver: Chrome) -> dict[str, Any]:
    """The page's first Chart.js chart: its type, the number of points of each line, and
    whether its canvas has pixels that are not blank."""
    found: dict[str, Any] = driver.execute_script(
        """
        if (!window.Chart) return {error: "no Chart.js on the page"};
        for (const canvas of document.querySelectorAll("canvas")) {
          const chart = Chart.getChart(canvas);
          if (!chart) continue;
          const ctx = canvas.getContext("2d");
          const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) painted++;
          return {
            type: chart.config.type,
            labels: chart.data.labels.length,
            points: chart.data.datasets.map((d) => d.data.length),
            painted: painted,
            width: canvas.width,
          };
        }
        return {error: "no canvas with a chart"};
        """
    )
    return found


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8")


def post(url: str, data: str) -> tuple[int, str]:
    """POST a form as a client without a session would (no cookie, no CSRF token)."""
    request = urllib.request.Request(
        url,
        data=data.encode(),
        method="POST",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode("utf-8")


def whist_scores_json(db: str, match: int) -> dict[str, Any]:
    result = CliRunner().invoke(
        app, ["scores", str(match), "--json", "--db", db], env={"NO_COLOR": "1"}
    )
    assert result.exit_code == 0, result.output
    parsed: dict[str, Any] = json.loads(result.output)
    return parsed


def whist_scores_text(db: str, match: int) -> str:
    result = CliRunner().invoke(
        app, ["scores", str(match), "--wide", "--db", db], env={"NO_COLOR": "1"}
    )
    assert result.exit_code == 0, result.output
    return result.output


def csv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def standings_points(driver: Chrome, club: Club, variant: str) -> dict[str, int]:
    """The standings page's points column, by player (the column headed "Points")."""
    driver.get(f"{club.url}/club/standings/{variant}")
    table = _wait(driver, "table.standings")
    headers = [h.text.strip() for h in table.find_elements(By.CSS_SELECTOR, "thead th")]
    column = [h.lower() for h in headers].index("points")
    out = {}
    for row in table.find_elements(By.CSS_SELECTOR, "tbody tr"):
        cells = row.find_elements(By.CSS_SELECTOR, "th, td")
        out[cells[0].text.strip()] = int(cells[column].text.replace("\u2212", "-"))
    return out


# -- the evening --------------------------------------------------------------------------


def test_the_secretary_logs_in(club: Club, chrome: Chrome) -> None:
    log_in(chrome, club)
    chromium.screenshot(chrome, "done-when-01-logged-in")
    chrome.get(club.url + "/club/record/start")
    assert chrome.find_elements(By.ID, "choose-variant"), "the entry pages need a login"


def test_an_israeli_evening_entered_and_corrected_in_the_browser(
    club: Club, chrome: Chrome
) -> None:
    match = start_match(chrome, club, "israeli", ISRAELI_PLAYERS, "Tuesday evening")
    club.matches["israeli"] = match
    enter_deal(chrome, ISRAELI_EVENING[0])
    assert "1" in done_text(chrome)
    # Deal 2 typed wrong: every problem at once, named by the player, nothing recorded.
    enter_deal(chrome, WRONG_DEAL)
    summary = _wait(chrome, "#entry-problems").text
    assert "13" in summary  # "tricks must total 13, not 14"
    assert "Noa" in summary  # "the declarer (Noa) bid 5S and must contract at least 5"
    chromium.screenshot(chrome, "done-when-02-problems")
    assert len(club.ledger.score_sheet(match)["deals"]) == 1
    for facts in ISRAELI_EVENING[1:]:
        enter_deal(chrome, facts)
    assert len(club.ledger.score_sheet(match)["deals"]) == 4
    # Deal 3's declarer was miscounted: the secretary corrects that entry.
    sheet = club.ledger.score_sheet(match)
    line = next(x for x in sheet["deals"][2]["lines"] if x["points"])
    fill(chrome, f"correct-{line['id']}", {"points": line["points"] - 10, "note": "miscounted"})
    submit(chrome, f"correct-{line['id']}-submit")
    assert done_text(chrome)
    chromium.screenshot(chrome, "done-when-03-entered")
    after = club.ledger.score_sheet(match)
    assert after["totals"][line["party"]] == sheet["totals"][line["party"]] - 10
    _agree(club, chrome, match, "israeli", ISRAELI_PLAYERS, step="04-israeli")
    # The correction is on the sheet as a correction, with its note.
    chrome.get(f"{club.url}/club/matches/{match}")
    assert "miscounted" in _wait(chrome, "main").text


def test_an_english_rubber_entered_in_the_browser(club: Club, chrome: Chrome) -> None:
    match = start_match(chrome, club, "english", ENGLISH_PLAYERS, "rubber")
    club.matches["english"] = match
    for facts in ENGLISH_RUBBER:
        enter_deal(chrome, facts)
    summary = club.ledger.list_matches(variant="english")[0]
    assert summary["status"] == "finished", summary
    chromium.screenshot(chrome, "done-when-05-rubber-entered")
    _agree(club, chrome, match, "english", ENGLISH_PLAYERS, step="06-english")


def _agree(
    club: Club, chrome: Chrome, match: int, variant: str, players: list[str], *, step: str
) -> None:
    """The sheet page shows every line ``whist scores`` prints, the CSV export holds the
    page's cells, and the standings page gives each player the ledger's total for their
    side (``whist scores --json``)."""
    # The ledger's totals (`whist scores --json`): each player's side's sum of entries.
    cli = whist_scores_json(club.db, match)
    party = {p["name"]: p["party"] for p in club.ledger.get_match(match)["players"]}
    totals = {name: cli["totals"][party[name]] for name in players}
    # The sheet page is laid out as `whist scores` lays it out: every line of the page's
    # sheet (its headings, each row of its tables, its summary) is a line of the command's.
    command = {_plain(line) for line in whist_scores_text(club.db, match).splitlines()}
    chrome.get(f"{club.url}/club/matches/{match}")
    sheet = _wait(chrome, "div.sheet")
    page_rows = [
        cells
        for row in sheet.find_elements(By.CSS_SELECTOR, "table.sheet-table tbody tr")
        if any(cells := _cells(row))  # the rule under a game is drawn, not exported
    ]
    lines = [_plain(p.text) for p in sheet.find_elements(By.CSS_SELECTOR, "p.sheet-line")]
    lines += [
        " ".join(c for c in _cells(row, for_screen_readers=False) if c)
        for row in sheet.find_elements(By.CSS_SELECTOR, "table tr")
        if "correction" not in row.text  # a mark the command prints on a line of its own
    ]
    missing = [line for line in lines if line and line not in command]
    assert not missing, (missing, sorted(command))
    chromium.screenshot(chrome, f"done-when-{step}-sheet")
    # The CSV export: the same rows as the page's table (and its notes column beside).
    status, text = fetch(f"{club.url}/club/matches/{match}.csv")
    assert status == 200
    rows = csv_rows(text.lstrip("\ufeff"))
    width = len(page_rows[0])
    totals_rows = [
        _cells(row) for row in sheet.find_elements(By.CSS_SELECTOR, "table.sheet-totals tr")
    ]
    exported_rows = [[_plain(c) for c in r] for r in rows]
    for row in totals_rows:  # the totals table (where a layout has one) is exported too
        assert row in exported_rows, (row, exported_rows)
    body = exported_rows[1 : 1 + len(page_rows)]
    assert len(body) == len(page_rows)
    for cells, exported in zip(page_rows, body, strict=True):
        # The page writes a row's marks (a correction and its note) in its cell; the
        # CSV keeps them in a column of their own after the sheet's.
        assert all(a == b or a.startswith(b + " ") for a, b in zip(cells, exported, strict=False))
        marked = " ".join(exported[width:])
        assert ("miscounted" in " ".join(cells)) == ("miscounted" in marked), (cells, exported)
    # The standings page: each player's points are their side's total (one match each).
    standings = standings_points(chrome, club, variant)
    assert {name: standings[name] for name in players} == totals
    chromium.screenshot(chrome, f"done-when-{step}-standings")


def _cells(row: WebElement, *, for_screen_readers: bool = True) -> list[str]:
    """A table row's cells as text; without ``for_screen_readers``, a cell holding only
    a screen reader's heading (``.visually-hidden``, a column the command leaves
    unnamed) reads as empty."""
    cells = row.find_elements(By.CSS_SELECTOR, "th, td")
    return [
        ""
        if not for_screen_readers and c.find_elements(By.CSS_SELECTOR, ".visually-hidden")
        else _plain(c.text)
        for c in cells
    ]


def _plain(cell: str) -> str:
    return " ".join(cell.replace("\u2212", "-").split())


def _number(cell: str) -> int:
    return int(_plain(cell))


def assert_chart(chrome: Chrome, *, deals: int) -> None:
    """A Chart.js chart is on the page, drawn, with a point for every deal."""
    drawn = WebDriverWait(chrome, 20).until(lambda d: _drawn_or_none(d))
    assert "error" not in drawn, drawn
    assert drawn["painted"] > 0, drawn
    assert max(drawn["points"]) >= deals, drawn


def _drawn_or_none(chrome: Chrome) -> dict[str, Any] | None:
    drawn = chart_drawn(chrome)
    return None if drawn.get("painted", 0) == 0 and "error" not in drawn else drawn


# -- a visitor ----------------------------------------------------------------------------


def test_a_visitor_reads_everything_and_changes_nothing(club: Club) -> None:
    match = club.matches["israeli"]
    before = club.ledger.score_sheet(match)
    with chromium.chromium() as visitor:
        for path in (
            "/club/",
            "/club/matches",
            f"/club/matches/{match}",
            "/club/standings/israeli",
            f"/club/players/{ISRAELI_PLAYERS[0]}",
        ):
            visitor.get(club.url + path)
            assert "/club/login" not in visitor.current_url, path
            assert visitor.find_elements(By.CSS_SELECTOR, "main h1"), path
            # Nothing on a reading page offers a change.
            assert not visitor.find_elements(By.CSS_SELECTOR, 'form[method="post"]'), path
        visitor.get(f"{club.url}/club/record/{match}")
        assert "/club/login" in visitor.current_url
        assert not visitor.find_elements(By.ID, "deal-form")
        chromium.screenshot(visitor, "done-when-07-visitor-sent-to-login")
    # Each change posted straight to its form's address, without a login: refused,
    # nothing changed (the ledger's sheets and its list of matches are as they were).
    matches = club.ledger.list_matches()
    entry = before["deals"][0]["lines"][0]["id"]
    for path, data in (
        ("/club/record/start", "variant=israeli&player.0=A&player.1=B&player.2=C&player.3=D"),
        (f"/club/record/{match}/deal", "declarer=0&bid=5S&contracts.0=5&tricks.0=5"),
        (f"/club/record/{match}/correct", f"entry={entry}&points=0&note=x"),
        (f"/club/record/{match}/adjust", "party=0&points=-5&note=x"),
        (f"/club/record/{match}/void", "deal=1&note=x"),
        (f"/club/record/{match}/close", ""),
    ):
        status, _body = post(club.url + path, data)
        assert status == 401, (path, status)
    assert club.ledger.score_sheet(match) == before
    assert club.ledger.list_matches() == matches


def test_the_score_charts_of_the_evening_and_the_rubber_are_drawn(
    club: Club, chrome: Chrome
) -> None:
    for key in ("israeli", "english"):
        match = club.matches[key]
        chrome.get(f"{club.url}/club/matches/{match}")
        assert_chart(chrome, deals=len(club.ledger.score_sheet(match)["deals"]))
        chromium.screenshot(chrome, f"done-when-09-{key}-chart")


def test_the_score_chart_of_a_100_deal_match_is_drawn(club: Club, chrome: Chrome) -> None:
    chrome.get(f"{club.url}/club/matches/{club.matches['long']}")
    assert_chart(chrome, deals=100)
    chromium.screenshot(chrome, "done-when-08-100-deals-chart")


def test_no_page_script_failed(chrome: Chrome) -> None:
    """No page's script failed in the browser (the chart's, above all). The form sent
    with mistakes answers 422 on purpose; the console notes that status, which is no
    script's failure."""
    failed = [e for e in chromium.console_errors(chrome) if "Failed to load resource" not in e]
    assert failed == []
