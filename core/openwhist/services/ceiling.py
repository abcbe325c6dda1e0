"""The perfect-information bot: a *measuring stick*, never a player (docs/bots.md "The ladder").

`PerfectInformationBot` sees every card -- the other hands, a stock's order, all of
it -- so it measures how far a real bot is from what could be done with nothing hidden:
the ceiling of the ladder. It is **not registered** with any plugin, so it is in no bot
list, ``whist play`` cannot seat it (its name is an unknown bot there) and hints never use
it. Only the arena builds it, and only when asked for by name *and* with the measurement
flag (``whist arena VARIANT --bots perfect,expert --measurement``,
``run_arena(..., measurement=True)``); the arena then hands it the live deal itself
(`PerfectInformationBot.watch`) instead of a seat's view.

How it plays (variant-agnostic): for each legal card (touching cards of one suit in its
hand are one candidate: no card lies between them, so they win and lose alike) it plays
the rest of the deal from the *true* position with the variant's ``heuristic`` bot at
every seat, scores the finished deal with the variant's own scoring, and keeps the card
whose play-out is best for its party: the points it scores less the best other party's,
then its tricks. Ties go to the heuristic's own card. Calls (an auction) are the
heuristic's. It is a simple peeking bot -- one play-out per card, no search of the
opponents' replies -- so "the ceiling" it gives is a lower bound of what perfect
information allows; it is the figure the ladder reports, stated as such.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from openwhist.bots.base import Bot, BotSpec
from openwhist.game.actions import Action, Play
from openwhist.game.deal import LiveDeal
from openwhist.game.errors import PluginContractError
from openwhist.game.messages import N_, Message
from openwhist.game.state import CHANCE, TERMINAL

if TYPE_CHECKING:
    from openwhist.game.engine import Engine
    from openwhist.game.views import PlayerView

PERFECT = "perfect"
"""The arena name of the perfect-information bot (with the measurement flag only)."""

ROLLOUT_BOT = "heuristic"
"""The registered bot that plays every seat of the play-outs (and the calls)."""

TRICK_WEIGHT = 0.01
"""How much one trick weighs against one point when play-outs are compared (tricks only
break ties between equal scores)."""


class PerfectInformationBot(Bot):
    """Sees the whole deal (see the module docstring). Measurement only.

    Args:
        engine: the arena's engine (the variant, options and house rules in force).
        inner: the bot spec that plays the play-outs and the calls (the variant's
            ``heuristic``).
        party_of: the scoring party of each seat.
        rng: this seat's generator (the play-outs' bots and chance draws derive from it).
    """

    def __init__(
        self, engine: Engine, inner: BotSpec, party_of: Sequence[int], rng: random.Random
    ) -> None:
        self.engine = engine
        self.party_of = tuple(party_of)
        seed = rng.getrandbits(64)
        variant = engine.variant.name
        self.own = inner.factory(variant, random.Random(seed))
        self.players = [
            inner.factory(variant, random.Random(seed + 1 + s)) for s in range(engine.seats)
        ]
        self.chance = random.Random(seed ^ 0x5EED)
        self.deal: LiveDeal | None = None

    def watch(self, deal: LiveDeal) -> None:
        """Be shown ``deal``, the deal in play (the arena calls this as each deal starts)."""
        self.deal = deal

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        preferred = self.own.choose(view, legal)
        cards = [a for a in legal if isinstance(a, Play)]
        if len(cards) < 2 or len(cards) != len(legal):
            return preferred  # a call, or a single card: the heuristic's
        if self.deal is None:
            raise PluginContractError(
                Message(N_("the perfect-information bot was not shown the deal"))
            )
        state = self.deal.snapshot()
        seat = view.seat
        hand = state.hands[seat]
        best_value: float | None = None
        best: Action = preferred
        values: dict[int, float] = {}
        for action in cards:
            card = action.card
            below = card - 1
            if card % 13 and hand >> below & 1 and below in values:
                values[card] = values[below]  # touching the card below: the same result
            else:
                values[card] = self._play_out(state, action, seat)
        top = max(values.values())
        if isinstance(preferred, Play) and values.get(preferred.card, top - 1.0) >= top:
            return preferred
        for action in cards:
            value = values[action.card]
            if best_value is None or value > best_value:
                best_value, best = value, action
        return best

    def _play_out(self, state: object, action: Action, seat: int) -> float:
        """The value for ``seat``'s party of playing ``action`` now and the rest of the deal
        with the rollout bot at every seat."""
        engine = self.engine
        deal = LiveDeal(engine, state)  # type: ignore[arg-type]
        deal.push(action)
        limit = engine.variant.max_actions
        steps = 0
        while (actor := deal.to_act) != TERMINAL:
            steps += 1
            if steps > limit:
                raise PluginContractError(
                    Message(
                        N_("{name}: a perfect-information play-out ran past {limit} actions"),
                        {"name": engine.variant.name, "limit": limit},
                    )
                )
            if actor == CHANCE:
                deal.push(engine.sample_chance(deal, self.chance))
                continue
            deal.push(self.players[actor].choose(deal.observe(actor), deal.legal_actions()))
        score = deal.score()
        mine = self.party_of[seat]
        points = [score.points(p) for p in range(len(score.parties))]
        others = [x for p, x in enumerate(points) if p != mine]
        tricks = sum(t for s, t in enumerate(score.tricks) if self.party_of[s] == mine)
        return points[mine] - (max(others) if others else 0) + TRICK_WEIGHT * tricks


__all__ = ["PERFECT", "ROLLOUT_BOT", "PerfectInformationBot"]
