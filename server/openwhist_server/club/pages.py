"""The club's reading pages: its front page, the matches, a match's sheet, the standings and
a player's page (docs/club.md). Everything here only reads the ledger, through the
services; every visitor may see it."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from openwhist_server.club import web


async def front(request: Request) -> Response:
    """``GET /club/``: what the club's pages are, and the way to each."""
    cat = web.catalog(request)
    tr = web.page_translations(request)
    variants = [
        (name, tr.gettext(entry.variant.title)) for name, entry in sorted(cat.variants.items())
    ]
    return web.render(request, "club/pages/front.html", {"variants": variants})


def routes() -> list[BaseRoute]:
    """The reading pages' routes (under ``/club``)."""
    return [Route("/", front, name="club_front")]


__all__ = ["routes"]
