"""A third-party plugin whose code raises while a match is played (issue 14, defect 13):

* the variant ``crash-whist`` (plain whist, a match of three deals) whose trick-winner hook
  raises a ``KeyError`` in deal 2, at its 3rd trick;
* the bot ``crash-bot`` (any variant) that plays at random and raises a
  ``ZeroDivisionError`` on its 5th card;
* the bot ``crash-hinter`` (Crash Whist only), the strongest there -- so it gives the
  hints -- which raises a ``RuntimeError`` whenever it is asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from openwhist import Bot, BotSpec, MatchProgress, Variant, hookimpl
from openwhist.bots import RandomBot


class _Rules:
    """Standard whist in matches of three deals; the trick-winner hook breaks in deal 2."""

    @hookimpl
    def whist_trick_winner(self, state: Any, trick: tuple[int, ...]) -> int | None:
        if state.context.number == 2 and len(state.completed) == 2:
            missing: dict[str, int] = {}
            return missing["the winner of trick 3"]
        return None  # the standard rule decides

    @hookimpl
    def whist_advance_match(self, progress: Any, score: Any) -> MatchProgress:
        totals = tuple(t + score.points(p) for p, t in enumerate(progress.totals))
        done = progress.deals + 1 >= 3
        best = max(totals)
        return MatchProgress(
            parties=progress.parties,
            deals=progress.deals + 1,
            dealer=(progress.dealer + 1) % 4,
            totals=totals,
            finished=done,
            winner=totals.index(best) if done and totals.count(best) == 1 else None,
            summary=" ".join(map(str, totals)),
        )


CRASH = Variant(
    name="crash-whist",
    title="Crash Whist",
    description="plain whist whose trick-winner hook breaks in deal 2",
    seat_names=("N", "E", "S", "W"),
    rules=_Rules(),
    partnerships=((0, 2), (1, 3)),
    max_actions=53,
)


class _CrashBot(Bot):
    """Random play that fails on its 5th card."""

    def __init__(self, rng: random.Random) -> None:
        self._inner = RandomBot(rng)
        self._calls = 0

    def choose(self, view: Any, legal: Any) -> Any:
        self._calls += 1
        if self._calls == 5:
            return legal[1 // (self._calls - 5)]
        return self._inner.choose(view, legal)


def _make_bot(variant: str, rng: random.Random) -> Bot:
    return _CrashBot(rng)


class _Hinter(Bot):
    def choose(self, view: Any, legal: Any) -> Any:
        raise RuntimeError("the hinter has no idea")


def _make_hinter(variant: str, rng: random.Random) -> Bot:
    return _Hinter()


@hookimpl
def whist_register_variants(register: Callable[[Variant], None]) -> None:
    register(CRASH)


@hookimpl
def whist_register_bots(register: Callable[[BotSpec], None]) -> None:
    register(BotSpec("crash-bot", "random play that breaks on its 5th card", _make_bot))
    register(
        BotSpec("crash-hinter", "breaks when asked", _make_hinter, ("crash-whist",), strength=99)
    )
