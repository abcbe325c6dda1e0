"""The ``openwhist`` entry point of Israeli Whist: registers the variant and its bot."""

from __future__ import annotations

from collections.abc import Callable

from openwhist import N_, BotSpec, Variant, hookimpl

from openwhist_israeli import scoresheet
from openwhist_israeli.bots import PASSING_BOT
from openwhist_israeli.expert import EXPERT_BOT
from openwhist_israeli.heuristic import HEURISTIC_BOT
from openwhist_israeli.options import IsraeliOptions
from openwhist_israeli.presentation import PRESENTATION
from openwhist_israeli.rules import IsraeliRules
from openwhist_israeli.scoring import SEAT_NAMES, IsraeliFacts

ISRAELI = Variant(
    name="israeli",
    title=N_("Israeli Whist"),
    description=N_(
        "four players, each for himself: a trump auction (Frisch when all pass), exact "
        "contracts, over/under scoring"
    ),
    seat_names=SEAT_NAMES,
    rules=IsraeliRules(),
    options=IsraeliOptions,
    partnerships=(),
    # A deal has no finite bound under passed_out_redeal_by=same (a passed-out deal is
    # redealt, as at the table); one attempt is at most ~750 actions and random play
    # needs a few dozen, so 3000 leaves room for several redeals.
    max_actions=3000,
    aliases=("israeli-whist",),
    facts=IsraeliFacts,
    # Uniformly random calls pass 1 time in 46, so a Frisch would come about once in
    # four million deals; the passing random bot reaches every auction path.
    default_bot="israeli-random",
    presentation=PRESENTATION,
    sheet=scoresheet.SHEET,
    statistics=scoresheet.STATISTICS,
    breakdowns=scoresheet.BREAKDOWNS,
)


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    register(ISRAELI)


@hookimpl
def whist_register_bots(register: Callable[[BotSpec], None]) -> None:
    register(PASSING_BOT)
    register(HEURISTIC_BOT)
    register(EXPERT_BOT)
