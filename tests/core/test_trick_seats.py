"""The trick-seat contract is enforced (docs/plugins/hooks.md, "Who plays to each trick"):
a trick order that breaks it, trick actions without an order, and a completed trick that
names the wrong seats are caught -- by the engine, or by the conformance kit -- with a
message naming the plugin's mistake.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist import Action, Engine, PluginContractError, TrickRecord, Variant, hookimpl
from openwhist.testing.conformance import ConformanceError, check_variant

NAMES = ("N", "E", "S", "W")


def _variant(rules: object) -> Variant:
    return Variant(
        name="seated",
        title="Seated Whist",
        description="the standard rules with one hook changed",
        seat_names=NAMES,
        rules=rules,
        max_actions=60,
    )


class _SkipsTheLeader:
    """A trick order that leaves out the seat that leads: not an order the trick can have."""

    @hookimpl
    def whist_trick_order(self, state: Any) -> tuple[int, ...]:
        return tuple(s for s in range(4) if s != state.leader)


class _KnocksWithoutAnOrder:
    """Offers a knock but never says who plays the trick after it."""

    @hookimpl
    def whist_trick_actions(self, state: Any) -> tuple[Action, ...]:
        return ()


class _MisnamesTheSeats:
    """Collects each trick with its seats reversed (a whole state from whist_after_trick)."""

    @hookimpl
    def whist_after_trick(self, state: Any, record: TrickRecord) -> Any:
        wrong = record._replace(seats=record.seats[::-1])
        collected = state._replace(completed=(*state.completed[:-1], wrong))
        if not any(state.hands):
            return collected._replace(phase="end", to_act=-2)
        return collected


def test_a_trick_order_that_does_not_start_with_the_leader_is_refused() -> None:
    engine = Engine(_variant(_SkipsTheLeader()))
    state = engine.start_deal(dealer=0)
    with pytest.raises(PluginContractError, match=r"whist_trick_order gave \(0, 2, 3\)"):
        engine.apply(state, engine.sample_chance(state, random.Random(1)))


def test_trick_actions_need_a_trick_order() -> None:
    with pytest.raises(PluginContractError, match="whist_trick_actions needs a whist_trick_order"):
        Engine(_variant(_KnocksWithoutAnOrder()))


def test_the_kit_catches_a_trick_that_names_the_wrong_seats() -> None:
    with pytest.raises(ConformanceError, match=r"trick 1 records seats .* the leader first"):
        check_variant(_variant(_MisnamesTheSeats()), deals=2, swaps_per_deal=0)
