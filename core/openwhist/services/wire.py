"""A seat's view as JSON, rendered from the declared presentation (the server's wire form).

`view_document` turns one `PlayerView` into the JSON object ``whist serve`` sends a
client (docs/server.md, "Views"): the seat's hand, the trick with who played each card,
the completed tricks, the public history, and every fact of the view in the order the
variant's `Presentation` declares them -- each with its kind, its untranslated label template,
its place and its value, card values written as card names (``"QH"``) -- so a client
renders any variant without knowing its keys, exactly as the terminal does.

`spectator_view` is what a spectator may know: only what *every* seat's view shows alike
(no hand, no private fact, an action any seat sees differently shown as hidden).

Nothing here reads a `DealState`: the input is always a view the engine made for a seat,
so nothing hidden from that seat can reach the document.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from openwhist.game.cards import SUIT_LETTERS, cards_of
from openwhist.game.faces import card_name
from openwhist.game.presentation import Fact, FactKind, Presentation
from openwhist.game.scoring import MatchProgress
from openwhist.game.views import HIDDEN, PlayerView

CARD_KINDS = frozenset({FactKind.CARD, FactKind.CARDS, FactKind.CARD_SETS, FactKind.CARDS_PER_SEAT})
"""Fact kinds whose values are cards: written as card names on the wire."""


def _card(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return card_name(value)
    return value


def _cards(value: Any) -> Any:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return [card_name(c) for c in cards_of(value)]
    if isinstance(value, list | tuple):
        return [_card(c) for c in value]
    return value


def fact_value(kind: FactKind | None, value: Any) -> Any:
    """A fact's value on the wire: cards as names (a bitmask as its cards, lowest first;
    a list in its own order), anything else as the view holds it (JSON-safe)."""
    if kind is FactKind.CARD:
        return _card(value)
    if kind is FactKind.CARDS:
        return _cards(value)
    if kind in (FactKind.CARD_SETS, FactKind.CARDS_PER_SEAT) and isinstance(value, list | tuple):
        return [_cards(v) for v in value]
    return value


def _fact(fact: Fact | None, key: str, value: Any, *, private: bool) -> dict[str, Any]:
    kind = fact.kind if fact is not None else None
    return {
        "key": key,
        "kind": kind.value if kind is not None else None,
        "label": fact.label if fact is not None else "",
        "place": fact.place.value if fact is not None else "header",
        "private": private,
        "value": fact_value(kind, value),
    }


def facts(view: PlayerView, presentation: Presentation) -> list[dict[str, Any]]:
    """The view's facts in declaration order (public, then private), then any fact the
    variant did not declare (labelled by its key, as screens show it)."""
    out: list[dict[str, Any]] = []
    for group, private, declared in (
        (view.public, False, presentation.public),
        (view.private, True, presentation.private),
    ):
        seen: set[str] = set()
        for fact in declared:
            if fact.key in group:
                out.append(_fact(fact, fact.key, group[fact.key], private=private))
                seen.add(fact.key)
        for key in sorted(set(group) - seen):
            out.append(_fact(presentation.fact(key), key, group[key], private=private))
    return out


def progress_document(progress: MatchProgress) -> dict[str, Any]:
    """The match's public standing: parties, totals, deals, the summary line, the winner."""
    return {
        "parties": list(progress.parties),
        "totals": list(progress.totals),
        "deals": progress.deals,
        "dealer": progress.dealer,
        "finished": progress.finished,
        "winner": progress.winner,
        "summary": progress.summary,
        "detail": progress.detail,
    }


def view_document(
    view: PlayerView,
    presentation: Presentation,
    *,
    names: Sequence[str],
    legal: Sequence[str] = (),
    spectator: bool = False,
) -> dict[str, Any]:
    """``view`` as the JSON object a client receives (docs/server.md, "Views").

    ``legal`` are the notations of the seat's legal actions when it is to act (else
    empty); ``spectator`` marks a `spectator_view` (its ``seat`` is ``None``).
    """
    exchange = presentation.exchange(view.phase)
    return {
        "seat": None if spectator else view.seat,
        "seats": view.seats,
        "names": list(names),
        "dealer": view.dealer,
        "phase": view.phase,
        "to_act": view.to_act if 0 <= view.to_act < view.seats else None,
        "hand": [] if spectator else [card_name(c) for c in cards_of(view.hand)],
        "hand_sizes": list(view.hand_sizes),
        "trump": SUIT_LETTERS[view.trump] if 0 <= view.trump < len(SUIT_LETTERS) else None,
        "leader": view.leader,
        "trick": [
            {"seat": seat, "card": card_name(card)}
            for seat, card in zip(view.trick_seats, view.trick, strict=True)
        ],
        "tricks": list(view.tricks),
        "completed": [
            {
                "leader": t.leader,
                "winner": t.winner,
                "cards": [
                    {"seat": seat, "card": card_name(card)}
                    for seat, card in zip(t.seats, t.cards, strict=True)
                ],
            }
            for t in view.completed
        ],
        "history": list(view.history),
        "facts": facts(view, presentation),
        "legal": list(legal),
        "exchange": (
            None
            if exchange is None or not legal
            else {"phase": exchange.phase, "prompt": exchange.prompt}
        ),
        "calls": {
            "words": dict(presentation.calls.words),
            "suits": presentation.calls.suits,
            "cards": presentation.calls.cards,
        },
    }


def spectator_view(views: Sequence[PlayerView]) -> PlayerView:
    """What every seat's view shows alike, from one view per seat of the same moment.

    No hand and no private facts; a public fact whose value any two seats see differently
    is left out; an action of the history any two seats see differently is hidden
    (`HIDDEN`). The result is a view of seat 0 with those fields replaced, so it is never
    more than a seat knows.
    """
    first = views[0]
    history = tuple(
        entries[0] if all(e == entries[0] for e in entries) else HIDDEN
        for entries in zip(*(v.history for v in views), strict=False)
    )
    public = {
        key: value
        for key, value in first.public.items()
        if all(v.public.get(key, HIDDEN) == value for v in views)
    }
    return replace(first, hand=0, history=history, public=public, private={})


__all__ = [
    "CARD_KINDS",
    "fact_value",
    "facts",
    "progress_document",
    "spectator_view",
    "view_document",
]
