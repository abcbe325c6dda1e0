"""Every built-in expert decides under the match's options (issue 19 item 3).

Each expert plays a few seeded deals under non-default options; at every decision it is
asked twice -- with the view the engine built (carrying the match's options) and with the
same view carrying the variant's default options instead -- and somewhere the two answers
must differ. An expert that ignored ``view.options`` would answer the same everywhere. The
options are ones that change what a good player does: German ``phase1_must_follow_suit``
(a free reply) and ``all26`` (phase-1 tricks count), an English match without honours to a
shorter game, Israeli zero bonuses, Knock-out Whist's misère and Solo Whist's stakes.

The core's void inference reads the rules in force too: a discard proves a void only where
following suit was compulsory (`openwhist.bots.heuristic.void_proofs`).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from openwhist import Engine, PlayerView
from openwhist.bots.heuristic import always_follow, shown_voids, void_proofs
from openwhist.game.state import CHANCE, TERMINAL, TrickRecord
from openwhist.plugins import load_catalog

CASES: list[tuple[str, dict[str, Any]]] = [
    ("german", {"phase1_must_follow_suit": False}),
    ("german", {"scoring_profile": "all26"}),
    ("english", {"honours": False, "game_target": 3, "game_values": "flat"}),
    ("israeli", {"zero_over_bonus": 150, "zero_under_bonus": 150}),
    ("knockout", {"misere": True}),
    ("solo", {"solo_stake": 6, "misere_stake": 5}),
]
DEALS = 2
"""Deals played per case at most (each decision is searched twice); the first deal shows a
differing decision in most cases."""


def _expert(variant: str, seed: int) -> Any:
    spec = next(b for b in load_catalog().bots_for(variant) if b.name == "expert")
    return spec.with_level(spec.level_names[0]).factory(variant, random.Random(seed))


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[f"{v}-{o}" for v, o in CASES])
def test_each_expert_reads_the_options_in_force(variant: str, options: dict[str, Any]) -> None:
    catalog = load_catalog()
    engine = Engine(catalog.variant(variant), options)
    defaults = catalog.variant(variant).make_options({})
    assert engine.options != defaults
    decisions = differing = 0
    for deal in range(DEALS):  # until a decision differs: the rest would only cost time
        rng = random.Random(f"read-options:{variant}:{deal}")
        state = engine.start_deal(dealer=deal % engine.seats)
        while state.to_act != TERMINAL and not differing:
            if state.to_act == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            seat = state.to_act
            view = engine.observe(state, seat)
            legal = engine.legal_actions(state)
            assert view.options == engine.options  # the view carries the match's options
            choice = _expert(variant, deal).choose(view, legal)
            if len(legal) > 1:
                decisions += 1
                plain = dataclasses.replace(view, options=defaults)
                differing += _expert(variant, deal).choose(plain, legal) != choice
            state = engine.apply(state, choice)
    assert decisions > 0
    assert differing > 0, f"{variant}: the expert decided the same under {options} as without"


def _german_view(must_follow_suit: bool) -> PlayerView:
    from openwhist_german.options import GermanOptions

    # Seat 1 led the 5♥ and seat 0 replied off suit with the 2♣.
    trick = TrickRecord(1, (16, 0), 1, (1, 0))
    return PlayerView(
        seat=1, seats=2, dealer=0, phase="play", to_act=1, hand=0, hand_sizes=(13, 12),
        trump=3, leader=1, trick=(), tricks=(0, 1), completed=(trick,), history=(),
        options=GermanOptions(phase1_must_follow_suit=must_follow_suit),
    )  # fmt: skip


def test_a_discard_proves_a_void_only_where_the_rules_compel_following() -> None:
    from openwhist_german.heuristic import follow_rule

    compelled, free = _german_view(True), _german_view(False)
    assert void_proofs(compelled, must_follow=follow_rule(compelled)) == [(0, 0, 1)]
    assert void_proofs(free, must_follow=follow_rule(free)) == []
    assert shown_voids(free, must_follow=follow_rule(free)) == [0, 0]
    # The standard rule (every other built-in variant) reads the discard as a void.
    assert shown_voids(free, must_follow=always_follow) == [1 << 1, 0]
