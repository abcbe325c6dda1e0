"""The bots' ladder (issue 19; docs/bots.md "The ladder"): each level against the next, and
each level's distance from the perfect-information ceiling, in duplicate with 95 % intervals.

Run: ``uv run python bench/ladder.py [--variant german english ...] [--boards N]
[--ceiling-boards N] [--seed S] [--workers W] [--no-ceiling] [--option KEY=VALUE ...]
[--json]``

For each variant the rungs are ``random``, ``heuristic`` and every level of ``expert``
(``expert:1``, ``expert:2``, ``expert:3``: the levels the variant's expert declares). Every
adjacent pair plays ``--boards`` duplicate boards head to head (``run_arena`` with
``duplicate=True``: the same decks with the seats rotated), and every rung plays
``--ceiling-boards`` duplicate boards against ``perfect``, the perfect-information bot
(`openwhist.services.ceiling`, arena measurement mode). Reported per match-up: the upper
rung's win-rate difference (percentage points, paired by board) and points difference per
deal, each with its 95 % interval, as ``whist arena`` computes them -- the same figures as

    uv run whist arena VARIANT --bots UPPER,LOWER --duplicate --deals N --seed S
    uv run whist arena VARIANT --bots perfect,RUNG --duplicate --deals N --seed S --measurement

A rung is *ahead* of the one below when the lower bound of its win-rate difference is
above zero. Every figure depends only on the seed, never on ``--workers``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from typing import Any

from openwhist.plugins import Catalog, load_catalog
from openwhist.services.arena import run_arena
from openwhist.services.ceiling import PERFECT

VARIANTS = ("german", "english", "american", "israeli")
"""The built-in variants the ladder covers by default."""


def rungs(catalog: Catalog, variant: str) -> list[str]:
    """The ladder's rungs for ``variant``, weakest first: random, heuristic, expert levels."""
    names = {spec.name: spec for spec in catalog.bots_for(variant)}
    out = [n for n in ("random", "heuristic") if n in names]
    expert = names.get("expert")
    if expert is not None:
        out.extend(f"expert:{level}" for level in expert.level_names or ("",))
    return [r.rstrip(":") for r in out]


def match_up(
    catalog: Catalog,
    variant: str,
    upper: str,
    lower: str,
    *,
    boards: int,
    seed: int,
    workers: int,
    options: dict[str, str],
    measurement: bool = False,
) -> dict[str, Any]:
    """``upper`` against ``lower`` over ``boards`` duplicate boards: the paired differences
    (upper minus lower) and the CPU-free wall time it took."""
    start = time.perf_counter()
    run = run_arena(
        catalog,
        variant,
        bots=[upper, lower],
        deals=boards,
        seed=seed,
        options=options,
        duplicate=True,
        workers=workers,
        measurement=measurement,
    )
    comparison = run.summary["comparisons"][0]
    return {
        "upper": upper,
        "lower": lower,
        "boards": boards,
        "plays": run.summary["plays"],
        "win_rate_difference": comparison["win_rate_difference"],
        "score_difference": comparison["score_difference"],
        "seconds": round(time.perf_counter() - start, 1),
    }


def _ci(e: dict[str, Any], scale: float, unit: str) -> str:
    if e["value"] is None:
        return "-"
    if e["low"] is None:
        return f"{scale * e['value']:+.1f}{unit}"
    return f"{scale * e['value']:+.1f}{unit} [{scale * e['low']:+.1f}, {scale * e['high']:+.1f}]"


def render(variant: str, steps: list[dict[str, Any]], ceiling: list[dict[str, Any]]) -> str:
    """One variant's ladder as text."""
    lines = [f"{variant}:"]
    for row in steps:
        ahead = "ahead" if (row["win_rate_difference"]["low"] or 0) > 0 else "not shown ahead"
        lines.append(
            f"  {row['upper']:>10} - {row['lower']:<10} {row['boards']:>4} boards  "
            f"win {_ci(row['win_rate_difference'], 100, 'pp'):<26} "
            f"points/deal {_ci(row['score_difference'], 1, ''):<24} {ahead}"
        )
    for row in ceiling:
        lines.append(
            f"  {PERFECT:>10} - {row['lower']:<10} {row['boards']:>4} boards  "
            f"win {_ci(row['win_rate_difference'], 100, 'pp'):<26} "
            f"points/deal {_ci(row['score_difference'], 1, ''):<24} distance from the ceiling"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", nargs="+", default=list(VARIANTS))
    parser.add_argument("--boards", type=int, default=500, help="boards per adjacent pair")
    parser.add_argument(
        "--ceiling-boards", type=int, default=200, help="boards per rung against perfect"
    )
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-ceiling", action="store_true", help="skip the ceiling")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    options = dict(pair.split("=", 1) for pair in args.option)
    catalog = load_catalog()
    report: dict[str, Any] = {"seed": args.seed, "options": options, "variants": {}}
    for variant in args.variant:
        ladder = rungs(catalog, variant)
        steps = [
            match_up(
                catalog,
                variant,
                upper,
                lower,
                boards=args.boards,
                seed=args.seed,
                workers=args.workers,
                options=options,
            )
            for lower, upper in itertools.pairwise(ladder)
        ]
        ceiling = (
            []
            if args.no_ceiling
            else [
                match_up(
                    catalog,
                    variant,
                    PERFECT,
                    rung,
                    boards=args.ceiling_boards,
                    seed=args.seed,
                    workers=args.workers,
                    options=options,
                    measurement=True,
                )
                for rung in ladder
            ]
        )
        report["variants"][variant] = {"rungs": ladder, "steps": steps, "ceiling": ceiling}
        if not args.json:
            print(render(variant, steps, ceiling), flush=True)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
