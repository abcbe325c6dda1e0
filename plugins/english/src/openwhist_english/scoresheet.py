"""The score sheet and statistics of English and American Whist
(docs/variants/english.md §2.6-§2.7).

Players keep a "We / They" sheet: tricks, honours and penalties *below the line*, each game
won and the rubber bonus *above* it, a ruled line after every game. The match points -- the
games' values and the rubber bonus -- settle a rubber, so standings report them as
``game_points``; the arena plays lone first deals, where no game is ever completed, and
leaves them out.
"""

from __future__ import annotations

from openwhist import N_, AboveTheLine, Category, ScoreSheet, Statistic

SHEET = ScoreSheet(
    layout="sides",
    above_the_line=(
        AboveTheLine(Category.GAME, N_("GAME"), N_("game points (above the line)")),
        AboveTheLine(Category.RUBBER, N_("RUBBER"), N_("rubber bonus")),
    ),
    below_total=N_("below the line (tricks, honours, penalties)"),
    match_total=N_("match points (games + rubber bonus)"),
)
"""We / They, above and below the line."""

STATISTICS = (
    Statistic(
        "game_points",
        N_("game points"),
        categories=(Category.GAME, Category.RUBBER),
        reports=("standings",),
        description=N_("the games' values and the rubber bonus: what a rubber is settled on"),
    ),
)
"""Game points (games and rubber bonus), in the standings."""
