"""The ``openwhist`` pytest plugin: conformance fixtures for variant authors.

Installed with openwhist (entry point ``pytest11: openwhist``), so every pytest run in an
environment with openwhist loads it. It therefore imports nothing but pytest at import time;
the engine, the kit and the plugin catalog load only when a fixture is used.

Fixtures:

* ``whist_catalog`` -- the catalog of installed plugins (session-scoped), as
  ``openwhist.plugins.load_catalog()`` builds it;
* ``whist_deals`` -- the number of deals a conformance test should play: ``--whist-deals N``
  on the command line, else the ``whist_deals`` ini value, else 200;
* ``whist_conformance`` -- `openwhist.testing.check_conformance` with ``deals`` defaulting
  to ``whist_deals``: the deals of seeded whole matches with the given options (later
  deals meet the match progress, the dealer rotation and ``DealContext.progress``) and,
  without ``options``, whole matches of every finite match format the variant lists
  (`openwhist.testing.match_samples`). Its keyword arguments are `check_variant`'s (plus
  ``match_formats``, ``format_matches``). A plugin author's whole conformance test is::

      def test_my_variant_conforms(whist_conformance):
          from my_plugin import MY_VARIANT
          report = whist_conformance(MY_VARIANT, seed=1)
          assert report.deals > 0

  It raises `openwhist.testing.ConformanceError` (with the variant, seed, deal and action
  index) at the first broken invariant.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from openwhist.testing.conformance import ConformanceReport

DEFAULT_DEALS = 200
"""Deals per conformance check when neither ``--whist-deals`` nor the ini value is set."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--whist-deals N`` and the ``whist_deals`` ini value."""
    group = parser.getgroup("openwhist", "openwhist conformance kit")
    group.addoption(
        "--whist-deals",
        action="store",
        type=int,
        default=None,
        metavar="N",
        help=f"random deals per openwhist conformance check (default {DEFAULT_DEALS})",
    )
    parser.addini(
        "whist_deals",
        help=f"random deals per openwhist conformance check (default {DEFAULT_DEALS})",
        default=str(DEFAULT_DEALS),
    )


def _deals(config: pytest.Config) -> int:
    value = config.getoption("--whist-deals")
    if value is None:
        raw = config.getini("whist_deals")
        try:
            value = int(str(raw))
        except ValueError:
            raise pytest.UsageError(f"whist_deals must be a whole number, got {raw!r}") from None
    if value < 1:
        raise pytest.UsageError(f"--whist-deals must be at least 1, got {value}")
    return int(value)


def pytest_configure(config: pytest.Config) -> None:
    """Reject a bad ``--whist-deals`` / ``whist_deals`` before any test runs."""
    _deals(config)


@pytest.fixture(scope="session")
def whist_deals(pytestconfig: pytest.Config) -> int:
    """Deals per conformance check (``--whist-deals N``; default 200)."""
    return _deals(pytestconfig)


@pytest.fixture(scope="session")
def whist_catalog() -> Any:
    """The catalog of installed openwhist plugins (``openwhist.plugins.Catalog``)."""
    from openwhist import plugins  # lazy: keep pytest start-up light

    return plugins.load_catalog()


@pytest.fixture
def whist_conformance(whist_deals: int) -> Callable[..., ConformanceReport]:
    """`openwhist.testing.check_conformance` (seeded whole matches) with ``deals``
    defaulting to ``--whist-deals``."""
    from openwhist.testing.conformance import check_conformance

    def check(variant: Any, **kwargs: Any) -> ConformanceReport:
        kwargs.setdefault("deals", whist_deals)
        return check_conformance(variant, **kwargs)

    return check
