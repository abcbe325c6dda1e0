"""The club pages' downloads: a match's sheet and a variant's standings as CSV and JSON
(docs/club.md, "Downloads").

Each file is built from what its page shows (`openwhist_server.club.pages.sheet_page`,
`standings_of`), in the page's language, so the numbers are the page's own:

* ``GET /club/matches/{id}.csv``: the sheet's table, a row per row of the page (the ruled
  lines of a sides sheet left out), its cells as the page shows them, then a column of
  each row's marks (correction, adjustment, void, in progress) and notes; a sides sheet's
  totals follow after an empty row;
* ``GET /club/matches/{id}.json``: the match (id, variant, status, label, players, totals)
  and the laid-out sheet -- its lines of text by role, and each table's headings and rows
  (cells, kind, deal, marks, notes);
* ``GET /club/standings/{variant}.csv`` and ``.json``: the standings' columns and a row per
  player (the JSON keys are the statistics' names, as ``whist standings --json`` has them).

Every file is an attachment (``Content-Disposition``) named after what it holds; ``?from=``
and ``?to=`` choose a match's deals as on its page.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from openwhist.services import sheets
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from openwhist_server.club import pages, web

CSV_TYPE = "text/csv; charset=utf-8"
JSON_TYPE = "application/json; charset=utf-8"


def _csv(rows: list[list[Any]]) -> str:
    """Rows as CSV text (RFC 4180: CRLF line ends, quoted where needed), with a byte order
    mark so that a spreadsheet reads the accents of names and notes right."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerows(rows)
    return "\ufeff" + out.getvalue()


def _marks(table: sheets.SheetTable, index: int, words: dict[str, str]) -> str:
    marks = [words[m] for m in table.marks.get(index, ())]
    return "; ".join([*marks, *table.notes.get(index, ())])


def sheet_rows(
    page: pages.SheetPage, mark_words: dict[str, str], marks_heading: str
) -> list[list[Any]]:
    """The sheet's tables as CSV rows (see the module docstring)."""
    out: list[list[Any]] = []
    for number, table in enumerate(page.view.tables()):
        if number:
            out.append([])
        out.append([*table.headers, *([marks_heading] if table.fit else [])])
        for index, row in enumerate(table.rows):
            if table.kinds[index] == "rule":
                continue
            cells = [*row, *[""] * (len(table.headers) - len(row))]
            out.append([*cells, _marks(table, index, mark_words)] if table.fit else cells)
    return out


def sheet_document(page: pages.SheetPage, mark_words: dict[str, str]) -> dict[str, Any]:
    """The sheet as JSON data (see the module docstring)."""
    match = page.match
    return {
        "match": {
            "id": match["id"],
            "variant": match["variant"],
            "status": match["status"],
            "label": match["label"],
            "format": match["format"],
            "started_at": match.get("started_at"),
            "finished_at": match.get("finished_at"),
            "players": [
                {"seat": p["seat"], "name": p["name"], "kind": p["kind"], "party": p["party"]}
                for p in match["players"]
            ],
            "parties": list(page.view.parties),
            "totals": match.get("totals", []),
            "summary": match.get("summary", ""),
            "deals": page.deals,
        },
        "layout": page.view.layout,
        "lines": [
            {"role": b.role, "text": b.text}
            for b in page.view.blocks
            if isinstance(b, sheets.SheetText) and b.role != "blank"
        ],
        "tables": [
            {
                "headers": table.headers,
                "rows": [
                    {
                        "cells": row,
                        "kind": table.kinds[i],
                        "deal": table.deals[i],
                        "marks": list(table.marks.get(i, ())),
                        "marked": [mark_words[m] for m in table.marks.get(i, ())],
                        "notes": list(table.notes.get(i, ())),
                    }
                    for i, row in enumerate(table.rows)
                    if table.kinds[i] != "rule"
                ],
            }
            for table in page.view.tables()
        ],
    }


async def _sheet(request: Request) -> tuple[pages.SheetPage | None, Response | None]:
    match_id = int(request.path_params["match"])
    first = pages._deal_number(request.query_params.get("from"))
    last = pages._deal_number(request.query_params.get("to"))
    try:
        page = await web.blocking(
            pages.sheet_page, web.ledger(request), pages.words(request), match_id, first, last
        )
    except LookupError:
        return None, web.no_match(request, match_id)
    return page, None


def _mark_words(request: Request) -> dict[str, str]:
    tr = web.page_translations(request)
    return {k: tr.gettext(v) for k, v in pages.MARK_WORDS.items()}


async def match_csv(request: Request) -> Response:
    """``GET /club/matches/{id}.csv``: the sheet as its page shows it."""
    page, refused = await _sheet(request)
    if page is None:
        assert refused is not None
        return refused
    tr = web.page_translations(request)
    rows = sheet_rows(page, _mark_words(request), tr.gettext("marks and notes"))
    return web.download(request, _csv(rows), CSV_TYPE, f"match-{page.match['id']}.csv")


async def match_json(request: Request) -> Response:
    """``GET /club/matches/{id}.json``: the match and its laid-out sheet."""
    page, refused = await _sheet(request)
    if page is None:
        assert refused is not None
        return refused
    text = json.dumps(sheet_document(page, _mark_words(request)), ensure_ascii=False, indent=2)
    return web.download(request, text + "\n", JSON_TYPE, f"match-{page.match['id']}.json")


async def _standings(request: Request) -> tuple[pages.Standings | None, Response | None]:
    name = pages._variant_name(request, request.path_params["variant"])
    tr = web.page_translations(request)
    title = pages.variant_title(request, name)
    table = await web.blocking(pages.standings_of, web.ledger(request), tr, name, title)
    if table is None and not pages._installed(request, name):
        given = request.path_params["variant"]
        return None, web.not_found(
            request, tr.gettext("There is no variant {name}.").format(name=given)
        )
    return table or pages.Standings(name, title, list(pages.COMMON), [], []), None


async def standings_csv(request: Request) -> Response:
    """``GET /club/standings/{variant}.csv``: the standings as their page shows them."""
    table, refused = await _standings(request)
    if table is None:
        assert refused is not None
        return refused
    tr = web.page_translations(request)
    headers = table.headers or [tr.gettext(w) for w in pages.COMMON_WORDS]
    rows = [headers, *(table.cells(r) for r in table.rows)]
    return web.download(request, _csv(rows), CSV_TYPE, f"standings-{table.variant}.csv")


async def standings_json(request: Request) -> Response:
    """``GET /club/standings/{variant}.json``: the columns and a row per player."""
    table, refused = await _standings(request)
    if table is None:
        assert refused is not None
        return refused
    document = {
        "variant": table.variant,
        "title": table.title,
        "columns": [
            {"key": k, "heading": h} for k, h in zip(table.keys, table.headers, strict=False)
        ],
        "rows": [
            {"kind": r["kind"], **dict(zip(table.keys, table.cells(r), strict=True))}
            for r in table.rows
        ],
    }
    text = json.dumps(document, ensure_ascii=False, indent=2)
    return web.download(request, text + "\n", JSON_TYPE, f"standings-{table.variant}.json")


def routes() -> list[BaseRoute]:
    """The downloads' routes (under ``/club``; listed before the pages', whose
    ``/standings/{variant}`` would take ``NAME.csv`` for a variant's name)."""
    return [
        Route("/matches/{match:int}.csv", match_csv, name="club_match_csv"),
        Route("/matches/{match:int}.json", match_json, name="club_match_json"),
        Route("/standings/{variant}.csv", standings_csv, name="club_standings_csv"),
        Route("/standings/{variant}.json", standings_json, name="club_standings_json"),
    ]


__all__ = ["routes", "sheet_document", "sheet_rows"]
