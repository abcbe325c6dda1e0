"""Benchmark: the conformance kit over whole matches against lone first deals (issue 12).

Run: ``uv run python bench/bench_conformance.py [--variant german english israeli]
[--deals N] [--rounds R]``

For each variant, alternately in one process and in CPU time (`time.process_time`), the
same number of deals with the same seed through:

* ``lone`` -- `check_variant(..., match_deals=1)`: every deal the first of its own match,
  the kit's behaviour before issue 12 (plus the progress check and two record replays);
* ``matches`` -- `check_variant` as it is now: the consecutive deals of whole matches;
* ``fixture`` -- `check_conformance`, what ``whist_conformance`` runs: ``matches`` plus one
  whole match of every finite match format (`match_samples`).

The ratios are each one's total time over ``lone``'s, summed over the rounds. The deals
differ between ``lone`` and ``matches`` (a later deal has another dealer and progress), so
a variant whose later deals are longer (Israeli Whist's redeals) may cost a little more.
"""

from __future__ import annotations

import argparse
import time

from openwhist.plugins import load_catalog
from openwhist.testing import check_conformance, check_variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", nargs="+", default=["german", "english", "israeli"])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    catalog = load_catalog()
    for name in args.variant:
        variant = catalog.variant(name)
        totals = {"lone": 0.0, "matches": 0.0, "fixture": 0.0}
        extra = 0
        for round_ in range(args.rounds):
            for kind in totals:
                start = time.process_time()
                if kind == "lone":
                    check_variant(variant, deals=args.deals, seed=round_, match_deals=1)
                elif kind == "matches":
                    check_variant(variant, deals=args.deals, seed=round_)
                else:
                    extra = check_conformance(variant, deals=args.deals, seed=round_).deals
                totals[kind] += time.process_time() - start
        lone = totals["lone"]
        print(
            f"{name:8} {args.deals} deals x {args.rounds}: lone {lone:6.2f}s  "
            f"matches {totals['matches']:6.2f}s ({totals['matches'] / lone:.2f}x)  "
            f"fixture {totals['fixture']:6.2f}s ({totals['fixture'] / lone:.2f}x, "
            f"{extra - args.deals} format deals)",
            flush=True,
        )


if __name__ == "__main__":
    main()
