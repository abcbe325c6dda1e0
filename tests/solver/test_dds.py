"""DDS (through endplay) as the four-hand solver: agreement with our exact solver, the fallback.

A four-hand expert asks `FourHandSolver.move_values` for every legal card's trick count; a
wrong translation of our bitmasks into DDS's (suits reversed, ranks as bits 2..14, the trick
in progress) would make it misjudge every card. The pure-Python `Solver` -- itself proven
against the plain minimax in tests/solver/test_exact.py -- is the oracle on small positions.
"""

from __future__ import annotations

import importlib.util
import logging
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from openwhist.game.cards import CardSet
from openwhist.solver import SearchLimitError, Solver
from openwhist.solver import dds as dds_module
from openwhist.solver.brute import random_position
from openwhist.solver.dds import DDS_FALLBACK_NOTICE, FourHandSolver, dds_available

POSITIONS = 2000
"""Random positions checked (2-4 cards per hand, every trump and no trump, any leader, a
trick in progress in most); the heavier sweep is bench/bench_dds.py."""


@pytest.fixture
def no_endplay(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pretend endplay is not installed: looking it up finds nothing, as on a machine
    without it (the adapter locates the package with `importlib.util.find_spec`)."""
    real_find_spec = importlib.util.find_spec

    def fake_find_spec(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "endplay" or name.startswith("endplay."):
            return None
        return real_find_spec(name, *args, **kwargs)

    dds_module._reset_for_tests()
    monkeypatch.setattr(importlib.util, "find_spec", fake_find_spec)
    yield
    monkeypatch.setattr(importlib.util, "find_spec", real_find_spec)
    dds_module._reset_for_tests()


@pytest.fixture
def broken_endplay(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """endplay is installed but its library does not load (wrong architecture...)."""

    def fail() -> Any:
        raise RuntimeError("Unable to load the dds library: shared library object not found")

    dds_module._reset_for_tests()
    monkeypatch.setattr(dds_module, "_import_binding", fail)
    yield
    dds_module._reset_for_tests()


def test_dds_is_installed_by_the_lock() -> None:
    """`uv sync --locked` brings endplay; the experts rely on DDS for four-hand play."""
    dds_module._reset_for_tests()
    assert dds_available()
    assert FourHandSolver(trump=3).backend == "dds"


def test_dds_agrees_with_the_exact_solver_on_thousands_of_positions() -> None:
    rng = random.Random("dds-agreement")
    mid_trick = 0
    for _ in range(POSITIONS):
        cards = rng.randint(2, 4)
        hands, trump, leader, trick = random_position(rng, seats=4, cards=cards)
        mid_trick += bool(trick)
        ours = Solver(seats=4, trump=trump).move_values(hands, leader, trick=trick)
        theirs = FourHandSolver(trump=trump).move_values(hands, leader, trick=trick)
        assert theirs == ours, (hands, trump, leader, trick)
    assert mid_trick > POSITIONS // 2, "most positions must have a trick in progress"


def test_dds_solves_a_whole_deal_and_gives_every_legal_card() -> None:
    """A 13-card deal (out of the pure solver's reach): every card of the leader valued,
    and both sides' counts add up to 13 for each card."""
    rng = random.Random(7)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * 13 : (i + 1) * 13]) for i in range(4)]
    values = FourHandSolver(trump=2).move_values(hands, leader=1)
    assert sorted(values) == sorted(CardSet(hands[1]))
    assert all(0 <= v <= 13 for v in values.values())
    # Mid-trick: east led its best card; south's values are its side's tricks.
    best = max(values, key=lambda c: values[c])
    after = list(hands)
    after[1] &= ~(1 << best)
    south = FourHandSolver(trump=2).move_values(after, leader=1, trick=(best,))
    assert max(south.values()) == 13 - values[best]


def test_the_known_example_position() -> None:
    """Hearts trump; north holds the two top trumps and the last two tricks are north's side's
    whatever is led to them: 2 tricks for each of north's cards, 0 for east's."""
    hands = [CardSet.parse(h).mask for h in ("AH KH", "AS KS", "QS JS", "AD KD")]
    assert FourHandSolver(trump=2).move_values(hands, leader=0) == {c: 2 for c in CardSet(hands[0])}
    east = FourHandSolver(trump=2).move_values(
        [hands[0] & ~(1 << 38), *hands[1:]], leader=0, trick=(38,)
    )
    assert set(east.values()) == {0}


def test_a_missing_endplay_falls_back_with_one_notice(
    no_endplay: None, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random("dds-fallback")
    with caplog.at_level(logging.WARNING, logger="openwhist.solver"):
        assert not dds_available()
        for _ in range(20):
            hands, trump, leader, trick = random_position(rng, seats=4, cards=3)
            solver = FourHandSolver(trump=trump)
            assert solver.backend == "python"
            assert solver.move_values(hands, leader, trick=trick) == Solver(
                seats=4, trump=trump
            ).move_values(hands, leader, trick=trick)
    notices = [r for r in caplog.records if r.name == "openwhist.solver"]
    assert len(notices) == 1, "one notice, not one per question"
    assert "endplay" in notices[0].getMessage()
    assert notices[0].getMessage().startswith(DDS_FALLBACK_NOTICE.split("{")[0])


def test_a_broken_endplay_falls_back_too(
    broken_endplay: None, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="openwhist.solver"):
        assert FourHandSolver(trump=1).backend == "python"
        assert FourHandSolver(trump=2).backend == "python"
    notices = [r.getMessage() for r in caplog.records if r.name == "openwhist.solver"]
    assert len(notices) == 1
    assert "Unable to load the dds library" in notices[0]


def test_dds_does_not_pull_in_endplays_plotting_stack() -> None:
    """The adapter loads only endplay's ctypes binding: not the endplay package, whose
    ``__init__`` imports matplotlib (seconds of start-up, a UI library in the solver layer)."""
    code = (
        "import sys; from openwhist.solver.dds import dds_available; assert dds_available(); "
        "print(sorted(m for m in ('endplay', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_fallback_gives_up_on_a_whole_deal_within_its_budget(no_endplay: None) -> None:
    """Without DDS a 13-card deal is past the pure solver: a `SearchLimitError` the experts
    catch (they play on by rollouts), not an endless search."""
    rng = random.Random(3)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * 13 : (i + 1) * 13]) for i in range(4)]
    with pytest.raises(SearchLimitError):
        FourHandSolver(trump=0, fallback_nodes=2_000).move_values(hands, leader=0)


def test_an_impossible_position_is_refused_before_dds_sees_it() -> None:
    hands = [CardSet.parse(h).mask for h in ("AH KH", "AS KS", "QS JS", "AD")]
    with pytest.raises(ValueError, match="should hold"):
        FourHandSolver(trump=2).move_values(hands, leader=0)
