"""The deal viewer and the game record download (docs/club.md, "The deal viewer").

``GET /club/matches/<match>/deals/<number>``: a finished played deal, trick by trick --
the hands (when play began, or after the trick chosen with ``?trick=K``), each trick's
cards with who played them, the calls, the trump, the contract and the result. Stepping is
plain links (``?trick=K``), so it needs no script. A deal in progress, a deal entered from
real cards and a deal that does not exist are refused with a translated page (409, 409,
404): a deal's cards are shown only once it is over.

``GET /club/matches/<match>/record.jsonl``: the match's game record, one JSON line, as
``whist replay`` reads it (its scored deals; a deal still in play is left out while the
match is open, `Ledger.game_record`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from openwhist import (
    NO_TRUMP,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    Message,
    OpenWhistError,
    card_symbol,
    parse_card,
)
from openwhist.services.deals import DealView, view_deal
from openwhist.services.ledger import LedgerNotFoundError, LedgerStateError
from openwhist.services.shown import call_parts
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from openwhist_server.club import web

if TYPE_CHECKING:
    import gettext


def pgettext(context: str, message: str) -> str:
    """A mark for the catalogue only (the page translates at run time, `seat_label`)."""
    return message


COMPASS = (
    pgettext("seat", "N"),
    pgettext("seat", "E"),
    pgettext("seat", "S"),
    pgettext("seat", "W"),
)
"""The compass seats' letters, marked for the server's catalogue (context ``seat``:
Spanish, Portuguese and Italian write West ``O``)."""


def seat_label(tr: gettext.NullTranslations, name: str) -> str:
    """A seat's or a side's letters as the page's language writes them (``W`` is ``O``,
    ``EW`` is ``EO`` in Spanish); any other name (``A``) as it is."""
    if name and all(letter in COMPASS for letter in name):
        return "".join(tr.pgettext("seat", letter) for letter in name)
    return name


def _card(card: int) -> dict[str, Any]:
    """A card for the template: its text (``K♠``) and its suit (for its colour)."""
    return {"text": card_symbol(card), "suit": card // 13}


def _call(tr: gettext.NullTranslations, view: DealView, notation: str) -> list[dict[str, Any]]:
    """A call as the table screens show it (the variant's `CallStyle`, translated): its
    pieces for the template, each a text and, for a card or a suit symbol, its suit."""
    pieces: list[dict[str, Any]] = []
    for part in call_parts(notation, view.call_style, tr):
        if "card" in part:
            pieces.append(_card(parse_card(part["card"])))
        elif "suit" in part:
            suit = SUIT_LETTERS.index(part["suit"])
            pieces.append({"text": SUIT_SYMBOLS[suit], "suit": suit})
        else:
            pieces.append({"text": part["text"], "suit": None})
    return pieces


def _message(tr: gettext.NullTranslations, error: OpenWhistError) -> str:
    message = error.message
    if isinstance(message, Message):
        return message.render(translations=tr)
    return str(error)


def _context(request: Request, view: DealView, step: int) -> dict[str, Any]:
    """What ``club/deals/deal.html`` shows of ``view`` at trick ``step`` (0: play began)."""
    tr = web.page_translations(request)
    seats = [
        {"seat": i, "label": seat_label(tr, name), "player": view.players[i]}
        for i, name in enumerate(view.seat_names)
    ]

    def who(seat: int) -> str:
        return f"{view.players[seat]} ({seats[seat]['label']})"

    hands = [
        {
            **seats[seat],
            "suits": [[_card(c) for c in cards if c // 13 == suit] for suit in _suits_of(cards)],
            "count": len(cards),
        }
        for seat, cards in enumerate(view.hands[step])
    ]
    tricks = [
        {
            "number": t.number,
            "leader": who(t.leader),
            "winner": who(t.winner),
            "plays": [{"who": who(s), "card": _card(c)} for s, c in t.plays],
            "href": web.href(request, request.url.path, trick=t.number),
        }
        for t in view.tricks
    ]
    parties = list(view.score.parties)
    lines = [
        {
            "party": (
                seat_label(tr, parties[line.party])
                if 0 <= line.party < len(parties)
                else str(line.party)
            ),
            "points": line.points,
            "note": (
                line.message.render(translations=tr) if line.message is not None else line.note
            ),
        }
        for line in view.score.lines
    ]
    base = f"{web.PREFIX}/matches/{view.match_id}"
    return {
        "view": view,
        "seats": seats,
        "hands": hands,
        "tricks": tricks,
        "step": step,
        "current": tricks[step - 1] if step else None,
        "steps": len(view.tricks),
        "step_href": lambda k: web.href(request, request.url.path, trick=k),
        "calls": [{"who": who(s), "call": _call(tr, view, text)} for s, text in view.calls],
        "trump": (tr.gettext("no trump") if view.trump == NO_TRUMP else SUIT_SYMBOLS[view.trump]),
        "dealer": who(view.dealer),
        "detail": tr.gettext(view.detail.summary) if view.detail and view.detail.summary else "",
        "lines": lines,
        "tricks_won": [
            {**seats[i], "tricks": n} for i, n in enumerate(view.tricks_won) if i < len(seats)
        ],
        "match_href": web.href(request, base),
        "record_href": web.href(request, f"{base}/record.jsonl"),
        "previous_href": (
            web.href(request, f"{base}/deals/{view.number - 1}") if view.number > 1 else None
        ),
        "next_href": (
            web.href(request, f"{base}/deals/{view.number + 1}")
            if view.number < view.deals
            else None
        ),
    }


def _suits_of(cards: tuple[int, ...]) -> list[int]:
    """The suits of a hand in the order its cards come (display order), each once."""
    return list(dict.fromkeys(c // 13 for c in cards))


async def deal_page(request: Request) -> Response:
    """``GET /club/matches/<match>/deals/<number>[?trick=K]``."""
    match_id = int(request.path_params["match"])
    number = int(request.path_params["number"])
    tr = web.page_translations(request)
    try:
        view = await web.blocking(view_deal, web.ledger(request), match_id, number)
    except LedgerNotFoundError as exc:
        return web.not_found(request, _message(tr, exc))
    except LedgerStateError as exc:
        return web.render(
            request, "club/errors/404.html", {"message": _message(tr, exc)}, status=409
        )
    except OpenWhistError as exc:  # not installed, or no longer replays
        return web.render(
            request, "club/errors/404.html", {"message": _message(tr, exc)}, status=409
        )
    try:
        step = int(request.query_params.get("trick", "0"))
    except ValueError:
        step = 0
    step = min(max(step, 0), len(view.tricks))
    return web.render(request, "club/deals/deal.html", _context(request, view, step))


async def record_download(request: Request) -> Response:
    """``GET /club/matches/<match>/record.jsonl``: the game record, one JSON line."""
    match_id = int(request.path_params["match"])
    tr = web.page_translations(request)
    try:
        record = await web.blocking(web.ledger(request).game_record, match_id)
    except LedgerNotFoundError as exc:
        return web.not_found(request, _message(tr, exc))
    except OpenWhistError as exc:  # entered from real cards: no game record
        return web.render(
            request, "club/errors/404.html", {"message": _message(tr, exc)}, status=409
        )
    return web.download(
        request,
        record.to_json() + "\n",
        "application/x-ndjson; charset=utf-8",
        f"match-{match_id}.jsonl",
    )


def routes() -> list[BaseRoute]:
    """The deal viewer's routes (under ``/club``)."""
    return [
        Route("/matches/{match:int}/deals/{number:int}", deal_page, name="club_deal"),
        Route("/matches/{match:int}/record.jsonl", record_download, name="club_record"),
    ]


__all__ = ["deal_page", "record_download", "routes", "seat_label"]
