"""Computer players shipped with the core, registered through the bot discovery hook.

A bot receives only its seat's `PlayerView` and the legal actions -- never the deal state.
An in-process bot is trusted code all the same (it shares the interpreter with the deal);
`openwhist.isolation` runs bots where only the view reaches them (docs/bots.md, "Trust").
Each bot seat draws from its own random stream, `bot_rng`, never from the deck's.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from openwhist.actions import Action
from openwhist.hookspecs import hookimpl
from openwhist.messages import N_
from openwhist.variant import Bot, BotSpec
from openwhist.views import PlayerView

BOT_STREAM = "openwhist.bot"
"""The name of the bots' random streams (see `bot_rng`)."""


def bot_rng(seed: int, seat: int, *, stream: str = "") -> random.Random:
    """The generator of the bot at ``seat`` in a match (or an arena board) seeded ``seed``.

    It is ``random.Random("openwhist.bot:SEED:SEAT")`` (``...:SEAT:STREAM`` with a
    ``stream``, e.g. an arena rotation): a string seed is hashed (SHA-512) into the
    generator's state, so a bot's stream neither consumes nor follows the deck's -- the
    deck generator is seeded from ``random.Random(seed)`` -- and no bot can work out the
    seed, the deck or another seat's stream from its own.
    """
    key = f"{BOT_STREAM}:{seed}:{seat}" + (f":{stream}" if stream else "")
    return random.Random(key)


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
