"""The conformance kit on German Whist under every option choice and match format.

The root suite runs the kit on every installed variant with its default options; this adds
each non-default option value (a few deals each) and whole matches of every format, so an
option that breaks an engine invariant (cards conserved with the stock, views hiding the
drawn card, replay, termination) is caught here.
"""

from __future__ import annotations

from typing import Any

import pytest
from openwhist.testing import CardsElsewhere, check_match, check_variant, option_samples
from openwhist_german import GERMAN


def test_rules_report_the_stock_to_the_kit() -> None:
    assert isinstance(GERMAN.rules, CardsElsewhere)


@pytest.mark.parametrize("options", option_samples(GERMAN), ids=str)
def test_every_option_value_passes_the_kit(options: dict[str, Any]) -> None:
    report = check_variant(GERMAN, deals=8, seed=2, options=options)
    assert report.deals == 8


@pytest.mark.parametrize("match_format", ["single_deal", "best_of_3", "best_of_5", "target_points"])
@pytest.mark.parametrize("profile", ["last13", "all26"])
def test_whole_matches_finish(match_format: str, profile: str) -> None:
    options = {"match_format": match_format, "scoring_profile": profile}
    if match_format == "target_points":
        options["target_points"] = "20"  # keep the matches short
    report = check_match(GERMAN, matches=2, seed=4, options=options, swaps_per_deal=0)
    assert report.matches == 2
