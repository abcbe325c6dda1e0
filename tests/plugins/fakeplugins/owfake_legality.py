"""A house rule whose legality is not follow-suit, with its own reason (issue 12, deliverable 4).

``no-trump-lead`` (every variant, played deals): a seat may not lead a trump while it
holds a card of another suit. It overrides ``whist_legal_plays`` for the lead only and
explains its refusal itself (``whist_explain_illegal``), so a screen that re-derived the
reason from follow-suit would say something false ("you cannot play ... now", or "follow
suit" with nothing led); the player must read this rule's own sentence. Used by
tests/cli/test_illegal_reason.py and tests/test_conformance.py (house rules through the kit).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from openwhist import (
    N_,
    NO_TRUMP,
    SUIT_MASKS,
    Action,
    DealState,
    DealView,
    HouseRule,
    Message,
    Play,
    Rules,
    hookimpl,
)
from openwhist.plugins import Catalog, load_catalog

REASON = N_("{seat} may not lead a trump ({card}) while holding another suit")
"""This rule's refusal, as the player reads it."""


def _forbidden(state: DealView) -> int:
    """The trumps the seat to act may not lead now (0 when the rule does not bite)."""
    if state.trick or state.trump == NO_TRUMP or not 0 <= state.to_act < len(state.hands):
        return 0
    hand = state.hands[state.to_act]
    trumps = hand & SUIT_MASKS[state.trump]
    return trumps if hand & ~trumps else 0


class NoTrumpLead:
    """The rules plugin: no trump lead while another suit is held."""

    @hookimpl
    def whist_legal_plays(self, rules: Rules, state: DealView) -> int | None:
        forbidden = _forbidden(state)
        if not forbidden:
            return None  # not leading, no trumps, or only trumps: the rules below decide
        return state.hands[state.to_act] & ~forbidden

    @hookimpl
    def whist_explain_illegal(
        self, rules: Rules, state: DealState[Any], action: Action
    ) -> Message | None:
        if isinstance(action, Play) and _forbidden(state) >> action.card & 1:
            return Message(
                REASON,
                {"seat": rules.variant.seat_names[state.to_act], "card": action.card},
                cards=("card",),
            )
        return None


NO_TRUMP_LEAD = HouseRule(
    "no-trump-lead",
    "No trump lead",
    "a trump may not be led while the leader holds another suit",
    NoTrumpLead(),
)


class Plugin:
    @hookimpl
    def whist_register_house_rules(self, register: Callable[[HouseRule], None]) -> None:
        register(NO_TRUMP_LEAD)


PLUGIN = Plugin()


def catalog() -> Catalog:
    """The installed plugins and this one."""
    return load_catalog(extra_plugins=[("owfake-legality", PLUGIN)])
