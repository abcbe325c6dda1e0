"""The ``heuristic`` bots: registered for every built-in variant, stronger than ``random``
(issue 5 item 10, on smaller samples than bench/bench_bots.py), and honest.

Strength thresholds. Every deal is seeded, so each test is deterministic for given code;
the thresholds are set so that a code change that made the heuristic no better than
``random`` would fail with near certainty, while the measured strength passes by a wide
margin (figures from bench/bench_bots.py, 1,000 deals, docs/bots.md):

* German, 200 deals: a random-equivalent bot wins a deal with p = 0.5 (the game is
  symmetric; seats and dealer alternate): wins ~ Binomial(200, 0.5), mean 100, sd 7.1.
  Threshold 150 wins is 7 sd above that (P < 1e-11). The heuristic wins ~89 %: mean 178,
  sd 4.4, so 150 is 6 sd below what it scores.
* English, 200 deals: the per-deal point difference has sd ~3.1, so the mean's standard
  error is ~0.22. We require the lower end of the 99.9 % interval (mean - 3.29 se) to be
  above zero: a random-equivalent side (true mean 0) passes with P < 0.0005. The
  heuristic's mean is ~+1.5, i.e. 6.8 se above zero.
* Israeli, 200 deals (the heuristic seat rotates): a random contract bid (0..13 among the
  legal ones) makes ~5 % of the time: Binomial(200, 0.05), mean 10, sd 3.1. Threshold 50
  makes (25 %) is 13 sd above; the heuristic makes ~47 % (mean 94, sd 7.1, 6 sd above 50).
  Its rate must also exceed the random seats' rate (600 seat-deals) by 20 points.

Honesty: a bot's choice depends only on its view. For decision points of seeded deals we
build a second engine state that differs only by swapping two cards hidden from the seat to
act (between two other hands, same suit so no shown void is contradicted; in German Whist,
between the opponent's unknown cards and the hidden stock), check the seat's views are
equal, and require the same action from two identically seeded bots.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import pytest
from openwhist.bots.base import Bot
from openwhist.game.engine import Engine
from openwhist.game.state import CHANCE, PHASE_PLAY, TERMINAL
from openwhist.plugins import Catalog, load_catalog

DEALS = 200


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def play_deal(engine: Engine, bots: Sequence[Bot], dealer: int, rng: random.Random) -> Any:
    """Play one deal to its end (bots get only the view and the legal actions)."""
    state = engine.start_deal(dealer=dealer)
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        seat = state.to_act
        legal = engine.legal_actions(state)
        action = bots[seat].choose(engine.observe(state, seat), legal)
        assert action in legal, f"seat {seat} chose {action}, not among the legal actions"
        state = engine.apply_unchecked(state, action)
    return state


# -- registration ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["german", "english", "american", "israeli"])
def test_each_builtin_variant_has_its_own_heuristic(catalog: Catalog, variant: str) -> None:
    spec = catalog.bot("heuristic", variant)
    assert variant in spec.variants, "the variant's own heuristic, not a generic one"
    assert {"random", "heuristic"} <= {s.name for s in catalog.bots_for(variant)}


# -- strength ------------------------------------------------------------------------------


def test_german_heuristic_wins_most_deals_against_random(catalog: Catalog) -> None:
    engine = Engine(catalog.variant("german"))
    heuristic = catalog.bot("heuristic", "german").factory
    rand = catalog.bot("random", "german").factory
    wins = 0
    for i in range(DEALS):
        rng = random.Random(f"strength:german:{i}")
        seat, dealer = i % 2, (i // 2) % 2
        bots = [rand("german", random.Random(rng.getrandbits(64))) for _ in range(2)]
        bots[seat] = heuristic("german", random.Random(rng.getrandbits(64)))
        wins += engine.score(play_deal(engine, bots, dealer, rng)).winner == seat
    assert wins >= 150, f"heuristic won only {wins} of {DEALS} deals"


def test_english_heuristic_side_scores_more_than_random_side(catalog: Catalog) -> None:
    engine = Engine(catalog.variant("english"))
    heuristic = catalog.bot("heuristic", "english").factory
    rand = catalog.bot("random", "english").factory
    diffs = []
    for i in range(DEALS):
        rng = random.Random(f"strength:english:{i}")
        side, dealer = i % 2, (i // 2) % 4
        bots = [
            (heuristic if s % 2 == side else rand)("english", random.Random(rng.getrandbits(64)))
            for s in range(4)
        ]
        score = engine.score(play_deal(engine, bots, dealer, rng))
        diffs.append(score.points(side) - score.points(1 - side))
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    low = mean - 3.29 * sd / math.sqrt(len(diffs))
    assert low > 0, f"mean difference {mean:+.2f} per deal, 99.9 % interval from {low:+.2f}"


def test_israeli_heuristic_makes_its_contract_more_often_than_random(catalog: Catalog) -> None:
    engine = Engine(catalog.variant("israeli"))
    heuristic = catalog.bot("heuristic", "israeli").factory
    rand = catalog.bot("random", "israeli").factory
    made_h = made_r = 0
    for i in range(DEALS):
        rng = random.Random(f"strength:israeli:{i}")
        seat, dealer = i % 4, (i // 4) % 4
        bots = [rand("israeli", random.Random(rng.getrandbits(64))) for _ in range(4)]
        bots[seat] = heuristic("israeli", random.Random(rng.getrandbits(64)))
        state = play_deal(engine, bots, dealer, rng)
        for s in range(4):
            made = state.tricks[s] == state.extra.contracts[s]
            if s == seat:
                made_h += made
            else:
                made_r += made
    rate_h, rate_r = made_h / DEALS, made_r / (3 * DEALS)
    assert made_h >= 50, f"heuristic made only {made_h} of {DEALS} contracts"
    assert rate_h - rate_r >= 0.20, f"heuristic {rate_h:.1%} vs random {rate_r:.1%}"


# -- honesty -------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["german", "english", "israeli"])
def test_heuristic_choice_ignores_hidden_cards(
    catalog: Catalog, variant: str, hidden_twin: Any
) -> None:
    engine = Engine(catalog.variant(variant))
    factory = catalog.bot("heuristic", variant).factory
    rand = catalog.bot("random", variant).factory
    seats = catalog.variant(variant).seats
    checked = 0
    seen_phases: set[str] = set()
    for deal in range(12):
        rng = random.Random(f"honesty:{variant}:{deal}")
        bots = [rand(variant, random.Random(rng.getrandbits(64))) for _ in range(seats)]
        state = engine.start_deal(dealer=deal % seats)
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            seat = state.to_act
            legal = engine.legal_actions(state)
            twin = hidden_twin(variant, state, rng)
            if twin is not None:
                assert twin.hands != state.hands, "the twin state must really differ"
                view, twin_view = engine.observe(state, seat), engine.observe(twin, seat)
                assert view == twin_view, "a view must not show hidden cards"
                assert engine.legal_actions(twin) == legal
                first = factory(variant, random.Random(deal)).choose(view, legal)
                second = factory(variant, random.Random(deal)).choose(twin_view, legal)
                assert first == second, f"{variant} heuristic peeked at hidden cards"
                checked += 1
                seen_phases.add(state.phase)
            state = engine.apply_unchecked(
                state, bots[seat].choose(engine.observe(state, seat), legal)
            )
    assert checked >= 100
    assert PHASE_PLAY in seen_phases
    if variant == "israeli":
        assert {"auction", "contracts"} <= seen_phases, "bidding decisions are checked too"
