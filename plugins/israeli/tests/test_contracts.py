"""The contract round (docs/variants/israeli.md §4.5) and the start of play (§4.6)."""

from __future__ import annotations

import pytest
from israeli_helpers import E, N, S, W, calls, dealt, engine
from openwhist import IllegalActionError, InvalidNotationError, Suit
from openwhist_israeli import CONTRACTS, explain_illegal

E_WINS_7S = "pass, 7S, pass, pass, pass"  # dealer W: N calls first, E declares 7 spades


def contract_numbers(eng, state):
    return [a.number for a in eng.legal_actions(state)]


def test_the_declarer_bids_first_and_at_least_his_trump_bid():
    eng = engine()
    state = calls(eng, dealt(eng), E_WINS_7S)
    assert state.phase == "contracts"
    assert state.to_act == E
    assert contract_numbers(eng, state) == list(range(7, 14))
    with pytest.raises(IllegalActionError):
        eng.apply(state, CONTRACTS[6])
    assert explain_illegal(state, CONTRACTS[6]).startswith(
        "the declarer must contract at least 7, the number of his winning bid 7S"
    )


def test_the_others_bid_any_number_from_zero_to_thirteen_clockwise():
    eng = engine()
    state = calls(eng, dealt(eng), f"{E_WINS_7S}, 9")
    assert state.to_act == S
    assert contract_numbers(eng, state) == list(range(14))
    state = calls(eng, state, "contract 0")
    assert state.to_act == W
    assert contract_numbers(eng, state) == list(range(14))


def test_the_last_bidder_may_not_make_the_total_thirteen():
    eng = engine()
    state = calls(eng, dealt(eng), f"{E_WINS_7S}, 7, 2, 3")
    assert state.to_act == N
    legal = contract_numbers(eng, state)
    assert 1 not in legal
    assert legal == [0, *range(2, 14)]
    assert explain_illegal(state, CONTRACTS[1]) == (
        "the last contract may not make the total exactly 13: the others bid 7 + 2 + 3 = 12, "
        "so 1 is forbidden"
    )
    with pytest.raises(IllegalActionError):
        eng.apply(state, CONTRACTS[1])


def test_a_forbidden_zero_when_the_first_three_total_thirteen():
    eng = engine()
    state = calls(eng, dealt(eng), f"{E_WINS_7S}, 7, 6, 0")
    assert contract_numbers(eng, state) == list(range(1, 14))


def test_no_forbidden_value_when_the_first_three_total_more_than_thirteen():
    eng = engine()
    state = calls(eng, dealt(eng), f"{E_WINS_7S}, 8, 4, 5")
    assert contract_numbers(eng, state) == list(range(14))


def test_contracts_start_play_with_the_declarer_leading_and_the_bid_trump():
    eng = engine()
    state = calls(eng, dealt(eng), f"{E_WINS_7S}, 7, 2, 3, 0")
    assert state.phase == "play"
    assert state.to_act == E
    assert state.leader == E
    assert state.trump == Suit.SPADES
    view = eng.observe(state, S)
    assert view.public["contracts"] == [0, 7, 2, 3]
    assert view.public["contract_total"] == 12
    assert view.public["deal_type"] == "under"


def test_opening_leader_option():
    eng = engine(opening_leader="left_of_dealer")
    state = calls(eng, dealt(eng, dealer=S), "pass, 6H, pass, pass, pass")
    # dealer S: W calls first, N bids 6H and declares; the seat left of the dealer (W) leads.
    assert state.extra.declarer == N
    state = calls(eng, state, "6, 3, 3, 3")
    assert state.phase == "play"
    assert state.to_act == W


def test_declarer_last_order_and_the_forced_raise():
    eng = engine(contract_order="declarer_last")
    state = calls(eng, dealt(eng), E_WINS_7S)
    assert state.to_act == S  # the seat at the declarer's left starts
    state = calls(eng, state, "2, 2, 2")
    assert state.to_act == E
    # The forbidden value 13 - 6 = 7 equals the bid: the declarer must go to 8 or more.
    assert contract_numbers(eng, state) == list(range(8, 14))
    state = calls(eng, state, "8")
    assert state.phase == "play"
    assert state.to_act == E


def test_declarer_last_single_waiver_case():
    eng = engine(contract_order="declarer_last")
    state = calls(eng, dealt(eng), "pass, 13S, pass, pass, pass, 0, 0, 0")
    # {13..13} minus the forbidden 13 would be empty: the sum-13 ban is waived (§4.5.6).
    assert contract_numbers(eng, state) == [13]
    state = calls(eng, state, "13")
    assert state.phase == "play"
    assert eng.observe(state, N).public["deal_type"] == "exact"


def test_contract_notation():
    eng = engine()
    state = calls(eng, dealt(eng), E_WINS_7S)
    assert eng.parse_action(state, "c9") == eng.parse_action(state, " 9 ") == CONTRACTS[9]
    with pytest.raises(InvalidNotationError, match="0 to 13"):
        eng.parse_action(state, "14")
    with pytest.raises(InvalidNotationError, match="not a contract"):
        eng.parse_action(state, "7S")
