"""The club pages pass an accessibility check: axe-core (tests/a11y/axe.py) in headless
Chromium at a phone's width, over a real ``whist serve`` whose ledger holds a small club
(bench/bench_club.py's: Israeli evenings, rubbers, German, Solo and Knockout matches,
with a correction, an adjustment and a voided deal).

What a reader who uses a screen reader, the keyboard or a magnifier notices: every page
-- the matches, a match's sheet (each layout), the standings, a player's page, the login
and the secretary's entry pages, a deal form listing its problems, in each language --
has a language, a title, landmarks, labelled links and controls, readable contrast and
no broken structure. A page fails on any violation axe rates "serious" or "critical"; the
message lists each one with the element and axe's advice. Every page's full report (all
impacts) and a screenshot are kept in the artefacts (tests/browser_support.py).

The check itself is tested first: a page built to break five rules must be failed with
those five named, so a check that silently stopped running could not pass the pages.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from openwhist.plugins import Catalog
from openwhist.services.accounts import Accounts
from openwhist.services.ledger import Ledger
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from tests import browser_support as browser
from tests.a11y import axe
from tests.server.conftest import ServerHarness

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

from bench_club import build_club_ledger

SECRETARY = ("rosa", "a long club password 16")


@pytest.fixture(scope="module")
def club(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerHarness]:
    """One server for the module, over a small club's ledger."""
    browser.require_chromium()  # before spending seconds on the ledger
    path = str(tmp_path_factory.mktemp("club") / "club.sqlite3")
    with Ledger(path, catalog=catalog) as ledger:
        build_club_ledger(
            ledger, catalog, deals=80, template_deals=80, members=10, seed=5, edit_rate=6.0
        )
        Accounts(ledger).add(*SECRETARY)
        # An evening still open, for the entry page.
        ledger.start_match("israeli", ["Noa", "Eli", "Sara", "Wim"], label="tonight")
    harness = ServerHarness(catalog, path)
    harness.start()
    yield harness
    harness.stop()


@pytest.fixture(scope="module")
def chrome() -> Iterator[WebDriver]:
    with browser.chromium() as driver:
        yield driver


@pytest.fixture(scope="module")
def secretary(club: ServerHarness, chrome: WebDriver) -> WebDriver:
    """The module's browser, logged in as the club's secretary (after the visitor's
    pages: the tests run in file order)."""
    chrome.get(club.http + "/club/login")
    chrome.find_element(By.ID, "login-name").send_keys(SECRETARY[0])
    chrome.find_element(By.ID, "login-password").send_keys(SECRETARY[1])
    chrome.find_element(By.ID, "login-submit").click()
    WebDriverWait(chrome, 20).until(lambda d: "/club/login" not in d.current_url)
    return chrome


BROKEN = """<!doctype html>
<html><head><title>broken</title></head>
<body>
<img src="missing.png">
<button></button>
<input type="text">
<a href="/x"></a>
<p style="color:#bbb;background:#fff">grey on white</p>
</body></html>
"""


def test_the_check_fails_a_page_that_breaks_the_rules_and_says_where(
    chrome: WebDriver, tmp_path: Path
) -> None:
    page = tmp_path / "broken.html"
    page.write_text(BROKEN, encoding="utf-8")
    chrome.get(page.as_uri())
    found = axe.blocking(axe.audit(chrome))
    assert {v["id"] for v in found} >= {
        "html-has-lang",
        "image-alt",
        "button-name",
        "label",
        "link-name",
        "color-contrast",
    }
    text = axe.describe(found, page="broken.html")
    assert "image-alt" in text
    assert '<img src="missing.png">' in text  # the element, so the reader can find it
    assert "dequeuniversity.com" in text  # and axe's advice


PAGES = [
    ("front", "/club/"),
    ("front-pt", "/club/?lang=pt"),
    ("not-found", "/club/no-such-page"),
    ("matches", "/club/matches"),
    ("matches-filtered", "/club/matches?variant=israeli"),
    ("match-israeli", "/club/matches/{israeli}"),
    ("match-english", "/club/matches/{english}"),
    ("match-german-es", "/club/matches/{german}?lang=es"),
    ("standings", "/club/standings"),
    ("standings-israeli", "/club/standings/israeli"),
    ("standings-english-it", "/club/standings/english?lang=it"),
    ("player", "/club/players/{player}"),
    ("login", "/club/login"),
]
"""The pages a visitor reads: (artefact name, address; ``{variant}`` is the first match
of that variant in the ledger, ``{player}`` a member who played)."""

SECRETARY_PAGES = [
    ("start", "/club/record/start"),
    ("start-israeli", "/club/record/start?variant=israeli"),
    ("entry-israeli", "/club/record/{open}"),
]
"""The pages a logged-in secretary uses: (artefact name, address; ``{open}`` an open
Israeli match)."""


def _check(chrome: WebDriver, url: str, name: str) -> None:
    chrome.get(url)
    assert chrome.execute_script("return document.readyState") == "complete"
    violations = axe.audit(chrome)
    axe.save(violations, browser.artifacts() / f"axe-{name}.json")
    browser.screenshot(chrome, f"a11y-{name}")
    found = axe.blocking(violations)
    assert not found, axe.describe(found, page=url)


def _address(club: ServerHarness, path: str) -> str:
    assert club.ledger is not None
    listed = club.ledger.list_matches()
    first = {m["variant"]: m["id"] for m in reversed(listed)}
    opened = next(m["id"] for m in listed if m["status"] == "open")
    player = quote(listed[-1]["players"][0]["name"])
    return club.http + path.format(player=player, open=opened, **first)


@pytest.mark.parametrize(("name", "path"), PAGES, ids=[name for name, _ in PAGES])
def test_club_pages_have_no_serious_accessibility_violations(
    club: ServerHarness, chrome: WebDriver, name: str, path: str
) -> None:
    _check(chrome, _address(club, path), name)


@pytest.mark.parametrize(
    ("name", "path"), SECRETARY_PAGES, ids=[name for name, _ in SECRETARY_PAGES]
)
def test_the_secretary_pages_have_no_serious_accessibility_violations(
    club: ServerHarness, secretary: WebDriver, name: str, path: str
) -> None:
    _check(secretary, _address(club, path), name)


def test_a_deal_form_listing_its_problems_has_no_serious_accessibility_violations(
    club: ServerHarness, secretary: WebDriver
) -> None:
    """The entry page as it comes back with a wrong deal: its problems listed, the wrong
    fields marked (what a screen reader user must be able to find and fix)."""
    secretary.get(_address(club, "/club/record/{open}"))
    form = secretary.find_element(By.ID, "deal-form")
    field = form.find_element(By.CSS_SELECTOR, '[name="tricks.0"]')
    field.clear()
    field.send_keys("14")
    secretary.find_element(By.ID, "deal-submit").click()
    WebDriverWait(secretary, 20).until(lambda d: d.find_elements(By.ID, "entry-problems"))
    violations = axe.audit(secretary)
    axe.save(violations, browser.artifacts() / "axe-entry-problems.json")
    browser.screenshot(secretary, "a11y-entry-problems")
    found = axe.blocking(violations)
    assert not found, axe.describe(found, page="the deal form with its problems")
