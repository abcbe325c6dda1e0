"""The ``openwhist`` entry point of English Whist: registers ``english`` and ``american``.

American Whist (docs/variants/american.md §3) is the same rules plugin and options model with a
preset.
"""

from __future__ import annotations

from collections.abc import Callable

from openwhist import N_, BotSpec, Variant, hookimpl

from openwhist_english import scoresheet
from openwhist_english.expert import EXPERT_BOT
from openwhist_english.facts import EnglishFacts
from openwhist_english.heuristic import HEURISTIC_BOT
from openwhist_english.options import AMERICAN_PRESET, EnglishOptions
from openwhist_english.presentation import PRESENTATION
from openwhist_english.rules import EnglishRules

SEAT_NAMES = ("N", "E", "S", "W")
PARTNERSHIPS = ((0, 2), (1, 3))
RULES = EnglishRules()

ENGLISH = Variant(
    name="english",
    title=N_("English Whist"),
    description=N_(
        "short whist: four players in two partnerships, game to 5 with honours, rubbers"
    ),
    seat_names=SEAT_NAMES,
    rules=RULES,
    options=EnglishOptions,
    partnerships=PARTNERSHIPS,
    max_actions=53,
    aliases=("short-whist", "english-whist"),
    facts=EnglishFacts,
    presentation=PRESENTATION,
    sheet=scoresheet.SHEET,
    statistics=scoresheet.STATISTICS,
)

AMERICAN = Variant(
    name="american",
    title=N_("American Whist"),
    description=N_(
        "English Whist to 7 points without honours; games worth 7 minus the losers' score"
    ),
    seat_names=SEAT_NAMES,
    rules=RULES,
    options=EnglishOptions,
    preset=AMERICAN_PRESET,
    partnerships=PARTNERSHIPS,
    max_actions=53,
    aliases=("american-whist",),
    facts=EnglishFacts,
    presentation=PRESENTATION,
    sheet=scoresheet.SHEET,
    statistics=scoresheet.STATISTICS,
)


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    register(ENGLISH)
    register(AMERICAN)


@hookimpl
def whist_register_bots(register: Callable[[BotSpec], None]) -> None:
    """Register the ``heuristic`` and ``expert`` bots of English and American Whist."""
    register(HEURISTIC_BOT)
    register(EXPERT_BOT)
