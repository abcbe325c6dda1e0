"""The conformance kit on Knockout Whist over whole matches: every seat count, every
non-default option value (docs/plugins/hooks.md, "The conformance kit").

A whole match is up to seven deals whose later deals differ from the first (fewer cards,
a chosen trump, players out of the game, dogs knocking), so the kit plays consecutive deals
of seeded matches and checks the progress between them.
"""

from __future__ import annotations

from typing import Any

import pytest
from openwhist.testing import CardsElsewhere, check_match, check_variant, option_samples
from openwhist_knockout import KNOCKOUT


def test_rules_report_the_undealt_pack_to_the_kit() -> None:
    assert isinstance(KNOCKOUT.rules, CardsElsewhere)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_whole_matches_pass_the_kit_at_every_count(players: int) -> None:
    report = check_match(KNOCKOUT, seats=players, matches=3, seed=players)
    assert report.matches == 3
    assert report.deals >= 3 * 2  # nobody survives deal 1 alone every time


@pytest.mark.parametrize("options", option_samples(KNOCKOUT), ids=str)
def test_every_option_value_passes_the_kit(options: dict[str, Any]) -> None:
    if options.get("dogs_life") in (True, "true") and options.get("misere") in (True, "true"):
        pytest.skip("refused combination")  # pragma: no cover
    report = check_variant(KNOCKOUT, deals=10, seed=3, options=options, seats=5)
    assert report.deals == 10
