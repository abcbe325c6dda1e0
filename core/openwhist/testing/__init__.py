"""Testing support for openwhist and its plugins: the conformance kit.

`check_variant` plays seeded random deals of a variant and checks the engine contract at
every step (one actor, sorted legal actions, illegal actions rejected, cards conserved,
notation round trips, views that leak nothing, replay determinism, termination and
scoring); `check_match` plays whole matches. See `openwhist.testing.conformance` for the
full list of invariants, the `CardsElsewhere` protocol a variant with a stock implements,
and the `MatchFormats` protocol that lists the match formats which must finish.

The pytest plugin `openwhist.testing.pytest_plugin` offers the kit as fixtures
(``whist_conformance``, ``whist_catalog``, ``--whist-deals N``).
"""

from openwhist.testing.conformance import (
    CardsElsewhere,
    ConformanceError,
    ConformanceReport,
    MatchFormats,
    check_match,
    check_variant,
    match_samples,
    option_samples,
)

__all__ = [
    "CardsElsewhere",
    "ConformanceError",
    "ConformanceReport",
    "MatchFormats",
    "check_match",
    "check_variant",
    "match_samples",
    "option_samples",
]
