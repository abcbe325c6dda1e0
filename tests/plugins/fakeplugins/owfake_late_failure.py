"""A plugin that registers a variant and a house rule, then fails registering its bots."""

from __future__ import annotations

from collections.abc import Callable

from openwhist import BotSpec, HouseRule, Variant, hookimpl
from owfake_good import FAKE, NOTHING


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    register(FAKE)


@hookimpl
def whist_register_house_rules(register: Callable[[HouseRule], None]) -> None:
    register(NOTHING)


@hookimpl
def whist_register_bots(register: Callable[[BotSpec], None]) -> None:
    raise RuntimeError("no bots today")
