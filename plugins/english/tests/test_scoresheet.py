"""English and American Whist's declared score sheet and statistic (issue 12): games and
the rubber bonus above the line, game points in the standings only."""

from __future__ import annotations

from openwhist import Category, DealScore, ScoreLine
from openwhist_english import scoresheet
from openwhist_english.plugin import AMERICAN, ENGLISH


def test_games_and_the_rubber_bonus_go_above_the_line_for_both_variants() -> None:
    for variant in (ENGLISH, AMERICAN):
        assert variant.sheet.layout == "sides"
        assert [a.category for a in variant.sheet.above_the_line] == ["game", "rubber"]
        assert [a.marker for a in variant.sheet.above_the_line] == ["GAME", "RUBBER"]


def test_game_points_sum_the_games_and_the_rubber_bonus_and_stay_out_of_the_arena() -> None:
    (points,) = scoresheet.STATISTICS
    assert points.reported_in("standings")
    assert not points.reported_in("arena")  # lone first deals never complete a game
    score = DealScore(
        parties=("NS", "EW"),
        lines=(ScoreLine(0, Category.TRICKS, 2, "2 over six"),),
        winner=0,
        tricks=(4, 3, 4, 2),
    )
    awards = (ScoreLine(0, Category.GAME, 3, "game"), ScoreLine(0, Category.RUBBER, 2, "rubber"))
    assert [t.value for t in points.of_deal(score, awards)] == [5, 0]
