"""Frisch rounds (docs/variants/israeli.md §4.4): hidden selections, the exchange, direction, the
rising minimum, the round limit and the redeal."""

from __future__ import annotations

import random
from math import comb

import pytest
from israeli_helpers import SUIT_HANDS, E, N, S, W, calls, cards, dealt, engine
from openwhist import (
    CHANCE,
    HIDDEN,
    SUIT_MASKS,
    IllegalActionError,
    InvalidNotationError,
    Suit,
    card_name,
)
from openwhist_israeli import ISRAELI, Bid, FrischSelection, explain_illegal

ALL_PASS = "pass, pass, pass, pass"
# N (first caller, dealer W) gives low clubs, E low diamonds, S low hearts, W low spades.
LOW_THREE = "frisch 2C 3C 4C, frisch 2D 3D 4D, frisch 2H 3H 4H, frisch 2S 3S 4S"
SECOND_THREE = "frisch 5C 6C 7C, frisch 5D 6D 7D, frisch 5H 6H 7H, frisch 5S 6S 7S"


def test_all_four_passing_starts_a_frisch_with_the_first_caller():
    eng = engine()
    state = calls(eng, dealt(eng), ALL_PASS)
    assert state.phase == "frisch"
    assert state.to_act == N
    legal = eng.legal_actions(state)
    assert len(legal) == comb(13, 3) == 286
    assert all(
        isinstance(a, FrischSelection) and a.cards & ~SUIT_MASKS[Suit.CLUBS] == 0 for a in legal
    )
    assert len({a.cards for a in legal}) == 286


def test_a_committed_selection_is_hidden_from_the_others_until_and_after_the_exchange():
    eng = engine()
    state = calls(eng, dealt(eng), ALL_PASS + ", frisch 2C 3C 4C")
    mine = eng.observe(state, N)
    assert mine.history[-1] == "frisch 2C 3C 4C"
    assert mine.private["frisch_selected"] == ["2C", "3C", "4C"]
    assert mine.hand == cards(SUIT_HANDS[N]) & ~cards("2C 3C 4C")  # face down on the table
    for seat in (E, S, W):
        view = eng.observe(state, seat)
        assert view.history[-1] == HIDDEN
        assert view.private["frisch_selected"] == []
        assert "2C" not in repr(view.public) + repr(view.private) + repr(view.history)
        assert view.public == mine.public  # who has committed is public, the cards are not
    assert mine.public["frisch_committed"] == [N]
    assert mine.hand_sizes == (10, 13, 13, 13)
    # The cards lie outside every hand until the exchange: the conformance kit is told so.
    assert ISRAELI.rules.conformance_cards_elsewhere(state) == cards("2C 3C 4C")


def test_the_exchange_waits_for_all_four_so_nobody_passes_on_a_card_just_received():
    eng = engine()
    state = calls(eng, dealt(eng), ALL_PASS + ", frisch 2C 3C 4C")
    # E has not received N's clubs yet: E can only put down diamonds.
    assert state.to_act == E
    assert state.hands[E] == cards(SUIT_HANDS[E])
    assert all(a.cards & ~SUIT_MASKS[Suit.DIAMONDS] == 0 for a in eng.legal_actions(state))
    state = calls(eng, state, "frisch 2D 3D 4D, frisch 2H 3H 4H")
    assert state.hands[W] == cards(SUIT_HANDS[W])  # still nothing received before W commits
    state = calls(eng, state, "frisch 2S 3S 4S")
    # Left = the next seat clockwise (C-I6): N -> E -> S -> W -> N.
    assert state.hands[E] == cards(SUIT_HANDS[E]) & ~cards("2D 3D 4D") | cards("2C 3C 4C")
    assert state.hands[S] & cards("2D 3D 4D") == cards("2D 3D 4D")
    assert state.hands[W] & cards("2H 3H 4H") == cards("2H 3H 4H")
    assert state.hands[N] & cards("2S 3S 4S") == cards("2S 3S 4S")
    assert all(h.bit_count() == 13 for h in state.hands)
    assert ISRAELI.rules.conformance_cards_elsewhere(state) == 0
    view = eng.observe(state, E)
    assert view.private["frisch_received"] == [["2C", "3C", "4C"]]
    assert view.private["frisch_given"] == [["2D", "3D", "4D"]]
    assert view.history[-4:] == (HIDDEN, "frisch 2D 3D 4D", HIDDEN, HIDDEN)


def test_the_minimum_bid_rises_by_one_per_frisch_and_the_first_caller_opens_again():
    eng = engine()
    state = calls(eng, dealt(eng), f"{ALL_PASS}, {LOW_THREE}")
    assert state.phase == "auction"
    assert state.to_act == N
    assert [a.notation() for a in eng.legal_actions(state)][:2] == ["pass", "6C"]
    assert explain_illegal(state, Bid(5, 4)) == (
        "too low: the minimum bid is 6 after 1 Frisch round"
    )
    state = calls(eng, state, f"{ALL_PASS}, {SECOND_THREE}")
    assert state.extra.frisch == 2
    assert state.extra.min_bid == 7
    assert [a.notation() for a in eng.legal_actions(state)][:2] == ["pass", "7C"]


def test_no_raise_option_keeps_the_minimum():
    eng = engine(frisch_min_increase=0)
    state = calls(eng, dealt(eng), f"{ALL_PASS}, {LOW_THREE}")
    assert [a.notation() for a in eng.legal_actions(state)][:2] == ["pass", "5C"]


def three_frisches(eng, state):
    """Pass out three auctions, each followed by a Frisch of each seat's three lowest cards."""
    for _ in range(3):
        state = calls(eng, state, ALL_PASS)
        for _ in range(4):
            lowest = eng.legal_actions(state)[0]  # the three lowest cards of the hand
            state = eng.apply(state, lowest)
    return state


def test_rotate_passes_left_then_across_then_right():
    eng = engine(frisch_direction="rotate")
    state = dealt(eng)
    received = []
    for _ in range(3):
        state = calls(eng, state, ALL_PASS)
        before = state.hands
        for _ in range(4):
            state = eng.apply(state, eng.legal_actions(state)[0])
        # Where did N's selection go? The seat whose hand gained those cards.
        given = state.extra.given[-1][N]
        assert before[N] & given == given
        received.append(next(s for s in range(4) if state.hands[s] & given == given))
    assert received == [E, S, W]  # left, across, right
    assert eng.observe(state, S).private["frisch_received"][1] == [
        card_name(c) for c in range(52) if state.extra.given[1][N] >> c & 1
    ]


def test_the_auction_after_the_third_frisch_starts_at_eight_and_a_pass_out_redeals():
    eng = engine()
    state = three_frisches(eng, dealt(eng))
    assert state.phase == "auction"
    assert state.extra.min_bid == 8
    assert [a.notation() for a in eng.legal_actions(state)][:2] == ["pass", "8C"]
    state = calls(eng, state, ALL_PASS)
    # Cancelled: the same dealer redeals within the same deal (C-I11 default).
    assert state.phase == "deal"
    assert state.to_act == CHANCE
    assert state.extra.redeals == 1
    assert state.dealer == W
    assert eng.legal_actions(state) == ()
    state = eng.apply(state, eng.sample_chance(state, random.Random(3)))
    assert state.phase == "auction"
    assert state.to_act == N
    assert state.extra.min_bid == 5
    assert state.extra.frisch == 0
    assert state.extra.redeals == 1
    assert sorted(h.bit_count() for h in state.hands) == [13, 13, 13, 13]
    assert eng.observe(state, N).public["redeals"] == 1


def test_frisch_max_rounds_limits_the_frisches():
    eng = engine(frisch_max_rounds=1)
    state = calls(eng, dealt(eng), f"{ALL_PASS}, {LOW_THREE}, {ALL_PASS}")
    assert state.phase == "deal"
    assert state.extra.redeals == 1


def test_frisch_disabled_redeals_at_once():
    eng = engine(frisch_enabled=False)
    state = calls(eng, dealt(eng), ALL_PASS)
    assert state.phase == "deal"
    assert state.to_act == CHANCE
    assert state.extra.frisch == 0


def test_redeal_by_next_ends_the_deal_unscored_and_the_next_dealer_deals():
    eng = engine(passed_out_redeal_by="next", frisch_enabled=False)
    progress = eng.start_match(first_dealer=W)
    state = calls(eng, dealt(eng, dealer=W), ALL_PASS)
    assert state.is_terminal
    assert state.phase == "end"
    score = eng.score(state)
    assert score.lines == ()
    assert score.facts["passed_out"] is True
    progress = eng.advance_match(progress, score)
    assert progress.dealer == N
    assert progress.totals == (0, 0, 0, 0)
    assert progress.detail["cancelled"] == 1
    assert progress.detail["played"] == 0


def test_frisch_cards_option_changes_the_number_passed():
    eng = engine(frisch_cards=2)
    state = calls(eng, dealt(eng), ALL_PASS)
    assert len(eng.legal_actions(state)) == comb(13, 2)
    with pytest.raises(InvalidNotationError, match="exactly 2 cards"):
        eng.parse_action(state, "frisch 2C 3C 4C")


def test_malformed_and_illegal_selections():
    eng = engine()
    state = calls(eng, dealt(eng), ALL_PASS)
    with pytest.raises(InvalidNotationError, match="exactly 3 cards"):
        eng.parse_action(state, "frisch 2C 3C")
    with pytest.raises(InvalidNotationError, match="named twice"):
        eng.parse_action(state, "frisch 2C 2C 3C")
    with pytest.raises(InvalidNotationError, match="is not a card"):
        eng.parse_action(state, "frisch 2C 3C 1C")
    assert eng.parse_action(state, "QC 2c 7♣") == FrischSelection(cards("2C 7C QC"))
    not_mine = eng.parse_action(state, "frisch 2C 3C AD")
    with pytest.raises(IllegalActionError):
        eng.apply(state, not_mine)
    # The refusal names the seat and says how many of its cards to choose (issue 20).
    assert explain_illegal(state, not_mine) == (
        "N does not hold AD: a Frisch puts down 3 cards of N's hand"
    )
    assert "not a Frisch selection" in explain_illegal(state, Bid(5, 0))
    # A pass where a Frisch selection is due reads as a pass, and is refused as such.
    passed = eng.parse_action(state, "pass")
    with pytest.raises(IllegalActionError) as refused:
        eng.apply(state, passed)
    assert "a Frisch is due: N puts down 3 cards" in str(refused.value)
    assert "not a card" not in str(refused.value)
