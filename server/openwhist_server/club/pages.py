"""The club's reading pages: its front page, the matches, a match's sheet, the standings and
a player's page (docs/club.md). Everything here only reads the ledger, through the
services; every visitor may see it, and nothing here changes anything.

What a page shows is built by a plain function (`sheet_page`, `standings_of`, ...) that
the exports (`openwhist_server.club.exports`) call too, so a CSV or JSON file holds the
page's own numbers.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openwhist import N_, OpenWhistError
from openwhist.services import sheets
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from openwhist_server.club import charts, web

if TYPE_CHECKING:
    import gettext

    from openwhist.services.ledger import Ledger

PAGE_SIZE = 25
"""Matches listed on one page (the matches, a player's history)."""
SHEET_PAGE = 500
"""Deals a sheet shows at once: the last ones, as ``whist scores`` does, with links to
the earlier pages."""
STATUSES = ("open", "finished", "abandoned")
"""A match's statuses, as the ledger stores them (the filter's choices)."""

MARK_WORDS = {
    sheets.CORRECTION: N_("correction"),
    sheets.ADJUSTMENT: N_("adjustment"),
    sheets.VOID: N_("void"),
    sheets.IN_PROGRESS: N_("in progress"),
}
"""How a sheet row's marks read (beside its cells)."""


# -- words -------------------------------------------------------------------------------------


def words(request: Request) -> sheets.SheetWords:
    """The sheet's words in the page's language (`openwhist.services.sheets.words_from`)."""
    return sheets.words_from(web.page_translations(request), web.number_format(request))


def variant_title(request: Request, name: str) -> str:
    """A variant's title in the page's language (its name when it is not installed)."""
    try:
        title = web.catalog(request).variant(name).title
    except OpenWhistError:
        return name
    return web.page_translations(request).gettext(title)


def when(stamp: str | None) -> str:
    """A stored time (ISO, UTC) as the pages show it: ``2026-12-02 19:30`` (UTC)."""
    if not stamp:
        return ""
    return stamp[:16].replace("T", " ")


def player_name(player: dict[str, Any]) -> str:
    """A seat's player as the pages name them (`openwhist.services.table.seat_display_name`)."""
    from openwhist.services.table import seat_display_name

    return seat_display_name(player["name"], player["kind"])


# -- the matches ---------------------------------------------------------------------------------


@dataclass
class MatchFilter:
    """The matches page's filters, read from its address; ``problems`` (translated) says
    what could not be read, and that filter is left out."""

    variant: str = ""
    player: str = ""
    status: str = ""
    since: dt.date | None = None
    until: dt.date | None = None
    page: int = 1
    problems: list[str] = field(default_factory=list)

    def query(self) -> dict[str, Any]:
        """The filters as an address's query (for the pages' links)."""
        return {
            "variant": self.variant or None,
            "player": self.player or None,
            "status": self.status or None,
            "from": self.since.isoformat() if self.since else None,
            "to": self.until.isoformat() if self.until else None,
        }


def _date(text: str, problems: list[str], tr: gettext.NullTranslations) -> dt.date | None:
    if not text.strip():
        return None
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        problems.append(
            tr.gettext("{value} is not a date: write it as 2026-12-31.").format(value=text.strip())
        )
        return None


def read_filter(request: Request) -> MatchFilter:
    """The matches page's filters from ``request``'s query."""
    tr = web.page_translations(request)
    query = request.query_params
    chosen = MatchFilter(player=query.get("player", "").strip())
    variant = query.get("variant", "").strip()
    if variant:
        try:
            chosen.variant = web.catalog(request).variant(variant).name
        except OpenWhistError:
            chosen.variant = variant  # a variant no longer installed: its matches remain
    status = query.get("status", "").strip()
    if status and status not in STATUSES:
        problem = tr.gettext("{value} is not a status of a match.")
        chosen.problems.append(problem.format(value=status))
    elif status:
        chosen.status = status
    chosen.since = _date(query.get("from", ""), chosen.problems, tr)
    chosen.until = _date(query.get("to", ""), chosen.problems, tr)
    page = query.get("page", "1").strip()
    chosen.page = int(page) if page.isdigit() and int(page) >= 1 else 1
    return chosen


def filtered_matches(
    ledger: Ledger, chosen: MatchFilter, size: int | None = PAGE_SIZE
) -> tuple[int, list[dict[str, Any]]]:
    """How many matches ``chosen`` lets through, and those of its page (``size`` a page;
    ``None``: all of them), newest first (`Ledger.find_matches`: a page costs its own
    matches at any ledger size). The days are the match's start in UTC, both included; a
    page past the last is the last."""
    since = until = None
    if chosen.since is not None:
        since = dt.datetime.combine(chosen.since, dt.time(), dt.UTC)
    if chosen.until is not None:
        until = dt.datetime.combine(chosen.until + dt.timedelta(days=1), dt.time(), dt.UTC)
    filters: dict[str, Any] = {
        "variant": chosen.variant or None,
        "player": chosen.player or None,
        "status": chosen.status or None,
        "started_from": since,
        "started_before": until,
    }
    offset = 0 if size is None else (chosen.page - 1) * size
    total, found = ledger.find_matches(**filters, offset=offset, limit=size)
    if size and not found and total:  # size 0: only the count is asked for
        offset = (math.ceil(total / size) - 1) * size
        total, found = ledger.find_matches(**filters, offset=offset, limit=size)
    return total, found


@dataclass(frozen=True)
class Pages:
    """Which page of a long list this is."""

    number: int
    count: int
    total: int

    @classmethod
    def of(cls, total: int, number: int, size: int = PAGE_SIZE) -> Pages:
        count = max(1, math.ceil(total / size))
        return cls(min(number, count), count, total)


def match_row(request: Request, match: dict[str, Any], words: sheets.SheetWords) -> dict[str, Any]:
    """One match as the lists show it."""
    tr = web.page_translations(request)
    parties = [words.seat_letters(str(p)) for p in match.get("parties", [])]
    return {
        "id": match["id"],
        "href": web.href(request, f"{web.PREFIX}/matches/{match['id']}"),
        "started": when(match.get("started_at")),
        "variant": variant_title(request, match["variant"]),
        "label": match.get("label") or "",
        "players": [
            {
                "name": player_name(p),
                "href": web.href(request, f"{web.PREFIX}/players/{web.quote(p['name'])}"),
                "named": p["kind"] == "human",
            }
            for p in match["players"]
        ],
        "deals": match.get("deals", 0),
        "status": tr.gettext(match["status"]),
        "totals": ", ".join(
            f"{p} {t}" for p, t in zip(parties, match.get("totals", []), strict=False)
        ),
        "summary": sheets.summary_text(words, match),
    }


async def matches(request: Request) -> Response:
    """``GET /club/matches``: the matches, newest first, filtered by variant, player,
    status and the day they started; 25 a page."""
    chosen = read_filter(request)
    total, found = await web.blocking(filtered_matches, web.ledger(request), chosen)
    pages = Pages.of(total, chosen.page)
    said = words(request)
    shown = [match_row(request, m, said) for m in found]
    cat = web.catalog(request)
    variants = sorted(
        ((name, variant_title(request, name)) for name in cat.variants), key=lambda v: v[1]
    )
    tr = web.page_translations(request)
    context = {
        "filter": chosen,
        "matches": shown,
        "pages": pages,
        "variants": variants,
        "statuses": [(s, tr.gettext(s)) for s in STATUSES],
        "page_link": lambda n: web.href(request, f"{web.PREFIX}/matches", **chosen.query(), page=n),
    }
    return web.render(
        request, "club/pages/matches.html", context, status=400 if chosen.problems else 200
    )


# -- a match's sheet -------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetPage:
    """A match's sheet as its page shows it: the match, the view of the deals shown, and
    where the other pages of a long match are."""

    match: dict[str, Any]
    view: sheets.SheetView
    first: int | None
    last: int | None
    deals: int


def _deal_number(text: str | None) -> int | None:
    if text is None or not text.strip().isdigit():
        return None
    return max(1, int(text.strip()))


def sheet_page(
    ledger: Ledger,
    words: sheets.SheetWords,
    match_id: int,
    first: int | None = None,
    last: int | None = None,
) -> SheetPage:
    """The sheet of ``match_id`` (deals ``first..last``; neither: the last `SHEET_PAGE`
    deals), laid out as `whist scores` lays it out (`openwhist.services.sheets`), its notes
    in ``words``' language.

    Raises:
        LookupError: no such match (the ledger's not-found error).
    """
    if first is None and last is None:
        size = ledger.score_sheet(match_id, first=1, last=0)["page"]["deals"]
        if size > SHEET_PAGE:
            first = size - SHEET_PAGE + 1
    sheet = ledger.score_sheet(match_id, first=first, last=last)
    layout = ledger.declared_sheet(sheet["match"]["variant"])
    records = sheets.sheet_records(ledger, match_id, sheet, translate=True)
    sheet = sheets.translated_notes(words, sheet, records)
    view = sheets.sheet_view(words, sheet, layout, records)
    return SheetPage(sheet["match"], view, first, last, int(sheet["page"]["deals"]))


async def match(request: Request) -> Response:
    """``GET /club/matches/{id}``: the match's score sheet exactly as ``whist scores``
    lays it out, corrections, adjustments and voided deals marked, with its downloads."""
    match_id = int(request.path_params["match"])
    first = _deal_number(request.query_params.get("from"))
    last = _deal_number(request.query_params.get("to"))
    try:
        page = await web.blocking(
            sheet_page, web.ledger(request), words(request), match_id, first, last
        )
    except LookupError:
        return web.no_match(request, match_id)
    tr = web.page_translations(request)
    earlier = []
    if page.deals > SHEET_PAGE:
        for start in range(1, page.deals + 1, SHEET_PAGE):
            end = min(page.deals, start + SHEET_PAGE - 1)
            earlier.append(
                {
                    "label": tr.gettext("deals {first}–{last}").format(first=start, last=end),
                    "href": web.href(
                        request, f"{web.PREFIX}/matches/{match_id}", **{"from": start, "to": end}
                    ),
                }
            )
    base = f"{web.PREFIX}/matches/{match_id}"
    context = {
        "match": page.match,
        "title": variant_title(request, page.match["variant"]),
        "view": page.view,
        "mark_words": {k: tr.gettext(v) for k, v in MARK_WORDS.items()},
        "sheet_pages": earlier,
        "players": [
            {
                "name": player_name(p),
                "href": web.href(request, f"{web.PREFIX}/players/{web.quote(p['name'])}"),
                "named": p["kind"] == "human",
            }
            for p in page.match["players"]
        ],
        "csv": web.href(request, f"{base}.csv", **{"from": first, "to": last}),
        "json": web.href(request, f"{base}.json", **{"from": first, "to": last}),
        "is_table": isinstance,
        "Table": sheets.SheetTable,
    }
    # The score chart, the deal viewer and the game record (openwhist_server.club.charts).
    context["charts"] = await charts.match_extras(request, match_id, page.deals)
    return web.render(request, "club/pages/match.html", context)


# -- the standings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Standings:
    """A variant's standings as its page shows them: the columns (keys and headings) and
    a row per player, the variant's declared statistics after the common figures (a
    statistic left out while every player's figure is 0, as ``whist standings`` does)."""

    variant: str
    title: str
    keys: list[str]
    headers: list[str]
    rows: list[dict[str, Any]]

    def cells(self, row: dict[str, Any]) -> list[Any]:
        """One player's figures in the columns' order."""
        return [row[k] if k in COMMON else row["statistics"].get(k, 0) for k in self.keys]


COMMON = ("name", "matches", "finished", "wins", "deals", "deals_won", "points")
"""The figures every variant's standings have, in order."""
COMMON_WORDS = (
    N_("player"),
    N_("matches"),
    N_("finished"),
    N_("wins"),
    N_("deals"),
    N_("deals won"),
    N_("points"),
)
"""Their headings (the CLI's, translated by the server's catalogue)."""


def standings_of(
    ledger: Ledger, tr: gettext.NullTranslations, variant: str, title: str
) -> Standings | None:
    """``variant``'s standings (`Ledger.standings`), its statistics as it declares them
    for standings (`Ledger.declared_statistics`), labels translated; ``None`` when the
    ledger has no match of it."""
    rows = ledger.standings(variant=variant)
    if not rows:
        return None
    declared = ledger.declared_statistics(variant, "standings") or ()
    labels = {s.name: tr.gettext(s.label) for s in declared}
    shown: list[str] = []
    for row in rows:
        shown.extend(k for k in row["statistics"] if k not in shown)
    shown = [k for k in shown if any(r["statistics"].get(k) for r in rows)]
    return Standings(
        variant,
        title,
        [*COMMON, *shown],
        [*(tr.gettext(w) for w in COMMON_WORDS), *(labels.get(k, k) for k in shown)],
        rows,
    )


def _variant_name(request: Request, given: str) -> str:
    """The installed variant ``given`` names (aliases too), else ``given`` itself."""
    try:
        return web.catalog(request).variant(given).name
    except OpenWhistError:
        return given


def _installed(request: Request, name: str) -> bool:
    return name in web.catalog(request).variants


async def standings_index(request: Request) -> Response:
    """``GET /club/standings``: a link to every installed variant's standings (a variant
    no longer installed keeps its page, reached from its matches). It reads nothing from
    the ledger: every variant's standings of a large ledger cost 0.4 s (docs/performance.md)."""
    variants = sorted(
        (
            {
                "title": variant_title(request, n),
                "href": web.href(request, f"{web.PREFIX}/standings/{n}"),
            }
            for n in web.catalog(request).variants
        ),
        key=lambda v: v["title"],
    )
    return web.render(request, "club/pages/standings_index.html", {"variants": variants})


async def standings(request: Request) -> Response:
    """``GET /club/standings/{variant}``: the variant's standings with the statistics it
    declares; the translated 404 for a variant neither installed nor in the ledger."""
    name = _variant_name(request, request.path_params["variant"])
    tr = web.page_translations(request)
    title = variant_title(request, name)
    table = await web.blocking(standings_of, web.ledger(request), tr, name, title)
    if table is None and not _installed(request, name):
        given = request.path_params["variant"]
        return web.no_variant(request, given)
    base = f"{web.PREFIX}/standings/{name}"
    context: dict[str, Any] = {
        "variant": name,
        "title": title,
        "table": table,
        "player_link": lambda n: web.href(request, f"{web.PREFIX}/players/{web.quote(n)}"),
        "csv": web.href(request, f"{base}.csv"),
        "json": web.href(request, f"{base}.json"),
    }
    # The variant's declared breakdowns, charted (openwhist_server.club.charts).
    context["charts"] = await charts.standings_extras(request, name)
    return web.render(request, "club/pages/standings.html", context)


# -- a player --------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerPage:
    """What a player's page shows: how many matches they sat in and a page of them
    (newest first), their standings per variant and their partners."""

    name: str
    total: int
    history: list[dict[str, Any]]
    standings: list[dict[str, Any]]
    partners: list[dict[str, Any]]


def _outcome(match: dict[str, Any], party: int) -> str:
    """``won``, ``lost`` or ``""`` (not finished, or no winner) for ``party``."""
    if match["status"] != "finished" or match.get("winner") is None:
        return ""
    return "won" if match["winner"] == party else "lost"


RESULT_WORDS = {"won": N_("won"), "lost": N_("lost")}


def player_page(ledger: Ledger, name: str, page: int = 1) -> PlayerPage | None:
    """``name``'s page: page ``page`` of the matches they sat in (`Ledger.find_matches`),
    their standings (`Ledger.standings`) and partners (`Ledger.partners`, summed over the
    variants); ``None`` when the ledger has no match of theirs. Each costs what one
    player's share of the ledger costs, never a summary of all their matches."""
    total, found = ledger.find_matches(player=name, offset=(page - 1) * PAGE_SIZE, limit=PAGE_SIZE)
    if not total:
        return None
    if not found:  # past the last page: the last
        last = math.ceil(total / PAGE_SIZE)
        total, found = ledger.find_matches(
            player=name, offset=(last - 1) * PAGE_SIZE, limit=PAGE_SIZE
        )
    history = []
    for match in found:
        mine = [p for p in match["players"] if p["name"] == name]
        if not mine:
            continue
        party = int(mine[0]["party"])
        totals = match.get("totals") or []
        history.append(
            {
                "match": match,
                "party": party,
                "points": totals[party] if party < len(totals) else None,
                "outcome": _outcome(match, party),
                "partners": [
                    p for p in match["players"] if p["party"] == party and p["name"] != name
                ],
                "opponents": [p for p in match["players"] if p["party"] != party],
            }
        )
    partners: dict[str, dict[str, Any]] = {}
    for row in ledger.partners(name):
        entry = partners.setdefault(
            row["name"],
            {"player": row, "matches": 0, "won": 0, "lost": 0, "variants": set()},
        )
        for key in ("matches", "won", "lost"):
            entry[key] += row[key]
        entry["variants"].add(row["variant"])
    ranked = sorted(partners.values(), key=lambda e: (-e["matches"], e["player"]["name"]))
    return PlayerPage(name, total, history, ledger.standings(player=name), ranked)


async def player(request: Request) -> Response:
    """``GET /club/players/{name}``: the player's matches and results, their figures in
    each variant's standings and who they partnered; the translated 404 for a name the
    ledger has no match of."""
    name = request.path_params["name"]
    chosen = request.query_params.get("page", "1")
    number = int(chosen) if chosen.isdigit() and int(chosen) >= 1 else 1
    page = await web.blocking(player_page, web.ledger(request), name, number)
    tr = web.page_translations(request)
    if page is None:
        return web.not_found(
            request, tr.gettext("There is no player {name} in this ledger.").format(name=name)
        )
    said = words(request)
    pages = Pages.of(page.total, number)
    history = []
    for item in page.history:
        row = match_row(request, item["match"], said)
        row["points"] = item["points"]
        row["outcome"] = tr.gettext(RESULT_WORDS[item["outcome"]]) if item["outcome"] else ""
        row["partners"] = [player_name(p) for p in item["partners"]]
        row["opponents"] = [player_name(p) for p in item["opponents"]]
        history.append(row)
    statistics = []
    for row in page.standings:
        declared = web.ledger(request).declared_statistics(row["variant"], "standings") or ()
        labels = {s.name: tr.gettext(s.label) for s in declared}
        statistics.append(
            {
                "variant": variant_title(request, row["variant"]),
                "href": web.href(request, f"{web.PREFIX}/standings/{row['variant']}"),
                "row": row,
                "figures": [(labels.get(k, k), v) for k, v in row["statistics"].items() if v],
            }
        )
    partners = [
        {
            "name": player_name(e["player"]),
            "href": web.href(request, f"{web.PREFIX}/players/{web.quote(e['player']['name'])}"),
            "named": e["player"]["kind"] == "human",
            "matches": e["matches"],
            "won": e["won"],
            "lost": e["lost"],
            "variants": ", ".join(sorted(variant_title(request, v) for v in e["variants"])),
        }
        for e in page.partners
    ]
    context = {
        "name": name,
        "history": history,
        "pages": pages,
        "page_link": lambda n: web.href(request, f"{web.PREFIX}/players/{web.quote(name)}", page=n),
        "statistics": statistics,
        "partners": partners,
        "common": list(zip(COMMON[1:], [tr.gettext(w) for w in COMMON_WORDS[1:]], strict=True)),
    }
    # Their results over time, charted (openwhist_server.club.charts).
    context["charts"] = await charts.player_extras(request, name)
    return web.render(request, "club/pages/player.html", context)


# -- the front page --------------------------------------------------------------------------


async def front(request: Request) -> Response:
    """``GET /club/``: what the club's pages are, the latest matches, and the way to each
    variant's standings."""
    ledger = web.ledger(request)
    _count, latest = await web.blocking(filtered_matches, ledger, MatchFilter(), 5)
    open_count, _none = await web.blocking(filtered_matches, ledger, MatchFilter(status="open"), 0)
    said = words(request)
    cat = web.catalog(request)
    variants = sorted(
        (
            {
                "title": variant_title(request, n),
                "href": web.href(request, f"{web.PREFIX}/standings/{n}"),
            }
            for n in cat.variants
        ),
        key=lambda v: v["title"],
    )
    context = {
        "variants": variants,
        "latest": [match_row(request, m, said) for m in latest],
        "open_count": open_count,
    }
    return web.render(request, "club/pages/front.html", context)


def routes() -> list[BaseRoute]:
    """The reading pages' routes (under ``/club``; the exports' come from their module)."""
    return [
        Route("/", front, name="club_front"),
        Route("/matches", matches, name="club_matches"),
        Route("/matches/{match:int}", match, name="club_match"),
        Route("/standings", standings_index, name="club_standings_index"),
        Route("/standings/{variant}", standings, name="club_standings"),
        Route("/players/{name:path}", player, name="club_player"),
    ]


__all__ = [
    "PAGE_SIZE",
    "SHEET_PAGE",
    "MatchFilter",
    "PlayerPage",
    "SheetPage",
    "Standings",
    "filtered_matches",
    "player_page",
    "read_filter",
    "routes",
    "sheet_page",
    "standings_of",
]
