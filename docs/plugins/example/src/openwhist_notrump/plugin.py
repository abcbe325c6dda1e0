"""The ``openwhist`` entry point of No-Trump Whist: registers the variant."""

from __future__ import annotations

from collections.abc import Callable

from openwhist import N_, Variant, hookimpl

from openwhist_notrump.presentation import PRESENTATION
from openwhist_notrump.rules import NotrumpFacts, NotrumpOptions, NotrumpRules
from openwhist_notrump.scoresheet import SHEET, STATISTICS

NOTRUMP = Variant(
    name="notrump",
    # N_ marks text for the catalogues in locale/ (pybabel extract -k N_); the CLI
    # translates it where it shows it.
    title=N_("No-Trump Whist"),
    description=N_("four players in two partnerships; no suit is ever trump"),
    seat_names=("N", "E", "S", "W"),
    rules=NotrumpRules(),
    options=NotrumpOptions,
    partnerships=((0, 2), (1, 3)),
    max_actions=53,  # the deal, then 52 cards: the conformance kit checks termination
    facts=NotrumpFacts,
    presentation=PRESENTATION,  # what screens show of its views (presentation.py)
    sheet=SHEET,  # how whist scores lays out a match (scoresheet.py)
    statistics=STATISTICS,  # what standings and the arena count beside the points
)


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    """Discovery hook: called once when openwhist builds its catalog of variants."""
    register(NOTRUMP)
