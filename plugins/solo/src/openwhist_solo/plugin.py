"""The ``openwhist`` entry point of Solo Whist: registers the variant and its bots."""

from __future__ import annotations

from collections.abc import Callable

from openwhist import N_, BotSpec, Variant, hookimpl

from openwhist_solo import scoresheet
from openwhist_solo.expert import EXPERT_BOT
from openwhist_solo.heuristic import HEURISTIC_BOT
from openwhist_solo.options import SoloOptions
from openwhist_solo.presentation import PRESENTATION
from openwhist_solo.rules import SoloRules
from openwhist_solo.scoring import SEAT_NAMES, SoloFacts

SOLO = Variant(
    name="solo",
    title=N_("Solo Whist"),
    description=N_(
        "four players, no fixed partners: proposal and acceptance, solo, misère, abundance; "
        "every deal settled in units"
    ),
    seat_names=SEAT_NAMES,
    rules=SoloRules(),
    options=SoloOptions,
    partnerships=(),
    # An auction has at most a few dozen calls (every call outranks the last, a passed
    # seat never calls again), then one trump choice and 52 cards.
    max_actions=200,
    aliases=("solo-whist",),
    facts=SoloFacts,
    default_bot="heuristic",
    presentation=PRESENTATION,
    sheet=scoresheet.SHEET,
    statistics=scoresheet.STATISTICS,
)


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    register(SOLO)


@hookimpl
def whist_register_bots(register: Callable[[BotSpec], None]) -> None:
    register(HEURISTIC_BOT)
    register(EXPERT_BOT)
