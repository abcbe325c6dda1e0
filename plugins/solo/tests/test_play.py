"""Play (docs/variants/solo.md §5): the lead, the early end of a lost contract, the open
misère hand laid face up after the first trick, and the units a played deal scores."""

from __future__ import annotations

from openwhist import NO_TRUMP, Suit, parse_card
from solo_helpers import E, N, S, W, calls, cards, dealt, engine, play_out

# N deals: E is eldest, the turn-up is N's AC (clubs), each seat holds one suit.


def test_a_misere_ends_as_soon_as_the_declarer_takes_a_trick():
    eng = engine()
    state = calls(eng, dealt(eng), "misere, pass, pass, pass")
    assert state.trump == NO_TRUMP
    assert state.to_act == E
    state = play_out(eng, state)  # E leads a diamond nobody can follow: E wins it
    assert state.phase == "end"
    assert len(state.completed) == 1
    assert state.tricks == (0, 1, 0, 0)
    score = eng.score(state)
    assert [score.points(s) for s in range(4)] == [2, -6, 2, 2]
    assert score.facts["made"] is False


def test_an_abundance_declared_ends_when_the_declarer_loses_a_trick():
    eng = engine()
    state = calls(eng, dealt(eng), "pass, pass, pass, declared, trump C")
    assert state.to_act == N  # the declarer leads
    state = play_out(eng, state)
    assert state.tricks == (13, 0, 0, 0)
    score = eng.score(state)
    assert [score.points(s) for s in range(4)] == [18, -6, -6, -6]


def test_a_solo_pays_overtricks_by_each_opponent():
    eng = engine()
    state = play_out(eng, calls(eng, dealt(eng), "pass, pass, pass, solo"))
    assert state.trump == Suit.CLUBS
    assert state.tricks == (13, 0, 0, 0)
    score = eng.score(state)
    # 1 unit + 8 overtricks x 1, from each of three opponents.
    assert [score.points(s) for s in range(4)] == [27, -9, -9, -9]
    assert score.winner == N
    assert sum(line.points for line in score.lines) == 0


def test_the_open_misere_hand_is_shown_to_all_after_the_first_trick():
    eng = engine()
    state = calls(eng, dealt(eng), "pass, open-misere, pass, pass")
    assert state.to_act == E
    for seat in range(4):
        assert eng.observe(state, seat).public["open_hand"] == 0
    state = eng.apply(state, eng.parse_action(state, "2D"))
    state = eng.apply(state, eng.parse_action(state, "2H"))
    assert eng.observe(state, W).public["open_hand"] == 0  # the first trick is not over
    state = eng.apply(state, eng.parse_action(state, "2S"))
    state = eng.apply(state, eng.parse_action(state, "2C"))
    assert len(state.completed) == 1
    shown = cards("3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert state.hands[S] == shown
    for seat in (N, E, W, S):
        assert eng.observe(state, seat).public["open_hand"] == shown
    # It follows the hand as it is played.
    state = eng.apply(state, eng.parse_action(state, "3D"))
    state = eng.apply(state, eng.parse_action(state, "AH"))
    assert not eng.observe(state, N).public["open_hand"] >> parse_card("AH") & 1


def test_a_general_misere_charges_the_most_tricks():
    eng = engine(all_pass="general_misere")
    state = play_out(eng, calls(eng, dealt(eng), "pass, pass, pass, pass"))
    assert len(state.completed) == 13
    score = eng.score(state)
    most = max(state.tricks)
    losers = [s for s in range(4) if state.tricks[s] == most]
    for seat in range(4):
        expected = -(4 - len(losers)) if seat in losers else len(losers)
        assert score.points(seat) == expected
