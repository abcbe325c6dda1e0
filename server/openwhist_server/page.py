"""The browser table: ``GET /t/<table>`` and its two static files (docs/server.md).

One server-rendered page per table, in the player's language (``?lang=``, else the
browser's ``Accept-Language``; `openwhist.services.shown.choose_language`), with every
fixed word translated by the catalogues (`openwhist.services.shown.page_text`). The page
carries no token: an invite link is ``/t/<table>#<token>`` and the browser keeps the
fragment to itself, so the page's script (``static/table.js``) reads the token from its
own address and says it in the websocket's ``hello`` (with the page's ``lang``: every view
then carries ``shown``, the deal drawn for a screen in that language). Nothing is built and
nothing comes from another site: the script and the style sheet are files of this
package, served from here, and the headers forbid everything else
(`SECURITY_HEADERS`: ``default-src 'self'``, no referrer, no framing).
"""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from openwhist import OpenWhistError
from openwhist.services.hosting import TableError
from openwhist.services.play import default_bot
from openwhist.services.shown import choose_language, page_text, translations
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

if TYPE_CHECKING:
    from openwhist.services.hosting import Hosting

STATIC = Path(__file__).parent / "static"
"""The page's script and style sheet (no build step: they are served as they are)."""

STATIC_TYPES = {
    "table.js": "text/javascript; charset=utf-8",
    "table.css": "text/css; charset=utf-8",
    "club.css": "text/css; charset=utf-8",  # the club pages' (openwhist_server.club)
    # The club's charts and deal viewer (openwhist_server.club.charts, .deals), and the
    # charting library they use, vendored by tools/vendor.sh with its licence.
    "club-views.css": "text/css; charset=utf-8",
    "club-charts.js": "text/javascript; charset=utf-8",
    "vendor/chart.js/chart.umd.min.js": "text/javascript; charset=utf-8",
    "vendor/chart.js/LICENSE.md": "text/markdown; charset=utf-8",
}
"""The static files there are, and their types: any other name is 404."""

SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}
"""Headers of every page and file (the ``Content-Security-Policy`` is `csp`)."""


def csp(host: str) -> str:
    """The page's content security policy: everything from this server only (the
    websocket named explicitly, as older browsers do not count ``ws:`` as ``'self'``),
    no inline script, no plug-ins, no framing, no form posted anywhere."""
    sockets = f"ws://{host} wss://{host}" if host else ""
    return (
        f"default-src 'self'; connect-src 'self' {sockets}; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
    ).replace("  ", " ")


def _headers(request: Request) -> dict[str, str]:
    return {**SECURITY_HEADERS, "Content-Security-Policy": csp(request.headers.get("host", ""))}


@cache
def _static(name: str) -> bytes:
    return (STATIC / name).read_bytes()


async def static_file(request: Request) -> Response:
    """``GET /static/<name>``: the page's script or style sheet; anything else is 404."""
    name = request.path_params["name"]
    if name not in STATIC_TYPES:
        return Response("not found\n", status_code=404, headers=_headers(request))
    return Response(_static(name), media_type=STATIC_TYPES[name], headers=_headers(request))


async def no_icon(request: Request) -> Response:
    """``GET /favicon.ico``: none (204), rather than a 404 in every browser's console."""
    return Response(status_code=204, headers=_headers(request))


def _json_block(data: Any) -> str:
    """JSON safe inside a ``<script type="application/json">`` element (no ``</``)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


async def table_page(hosting: Hosting, request: Request) -> Response:
    """``GET /t/<table>``: the table's page in the chosen language; 404 (translated) for a
    table that does not exist."""
    import asyncio

    table_id = int(request.path_params["table"])
    lang = choose_language(request.query_params.get("lang"), request.headers.get("accept-language"))
    catalog = hosting.catalog
    tr = translations(lang, catalog.locale_dirs())
    text = page_text(tr)
    try:
        variant = await asyncio.to_thread(hosting.variant, table_id)
    except TableError as exc:
        if exc.code != "unknown_table":
            raise
        body = _page_html(lang, text, text["no_table"].format(table=table_id), None)
        return HTMLResponse(body, status_code=404, headers=_headers(request))
    except OpenWhistError:
        body = _page_html(lang, text, text["no_table"].format(table=table_id), None)
        return HTMLResponse(body, status_code=404, headers=_headers(request))
    try:
        bot = default_bot(catalog, variant)
    except OpenWhistError:
        bot = ""
    title = tr.gettext(catalog.variant(variant).title)
    config = {"table": table_id, "lang": lang, "bot": bot, "text": text}
    return HTMLResponse(_page_html(lang, text, title, config), headers=_headers(request))


def _section(ident: str, heading: str, inner: str, *, hidden: bool = False) -> str:
    flag = " hidden" if hidden else ""
    return (
        f'<section id="{ident}" aria-labelledby="{ident}-h"{flag}>'
        f'<h2 id="{ident}-h">{html.escape(heading)}</h2>{inner}</section>'
    )


def _page_html(lang: str, text: dict[str, str], title: str, config: dict[str, Any] | None) -> str:
    """The page: a skeleton the script fills from each view (``config``: ``None`` for the
    page of a table that does not exist, which has no script)."""
    e = html.escape
    head = (
        "<!doctype html>"
        f'<html lang="{e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)} · {e(text['title'])}</title>"
        '<link rel="stylesheet" href="/static/table.css"></head><body>'
    )
    if config is None:
        return head + f'<main id="table"><h1>{e(title)}</h1></main></body></html>'
    table = config["table"]
    seats = '<div class="seat" data-place="{0}" hidden></div>'
    body = (
        f'<main id="table" data-table="{table}" data-status="" data-version="">'
        f'<header class="top"><h1>{e(title)} <span class="tableno">#{table}</span></h1>'
        '<p id="who"></p>'
        f'<p id="status" role="status">{e(text["connecting"])}</p></header>'
        '<ul id="facts" class="lines"></ul>'
        f'<section id="board" aria-label="{e(text["trick"])}">'
        + "".join(seats.format(p) for p in ("top", "left", "right", "bottom"))
        + '<ol id="others" class="others" hidden></ol></section>'
        '<ul id="after-trick" class="lines"></ul>'
        '<p id="tricks-won"></p>'
        + _section(
            "hand-area",
            text["your_hand"],
            '<p id="turn" class="turn"></p><div id="hand" role="toolbar" '
            f'aria-label="{e(text["your_hand"])}"></div>'
            '<div id="exchange" hidden><p id="exchange-prompt"></p>'
            '<p id="exchange-count" aria-live="polite"></p>'
            f'<button type="button" id="exchange-go" disabled>{e(text["pass_cards"])}</button>'
            "</div>",
            hidden=True,
        )
        + _section(
            "calls-area",
            text["calls"],
            '<div id="calls" class="calls"></div>'
            '<form id="typed" autocomplete="off">'
            f'<label for="typed-input">{e(text["type_action"])}</label>'
            '<input id="typed-input" name="action" maxlength="200" spellcheck="false">'
            f'<button type="submit">{e(text["send"])}</button></form>'
            '<p id="error" class="error" role="alert"></p>',
            hidden=True,
        )
        + _section("last-area", text["last_trick"], '<p id="last-trick"></p>', hidden=True)
        + _section("completed-area", text["completed"], '<ol id="completed"></ol>', hidden=True)
        + _section(
            "standing",
            text["score"],
            '<p id="summary"></p><table id="score"><tbody></tbody></table>'
            '<p id="winner" class="winner"></p>',
        )
        + _section(
            "host-area",
            text["host_controls"],
            '<div class="host-buttons">'
            + "".join(
                f'<button type="button" data-host="{k}">{e(text[k])}</button>'
                for k in ("start", "pause", "unpause", "close")
            )
            + '</div><ul id="seat-controls"></ul>',
            hidden=True,
        )
        + _section("log-area", text["log"], '<ol id="log"></ol>')
        + '<div id="announce" class="visually-hidden" aria-live="polite" aria-atomic="true">'
        "</div></main>"
        f'<script type="application/json" id="config">{_json_block(config)}</script>'
        '<script src="/static/table.js"></script></body></html>'
    )
    return head + body


__all__ = ["SECURITY_HEADERS", "STATIC_TYPES", "csp", "static_file", "table_page"]
