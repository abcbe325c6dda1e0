"""Benchmark: random deals per second through the engine, against a plain reference engine.

Run: ``uv run python bench/bench_engine.py [--deals N] [--rounds R] [--variant NAME ...]
[--no-process] [--json]``

It prints figures and asserts nothing about time (our machines are shared and noisy). The
reference is `reference_engine` (next to this file): a plain, idiomatic pure-Python bitmask
engine with the same ``legal_actions()``/``push()`` API and a legality check on every
action -- not a tight loop without an API, and not a clumsy one either (see its docstring).
Fed the same random numbers it plays the same deals as the engine, so both loops do the
same work (``tests/core/test_reference_engine.py``).

Measured, alternating in every round so the machine's load hits all of them alike (CPU
time of this process, ``time.process_time``; the best round is reported):

* ``reference`` -- the plain engine: ``legal_actions()`` then ``push()``;
* ``mutable``   -- the public mutable API: ``LiveDeal.legal_actions()`` then ``push()``
  (legality checked on every action), ``score()`` at the end;
* ``pure``      -- the immutable API: ``engine.legal_actions(state)`` then
  ``engine.apply(state, action)`` (checked), ``engine.score(state)``;
* ``process``   -- whole processes: ``whist simulate V --deals N --seed 1`` against
  ``python bench/reference_engine.py V N 1`` (CPU time of the child, start-up included).

Every loop deals the cards through the chance action and scores every deal.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import reference_engine
from openwhist import CHANCE, TERMINAL
from openwhist.game.engine import Engine
from openwhist.plugins import load_catalog

VARIANTS = ("german", "english", "american", "israeli")
HERE = Path(__file__).resolve().parent


def pure_deals(engine: Engine, count: int, seed: int) -> None:
    """Random deals through the immutable API (legality checked), each scored."""
    rng = random.Random(seed)
    randrange = rng.randrange
    legal_actions = engine.legal_actions
    apply = engine.apply
    seats = engine.variant.seats
    for n in range(count):
        state = engine.start_deal(dealer=n % seats)
        while state.to_act != TERMINAL:
            if state.to_act == CHANCE:
                state = apply(state, engine.sample_chance(state, rng))
                continue
            actions = legal_actions(state)
            state = apply(state, actions[randrange(len(actions))])
        engine.score(state)


def mutable_deals(engine: Engine, count: int, seed: int) -> None:
    """Random deals through the mutable `LiveDeal` (legality checked), each scored."""
    rng = random.Random(seed)
    randrange = rng.randrange
    seats = engine.variant.seats
    for n in range(count):
        deal = engine.live_deal(dealer=n % seats)
        legal_actions = deal.legal_actions
        push = deal.push
        while deal.to_act != TERMINAL:
            if deal.to_act == CHANCE:
                push(engine.sample_chance(deal, rng))
                continue
            actions = legal_actions()
            push(actions[randrange(len(actions))])
        deal.score()


def rate(run: Callable[[int, int], None], count: int) -> float:
    """Deals per CPU-second of one run of ``count`` deals (seed 1, as every loop)."""
    start = time.process_time()
    run(count, 1)
    return count / (time.process_time() - start)


def process_cpu(argv: list[str]) -> float:
    """CPU seconds (user + system) of one child process running ``argv`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variant", action="append", default=None, choices=VARIANTS)
    parser.add_argument("--no-process", action="store_true", help="skip whole processes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    catalog = load_catalog()
    names = args.variant or list(VARIANTS)
    has_mutable = hasattr(Engine, "live_deal")
    loops: dict[str, dict[str, Callable[[int, int], None]]] = {}
    for name in names:
        engine = Engine(catalog.variant(name))
        loops[name] = {
            "reference": lambda k, s, v=name: reference_engine.play(v, k, s),
            "pure": lambda k, s, e=engine: pure_deals(e, k, s),
        }
        if has_mutable:
            loops[name]["mutable"] = lambda k, s, e=engine: mutable_deals(e, k, s)
        for run in loops[name].values():
            run(50, 0)  # warm the tables
    best: dict[str, dict[str, float]] = {n: {} for n in names}
    whist = [str(Path(sys.executable).with_name("whist"))]  # the installed entry point
    for _ in range(args.rounds):
        for name in names:
            for kind, run in loops[name].items():
                best[name][kind] = max(best[name].get(kind, 0.0), rate(run, args.deals))
            if args.no_process:
                continue
            ref = process_cpu(
                [sys.executable, str(HERE / "reference_engine.py"), name, str(args.deals), "1"]
            )
            sim = process_cpu([*whist, "simulate", name, "--deals", str(args.deals), "--seed", "1"])
            best[name]["process_reference"] = max(
                best[name].get("process_reference", 0.0), args.deals / ref
            )
            best[name]["process_simulate"] = max(
                best[name].get("process_simulate", 0.0), args.deals / sim
            )
    results: dict[str, dict[str, float]] = {}
    for name in names:
        b = best[name]
        r: dict[str, float] = {k: round(v) for k, v in b.items()}
        for kind in ("pure", "mutable"):
            if kind in b:
                r[f"{kind}_vs_reference"] = round(b[kind] / b["reference"], 3)
        if "process_simulate" in b:
            r["process_vs_reference"] = round(b["process_simulate"] / b["process_reference"], 3)
        results[name] = r
    if args.json:
        print(json.dumps({"deals": args.deals, "rounds": args.rounds, "variants": results}))
        return
    print(f"{args.deals} random deals, best of {args.rounds} alternating rounds, deals/CPU-s")
    for name, r in results.items():
        line = f"{name:9} reference {r['reference']:>7,}  pure {r['pure']:>7,} "
        line += f"({r['pure_vs_reference']:.2f}x)"
        if "mutable" in r:
            line += f"  mutable {r['mutable']:>7,} ({r['mutable_vs_reference']:.2f}x)"
        if "process_simulate" in r:
            line += (
                f"  | process: reference {r['process_reference']:>6,}  simulate "
                f"{r['process_simulate']:>6,} ({r['process_vs_reference']:.2f}x)"
            )
        print(line)


if __name__ == "__main__":
    main()
