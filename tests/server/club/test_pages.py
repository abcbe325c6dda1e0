"""The club's reading pages against a running ``whist serve``, over a ledger a secretary
filled through the services (tests/server/club/club_data.py): the matches and their
filters, a match's sheet -- the same cells as ``whist scores`` for an English rubber and
an Israeli evening, corrections, adjustments and voided deals marked --, the standings
with each variant's declared statistics, a player's page, the translated 404s, and no way
for a visitor to change anything."""

from __future__ import annotations

import datetime as dt
import html
import re
from pathlib import Path
from typing import Any

import pytest
from openwhist_cli.app import app
from typer.testing import CliRunner

from tests.server.club import club_data
from tests.server.club.conftest import Site, Table, table, tables


@pytest.fixture
def club(club_site: Site) -> dict[str, int]:
    """The club's three matches (English finished, Israeli and German open)."""
    return club_data.club(club_site.ledger)


def _match_ids(page: str) -> list[int]:
    found = re.findall(r'<th scope="row" data-label="[^"]*"><a href="/club/matches/(\d+)', page)
    return [int(m) for m in found]


# -- the matches -------------------------------------------------------------------------------


def test_the_matches_page_lists_every_match_newest_first_each_linking_to_its_sheet(
    club_site: Site, club: dict[str, int]
) -> None:
    answer = club_site.get("/club/matches")
    assert answer.status == 200
    assert _match_ids(answer.body) == [club["german"], club["israeli"], club["english"]]
    listed = table(answer.body, "matches")
    english = next(r for r in listed.rows if f"Match {club['english']}" in r.cells[0])
    assert "Tuesday rubber" in english.cells[0]
    assert english.cells[2] == "English Whist"
    assert english.cells[3] == "Ann, Bob, Cy, Di"
    assert english.cells[5] == "finished"
    # The score as the sheet says it: the sides by their players, corrected totals.
    assert english.cells[6].startswith("Ann & Cy 15, Bob & Di 0")
    for player in club_data.ENGLISH:
        assert f'href="/club/players/{player}"' in answer.body


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("variant=israeli", ["israeli"]),
        ("variant=English", ["english"]),  # a variant's name in any case
        ("player=Ann", ["german", "english"]),
        ("player=Wim", ["israeli"]),
        ("status=finished", ["english"]),
        ("status=open", ["german", "israeli"]),
        ("player=Eli&status=open&variant=german", ["german"]),
        ("player=Nobody", []),
    ],
)
def test_the_filters_choose_the_matches(
    club_site: Site, club: dict[str, int], query: str, expected: list[str]
) -> None:
    answer = club_site.get(f"/club/matches?{query}")
    assert answer.status == 200
    assert _match_ids(answer.body) == [club[name] for name in expected]
    if not expected:
        assert "No match fits these filters." in answer.body


def test_the_dates_filter_by_the_day_a_match_started(club_site: Site, club: dict[str, int]) -> None:
    started = {m["id"]: m["started_at"][:10] for m in club_site.ledger.list_matches()}
    day = dt.date.fromisoformat(started[club["english"]])
    before, after = day - dt.timedelta(days=1), day + dt.timedelta(days=1)
    assert len(_match_ids(club_site.get(f"/club/matches?from={day}&to={day}").body)) == 3
    assert _match_ids(club_site.get(f"/club/matches?from={after}").body) == []
    assert _match_ids(club_site.get(f"/club/matches?to={before}").body) == []
    # The filter's values stay in the form, so the next search starts from them.
    page = club_site.get(f"/club/matches?from={day}&status=open").body
    assert f'name="from" value="{day}"' in page
    assert '<option value="open" selected>' in page


def test_a_filter_that_cannot_be_read_is_said_in_the_visitors_language(
    club_site: Site, club: dict[str, int]
) -> None:
    answer = club_site.get("/club/matches?from=31/12/2026&status=lost&lang=es")
    assert answer.status == 400
    assert "31/12/2026 no es una fecha: escríbala como 2026-12-31." in answer.body
    assert "lost no es un estado de una partida." in answer.body
    assert len(_match_ids(answer.body)) == 3  # the filters that could be read still apply


def test_a_long_list_comes_in_pages_of_25(club_site: Site) -> None:
    for _ in range(30):
        club_data.german_match(club_site.ledger)
    first = club_site.get("/club/matches?variant=german")
    assert len(_match_ids(first.body)) == 25
    assert "Page 1 of 2" in first.body
    assert 'href="/club/matches?variant=german&amp;page=2" rel="next"' in first.body
    second = club_site.get("/club/matches?variant=german&page=2")
    assert len(_match_ids(second.body)) == 5
    assert set(_match_ids(first.body)).isdisjoint(_match_ids(second.body))
    assert 'rel="prev"' in second.body


# -- a match's sheet: what `whist scores` shows ---------------------------------------------------


def _whist_scores(db: str, match: int, lang: str) -> list[str]:
    shown = CliRunner().invoke(
        app,
        ["scores", str(match), "--wide"],
        env={"OPENWHIST_DB": db, "NO_COLOR": "1", "OPENWHIST_LANG": lang},
    )
    assert shown.exit_code == 0, shown.output
    return shown.stdout.splitlines()


def _cli_tables(lines: list[str]) -> list[tuple[list[str], list[list[str]]]]:
    """Each table of the text sheet: its heading's words and each row's words."""
    found = []
    index = 0
    while index < len(lines) - 1:
        below = lines[index + 1]
        if below.strip() and set(below) <= {"-", " "} and lines[index].strip():
            rows = []
            index += 2
            while index < len(lines) and lines[index].strip():
                rows.append(lines[index].split())
                index += 1
            found.append((lines[index - len(rows) - 2].split(), rows))
        index += 1
    return found


def _words(row: list[str]) -> list[str]:
    return " ".join(row).split()


def _assert_same_sheet(page: str, cli: list[str]) -> list[Table]:
    web = [t for t in tables(page) if {"sheet-table", "sheet-totals"} & t.classes]
    text = _cli_tables(cli)
    # The lines around the tables: the heading, the sides, the totals and the summary.
    lines = [
        html.unescape(line)
        for line in re.findall(r'<p class="sheet-line [a-z]+">([^<]*)</p>', page)
    ]
    assert lines, "the page shows the sheet's lines"
    for line in lines:
        assert line in cli, line
    assert len(web) == len(text) >= 1
    for shown, (headers, rows) in zip(web, text, strict=True):
        assert _words(shown.headers) == headers
        # The text runs on into the lines under the last table, which the page shows too.
        assert [r.split() for r in lines if r.split() in rows[len(shown.rows) :]] == rows[
            len(shown.rows) :
        ]
        for row, words in zip(shown.rows, rows, strict=False):
            if "rule" in row.classes:  # the ruled line after a game: a border on the page
                assert all(set(w) == {"="} for w in words), words
            else:
                assert _words(row.cells) == words
    return web


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_english_rubbers_sheet_is_whist_scores_sheet(
    club_site: Site, club: dict[str, int], lang: str
) -> None:
    match = club["english"]
    page = club_site.get(f"/club/matches/{match}?lang={lang}")
    assert page.status == 200
    sheet, totals = _assert_same_sheet(page.body, _whist_scores(club_site.harness.db, match, lang))
    assert 'data-layout="sides"' in page.body
    # Above and below the line, as the variant declares: the games and the rubber above.
    kinds = [r.attrs.get("data-kind") for r in sheet.rows]
    assert kinds.count("above") == 3
    assert kinds.count("rule") == 2
    assert len(totals.rows) == 4  # below the line, game points, rubber bonus, match points


def test_an_israeli_evenings_sheet_is_whist_scores_sheet(
    club_site: Site, club: dict[str, int]
) -> None:
    match = club["israeli"]
    for lang in ("en", "it"):
        page = club_site.get(f"/club/matches/{match}?lang={lang}")
        assert page.status == 200
        (sheet,) = _assert_same_sheet(page.body, _whist_scores(club_site.harness.db, match, lang))
    assert 'data-layout="detail"' in page.body
    # A column per player, named.
    assert [h.split()[-1] for h in sheet.headers[2:]] == list(club_data.ISRAELI)


def test_corrections_adjustments_and_voided_deals_are_marked_with_their_notes(
    club_site: Site, club: dict[str, int]
) -> None:
    english = table(club_site.get(f"/club/matches/{club['english']}").body, "sheet-table")
    corrected = [r for r in english.rows if "correction" in r.classes]
    assert len(corrected) == 1
    assert corrected[0].marks == ["correction"]
    assert corrected[0].cells[-1].endswith("Bob counted a trick twice")
    voided = [r for r in english.rows if "voided" in r.classes]
    assert {r.attrs["data-deal"] for r in voided} == {"3"}
    assert any("misdeal: Cy dealt 14 cards" in r.cells[-1] for r in voided)
    (adjusted,) = [r for r in english.rows if "adjustment" in r.classes]
    assert adjusted.marks == ["adjustment"]
    assert adjusted.cells[-1] == "revoke"
    # The Israeli sheet folds a correction into its deal's points: the row says so, and why.
    page = club_site.get(f"/club/matches/{club['israeli']}?lang=pt").body
    israeli = table(page, "sheet-table")
    first = next(r for r in israeli.rows if r.attrs.get("data-deal") == "1")
    assert first.marks == ["correção"]
    assert any("Noa's bonus was forgotten" in n for n in first.notes)
    assert {r.attrs["data-deal"] for r in israeli.rows if "voided" in r.classes} == {"2"}
    assert [r.marks for r in israeli.rows if "adjustment" in r.classes] == [["ajuste"]]


def test_a_deal_in_progress_shows_as_such(club_site: Site) -> None:
    match = club_site.ledger.start_match("english", list(club_data.ENGLISH))
    resumed = club_site.ledger.resume(match)
    state = resumed.state
    assert state is not None
    import random

    action = resumed.engine.sample_chance(state, random.Random(1))
    state = resumed.engine.apply(state, action)
    club_site.ledger.record_action(match, len(state.history), action.notation())
    sheet = table(club_site.get(f"/club/matches/{match}?lang=es").body, "sheet-table")
    (waiting,) = sheet.rows
    assert "in_progress" in waiting.classes
    # Marked, in Spanish, as the text sheet says it.
    assert waiting.marks == [waiting.cells[-1]] != ["in progress"]


# -- the standings -----------------------------------------------------------------------------


def _standings(site: Site, variant: str, lang: str = "en") -> tuple[Table, dict[str, Any]]:
    page = site.get(f"/club/standings/{variant}?lang={lang}")
    assert page.status == 200
    rows = {r["name"]: r for r in site.ledger.standings(variant=variant)}
    return table(page.body, "standings"), rows


def test_the_standings_show_each_variants_declared_statistics(
    club_site: Site, club: dict[str, int]
) -> None:
    israeli, stored = _standings(club_site, "israeli")
    assert israeli.headers[:7] == [
        "player", "matches", "finished", "wins", "deals", "deals won", "points"
    ]  # fmt: skip
    assert "contracts made" in israeli.headers
    made = israeli.headers.index("contracts made")
    for row in israeli.rows:
        name = row.cells[0]
        assert int(row.cells[6]) == stored[name]["points"]
        assert int(row.cells[made]) == stored[name]["statistics"]["contracts_made"]
    english, stored = _standings(club_site, "english")
    assert "game points" in english.headers
    ann = next(r for r in english.rows if r.cells[0] == "Ann")
    assert int(ann.cells[english.headers.index("game points")]) == 7
    assert int(ann.cells[3]) == stored["Ann"]["wins"] == 1
    # In the visitor's language, the plugin's own label translated by its catalogue.
    spanish, _stored = _standings(club_site, "english", "es")
    assert "jugador" in spanish.headers
    assert all(h.isascii() or h for h in spanish.headers)


def test_the_reading_pages_name_no_variant() -> None:
    # What a sheet and the statistics are comes from the plugins: these pages name none.
    root = Path(__file__).resolve().parents[3] / "server" / "openwhist_server"
    mine = [root / "club" / f for f in ("__init__.py", "web.py", "pages.py", "exports.py")]
    for path in [*mine, *(root / "templates" / "club" / "pages").glob("*.html")]:
        text = path.read_text(encoding="utf-8").lower()
        for name in ("israeli", "english", "german", "knockout", "contracts_made"):
            # As code would name a variant: a string, or a piece of an address.
            assert not re.search(rf"[\"'/]{name}[\"'/.]", text), (path, name)


def test_a_variant_without_matches_says_so_and_an_unknown_one_is_a_404(
    club_site: Site, club: dict[str, int]
) -> None:
    empty = club_site.get("/club/standings/solo")
    assert empty.status == 200
    assert "No match of this variant is in the ledger yet." in empty.body
    index = club_site.get("/club/standings").body
    assert 'href="/club/standings/israeli"' in index
    assert 'href="/club/standings/solo"' in index
    unknown = club_site.get("/club/standings/bridge?lang=es")
    assert unknown.status == 404
    assert "No existe la variante bridge." in unknown.body


# -- a player ----------------------------------------------------------------------------------


def test_a_players_page_shows_their_matches_statistics_and_partners(
    club_site: Site, club: dict[str, int]
) -> None:
    page = club_site.get("/club/players/Ann")
    assert page.status == 200
    history = table(page.body, "history")
    assert _match_ids(page.body) == [club["german"], club["english"]]
    english = next(r for r in history.rows if "English Whist" in r.cells)
    assert english.cells[3:7] == ["Cy", "Bob, Di", "15", "won"]
    (partner,) = table(page.body, "partners").rows
    assert partner.cells[:4] == ["Cy", "1", "1", "0"]
    assert '<a href="/club/standings/english">English Whist</a>' in page.body
    assert "<dt>game points</dt><dd>7</dd>" in page.body
    eli = club_site.get("/club/players/Eli?lang=it").body
    assert "Statistiche" in eli
    assert "Compagni" in eli


def test_an_unknown_player_or_match_is_a_translated_404(
    club_site: Site, club: dict[str, int]
) -> None:
    nobody = club_site.get("/club/players/Nobody?lang=it")
    assert nobody.status == 404
    assert "In questo registro non c&#39;è nessun giocatore Nobody." in nobody.body
    missing = club_site.get("/club/matches/9999", accept_language="pt-PT,pt;q=0.9")
    assert missing.status == 404
    assert "Não existe a partida 9999." in missing.body
    assert club_site.get("/club/matches/abc").status == 404


def test_a_name_with_a_slash_or_a_space_reaches_its_page(club_site: Site) -> None:
    club_site.ledger.start_match("german", ["Ann Lee", "R/D"])
    assert club_site.get("/club/players/Ann%20Lee").status == 200
    assert "<h1>R/D</h1>" in club_site.get("/club/players/R%2FD").body
    listed = club_site.get("/club/matches").body
    assert 'href="/club/players/R%2FD"' in listed


def test_a_name_is_text_never_markup(club_site: Site) -> None:
    club_site.ledger.start_match("german", ["<b>Bo</b>", "Al"])
    page = club_site.get("/club/matches").body
    assert "<b>Bo</b>" not in page
    assert "&lt;b&gt;Bo&lt;/b&gt;" in page


# -- nobody changes anything here ---------------------------------------------------------------


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_a_visitor_cannot_change_anything(
    club_site: Site, club: dict[str, int], method: str
) -> None:
    before = club_site.ledger.score_sheet(club["english"])
    for path in (
        "/club/matches",
        f"/club/matches/{club['english']}",
        f"/club/matches/{club['english']}.csv",
        "/club/standings/english",
        "/club/players/Ann",
    ):
        answer = club_site.send(method, path, data=b"points=99")
        assert answer.status in (401, 403, 405), (path, answer.status)
    assert club_site.ledger.score_sheet(club["english"]) == before


def test_a_players_long_history_comes_in_pages(club_site: Site, club: dict[str, int]) -> None:
    for _ in range(30):
        club_data.german_match(club_site.ledger)
    first = club_site.get("/club/players/Eli")
    assert len(table(first.body, "history").rows) == 25
    assert "Page 1 of 2" in first.body
    second = club_site.get("/club/players/Eli?page=2")
    # 30 German matches, the club's German one and the Israeli evening: 32 in all.
    assert len(table(second.body, "history").rows) == 7
    beyond = club_site.get("/club/players/Eli?page=9")
    assert "Page 2 of 2" in beyond.body
