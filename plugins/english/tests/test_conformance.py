"""English and American Whist against the conformance kit and random-play invariants.

The kit (`openwhist.testing`) checks the engine contract step by step; it is thorough and
therefore slow, so it runs a few hundred deals (``--whist-deals N`` for more). The sweeps
below play thousands of random deals and hundreds of whole rubbers through the public
engine and check the English rules' own invariants on every one, quickly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from openwhist import Deal, DealState, Engine, MatchProgress, Variant
from openwhist.testing import ConformanceReport, check_match, check_variant, option_samples
from openwhist_english import AMERICAN, ENGLISH

VARIANTS = [ENGLISH, AMERICAN]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_conformance_kit_deals(
    variant: Variant, whist_conformance: Callable[..., ConformanceReport]
) -> None:
    report = whist_conformance(variant, seed=11)
    assert report.deals > 0
    assert report.view_swaps > 0
    # Both sides win deals; no deal is left without a side taking the odd trick.
    assert report.winners[0] > 0
    assert report.winners[1] > 0
    assert report.winners[2] == 0


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_conformance_kit_whole_matches(variant: Variant) -> None:
    report = check_match(variant, matches=8, seed=5)
    assert report.matches == 8


@pytest.mark.parametrize(
    ("variant", "options"),
    [(v, o) for v in VARIANTS for o in option_samples(v)],
    ids=lambda x: getattr(x, "name", None) or ",".join(f"{k}={v}" for k, v in x.items()),
)
def test_conformance_kit_every_option_choice(variant: Variant, options: dict[str, Any]) -> None:
    assert check_variant(variant, deals=15, seed=3, options=options, swaps_per_deal=1).deals
    assert check_match(variant, matches=1, seed=4, options=options).matches == 1


def random_deal(
    engine: Engine, rng: random.Random, dealer: int, progress: MatchProgress | None = None
) -> DealState[Any]:
    state = engine.start_deal(dealer=dealer) if progress is None else engine.next_deal(progress)
    state = engine.apply(state, engine.sample_chance(state, rng))
    while state.to_act >= 0:
        legal = engine.legal_actions(state)
        state = engine.apply(state, legal[rng.randrange(len(legal))])
    return state


def dealt_honours(state: DealState[Any]) -> list[int]:
    """Honours per side straight from the deck order: card i goes to seat dealer+1+i."""
    deal = state.history[0]
    assert isinstance(deal, Deal)
    trump = deal.order[-1] // 13
    counts = [0, 0]
    for i, card in enumerate(deal.order):
        if card // 13 == trump and card % 13 >= 9:  # J, Q, K, A
            counts[(state.dealer + 1 + i) % 4 % 2] += 1
    return counts


@pytest.mark.parametrize(("variant", "deals"), [(ENGLISH, 2000), (AMERICAN, 1000)])
def test_random_deals_score_by_the_rules(variant: Variant, deals: int) -> None:
    """On random deals from love all: the side with 7+ tricks scores tricks − 6 (at most
    the target); with honours on, a side holding 3 or 4 honours (as dealt, the turn-up for
    the dealer) scores 2 or 4 unless the game was already reached; nothing else scores."""
    engine = Engine(variant)
    options: Any = engine.options
    target = options.game_target
    rng = random.Random(2024)
    for i in range(deals):
        state = random_deal(engine, rng, dealer=i % 4)
        score = engine.score(state)
        sides = [state.tricks[0] + state.tricks[2], state.tricks[1] + state.tricks[3]]
        honours = dealt_honours(state)
        assert score.facts["honours"] == honours
        assert sum(honours) == 4
        view = engine.observe(state, i % 4)
        assert view.public["turn_up"] == state.history[0].order[-1]  # type: ignore[attr-defined]
        odd = 0 if sides[0] > 6 else 1
        assert score.winner == odd
        expected = [0, 0]
        expected[odd] = min(sides[odd] - 6, target)
        if options.honours and expected[odd] < target:
            for side in (0, 1):
                bonus = {4: 4, 3: 2}.get(honours[side], 0)
                expected[side] = min(expected[side] + bonus, target)
        assert [score.points(0), score.points(1)] == expected
        assert score.facts["game_score_after"] == expected


@pytest.mark.parametrize(("variant", "matches"), [(ENGLISH, 200), (AMERICAN, 100)])
def test_random_rubbers_follow_the_rubber_rules(variant: Variant, matches: int) -> None:
    """Whole random rubbers: the dealer moves left every deal; game scores stay below the
    target between deals; a game ends exactly when a side reaches the target and is worth
    what the losers' score says; a rubber is two games to the winner (the third only after
    1–1); its value is the winners' game points + bonus − the losers'; the match totals
    are the game points plus the bonus."""
    engine = Engine(variant)
    options: Any = engine.options
    target = options.game_target
    rng = random.Random(77)
    for m in range(matches):
        progress = engine.start_match(m % 4)
        while not progress.finished:
            before = progress
            state = random_deal(engine, rng, progress.dealer, progress)
            progress = engine.advance_match(progress, engine.score(state))
            assert progress.dealer == (before.dealer + 1) % 4
            assert all(0 <= s < target for s in progress.detail["game_score"])
            assert progress.deals < 200
        games = progress.detail["games"]
        rubber = progress.detail["rubbers"][0]
        winner = rubber["winner_side"]
        assert progress.winner == winner
        won = [g["winner_side"] for g in games]
        assert won.count(winner) == 2
        assert won[-1] == winner
        assert len(games) in (2, 3)
        if len(games) == 3:
            assert won[0] != won[1]
        points = [0, 0]
        for g in games:
            w, loser_score = g["winner_side"], g["score"][1 - g["winner_side"]]
            assert g["score"][w] == target
            if options.game_values == "margin":
                assert g["value"] == target - loser_score
            else:
                assert g["value"] == (3 if loser_score == 0 else 2 if loser_score <= 2 else 1)
            points[w] += g["value"]
        assert rubber["value"] == points[winner] + options.rubber_bonus - points[1 - winner]
        totals = list(points)
        totals[winner] += options.rubber_bonus
        assert list(progress.totals) == totals
