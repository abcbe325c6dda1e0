"""Measure one Knockout bot against a table of heuristics, one seat swapped at a time.

    .venv/bin/python tools/knockout_seat_swap.py --bot expert --boards 300 --seed 1
    .venv/bin/python tools/knockout_seat_swap.py --bot perfect --boards 100 --seed 1
    .venv/bin/python tools/knockout_seat_swap.py --bot perfect --perfect-tricks later \
        --boards 300 --seed 1

Each board is a lone first deal at five players (seven cards, the trump turned up) played
twice on the same cards: once with the `heuristic` in every seat, once with the bot in one
seat (board ``i``: seat ``i mod 5``, dealt by the same seat) and the heuristic in the
others. The heuristic is deterministic, so the difference in the swapped seat's tricks
(and in its "most tricks alone", the arena's win, and in its taking no trick) is what the
bot's own decisions changed: a paired figure with far less noise than the arena's, which
compares different seats of different deals (docs/bots.md, "Knockout Whist"). Intervals
are 95 % Student t intervals over the boards.

``perfect`` is the arena's perfect-information bot (`openwhist.services.ceiling`): it sees
every hand and plays each card out with heuristics, so it is the ceiling of what a bot
could gain here against this table. Measurement only; not a player. With
``--perfect-tricks first`` it sees the cards at the deal's first trick only and the expert
decides the rest; with ``later``, the expert decides the first trick and it sees the cards
from the second trick on: where in the deal the ceiling's gain comes from.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

from openwhist import Action, Bot, PlayerView
from openwhist.bots import bot_rng
from openwhist.game.engine import Engine
from openwhist.game.messages import Message
from openwhist.plugins import load_catalog
from openwhist.services.arena import mean_interval
from openwhist.services.ceiling import PerfectInformationBot
from openwhist.services.simulate import play_deal, resolve_bot

SEATS = 5


class _Split(Bot):
    """The perfect-information bot at the first trick (``first``) or after it (``later``);
    the expert at the other tricks."""

    def __init__(self, perfect: PerfectInformationBot, expert: Bot, tricks: str) -> None:
        self.perfect = perfect
        self.expert = expert
        self.first = tricks == "first"

    def watch(self, deal: Any) -> None:
        self.perfect.watch(deal)

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        at_first = not view.completed
        bot = self.perfect if at_first == self.first else self.expert
        return bot.choose(view, legal)


class _Timed(Bot):
    """A bot whose decisions with a choice are counted and timed (CPU)."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.decisions = 0
        self.cpu = 0.0

    def watch(self, deal: Any) -> None:
        if isinstance(self.inner, PerfectInformationBot | _Split):
            self.inner.watch(deal)

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        start = time.process_time()
        action = self.inner.choose(view, legal)
        if len(legal) > 1:
            self.decisions += 1
            self.cpu += time.process_time() - start
        return action


def _alone(tricks: Sequence[int], seat: int) -> bool:
    return tricks[seat] == max(tricks) and list(tricks).count(tricks[seat]) == 1


def _play(engine: Engine, dealer: int, deck_seed: int, players: list[Bot]) -> tuple[int, ...]:
    """The tricks per seat of the board's deal played by ``players``."""

    def show(deal: Any) -> None:
        for player in players:
            if isinstance(player, _Timed):
                player.watch(deal)

    state = play_deal(
        engine, engine.next_deal(engine.start_match(dealer)), players, ["bot"] * SEATS,
        random.Random(deck_seed), label=Message("board"), on_deal=show,
    )  # fmt: skip
    return tuple(engine.score(state).tricks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert", help="NAME[:LEVEL], or perfect")
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--perfect-tricks",
        choices=("all", "first", "later"),
        default="all",
        help="with --bot perfect: see the cards at every trick, the first only, or after it",
    )
    args = parser.parse_args()
    catalog = load_catalog()
    variant = catalog.variant("knockout")
    engine = Engine(variant, variant.make_options({}), seats=SEATS)
    heuristic = resolve_bot(catalog, "knockout", "heuristic")
    spec = None if args.bot == "perfect" else resolve_bot(catalog, "knockout", args.bot)
    master = random.Random(args.seed)
    tricks: list[float] = []
    wins: list[float] = []
    blanks: list[float] = []
    decisions = 0
    cpu = 0.0
    for board in range(args.boards):
        seed = master.getrandbits(63)
        deck_seed = random.Random(seed).getrandbits(64)
        dealer = seat = board % SEATS

        table = [heuristic.factory("knockout", random.Random(0)) for _ in range(SEATS)]
        base = _play(engine, dealer, deck_seed, table)
        players = [heuristic.factory("knockout", random.Random(0)) for _ in range(SEATS)]
        rng = bot_rng(seed, seat)
        inner: Bot
        if spec is None:
            inner = PerfectInformationBot(engine, heuristic, tuple(range(SEATS)), rng)
            if args.perfect_tricks != "all":
                expert = resolve_bot(catalog, "knockout", "expert").factory("knockout", rng)
                inner = _Split(inner, expert, args.perfect_tricks)
        else:
            inner = spec.factory("knockout", rng)
        timed = _Timed(inner)
        players[seat] = timed
        swapped = _play(engine, dealer, deck_seed, players)
        decisions += timed.decisions
        cpu += timed.cpu
        tricks.append(swapped[seat] - base[seat])
        wins.append(int(_alone(swapped, seat)) - int(_alone(base, seat)))
        blanks.append(int(swapped[seat] == 0) - int(base[seat] == 0))

    def show(name: str, values: list[float]) -> str:
        e = mean_interval(values)
        assert e.value is not None
        assert e.low is not None
        assert e.high is not None
        return f"{name} {e.value:+.3f} [{e.low:+.3f}, {e.high:+.3f}]"

    name = args.bot if args.perfect_tricks == "all" else f"{args.bot} ({args.perfect_tricks})"
    print(
        f"{name}, {args.boards} boards, seed {args.seed}: bot minus heuristic in its seat:",
        show("tricks/deal", tricks), show("most alone", wins), show("no trick", blanks),
        f"({decisions} decisions, {1000 * cpu / max(decisions, 1):.0f} ms CPU each)",
    )  # fmt: skip


if __name__ == "__main__":
    main()
