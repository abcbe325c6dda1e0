"""How English and American Whist's table is shown (`openwhist.Presentation`).

The public facts of `EnglishRules.whist_observe`: the dealer's turned-up trump card, with
"(still on the table)" until the dealer takes it into the hand at the first trick
(docs/variants/english.md §2.3), and the points a game is played to. The game score is on the score
line already, and the turn-up's name and whether the dealer holds it are for bots. The turn-up
facts are ``optional``: there is no turn-up before the deal.
"""

from __future__ import annotations

from openwhist import N_, Fact, FactKind, FactPlace, Presentation

from openwhist_english.match import standing

PRESENTATION = Presentation(
    public=(
        Fact("turn_up", FactKind.CARD, N_("Turned-up trump card: {turn_up}"), optional=True),
        Fact(
            "turn_up_on_table",
            FactKind.FLAG,
            N_("(still on the table)"),
            joins="turn_up",
            separator=" ",
            emphasis="dim",
            optional=True,
        ),
        Fact("game_target", FactKind.NUMBER, N_("Game is {game_target} points")),
        Fact("turn_up_name", FactKind.TEXT, place=FactPlace.HIDDEN, optional=True),
        Fact("turn_up_held", FactKind.FLAG, place=FactPlace.HIDDEN, optional=True),
        Fact("game_score", FactKind.LIST, place=FactPlace.HIDDEN),
    ),
    # The score line shows each side's match points; beside them, the game being played
    # and each side's points towards it (the summary says the match points again, for the
    # lists that show nothing else).
    standing=standing,
)
"""The declared table of ``english`` and ``american``."""

__all__ = ["PRESENTATION"]
