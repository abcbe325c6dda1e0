"""Honesty of the ``expert`` bots (issue 7 item 4): a decision depends only on the seat's view.

An expert searches sampled deals, so it *could* peek if it were handed the deal state; it is
handed only ``engine.observe(state, seat)`` and the legal actions, and it seeds its sampling
from its own seed and the view (`openwhist.bots.sampling.view_rng`). For decision points of seeded
deals (random play drives the deal forward) we build a second engine state that differs only
by swapping two cards hidden from the seat to act -- between two other hands (same suit, so
no shown void is contradicted; never the English turn-up nor cards the seat passed in a
Frisch), or in German Whist between the opponent's unknown cards and the face-down stock --
check the views are equal and that the hands really differ, and require the same action from
two identically seeded experts. Also: the same expert asked twice about the same view answers
the same (no hidden state carried between decisions changes it).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist.bots.base import Bot
from openwhist.game.engine import Engine
from openwhist.game.state import CHANCE, TERMINAL
from openwhist.plugins import Catalog, load_catalog

CHECKS = 10
"""Decision points checked per variant (experts are slow: a few seconds in all)."""


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _expert(catalog: Catalog, variant: str, seed: int) -> Bot:
    bot = catalog.bot("expert", variant).factory(variant, random.Random(seed))
    bot.samples = 3  # type: ignore[attr-defined]  # the weakest strength: same code, faster
    return bot


@pytest.mark.parametrize("variant", ["german", "english", "israeli"])
def test_expert_choice_ignores_hidden_cards(
    catalog: Catalog, variant: str, hidden_twin: Any
) -> None:
    engine = Engine(catalog.variant(variant))
    rand = catalog.bot(catalog.variant(variant).default_bot or "random", variant).factory
    seats = catalog.variant(variant).seats
    checked = 0
    phases: set[str] = set()
    deal = 0
    while checked < CHECKS and deal < 20:
        rng = random.Random(f"expert-honesty:{variant}:{deal}")
        bots = [rand(variant, random.Random(rng.getrandbits(64))) for _ in range(seats)]
        state = engine.start_deal(dealer=deal % seats)
        step = 0
        while state.to_act != TERMINAL and checked < CHECKS:
            if state.to_act == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            seat = state.to_act
            legal = engine.legal_actions(state)
            step += 1
            # A few decision points per deal, spread over bidding, early and late play.
            if len(legal) > 1 and step % 9 == deal % 9:
                twin = hidden_twin(variant, state, rng)
                if twin is not None:
                    assert twin.hands != state.hands, "the twin state must really differ"
                    view, twin_view = engine.observe(state, seat), engine.observe(twin, seat)
                    assert view == twin_view, "a view must not show hidden cards"
                    assert engine.legal_actions(twin) == legal
                    expert = _expert(catalog, variant, deal)
                    first = expert.choose(view, legal)
                    second = _expert(catalog, variant, deal).choose(twin_view, legal)
                    assert first == second, f"{variant} expert's choice depends on hidden cards"
                    assert expert.choose(view, legal) == first, "same view, same answer"
                    checked += 1
                    phases.add(state.phase)
            state = engine.apply_unchecked(
                state, bots[seat].choose(engine.observe(state, seat), legal)
            )
        deal += 1
    assert checked == CHECKS
    assert "play" in phases
