"""The ``openwhist`` entry point of German Whist: registers the variant."""

from __future__ import annotations

from collections.abc import Callable

from openwhist import N_, BotSpec, Variant, hookimpl

from openwhist_german.expert import EXPERT_BOT
from openwhist_german.heuristic import HEURISTIC_BOT
from openwhist_german.options import GermanOptions
from openwhist_german.rules import GermanRules
from openwhist_german.scoring import GermanFacts

GERMAN = Variant(
    name="german",
    title=N_("German Whist"),
    description=N_("two players; win the face-up stock card, then play out the last 13 tricks"),
    seat_names=("A", "B"),
    rules=GermanRules(),
    options=GermanOptions,
    max_actions=53,  # the deal, then 26 tricks of 2 cards
    aliases=("german-whist",),
    facts=GermanFacts,
)


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    """Register German Whist."""
    register(GERMAN)


@hookimpl
def whist_register_bots(register: Callable[[BotSpec], None]) -> None:
    """Register German Whist's ``heuristic`` and ``expert`` bots."""
    register(HEURISTIC_BOT)
    register(EXPERT_BOT)
