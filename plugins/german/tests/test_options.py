"""German Whist options: every option of docs/variants/german.md §1 with its default, validated
field by field."""

from __future__ import annotations

import pytest
from openwhist import OptionsError
from openwhist.game.options import describe_options
from openwhist_german import GERMAN, GermanOptions
from pydantic import ValidationError


def test_defaults_are_those_of_rules_section_1() -> None:
    options = GERMAN.make_options({})
    assert isinstance(options, GermanOptions)
    assert options.scoring_profile == "last13"
    assert options.result_mode == "win_loss"
    assert options.phase1_must_follow_suit is True
    assert options.trump_mode == "turn_up"
    assert options.match_format == "single_deal"
    assert options.target_points == 50
    assert options.late_revoke_policy == "stands"


def test_hand_result_mode_default_follows_the_profile_and_format() -> None:
    """docs/variants/decisions.md §7.0: all26 defaults to excess_over_book; target_points goes with
    points_per_trick (§1.9); an explicit mode always wins."""
    assert GERMAN.make_options({"scoring_profile": "all26"}).result_mode == "excess_over_book"  # type: ignore[attr-defined]
    assert GERMAN.make_options({"match_format": "target_points"}).result_mode == "points_per_trick"  # type: ignore[attr-defined]
    explicit = GERMAN.make_options({"scoring_profile": "all26", "hand_result_mode": "difference"})
    assert explicit.result_mode == "difference"  # type: ignore[attr-defined]


def test_cli_strings_are_accepted() -> None:
    options = GERMAN.make_options({"phase1_must_follow_suit": "false", "target_points": "30"})
    assert options.phase1_must_follow_suit is False  # type: ignore[attr-defined]
    assert options.target_points == 30  # type: ignore[attr-defined]


def test_unknown_option_is_named_with_the_known_ones() -> None:
    with pytest.raises(OptionsError) as error:
        GERMAN.make_options({"race_to": "7"})
    (problem,) = error.value.problems
    assert "unknown option 'race_to'" in problem
    assert "scoring_profile" in problem


def test_every_bad_field_is_reported_separately() -> None:
    with pytest.raises(OptionsError) as error:
        GERMAN.make_options({"scoring_profile": "last26", "trump_mode": "no", "target_points": "0"})
    problems = error.value.problems
    assert len(problems) == 3
    assert any(p.startswith("scoring_profile:") and "'last26'" in p for p in problems)
    assert any(p.startswith("trump_mode:") for p in problems)
    assert any(p.startswith("target_points:") for p in problems)


def test_target_points_cannot_score_win_loss() -> None:
    with pytest.raises(OptionsError, match="target_points needs a points-scoring"):
        GERMAN.make_options({"match_format": "target_points", "hand_result_mode": "win_loss"})


def test_options_are_frozen_and_described() -> None:
    options = GERMAN.make_options({})
    with pytest.raises(ValidationError, match="frozen"):
        options.trump_mode = "none"  # type: ignore[attr-defined]
    listed = {o["name"]: o for o in describe_options(GermanOptions)}
    assert set(listed) == {
        "scoring_profile",
        "hand_result_mode",
        "phase1_must_follow_suit",
        "trump_mode",
        "match_format",
        "target_points",
        "late_revoke_policy",
    }
    assert all(o["description"] for o in listed.values())
    assert listed["hand_result_mode"]["default"] is None


def test_registered_through_the_entry_point_group() -> None:
    from importlib.metadata import entry_points

    (ep,) = [ep for ep in entry_points(group="openwhist") if ep.name == "german"]
    assert ep.value == "openwhist_german.plugin"
    assert ep.dist is not None
    assert ep.dist.name == "openwhist-german"
