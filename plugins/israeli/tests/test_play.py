"""Play (docs/variants/israeli.md §4.6) and a complete hand-built deal scored end to end (§4.7)."""

from __future__ import annotations

from israeli_helpers import E, N, S, W, calls, cards, dealt, engine
from openwhist import NO_TRUMP, SUIT_MASKS, Category, Suit
from openwhist_israeli import explain_illegal

# Seed 004's worked example: players A, B, C, D clockwise = N, E, S, W. S has no clubs;
# W holds clubs and no trump. Dealer W, so N calls first.
SEED_HANDS = {
    N: "9C TC JC KC AC 2D 3D 4D 5D 6D 8D 9D TD",
    E: "2C 3C QC 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    S: "7D JD QD KD AD QH KH AH 2S 3S 4S 5S 6S",
    W: "4C 5C 6C 7C 8C 7S 8S 9S TS JS QS KS AS",
}


def test_seed_004_worked_example_trick():
    # "♦ trump; A leads 9♣, B Q♣, C 7♦ (void in clubs), D 8♣ -> C wins."
    eng = engine()
    state = calls(eng, dealt(eng, SEED_HANDS), "5D, pass, pass, pass, 5, 3, 3, 3")
    assert state.trump == Suit.DIAMONDS
    assert state.to_act == N  # the declarer leads to trick one
    state = calls(eng, state, "9C, QC")
    # C (S) is void in clubs: he may ruff or discard anything.
    assert {a.card for a in eng.legal_actions(state)} == set(
        c for c in range(52) if state.hands[S] >> c & 1
    )
    state = calls(eng, state, "7D")
    # D (W) holds clubs: he must play one (and could not ruff anyway).
    assert all(a.card // 13 == Suit.CLUBS for a in eng.legal_actions(state))
    state = calls(eng, state, "8C")
    assert state.completed[0].winner == S
    assert state.tricks == (0, 0, 1, 0)
    assert state.to_act == S  # the winner leads next


def test_in_no_trump_the_same_cards_go_to_the_highest_club():
    eng = engine()
    state = calls(eng, dealt(eng, SEED_HANDS), "5NT, pass, pass, pass, 5, 3, 3, 3")
    assert state.trump == NO_TRUMP
    state = calls(eng, state, "9C, QC, 7D, 8C")
    assert state.completed[0].winner == E  # the 7♦ cannot win without trump


# A complete deal. N: 7 top clubs + 6 low diamonds; E: 6 low clubs + 7 top diamonds;
# S: all hearts; W: all spades. N declares 5NT and leads.
FULL_HANDS = {
    N: "AC KC QC JC TC 9C 8C 2D 3D 4D 5D 6D 7D",
    E: "7C 6C 5C 4C 3C 2C 8D 9D TD JD QD KD AD",
    S: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    W: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
}
# Tricks in play order. 1-6: N's top clubs, E follows, S and W discard: N wins (no trump).
# 7: N's 8C; E has no club left and discards 8D: N wins. 8: N leads 2D, E's 9D wins.
# 9-13: E leads his top diamonds, N follows low: E wins. N takes 7 tricks, E 6, S and W 0.
FULL_PLAY = [
    "AC 7C 2H 2S", "KC 6C 3H 3S", "QC 5C 4H 4S", "JC 4C 5H 5S", "TC 3C 6H 6S",
    "9C 2C 7H 7S", "8C 8D 8H 8S", "2D 9D 9H 9S",
    "TD TH TS 3D", "JD JH JS 4D", "QD QH QS 5D", "KD KH KS 6D", "AD AH AS 7D",
]  # fmt: skip


def test_a_complete_hand_built_deal_scored_for_all_four_players():
    eng = engine()
    state = dealt(eng, FULL_HANDS)
    # Contracts N 7 (≥ his bid of 5), E 5, S 0; W last: 7+5+0 = 12, so 1 is forbidden.
    state = calls(eng, state, "5NT, pass, pass, pass, 7, 5, 0")
    assert [a.number for a in eng.legal_actions(state)] == [0, *range(2, 14)]
    state = calls(eng, state, "0")
    for trick in FULL_PLAY:
        state = calls(eng, state, trick.replace(" ", ", "))
    assert state.is_terminal
    assert state.tricks == (7, 6, 0, 0)
    assert [r.winner for r in state.completed] == [N] * 7 + [E] * 6
    score = eng.score(state)
    # N made 7: 7² + 10 = 59. E bid 5, took 6: −10. S and W made zero in an under deal
    # (total 12): +50 each.
    assert [score.points(s) for s in range(4)] == [59, -10, 50, 50]
    assert [line.category for line in score.lines] == [
        Category.CONTRACT,
        Category.CONTRACT,
        Category.ZERO_BID,
        Category.ZERO_BID,
    ]
    assert score.facts["deal_type"] == "under"
    assert score.facts["bid"] == "5NT"
    assert score.facts["declarer"] == N
    facts = eng.rules.deal_facts(state)
    assert facts.contracts == [7, 5, 0, 0]
    assert facts.tricks == [7, 6, 0, 0]
    progress = eng.advance_match(eng.start_match(first_dealer=W), score)
    assert progress.totals == (59, -10, 50, 50)
    assert progress.dealer == N


def test_following_suit_is_enforced_and_explained():
    eng = engine()
    state = calls(eng, dealt(eng, FULL_HANDS), "5NT, pass, pass, pass, 7, 5, 0, 0, AC")
    legal = sum(1 << a.card for a in eng.legal_actions(state))
    assert legal == cards(FULL_HANDS[E]) & SUIT_MASKS[Suit.CLUBS] == cards("2C 3C 4C 5C 6C 7C")
    eight_d = eng.parse_action(state, "8D")
    assert explain_illegal(state, eight_d) == ("E must follow suit: 8D is not one of the clubs led")
    assert explain_illegal(state, eng.parse_action(state, "AH")) == "E does not hold AH"
