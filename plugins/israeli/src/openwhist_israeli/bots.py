"""A random player for Israeli Whist that passes often enough to reach the Frisch.

The core's uniform random bot passes an opening auction with probability 1/46 (a pass
among 45 bids), so a deal where all four pass -- a Frisch (docs/variants/israeli.md §4.4) -- would
come about once in some four million deals, and a redeal practically never. `PassingRandomBot`
passes with probability ``pass_rate`` (3/4 by default) whenever it may, and otherwise picks
uniformly among its other legal actions: then about a third of the auctions are passed out,
and about one deal in a hundred is cancelled and redealt after three Frisch rounds.
"""

from __future__ import annotations

import random

from openwhist import N_, Action, Bot, BotSpec, PlayerView

from openwhist_israeli.actions import PASS

DEFAULT_PASS_RATE = 0.75


class PassingRandomBot(Bot):
    """Passes in the trump auction with probability ``pass_rate``; otherwise random.

    It plays blind (``reads_view = False``): tables build no view for it.
    """

    reads_view = False

    def __init__(self, rng: random.Random, pass_rate: float = DEFAULT_PASS_RATE) -> None:
        if not 0.0 <= pass_rate <= 1.0:
            raise ValueError(f"pass_rate must be between 0 and 1, not {pass_rate}")
        self.rng = rng
        self.pass_rate = pass_rate

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return self.pick(legal)

    def pick(self, legal: tuple[Action, ...]) -> Action:
        """The choice among ``legal`` (the view is not needed: the bot plays blind)."""
        rng = self.rng
        if legal[0] is PASS:
            # Legal calls are sorted: the pass first, then the bids.
            if len(legal) == 1 or rng.random() < self.pass_rate:
                return PASS
            return legal[1 + rng.randrange(len(legal) - 1)]
        return legal[rng.randrange(len(legal))]


def make_passing_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `PassingRandomBot` (Israeli Whist)."""
    return PassingRandomBot(rng)


PASSING_BOT = BotSpec(
    "israeli-random",
    N_(
        "random play that passes 3 times in 4 in trump auctions, so Frisch rounds and redeals occur"
    ),
    make_passing_bot,
    variants=("israeli",),
)

__all__ = ["DEFAULT_PASS_RATE", "PASSING_BOT", "PassingRandomBot", "make_passing_bot"]
