"""German Whist match formats and dealer rotation (docs/variants/german.md §1.2, §1.8, §1.9)."""

from __future__ import annotations

import random
from typing import Any

from openwhist import TERMINAL, DealScore, Engine, MatchProgress
from openwhist_german import GERMAN, GermanFacts

A, B = 0, 1


def deal_score(
    engine: Engine, progress: MatchProgress, p1: tuple[int, int], p2: tuple[int, int]
) -> DealScore:
    """The score of a deal of this match whose tricks went ``p1`` / ``p2`` (A, B)."""
    context = engine.next_deal(progress).context
    return engine.rules.score_facts(GermanFacts(phase1_tricks=p1, phase2_tricks=p2), context)


def run(
    engine: Engine, deals: list[tuple[tuple[int, int], tuple[int, int]]], **kw: Any
) -> list[MatchProgress]:
    progress = engine.start_match(first_dealer=kw.get("first_dealer", A))
    seen = [progress]
    for p1, p2 in deals:
        assert not progress.finished
        progress = engine.advance_match(progress, deal_score(engine, progress, p1, p2))
        seen.append(progress)
    return seen


A_WINS = ((7, 6), (8, 5))  # all26: 15-11, last13: 8-5
B_WINS = ((6, 7), (5, 8))
TIE = ((6, 7), (7, 6))  # all26: 13-13


def test_single_deal_is_the_whole_match() -> None:
    """Default format (seed 000): one deal is a complete game."""
    engine = Engine(GERMAN)
    progress = run(engine, [B_WINS])[-1]
    assert progress.finished
    assert progress.winner == B
    assert progress.totals == (0, 1)
    assert progress.summary == "B wins 8-5"


def test_single_deal_tie_finishes_without_winner() -> None:
    engine = Engine(GERMAN, {"scoring_profile": "all26"})
    progress = run(engine, [TIE])[-1]
    assert progress.finished
    assert progress.winner is None


def test_best_of_3_tied_deal_counts_for_nobody() -> None:
    """§1.9: A wins, a 13-13 tie, B wins, A wins -> A wins 2-1 after four deals."""
    engine = Engine(GERMAN, {"scoring_profile": "all26", "match_format": "best_of_3"})
    seen = run(engine, [A_WINS, TIE, B_WINS, A_WINS])
    assert [p.totals for p in seen] == [(0, 0), (1, 0), (1, 0), (1, 1), (2, 1)]
    assert [p.finished for p in seen] == [False, False, False, False, True]
    assert seen[-1].winner == A
    assert seen[-1].deals == 4
    assert seen[2].detail["tied_deals"] == 1
    assert seen[-1].summary == "A 2-1 B (best of 3): A wins the match"


def test_best_of_5_needs_three_deals() -> None:
    engine = Engine(GERMAN, {"match_format": "best_of_5"})
    seen = run(engine, [B_WINS, B_WINS, A_WINS, A_WINS, B_WINS])
    assert [p.finished for p in seen[1:]] == [False, False, False, False, True]
    assert seen[-1].winner == B
    assert seen[-1].totals == (2, 3)


def test_target_points_rises_when_both_reach_it() -> None:
    """§1.8/§1.9 target_points (points_per_trick, target 50): at 49-49 a 12-1 deal takes
    both past 50 (61-50), so the target rises to 60, which A alone has reached."""
    engine = Engine(GERMAN, {"match_format": "target_points"})
    assert engine.options.result_mode == "points_per_trick"  # type: ignore[attr-defined]
    progress = MatchProgress(("A", "B"), deals=7, dealer=A, totals=(49, 49), detail={"target": 50})
    progress = engine.advance_match(progress, deal_score(engine, progress, (3, 10), (12, 1)))
    assert progress.totals == (61, 50)
    assert progress.detail["target"] == 60
    assert progress.finished
    assert progress.winner == A


def test_target_points_both_reach_and_nobody_passes_the_raised_target() -> None:
    """45-45 and a 7-6 deal: 52-51, both at 50, the target rises to 60, the match goes on."""
    engine = Engine(GERMAN, {"match_format": "target_points"})
    progress = MatchProgress(("A", "B"), deals=7, dealer=A, totals=(45, 45), detail={"target": 50})
    progress = engine.advance_match(progress, deal_score(engine, progress, (0, 13), (7, 6)))
    assert progress.totals == (52, 51)
    assert not progress.finished
    assert progress.detail["target"] == 60
    progress = engine.advance_match(progress, deal_score(engine, progress, (0, 13), (8, 5)))
    assert progress.totals == (60, 56)
    assert progress.finished
    assert progress.winner == A


def test_target_points_from_the_start() -> None:
    """Target 20 with points per trick: 8-5 then 8-5 makes 16-10, then 5-8 makes 21-18."""
    engine = Engine(GERMAN, {"match_format": "target_points", "target_points": 20})
    seen = run(engine, [A_WINS, A_WINS, B_WINS])
    assert [p.totals for p in seen] == [(0, 0), (8, 5), (16, 10), (21, 18)]
    assert seen[-1].finished
    assert seen[-1].winner == A


def test_dealer_alternates_every_deal_and_the_non_dealer_leads() -> None:
    """§1.2, §1.9: the dealer alternates regardless of results (tied deals included)."""
    engine = Engine(GERMAN, {"scoring_profile": "all26", "match_format": "best_of_5"})
    seen = run(engine, [A_WINS, A_WINS, TIE, B_WINS], first_dealer=B)
    assert [p.dealer for p in seen] == [B, A, B, A, B]
    for progress in seen:
        state = engine.next_deal(progress)
        assert state.context.dealer == progress.dealer
        state = engine.apply(state, engine.sample_chance(state, random.Random(1)))
        assert state.to_act == 1 - progress.dealer


def test_a_whole_match_plays_to_its_end() -> None:
    """A best-of-3 match of random play ends with a winner who won two deals."""
    engine = Engine(GERMAN, {"match_format": "best_of_3"})
    rng = random.Random(5)
    progress = engine.start_match(first_dealer=A)
    while not progress.finished:
        state = engine.next_deal(progress)
        state = engine.apply(state, engine.sample_chance(state, rng))
        while state.to_act != TERMINAL:
            actions = engine.legal_actions(state)
            state = engine.apply(state, actions[rng.randrange(len(actions))])
        progress = engine.advance_match(progress, engine.score(state))
        assert progress.deals < 20
    assert progress.winner is not None
    assert progress.totals[progress.winner] == 2
