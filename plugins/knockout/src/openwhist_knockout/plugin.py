"""The ``openwhist`` entry point of Knockout Whist: registers the variant and its bots."""

from __future__ import annotations

from collections.abc import Callable

from openwhist import N_, BotSpec, Variant, hookimpl

from openwhist_knockout import scoresheet
from openwhist_knockout.bots import EXPERT_BOT, HEURISTIC_BOT
from openwhist_knockout.options import KnockoutOptions
from openwhist_knockout.presentation import PRESENTATION
from openwhist_knockout.rules import KnockoutFacts, KnockoutRules

SEATS = ("A", "B", "C", "D", "E", "F", "G")
"""Seat names, clockwise; a match of N players uses the first N."""

KNOCKOUT = Variant(
    name="knockout",
    title=N_("Knockout Whist"),
    description=N_("2-7 players, seven deals of 7 cards down to 1; take no trick and you are out"),
    seat_names=SEATS[:4],
    seat_counts={n: SEATS[:n] for n in range(2, 8)},
    rules=KnockoutRules(),
    options=KnockoutOptions,
    facts=KnockoutFacts,
    # The deal, the trump call, then 7 tricks of at most 7 cards and a dog's knocks.
    max_actions=1 + 1 + 7 * 7 + 7 * 6,
    aliases=("knockout-whist", "knock-out-whist"),
    presentation=PRESENTATION,
    sheet=scoresheet.SHEET,
    statistics=scoresheet.STATISTICS,
)


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    """Register Knockout Whist."""
    register(KNOCKOUT)


@hookimpl
def whist_register_bots(register: Callable[[BotSpec], None]) -> None:
    """Register Knockout Whist's ``heuristic`` and ``expert`` bots."""
    register(HEURISTIC_BOT)
    register(EXPERT_BOT)
