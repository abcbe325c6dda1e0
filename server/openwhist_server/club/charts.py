"""The club's charts: the score over a match, a player's results, declared breakdowns
(docs/club.md, "Charts").

The figures come from `openwhist.services.charts`; this module turns them into what the
template ``club/charts/_figure.html`` draws: a ``<canvas>`` with a stable id, its data as
JSON in a ``<script type="application/json">`` element (read by ``static/club-charts.js``,
which draws it with the vendored Chart.js: the pages' policy allows no inline script), and
the same figures as a table below it -- the chart's text alternative for a screen reader,
and what a reader without script sees.

A page that shows a chart includes ``club/charts/_figure.html`` once per figure (with
``figure`` set to one of `score_figure`, `player_figure`, `breakdown_figures`) and
``club/charts/_scripts.html`` in its ``scripts`` block, and links ``static/club-views.css``
in its ``head`` block. The match, standings and player pages include
``club/charts/_match.html``, ``_standings.html`` and ``_player.html`` with what
`match_extras`, `standings_extras` and `player_extras` give. ``GET /club/matches/<match>/chart`` and
``GET /club/standings/<variant>/charts`` are pages of their own with the match's and the
variant's charts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openwhist import OpenWhistError
from openwhist.services import charts
from openwhist.services.ledger import LedgerNotFoundError
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from openwhist_server.club import web
from openwhist_server.club.deals import seat_label

if TYPE_CHECKING:
    import gettext


@dataclass(frozen=True)
class Figure:
    """One chart as the template draws it.

    Attributes:
        id: the canvas's id (stable: tests and the page's anchors use it); the JSON
            element is ``<id>-data``.
        title: the figure's caption (translated).
        note: a line under the caption (how it was drawn), or ``""``.
        config: what ``club-charts.js`` draws: ``type`` (``line``/``bar``), ``labels``,
            ``datasets`` (``label``, ``data``, ``marks``: indices drawn larger), axis
            titles, ``percent``.
        headers: the table's column headings; ``rows``: its cells (text, or
            ``{"text", "href"}`` for a link); ``empty``: said instead when nothing is
            counted yet (no canvas then).
    """

    id: str
    title: str
    config: dict[str, Any]
    headers: list[str]
    rows: list[list[Any]] = field(default_factory=list)
    note: str = ""
    empty: str = ""


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def score_figure(
    request: Request, tr: gettext.NullTranslations, chart: charts.ScoreChart
) -> Figure:
    """The score over a match: a line per party, its running total after each deal."""
    names = [
        f"{seat_label(tr, party)} ({' & '.join(players)})"
        if players and " & ".join(players) != party
        else seat_label(tr, party)
        for party, players in zip(chart.parties, chart.players, strict=True)
    ]
    labels = []
    rows: list[list[Any]] = []
    for point in chart.points:
        if point.deal is None:
            label = tr.gettext("adjustments")
        elif point.deal == 0:
            label = tr.gettext("start")
        else:
            label = str(point.deal)
        labels.append(label)
        remark = (
            tr.gettext("void") if point.void else tr.gettext("corrected") if point.corrected else ""
        )
        cell: Any = label
        if point.deal and point.played:
            cell = {
                "text": label,
                "href": web.href(
                    request, f"{web.PREFIX}/matches/{chart.match_id}/deals/{point.deal}"
                ),
            }
        rows.append([cell, *[str(t) for t in point.totals], remark])
    marks = [i for i, p in enumerate(chart.points) if p.corrected or p.void]
    config = {
        "type": "line",
        "labels": labels,
        "datasets": [
            {"label": name, "data": [p.totals[i] for p in chart.points], "marks": marks}
            for i, name in enumerate(names)
        ],
        "x_title": tr.gettext("deal"),
        "y_title": tr.gettext("running total"),
        "percent": False,
    }
    note = ""
    if chart.thinned:
        note = tr.gettext(
            "{shown} of the match's {count} deals are drawn: the last, every corrected or "
            "void one and an even spread of the rest."
        ).format(shown=len(chart.points) - 1, count=chart.deals)
    return Figure(
        id="score-chart",
        title=tr.gettext("The score over the match"),
        config=config,
        headers=[tr.gettext("Deal"), *names, tr.gettext("Note")],
        rows=rows,
        note=note,
        empty="" if len(chart.points) > 1 else tr.gettext("No deal has been scored yet."),
    )


def player_figure(
    request: Request, tr: gettext.NullTranslations, chart: charts.PlayerChart
) -> Figure:
    """A player's results over time: their party's points in each finished match, a
    line per variant (points of different variants do not compare)."""
    cat = web.catalog(request)

    def title(variant: str) -> str:
        try:
            return tr.gettext(cat.variant(variant).title)
        except OpenWhistError:
            return variant

    labels = [f"#{r.match_id} {r.finished_at[:10]}" for r in chart.results]
    datasets = [
        {
            "label": title(variant),
            "data": [r.points if r.variant == variant else None for r in chart.results],
            "marks": [i for i, r in enumerate(chart.results) if r.won and r.variant == variant],
        }
        for variant in chart.variants()
    ]
    rows: list[list[Any]] = []
    for r in chart.results:
        outcome = (
            tr.gettext("drawn")
            if r.won is None
            else tr.gettext("won")
            if r.won
            else tr.gettext("lost")
        )
        rows.append(
            [
                r.finished_at[:10],
                {
                    "text": f"#{r.match_id}",
                    "href": web.href(request, f"{web.PREFIX}/matches/{r.match_id}"),
                },
                title(r.variant),
                _signed(r.points),
                outcome,
                ", ".join(r.partners),
            ]
        )
    return Figure(
        id="player-chart",
        title=tr.gettext("{player}'s results over time").format(player=chart.player),
        config={
            "type": "line",
            "labels": labels,
            "datasets": datasets,
            "x_title": tr.gettext("finished match"),
            "y_title": tr.gettext("points"),
            "percent": False,
        },
        headers=[
            tr.gettext("Finished"),
            tr.gettext("Match"),
            tr.gettext("Variant"),
            tr.gettext("Points"),
            tr.gettext("Result"),
            tr.gettext("Partners"),
        ],
        rows=rows,
        note=tr.gettext("A larger point: a match they won."),
        empty="" if chart.results else tr.gettext("No finished match yet."),
    )


def breakdown_figures(
    request: Request, tr: gettext.NullTranslations, found: tuple[charts.BreakdownChart, ...]
) -> list[Figure]:
    """Each declared breakdown (`openwhist.Breakdown`) as a bar chart: per key, the rate
    made of played (or the plain sums when the breakdown counts no ``out_of``)."""
    out = []
    for chart in found:
        b = chart.breakdown
        value_label = tr.gettext(b.value_label) if b.value_label else tr.gettext("value")
        out_of_label = tr.gettext(b.out_of_label) if b.out_of_label else tr.gettext("of")
        keys = [tr.gettext(k) if b.key_labels else k for k in b.shown_keys()]
        if chart.is_rate:
            data = [round(100 * r.rate, 1) if r.rate is not None else None for r in chart.rows]
            headers = [
                tr.gettext(b.key_label) if b.key_label else "",
                value_label,
                out_of_label,
                "%",
            ]
            rows = [
                [
                    key,
                    str(r.value),
                    str(r.out_of),
                    f"{100 * r.rate:.0f}" if r.rate is not None else "—",
                ]
                for key, r in zip(keys, chart.rows, strict=True)
            ]
        else:
            data = [r.value for r in chart.rows]
            headers = [tr.gettext(b.key_label) if b.key_label else "", value_label]
            rows = [[key, str(r.value)] for key, r in zip(keys, chart.rows, strict=True)]
        suffix = f"-{_slug(chart.player)}" if chart.player else ""
        out.append(
            Figure(
                id=f"{b.name.replace('_', '-')}-chart{suffix}",
                title=tr.gettext(b.label),
                config={
                    "type": "bar",
                    "labels": keys,
                    "datasets": [
                        {
                            "label": f"{value_label} (%)" if chart.is_rate else value_label,
                            "data": data,
                            "marks": [],
                        }
                    ],
                    "x_title": tr.gettext(b.key_label) if b.key_label else "",
                    "y_title": f"{value_label} (%)" if chart.is_rate else value_label,
                    "percent": chart.is_rate,
                },
                headers=headers,
                rows=rows,
                note=tr.ngettext("From {count} deal.", "From {count} deals.", chart.deals).format(
                    count=chart.deals
                ),
                empty=tr.gettext("No deal has been counted yet.") if chart.empty else "",
            )
        )
    return out


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-") or "player"


async def match_figure(request: Request, match_id: int) -> Figure:
    """The score chart of a match, for its page (`LedgerNotFoundError` if none)."""
    tr = web.page_translations(request)
    chart = await web.blocking(charts.score_chart, web.ledger(request), match_id)
    return score_figure(request, tr, chart)


async def player_figures(request: Request, name: str) -> list[Figure]:
    """A player's page's charts: their results over time, then -- for each variant they
    finished a match of that declares a breakdown -- their own breakdown."""
    tr = web.page_translations(request)
    ledger = web.ledger(request)
    chart = await web.blocking(charts.player_chart, ledger, name)
    figures = [player_figure(request, tr, chart)]
    for variant in chart.variants():
        try:
            found = await web.blocking(
                charts.breakdown_charts, ledger, variant, player=name, at_most=True
            )
        except charts.TooManyDeals:
            continue  # too long to sum for this page (the variant's charts page has it)
        figures.extend(breakdown_figures(request, tr, found))
    return figures


async def variant_figures(request: Request, variant: str, *, at_most: bool = False) -> list[Figure]:
    """The breakdowns a variant declares, over all its deals (none for most variants).

    Raises:
        TooManyDeals: ``at_most`` and the variant has more than `BREAKDOWN_DEALS` deals.
    """
    tr = web.page_translations(request)
    found = await web.blocking(
        charts.breakdown_charts, web.ledger(request), variant, at_most=at_most
    )
    return breakdown_figures(request, tr, found)


EMBED_DEALS = 2000
"""A match of more deals has its chart on its own page (linked), not on the sheet's page:
the chart reads the whole sheet, which the sheet's page reads a page at a time."""


async def match_extras(request: Request, match_id: int, deals: int) -> dict[str, Any]:
    """What ``club/charts/_match.html`` adds to a match's page: its score chart (when it
    has at most `EMBED_DEALS` deals), the chart's own page, and -- when its deals were
    played at a table -- the deal viewer and the game record."""
    base = f"{web.PREFIX}/matches/{match_id}"
    figures = [await match_figure(request, match_id)] if 0 < deals <= EMBED_DEALS else []
    first = await web.blocking(web.ledger(request).deal_records, match_id, first=1, last=1)
    played = bool(first) and first[0]["source"] == "played"
    return {
        "figures": figures,
        "chart_href": web.href(request, f"{base}/chart") if deals else None,
        "viewer_href": web.href(request, f"{base}/deals/1") if played else None,
        "record_href": web.href(request, f"{base}/record.jsonl") if played else None,
    }


async def player_extras(request: Request, name: str) -> dict[str, Any]:
    """What ``club/charts/_player.html`` adds to a player's page: their results over time
    and their own declared breakdowns."""
    return {"figures": await player_figures(request, name)}


async def standings_extras(request: Request, variant: str) -> dict[str, Any]:
    """What ``club/charts/_standings.html`` adds to a variant's standings: the charts of
    the breakdowns the variant declares (none for most variants) -- or, for a variant of
    more than `BREAKDOWN_DEALS` deals, a link to its charts' own page, so the standings
    still answer at once."""
    tr = web.page_translations(request)
    href = web.href(request, f"{web.PREFIX}/standings/{variant}/charts")
    try:
        return {"figures": await variant_figures(request, variant, at_most=True), "link": None}
    except charts.TooManyDeals as many:
        return {
            "figures": [],
            "link": href,
            "link_text": tr.ngettext(
                "Its charts, from {count} deal",
                "Its charts, from {count} deals",
                many.deals,
            ).format(count=many.deals),
        }


async def match_chart_page(request: Request) -> Response:
    """``GET /club/matches/<match>/chart``: the score over the match."""
    match_id = int(request.path_params["match"])
    tr = web.page_translations(request)
    try:
        figure = await match_figure(request, match_id)
    except LedgerNotFoundError:
        return web.no_match(request, match_id)
    return web.render(
        request,
        "club/charts/page.html",
        {
            "heading": tr.gettext("Match {match}").format(match=match_id),
            "back": web.href(request, f"{web.PREFIX}/matches/{match_id}"),
            "figures": [figure],
        },
    )


async def variant_charts_page(request: Request) -> Response:
    """``GET /club/standings/<variant>/charts``: the variant's declared breakdowns."""
    variant = request.path_params["variant"]
    tr = web.page_translations(request)
    try:
        title = tr.gettext(web.catalog(request).variant(variant).title)
    except OpenWhistError:
        return web.no_variant(request, variant)
    figures = await variant_figures(request, variant)
    return web.render(
        request,
        "club/charts/page.html",
        {
            "heading": title,
            "back": web.href(request, f"{web.PREFIX}/standings/{variant}"),
            "figures": figures,
            "none": tr.gettext("This variant declares no chart of its own."),
        },
    )


def routes() -> list[BaseRoute]:
    """The chart pages' routes (under ``/club``)."""
    return [
        Route("/matches/{match:int}/chart", match_chart_page, name="club_match_chart"),
        Route("/standings/{variant}/charts", variant_charts_page, name="club_variant_charts"),
    ]


__all__ = [
    "EMBED_DEALS",
    "Figure",
    "breakdown_figures",
    "match_extras",
    "match_figure",
    "player_extras",
    "player_figure",
    "player_figures",
    "routes",
    "score_figure",
    "standings_extras",
    "variant_figures",
]
