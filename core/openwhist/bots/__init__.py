"""The computer players' room: the bot contract and the core's own bots.

- `openwhist.bots.base`: the contract a bot implements (`Bot`, `CardBot`) and registers
  (`BotSpec`, `BotLevel`), and each seat's random stream (`bot_rng`);
- `openwhist.bots.random_player`: the uniformly random bot every variant can use;
- `openwhist.bots.heuristic`: counting and trick policies bot authors build on;
- `openwhist.bots.sampling`: deals consistent with a seat's view, for sampling bots.

Plugins import the contract from `openwhist` (its public face) and the toolkits from
`openwhist.bots.heuristic`, `openwhist.bots.sampling` and `openwhist.solver`.
"""

from openwhist.bots.base import BOT_STREAM, Bot, BotLevel, BotSpec, CardBot, Reason, bot_rng
from openwhist.bots.random_player import DEFAULT_BOTS, RandomBot, make_random_bot

__all__ = [
    "BOT_STREAM",
    "DEFAULT_BOTS",
    "Bot",
    "BotLevel",
    "BotSpec",
    "CardBot",
    "RandomBot",
    "Reason",
    "bot_rng",
    "make_random_bot",
]
