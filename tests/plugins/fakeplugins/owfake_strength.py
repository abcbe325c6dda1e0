"""A third-party plugin whose bots declare their strength (tests/cli/test_play_default_seats.py).

* ``champion`` plays German Whist and declares a strength above the built-in ``expert``'s
  (20), so terminal play seats it by default -- although it only plays its first legal
  action: strength is what the plugin *declares*, and the table trusts the declaration.
* ``plain-whist`` is a variant (the core's standard rules) whose bots all have strength 0:
  its own ``plainbot`` (its `Variant.default_bot`) and a bot that happens to be *called*
  ``heuristic`` but declares strength 0. The default table seats ``plainbot``: a bot's name
  gives it no rank.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from openwhist import Action, Bot, BotSpec, PlayerView, Variant, hookimpl
from openwhist.plugins import Catalog, load_catalog


class FirstLegal(Bot):
    """Plays its first legal action (fast and repeatable)."""

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return legal[0]


class _Rules:
    """Plain whist (the core's standard rules)."""


PLAIN = Variant(
    name="plain-whist",
    title="Plain Whist",
    description="the standard rules, with bots of strength 0 only",
    seat_names=("N", "E", "S", "W"),
    rules=_Rules(),
    partnerships=((0, 2), (1, 3)),
    max_actions=53,
    default_bot="plainbot",
)


def _first_legal(variant: str, rng: random.Random) -> Bot:
    return FirstLegal()


class Plugin:
    @hookimpl
    def whist_register_variants(self, register: Callable[[Variant], None]) -> None:
        register(PLAIN)

    @hookimpl
    def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
        register(
            BotSpec("champion", "declares itself the strongest", _first_legal, ("german",), 30)
        )
        register(BotSpec("plainbot", "plain whist's own bot", _first_legal, ("plain-whist",), 0))
        register(BotSpec("heuristic", "a name, no strength", _first_legal, ("plain-whist",), 0))


PLUGIN = Plugin()


def catalog() -> Catalog:
    """The installed plugins and this one."""
    return load_catalog(extra_plugins=[("owfake-strength", PLUGIN)])
