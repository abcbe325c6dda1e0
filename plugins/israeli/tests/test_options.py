"""The options model (docs/variants/israeli.md §4, "every option named is a typed, validated
option")."""

from __future__ import annotations

import pytest
from openwhist import OptionsError
from openwhist_israeli import ISRAELI, IsraeliOptions


def test_defaults_are_those_of_rules_md():
    options = ISRAELI.make_options({})
    assert isinstance(options, IsraeliOptions)
    assert options.model_dump() == {
        "min_bid": 5,
        "first_caller": "left_of_dealer",
        "auction_end": "three_passes",
        "pass_is_final": False,
        "frisch_enabled": True,
        "frisch_min_increase": 1,
        "frisch_direction": "left",
        "frisch_max_rounds": 3,
        "frisch_cards": 3,
        "passed_out_redeal_by": "same",
        "contract_order": "declarer_first",
        "opening_leader": "declarer",
        "fail_per_trick": 10,
        "zero_over_bonus": 25,
        "zero_under_bonus": 50,
        "revoke_fine": 100,
        "match": "open",
    }


def test_command_line_strings_are_accepted():
    options = ISRAELI.make_options({"pass_is_final": "true", "min_bid": "4", "match": "Target:500"})
    assert options.pass_is_final is True
    assert options.min_bid == 4
    assert options.match_format == ("target", 500)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"min_bid": 0}, "min_bid"),
        ({"min_bid": 14}, "min_bid"),
        ({"first_caller": "right_of_dealer"}, "first_caller"),
        ({"frisch_cards": 7}, "frisch_cards"),
        ({"frisch_direction": "right"}, "frisch_direction"),
        ({"fail_per_trick": -5}, "fail_per_trick"),
        ({"bogus": 1}, "unknown option 'bogus'"),
        ({"min_bid": 11}, "min_bid 11 \\+ frisch_max_rounds 3 x frisch_min_increase 1 = 14"),
        ({"frisch_min_increase": 3}, "= 14: after the last Frisch no bid"),
    ],
)
def test_bad_options_are_rejected_with_a_clear_message(raw, message):
    with pytest.raises(OptionsError, match=message):
        ISRAELI.make_options(raw)


def test_the_reachable_minimum_rule_applies_only_with_the_frisch():
    assert ISRAELI.make_options({"min_bid": 11, "frisch_enabled": False}).min_bid == 11
    assert ISRAELI.make_options({"min_bid": 11, "frisch_max_rounds": 2}).min_bid == 11
