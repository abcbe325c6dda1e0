"""What a seat is told before it calls (docs/variants/israeli.md §4.4, §4.5): the lowest bid
allowed now, in the contract round the declarer's floor and the one contract the last seat
may not choose, and the whole auction history across Frisch rounds -- each the same as the
engine's legal actions, so the screen never promises a call the rules refuse."""

from __future__ import annotations

from israeli_helpers import E, N, calls, dealt, engine
from openwhist_israeli.actions import Bid, Contract

LOW_THREE = "frisch 2C 3C 4C, frisch 2D 3D 4D, frisch 2H 3H 4H, frisch 2S 3S 4S"


def test_the_lowest_bid_shown_is_the_lowest_legal_bid() -> None:
    eng = engine()
    state = dealt(eng)
    for script in ("", "5C", "5C, 5S"):
        seen = calls(eng, state, script) if script else state
        view = eng.observe(seen, seen.to_act)
        bids = [a for a in eng.legal_actions(seen) if isinstance(a, Bid)]
        assert view.public["lowest_bid"] == min(bids, key=lambda b: b.code).notation()
        assert view.public["forbidden_contract"] is None


def test_the_contract_round_shows_the_declarers_floor_and_the_forbidden_contract() -> None:
    eng = engine()
    state = calls(eng, dealt(eng), "6S, pass, pass, pass")
    view = eng.observe(state, state.to_act)
    assert view.public["lowest_bid"] is None
    legal = {a.number for a in eng.legal_actions(state) if isinstance(a, Contract)}
    if state.to_act == view.public["declarer"]:
        assert view.public["lowest_contract"] == min(legal) == 6
    # Three contracts placed: the last seat may choose anything but 13 minus their total.
    state = calls(eng, state, "6, 3, 2")
    view = eng.observe(state, state.to_act)
    legal = {a.number for a in eng.legal_actions(state) if isinstance(a, Contract)}
    assert view.public["forbidden_contract"] == "2"
    assert 2 not in legal
    assert set(range(14)) - legal == {2}


def test_the_auctions_before_each_frisch_stay_on_the_table() -> None:
    eng = engine()
    state = calls(eng, dealt(eng), f"pass, pass, pass, pass, {LOW_THREE}, 6S")
    view = eng.observe(state, E)
    assert view.public["earlier_auctions"] == [[[N, "pass"], [1, "pass"], [2, "pass"], [3, "pass"]]]
    assert view.public["auction"] == [[N, "6S"]]
