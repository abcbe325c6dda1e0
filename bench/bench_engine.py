"""Benchmark: random deals per second through the public engine API.

Run: ``uv run python bench/bench_engine.py [--deals N] [--variant NAME ...] [--json]``

It prints figures and asserts nothing about time (our machines are shared and noisy). Each
variant is measured in one process, in one run, against a reference: a tight pure-Python
bitmask German Whist loop with no objects, no hooks and no checks -- the ceiling a pure
Python engine can reach here -- so the ratio is meaningful even when the machine is busy.

Measured loops (a random legal action each step, random.Random(seed)):

* ``checked``   -- ``engine.legal_actions`` + ``engine.apply`` (legality checked);
* ``unchecked`` -- ``engine.legal_actions`` + ``engine.apply_unchecked`` (a trusted bot);
* ``reference`` -- the tight German loop (German only; the same deal procedure).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from openwhist.engine import Engine
from openwhist.plugins import load_catalog

SUIT = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)


def reference_german_deals(count: int, seed: int) -> None:
    """A tight German Whist random playout: ints only (the ceiling for pure Python)."""
    rng = random.Random(seed)
    randrange = rng.randrange
    for n in range(count):
        order = list(range(52))
        rng.shuffle(order)
        dealer = n & 1
        leader = 1 - dealer
        hands = [0, 0]
        for i in range(26):
            hands[(leader + i) & 1] |= 1 << order[i]
        stock = order[26:]
        trump = stock[0] // 13
        pos = 0
        won = [0, 0]
        for _ in range(26):
            hand = hands[leader]
            cards = []
            m = hand
            while m:
                low = m & -m
                cards.append(low.bit_length() - 1)
                m ^= low
            lead = cards[randrange(len(cards))]
            hands[leader] = hand & ~(1 << lead)
            other = 1 - leader
            hand = hands[other]
            m = hand & SUIT[lead // 13] or hand
            cards = []
            while m:
                low = m & -m
                cards.append(low.bit_length() - 1)
                m ^= low
            reply = cards[randrange(len(cards))]
            hands[other] = hand & ~(1 << reply)
            lead_suit, reply_suit = lead // 13, reply // 13
            if reply_suit == lead_suit:
                winner = other if reply > lead else leader
            else:
                winner = other if reply_suit == trump else leader
            won[winner] += 1
            if pos < 26:
                hands[winner] |= 1 << stock[pos]
                hands[1 - winner] |= 1 << stock[pos + 1]
                pos += 2
            leader = winner


def engine_deals(engine: Engine, count: int, seed: int, *, checked: bool) -> None:
    """Random deals through the public API, scored at the end like a real match."""
    rng = random.Random(seed)
    randrange = rng.randrange
    legal_actions = engine.legal_actions
    apply = engine.apply if checked else engine.apply_unchecked
    seats = engine.variant.seats
    for n in range(count):
        state = engine.start_deal(dealer=n % seats)
        while state.to_act >= -1:
            if state.to_act == -1:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            actions = legal_actions(state)
            state = apply(state, actions[randrange(len(actions))])
        engine.score(state)


def rate(run: Callable[[int, int], None], count: int, repeats: int) -> float:
    """Best deals per CPU-second over ``repeats`` runs of ``count`` deals.

    CPU time of this process (``time.process_time``), and the best of several runs,
    because other processes on a shared 2-core machine inflate wall-clock time.
    """
    rates = []
    for r in range(repeats):
        start = time.process_time()
        run(count, r)
        rates.append(count / (time.process_time() - start))
    return max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--variant", action="append", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    catalog = load_catalog()
    names = args.variant or sorted(catalog.variants)
    results: dict[str, dict[str, float]] = {}
    reference = rate(reference_german_deals, args.deals, args.repeats)
    for name in names:
        engine = Engine(catalog.variant(name))
        engine_deals(engine, 50, 0, checked=True)  # warm the tables
        checked = rate(
            lambda k, s, e=engine: engine_deals(e, k, s, checked=True), args.deals, args.repeats
        )
        unchecked = rate(
            lambda k, s, e=engine: engine_deals(e, k, s, checked=False), args.deals, args.repeats
        )
        results[name] = {
            "checked_deals_per_s": round(checked),
            "unchecked_deals_per_s": round(unchecked),
            "checked_vs_reference": round(checked / reference, 3),
        }
    if args.json:
        print(json.dumps({"reference_german_deals_per_s": round(reference), "variants": results}))
        return
    print(f"reference (tight pure-Python German loop): {reference:,.0f} deals per CPU-second")
    for name, r in results.items():
        print(
            f"{name:10} checked {r['checked_deals_per_s']:>8,} deals/s   "
            f"unchecked {r['unchecked_deals_per_s']:>8,} deals/s   "
            f"checked/reference {r['checked_vs_reference']:.2f}"
        )


if __name__ == "__main__":
    main()
