"""Scoring per deal (docs/variants/israeli.md §4.7, §4.8), the facts model and match progression
(§4.9)."""

from __future__ import annotations

import pytest
from openwhist import Category, DealContext, OptionsError, VariantError
from openwhist_israeli import ISRAELI, IsraeliFacts, IsraeliOptions, score_facts
from openwhist_israeli.scoring import advance_match, contract_line, start_match
from pydantic import ValidationError

DEFAULTS = IsraeliOptions()

# docs/variants/israeli.md §4.7 "Quick table for made contracts", copied from the rules, not the
# code.
MADE_TABLE = {1: 11, 2: 14, 3: 19, 4: 26, 5: 35, 6: 46, 7: 59, 8: 74, 9: 91, 10: 110,
              11: 131, 12: 154, 13: 179}  # fmt: skip


@pytest.mark.parametrize(("bid", "points"), sorted(MADE_TABLE.items()))
def test_made_contracts_score_bid_squared_plus_ten(bid, points):
    line = contract_line(0, bid, bid, "over", DEFAULTS)
    assert line.points == points
    assert line.category == Category.CONTRACT
    assert f"contract {bid} made" in line.note


@pytest.mark.parametrize(
    ("bid", "took", "points"),
    [(4, 6, -20), (4, 2, -20), (5, 0, -50), (1, 13, -120), (13, 12, -10)],
)
def test_missed_contracts_lose_ten_per_trick_of_difference(bid, took, points):
    # Seed 004: "if a player bids 4 and takes 6, he loses 20 points"; over and under alike.
    line = contract_line(0, bid, took, "under", DEFAULTS)
    assert line.points == points
    assert line.category == Category.CONTRACT


def test_fail_per_trick_option():
    assert contract_line(0, 4, 6, "over", IsraeliOptions(fail_per_trick=5)).points == -10


def test_zero_made_scores_fifty_under_and_twenty_five_over():
    under = contract_line(2, 0, 0, "under", DEFAULTS)
    over = contract_line(2, 0, 0, "over", DEFAULTS)
    assert (under.points, over.points) == (50, 25)
    assert under.category == over.category == Category.ZERO_BID
    assert contract_line(2, 0, 0, "over", IsraeliOptions(zero_over_bonus=30)).points == 30
    assert contract_line(2, 0, 0, "under", IsraeliOptions(zero_under_bonus=40)).points == 40


# docs/variants/israeli.md §4.7 and C-I8: −50 for the first trick, +10 for each further trick,
# literally.
FAILED_ZERO = {1: -50, 2: -40, 3: -30, 4: -20, 5: -10, 6: 0, 7: 10, 8: 20, 13: 70}


@pytest.mark.parametrize(("took", "points"), sorted(FAILED_ZERO.items()))
def test_failed_zero_is_minus_fifty_plus_ten_per_further_trick(took, points):
    line = contract_line(1, 0, took, "over", DEFAULTS)
    assert line.points == points
    assert line.category == Category.ZERO_BID
    assert ("literal rule" in line.note) == (points > 0)  # the UI flags the odd cases


def test_failed_zero_does_not_depend_on_over_or_under():
    assert contract_line(1, 0, 2, "over", DEFAULTS) == contract_line(1, 0, 2, "under", DEFAULTS)


def test_revoke_fine_is_a_separate_penalty_line():
    facts = IsraeliFacts(
        declarer=0, bid="5S", contracts=[5, 3, 0, 4], tricks=[5, 4, 0, 4], revokes=[0, 1, 0, 0]
    )
    score = score_facts(facts, DEFAULTS)
    east = [line for line in score.lines if line.party == 1]
    assert [(line.category, line.points) for line in east] == [
        (Category.CONTRACT, -10),
        (Category.PENALTY, -100),
    ]
    assert score.points(1) == -110
    twice = facts.model_copy(update={"revokes": [2, 0, 0, 0]})
    assert score_facts(twice, IsraeliOptions(revoke_fine=50)).points(0) == 35 - 100


def test_over_and_under_deals_come_from_the_contract_total():
    under = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 3, 0, 4], tricks=[5, 4, 0, 4])
    over = IsraeliFacts(declarer=0, bid="5S", contracts=[6, 3, 0, 5], tricks=[5, 4, 0, 4])
    assert under.deal_type == "under"
    assert over.deal_type == "over"
    assert score_facts(under, DEFAULTS).points(2) == 50
    assert score_facts(over, DEFAULTS).points(2) == 25
    assert score_facts(over, DEFAULTS).facts["contract_total"] == 14


def test_the_waiver_deal_gives_the_over_bonus_to_zeros():
    facts = IsraeliFacts(declarer=3, bid="13NT", contracts=[0, 0, 0, 13], tricks=[0, 0, 0, 13])
    assert facts.deal_type == "exact"
    score = score_facts(facts, DEFAULTS)
    assert [score.points(s) for s in range(4)] == [25, 25, 25, 179]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"tricks": [5, 4, 0, 3]}, "tricks must total 13"),
        ({"contracts": [4, 3, 0, 4]}, "must contract at least 5"),
        ({"contracts": [5, 4, 0, 4]}, "may not total exactly 13"),
        ({"contracts": [5, 3, 0, 14]}, "0 to 13"),
        ({"contracts": [5, 3, 0]}, "four contracts"),
        ({"bid": "pass"}, "cannot be a pass"),
        ({"bid": "5X"}, "not an auction call"),
        ({"declarer": 4}, "less than or equal to 3"),
        ({"revokes": [0, -1, 0, 0]}, "none negative"),
    ],
)
def test_facts_are_validated_with_clear_messages(fields, message):
    base = {"declarer": 0, "bid": "5S", "contracts": [5, 3, 0, 4], "tricks": [5, 4, 0, 4]}
    with pytest.raises(ValidationError, match=message):
        IsraeliFacts(**{**base, **fields})


def test_facts_accept_any_bid_spelling_and_a_passed_out_deal():
    assert IsraeliFacts(declarer=0, bid="7♠", contracts=[7, 0, 0, 0], tricks=[7, 2, 2, 2]).bid == (
        "7S"
    )
    # A deal ends passed out only where the options cancel it (passed_out_redeal_by=next).
    cancelling = IsraeliOptions(passed_out_redeal_by="next")
    assert score_facts(IsraeliFacts(passed_out=True), cancelling).lines == ()
    with pytest.raises(VariantError, match="passed_out_redeal_by=same"):
        score_facts(IsraeliFacts(passed_out=True), DEFAULTS)
    with pytest.raises(ValidationError, match="no declarer"):
        IsraeliFacts(passed_out=True, declarer=0)


def test_score_facts_hook_is_what_the_ledger_calls():
    facts = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 3, 0, 4], tricks=[5, 4, 0, 4])
    context = DealContext(options=DEFAULTS, seats=4, dealer=3)
    score = ISRAELI.rules.whist_score_facts(facts, context)
    assert score.parties == ("N", "E", "S", "W")
    assert [score.points(s) for s in range(4)] == [35, -10, 50, 26]
    assert ISRAELI.facts is IsraeliFacts


# -- match progression ---------------------------------------------------------------------


def test_open_match_keeps_running_totals_and_the_dealer_moves_left():
    eng_options = IsraeliOptions()
    progress = start_match(eng_options, first_dealer=2)
    assert progress.totals == (0, 0, 0, 0)
    assert progress.dealer == 2
    facts = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 3, 0, 4], tricks=[5, 4, 0, 4])
    score = score_facts(facts, eng_options)
    dealers = []
    for _ in range(5):
        progress = advance_match(progress, score, eng_options)
        dealers.append(progress.dealer)
    assert dealers == [3, 0, 1, 2, 3]
    assert progress.totals == (5 * 35, 5 * -10, 5 * 50, 5 * 26)
    assert not progress.finished
    assert progress.deals == 5
    assert progress.summary == "N 175, E -50, S 250, W 130"


def test_fixed_deals_match_ends_after_n_scored_deals_and_cancelled_deals_do_not_count():
    options = IsraeliOptions(match="fixed_deals:2", passed_out_redeal_by="next")
    progress = start_match(options, first_dealer=0)
    facts = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 3, 0, 4], tricks=[5, 4, 0, 4])
    score = score_facts(facts, options)
    cancelled = score_facts(IsraeliFacts(passed_out=True), options)
    progress = advance_match(progress, score, options)
    progress = advance_match(progress, cancelled, options)
    assert not progress.finished
    assert progress.detail["played"] == 1
    progress = advance_match(progress, score, options)
    assert progress.finished
    assert progress.winner == 2
    assert progress.summary.endswith("(deal 2 of 2)")


def test_fixed_deals_match_ending_tied_at_the_top_has_no_winner():
    """§4.9 / docs/variants/israeli.md: after ``fixed_deals:N`` the winner is the highest
    total, none if the top is shared. N and S both make 5 (5² + 10 = 35 each); E bid 0 and
    took 2 (−50 + 10 = −40), W bid 0 and took 1 (−50): N and S share the top."""
    options = IsraeliOptions(match="fixed_deals:1")
    progress = start_match(options, first_dealer=0)
    facts = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 0, 5, 0], tricks=[5, 2, 5, 1])
    progress = advance_match(progress, score_facts(facts, options), options)
    assert progress.totals == (35, -40, 35, -50)
    assert progress.finished
    assert progress.winner is None
    # The same deal with S one trick short of 5 (−10) and E on 3 (−30): N alone on top.
    facts = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 0, 5, 0], tricks=[5, 3, 4, 1])
    progress = advance_match(start_match(options, first_dealer=0),
                             score_facts(facts, options), options)  # fmt: skip
    assert progress.totals == (35, -30, -10, -50)
    assert progress.finished
    assert progress.winner == 0


def test_target_match_ends_when_one_player_alone_leads_at_or_above_the_target():
    options = IsraeliOptions(match="target:60")
    progress = start_match(options, first_dealer=0)
    deal = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 0, 0, 4], tricks=[5, 4, 0, 4])
    # N 35, E −50 (failed zero, 4 tricks: −50+30 = −20), S +50, W 26: nobody at 60 yet.
    progress = advance_match(progress, score_facts(deal, options), options)
    assert not progress.finished
    assert progress.totals == (35, -20, 50, 26)
    progress = advance_match(progress, score_facts(deal, options), options)
    assert progress.finished
    assert progress.winner == 2
    assert progress.totals[2] == 100


def test_target_tie_at_the_top_plays_on():
    options = IsraeliOptions(match="target:40")
    progress = start_match(options, first_dealer=0)
    # N and S both make 5 (35 each) ... then both make zero/5 again: 70 each, tied.
    a = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 0, 5, 0], tricks=[5, 2, 5, 1])
    score = score_facts(a, options)
    assert score.points(0) == score.points(2) == 35
    progress = advance_match(progress, score, options)
    progress = advance_match(progress, score, options)
    assert progress.totals[0] == progress.totals[2] == 70
    assert not progress.finished


def test_a_tie_at_the_top_plays_on_until_one_leads_alone_at_the_target():
    """docs/variants/decisions.md §7.0 (2026-12-01): a tie at the top plays on until one leads
    alone. Our reading (docs/variants/israeli.md): the target still holds, so a sole leader who
    has fallen back below it does not win yet. Target 30: N and S tie at 35; N then misses
    by one (25) and S by two (15): N leads alone but below 30, so play goes on; N makes 1
    (+11 = 36) while S misses again, and N wins."""
    options = IsraeliOptions(match="target:30")
    progress = start_match(options, first_dealer=0)
    tie = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 0, 5, 0], tricks=[5, 2, 5, 1])
    progress = advance_match(progress, score_facts(tie, options), options)
    assert progress.totals == (35, -40, 35, -50)
    assert not progress.finished
    slip = IsraeliFacts(declarer=0, bid="5S", contracts=[5, 0, 5, 0], tricks=[4, 3, 3, 3])
    progress = advance_match(progress, score_facts(slip, options), options)
    assert progress.totals == (25, -70, 15, -80)
    assert not progress.finished
    made = IsraeliFacts(declarer=2, bid="5S", contracts=[1, 0, 5, 0], tricks=[1, 5, 3, 4])
    progress = advance_match(progress, score_facts(made, options), options)
    assert progress.totals == (36, -80, -5, -100)
    assert progress.finished
    assert progress.winner == 0


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("fixed_deals:0", "at least one deal"),
        ("target:0", "positive target"),
        ("best_of_3", "open, fixed_deals:N or target:N"),
    ],
)
def test_match_option_is_validated(value, message):
    with pytest.raises(OptionsError, match=message):
        ISRAELI.make_options({"match": value})


def test_a_recorded_winning_bid_below_the_minimum_is_refused():
    """§4.3.3: no auction can be won with fewer than min_bid tricks, so a score-keeper who
    enters one is told so instead of getting a score."""
    facts = IsraeliFacts(declarer=0, bid="4C", contracts=[4, 0, 0, 0], tricks=[4, 3, 3, 3])
    with pytest.raises(VariantError, match="below the minimum bid 5"):
        score_facts(facts, IsraeliOptions())
    # With min_bid 4 the same deal is legal and scores (4 made: 26).
    assert score_facts(facts, IsraeliOptions(min_bid=4)).points(0) == 26
