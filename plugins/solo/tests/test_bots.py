"""The Solo Whist bots (docs/variants/solo.md §9): the heuristic's hand evaluation and
misère play, the expert's knowledge and honesty, and whole deals played by each."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist import CHANCE, NO_TRUMP, TERMINAL, Deal, Engine, Play, PlayerView
from openwhist_solo import SOLO
from openwhist_solo.actions import ABUNDANCE, DECLARED, MISERE, OPEN_MISERE, ROYAL
from openwhist_solo.actions import SOLO as SOLO_CALL
from openwhist_solo.expert import SoloExpertBot
from openwhist_solo.heuristic import (
    SoloHeuristicBot,
    estimate_tricks,
    hand_calls,
    misere_danger,
    misere_defence,
)
from openwhist_solo.options import SoloOptions
from solo_helpers import E, N, S, W, calls, cards, dealt, engine


def test_the_hand_evaluation_reads_tricks_and_misere_safety() -> None:
    strong = cards("AS KS QS JS TS 9S 8S AH KH AD KD AC KC")
    assert estimate_tricks(strong, 3) >= 12.5
    supported = hand_calls(strong, 3)
    assert supported[DECLARED]
    assert not supported[MISERE]
    low = cards("2S 4S 6S 2H 3H 5H 2D 4D 6D 8D 2C 3C 4C")
    assert misere_danger(low) == 0
    assert hand_calls(low, 0)[MISERE]
    assert hand_calls(low, 0)[OPEN_MISERE]
    assert not hand_calls(low, 0)[SOLO_CALL]
    exposed = cards("2S 4S 6S 2H 3H 5H 2D 4D 6D 8D 2C 3C AC")
    assert misere_danger(exposed) == 1  # the ace of clubs, over a 2 and a 3
    assert not hand_calls(exposed, 0)[OPEN_MISERE]


def test_the_calls_are_judged_with_the_trumps_the_options_give_them() -> None:
    # Issue 19 item 3. Nine spades, spades turned up: an abundance only in the turn-up suit.
    # While royal abundance is played that is the royal abundance, and a plain abundance
    # must name another suit; without it the plain abundance may be in spades.
    spades = cards("AS KS QS JS TS 9S 8S 7S 6S 2H 3D 4C 5C")
    assert not hand_calls(spades, 3, SoloOptions())[ABUNDANCE]
    assert hand_calls(spades, 3, SoloOptions())[ROYAL]
    assert hand_calls(spades, 3, SoloOptions(royal_abundance=False))[ABUNDANCE]
    # Thirteen tricks with spades trump, under ten at no trump: an abundance declared only
    # where the declarer names the trump.
    strong = cards("AS KS QS JS TS 9S 8S AH KH AD KD AC KC")
    assert hand_calls(strong, 3, SoloOptions())[DECLARED]
    assert not hand_calls(strong, 3, SoloOptions(declared_trump="no_trump"))[DECLARED]


def _view(**fields: Any) -> PlayerView:
    base: dict[str, Any] = {
        "seat": E,
        "seats": 4,
        "dealer": N,
        "phase": "play",
        "to_act": E,
        "hand": 0,
        "hand_sizes": (13, 13, 13, 13),
        "trump": NO_TRUMP,
        "leader": N,
        "trick": (),
        "tricks": (0, 0, 0, 0),
        "completed": (),
        "history": (),
        "public": {"contract": "misere", "declarer": N},
    }
    base.update(fields)
    return PlayerView(**base)


def test_a_misere_defender_stays_under_the_declarers_card() -> None:
    hand = cards("8H KH 3C")
    view = _view(hand=hand, trick=(cards("9H").bit_length() - 1,))
    legal = cards("8H KH")
    assert misere_defence(view, legal, N) == cards("8H").bit_length() - 1


def test_a_misere_defender_plays_low_while_the_declarer_is_still_to_play() -> None:
    hand = cards("8H KH 3C")
    view = _view(hand=hand, seat=E, to_act=E, leader=W, trick=(cards("4H").bit_length() - 1,))
    # W led, E is second; S then N (the declarer) still play.
    assert misere_defence(view, cards("8H KH"), N) == cards("8H").bit_length() - 1


def test_the_expert_knows_the_turn_up_and_the_open_misere_hand() -> None:
    eng = engine()
    state = calls(eng, dealt(eng), "pass, open-misere, pass, pass")
    for _ in range(4):
        state = eng.apply(state, eng.legal_actions(state)[0])
    view = eng.observe(state, W)
    known = SoloExpertBot.known_cards(view)
    assert known[S] == state.hands[S]  # the face-up hand
    assert known[N] == 1 << state.extra.turn_up  # the dealer's turned-up card
    sample = SoloExpertBot(random.Random(1), samples=1).sample(view, random.Random(2))
    assert sample is not None
    assert sample[S] == state.hands[S]


@pytest.mark.parametrize("seed", range(4))
def test_the_expert_decides_from_its_view_only(seed: int) -> None:
    """Two deals that differ only by two cards hidden from the seat to act (same suit,
    swapped between two other hands) give it the same view and the same decision."""
    eng = engine()
    rng = random.Random(seed)
    state = eng.start_deal(dealer=seed % 4)
    deck = list(eng.sample_chance(state, rng).order)
    state = eng.apply(state, Deal(tuple(deck)))
    auction = (
        "solo, pass, pass, pass",
        "misere, pass, pass, pass",
        "prop, cop, pass, pass",
        "abundance, pass, pass, pass, trump S",
    )[seed]
    state = calls(eng, state, auction)
    assert state.phase == "play"
    for _ in range(rng.randrange(1, 4)):
        state = eng.apply(state, eng.legal_actions(state)[0])
    assert state.to_act >= 0
    me = state.to_act
    view = eng.observe(state, me)
    others = [s for s in range(4) if s != me]
    turn_up = state.extra.turn_up
    swap = None
    for suit in range(4):
        for a_seat in others:
            for b_seat in others:
                if a_seat >= b_seat:
                    continue
                a = state.hands[a_seat] & (0x1FFF << 13 * suit) & ~(1 << turn_up)
                b = state.hands[b_seat] & (0x1FFF << 13 * suit) & ~(1 << turn_up)
                if a and b:
                    swap = ((a & -a).bit_length() - 1, (b & -b).bit_length() - 1)
    assert swap is not None
    x, y = swap
    order = [y if c == x else x if c == y else c for c in deck]
    other = eng.start_deal(dealer=seed % 4)
    for action in (Deal(tuple(order)), *state.history[1:]):
        other = eng.apply_unchecked(other, action)
    assert other.hands != state.hands
    assert eng.observe(other, me) == view
    legal = eng.legal_actions(state)
    first = SoloExpertBot(random.Random(9), samples=2).choose(view, legal)
    second = SoloExpertBot(random.Random(9), samples=2).choose(eng.observe(other, me), legal)
    assert first == second


@pytest.mark.parametrize("bot", ["heuristic", "expert"])
def test_each_bot_plays_whole_deals_in_every_seat(bot: str) -> None:
    eng = Engine(SOLO, {"all_pass": "general_misere"})
    rng = random.Random(5)
    players = [
        SoloHeuristicBot(random.Random(s))
        if bot == "heuristic"
        else SoloExpertBot(random.Random(s), samples=2)
        for s in range(4)
    ]
    contracts = set()
    for deal in range(3 if bot == "expert" else 30):
        state = eng.start_deal(dealer=deal % 4)
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                state = eng.apply(state, eng.sample_chance(state, rng))
                continue
            legal = eng.legal_actions(state)
            action = players[state.to_act].choose(eng.observe(state, state.to_act), legal)
            assert action in legal
            state = eng.apply(state, action)
        score = eng.score(state)
        assert sum(line.points for line in score.lines) == 0
        contracts.add(score.facts["contract"])
        if isinstance(state.history[-1], Play):
            assert state.phase == "end"
    if bot == "heuristic":
        assert len(contracts) >= 3, contracts
