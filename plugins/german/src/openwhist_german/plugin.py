"""The ``openwhist`` entry point of German Whist: registers the variant."""

from __future__ import annotations

from collections.abc import Callable

from openwhist import N_, BotSpec, RuleChange, Variant, hookimpl
from pydantic import BaseModel

from openwhist_german import scoresheet
from openwhist_german.expert import EXPERT_BOT
from openwhist_german.heuristic import HEURISTIC_BOT
from openwhist_german.options import GermanOptions
from openwhist_german.presentation import PRESENTATION
from openwhist_german.rules import GermanRules
from openwhist_german.scoring import GermanFacts


def _all26_points_per_trick(options: BaseModel) -> bool:
    """A match whose deals score points_per_trick under the all26 profile."""
    return (
        isinstance(options, GermanOptions)
        and options.scoring_profile == "all26"
        and options.result_mode == "points_per_trick"
    )


RULE_CHANGES = (
    RuleChange(
        version="0.2.0",
        affects=_all26_points_per_trick,
        description=(
            "points_per_trick under scoring_profile=all26 scores all 26 tricks, not only "
            "the 13 phase-2 tricks: one point per trick that counts, so the deal's winner "
            "always has the more points"
        ),
    ),
)
"""What changed in German Whist's scoring, and for which matches (docs/variants/german.md,
"Changes")."""

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
    rule_changes=RULE_CHANGES,
    presentation=PRESENTATION,
    sheet=scoresheet.SHEET,
    statistics=scoresheet.STATISTICS,
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
