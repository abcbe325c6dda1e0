"""German Whist deal scoring from facts: both profiles and every hand-result mode
(docs/variants/german.md §1.8).

Facts are entered as a score-keeper would for a real-card deal: tricks per seat (A, B) in
phase 1 (tricks 1–13) and phase 2 (tricks 14–26). Expected scores are worked out from the
rules in each test's docstring.
"""

from __future__ import annotations

from typing import Any

import pytest
from openwhist import Category, DealScore, Engine
from openwhist_german import GERMAN, GermanFacts
from pydantic import ValidationError

A, B = 0, 1


def score(phase1: tuple[int, int], phase2: tuple[int, int], **options: Any) -> DealScore:
    """Score entered facts through the match's rules, as the ledger does."""
    engine = Engine(GERMAN, options)
    context = engine.start_deal(dealer=B).context
    facts = GermanFacts(phase1_tricks=phase1, phase2_tricks=phase2)
    return engine.rules.score_facts(facts, context)


def test_last13_win_loss_ignores_phase_one() -> None:
    """Default profile last13 / win_loss (seed 000 §06): 9 against 4 in the last 13 wins,
    whatever happened in phase 1 (here the loser won all 13 phase-1 tricks)."""
    result = score((13, 0), (4, 9))
    assert result.winner == B
    assert result.points(B) == 1
    assert result.points(A) == 0
    assert [line.category for line in result.lines] == [Category.DEAL]
    assert result.tricks == (17, 9)  # all tricks are still reported
    assert result.facts["counted"] == [4, 9]


def test_last13_needs_seven_of_the_last_thirteen() -> None:
    assert score((0, 13), (7, 6)).winner == A
    assert score((13, 0), (6, 7)).winner == B


def test_last13_difference_and_excess_over_book() -> None:
    """last13: difference 9 - 4 = 5; excess over a book of 6: 9 - 6 = 3."""
    assert score((5, 8), (4, 9), hand_result_mode="difference").points(B) == 5
    assert score((5, 8), (4, 9), hand_result_mode="excess_over_book").points(B) == 3
    assert score((5, 8), (7, 6), hand_result_mode="excess_over_book").points(A) == 1


def test_all26_defaults_to_excess_over_book() -> None:
    """all26 default (docs/variants/decisions.md §7.0, seed 003): 9 + 7 = 16 tricks -> 16 - 13 =
    3."""
    result = score((9, 4), (7, 6), scoring_profile="all26")
    assert result.winner == A
    assert result.points(A) == 3
    assert result.points(B) == 0
    assert result.facts["mode"] == "excess_over_book"


def test_all26_difference() -> None:
    """all26 difference (Home Notes, pokerwiner): 16 against 10 -> 6."""
    result = score((9, 4), (7, 6), scoring_profile="all26", hand_result_mode="difference")
    assert result.points(A) == 6
    assert result.points(B) == 0


def test_all26_win_loss_counts_both_phases() -> None:
    """all26: 10 + 4 = 14 of 26 wins although the last 13 went 4-9 the other way."""
    result = score((10, 3), (4, 9), scoring_profile="all26", hand_result_mode="win_loss")
    assert result.winner == A
    assert result.points(A) == 1


@pytest.mark.parametrize("mode", ["win_loss", "difference", "excess_over_book", "points_per_trick"])
def test_all26_thirteen_all_is_a_tie(mode: str) -> None:
    """C-G1: 6 + 7 = 13 against 7 + 6 = 13 is a tie: no winner, and the winner-takes modes
    score nothing; points_per_trick still gives each the 13 counted tricks it won, so the
    points are level too (docs/variants/decisions.md §7.0, 2026-12-01)."""
    result = score((6, 7), (7, 6), scoring_profile="all26", hand_result_mode=mode)
    assert result.winner is None
    assert result.facts["tie"] is True
    if mode == "points_per_trick":
        assert result.points(A) == 13
        assert result.points(B) == 13
    else:
        assert result.lines == ()


def test_points_per_trick_counts_phase_two_tricks_with_last13() -> None:
    """MeggieSoft: each phase-2 trick is a point to its winner: 8 to A, 5 to B."""
    result = score((13, 0), (8, 5), hand_result_mode="points_per_trick")
    assert (result.points(A), result.points(B)) == (8, 5)
    assert result.winner == A
    assert {line.category for line in result.lines} == {Category.TRICKS}


def test_points_per_trick_counts_all_26_tricks_with_all26() -> None:
    """docs/variants/decisions.md §7.0 (2026-12-01): one point per counted trick of the profile.
    Under all26 every trick counts, so 10-3 then 5-8 gives A 15 and B 11, and A, who won the
    deal 15-11, has the more points (openwhist-german 0.1.0 gave A 5 and B 8). Each line
    says how the count is made up."""
    result = score((10, 3), (5, 8), scoring_profile="all26", hand_result_mode="points_per_trick")
    assert (result.points(A), result.points(B)) == (15, 11)
    assert result.winner == A
    assert [line.note for line in result.lines] == [
        "10 in phase 1 + 5 in phase 2 = 15",
        "3 in phase 1 + 8 in phase 2 = 11",
    ]


def test_points_per_trick_is_the_default_of_target_points_and_counts_all_26() -> None:
    """An unset hand_result_mode under match_format=target_points means points_per_trick
    (docs/variants/decisions.md §7.0), so under all26 it too scores every trick: 9 + 7 = 16 for A,
    4 + 6 = 10 for B."""
    result = score((9, 4), (7, 6), scoring_profile="all26", match_format="target_points")
    assert result.facts["mode"] == "points_per_trick"
    assert (result.points(A), result.points(B)) == (16, 10)


def test_points_per_trick_on_a_played_deal_scores_every_trick_each_seat_won() -> None:
    """A hand-built deal played to the end in the engine (the worked example's hands, the
    lowest legal card each turn): under all26 each seat scores exactly the tricks it won
    over all 26 -- counted here from the trick records, not from the facts -- and under
    last13 only those of tricks 14-26."""
    from openwhist import Deal
    from openwhist_german.arrange import arrange_deck

    order = arrange_deck(
        "JS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD AD",
        "KH 5S QD",
    )
    for profile, first in (("all26", 0), ("last13", 13)):
        engine = Engine(
            GERMAN, {"scoring_profile": profile, "hand_result_mode": "points_per_trick"}
        )
        state = engine.apply(engine.start_deal(dealer=B), Deal(order))
        while engine.legal_actions(state):
            state = engine.apply(state, engine.legal_actions(state)[0])
        won = [sum(1 for r in state.completed[first:] if r.winner == seat) for seat in (A, B)]
        phase1 = [sum(1 for r in state.completed[:13] if r.winner == seat) for seat in (A, B)]
        assert len(state.completed) == 26
        assert min(phase1) > 0  # phase 1 matters here
        result = engine.score(state)
        assert [result.points(A), result.points(B)] == won, profile
        assert result.winner == (A if won[A] > won[B] else B if won[B] > won[A] else None)


def test_weighted_counts_phase_one_once_and_phase_two_twice() -> None:
    """Guardian: A 10 x 1 + 5 x 2 = 20, B 3 x 1 + 8 x 2 = 19, so A wins the deal although B
    took more of the last 13; and with 10-3 then 4-9, A 18 and B 21: B wins although A took
    14 of the 26 tricks."""
    result = score((10, 3), (5, 8), hand_result_mode="weighted")
    assert (result.points(A), result.points(B)) == (20, 19)
    assert result.winner == A
    result = score((10, 3), (4, 9), hand_result_mode="weighted")
    assert (result.points(A), result.points(B)) == (18, 21)
    assert result.winner == B


def test_late_revoke_voids_the_deal_only_when_the_policy_says_so() -> None:
    """§1.10 late_revoke_policy is score-keeping: a declared late revoke voids the deal under
    void_deal (no winner, nothing scored) and changes nothing under stands (default)."""
    facts = GermanFacts(phase1_tricks=(9, 4), phase2_tricks=(8, 5), late_revoke=True)
    for policy, void in (("stands", False), ("void_deal", True)):
        engine = Engine(GERMAN, {"late_revoke_policy": policy})
        result = engine.rules.score_facts(facts, engine.start_deal(dealer=A).context)
        if void:
            assert result.winner is None
            assert result.lines == ()
            assert result.facts["void"] is True
        else:
            assert result.winner == A
            assert result.points(A) == 1


def test_facts_are_validated_with_clear_messages() -> None:
    """Each phase has 13 tricks; a count is 0..13; nothing else may be entered."""
    with pytest.raises(ValidationError, match=r"13 tricks between them .*got 7 \+ 7 = 14"):
        GermanFacts(phase1_tricks=(7, 7), phase2_tricks=(7, 6))
    with pytest.raises(ValidationError, match="phase2_tricks"):
        GermanFacts(phase1_tricks=(7, 6), phase2_tricks=(14, -1))
    with pytest.raises(ValidationError, match="less than or equal to 13"):
        GermanFacts(phase1_tricks=(14, -1), phase2_tricks=(7, 6))
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        GermanFacts.model_validate({"phase1_tricks": [7, 6], "phase2_tricks": [7, 6], "honours": 4})
    with pytest.raises(ValidationError):
        GermanFacts.model_validate({"phase1_tricks": [7, 6, 0], "phase2_tricks": [7, 6]})
    facts = GermanFacts.model_validate({"phase1_tricks": [7, 6], "phase2_tricks": ["3", 10]})
    assert facts.phase2_tricks == (3, 10)


def test_facts_model_is_registered_on_the_variant() -> None:
    assert GERMAN.facts is GermanFacts
