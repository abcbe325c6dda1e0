"""Computer players shipped with the core, registered through the bot discovery hook.

A bot receives only its seat's `PlayerView` and the legal actions -- never the deal state.
An in-process bot is trusted code all the same (it shares the interpreter with the deal);
`openwhist.services.isolation` runs bots where only the view reaches them (docs/bots.md, "Trust").
Each bot seat draws from its own random stream, `bot_rng`, never from the deck's.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from openwhist.bots.base import Bot, BotSpec
from openwhist.game.actions import Action
from openwhist.game.hookspecs import hookimpl
from openwhist.game.messages import N_
from openwhist.game.views import PlayerView


class RandomBot(Bot):
    """Plays a uniformly random legal action (a baseline and the conformance kit's player).

    It never reads its view (``reads_view = False``), so tables build none for it.
    """

    reads_view = False

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def make_random_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `RandomBot` (any variant)."""
    return RandomBot(rng)


class _DefaultBots:
    """The core's own discovery plugin: registers the ``random`` bot."""

    @hookimpl
    def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
        register(BotSpec("random", N_("plays a random legal card or call"), make_random_bot))


DEFAULT_BOTS = _DefaultBots()
