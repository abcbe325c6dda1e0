"""tools/knockout_seat_swap.py's split ceiling: the perfect-information bot decides only the
tricks asked for, the expert the others (docs/bots.md, "Knockout, session 12")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openwhist import PLAYS, Action, Bot, PlayerView
from openwhist.game.state import TrickRecord

from tests.script_support import load_script

TOOL = load_script(Path(__file__).parents[2] / "tools" / "knockout_seat_swap.py")


class _Named(Bot):
    """Plays the first legal action and remembers that it was asked."""

    def __init__(self) -> None:
        self.asked = 0
        self.shown: Any = None

    def watch(self, deal: Any) -> None:
        self.shown = deal

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        self.asked += 1
        return legal[0]


def _view(completed: tuple[TrickRecord, ...]) -> PlayerView:
    return PlayerView(
        seat=0, seats=5, dealer=0, phase="play", to_act=0, hand=0b11, hand_sizes=(2,) * 5,
        trump=0, leader=0, trick=(), tricks=(0,) * 5, completed=completed, history=(),
    )  # fmt: skip


def test_later_asks_the_expert_at_the_first_trick_and_the_ceiling_after_it() -> None:
    perfect, expert = _Named(), _Named()
    split = TOOL._Split(perfect, expert, "later")
    legal = (PLAYS[0], PLAYS[1])
    split.choose(_view(()), legal)
    assert (perfect.asked, expert.asked) == (0, 1)
    split.choose(_view((TrickRecord(1, (5, 6, 7, 8, 9), 1, (1, 2, 3, 4, 0)),)), legal)
    assert (perfect.asked, expert.asked) == (1, 1)
    split.watch("the deal")
    assert perfect.shown == "the deal"  # the ceiling is shown the deal it plays


def test_first_asks_the_ceiling_at_the_first_trick_only() -> None:
    perfect, expert = _Named(), _Named()
    split = TOOL._Split(perfect, expert, "first")
    legal = (PLAYS[0], PLAYS[1])
    split.choose(_view(()), legal)
    split.choose(_view((TrickRecord(1, (5, 6, 7, 8, 9), 1, (1, 2, 3, 4, 0)),)), legal)
    assert (perfect.asked, expert.asked) == (1, 1)
