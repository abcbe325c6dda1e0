"""The trump auction (docs/variants/israeli.md §4.3): minimum, ranking, passes, end, options."""

from __future__ import annotations

import pytest
from israeli_helpers import E, N, S, W, calls, dealt, engine
from openwhist import NO_TRUMP, IllegalActionError, InvalidNotationError, Suit
from openwhist_israeli import PASS, Bid, explain_illegal, parse_call


def notations(eng, state):
    return [a.notation() for a in eng.legal_actions(state)]


def test_first_call_is_left_of_dealer_and_the_minimum_is_five():
    eng = engine()
    state = dealt(eng, dealer=W)
    assert state.phase == "auction"
    assert state.to_act == N  # the player at the dealer's left (W's left is N)
    legal = notations(eng, state)
    # pass, then 9 numbers (5..13) x 5 denominations, lowest first: C < D < H < S < NT.
    assert legal[:7] == ["pass", "5C", "5D", "5H", "5S", "5NT", "6C"]
    assert len(legal) == 1 + 9 * 5
    assert legal[-1] == "13NT"


def test_first_caller_dealer_option():
    eng = engine(first_caller="dealer")
    assert dealt(eng, dealer=S).to_act == S
    assert dealt(engine(), dealer=S).to_act == W


def test_a_bid_below_the_minimum_is_rejected_as_too_low():
    eng = engine()
    state = dealt(eng)
    four = eng.parse_action(state, "4S")  # well-formed, but below min_bid
    assert four == Bid(4, Suit.SPADES)
    with pytest.raises(IllegalActionError) as info:
        eng.apply(state, four)
    assert "5C" in info.value.legal
    assert "4S" not in info.value.legal
    assert explain_illegal(state, four).startswith("too low: the minimum bid is 5")
    assert explain_illegal(state, Bid(5, 0)) == ""


def test_equal_numbers_are_ranked_by_denomination():
    eng = engine()
    state = calls(eng, dealt(eng), "5H")
    legal = notations(eng, state)
    assert "5S" in legal
    assert "5NT" in legal
    assert "5H" not in legal
    assert "5D" not in legal
    assert "5C" not in legal
    assert explain_illegal(state, Bid(5, Suit.DIAMONDS)).startswith("not higher than 5H")
    assert "already" in explain_illegal(state, Bid(5, Suit.HEARTS))


def test_no_trump_outranks_spades_and_a_higher_number_beats_any_denomination():
    eng = engine()
    state = calls(eng, dealt(eng), "7S")
    assert "7NT" in notations(eng, state)
    state = calls(eng, state, "7NT")
    legal = notations(eng, state)
    assert "7S" not in legal
    # C-I9: 8C is higher than 7NT (more tricks beat any denomination); 5H is not above 7D.
    assert legal[:2] == ["pass", "8C"]
    state = calls(eng, state, "8C")
    assert "not higher than 8C" in explain_illegal(state, Bid(7, 4))


def test_thirteen_no_trump_leaves_only_pass():
    eng = engine()
    state = calls(eng, dealt(eng), "13NT")
    assert eng.legal_actions(state) == (PASS,)
    assert explain_illegal(state, Bid(13, 3)).startswith("not higher than 13NT")


def test_three_passes_after_a_bid_end_the_auction():
    eng = engine()
    state = calls(eng, dealt(eng), "pass, 5S, pass, pass")
    assert state.phase == "auction"
    assert state.to_act == N
    state = calls(eng, state, "pass")
    assert state.phase == "contracts"
    assert state.extra.declarer == E
    assert state.trump == Suit.SPADES
    assert state.to_act == E  # the declarer bids the first contract


def test_a_no_trump_bid_means_no_trump():
    eng = engine()
    state = calls(eng, dealt(eng), "6NT, pass, pass, pass")
    assert state.phase == "contracts"
    assert state.trump == NO_TRUMP


def test_a_pass_does_not_bar_a_later_bid_by_default():
    eng = engine()
    # N passes, E bids, S and W pass: N may come back in (only two passes follow E's bid).
    state = calls(eng, dealt(eng), "pass, 5C, pass, pass")
    assert state.to_act == N
    assert "5D" in notations(eng, state)
    state = calls(eng, state, "5D, pass, pass, pass")
    assert state.extra.declarer == N


def test_pass_is_final_bars_a_seat_that_passed():
    eng = engine(pass_is_final=True)
    # The same calls as above: N passed first, so once S and W pass after E's bid, every
    # seat but E has passed and the auction is over.
    state = calls(eng, dealt(eng), "pass, 5C, pass, pass")
    assert state.phase == "contracts"
    assert state.extra.declarer == E


def test_pass_is_final_a_bid_after_everyone_else_passed_stands_at_once():
    """§4.3.4/§4.3.5: N, E and S pass (for good); W's bid is followed by nobody who may
    still call, so it wins at once -- W never gets to raise his own bid."""
    eng = engine(pass_is_final=True)
    state = calls(eng, dealt(eng), "pass, pass, pass, 5C")
    assert state.phase == "contracts"
    assert state.extra.declarer == W
    assert state.to_act == W  # the declarer names his contract first


def test_pass_is_final_skips_passed_seats():
    eng = engine(pass_is_final=True)
    state = calls(eng, dealt(eng), "5C, pass, 5D, pass, 5H")
    assert state.to_act == S  # E and W passed: the turn goes from N straight to S
    state = calls(eng, state, "pass")
    assert state.phase == "contracts"
    assert state.extra.declarer == N


def test_four_passes_lets_the_high_bidder_raise_his_own_bid():
    eng = engine(auction_end="four_passes")
    state = calls(eng, dealt(eng), "5S, pass, pass, pass")
    assert state.phase == "auction"
    assert state.to_act == N
    assert "5S" not in notations(eng, state)
    assert "5NT" in notations(eng, state)
    state = calls(eng, state, "6S, pass, pass, pass, pass")
    assert state.phase == "contracts"
    assert state.extra.declarer == N
    assert state.extra.bid == Bid(6, Suit.SPADES).code
    # With the default rule the same first four calls end the auction at 5S.
    default = engine()
    assert calls(default, dealt(default), "5S, pass, pass, pass").phase == "contracts"


def test_out_of_turn_calls_are_rejected_with_the_reason():
    eng = engine()
    state = dealt(eng)
    with pytest.raises(IllegalActionError, match="out of turn"):
        eng.apply(state, Bid(5, Suit.SPADES), seat=E)
    assert explain_illegal(state, Bid(5, Suit.SPADES), seat=E) == (
        "out of turn: it is N's turn, not E's"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [("5s", "5S"), ("7nt", "7NT"), ("7 N", "7NT"), ("6♥", "6H"), ("9 clubs", "9C"), ("P", "pass")],
)
def test_call_notation_accepts_common_spellings(text, expected):
    assert parse_call(text).notation() == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("5X", "not an auction call"),
        ("spades", "not an auction call"),
        ("14S", "1 to 13"),
        ("0NT", "1 to 13"),
        ("contract 4", "not an auction call"),
    ],
)
def test_malformed_calls_get_a_precise_notation_error(text, reason):
    eng = engine()
    with pytest.raises(InvalidNotationError, match=reason):
        eng.parse_action(dealt(eng), text)


def test_four_passes_with_pass_is_final_leaves_the_high_bidder_alone_to_raise_or_stop():
    eng = engine(auction_end="four_passes", pass_is_final=True)
    state = calls(eng, dealt(eng), "5S, pass, pass, pass")
    assert state.to_act == N
    state = calls(eng, state, "6S")
    assert state.to_act == N  # E, S and W are out: N may raise again or pass
    state = calls(eng, state, "pass")
    assert state.phase == "contracts"
    assert state.extra.bid == Bid(6, Suit.SPADES).code


def test_listing_the_calls_first_changes_no_verdict():
    # The engine reuses the calls it just listed for the same state: a bid built anew (equal,
    # not the listed object) is accepted, and a bid no longer legal is still rejected.
    eng = engine()
    state = dealt(eng, dealer=W)
    listed = eng.legal_actions(state)
    state = eng.apply(state, Bid(6, Suit.HEARTS))
    assert state.to_act == E
    assert Bid(6, Suit.HEARTS) in listed
    eng.legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        eng.apply(state, Bid(6, Suit.DIAMONDS))  # not above 6H
    assert "6D" not in info.value.legal
    assert "6S" in info.value.legal
    with pytest.raises(IllegalActionError, match="out of turn"):
        eng.apply(state, PASS, seat=N)
    assert eng.apply(state, PASS, seat=E).to_act == S
