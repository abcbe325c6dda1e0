"""Solo Whist against the conformance kit over whole matches (docs/plugins/hooks.md, "The
conformance kit"), every option value, and the strict hidden-card check of the open misère
hand: only what the rules make public may show (docs/variants/solo.md §5.2)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from openwhist import DealState
from openwhist.testing import (
    ConformanceError,
    ConformanceReport,
    check_match,
    check_variant,
    option_samples,
)
from openwhist_solo import SOLO, SoloRules
from openwhist_solo.rules import public_facts


def test_conformance_kit_whole_matches(whist_conformance: Callable[..., ConformanceReport]) -> None:
    report = whist_conformance(SOLO, seed=13)
    assert report.deals > 0
    assert report.view_swaps > 0
    assert report.matches > 0


def test_whole_sessions_replay_and_keep_the_units() -> None:
    report = check_match(SOLO, matches=3, seed=5)
    assert report.matches == 3


@pytest.mark.parametrize(
    "options",
    option_samples(SOLO),
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_conformance_kit_every_option_choice(options: dict[str, Any]) -> None:
    assert check_variant(SOLO, deals=12, seed=3, options=options, swaps_per_deal=1).deals
    assert check_match(SOLO, matches=1, seed=4, options=options).matches == 1


class _EarlyOpenHand(SoloRules):
    """A broken Solo: the open misère's hand shows from the first card, before the first
    trick is over."""

    def whist_observe(self, state: DealState[Any], seat: int) -> Any:
        view = super().whist_observe(state, seat)
        if state.extra.contract == 7 and not state.completed:  # open misère
            view.public["open_hand"] = int(state.hands[state.extra.declarer])
        return view


def test_the_kit_catches_an_open_hand_shown_too_early() -> None:
    """The kit's strict check takes only the cards `conformance_public_cards` declares as
    public: showing the open misère hand before the first trick is over is a leak."""
    leaky = replace(SOLO, name="solo-leaky", aliases=(), rules=_EarlyOpenHand())
    with pytest.raises(ConformanceError, match="leaks hidden cards"):
        check_variant(leaky, deals=400, seed=1, swaps_per_deal=12)


def test_the_open_hand_is_declared_public_only_once_shown() -> None:
    """`conformance_public_cards` and the view agree: the turn-up always, the open hand
    from the end of the first trick."""
    from solo_helpers import calls, dealt, engine

    eng = engine()
    state = calls(eng, dealt(eng), "pass, open-misere, pass, pass")
    rules = SoloRules()
    assert rules.conformance_public_cards(state) == 1 << state.extra.turn_up
    for _ in range(4):
        state = eng.apply(state, eng.legal_actions(state)[0])
    shown = public_facts(state)["open_hand"]
    assert shown
    assert rules.conformance_public_cards(state) == shown | 1 << state.extra.turn_up
