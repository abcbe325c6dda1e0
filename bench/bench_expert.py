"""Benchmark: the ``expert`` bots against ``heuristic`` on duplicate deals, and their speed.

Run: ``uv run python bench/bench_expert.py VARIANT [--deals N] [--seed S] [--samples K]
[--json]`` (VARIANT: german, english, american, israeli).

Every board is one seeded deck (``random.Random(f"{seed}:{variant}:{board}")`` draws the deck
and the bots' seeds) played twice, *duplicate*: the second time with the seats rotated so each
bot holds the other's cards (German: A and B swap; English: the partnerships swap; Israeli:
expert at N and S, heuristic at E and W, then the reverse). The dealer is seat ``board mod
seats``. Each deal is the first deal of a fresh match (English: 0-0) under the variant's
default options, its preset included (`engine_for`): ``american`` plays the American options
(game to 7, no honours, docs/variants/american.md §3), as bench/bench_latency.py plays them;
the options played are in the output (``options``). Bots see only
``engine.observe(state, seat)`` and the legal actions.

Figures (95 % intervals; normal intervals over boards, which pairs the two rotations):

* ``german``: the expert's share of deals won (over both rotations), and per board the
  difference (expert wins - heuristic wins) / 2;
* ``english``/``american``: the expert side's points minus the heuristic side's, per deal;
* ``israeli``: points per deal of the expert seats minus the heuristic seats, and the share
  of contracts made by each.

Also: the expert's CPU time per decision (median, 90th and 95th percentiles, max). The arena command
``whist arena VARIANT --bots expert,heuristic --duplicate`` measures the same thing in
parallel processes; this script exists to time decisions and to run without the arena.
Every variant's levels side by side (the bot at every seat): bench/bench_latency.py.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from openwhist.bots.base import Bot
from openwhist.game.actions import Action
from openwhist.game.engine import Engine
from openwhist.game.state import CHANCE, TERMINAL
from openwhist.game.variant import Variant
from openwhist.game.views import PlayerView
from openwhist.plugins import load_catalog

Z95 = 1.959964


class Timed(Bot):
    """Wraps a bot and records the CPU time of each decision with more than one option."""

    def __init__(self, inner: Bot, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        start = time.process_time()
        action = self.inner.choose(view, legal)
        if len(legal) > 1:
            self.times.append(time.process_time() - start)
        return action


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and normal 95 % interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson 95 % interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + Z95 * Z95 / n
    c = (p + Z95 * Z95 / (2 * n)) / d
    h = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / d
    return c - h, c + h


def engine_for(variant: Variant) -> Engine:
    """The engine of ``variant`` under its default options with its preset
    (`Variant.make_options`): a preset such as American Whist's is a variant's own options,
    which the model's bare defaults (English Whist's) are not."""
    return Engine(variant, variant.make_options())


def seating(variant: str, rotation: int) -> tuple[str, ...]:
    """Which bot sits at each seat in ``rotation`` 0 or 1."""
    a, b = ("expert", "heuristic") if rotation == 0 else ("heuristic", "expert")
    if variant == "german":
        return (a, b)
    return (a, b, a, b)


def play_deal(
    engine: Engine,
    names: tuple[str, ...],
    factories: dict[str, Any],
    deck_seed: int,
    bot_seeds: Sequence[int],
    dealer: int,
    times: list[float],
) -> Any:
    """One deal; returns the `DealScore`."""
    variant = engine.variant
    players: list[Bot] = []
    for name, s in zip(names, bot_seeds, strict=True):
        bot = factories[name](variant.name, random.Random(s))
        players.append(Timed(bot, times) if name == "expert" else bot)
    chance = random.Random(deck_seed)
    state = engine.next_deal(engine.start_match(dealer))
    while (actor := state.to_act) != TERMINAL:
        if actor == CHANCE:
            state = engine.apply_unchecked(state, engine.sample_chance(state, chance))
            continue
        legal = engine.legal_actions(state, actor)
        action = players[actor].choose(engine.observe(state, actor), legal)
        if action not in legal:
            raise RuntimeError(f"{names[actor]} chose an illegal action {action}")
        state = engine.apply_unchecked(state, action)
    return engine.score(state)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", choices=["german", "english", "american", "israeli"])
    parser.add_argument("--deals", type=int, default=50, help="boards (each played twice)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=None, help="expert strength override")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    catalog = load_catalog()
    variant = catalog.variant(args.variant)
    engine = engine_for(variant)
    specs = {s.name: s for s in catalog.bots_for(variant.name)}
    factories: dict[str, Any] = {"heuristic": specs["heuristic"].factory}
    expert_factory = specs["expert"].factory
    if args.samples is not None:
        samples = args.samples

        def factory(name: str, rng: random.Random) -> Bot:
            bot = expert_factory(name, rng)
            bot.samples = samples  # type: ignore[attr-defined]
            return bot

        factories["expert"] = factory
    else:
        factories["expert"] = expert_factory

    times: list[float] = []
    board_diff: list[float] = []
    wins = deals = 0
    made = {"expert": 0, "heuristic": 0}
    seats_played = {"expert": 0, "heuristic": 0}
    started = time.perf_counter()
    for board in range(args.deals):
        rng = random.Random(f"{args.seed}:{args.variant}:{board}")
        deck_seed = rng.getrandbits(63)
        bot_seeds = [rng.getrandbits(63) for _ in range(variant.seats)]
        dealer = board % variant.seats
        diff = 0.0
        for rotation in (0, 1):
            names = seating(args.variant, rotation)
            score = play_deal(engine, names, factories, deck_seed, bot_seeds, dealer, times)
            if args.variant == "german":
                expert_seat = names.index("expert")
                won = score.winner == expert_seat
                wins += won
                deals += 1
                diff += (1.0 if won else -1.0 if score.winner is not None else 0.0) / 2
            elif args.variant in ("english", "american"):
                party = names.index("expert") % 2
                diff += (score.points(party) - score.points(1 - party)) / 2
            else:
                facts = score.facts
                contracts = facts.get("contracts") or []
                tricks = score.tricks
                for seat, name in enumerate(names):
                    seats_played[name] += 1
                    if seat < len(contracts) and contracts[seat] == tricks[seat]:
                        made[name] += 1
                    sign = 1.0 if name == "expert" else -1.0
                    diff += sign * score.points(seat) / 4
        board_diff.append(diff)
        if not args.json and (board + 1) % 10 == 0:
            print(f"  {board + 1} boards, {time.perf_counter() - started:.0f} s", flush=True)

    out: dict[str, Any] = {"variant": args.variant, "boards": args.deals, "seed": args.seed}
    out["options"] = engine.options.model_dump(mode="json")
    mean, lo, hi = mean_ci(board_diff)
    out["difference_per_deal"] = {"mean": mean, "low": lo, "high": hi}
    if args.variant == "german":
        w_lo, w_hi = wilson(wins, deals)
        out["expert_win_rate"] = {"value": wins / deals, "low": w_lo, "high": w_hi, "n": deals}
    if args.variant == "israeli":
        out["contracts_made"] = {k: made[k] / max(1, seats_played[k]) for k in made}
    if times:
        qs = statistics.quantiles(times, n=20)
        out["decision_cpu_s"] = {
            "median": statistics.median(times),
            "p90": qs[-2],
            "p95": qs[-1],
            "max": max(times),
            "n": len(times),
        }
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")
    return out


if __name__ == "__main__":
    main()
