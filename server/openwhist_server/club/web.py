"""What every club page shares: its language, its templates, its headers, its ledger.

The club pages (``/club/...``, docs/club.md) are server-rendered Jinja2 templates under
``openwhist_server/templates/club/``. A module of this package answers a request with
`render` (a template in the request's language, the club's security headers) or
`not_found` (the translated 404 page), and reaches the ledger only through the services
(`ledger`, `catalog`; `blocking` runs a services call off the event loop).

Templates: every one extends ``club/base.html`` and fills its stable blocks
``title``, ``head``, ``content`` and ``scripts``. Every word a visitor reads is
translated: write ``{{ _("Deal {number}").format(number=n) }}`` (and
``ngettext("one deal", "{count} deals", n).format(count=n)`` for a plural) -- the
project's ``{placeholder}`` style, so `tests/test_i18n.py` checks the translations keep
them; ``tools/catalogues.sh`` extracts these calls from the ``.html`` templates. A text
from a plugin (a variant's title, a statistic's label) is translated with the same ``_``:
the page's translations consult the server's catalogue, then the core's and every
plugin's (`openwhist.services.shown.translations`).

Autoescape is on: a player's name or a secretary's note is text, never markup. No page
has inline script or style (`CSP`): a page's script is a file of ``static/`` named in
its ``scripts`` block.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar
from urllib.parse import quote as _quote
from urllib.parse import urlencode

import jinja2
from openwhist.services.shown import LANGUAGES, choose_language, translations
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from openwhist_server.page import SECURITY_HEADERS

if TYPE_CHECKING:
    import gettext

    from openwhist.services.catalog import Catalog
    from openwhist.services.ledger import Ledger

PACKAGE = Path(__file__).resolve().parent.parent
TEMPLATES = PACKAGE / "templates"
"""The templates' root: a club template's name starts with ``club/``."""
LOCALE = PACKAGE / "locale"
"""The server's own catalogue (domain ``messages``; ``tools/catalogues.sh``)."""
PREFIX = "/club"
"""Where the club pages are mounted (app.py)."""

CSP = (
    "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)
"""The club pages' content security policy: everything from this server only, no inline
script or style, no plug-ins, no framing; forms post only here."""

HEADERS: Mapping[str, str] = {**SECURITY_HEADERS, "Content-Security-Policy": CSP}
"""The headers of every club page and export (page.py's, with `CSP`)."""


def pgettext(context: str, message: str) -> str:
    """Marks ``message`` (in ``context``) for the server's catalogue; translated where shown."""
    return message


SEAT_LETTERS = (
    pgettext("seat", "N"),
    pgettext("seat", "E"),
    pgettext("seat", "S"),
    pgettext("seat", "W"),
)
"""The compass seats' letters, as a sheet writes them in the page's language (``O`` for
``W`` in Spanish, Portuguese and Italian): in the server's catalogue, context ``seat``, as
in the CLI's (`openwhist.services.sheets.words_from` reads them)."""

_P = ParamSpec("_P")
_T = TypeVar("_T")


def ledger(request: Request) -> Ledger:
    """The services' ledger the server runs over (``create_app`` puts it on the app)."""
    found: Ledger = request.app.state.ledger
    return found


def catalog(request: Request) -> Catalog:
    """The installed variants (their sheets, statistics and catalogues)."""
    found: Catalog = request.app.state.catalog
    return found


async def blocking(call: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """``call(*args, **kwargs)`` in a worker thread: a ledger read must not hold the event
    loop (the tables' websockets run on it)."""
    return await asyncio.to_thread(call, *args, **kwargs)


def language(request: Request) -> str:
    """The page's language, chosen as the browser table's (page.py): ``?lang=`` when a
    catalogue has it, else the browser's ``Accept-Language``, else English."""
    return choose_language(request.query_params.get("lang"), request.headers.get("accept-language"))


def quote(text: str) -> str:
    """``text`` as one segment of an address (a player's name with a space or a slash)."""
    return _quote(text, safe="")


def number_format(request: Request) -> Callable[[float], str]:
    """How the page writes a number with a fraction: one decimal, a decimal comma in
    Spanish, Portuguese and Italian (as the terminal's screens do)."""
    comma = language(request) in ("es", "pt", "it")

    def number(value: float) -> str:
        text = f"{value:.1f}"
        return text.replace(".", ",") if comma else text

    return number


def page_translations(request: Request) -> gettext.NullTranslations:
    """The request language's translations: the server's catalogue, then the core's and
    the plugins' (for variant titles, statistic labels, sheet headings)."""
    return translations(language(request), (LOCALE, *catalog(request).locale_dirs()))


@functools.lru_cache(maxsize=16)
def _environment(lang: str, directories: tuple[Path, ...]) -> jinja2.Environment:
    """One environment per language (its gettext installed once, so rendering in one
    language never sees another's; templates are compiled once per language)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,  # a misspelt variable fails the tests, not a visitor
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(translations(lang, directories), newstyle=False)  # type: ignore[attr-defined]
    return env


def environment(request: Request) -> jinja2.Environment:
    """The Jinja2 environment of the request's language (autoescape, i18n)."""
    return _environment(language(request), (LOCALE, *catalog(request).locale_dirs()))


def href(request: Request, path: str, **query: Any) -> str:
    """A link within the club: ``path`` (absolute, e.g. ``/club/matches``) with ``query``
    (``None`` values left out), and the page's ``?lang=`` kept when the visitor chose it
    by address -- so a link followed stays in the chosen language."""
    params = {k: v for k, v in query.items() if v is not None and v != ""}
    lang = request.query_params.get("lang")
    if lang and "lang" not in params:
        params["lang"] = language(request)
    return path + ("?" + urlencode(params, doseq=True) if params else "")


def context_for(request: Request) -> dict[str, Any]:
    """What every template may use besides its own context: ``lang``, ``languages``,
    ``request``, ``prefix``, ``href(path, **query)``, ``here(**query)`` (this page's
    address with its query changed; a ``None`` value removes a key) and
    ``language_link(code)`` (this page in another language); ``account`` (the secretary
    logged in, or ``None``) and ``csrf_token()`` (the session's token, for a form's hidden
    ``csrf`` field: `openwhist_server.club.auth`)."""

    def here(**changes: Any) -> str:
        params: dict[str, Any] = dict(request.query_params)
        for key, value in changes.items():
            if value is None:
                params.pop(key, None)
            else:
                params[key] = value
        return href(request, request.url.path, **params)

    def language_link(code: str) -> str:
        return href(request, request.url.path, **{**dict(request.query_params), "lang": code})

    from openwhist_server.club import auth  # auth builds on this module

    return {
        "account": auth.account(request),
        "csrf_token": lambda: auth.csrf_token(request),
        "lang": language(request),
        "languages": LANGUAGES,
        "request": request,
        "prefix": PREFIX,
        "href": lambda path, **query: href(request, path, **query),
        "here": here,
        "language_link": language_link,
    }


def render(
    request: Request, template_name: str, context: Mapping[str, Any], status: int = 200
) -> Response:
    """An HTML response: ``template_name`` (under ``templates/``, e.g.
    ``"club/pages/matches.html"``) rendered in the request's language with `context_for`'s
    names and ``context`` (``context`` wins on a clash), with `HEADERS`."""
    template = environment(request).get_template(template_name)
    body = template.render({**context_for(request), **context})
    return HTMLResponse(body, status_code=status, headers=dict(HEADERS))


def not_found(request: Request, message: str) -> Response:
    """The translated 404 page saying ``message`` (already translated: e.g.
    ``gettext("There is no match {id}.").format(id=...)`` from `page_translations`)."""
    return render(request, "club/errors/404.html", {"message": message}, status=404)


def no_match(request: Request, match_id: object) -> Response:
    """The translated 404 page of a match the ledger does not hold (``There is no match
    7.``): every club page of a match says it alike."""
    tr = page_translations(request)
    return not_found(request, tr.gettext("There is no match {id}.").format(id=match_id))


def no_variant(request: Request, name: str) -> Response:
    """The translated 404 page of a variant neither installed nor in the ledger (``There
    is no variant hearts.``), as ``name`` was given in the address."""
    tr = page_translations(request)
    return not_found(request, tr.gettext("There is no variant {name}.").format(name=name))


def download(request: Request, body: str, media_type: str, filename: str) -> Response:
    """An export: ``body`` as an attachment named ``filename`` (`HEADERS` too)."""
    headers = {**HEADERS, "Content-Disposition": f'attachment; filename="{filename}"'}
    return Response(body.encode("utf-8"), media_type=media_type, headers=headers)


__all__ = [
    "CSP",
    "HEADERS",
    "LOCALE",
    "PREFIX",
    "TEMPLATES",
    "blocking",
    "catalog",
    "context_for",
    "download",
    "environment",
    "href",
    "language",
    "ledger",
    "no_match",
    "no_variant",
    "not_found",
    "number_format",
    "page_translations",
    "quote",
    "render",
]
