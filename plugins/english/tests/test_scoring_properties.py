"""Properties of English Whist scoring over arbitrary facts and game scores (hypothesis).

Whatever the deal, the options and the score before it: the lines add up to the change in
the game score; no side passes the target; a side that revoked stays below it; at most one
side reaches the target, and then it is `game_won_by`; scores never go below zero.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from openwhist_english import DeclaredRevoke, EnglishFacts, EnglishOptions
from openwhist_english.scoring import score_facts

PENALTIES = ("transfer_tricks", "deduct", "add")


@st.composite
def cases(draw: Any) -> tuple[EnglishFacts, EnglishOptions, list[int]]:
    ns = draw(st.integers(0, 13))
    a = draw(st.integers(0, 4))
    honours = (a, draw(st.integers(0, 4 - a)))
    revokes = draw(
        st.lists(
            st.builds(DeclaredRevoke, side=st.integers(0, 1), penalty=st.sampled_from(PENALTIES)),
            max_size=3,
        )
    )
    american = draw(st.booleans())
    options = EnglishOptions(
        game_target=7 if american else 5,
        game_values="margin" if american else "treble_double_single",
        honours=draw(st.booleans()),
        honours_rule=draw(
            st.sampled_from(["blocked_at_start_score_target_minus_1", "never_reach_game"])
        ),
    )
    target = options.game_target
    before = [draw(st.integers(0, target - 1)), draw(st.integers(0, target - 1))]
    deal = EnglishFacts(tricks=(ns, 13 - ns), honours=honours, revokes=tuple(revokes))
    return deal, options, before


@settings(max_examples=200, deadline=None)
@given(cases())
def test_scoring_invariants(case: tuple[EnglishFacts, EnglishOptions, list[int]]) -> None:
    deal, options, before = case
    target = options.game_target
    result = score_facts(deal, options, {"detail": {"game_score": before}})
    after = result.facts["game_score_after"]
    offenders = {r.side for r in deal.revokes}
    for side in (0, 1):
        assert before[side] + result.points(side) == after[side]
        assert 0 <= after[side] <= target
        if side in offenders:
            assert after[side] <= target - 1
    reached = [side for side in (0, 1) if after[side] >= target]
    assert len(reached) <= 1
    assert result.facts["game_won_by"] == (reached[0] if reached else None)
    if not options.honours:
        assert all(line.category != "honours" for line in result.lines)
