"""Israeli Whist's heuristic bot decides under the options in force (``view.options``): what
a made zero pays (docs/variants/israeli.md §4.7) changes which hands it bids zero with."""

from __future__ import annotations

import dataclasses
import random

from openwhist import NO_TRUMP, CardSet, PlayerView
from openwhist_israeli.actions import CONTRACTS
from openwhist_israeli.heuristic import IsraeliHeuristicBot, estimate_tricks, zero_threshold
from openwhist_israeli.options import IsraeliOptions

WEAK = "2S 3S 4H 5H 6H 2D 3D 4D 5D 7C 8C 9C 3H"
DIAMONDS = 1


def contract_view(hand: str, trump: int, options: IsraeliOptions | None) -> PlayerView:
    mask = CardSet.parse(hand).mask
    return PlayerView(
        seat=0, seats=4, dealer=3, phase="contracts", to_act=0, hand=mask,
        hand_sizes=(13, 13, 13, 13), trump=trump, leader=0, trick=(), tricks=(0, 0, 0, 0),
        completed=(), history=("?",), public={}, options=options,
    )  # fmt: skip


def contract(view: PlayerView) -> int:
    action = IsraeliHeuristicBot(random.Random(1)).choose(view, CONTRACTS)
    return int(action.number)  # type: ignore[attr-defined]


def test_the_zero_threshold_is_the_default_under_the_default_bonuses() -> None:
    assert zero_threshold(IsraeliOptions()) == 0.75
    assert zero_threshold(IsraeliOptions(zero_over_bonus=0, zero_under_bonus=0)) == 0.0
    assert zero_threshold(IsraeliOptions(zero_over_bonus=50, zero_under_bonus=100)) == 1.5


def test_no_zero_bonus_means_no_zero_for_a_worthless_hand() -> None:
    view = contract_view(WEAK, NO_TRUMP, None)
    assert estimate_tricks(view.hand, NO_TRUMP) == 0.0
    assert contract(view) == 0  # the defaults: +25/+50 for a made zero
    stingy = IsraeliOptions(zero_over_bonus=0, zero_under_bonus=0)
    assert contract(dataclasses.replace(view, options=stingy)) == 1


def test_a_generous_zero_bonus_tempts_a_hand_worth_about_one_trick() -> None:
    view = contract_view(WEAK, DIAMONDS, IsraeliOptions())
    assert 0.75 < estimate_tricks(view.hand, DIAMONDS) < 1.5
    assert contract(view) == 1
    generous = IsraeliOptions(zero_over_bonus=50, zero_under_bonus=100)
    assert contract(dataclasses.replace(view, options=generous)) == 0
