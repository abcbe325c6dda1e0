"""The explain-illegal rule hook: a rejected action says which rule it breaks."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist import Deal, DealState, Engine, IllegalActionError, Play, parse_card
from openwhist.plugins import load_catalog
from openwhist.testing.toy import TOY
from openwhist_german.arrange import arrange_deck


def _dealt(engine: Engine, seed: int = 3) -> DealState[Any]:
    state = engine.start_deal(dealer=0)
    return engine.apply(state, engine.sample_chance(state, random.Random(seed)))


def test_hook_whist_explain_illegal_standard_names_a_card_not_held() -> None:
    engine = Engine(TOY)
    state = _dealt(engine)
    foreign = next(c for c in range(52) if not state.hands[state.to_act] >> c & 1)
    with pytest.raises(IllegalActionError, match="does not hold") as info:
        engine.apply(state, Play(foreign))
    # The legal alternatives travel with the error, for the prompt to show.
    assert len(info.value.legal) == 13


def test_hook_whist_explain_illegal_standard_names_the_suit_to_follow() -> None:
    german = load_catalog().variant("german")
    engine = Engine(german)
    # Non-dealer A leads the J of spades; B holds spades and tries a heart.
    deck = arrange_deck(
        non_dealer="JS 2C 3C 4C 5C 6C 7C 8C 9C TC QC KC AC",
        dealer="AS 2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D",
        stock="KH QD",
    )
    state = engine.start_deal(dealer=1)
    state = engine.apply(state, Deal(deck))
    state = engine.apply(state, Play(parse_card("JS")))
    with pytest.raises(
        IllegalActionError, match="must follow suit: 2H is not one of the spades led"
    ) as info:
        engine.apply(state, Play(parse_card("2H")))
    assert info.value.legal == ("AS",)
    # The reason is also kept as a translatable message, with the card as a card.
    reason = info.value.reason
    assert reason is not None
    assert reason.cards == ("card",)
    assert reason.render() == "B must follow suit: 2♥ is not one of the spades led"


def test_hook_whist_explain_illegal_israeli_says_why_a_bid_is_too_low() -> None:
    engine = Engine(load_catalog().variant("israeli"))
    state = _dealt(engine)
    state = engine.apply(state, engine.parse_action(state, "6S"))
    with pytest.raises(IllegalActionError, match=r"not higher than 6S"):
        engine.apply(state, engine.parse_action(state, "5H"))
