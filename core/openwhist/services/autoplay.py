"""Auto-play: a table setting that plays a seat's card for it when there is nothing to choose.

Three modes (the table setting ``autoplay``, recorded in the game record's ``table``):

* `OFF` -- every card is the player's own;
* `FORCED` -- a lone legal card is played at once (what ``--autoplay`` has always done);
* `EQUIVALENT` -- also when every legal card is *equivalent*: all of one suit in the hand,
  with every card ranking between them either in the same hand or played in an earlier,
  completed trick. Such cards win and lose exactly the same tricks from now on, so the
  choice cannot matter; the lowest is played. Cards on the table in the current trick are
  still live (with the 9 led, the 10 and the 8 of one hand differ), as in the solver's own
  merging (docs/solver.md, "Equivalent cards").

`EQUIVALENT` assumes standard trick ranking (the highest trump, else the highest card of
the led suit, wins); where the match's trick winner is not the standard one it acts as
`FORCED`. The decision reads only the seat's `PlayerView` and its legal actions.

A record's ``table.autoplay`` written before the modes existed is a boolean: ``true`` reads
as `FORCED`, ``false`` as `OFF` (`autoplay_mode`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from openwhist.bots.sampling import equal_in_hand
from openwhist.game.actions import Action, Play
from openwhist.game.messages import N_, Message
from openwhist.game.views import PlayerView
from openwhist.services import UsageError

OFF: Final = "off"
FORCED: Final = "forced"
EQUIVALENT: Final = "equivalent"
MODES: Final = (OFF, FORCED, EQUIVALENT)
"""The auto-play modes, weakest first."""


def autoplay_mode(value: object) -> str:
    """The mode a table setting names: one of `MODES`, or a boolean as older records
    hold it (``True``: `FORCED`, ``False`` or ``None``: `OFF`).

    Raises:
        UsageError: anything else, naming the modes.
    """
    if value is None or value is False:
        return OFF
    if value is True:
        return FORCED
    if isinstance(value, str) and value in MODES:
        return value
    raise UsageError(
        Message(
            N_("auto-play is one of {modes}, not '{mode}'"),
            {"modes": ", ".join(MODES), "mode": str(value)},
        )
    )


def autoplay_action(
    view: PlayerView,
    legal: Sequence[Action],
    mode: str,
    *,
    standard_ranking: bool = True,
) -> Action | None:
    """The card auto-play plays for the seat of ``view`` now, or ``None`` (its own choice).

    Only cards are auto-played (a call is always the player's). ``standard_ranking``: the
    match's trick winner is the standard one (otherwise `EQUIVALENT` acts as `FORCED`).
    """
    if mode == OFF or not legal or not all(isinstance(a, Play) for a in legal):
        return None
    if len(legal) == 1:
        return legal[0]
    if mode != EQUIVALENT or not standard_ranking:
        return None
    cards = sorted(a.card for a in legal if isinstance(a, Play))
    dead = 0
    for record in view.completed:
        for card in record.cards:
            dead |= 1 << card
    low = cards[0]
    if all(equal_in_hand(low, card, view.hand, dead) for card in cards[1:]):
        return next(a for a in legal if isinstance(a, Play) and a.card == low)
    return None


__all__ = ["EQUIVALENT", "FORCED", "MODES", "OFF", "autoplay_action", "autoplay_mode"]
