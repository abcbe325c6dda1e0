"""Which tricks count, as the table shows them under "Tricks won" (docs/variants/german.md
§1.8): under the default ``scoring_profile=last13`` only tricks 14 to 26, with that said;
under ``all26`` every trick. The counts agree with the deal's scored facts."""

from __future__ import annotations

from typing import Any

import pytest
from openwhist import Deal, Engine
from openwhist_german import GERMAN
from openwhist_german.presentation import counted_tricks


def played(options: dict[str, Any], tricks: int) -> Any:
    engine = Engine(GERMAN, options)
    state = engine.apply(engine.start_deal(dealer=1), Deal(tuple(range(52))))
    while len(state.completed) < tricks and state.to_act >= 0:
        state = engine.apply(state, engine.legal_actions(state)[0])
    return engine, state


def test_phase_one_tricks_do_not_count_by_default() -> None:
    engine, state = played({}, 13)
    view = engine.observe(state, 0)
    assert sum(view.tricks) == 13
    counted = counted_tricks(view)
    assert counted is not None
    assert counted.counts == (0, 0)
    assert counted.note is not None
    assert "14 to 26" in counted.note.render()


def test_at_the_end_the_counted_tricks_are_the_scored_ones() -> None:
    engine, state = played({}, 26)
    view = engine.observe(state, 0)
    counted = counted_tricks(view)
    assert counted is not None
    assert sum(counted.counts) == 13
    winners = [t.winner for t in view.completed[13:]]
    assert counted.counts == (winners.count(0), winners.count(1))


@pytest.mark.parametrize("tricks", [5, 26])
def test_all_26_count_every_trick(tricks: int) -> None:
    engine, state = played({"scoring_profile": "all26"}, tricks)
    assert counted_tricks(engine.observe(state, 0)) is None
