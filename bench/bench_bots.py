"""Benchmark: how much stronger the ``heuristic`` bots are than ``random`` (issue 5, item 10).

Run: ``uv run python bench/bench_bots.py [--deals N] [--seed S] [--variant NAME ...] [--json]``

Every deal is seeded (``random.Random(f"{seed}:{variant}:{i}")`` draws the deck and the
bots' generators), so a run repeats exactly. Bots see only ``engine.observe(state, seat)``
and the legal actions. It prints figures with 95 % confidence intervals and asserts nothing
(the test suite's `tests/test_bot_strength.py` holds the thresholds):

* ``german``  -- one heuristic seat against ``random``; the heuristic's seat alternates
  every deal and the dealer every two deals. Figure: share of deals the heuristic wins
  (Wilson interval).
* ``english`` -- a heuristic partnership against a random one; the heuristic side is N-S
  in even deals and E-W in odd ones, the dealer rotates every two deals. Each deal is
  scored as the first deal of a game (0-0). Figure: mean of (heuristic side's points -
  random side's points) per deal (normal interval).
* ``israeli`` -- one heuristic seat against three ``random`` seats; the heuristic's seat
  rotates every deal and the dealer every four. Figure: share of deals in which the
  heuristic seat makes its contract, against the same share for the random seats (two
  Wilson intervals and the interval of the difference), and mean points per deal.

Also reported: the heuristic's mean and maximum time per decision.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from openwhist.bots.base import Bot
from openwhist.game.engine import Engine
from openwhist.game.state import CHANCE, TERMINAL
from openwhist.plugins import load_catalog

Z95 = 1.959964


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and normal 95 % interval of the mean."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


class TimedBot(Bot):
    """Wraps a bot and records the CPU time of each decision (CPU time, not wall-clock:
    our machines are shared, and a busy neighbour would inflate a wall-clock figure)."""

    def __init__(self, inner: Bot, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(self, view: Any, legal: tuple[Any, ...]) -> Any:
        start = time.process_time()
        action = self.inner.choose(view, legal)
        self.times.append(time.process_time() - start)
        return action


def play_deal(engine: Engine, bots: Sequence[Bot], dealer: int, rng: random.Random) -> Any:
    """Play one deal to its end with ``bots`` (one per seat); return the final state."""
    state = engine.start_deal(dealer=dealer)
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = engine.apply_unchecked(state, engine.sample_chance(state, rng))
            continue
        seat = state.to_act
        legal = engine.legal_actions(state)
        action = bots[seat].choose(engine.observe(state, seat), legal)
        if action not in legal:
            raise AssertionError(f"bot of seat {seat} chose an illegal action {action}")
        state = engine.apply_unchecked(state, action)
    return state


Factory = Callable[[str, random.Random], Bot]


def _factories(variant: str) -> tuple[Factory, Factory]:
    catalog = load_catalog()
    return catalog.bot("heuristic", variant).factory, catalog.bot("random", variant).factory


def bench_german(deals: int, seed: int, times: list[float]) -> dict[str, Any]:
    """Heuristic vs random in German Whist: the heuristic's share of deals won."""
    catalog = load_catalog()
    engine = Engine(catalog.variant("german"))
    heuristic, rand = _factories("german")
    wins = ties = 0
    for i in range(deals):
        rng = random.Random(f"{seed}:german:{i}")
        seat, dealer = i % 2, (i // 2) % 2
        bots: list[Bot] = [rand("german", random.Random(rng.getrandbits(64))) for _ in range(2)]
        bots[seat] = TimedBot(heuristic("german", random.Random(rng.getrandbits(64))), times)
        score = engine.score(play_deal(engine, bots, dealer, rng))
        if score.winner == seat:
            wins += 1
        elif score.winner is None:
            ties += 1
    low, high = wilson(wins, deals)
    return {"deals": deals, "wins": wins, "ties": ties, "win_rate": wins / deals, "ci": [low, high]}


def bench_english(deals: int, seed: int, times: list[float]) -> dict[str, Any]:
    """Heuristic partnership vs random partnership: mean points difference per deal."""
    catalog = load_catalog()
    engine = Engine(catalog.variant("english"))
    heuristic, rand = _factories("english")
    diffs: list[float] = []
    tricks: list[float] = []
    for i in range(deals):
        rng = random.Random(f"{seed}:english:{i}")
        side, dealer = i % 2, (i // 2) % 4
        bots: list[Bot] = []
        for s in range(4):
            sub = random.Random(rng.getrandbits(64))
            bots.append(
                TimedBot(heuristic("english", sub), times)
                if s % 2 == side
                else rand("english", sub)
            )
        state = play_deal(engine, bots, dealer, rng)
        score = engine.score(state)
        diffs.append(score.points(side) - score.points(1 - side))
        tricks.append(sum(state.tricks[s] for s in range(4) if s % 2 == side))
    mean, low, high = mean_ci(diffs)
    return {
        "deals": deals,
        "mean_point_difference": mean,
        "ci": [low, high],
        "mean_tricks": sum(tricks) / deals,
    }


def bench_israeli(deals: int, seed: int, times: list[float]) -> dict[str, Any]:
    """One heuristic seat vs three random seats: contracts made, and points."""
    catalog = load_catalog()
    engine = Engine(catalog.variant("israeli"))
    heuristic, rand = _factories("israeli")
    made_h = made_r = 0
    points_h: list[float] = []
    points_r: list[float] = []
    for i in range(deals):
        rng = random.Random(f"{seed}:israeli:{i}")
        seat, dealer = i % 4, (i // 4) % 4
        bots: list[Bot] = [rand("israeli", random.Random(rng.getrandbits(64))) for _ in range(4)]
        bots[seat] = TimedBot(heuristic("israeli", random.Random(rng.getrandbits(64))), times)
        state = play_deal(engine, bots, dealer, rng)
        contracts = state.extra.contracts
        score = engine.score(state)
        for s in range(4):
            made = state.tricks[s] == contracts[s]
            if s == seat:
                made_h += made
                points_h.append(score.points(s))
            else:
                made_r += made
                points_r.append(score.points(s))
    d_h, d_r = deals, 3 * deals
    p_h, p_r = made_h / d_h, made_r / d_r
    half = Z95 * math.sqrt(p_h * (1 - p_h) / d_h + p_r * (1 - p_r) / d_r)
    return {
        "deals": deals,
        "heuristic_made": made_h,
        "heuristic_rate": p_h,
        "heuristic_ci": list(wilson(made_h, d_h)),
        "random_made": made_r,
        "random_rate": p_r,
        "random_ci": list(wilson(made_r, d_r)),
        "difference_ci": [p_h - p_r - half, p_h - p_r + half],
        "heuristic_points": mean_ci(points_h),
        "random_points": mean_ci(points_r),
    }


BENCHES = {"german": bench_german, "english": bench_english, "israeli": bench_israeli}


def _report(variant: str, result: dict[str, Any]) -> str:
    if variant == "german":
        low, high = result["ci"]
        return (
            f"german : heuristic wins {result['wins']}/{result['deals']} deals = "
            f"{100 * result['win_rate']:.1f} % (95 % CI {100 * low:.1f}-{100 * high:.1f} %), "
            f"ties {result['ties']}"
        )
    if variant == "english":
        low, high = result["ci"]
        return (
            f"english: heuristic side - random side = {result['mean_point_difference']:+.3f} "
            f"points per deal (95 % CI {low:+.3f} to {high:+.3f}); heuristic side's mean "
            f"tricks {result['mean_tricks']:.2f}"
        )
    hl, hh = result["heuristic_ci"]
    rl, rh = result["random_ci"]
    dl, dh = result["difference_ci"]
    ph, pr = result["heuristic_points"], result["random_points"]
    return (
        f"israeli: heuristic makes its contract in {100 * result['heuristic_rate']:.1f} % of "
        f"deals (95 % CI {100 * hl:.1f}-{100 * hh:.1f} %), random seats in "
        f"{100 * result['random_rate']:.1f} % ({100 * rl:.1f}-{100 * rh:.1f} %); difference "
        f"95 % CI {100 * dl:+.1f} to {100 * dh:+.1f} points of %; mean points per deal "
        f"heuristic {ph[0]:+.1f} ({ph[1]:+.1f} to {ph[2]:+.1f}), random {pr[0]:+.1f} "
        f"({pr[1]:+.1f} to {pr[2]:+.1f})"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--variant", action="append", choices=sorted(BENCHES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    for variant in args.variant or list(BENCHES):
        times: list[float] = []
        start = time.perf_counter()
        result = BENCHES[variant](args.deals, args.seed, times)
        result["seconds"] = time.perf_counter() - start
        result["decisions"] = len(times)
        result["mean_decision_ms"] = 1000 * sum(times) / max(1, len(times))
        result["max_decision_ms"] = 1000 * max(times, default=0.0)
        ordered = sorted(times)
        result["p999_decision_ms"] = (
            1000 * ordered[int(0.999 * (len(ordered) - 1))] if times else 0.0
        )
        out[variant] = result
        if not args.json:
            print(_report(variant, result))
            print(
                f"         {result['decisions']} heuristic decisions: mean "
                f"{result['mean_decision_ms']:.3f} ms, 99.9th percentile "
                f"{result['p999_decision_ms']:.2f} ms, max {result['max_decision_ms']:.2f} ms "
                "(CPU time; the max includes garbage-collection pauses); "
                f"{result['seconds']:.1f} s in all"
            )
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
