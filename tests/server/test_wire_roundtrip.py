"""The server's JSON view reads back into the exact `PlayerView` (issue 15, clients).

``whist join`` and ``whist bot`` draw and decide from what the server sends, not from an
engine of their own. So every view the engine makes for a seat, written as the server
writes it (`view_document`, through `json`) and read back (`view_from_document`), must
equal the engine's view field by field: the hand, the trick and who played each card,
the facts as the variant holds them (card numbers, bitmasks or names), ``to_act`` at the
deal and at its end, the match state. The spectator's view too.

Every installed variant, at each seat count it allows (up to five), over seeded deals
played by random legal moves, at every step of each deal.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from openwhist import CHANCE, TERMINAL, Engine
from openwhist.game.views import PlayerView
from openwhist.plugins import Catalog, load_catalog
from openwhist.services.remote import RemoteGame
from openwhist.services.wire import spectator_view, view_document, view_from_document

DEALS = 3
"""Seeded deals per variant and seat count; each is checked at every step."""

_CATALOG = load_catalog()
CASES = [
    (name, seats)
    for name in sorted(_CATALOG.variants)
    for seats in _CATALOG.variants[name].variant.allowed_seats
    if seats <= 5
]


def _wire(document: dict[str, Any]) -> dict[str, Any]:
    """Through JSON, as a client receives it."""
    loaded: dict[str, Any] = json.loads(json.dumps(document, ensure_ascii=False))
    return loaded


def _check(
    engine: Engine, game: RemoteGame, state: Any, names: list[str], seen: dict[str, int]
) -> None:
    presentation = engine.variant.match_presentation(engine.house_rules)
    views: list[PlayerView] = []
    for seat in range(engine.seats):
        view = engine.observe(state, seat)
        views.append(view)
        legal = engine.legal_actions(state) if state.to_act == seat else ()
        notations = [a.notation() for a in legal]
        document = _wire(view_document(view, presentation, names=names, legal=notations))
        back = view_from_document(document, options=engine.options)
        assert back == view, f"seat {seat} at {len(state.history)} actions"
        # A client reads the legal actions' notation back into the engine's actions.
        assert game.legal({"deal": document}) == legal
        for group in (view.public, view.private):
            for key in group:
                seen[key] = seen.get(key, 0) + 1
    spectator = spectator_view(views)
    document = _wire(view_document(spectator, presentation, names=names, spectator=True))
    assert document["seat"] is None
    assert document["hand"] == []
    assert view_from_document(document, options=engine.options) == spectator


@pytest.mark.parametrize(("variant", "seats"), CASES)
def test_every_view_of_seeded_deals_reads_back_exactly(variant: str, seats: int) -> None:
    catalog: Catalog = _CATALOG
    the_variant = catalog.variant(variant)
    engine = Engine(the_variant, the_variant.make_options({}), seats=seats)
    names = [f"P{i}" for i in range(seats)]
    game = RemoteGame(
        catalog,
        {
            "variant": variant,
            "variant_version": catalog.variants[variant].version,
            "options": engine.options.model_dump(mode="json"),
            "house_rules": [],
            "seats": names,
        },
    )
    rng = random.Random(f"{variant}-{seats}")
    progress = engine.start_match(engine.choose_first_dealer(rng))
    seen: dict[str, int] = {}
    moments = {"chance": 0, "terminal": 0}
    for _deal in range(DEALS):
        state = engine.next_deal(progress)
        while True:
            _check(engine, game, state, names, seen)
            if state.to_act == TERMINAL:
                moments["terminal"] += 1
                break
            if state.to_act == CHANCE:
                moments["chance"] += 1
                action: Any = engine.sample_chance(state, rng)
            else:
                action = rng.choice(engine.legal_actions(state))
            state = engine.apply(state, action)
        progress = engine.advance_match(progress, engine.score(state))
        if progress.finished:
            progress = engine.start_match(engine.choose_first_dealer(rng))
    # The moments a client must tell apart were met: the deal to come, and its end.
    assert moments["chance"] >= DEALS
    assert moments["terminal"] == DEALS
    declared = {f.key for f in engine.variant.match_presentation(()).public}
    assert not declared or seen, "no fact of the variant was ever checked"


def test_card_facts_keep_how_the_view_held_them() -> None:
    """A card fact held as a number, a name, a bitmask or a list comes back as it was."""
    from openwhist import FactKind
    from openwhist.services.wire import document_fact_value, fact_mask, fact_value

    values: list[tuple[FactKind, Any]] = [
        (FactKind.CARD, 36),
        (FactKind.CARD, "9C"),
        (FactKind.CARD, None),
        (FactKind.CARDS, 0b1011),
        (FactKind.CARDS, [5, 40]),
        (FactKind.CARDS, ["KC", 2]),
        (FactKind.CARD_SETS, [3, [7, "AS"], []]),
        (FactKind.CARDS_PER_SEAT, [0, 1 << 51]),
    ]
    for kind, value in values:
        wire = {"kind": kind.value, "value": fact_value(kind, value)}
        wire["mask"] = fact_mask(kind, value)
        assert document_fact_value(json.loads(json.dumps(wire))) == value, (kind, value)
