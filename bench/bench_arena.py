"""Benchmark: ``whist arena`` deals per second by worker count (issue 7, items 5 and 8).

Run: ``uv run python bench/bench_arena.py [--deals N] [--seed S] [--workers 1 2]
[--variant german english] [--bots random,random] [--repeat R] [--json]``

or, for the arena against the bare engine: ``uv run python bench/bench_arena.py --engine
[--deals N] [--variant ...] [--repeat R]``. All in this process, alternately, in CPU
time (`time.process_time`): ``run_arena(..., workers=1)`` with random bots, and the bare
engine playing as many random deals through each public API, legality checked, chance dealt
by ``Engine.sample_chance``, every deal scored -- the pure one (``Engine.legal_actions`` +
``Engine.apply``) and the mutable one (``LiveDeal.legal_actions`` + ``push``, which the
arena plays on). The ratios are the arena's deals per second as a fraction of each; the
one against the faster API is issue 11's target (at least 0.5).

Each measurement is one `run_arena` call, timed on the wall clock from the call to its
return -- process-pool start-up, catalog inheritance and the statistics included, the
catalog load excluded (loaded once before timing) -- exactly what the command does after
start-up. Figures are deals played per second (a plain run plays one deal per board), the
best of ``--repeat`` runs. The same seed gives identical results for every worker count;
the script checks that and fails if not.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from openwhist.game.engine import Engine
from openwhist.game.state import CHANCE, TERMINAL
from openwhist.plugins import load_catalog
from openwhist.services.arena import run_arena


def measure(
    variant: str, bots: list[str], deals: int, seed: int, workers: int, repeat: int
) -> tuple[float, dict[str, Any]]:
    """The best wall time of ``repeat`` runs, and the summary of the last one."""
    catalog = load_catalog()
    best = float("inf")
    summary: dict[str, Any] = {}
    for _ in range(repeat):
        start = time.perf_counter()
        result = run_arena(catalog, variant, bots=bots, deals=deals, seed=seed, workers=workers)
        best = min(best, time.perf_counter() - start)
        summary = result.summary
    return best, summary


def bare_engine(engine: Engine, count: int, seed: int) -> None:
    """``count`` random deals through the public engine API (what random bots play)."""
    rng = random.Random(seed)
    for n in range(count):
        state = engine.next_deal(engine.start_match(n % engine.variant.seats))
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            actions = engine.legal_actions(state)
            state = engine.apply(state, actions[rng.randrange(len(actions))])
        engine.score(state)


def bare_mutable(engine: Engine, count: int, seed: int) -> None:
    """``count`` random deals through the public mutable API (`LiveDeal`), as the arena."""
    rng = random.Random(seed)
    for n in range(count):
        deal = engine.live_deal(dealer=n % engine.variant.seats)
        while deal.to_act != TERMINAL:
            if deal.to_act == CHANCE:
                deal.push(engine.sample_chance(deal, rng))
                continue
            actions = deal.legal_actions()
            deal.push(actions[rng.randrange(len(actions))])
        deal.score()


def compare_engine(variants: list[str], deals: int, seed: int, repeat: int) -> None:
    """Print arena (random bots, one worker) and bare-engine deals per CPU-second."""
    catalog = load_catalog()
    print(
        f"{'variant':8} {'pure deals/CPU-s':>17} {'mutable deals/CPU-s':>20} "
        f"{'arena deals/CPU-s':>18} {'vs pure':>8} {'vs mutable':>11}"
    )
    for variant in variants:
        engine = Engine(catalog.variant(variant))
        bare_engine(engine, 20, 0)  # warm up
        bare_mutable(engine, 20, 0)
        best_pure = best_mutable = best_arena = 0.0
        for r in range(repeat):
            start = time.process_time()
            bare_engine(engine, deals, seed + r)
            best_pure = max(best_pure, deals / (time.process_time() - start))
            start = time.process_time()
            bare_mutable(engine, deals, seed + r)
            best_mutable = max(best_mutable, deals / (time.process_time() - start))
            start = time.process_time()
            run_arena(
                catalog, variant, bots=["random", "random"], deals=deals, seed=seed + r, workers=1
            )
            best_arena = max(best_arena, deals / (time.process_time() - start))
        print(
            f"{variant:8} {best_pure:>17,.0f} {best_mutable:>20,.0f} {best_arena:>18,.0f} "
            f"{best_arena / best_pure:>8.3f} {best_arena / best_mutable:>11.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--variant", nargs="+", default=["german", "english"])
    parser.add_argument("--bots", default="random,random")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--engine", action="store_true", help="compare with the bare engine")
    args = parser.parse_args()
    if args.engine:
        compare_engine(args.variant, args.deals, args.seed, args.repeat)
        return
    bots = args.bots.split(",")
    rows = []
    for variant in args.variant:
        reference: dict[str, Any] | None = None
        for workers in args.workers:
            seconds, summary = measure(variant, bots, args.deals, args.seed, workers, args.repeat)
            if reference is None:
                reference = summary
            elif summary != reference:
                raise SystemExit(f"{variant}: results differ between worker counts")
            rows.append(
                {
                    "variant": variant,
                    "bots": args.bots,
                    "workers": workers,
                    "deals": summary["plays"],
                    "seconds": round(seconds, 3),
                    "deals_per_second": round(summary["plays"] / seconds, 1),
                }
            )
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'variant':8} {'bots':16} {'workers':>7} {'deals':>6} {'seconds':>8} {'deals/s':>8}")
    for r in rows:
        print(
            f"{r['variant']:8} {r['bots']:16} {r['workers']:>7} {r['deals']:>6} "
            f"{r['seconds']:>8.3f} {r['deals_per_second']:>8.1f}"
        )


if __name__ == "__main__":
    main()
