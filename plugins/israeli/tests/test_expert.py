"""Israeli Whist's ``expert`` bot (docs/variants/israeli.md §4): scoring it aims at, samples, legal
bids."""

from __future__ import annotations

import random

import pytest
from openwhist import Engine
from openwhist.bots.heuristic import shown_voids
from openwhist.game.state import CHANCE, TERMINAL
from openwhist.plugins import load_catalog
from openwhist_israeli.actions import Contract
from openwhist_israeli.bots import PassingRandomBot
from openwhist_israeli.expert import IsraeliExpertBot, deal_points
from openwhist_israeli.heuristic import IsraeliHeuristicBot


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(load_catalog().variant("israeli"))


def test_deal_points_follow_the_rules_table() -> None:
    # docs/variants/israeli.md §4.7 quick table: made contracts score b² + 10.
    for b, points in {1: 11, 2: 14, 4: 26, 7: 59, 13: 179}.items():
        assert deal_points(b, b, over=False) == points
    # Missing by any number of tricks, over or under, costs 10 per trick.
    assert deal_points(5, 3, over=True) == -20
    assert deal_points(5, 8, over=False) == -30
    # Zero: +50 in an under deal, +25 in an over deal; -50 for one trick, -40 for two.
    assert deal_points(0, 0, over=False) == 50
    assert deal_points(0, 0, over=True) == 25
    assert deal_points(0, 1, over=False) == -50
    assert deal_points(0, 2, over=True) == -40
    # An overtrick is as bad as an undertrick: exactness is the objective.
    assert deal_points(4, 5, over=True) == deal_points(4, 3, over=True) < 0


def test_samples_keep_frisch_cards_with_their_receiver_and_respect_voids(engine: Engine) -> None:
    # docs/variants/israeli.md §4.4: the cards a seat passes go to its left; it knows where they
    # are. The passing random bot makes Frisch rounds common; each play-phase view is sampled.
    checked_frisch = checked_play = 0
    for deal in range(40):
        rng = random.Random(f"israeli-expert:{deal}")
        bots = [PassingRandomBot(random.Random(rng.getrandbits(32))) for _ in range(4)]
        state = engine.start_deal(dealer=deal % 4)
        steps = 0
        while state.to_act != TERMINAL and steps < 400:
            steps += 1
            if state.to_act == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            seat = state.to_act
            view = engine.observe(state, seat)
            if state.phase in ("auction", "play") and rng.random() < 0.15:
                expert = IsraeliExpertBot(random.Random(deal))
                known = expert.known_cards(view)
                voids = shown_voids(view)
                for _ in range(3):
                    hands = expert.sample(view, rng)
                    assert hands is not None
                    assert hands[seat] == view.hand
                    for s, mask in known.items():
                        assert hands[s] & mask == mask, "a passed card left its receiver"
                        # ...and the truth agrees: the receiver really holds it.
                        assert state.hands[s] & mask == mask
                    for s in range(4):
                        assert hands[s].bit_count() == state.hands[s].bit_count()
                        for suit in range(4):
                            if voids[s] >> suit & 1:
                                assert not hands[s] & (0x1FFF << 13 * suit)
                checked_frisch += bool(known)
                checked_play += state.phase == "play"
            legal = engine.legal_actions(state)
            state = engine.apply_unchecked(state, bots[seat].choose(view, legal))
    assert checked_frisch >= 3
    assert checked_play >= 20


def test_contracts_are_legal(engine: Engine) -> None:
    # docs/variants/israeli.md §4.5: the expert picks among the legal contracts only (the declarer's
    # minimum, the last bidder's forbidden total).
    rng = random.Random(4)
    seen = last_bidders = 0
    for deal in range(30):
        bots = [IsraeliHeuristicBot(random.Random(rng.getrandbits(32))) for _ in range(4)]
        state = engine.start_deal(dealer=deal % 4)
        while state.to_act != TERMINAL and state.phase != "play":
            if state.to_act == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            seat = state.to_act
            legal = engine.legal_actions(state)
            view = engine.observe(state, seat)
            if state.phase == "contracts" and seen < 8:
                action = IsraeliExpertBot(random.Random(deal), samples=4).choose(view, legal)
                assert action in legal
                assert isinstance(action, Contract)
                placed = [c for c in view.public["contracts"] if c is not None]
                if len(placed) == 3:
                    assert sum(placed) + action.number != 13, "the forbidden total was bid"
                    last_bidders += 1
                seen += 1
            state = engine.apply_unchecked(state, bots[seat].choose(view, legal))
        if seen >= 8 and last_bidders >= 2:
            break
    assert last_bidders >= 2
