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

from pydantic import BaseModel

from openwhist.game.cards import SUIT_LETTERS, cards_of, mask_of, parse_card
from openwhist.game.faces import card_name
from openwhist.game.presentation import Fact, FactKind, Presentation
from openwhist.game.scoring import MatchProgress
from openwhist.game.state import CHANCE, NO_TRUMP, TERMINAL, TrickRecord
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


def _card_shape(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _set_shape(value: Any) -> Any:
    if _card_shape(value):
        return True  # a bitmask
    if isinstance(value, list | tuple):
        return [_card_shape(c) for c in value]
    return False


def fact_mask(kind: FactKind | None, value: Any) -> Any:
    """How a card fact's value was held, so that `view_from_document` rebuilds it exactly
    (card names alone cannot say whether the view held ``"QH"`` or card number 36):

    * ``CARD``: ``true`` when the value was a card number (else a name, ``None``...);
    * ``CARDS``: ``true`` for a bitmask; for a list, one such flag per card;
    * ``CARD_SETS`` and ``CARDS_PER_SEAT``: one ``CARDS`` entry per set;
    * ``None`` for any other kind.
    """
    if kind is FactKind.CARD:
        return _card_shape(value)
    if kind is FactKind.CARDS:
        return _set_shape(value)
    if kind in (FactKind.CARD_SETS, FactKind.CARDS_PER_SEAT):
        return [_set_shape(v) for v in value] if isinstance(value, list | tuple) else False
    return None


def _fact(fact: Fact | None, key: str, value: Any, *, private: bool) -> dict[str, Any]:
    kind = fact.kind if fact is not None else None
    document = {
        "key": key,
        "kind": kind.value if kind is not None else None,
        "label": fact.label if fact is not None else "",
        "place": fact.place.value if fact is not None else "header",
        "private": private,
        "value": fact_value(kind, value),
    }
    if kind in CARD_KINDS:
        document["mask"] = fact_mask(kind, value)
    return document


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
    """The match's public standing: parties, totals, deals, the summary line (``summary``
    untranslated, ``summary_message`` as records store it, for a client to translate), the
    winner and the awards of the last deal -- `MatchProgress.as_dict`, which
    `MatchProgress.from_dict` reads back."""
    return progress.as_dict()


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
        "over": view.to_act == TERMINAL,
        "hand": [] if spectator else [card_name(c) for c in cards_of(view.hand)],
        "hand_sizes": list(view.hand_sizes),
        "trump": SUIT_LETTERS[view.trump] if 0 <= view.trump < len(SUIT_LETTERS) else None,
        "leader": view.leader,
        "trick": [
            {"seat": seat, "card": card_name(card)}
            for seat, card in zip(view.trick_seats, view.trick, strict=True)
        ],
        "trick_order": list(view.trick_order),
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
        "match_state": view.progress,
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


def _unname(value: Any, number: Any) -> Any:
    """One card back: its number when the view held a number, else as it came."""
    if number is True and isinstance(value, str):
        return parse_card(value)
    return value


def _unname_set(value: Any, shape: Any) -> Any:
    if shape is True and isinstance(value, list):
        return mask_of(parse_card(c) for c in value)
    if isinstance(shape, list) and isinstance(value, list):
        return [_unname(c, n) for c, n in zip(value, shape, strict=True)]
    return value


def document_fact_value(fact: dict[str, Any]) -> Any:
    """A fact's value as the view held it, from its wire form (`fact_value`, `fact_mask`)."""
    kind, value, mask = fact.get("kind"), fact.get("value"), fact.get("mask")
    if kind == FactKind.CARD.value:
        return _unname(value, mask)
    if kind == FactKind.CARDS.value:
        return _unname_set(value, mask)
    sets = (FactKind.CARD_SETS.value, FactKind.CARDS_PER_SEAT.value)
    if kind in sets and isinstance(mask, list) and isinstance(value, list):
        return [_unname_set(v, m) for v, m in zip(value, mask, strict=True)]
    return value


def view_from_document(document: dict[str, Any], *, options: BaseModel | None = None) -> PlayerView:
    """The `PlayerView` a `view_document` was made from, rebuilt from its JSON (what
    ``whist join`` and ``whist bot`` draw and decide from).

    ``options`` is the match's validated options model (the table's ``options`` read by
    the variant, `Variant.make_options`): views carry the rules in force. The result
    equals the engine's view field by field -- card names back to numbers or bitmasks as
    the view held them (``mask``), ``to_act`` back to `CHANCE` or `TERMINAL` (``over``),
    no trump back to `NO_TRUMP`. A spectator's document (``seat`` ``None``) gives the view
    of seat 0 that `spectator_view` made.

    Raises:
        KeyError, TypeError, ValueError, InvalidNotationError: not a view document.
    """
    seats = int(document["seats"])
    to_act = document["to_act"]
    if to_act is None:
        to_act = TERMINAL if document.get("over") else CHANCE
    trump = document["trump"]
    public: dict[str, Any] = {}
    private: dict[str, Any] = {}
    for fact in document["facts"]:
        (private if fact.get("private") else public)[fact["key"]] = document_fact_value(fact)
    seat = document["seat"]
    return PlayerView(
        seat=0 if seat is None else int(seat),
        seats=seats,
        dealer=int(document["dealer"]),
        phase=str(document["phase"]),
        to_act=int(to_act),
        hand=mask_of(parse_card(c) for c in document["hand"]),
        hand_sizes=tuple(int(n) for n in document["hand_sizes"]),
        trump=NO_TRUMP if trump is None else SUIT_LETTERS.index(trump),
        leader=int(document["leader"]),
        trick=tuple(parse_card(t["card"]) for t in document["trick"]),
        tricks=tuple(int(n) for n in document["tricks"]),
        completed=tuple(
            TrickRecord(
                int(t["leader"]),
                tuple(parse_card(c["card"]) for c in t["cards"]),
                int(t["winner"]),
                tuple(int(c["seat"]) for c in t["cards"]),
            )
            for t in document["completed"]
        ),
        history=tuple(str(a) for a in document["history"]),
        public=public,
        private=private,
        trick_order=tuple(int(s) for s in document.get("trick_order", ())),
        options=options,
        progress=document.get("match_state"),
    )


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
    "document_fact_value",
    "fact_mask",
    "fact_value",
    "facts",
    "progress_document",
    "spectator_view",
    "view_document",
    "view_from_document",
]
