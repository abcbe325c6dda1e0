"""The club pages' downloads against a running ``whist serve``: a match's sheet and a
variant's standings as CSV and JSON, attachments linked from their pages, holding the
numbers the pages show (and the ledger has), in the page's language."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

from tests.server.club import club_data
from tests.server.club.conftest import Answer, Site, table, tables


@pytest.fixture
def club(club_site: Site) -> dict[str, int]:
    return club_data.club(club_site.ledger)


def _csv(answer: Answer) -> list[list[str]]:
    assert answer.status == 200
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert answer.body.startswith("\ufeff")  # a spreadsheet reads the accents right
    return list(csv.reader(io.StringIO(answer.body.removeprefix("\ufeff"))))


def _json(answer: Answer) -> Any:
    assert answer.status == 200
    assert answer.headers["content-type"] == "application/json; charset=utf-8"
    return json.loads(answer.body)


def _attachment(answer: Answer, name: str) -> None:
    assert answer.headers["content-disposition"] == f'attachment; filename="{name}"'


@pytest.mark.parametrize("which", ["english", "israeli"])
def test_a_matchs_csv_holds_its_pages_sheet(
    club_site: Site, club: dict[str, int], which: str
) -> None:
    match = club[which]
    page = club_site.get(f"/club/matches/{match}?lang=es").body
    assert f'href="/club/matches/{match}.csv?lang=es"' in page
    answer = club_site.get(f"/club/matches/{match}.csv?lang=es")
    _attachment(answer, f"match-{match}.csv")
    rows = _csv(answer)
    shown = [t for t in tables(page) if {"sheet-table", "sheet-totals"} & t.classes]
    sheet = shown[0]
    assert rows[0][: len(sheet.headers)][1:] == sheet.headers[1:]
    assert rows[0][-1] == "marcas y notas"
    body = [r for r in sheet.rows if "rule" not in r.classes]
    for row, written in zip(body, rows[1:], strict=False):
        assert written[: len(row.cells)] == row.cells
        assert all(mark in written[-1] for mark in row.marks)
        assert all(note in written[-1] for note in row.notes)
    if which == "english":  # the sides sheet's totals follow after an empty row
        blank = rows.index([])
        assert blank == 1 + len(body)
        totals = shown[1]
        assert rows[blank + 1] == totals.headers
        assert rows[blank + 2 :] == [r.cells for r in totals.rows]


def test_a_matchs_json_is_its_sheet_with_the_ledgers_totals(
    club_site: Site, club: dict[str, int]
) -> None:
    match = club["israeli"]
    answer = club_site.get(f"/club/matches/{match}.json")
    _attachment(answer, f"match-{match}.json")
    document = _json(answer)
    stored = club_site.ledger.score_sheet(match)
    assert document["match"]["id"] == match
    assert document["match"]["totals"] == stored["totals"] == [85, -34, -25, 89]
    assert [p["name"] for p in document["match"]["players"]] == list(club_data.ISRAELI)
    assert document["layout"] == "detail"
    (sheet,) = document["tables"]
    page = table(club_site.get(f"/club/matches/{match}").body, "sheet-table")
    assert [[str(c) for c in r["cells"]] for r in sheet["rows"]] == [r.cells for r in page.rows]
    first = sheet["rows"][0]
    assert first["deal"] == 1
    assert first["marks"] == ["correction"]
    assert "Noa's bonus was forgotten" in first["notes"][0]
    assert [r["deal"] for r in sheet["rows"] if "void" in r["marks"]] == [2, 2]
    assert [r["kind"] for r in sheet["rows"]][-1] == "grand_total"


def test_a_page_of_a_long_sheet_exports_that_page(club_site: Site, club: dict[str, int]) -> None:
    match = club["israeli"]
    document = _json(club_site.get(f"/club/matches/{match}.json?from=3&to=4"))
    deals = {r["deal"] for r in document["tables"][0]["rows"] if r["deal"]}
    assert deals == {3, 4}


def test_the_standings_csv_and_json_hold_the_pages_numbers(
    club_site: Site, club: dict[str, int]
) -> None:
    page = club_site.get("/club/standings/english?lang=pt").body
    assert 'href="/club/standings/english.csv?lang=pt"' in page
    assert 'href="/club/standings/english.json?lang=pt"' in page
    shown = table(page, "standings")
    answer = club_site.get("/club/standings/english.csv?lang=pt")
    _attachment(answer, "standings-english.csv")
    rows = _csv(answer)
    assert rows[0] == shown.headers
    assert rows[1:] == [r.cells for r in shown.rows]
    document = _json(club_site.get("/club/standings/english.json"))
    stored = {r["name"]: r for r in club_site.ledger.standings(variant="english")}
    assert {r["name"] for r in document["rows"]} == set(club_data.ENGLISH)
    for row in document["rows"]:
        assert row["points"] == stored[row["name"]]["points"]
        assert row["game_points"] == stored[row["name"]]["statistics"]["game_points"]
    assert {"key": "game_points", "heading": "game points"} in document["columns"]


def test_an_unknown_match_or_variant_has_no_download(club_site: Site, club: dict[str, int]) -> None:
    for path in ("/club/matches/999.csv", "/club/matches/999.json", "/club/standings/bridge.csv"):
        answer = club_site.get(path + "?lang=es")
        assert answer.status == 404
        assert "content-disposition" not in answer.headers
        assert "No existe" in answer.body
    empty = club_site.get("/club/standings/solo.csv")
    assert _csv(empty)[1:] == []
