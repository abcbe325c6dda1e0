"""The auction of Solo Whist (docs/variants/solo.md §3) and the trump of an abundance (§4)."""

from __future__ import annotations

import pytest
from openwhist import NO_TRUMP, IllegalActionError, InvalidNotationError, Suit, parse_card
from solo_helpers import E, N, S, W, calls, dealt, engine, notations

EVERY_CALL = [
    "pass",
    "prop",
    "solo",
    "misere",
    "abundance",
    "royal-abundance",
    "open-misere",
    "abundance-declared",
]


def test_eldest_hand_calls_first_and_the_turn_up_is_the_dealers_last_card():
    eng = engine()
    state = dealt(eng)
    assert state.phase == "auction"
    assert state.to_act == E
    assert state.hands[N] >> parse_card("AC") & 1  # N's last card, turned up
    assert eng.observe(state, W).public["turn_up"] == "AC"
    assert notations(eng, state) == EVERY_CALL


def test_each_call_must_outrank_the_last():
    eng = engine()
    state = calls(eng, dealt(eng), "solo")
    assert notations(eng, state) == ["pass", *EVERY_CALL[3:]]
    state = calls(eng, state, "abundance")
    assert notations(eng, state) == ["pass", "royal-abundance", "open-misere", "abundance-declared"]
    with pytest.raises(IllegalActionError, match="does not outrank abundance"):
        eng.apply(state, eng.parse_action(state, "misere"))


def test_a_seat_that_passed_never_calls_again_and_a_lone_caller_wins():
    eng = engine()
    state = calls(eng, dealt(eng), "pass, solo, pass")
    assert state.to_act == N
    state = calls(eng, state, "pass")
    # E passed first: S's solo stands without E being asked again.
    assert state.phase == "play"
    assert state.extra.declarer == S
    assert state.trump == Suit.CLUBS  # the turn-up suit
    assert state.to_act == E  # eldest leads


def test_a_superseded_caller_may_call_again():
    eng = engine()
    state = calls(eng, dealt(eng), "solo, misere, pass, pass")
    assert state.to_act == E  # E's solo was overcalled; E has not passed
    state = calls(eng, state, "abundance, pass")
    assert state.phase == "trump"
    assert state.to_act == E


def test_eldest_may_accept_after_passing_and_the_pair_plays_the_turn_up_trump():
    eng = engine()
    state = calls(eng, dealt(eng), "pass, prop, pass, pass")
    # Everyone else has passed: eldest hand (E), who passed first, may still accept.
    assert state.to_act == E
    assert notations(eng, state) == ["pass", "cop"]
    with pytest.raises(IllegalActionError, match="may not call again, except to accept"):
        eng.apply(state, eng.parse_action(state, "solo"))
    state = calls(eng, state, "cop")
    assert state.phase == "play"
    assert (state.extra.declarer, state.extra.partner) == (S, E)
    assert state.trump == Suit.CLUBS
    view = eng.observe(state, W)
    assert (view.public["contract"], view.public["declarer"], view.public["partner"]) == (
        "prop",
        S,
        E,
    )
    assert view.public["target"] == 8


def test_another_seat_accepts_in_turn_and_others_may_still_overcall():
    eng = engine()
    state = calls(eng, dealt(eng), "prop, cop")
    assert state.to_act == W
    assert notations(eng, state) == ["pass", *EVERY_CALL[2:]]
    state = calls(eng, state, "solo, pass, pass")
    assert state.to_act == S  # the acceptor, overcalled, may still call
    state = calls(eng, state, "pass")
    assert state.phase == "play"
    assert state.extra.declarer == W
    assert state.extra.partner == -1


def test_an_unaccepted_proposer_may_pass_or_raise_to_solo():
    eng = engine()
    state = calls(eng, dealt(eng), "pass, prop, pass, pass, pass")
    assert state.to_act == S  # nobody accepted, eldest declined too
    assert notations(eng, state) == ["pass", *EVERY_CALL[2:]]
    with pytest.raises(IllegalActionError, match="nobody accepted S's proposal"):
        eng.apply(state, eng.parse_action(state, "cop"))
    solo = calls(eng, state, "solo")
    assert solo.phase == "play"
    assert solo.extra.declarer == S
    void = calls(eng, state, "pass")
    assert void.phase == "end"
    assert eng.score(void).lines == ()
    assert eng.score(void).facts["passed_out"] is True


def test_all_pass_ends_the_deal_void_and_the_next_dealer_deals():
    eng = engine(match="fixed_deals:2")
    progress = eng.start_match(first_dealer=N)
    state = calls(eng, dealt(eng), "pass, pass, pass, pass")
    assert state.phase == "end"
    progress = eng.advance_match(progress, eng.score(state))
    assert progress.dealer == E
    assert progress.detail["played"] == 0
    assert progress.detail["void"] == 1
    assert not progress.finished


def test_all_pass_under_general_misere_plays_at_no_trump_each_for_himself():
    eng = engine(all_pass="general_misere")
    state = calls(eng, dealt(eng), "pass, pass, pass, pass")
    assert state.phase == "play"
    assert state.trump == NO_TRUMP
    assert state.to_act == E
    view = eng.observe(state, N)
    assert view.public["contract"] == "general_misere"
    assert view.public["declarer"] is None


def test_abundance_names_a_suit_other_than_the_turn_up():
    eng = engine()
    state = calls(eng, dealt(eng), "abundance, pass, pass, pass")
    assert state.phase == "trump"
    assert notations(eng, state) == ["trump D", "trump H", "trump S"]
    with pytest.raises(IllegalActionError, match="royal abundance's trump"):
        eng.apply(state, eng.parse_action(state, "trump C"))
    state = calls(eng, state, "diamonds")
    assert state.phase == "play"
    assert state.trump == Suit.DIAMONDS
    assert state.to_act == E  # eldest leads: the declarer here, as it happens


def test_royal_abundance_overcalls_abundance_in_the_turn_up_suit():
    eng = engine()
    state = calls(eng, dealt(eng), "abundance, royal-abundance, pass, pass, pass")
    assert state.phase == "play"
    assert state.extra.declarer == S
    assert state.trump == Suit.CLUBS
    assert state.to_act == E


def test_without_royal_abundance_an_abundance_names_any_suit():
    eng = engine(royal_abundance=False)
    state = dealt(eng)
    assert "royal-abundance" not in notations(eng, state)
    with pytest.raises(IllegalActionError, match="not played at this table"):
        eng.apply(state, eng.parse_action(state, "royal"))
    state = calls(eng, state, "abundance, pass, pass, pass")
    assert notations(eng, state) == ["trump C", "trump D", "trump H", "trump S"]


def test_abundance_declared_the_declarer_names_trump_or_no_trump_and_leads():
    eng = engine()
    state = calls(eng, dealt(eng), "pass, pass, abundance-declared, pass")
    assert state.phase == "trump"
    assert notations(eng, state) == ["trump C", "trump D", "trump H", "trump S", "trump NT"]
    state = calls(eng, state, "trump S")
    assert state.to_act == W
    assert state.leader == W
    plain = engine(declared_trump="no_trump")
    state = calls(plain, dealt(plain), "pass, pass, declared, pass")
    assert state.phase == "play"
    assert state.trump == NO_TRUMP
    assert state.to_act == W


def test_call_notation():
    eng = engine()
    state = dealt(eng)
    for text, call in [
        ("Misère", "misere"),
        ("open misere", "open-misere"),
        ("Royal", "royal-abundance"),
        ("accept", "cop"),
        ("proposal", "prop"),
        ("P", "pass"),
    ]:
        assert eng.parse_action(state, text).notation() == call
    with pytest.raises(InvalidNotationError, match="not a call"):
        eng.parse_action(state, "7NT")
