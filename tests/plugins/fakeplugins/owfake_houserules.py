"""House rules of each input kind (tests/plugins/test_house_rule_listing.py).

* ``stock-open`` (German Whist only, played deals only: the default ``inputs``);
* ``double-deal`` (German Whist only, played deals and real-card facts: it doubles the
  points of every deal, whether scored from play or from facts, so ``whist record`` may
  use it);
* ``anywhere`` (every variant, played deals only).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import replace
from typing import Any

from openwhist import DealScore, HouseRule, hookimpl
from openwhist.plugins import Catalog, load_catalog


class _Nothing:
    """Changes nothing (the listing and the refusals are what is tested)."""


class _Double:
    """Doubles every deal's points, played or entered as facts: a played deal is scored
    from its facts too (``whist_score_deal`` -> ``whist_deal_facts`` ->
    ``whist_score_facts``), so this one hook covers both inputs."""

    @hookimpl(wrapper=True)
    def whist_score_facts(self, facts: Any, context: Any) -> Generator[None, DealScore, DealScore]:
        score = yield
        return _doubled(score)


def _doubled(score: DealScore) -> DealScore:
    lines = tuple(replace(line, points=2 * line.points) for line in score.lines)
    return replace(score, lines=lines)


STOCK_OPEN = HouseRule(
    "stock-open", "Open stock", "the stock is dealt face up", _Nothing(), ("german",)
)
DOUBLE = HouseRule(
    "double-deal",
    "Double stakes",
    "every deal scores twice its points",
    _Double(),
    ("german",),
    inputs=("played", "facts"),
)
ANYWHERE = HouseRule("anywhere", "Anywhere", "changes nothing, in any variant", _Nothing())


class Plugin:
    @hookimpl
    def whist_register_house_rules(self, register: Callable[[HouseRule], None]) -> None:
        register(STOCK_OPEN)
        register(DOUBLE)
        register(ANYWHERE)


PLUGIN = Plugin()


def catalog() -> Catalog:
    """The installed plugins and this one."""
    return load_catalog(extra_plugins=[("owfake-houserules", PLUGIN)])
