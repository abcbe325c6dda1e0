"""Benchmark: how long each bot level takes to decide, in every installed variant (issue 19).

Run: ``uv run python bench/bench_latency.py [--deals N] [--seed S] [--variant NAME ...]
[--bot NAME[:LEVEL] ...] [--players VARIANT=N ...] [--json]``

For every variant the catalogue registers (or those given with ``--variant``) and every bot
named with ``--bot`` (default: ``heuristic``, ``expert:1``, ``expert:2``, ``expert:3``; a bot
the variant does not offer is skipped), it plays ``--deals`` seeded deals through the engine
with that bot at **every** seat, each deal the first deal of a fresh match under the variant's
default options (its preset included: American Whist plays American options). A variant
played by several counts of players is played at the count ``--players`` names (default:
``knockout=5``) or its default count.

Every decision with more than one legal action is timed around `Bot.choose` twice: CPU time
(`time.process_time`, the figure to compare -- the machine is shared, and the wall time
includes waiting for a core) and wall time (`time.perf_counter`). Building the seat's view is
not counted. The table gives, per variant and level, the number of decisions timed and their
median, 95th percentile and slowest, in milliseconds.

Determinism: deal ``i`` of a variant uses ``random.Random(f"{seed}:{variant}:{i}")`` for the
first dealer and the deck, and seat ``s``'s bot has the stream ``bot_rng(deal seed, s)``, so
every level plays the same decks and a run repeats exactly (only the times differ). Nothing
is asserted: targets and their checks are in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openwhist.bots import bot_rng
from openwhist.bots.base import Bot
from openwhist.game.actions import Action
from openwhist.game.engine import Engine
from openwhist.game.messages import Message
from openwhist.game.views import PlayerView
from openwhist.plugins import Catalog, load_catalog
from openwhist.services.simulate import play_deal, resolve_bot

DEFAULT_BOTS = ("heuristic", "expert:1", "expert:2", "expert:3")
DEFAULT_PLAYERS = {"knockout": 5}


@dataclass
class Times:
    """The CPU and wall seconds of each timed decision."""

    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)


class Timed(Bot):
    """Wraps a bot and records the time of each decision with more than one option."""

    def __init__(self, inner: Bot, times: Times) -> None:
        self.inner = inner
        self.times = times
        self.reads_view = inner.reads_view  # type: ignore[misc]

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        if len(legal) == 1:
            return self.inner.choose(view, legal)
        wall, cpu = time.perf_counter(), time.process_time()
        action = self.inner.choose(view, legal)
        self.times.cpu.append(time.process_time() - cpu)
        self.times.wall.append(time.perf_counter() - wall)
        return action


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0-1) of ``values`` by the nearest-rank rule (a value that occurred)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def summary(values: Sequence[float]) -> dict[str, float]:
    """Median, 95th percentile and slowest, in milliseconds (zeros when nothing was timed)."""
    if not values:
        return {"median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    return {
        "median_ms": 1000 * percentile(values, 0.5),
        "p95_ms": 1000 * percentile(values, 0.95),
        "max_ms": 1000 * max(values),
    }


def measure(
    catalog: Catalog, variant_name: str, bot: str, *, deals: int, seed: int, players: int | None
) -> dict[str, Any]:
    """Play ``deals`` deals of ``variant_name`` with ``bot`` at every seat; the timings."""
    variant = catalog.variant(variant_name)
    engine = Engine(variant, {}, seats=players)
    spec = resolve_bot(catalog, variant.name, bot)
    times = Times()
    actions = 0
    for i in range(deals):
        rng = random.Random(f"{seed}:{variant.name}:{i}")
        dealer = rng.randrange(engine.seats)
        deal_seed = rng.getrandbits(63)
        players_ = [
            Timed(spec.factory(variant.name, bot_rng(deal_seed, s)), times)
            for s in range(engine.seats)
        ]
        state = engine.next_deal(engine.start_match(dealer))
        final = play_deal(
            engine,
            state,
            players_,
            [spec.label] * engine.seats,
            random.Random(deal_seed),
            label=Message("deal {n}", {"n": i + 1}),
        )
        actions += len(final.history)
    return {
        "variant": variant.name,
        "players": engine.seats,
        "bot": spec.label,
        "deals": deals,
        "actions": actions,
        "decisions": len(times.cpu),
        "cpu": summary(times.cpu),
        "wall": summary(times.wall),
    }


def parse_players(items: Sequence[str]) -> dict[str, int]:
    """``["knockout=5", ...]`` as a dict over the defaults."""
    out = dict(DEFAULT_PLAYERS)
    for item in items:
        name, sep, count = item.partition("=")
        if not sep or not count.isdigit():
            raise SystemExit(f"--players takes VARIANT=N, not {item!r}")
        out[name] = int(count)
    return out


def ms(value: float) -> str:
    """Milliseconds to two significant figures or so: 0.04, 3.5, 98, 1240."""
    return f"{value:.2f}" if value < 1 else f"{value:.1f}" if value < 10 else f"{value:.0f}"


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a Markdown table (milliseconds)."""
    lines = [
        "| variant | players | bot | decisions | CPU median | CPU p95 | CPU slowest "
        "| wall median | wall p95 |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        c, w = r["cpu"], r["wall"]
        lines.append(
            f"| {r['variant']} | {r['players']} | {r['bot']} | {r['decisions']} "
            f"| {ms(c['median_ms'])} | {ms(c['p95_ms'])} | {ms(c['max_ms'])} "
            f"| {ms(w['median_ms'])} | {ms(w['p95_ms'])} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per variant and bot")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--variant", action="append", default=[], help="(repeat; default all)")
    parser.add_argument("--bot", action="append", default=[], help="NAME or NAME:LEVEL (repeat)")
    parser.add_argument("--players", action="append", default=[], help="VARIANT=N (repeat)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1:
        raise SystemExit("--deals must be at least 1")

    catalog = load_catalog()
    variants = [catalog.variant(v).name for v in args.variant] or sorted(catalog.variants)
    bots = args.bot or list(DEFAULT_BOTS)
    players = parse_players(args.players)
    rows = []
    for name in variants:
        offered = {spec.name for spec in catalog.bots_for(name)}
        for bot in bots:
            if bot.partition(":")[0] not in offered:
                continue
            allowed = catalog.variant(name).allowed_seats
            count = players.get(name)
            row = measure(
                catalog,
                name,
                bot,
                deals=args.deals,
                seed=args.seed,
                players=count if count in allowed else None,
            )
            rows.append(row)
            if not args.json:
                c = row["cpu"]
                print(
                    f"  {name} {row['bot']}: {row['decisions']} decisions, CPU median "
                    f"{ms(c['median_ms'])} ms, p95 {ms(c['p95_ms'])} ms",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print(table(rows))
    return rows


if __name__ == "__main__":
    main()
