"""Israeli Whist's bots decide under the options in force (``view.options``, issue 19 item 3):
the scoring constants score the expert's sampled deals, the Frisch direction says who holds
the cards it passed, the opening-lead rule starts its simulated play, and under the pagat
auction (``four_passes``) the high bidder lets his bid stand."""

from __future__ import annotations

import dataclasses
import random

import pytest
from openwhist import Action, CardSet, PlayerView
from openwhist_israeli.actions import CONTRACTS, PASS, Bid, Contract, bid_of
from openwhist_israeli.expert import IsraeliExpertBot, deal_points, opening_leader
from openwhist_israeli.heuristic import IsraeliHeuristicBot
from openwhist_israeli.options import IsraeliOptions

SEEDS = range(4)
DIAMONDS = 1
WEAK = "2S 3S 4H 5H 6H 2D 3D 4D 5D 7C 8C 9C 3H"
"""Four low diamonds (trump) and nothing else: about one trick, a zero is a real choice."""
STRONG = "AS KS QS JS TS 9S AH KH AD KD AC KC 2C"
"""A hand that bids spades at any level it is offered."""


def _contract_view(options: IsraeliOptions | None) -> PlayerView:
    return PlayerView(
        seat=0, seats=4, dealer=3, phase="contracts", to_act=0, hand=CardSet.parse(WEAK).mask,
        hand_sizes=(13, 13, 13, 13), trump=DIAMONDS, leader=0, trick=(), tricks=(0, 0, 0, 0),
        completed=(), history=("?",), public={"contracts": [None, 5, None, None], "declarer": 1},
        options=options,
    )  # fmt: skip


def _contract(view: PlayerView, seed: int) -> int:
    action = IsraeliExpertBot(random.Random(seed)).choose(view, CONTRACTS)
    assert isinstance(action, Contract)
    return action.number


def test_sampled_deals_are_scored_with_the_options_constants() -> None:
    generous = IsraeliOptions(zero_over_bonus=80, fail_per_trick=15)
    assert deal_points(0, 0, over=True, options=generous) == 80
    assert deal_points(4, 6, over=False, options=generous) == -30
    assert deal_points(0, 0, over=True) == 25  # the defaults without options


def test_the_expert_bids_zero_when_a_zero_pays_and_not_when_it_pays_nothing() -> None:
    # The same weak hand: a house paying 200 for a made zero makes zero the contract on
    # every sample set; a house paying nothing never lets the expert bid zero, where a
    # broken zero still costs 50.
    rich = _contract_view(IsraeliOptions(zero_over_bonus=200, zero_under_bonus=200))
    poor = _contract_view(IsraeliOptions(zero_over_bonus=0, zero_under_bonus=0))
    assert [_contract(rich, seed) for seed in SEEDS] == [0] * len(SEEDS)
    assert 0 not in [_contract(poor, seed) for seed in SEEDS]


def _play_view(options: IsraeliOptions, given: list[list[str]]) -> PlayerView:
    return PlayerView(
        seat=0, seats=4, dealer=3, phase="auction", to_act=0, hand=CardSet.parse(WEAK).mask,
        hand_sizes=(13, 13, 13, 13), trump=-1, leader=0, trick=(), tricks=(0, 0, 0, 0),
        completed=(), history=("?",), public={}, private={"frisch_given": given},
        options=options,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("direction", "rounds", "receiver"),
    [("left", 1, 1), ("left", 2, 1), ("rotate", 1, 1), ("rotate", 2, 2), ("rotate", 3, 3)],
)
def test_passed_cards_are_sampled_with_the_seat_the_frisch_direction_sent_them_to(
    direction: str, rounds: int, receiver: int
) -> None:
    passed = ["AS", "KS", "QS"]
    given = [["JS", "TS", "9S"]] * (rounds - 1) + [passed]
    view = _play_view(IsraeliOptions.model_validate({"frisch_direction": direction}), given)
    mask = CardSet.parse(" ".join(passed)).mask
    bot = IsraeliExpertBot(random.Random(0))
    assert bot.known_cards(view) == {receiver: mask}
    rng = random.Random(5)
    for _ in range(5):
        hands = bot.sample(view, rng)
        assert hands is not None
        assert hands[receiver] & mask == mask, f"the passed cards left seat {receiver}"


def test_simulated_play_starts_from_the_opening_leader_of_the_options() -> None:
    view = _play_view(IsraeliOptions(), [])
    assert opening_leader(view, 2) == 2  # the declarer leads (the default)
    left = dataclasses.replace(view, options=IsraeliOptions(opening_leader="left_of_dealer"))
    assert opening_leader(left, 2) == 0  # the dealer (3) is at the declarer's right


def _auction_view(
    high_bidder: int, options: IsraeliOptions
) -> tuple[PlayerView, tuple[Action, ...]]:
    view = PlayerView(
        seat=0, seats=4, dealer=3, phase="auction", to_act=0, hand=CardSet.parse(STRONG).mask,
        hand_sizes=(13, 13, 13, 13), trump=-1, leader=0, trick=(), tricks=(0, 0, 0, 0),
        completed=(), history=("?",),
        public={"high_bid": "5S", "high_bidder": high_bidder, "min_bid": 5}, options=options,
    )  # fmt: skip
    legal = (PASS, *(bid_of(code) for code in range(5 * 5 + 4, 5 * 9)))
    return view, legal


@pytest.mark.parametrize("bot_name", ["heuristic", "expert"])
def test_under_four_passes_the_high_bidder_lets_his_bid_stand(bot_name: str) -> None:
    pagat = IsraeliOptions(auction_end="four_passes")
    bot = IsraeliHeuristicBot() if bot_name == "heuristic" else IsraeliExpertBot(random.Random(1))
    # Another seat holds the bid: the strong hand overcalls it.
    view, legal = _auction_view(2, pagat)
    assert isinstance(bot.choose(view, legal), Bid)
    # Everybody passed round to our 5♠: raising it would only bind us to more tricks.
    view, legal = _auction_view(0, pagat)
    assert bot.choose(view, legal) == PASS
