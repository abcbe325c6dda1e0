"""Real-card score entry on the club pages, against a running ``whist serve``: a secretary
logs in, starts matches and enters them through the forms as a browser sends them; a
visitor and a forged form change nothing (docs/club.md, "The secretary's pages").

What is entered through the forms must be exactly what ``whist record`` records: the
Israeli evening and the English rubber are also entered at the command line into a
second ledger, and ``whist scores`` of the two must read the same.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from openwhist.plugins import Catalog
from openwhist.services.accounts import PAIR_LIMIT, Accounts
from openwhist_cli.app import app
from typer.testing import CliRunner

from tests.server.club.browser import Browser, Page, forms_of, labels_of
from tests.server.club.conftest import Site
from tests.server.conftest import ServerHarness

PASSWORD = "correct horse"


@pytest.fixture
def site(catalog: Catalog, tmp_path: Path) -> Iterator[Site]:
    """A running server over an empty ledger with one secretary account, ``Sec``."""
    harness = ServerHarness(catalog, str(tmp_path / "club.sqlite3"))
    harness.start()
    assert harness.ledger is not None
    # A cheap hash for the test account; logging in with the server's default hasher
    # replaces it (check_needs_rehash), as it would any old hash.
    Accounts(harness.ledger, hasher=PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)).add(
        "Sec", PASSWORD
    )
    yield Site(harness)
    harness.stop()


@pytest.fixture
def secretary(site: Site) -> Browser:
    browser = Browser(site.base)
    assert browser.log_in("Sec", PASSWORD).status == 303
    return browser


def problems(page: Page) -> list[str]:
    """The problems a page lists in its summary (``role=alert``), as the reader reads them."""
    summary = re.search(r'<div class="problems-summary"[^>]*>(.*?)</div>', page.body, re.S)
    if summary is None:
        return []
    items = re.findall(r'<li class="problem">(.*?)</li>', summary.group(1), re.S)
    return [re.sub(r"\s+", " ", i).replace("&#39;", "'").strip() for i in items]


def whist(db: Path | str, *args: str) -> Any:
    return CliRunner().invoke(
        app, [*args, "--db", str(db)], env={"NO_COLOR": "1", "OPENWHIST_LANG": "en"}
    )


def start(browser: Browser, variant: str, players: list[str], **options: str) -> int:
    """Start a match through the start form; its number."""
    page = browser.get(f"/club/record/start?variant={variant}")
    assert page.status == 200
    seats = {f"player__{i}": name for i, name in enumerate(players)}
    answer = browser.submit(page, "start-form", label="Tuesday club", **seats, **options)
    assert answer.status == 303, problems(answer)
    found = re.search(r"/club/record/(\d+)\?", answer.location)
    assert found is not None
    return int(found.group(1))


def enter(browser: Browser, match: int, **facts: str) -> Page:
    """Send the match's deal form with these fields (``contracts__0`` for
    ``contracts.0``); the answer, not followed."""
    page = browser.get(f"/club/record/{match}")
    return browser.submit(page, "deal-form", **facts)


def per_seat(fact: str, values: list[int]) -> dict[str, str]:
    return {f"{fact}__{i}": str(v) for i, v in enumerate(values)}


def _made(b: int) -> int:  # docs/variants/israeli.md §4.7: a made contract b scores b² + 10
    return b * b + 10


# The evening of tests/cli/test_ledger_cli.py, seats N E S W = Noa Eli Sara Wim: the facts
# (form fields and `whist record deal` pairs) and the points by hand.
EVENING: list[tuple[dict[str, str], list[str], list[int]]] = [
    (
        {"declarer": "0", "bid": "5S", **per_seat("contracts", [5, 4, 3, 0]),
         **per_seat("tricks", [5, 4, 4, 0])},
        ["declarer=N", "bid=5S", "contracts=5,4,3,0", "tricks=5,4,4,0"],
        [_made(5), _made(4), -10, 50],
    ),
    (
        {"declarer": "1", "bid": "6H", **per_seat("contracts", [2, 6, 0, 7]),
         **per_seat("tricks", [2, 5, 1, 5])},
        ["declarer=E", "bid=6H", "contracts=2,6,0,7", "tricks=2,5,1,5"],
        [_made(2), -10, -50, -20],
    ),
    (
        {"declarer": "2", "bid": "5NT", **per_seat("contracts", [3, 3, 5, 1]),
         **per_seat("tricks", [3, 2, 5, 3]), **per_seat("revokes", [0, 0, 0, 1])},
        ["declarer=S", "bid=5NT", "contracts=3,3,5,1", "tricks=3,2,5,3", "revokes=0,0,0,1"],
        [_made(3), -10, _made(5), -20 - 100],
    ),
    (
        {"declarer": "3", "bid": "5C", **per_seat("contracts", [0, 4, 4, 6]),
         **per_seat("tricks", [0, 4, 3, 6])},
        ["declarer=W", "bid=5C", "contracts=0,4,4,6", "tricks=0,4,3,6"],
        [25, _made(4), -10, _made(6)],
    ),
]  # fmt: skip
PLAYERS = ["Noa", "Eli", "Sara", "Wim"]


# -- logging in -----------------------------------------------------------------------------


def test_log_in_wrong_password_and_log_out(site: Site) -> None:
    browser = Browser(site.base)
    front = browser.get("/club/")
    assert 'id="login-link"' in front.body
    assert "Secretary:" not in front.body
    wrong = browser.log_in("Sec", "wrong horse")
    assert wrong.status == 401
    assert "wrong name or password" in wrong.body
    assert 'value="Sec"' in wrong.body  # the name stays typed; the password never
    assert "wrong horse" not in wrong.body
    assert "Secretary:" not in browser.get("/club/").body
    done = browser.log_in("Sec", PASSWORD)
    assert done.status == 303
    front = browser.follow(done)
    assert "Secretary: Sec" in front.body
    assert 'id="logout-form"' in front.body
    out = browser.submit(front, "logout-form")
    assert out.status == 303
    assert "Secretary:" not in browser.follow(out).body
    assert browser.get("/club/record/start").status == 303  # to the login page again


def _copy_cookies(source: Browser, target: Browser) -> None:
    for cookie in source.cookies:
        target.cookies.set_cookie(cookie)


def test_a_copy_of_a_logged_out_cookie_opens_nothing(site: Site, secretary: Browser) -> None:
    """Logging out ends the session in the ledger, not only in this browser: a copy of
    the cookie taken while logged in (a stolen cookie, a second tab's) is a visitor's
    afterwards."""
    thief = Browser(site.base)
    _copy_cookies(secretary, thief)
    assert thief.get("/club/record/start").status == 200  # the copy works while logged in
    front = secretary.get("/club/")
    assert secretary.submit(front, "logout-form").status == 303
    assert thief.get("/club/record/start").status == 303  # to the login page
    assert "Secretary:" not in thief.get("/club/").body


def test_a_new_password_logs_every_session_out(site: Site, secretary: Browser) -> None:
    assert secretary.get("/club/record/start").status == 200
    Accounts(
        site.ledger, hasher=PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    ).set_password("Sec", "battery staple")
    assert secretary.get("/club/record/start").status == 303
    assert secretary.log_in("Sec", "battery staple").status == 303
    assert secretary.get("/club/record/start").status == 200


def test_the_login_returns_to_the_page_asked_for_and_never_elsewhere(site: Site) -> None:
    browser = Browser(site.base)
    asked = browser.get("/club/record/start")
    assert asked.status == 303
    assert asked.location.startswith("/club/login?next=")
    login = browser.follow(asked)
    back = browser.submit(login, "login-form", name="Sec", password=PASSWORD)
    assert back.location == "/club/record/start"
    other = Browser(site.base)
    page = other.get("/club/login?next=//evil.example/")
    away = other.submit(page, "login-form", name="Sec", password=PASSWORD)
    assert away.location == "/club/"


def test_a_guesser_is_refused_then_even_the_right_password(site: Site) -> None:
    browser = Browser(site.base)
    for _ in range(PAIR_LIMIT):
        assert browser.log_in("Sec", "guess").status == 401
    limited = browser.log_in("Sec", PASSWORD)
    assert limited.status == 429
    assert "too many wrong passwords from here" in limited.body
    assert "Secretary:" not in browser.get("/club/").body
    spanish = Browser(site.base, lang="es").log_in("Sec", PASSWORD)
    assert spanish.status == 429
    assert "demasiadas contraseñas incorrectas" in spanish.body


def test_a_disabled_account_is_logged_out_at_its_next_request(
    site: Site, secretary: Browser
) -> None:
    assert secretary.get("/club/record/start").status == 200
    Accounts(site.ledger).set_disabled("Sec", True)
    assert secretary.get("/club/record/start").status == 303
    assert "Secretary:" not in secretary.get("/club/").body


# -- refusals ------------------------------------------------------------------------------


def test_a_visitor_can_read_but_not_change_anything(site: Site, secretary: Browser) -> None:
    match = start(secretary, "israeli", PLAYERS)
    visitor = Browser(site.base)
    sheet = visitor.get(f"/club/matches/{match}")
    assert sheet.status == 200
    assert 'id="score-entry-link"' not in sheet.body  # only a secretary is offered entry
    assert 'id="score-entry-link"' in secretary.get(f"/club/matches/{match}").body
    for page in ("/club/record/start", f"/club/record/{match}"):
        sent = visitor.get(page)
        assert sent.status == 303
        assert sent.location.startswith("/club/login?next=")
    deal = {"declarer": "0", "bid": "5S", "contracts.0": "5", "csrf": "x", "form_key": "k"}
    for action, data in [
        ("/club/record/start", {"variant": "israeli", "player.0": "A", "form_key": "k"}),
        (f"/club/record/{match}/deal", deal),
        (f"/club/record/{match}/adjust", {"party": "0", "points": "50", "note": "n"}),
        (f"/club/record/{match}/void", {"deal": "1", "note": "n"}),
        (f"/club/record/{match}/close", {"how": "finished"}),
    ]:
        refused = visitor.post(action, data)
        assert refused.status == 401, action
        assert "Only a secretary who has logged in may change" in refused.body
    spanish = Browser(site.base, lang="es").post(f"/club/record/{match}/close", {})
    assert spanish.status == 401
    assert "Solo un secretario que ha iniciado sesión" in spanish.text
    assert site.ledger.get_match(match)["status"] == "open"
    assert site.ledger.get_match(match)["deals"] == 0
    assert len(site.ledger.list_matches()) == 1


def test_a_form_without_the_session_token_changes_nothing(site: Site, secretary: Browser) -> None:
    match = start(secretary, "israeli", PLAYERS)
    page = secretary.get(f"/club/record/{match}")
    facts = EVENING[0][0]
    forged = secretary.submit(page, "deal-form", csrf="not-the-token", **facts)
    assert forged.status == 403
    assert "This form did not come from this session's page" in forged.text
    form = secretary.form(page, "deal-form")
    missing = {k: v for k, v in form.values.items() if k != "csrf"}
    assert secretary.post(f"/club/record/{match}/deal", missing).status == 403
    # Another visitor's own session token is not this session's.
    stranger = Browser(site.base)
    login = stranger.get("/club/login")
    theirs = stranger.form(login, "login-form").values["csrf"]
    assert secretary.submit(page, "deal-form", csrf=theirs, **facts).status == 403
    logout = secretary.post("/club/logout", {"csrf": "wrong"})
    assert logout.status == 403
    translated = Browser(site.base, lang="it")
    assert translated.log_in("Sec", PASSWORD).status == 303
    refused = translated.submit(translated.get(f"/club/record/{match}"), "deal-form", csrf="x")
    assert refused.status == 403
    assert "Non è stato cambiato nulla" in refused.body
    assert site.ledger.get_match(match)["deals"] == 0


# -- entering matches ----------------------------------------------------------------------


def test_an_israeli_evening_through_the_forms_reads_as_whist_record_keeps_it(
    site: Site, secretary: Browser, tmp_path: Path
) -> None:
    match = start(secretary, "israeli", PLAYERS)
    page = secretary.get(f"/club/record/{match}")
    labels = labels_of(page.body)
    # Seats are chosen and counts typed by the players' names.
    assert [labels[f"f-contracts-{i}"] for i in range(4)] == PLAYERS
    assert '<option value="2">Sara</option>' in page.body
    expected = [0, 0, 0, 0]
    for number, (fields, _pairs, points) in enumerate(EVENING, start=1):
        done = enter(secretary, match, **fields)
        assert done.status == 303, problems(done)
        shown = secretary.follow(done)
        assert f"Deal {number} is recorded." in shown.body
        expected = [a + b for a, b in zip(expected, points, strict=True)]
        assert site.ledger.get_match(match)["totals"] == expected
    # The same evening at the command line, into another ledger.
    cli_db = tmp_path / "cli.sqlite3"
    players = [arg for name in PLAYERS for arg in ("-p", name)]
    assert (
        whist(cli_db, "record", "start", "israeli", *players, "--label", "Tuesday club").exit_code
        == 0
    )
    for _fields, pairs, _points in EVENING:
        assert whist(cli_db, "record", "deal", "1", *pairs).exit_code == 0
    web = whist(site.harness.db, "scores", str(match))
    assert web.exit_code == 0
    assert web.stdout == whist(cli_db, "scores", "1").stdout
    # A correction, through the form beside the entry, and at the command line.
    sheet = site.ledger.score_sheet(match)
    entry = sheet["deals"][1]["lines"][0]  # deal 2's first line
    page = secretary.get(f"/club/record/{match}")
    fixed = secretary.submit(
        page, f"correct-{entry['id']}", points=str(entry["points"] + 100), note="tricks misread"
    )
    assert fixed.status == 303
    after = secretary.follow(fixed)
    assert "The correction is recorded." in after.body
    assert f"corrects {entry['id']}" in after.body
    assert "tricks misread" in after.body
    cli_fix = whist(
        cli_db, "correct", str(entry["id"]), str(entry["points"] + 100), "--note", "tricks misread"
    )
    assert cli_fix.exit_code == 0
    web_lines = whist(site.harness.db, "scores", str(match), "--lines").stdout
    assert "tricks misread" in web_lines
    assert web_lines == whist(cli_db, "scores", "1", "--lines").stdout
    totals = site.ledger.get_match(match)["totals"]
    assert totals[entry["party"]] == expected[entry["party"]] + 100
    # The club's own sheet marks it with its note, and the CSV export agrees to the point.
    sheet_page = secretary.get(f"/club/matches/{match}")
    assert sheet_page.status == 200
    assert "tricks misread" in sheet_page.text
    exported = secretary.get(f"/club/matches/{match}.csv")
    assert exported.status == 200
    rows = list(csv.reader(io.StringIO(exported.body.lstrip("\ufeff"))))
    deal_two = next(r for r in rows if r[0] == "2")
    assert "tricks misread" in deal_two[-1]
    assert rows[-1][1:6] == ["TOTAL", *map(str, totals)]


def test_an_english_rubber_with_a_revoke_through_the_forms(
    site: Site, secretary: Browser, tmp_path: Path
) -> None:
    match = start(secretary, "english", ["Ann", "Bob", "Cy", "Di"])
    page = secretary.get(f"/club/record/{match}")
    labels = labels_of(page.body)
    assert labels["f-tricks-0"] == "Ann & Cy"  # a side is its players
    assert labels["f-tricks-1"] == "Bob & Di"
    # A revoke is a row: the side (by its players) and the penalty (the variant's choices).
    assert '<option value="transfer_tricks">transfer_tricks</option>' in page.body
    deals: list[tuple[dict[str, str], list[str]]] = [
        ({**per_seat("tricks", [7, 6]), **per_seat("honours", [4, 0])},
         ["tricks=7,6", "honours=4,0"]),
        ({**per_seat("tricks", [5, 8]), "revokes__0__side": "1", "revokes__0__penalty": "deduct"},
         ["tricks=5,8", "revokes=EW:deduct"]),
        ({**per_seat("tricks", [10, 3])}, ["tricks=10,3"]),
        ({**per_seat("tricks", [4, 9]), **per_seat("honours", [0, 2])},
         ["tricks=4,9", "honours=0,2"]),
        ({**per_seat("tricks", [11, 2])}, ["tricks=11,2"]),
        ({**per_seat("tricks", [12, 1])}, ["tricks=12,1"]),
    ]  # fmt: skip
    cli_db = tmp_path / "cli.sqlite3"
    names = [arg for name in ["Ann", "Bob", "Cy", "Di"] for arg in ("-p", name)]
    assert (
        whist(cli_db, "record", "start", "english", *names, "--label", "Tuesday club").exit_code
        == 0
    )
    entered = 0
    for fields, pairs in deals:
        if site.ledger.get_match(match)["status"] != "open":
            break
        done = enter(secretary, match, **fields)
        assert done.status == 303, problems(done)
        assert whist(cli_db, "record", "deal", "1", *pairs).exit_code == 0
        entered += 1
    summary = site.ledger.get_match(match)
    assert summary["status"] == "finished"  # the rubber is over
    assert summary["deals"] == entered
    closed = secretary.get(f"/club/record/{match}")
    assert 'id="deal-form"' not in closed.body
    assert (
        whist(site.harness.db, "scores", str(match)).stdout == whist(cli_db, "scores", "1").stdout
    )
    late = secretary.post(f"/club/record/{match}/deal", {
        "csrf": secretary.form(closed, "logout-form").values["csrf"], "form_key": "late",
        **{k.replace("__", "."): v for k, v in deals[0][0].items()},
    })  # fmt: skip
    assert late.status == 409
    assert "it takes no deals" in late.body
    assert site.ledger.get_match(match)["deals"] == entered


def test_every_problem_is_listed_at_once_and_the_input_is_kept(
    site: Site, secretary: Browser
) -> None:
    match = start(secretary, "israeli", PLAYERS)
    typed = {
        "declarer": "0",
        "bid": "4S",
        **per_seat("contracts", [4, 4, 3, 2]),
        **per_seat("tricks", [5, 4, 4, 4]),
        "revokes__3": "1",
        "frisch_rounds": "many",
    }
    page = enter(secretary, match, **typed)
    assert page.status == 422
    listed = problems(page)
    assert any("tricks must total 13, not 17" in p for p in listed)
    assert any("the contracts may not total exactly 13" in p for p in listed)
    assert any("frisch_rounds" in p and "not a whole number" in p for p in listed)
    assert any("revokes: give a value for each (Noa, Eli, Sara left empty)" in p for p in listed)
    assert any("4S is below the minimum bid 5" in p for p in listed)
    assert len(listed) == 5
    # Each fact's problems sit in its own fieldset, marked for assistive technology.
    tricks = re.search(
        r'<fieldset class="fact wrong" id="deal-tricks">(.*?)</fieldset>', page.body, re.S
    )
    assert tricks is not None
    assert "tricks must total 13, not 17" in tricks.group(1)
    assert 'aria-invalid="true" aria-describedby="deal-problems-tricks"' in tricks.group(1)
    # What was typed is in the form, as typed.
    form = secretary.form(page, "deal-form")
    for name, value in typed.items():
        assert form.values[name.replace("__", ".")] == value
    assert site.ledger.get_match(match)["deals"] == 0
    spanish = Browser(site.base, lang="es")
    spanish.log_in("Sec", PASSWORD)
    said = problems(enter(spanish, match, **typed))
    assert any("13" in p and "bazas" in p for p in said)


def test_a_form_sent_twice_records_once(site: Site, secretary: Browser) -> None:
    match = start(secretary, "israeli", PLAYERS)
    page = secretary.get(f"/club/record/{match}")
    first = secretary.submit(page, "deal-form", **EVENING[0][0])
    second = secretary.submit(page, "deal-form", **EVENING[0][0])
    assert first.status == 303
    assert second.status == 303
    assert site.ledger.get_match(match)["deals"] == 1
    assert "nothing was recorded again" in secretary.follow(second).body
    # The start form too: one match, however often it is sent.
    form_page = secretary.get("/club/record/start?variant=german")
    seats = {"player__0": "Ann", "player__1": "Bob"}
    one = secretary.submit(form_page, "start-form", **seats)
    two = secretary.submit(form_page, "start-form", **seats)
    assert one.location.split("?")[0] == two.location.split("?")[0]
    assert len(site.ledger.list_matches()) == 2
    # The same deal again from a new form is refused until it is said to be meant.
    again = enter(secretary, match, **EVENING[0][0])
    assert again.status == 409
    assert 'id="f-again"' in again.body
    meant = secretary.submit(again, "deal-form", again="1")
    assert meant.status == 303
    assert site.ledger.get_match(match)["deals"] == 2


def test_starting_a_match_lists_every_problem(site: Site, secretary: Browser) -> None:
    page = secretary.get("/club/record/start?variant=israeli")
    # Every option of the variant is a field, at its default.
    form = secretary.form(page, "start-form")
    assert form.values["o-min_bid"] == "5"
    assert form.values["o-first_caller"] == "left_of_dealer"
    sent = secretary.submit(
        page, "start-form", player__0="Ann", player__1="", player__2="Ann", player__3="Di",
        **{"o-min_bid": "20", "o-fail_per_trick": "ten"},
    )  # fmt: skip
    assert sent.status == 422
    listed = problems(sent)
    assert any("seat E needs a player's name" in p for p in listed)
    assert any("each seat needs a different player" in p for p in listed)
    assert any("min_bid" in p and "too large" in p for p in listed)
    assert any("fail_per_trick" in p and "not a whole number" in p for p in listed)
    kept = secretary.form(sent, "start-form").values
    assert kept["o-min_bid"] == "20"
    assert kept["player.2"] == "Ann"
    assert site.ledger.list_matches() == []
    # Options set through the form are the match's.
    match = start(secretary, "israeli", PLAYERS, **{"o-min_bid": "6"})
    assert site.ledger.get_match(match)["options"]["min_bid"] == 6


def test_adjust_void_and_close_through_the_forms(site: Site, secretary: Browser) -> None:
    match = start(secretary, "israeli", PLAYERS)
    for fields, _pairs, _points in EVENING[:2]:
        assert enter(secretary, match, **fields).status == 303
    page = secretary.get(f"/club/record/{match}")
    no_note = secretary.submit(page, "adjust-form", party="3", points="-50")
    assert no_note.status == 422
    assert "give a note saying why" in no_note.body
    before = site.ledger.get_match(match)["totals"]
    adjusted = secretary.submit(page, "adjust-form", party="3", points="-50", note="slow play")
    assert adjusted.status == 303
    assert site.ledger.get_match(match)["totals"][3] == before[3] - 50
    voided = secretary.submit(
        secretary.get(f"/club/record/{match}"), "void-form", deal="1", note="misdealt"
    )
    assert voided.status == 303
    assert "Deal 1 is void." in secretary.follow(voided).body
    points = EVENING[1][2]
    assert site.ledger.get_match(match)["totals"] == [
        points[0],
        points[1],
        points[2],
        points[3] - 50,
    ]
    twice = secretary.submit(
        secretary.get(f"/club/record/{match}"), "void-form", deal="1", note="again"
    )
    assert twice.status == 422
    assert "void" in " ".join(problems(twice))
    closed = secretary.submit(secretary.get(f"/club/record/{match}"), "close-form")
    assert closed.status == 303
    assert site.ledger.get_match(match)["status"] == "finished"
    assert 'id="close-form"' not in secretary.follow(closed).body


def test_every_form_field_has_a_label_and_a_stable_name(site: Site, secretary: Browser) -> None:
    match = start(secretary, "english", ["Ann", "Bob", "Cy", "Di"])
    assert enter(secretary, match, **per_seat("tricks", [7, 6])).status == 303
    for path in ("/club/login", "/club/record/start?variant=english", f"/club/record/{match}"):
        page = secretary.get(path) if path != "/club/login" else Browser(site.base).get(path)
        labels = labels_of(page.body)
        ids = re.findall(r'<(?:input|select)(?![^>]*type="hidden")[^>]*\bid="([^"]+)"', page.body)
        assert ids
        for field_id in ids:
            assert labels.get(field_id), f"{path}: no label for {field_id}"
        assert forms_of(page.body)
