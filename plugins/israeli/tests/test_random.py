"""Random play: every deal terminates, the Frisch and redeal paths occur, and the
conformance kit's invariants hold (defaults, every option value, forced Frisch paths)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from openwhist import CHANCE, TERMINAL, DealState, Engine, HouseRule, hookimpl
from openwhist.testing.conformance import check_variant, option_samples
from openwhist_israeli import ISRAELI, PASS, PassingRandomBot

RANDOM_DEALS = 2000


def play_deal(engine: Engine, bot: PassingRandomBot, rng: random.Random, dealer: int):
    """One deal by bots; returns the final state and how many actions it took."""
    state = engine.start_deal(dealer=dealer)
    steps = 0
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            action = engine.sample_chance(state, rng)
        else:
            legal = engine.legal_actions(state)
            action = bot.pick(legal)  # the bot plays blind: no view needed
        state = engine.apply_unchecked(state, action)
        steps += 1
        assert steps <= ISRAELI.max_actions
    return state, steps


def test_thousands_of_random_deals_terminate_through_frisch_and_redeal_paths():
    engine = Engine(ISRAELI)
    rng = random.Random(2024)
    bot = PassingRandomBot(rng)
    seen: Counter[str] = Counter()
    longest = 0
    for index in range(RANDOM_DEALS):
        state, steps = play_deal(engine, bot, rng, dealer=index % 4)
        longest = max(longest, steps)
        extra = state.extra
        seen["frisch"] += extra.frisch > 0 or extra.redeals > 0
        seen[f"frisch_rounds_{extra.frisch}"] += 1
        seen["redeal"] += extra.redeals > 0
        score = engine.score(state)  # the facts validate: tricks total 13, contracts legal
        assert sum(score.tricks) == 13
        assert len([line for line in score.lines if line.category != "penalty"]) == 4
        assert sum(extra.contracts) != 13
    # With 3/4 passes, about 32% of auctions are passed out: Frisch rounds are common and
    # about one deal in a hundred goes through three Frisch rounds to a redeal.
    assert seen["frisch"] > RANDOM_DEALS // 5
    for rounds in (1, 2, 3):
        assert seen[f"frisch_rounds_{rounds}"] > 0
    assert seen["redeal"] >= 5
    assert longest < 300


def test_the_uniform_random_bot_finishes_deals_too():
    # The core's random player almost never passes (1 call in 46): the auctions climb
    # towards 13NT and end there at the latest.
    engine = Engine(ISRAELI)
    rng = random.Random(7)
    for index in range(300):
        state = engine.start_deal(dealer=index % 4)
        steps = 0
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
            else:
                legal = engine.legal_actions(state)
                state = engine.apply(state, legal[rng.randrange(len(legal))])
            steps += 1
        assert steps <= ISRAELI.max_actions
        assert engine.score(state).parties == ("N", "E", "S", "W")


def test_passing_bot_rejects_a_bad_rate():
    with pytest.raises(ValueError, match="between 0 and 1"):
        PassingRandomBot(random.Random(1), pass_rate=1.5)


# -- the conformance kit ---------------------------------------------------------------------


def test_conformance_with_default_options():
    report = check_variant(ISRAELI, deals=150, seed=4)
    assert report.deals == 150
    assert report.view_swaps > 0


@pytest.mark.parametrize("options", option_samples(ISRAELI), ids=str)
def test_conformance_for_every_option_value(options):
    report = check_variant(ISRAELI, deals=20, seed=5, options=options)
    assert report.deals == 20


class ForcedPassOuts:
    """Test-only house rule: the first ``auctions`` auctions of a deal are passed out, so
    the kit's random play goes through Frisch rounds (and, with 4, a redeal)."""

    def __init__(self, auctions: int) -> None:
        self.auctions = auctions

    @hookimpl
    def whist_bidding_actions(self, state: DealState[Any]) -> tuple[Any, ...] | None:
        extra = state.extra
        if state.phase == "auction" and extra.redeals == 0 and extra.frisch < self.auctions:
            return (PASS,)
        return None


@pytest.mark.parametrize(
    ("auctions", "options"),
    [
        (1, {}),
        (3, {"frisch_direction": "rotate"}),
        (4, {}),  # three Frisch rounds, then the fourth passed-out auction redeals
        (2, {"frisch_cards": 1, "frisch_max_rounds": 1}),
        (1, {"passed_out_redeal_by": "next", "frisch_max_rounds": 1}),
    ],
)
def test_conformance_through_forced_frisch_rounds(auctions, options):
    rule = HouseRule(
        "forced-pass-outs", "test", "pass out the first auctions", ForcedPassOuts(auctions)
    )
    report = check_variant(
        ISRAELI, deals=6, seed=auctions, options=options, house_rules=[rule], swaps_per_deal=4
    )
    assert report.deals == 6
    assert report.view_swaps > 0
