"""The German expert plays a best phase-2 move for what the deal is worth under the options
(docs/variants/german.md §1.7-§1.9; docs/bots.md "The expert bots").

Phase 2 is an open two-hand ending (every card is in a hand or played), so "best" is a fact of
the position. The check is bench/german_phase2_check.py's, on fewer positions: real deals
played into phase 2 by heuristic and random bots under every option set that changes the
objective, the expert asked from the player's view, its card checked on the true hands by a
separate solver's exact per-card counts (`Solver.move_values`; the bot asks `Solver.solve`)
and, for small hands, by the plain minimax of `openwhist.solver.brute`. Two hand-built
positions hold a plausible move the heuristic makes and the solver proves worse.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from openwhist import (
    FULL_DECK,
    NO_TRUMP,
    PLAYS,
    CardSet,
    Play,
    PlayerView,
    TrickRecord,
    parse_card,
    winning_index,
)
from openwhist.bots.base import Bot
from openwhist.solver import Solver
from openwhist_german.expert import GermanExpertBot
from openwhist_german.heuristic import GermanHeuristicBot
from openwhist_german.options import GermanOptions

HEARTS = 2
CHECK_SCRIPT = Path(__file__).resolve().parents[3] / "bench" / "german_phase2_check.py"


@pytest.fixture(scope="module")
def check() -> ModuleType:
    """bench/german_phase2_check.py, loaded as a module (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location("german_phase2_check", CHECK_SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def positions(check: ModuleType) -> list[Any]:
    return list(check.sample_positions(40, seed=7))


def _engines(check: ModuleType) -> list[Any]:
    from openwhist import Engine
    from openwhist.plugins import load_catalog

    variant = load_catalog().variant("german")
    return [Engine(variant, options=opts) for opts in check.OPTION_SETS]


def test_the_expert_plays_a_best_phase2_move_on_sampled_positions(
    check: ModuleType, positions: list[Any]
) -> None:
    engines = _engines(check)
    results = [check.check(p, engines[p.option_set]) for p in positions]
    wrong = [check.describe(r) for r in results if not r.agrees]
    assert not wrong, "\n".join(wrong)
    # The brute-force minimax confirms the checking solver where hands are small.
    assert sum(1 for r in results if r.brute_agrees is not None) >= 5
    assert all(r.brute_agrees is not False for r in results)
    # The sample covers what the check is about: replies and leads, both seats, the options.
    assert any(p.state.trick for p in positions)
    assert any(not p.state.trick for p in positions)
    assert {p.state.to_act for p in positions} == {0, 1}
    assert len({p.option_set for p in positions}) == len(check.OPTION_SETS)
    assert any(p.state.hands[p.state.to_act].bit_count() >= 10 for p in positions)


def test_the_check_catches_a_bot_that_plays_a_worse_card(
    check: ModuleType, positions: list[Any]
) -> None:
    # The same check with the heuristic in the expert's place: from 8 cards a hand it plays by
    # rule, not by search, and on these positions it misses the best card at least once -- so
    # the check is able to fail.
    engines = _engines(check)

    def heuristic(seed: int) -> Bot:
        return GermanHeuristicBot(random.Random(seed))

    results = [check.check(p, engines[p.option_set], make_bot=heuristic) for p in positions]
    assert any(not r.agrees for r in results)


def _bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def phase2_view(
    seat: int,
    hands: tuple[str, str],
    *,
    trump: int,
    leader: int,
    trick: str = "",
    options: GermanOptions | None = None,
) -> tuple[PlayerView, tuple[int, int], tuple[int, ...]]:
    """``seat``'s view of a phase-2 position with these ``hands`` (A's, B's) and ``trick``;
    every other card was played in the completed tricks (paired low to high, same suit where
    possible, the last ones in phase 2). Also the true hands and the trick, for the check."""
    masks = (CardSet.parse(hands[0]).mask, CardSet.parse(hands[1]).mask)
    on_table = tuple(parse_card(c) for c in trick.split())
    gone = FULL_DECK & ~masks[0] & ~masks[1]
    for c in on_table:
        gone &= ~(1 << c)
    cards = _bits(gone)
    completed = []
    lead = 0
    for i in range(0, len(cards), 2):
        pair = (cards[i], cards[i + 1])
        winner = (lead + winning_index(pair, trump)) % 2
        completed.append(TrickRecord(lead, pair, winner, (lead, 1 - lead)))
        lead = winner
    won = (sum(1 for r in completed if r.winner == 0), sum(1 for r in completed if r.winner == 1))
    view = PlayerView(
        seat=seat,
        seats=2,
        dealer=1,
        phase="play",
        to_act=seat,
        hand=masks[seat],
        hand_sizes=(masks[0].bit_count(), masks[1].bit_count()),
        trump=trump,
        leader=leader,
        trick=on_table,
        tricks=won,
        completed=tuple(completed),
        history=(),
        public={"phase": 2, "stock": 0, "face_up": None, "known": [0, 0]},
        private={"drawn_blind": 0},
        options=options,
    )
    return view, masks, on_table


def _legal(view: PlayerView) -> tuple[Play, ...]:
    hand = view.hand
    if view.trick:
        hand = hand & (0x1FFF << (13 * (view.trick[0] // 13))) or hand
    return tuple(PLAYS[c] for c in _bits(hand))


HAND_BUILT = [
    # No trump, B void in diamonds on A's J♦ lead: B's lone Q♠ is its only guard against A's
    # 6♠ 7♠ 9♠. The heuristic throws it (a lone queen looks like the card to shed); kept, B
    # takes 5 of the 8 tricks, thrown, 2.
    pytest.param(
        1,
        ("KD AD 4H 5H 6S 7S 9S", "7H 8H 9H TH JH KH AH QS"),
        NO_TRUMP,
        0,
        "JD",
        "QS",
        id="no-trump-keep-the-guard",
    ),
    # Hearts trump, A to lead, B holding no trump: cashing the A♦ at once takes 6 of 8; a
    # trump lead first, making B discard, takes 7.
    pytest.param(
        0,
        ("AD 4H TH QH AH TS QS AS", "3D 7D 8D 9D 4S 9S JS KS"),
        HEARTS,
        0,
        "",
        "AD",
        id="hearts-trump-before-the-ace",
    ),
]


@pytest.mark.parametrize(("seat", "hands", "trump", "leader", "trick", "plausible"), HAND_BUILT)
@pytest.mark.parametrize(
    "options",
    [None, GermanOptions(scoring_profile="all26"), GermanOptions(hand_result_mode="weighted")],
    ids=["defaults", "all26", "weighted"],
)
def test_a_plausible_card_the_solver_proves_worse_is_not_played(
    seat: int,
    hands: tuple[str, str],
    trump: int,
    leader: int,
    trick: str,
    plausible: str,
    options: GermanOptions | None,
) -> None:
    view, masks, on_table = phase2_view(
        seat, hands, trump=trump, leader=leader, trick=trick, options=options
    )
    legal = _legal(view)
    # The heuristic's rule picks the plausible card ...
    assert GermanHeuristicBot(random.Random(0)).choose(view, legal).notation() == plausible
    # ... which a separate solver on the true hands proves worse than the best ...
    values = Solver(seats=2, trump=trump).move_values(masks, leader, trick=on_table)
    assert values[parse_card(plausible)] < max(values.values())
    # ... and the expert, asked from the view, plays a card of the best count.
    action = GermanExpertBot(random.Random(3)).choose(view, legal)
    assert isinstance(action, Play)
    assert values[action.card] == max(values.values()), (action.notation(), values)
