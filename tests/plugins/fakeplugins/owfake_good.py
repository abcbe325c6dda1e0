"""A well-behaved third-party plugin: one variant, one house rule, one bot, one command."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from openwhist import Bot, BotSpec, HouseRule, Variant, hookimpl
from openwhist.bots import RandomBot


class _Rules:
    """Plain whist (the core's standard rules)."""


FAKE = Variant(
    name="fake-whist",
    title="Fake Whist",
    description="the standard rules under another name",
    seat_names=("N", "E", "S", "W"),
    rules=_Rules(),
    partnerships=((0, 2), (1, 3)),
    max_actions=53,
    aliases=("fw",),
)


class _NoRules:
    """A house rule that changes nothing."""


NOTHING = HouseRule("fake-nothing", "Nothing", "changes nothing", _NoRules(), ("fake-whist",))


def _make_bot(variant: str, rng: random.Random) -> Bot:
    return RandomBot(rng)


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    register(FAKE)


@hookimpl
def whist_register_house_rules(register: Callable[[HouseRule], None]) -> None:
    register(NOTHING)


@hookimpl
def whist_register_bots(register: Callable[[BotSpec], None]) -> None:
    register(BotSpec("fake-bot", "plays at random", _make_bot, ("fake-whist",)))


@hookimpl
def whist_register_commands(app: Any) -> None:
    app.command(name="fake")(lambda: None)
