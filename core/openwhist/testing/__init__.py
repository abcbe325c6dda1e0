"""Testing support for openwhist and its plugins: the conformance kit.

`check_variant` plays seeded random deals -- the consecutive deals of whole matches -- of a
variant and checks the engine contract at every step (one actor, sorted legal actions,
illegal actions rejected, cards conserved, notation round trips, views that leak nothing,
replay determinism, termination and scoring) and the match progress between deals;
`check_match` plays whole matches to their end; `check_conformance` is both, over every
finite match format, as the ``whist_conformance`` fixture runs them. See
`openwhist.testing.conformance` for the full list of invariants, the `CardsElsewhere`
protocol a variant with a stock implements, and the `MatchFormats` protocol that lists the
match formats which must finish.

The pytest plugin `openwhist.testing.pytest_plugin` offers the kit as fixtures
(``whist_conformance``, ``whist_catalog``, ``--whist-deals N``).
"""

from openwhist.testing.conformance import (
    CardsElsewhere,
    ConformanceError,
    ConformanceReport,
    MatchFormats,
    check_conformance,
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
    "check_conformance",
    "check_match",
    "check_variant",
    "match_samples",
    "option_samples",
]
