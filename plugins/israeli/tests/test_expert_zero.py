"""Issue 19 item 6: in a zero contract the Israeli expert gets rid of the cards that can be
forced to win.

The quoted mistake: bidding zero with ♠AJT3 the expert kept the ♠A and discarded the ♠T,
then had to win a trick with the ace (-50). A player void in the suit led throws the ace:
it wins whenever spades are led and nothing can stop it, while the ♠T and the ♠3 can duck.
"""

from __future__ import annotations

import random

import pytest
from openwhist import Play, PlayerView, parse_card
from openwhist.game.cards import CardSet
from openwhist.plugins import load_catalog
from openwhist_israeli.expert import forced_winner_first

SEEDS = range(6)
HAND = "AS JS TS 3S 6D 5D 4D 3D 2D 5C 4C 3C 2C"
"""Zero bid, void in hearts; clubs trump (low ones), diamonds low: only the spades can be
forced to win, the ace surely."""


def _view(contracts: list[int]) -> PlayerView:
    return PlayerView(
        seat=0,
        seats=4,
        dealer=2,
        phase="play",
        to_act=0,
        hand=CardSet.parse(HAND).mask,
        hand_sizes=(13, 13, 13, 12),
        trump=0,
        leader=3,
        trick=(parse_card("KH"),),
        tricks=(0, 0, 0, 0),
        completed=(),
        history=(),
        public={"contracts": contracts, "declarer": 3, "deal_type": "under"},
    )


def _legal(view: PlayerView) -> tuple[Play, ...]:
    return tuple(Play(c) for c in CardSet(view.hand))


def test_the_ace_is_the_first_card_to_go() -> None:
    view = _view([0, 4, 4, 4])
    assert forced_winner_first(view, view.hand) == parse_card("AS")


@pytest.mark.parametrize("level", ["1", "2", "3"])
def test_zero_bidder_void_in_the_suit_led_discards_the_spade_ace(level: str) -> None:
    view = _view([0, 4, 4, 4])
    spec = load_catalog().bot("expert", "israeli").with_level(level)
    for seed in SEEDS:
        bot = spec.factory("israeli", random.Random(seed))
        card = bot.choose(view, _legal(view)).card  # type: ignore[attr-defined]
        assert card == parse_card("AS"), f"seed {seed}: kept the ♠A, played {card}"
