"""The club pages of ``whist serve``: matches, score sheets, standings, players (docs/club.md).

Mounted under ``/club`` (`openwhist_server.app.create_app`). Each module of this package
that serves pages has a ``routes()`` function returning its Starlette routes (paths
relative to ``/club``); `routes` gathers them all, in module-name order, and ends with a
catch-all that answers any other ``/club/...`` address with the translated 404 page. A new
area (a module and its templates under ``templates/club/<area>/``) needs no line here.
What the modules share -- the language, the templates, the headers, the ledger -- is
`openwhist_server.club.web`.

Reading is open to every visitor; a route that changes the ledger must check who asks
(a plain ``Route`` of ``GET`` answers any other method with 405).
"""

from __future__ import annotations

import importlib
import pkgutil

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from openwhist_server.club import web

_NOT_AREAS = frozenset({"web"})
"""Modules of this package that serve no pages."""


async def _unknown(request: Request) -> Response:
    tr = web.page_translations(request)
    return web.not_found(request, tr.gettext("There is no such page."))


def routes() -> list[BaseRoute]:
    """Every club module's routes (``module.routes()``), then the translated 404 for any
    other address."""
    found: list[BaseRoute] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name in _NOT_AREAS or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        make = getattr(module, "routes", None)
        if callable(make):
            found.extend(make())
    found.append(Route("/{rest:path}", _unknown))
    return found


__all__ = ["routes"]
