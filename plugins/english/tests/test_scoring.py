"""English Whist deal scoring from facts, one rule per test
(docs/variants/english.md §2.5, §2.6, §2.8, docs/variants/american.md §3).

Expected points are worked out from the rules in each docstring, not read off the code.
Sides: 0 = N–S, 1 = E–W. ``before`` is the game score when the deal starts.
"""

from __future__ import annotations

from typing import Any

import pytest
from english_helpers import EW, NS, facts
from openwhist import Category, DealContext, DealScore, Engine, VariantError
from openwhist_english import AMERICAN, ENGLISH, DeclaredRevoke, EnglishFacts, EnglishOptions
from openwhist_english.scoring import score_facts
from pydantic import ValidationError


def score(deal: EnglishFacts, before: tuple[int, int] = (0, 0), **options: Any) -> DealScore:
    """Score through the engine's facts hook, as the ledger does."""
    engine = Engine(ENGLISH, options)
    progress = {"detail": {"game_score": list(before)}}
    context = DealContext(options=engine.options, seats=4, dealer=0, progress=progress)
    return engine.rules.score_facts(deal, context)


def points(result: DealScore) -> tuple[int, int]:
    return result.points(NS), result.points(EW)


def after(result: DealScore) -> tuple[int, int]:
    a, b = result.facts["game_score_after"]
    return a, b


def revoke(side: int, penalty: str) -> DeclaredRevoke:
    return DeclaredRevoke(side=side, penalty=penalty)  # type: ignore[arg-type]


# -- tricks and honours ---------------------------------------------------------------------


def test_seed_002_eight_tricks_and_three_honours_make_four() -> None:
    """Seed 002: N–S take 8 tricks (8 − 6 = 2) and hold A, K, Q of trumps (three honours,
    2): 4 points in all; E–W score nothing."""
    result = score(facts(8, 5, honours=(3, 1)))
    assert points(result) == (4, 0)
    assert [(line.category, line.points) for line in result.lines] == [
        (Category.TRICKS, 2),
        (Category.HONOURS, 2),
    ]
    assert result.winner == NS


@pytest.mark.parametrize(("ns", "over", "counted"), [(7, 1, 1), (9, 3, 3), (13, 7, 5), (6, 0, 0)])
def test_one_point_per_trick_over_six(ns: int, over: int, counted: int) -> None:
    """§2.6 item 2: 7 → 1, 9 → 3, 13 → 7 (of which 5 count: the game is 5); with 6 tricks
    N–S score nothing and E–W's 7 score 1."""
    result = score(facts(ns, 13 - ns))
    assert result.points(NS) == counted
    assert result.points(EW) == (1 if ns == 6 else 0)
    if over:
        assert result.lines[0].note.startswith(f"{ns} tricks, {over} over six")


def test_four_honours_score_four_even_for_the_side_without_the_odd_trick() -> None:
    """§2.5: all four honours score 4, whoever wins the tricks."""
    result = score(facts(8, 5, honours=(0, 4)))
    assert points(result) == (2, 4)


def test_honours_split_two_two_score_nothing() -> None:
    """§2.5: a 2–2 split scores no honours for anybody."""
    result = score(facts(8, 5, honours=(2, 2)))
    assert points(result) == (2, 0)
    assert all(line.category != Category.HONOURS for line in result.lines)


def test_at_the_score_of_four_honours_do_not_count() -> None:
    """§2.5 (S002, CL): a side at 4 when the deal starts cannot score honours; the other
    side, at 3, can."""
    result = score(facts(6, 7, honours=(4, 0)), before=(4, 3))
    assert points(result) == (0, 1)
    assert after(result) == (4, 4)
    assert any("NS 4 honours" in note for note in result.facts["not_scored"])
    # The same deal from 3 counts the honours and wins the game.
    result = score(facts(6, 7, honours=(4, 0)), before=(3, 3))
    assert after(result) == (5, 4)


def test_at_four_a_side_needs_the_odd_trick_to_reach_game() -> None:
    """§2.5: at 4, the odd trick (tricks are not blocked) takes the side to game."""
    result = score(facts(7, 6, honours=(3, 1)), before=(4, 0))
    assert after(result) == (5, 0)
    assert result.facts["game_won_by"] == NS


def test_never_reach_game_rule_ignores_honours_that_would_bring_game() -> None:
    """§2.9 honours_rule=never_reach_game (Britannica): at 3, four honours (→ 7) are
    ignored; at 0 they count (→ 4); the CL rule would count them at 3."""
    rule = {"honours_rule": "never_reach_game"}
    assert after(score(facts(6, 7, honours=(4, 0)), before=(3, 0), **rule)) == (3, 1)
    assert after(score(facts(6, 7, honours=(4, 0)), before=(0, 0), **rule)) == (4, 1)
    assert after(score(facts(6, 7, honours=(4, 0)), before=(3, 0))) == (5, 1)


def test_never_reach_game_blocks_honours_that_would_land_exactly_on_game() -> None:
    """§2.9 never_reach_game: honours may not carry a side to game, so landing exactly on 5
    is blocked like overshooting it, while stopping one short counts. From 1, four honours
    (4) would make exactly 5: ignored; E–W's odd trick still scores. From 2, three honours
    (2) would make 4: counted; from 3 they would make exactly 5: ignored. The default CL
    rule blocks only a side at 4, so from 1 the four honours win the game."""
    rule = {"honours_rule": "never_reach_game"}
    assert after(score(facts(6, 7, honours=(4, 0)), before=(1, 0), **rule)) == (1, 1)
    assert after(score(facts(6, 7, honours=(3, 1)), before=(2, 0), **rule)) == (4, 1)
    assert after(score(facts(6, 7, honours=(3, 1)), before=(3, 0), **rule)) == (3, 1)
    assert after(score(facts(6, 7, honours=(4, 0)), before=(1, 0))) == (5, 1)


def test_tricks_beat_honours_to_game() -> None:
    """§2.6 (CL order): at 3–3, N–S's odd tricks are scored first and reach game; E–W's
    four honours would also have reached game but come later and are not scored."""
    result = score(facts(9, 4, honours=(0, 4)), before=(3, 3))
    assert result.facts["game_won_by"] == NS
    assert points(result) == (2, 0)
    assert after(result) == (5, 3)
    assert any("EW 4 honours" in note for note in result.facts["not_scored"])


def test_points_above_the_target_are_discarded() -> None:
    """§2.6: N–S at 4 take 11 tricks (5 over six): only 1 counts, the game ends at 5."""
    result = score(facts(11, 2), before=(4, 2))
    assert points(result) == (1, 0)
    assert after(result) == (5, 2)


def test_honours_off_score_no_honours() -> None:
    """§2.9 honours=false: four honours score nothing."""
    assert points(score(facts(7, 6, honours=(4, 0)), honours=False)) == (1, 0)


# -- revokes --------------------------------------------------------------------------------


def test_revoke_penalty_a_transfers_three_tricks() -> None:
    """§2.8 (a): E–W revoked and took 8 tricks; N–S take 3 of them: N–S 8, E–W 5, so N–S
    score 2 for tricks and E–W nothing."""
    result = score(facts(5, 8, revokes=[revoke(EW, "transfer_tricks")]))
    assert points(result) == (2, 0)
    assert result.facts["tricks_scored"] == [8, 5]
    assert result.lines[0].category == Category.PENALTY
    assert result.winner == NS


def test_revoke_penalty_b_deducts_three_from_the_revoking_side() -> None:
    """§2.8 (b): E–W at 4 revoked; 3 are deducted (→ 1) before their 7 tricks (+1 → 2)."""
    result = score(facts(6, 7, revokes=[revoke(EW, "deduct")]), before=(0, 4))
    assert [(line.party, line.category, line.points) for line in result.lines] == [
        (EW, Category.PENALTY, -3),
        (EW, Category.TRICKS, 1),
    ]
    assert after(result) == (0, 2)


def test_revoke_penalty_c_adds_three_to_the_other_side() -> None:
    """§2.8 (c): N–S revoked; E–W add 3 to their own score before tricks."""
    result = score(facts(8, 5, revokes=[revoke(NS, "add")]), before=(0, 1))
    assert result.lines[0] == result.lines[0].__class__(
        EW, Category.PENALTY, 3, result.lines[0].note
    )
    assert after(result) == (2, 4)


def test_penalty_is_applied_before_tricks_and_can_win_the_game() -> None:
    """§2.6 order: E–W at 2 add 3 for N–S's revoke, reach 5 and win the game; N–S's
    10 tricks come later in the order and are not scored."""
    result = score(facts(10, 3, revokes=[revoke(NS, "add")]), before=(4, 2))
    assert result.facts["game_won_by"] == EW
    assert after(result) == (4, 5)
    assert points(result) == (0, 3)


def test_the_revoking_side_cannot_win_the_game_in_that_deal() -> None:
    """§2.8: N–S at 3 revoked (E–W chose to add 3) and took 10 tricks: 4 over six would
    bring 7, but a revoking side ends the deal at 4 at most."""
    result = score(facts(10, 3, revokes=[revoke(NS, "add")]), before=(3, 0))
    assert after(result) == (4, 3)
    assert result.facts["game_won_by"] is None
    trick_line = next(line for line in result.lines if line.category == Category.TRICKS)
    assert trick_line.points == 1


def test_deduct_never_goes_below_zero() -> None:
    """§2.8 [D]: (b) never takes a score below 0: E–W at 1 lose 1, not 3."""
    result = score(facts(7, 6, revokes=[revoke(EW, "deduct")]), before=(0, 1))
    assert result.lines[0].points == -1
    assert after(result) == (1, 0)


def test_transfer_takes_at_most_the_tricks_the_revoking_side_won() -> None:
    """§2.8 [D]: (a) moves at most the revoking side's tricks: E–W won 2, N–S get 13."""
    result = score(facts(11, 2, revokes=[revoke(EW, "transfer_tricks")]))
    assert result.facts["tricks_scored"] == [13, 0]
    assert points(result) == (5, 0)  # 7 over six, 5 reach game


def test_each_revoke_is_penalised() -> None:
    """§2.8: the penalty is per revoke: two E–W revokes with (c) add 6 to N–S."""
    result = score(facts(6, 7, revokes=[revoke(EW, "add"), revoke(EW, "add")]))
    assert points(result) == (5, 0)  # 3 + 3 = 6 reaches game at 5; EW's trick is not scored
    assert result.facts["game_won_by"] == NS


def test_mutual_revokes_both_penalised_and_neither_wins_the_game() -> None:
    """§2.8, C-E2 default both_penalised: each side is penalised, neither may pass 4."""
    deal = facts(9, 4, honours=(3, 1), revokes=[revoke(NS, "deduct"), revoke(EW, "deduct")])
    result = score(deal, before=(4, 3))
    # N–S 4 − 3 = 1, + 3 tricks = 4, honours blocked (at four at the start). E–W 3 − 3 = 0.
    assert after(result) == (4, 0)
    assert result.facts["game_won_by"] is None
    # The "add" penalty cannot bring a revoking side to game either.
    deal = facts(6, 7, revokes=[revoke(NS, "add"), revoke(EW, "add")])
    assert after(score(deal, before=(3, 3))) == (4, 4)


def test_mutual_revokes_new_deal_voids_the_deal() -> None:
    """§2.8 mutual_revoke=new_deal: the deal is void and nothing is scored."""
    deal = facts(9, 4, honours=(4, 0), revokes=[revoke(NS, "deduct"), revoke(EW, "add")])
    result = score(deal, before=(2, 2), mutual_revoke="new_deal")
    assert result.lines == ()
    assert result.facts["void"] is True
    assert after(result) == (2, 2)


def test_a_penalty_the_match_does_not_allow_is_an_error() -> None:
    """§2.9/C-E1: revoke_penalty_options restricts the choice, with a clear message."""
    with pytest.raises(VariantError, match="'add' is not allowed"):
        score(
            facts(6, 7, revokes=[revoke(EW, "add")]),
            revoke_penalty_options=["deduct", "transfer_tricks"],
        )


def test_american_revoke_cap_is_six() -> None:
    """§3: in American Whist (game 7) a revoking side ends the deal at 6 at most."""
    engine = Engine(AMERICAN)
    context = DealContext(
        options=engine.options, seats=4, dealer=0, progress={"detail": {"game_score": [4, 0]}}
    )
    result = engine.rules.score_facts(facts(11, 2, revokes=[revoke(NS, "add")]), context)
    assert result.facts["game_score_after"] == [6, 3]


def test_misdeal_is_void() -> None:
    """§2.3: a recorded misdeal scores nothing."""
    result = score(EnglishFacts(tricks=(0, 0), misdeal=True))
    assert result.lines == ()
    assert result.facts["void"] is True


# -- facts validation -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tricks": (7, 7)}, "summing to 13"),
        ({"tricks": (14, -1)}, "summing to 13"),
        ({"tricks": (7, 6), "honours": (3, 2)}, "at most 4"),
        ({"tricks": (7, 6), "seat_tricks": (3, 1, 3, 6)}, "do not add up"),
        ({"tricks": (7, 6), "misdeal": True}, "misdeal is void"),
        ({"tricks": (7, 6), "revokes": [{"side": 2, "penalty": "add"}]}, "side"),
        ({"tricks": (7, 6), "revokes": [{"side": 0, "penalty": "fine"}]}, "penalty"),
        ({"tricks": (7, 6), "bonus": 1}, "bonus"),
    ],
)
def test_bad_facts_are_rejected_with_a_reason(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        EnglishFacts.model_validate(data)


def test_scoring_without_match_progress_starts_from_love_all() -> None:
    """A deal outside a match (progress None) scores from 0–0."""
    result = score_facts(facts(8, 5, honours=(3, 1)), EnglishOptions(), None)
    assert result.facts["game_score_before"] == [0, 0]
    assert points(result) == (4, 0)


def test_an_impossible_progress_score_is_an_error() -> None:
    with pytest.raises(VariantError, match="no running game"):
        score(facts(7, 6), before=(5, 0))


def test_facts_json_form_matches_pydantic_and_played_facts_are_valid() -> None:
    """The hand-written JSON form equals pydantic's; facts built from a played deal without
    validation pass validation (they are what a score-keeper could enter)."""
    deal = facts(5, 8, honours=(3, 1), revokes=[revoke(EW, "transfer_tricks")])
    assert deal.as_json() == deal.model_dump(mode="json")
    engine = Engine(ENGLISH)
    import random

    from english_helpers import play_out

    state = engine.start_deal(dealer=2)
    state = play_out(engine, engine.apply(state, engine.sample_chance(state, random.Random(4))))
    played = engine.rules.deal_facts(state)
    assert EnglishFacts.model_validate(played.model_dump()) == played
    assert played.as_json() == played.model_dump(mode="json")  # type: ignore[attr-defined]
