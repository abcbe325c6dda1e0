"""Computer players shipped with the core, registered through the bot discovery hook.

A bot receives only its seat's `PlayerView` and the legal actions -- never the deal state --
so it cannot peek at hidden cards by construction.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from openwhist.actions import Action
from openwhist.hookspecs import hookimpl
from openwhist.messages import N_
from openwhist.variant import Bot, BotSpec
from openwhist.views import PlayerView


class RandomBot(Bot):
    """Plays a uniformly random legal action (a baseline and the conformance kit's player)."""

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
