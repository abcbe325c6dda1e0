"""Units (docs/variants/solo.md §6) from facts, as a score-keeper would enter them."""

from __future__ import annotations

import pytest
from openwhist import VariantError
from openwhist_solo import SoloFacts, SoloOptions, score_facts
from pydantic import ValidationError


def units(options: SoloOptions | None = None, **facts: object) -> list[int]:
    score = score_facts(SoloFacts(**facts), options or SoloOptions())  # type: ignore[arg-type]
    assert sum(line.points for line in score.lines) == 0, "payments balance"
    return [score.points(s) for s in range(4)]


def test_a_proposal_made_each_loser_pays_one_winner_with_overtricks():
    assert units(contract="prop", declarer=1, partner=3, tricks=[2, 5, 2, 4]) == [-2, 2, -2, 2]


def test_a_proposal_lost_pays_undertricks():
    assert units(contract="prop", declarer=0, partner=1, tricks=[3, 3, 4, 3]) == [-3, -3, 3, 3]


def test_solo_stake_and_trick_unit_options():
    assert units(contract="solo", declarer=2, tricks=[3, 3, 5, 2]) == [-1, -1, 3, -1]
    assert units(contract="solo", declarer=2, tricks=[3, 3, 3, 4]) == [3, 3, -9, 3]
    two = SoloOptions(solo_stake=2, trick_unit=0)
    assert units(two, contract="solo", declarer=2, tricks=[0, 0, 13, 0]) == [-2, -2, 6, -2]


def test_misere_and_open_misere_pay_no_over_or_undertricks():
    assert units(contract="misere", declarer=0, tricks=[0, 5, 4, 4]) == [6, -2, -2, -2]
    assert units(contract="open_misere", declarer=3, tricks=[0, 0, 0, 1]) == [4, 4, 4, -12]


def test_abundance_and_royal_abundance_are_worth_the_same():
    made = [-4, 12, -4, -4]  # 3 + 1 overtrick
    assert units(contract="abundance", declarer=1, tricks=[1, 10, 1, 1]) == made
    assert units(contract="royal_abundance", declarer=1, tricks=[1, 10, 1, 1]) == made
    assert units(contract="abundance", declarer=1, tricks=[2, 7, 2, 2]) == [5, -15, 5, 5]


def test_abundance_declared_all_or_nothing():
    assert units(contract="declared", declarer=0, tricks=[13, 0, 0, 0]) == [18, -6, -6, -6]
    # Play stopped once the declarer lost a trick (§5.3): 4 tricks recorded, lost.
    assert units(contract="declared", declarer=0, tricks=[3, 1, 0, 0]) == [-18, 6, 6, 6]


def test_general_misere_most_tricks_or_last_trick():
    gm = SoloOptions(all_pass="general_misere")
    assert units(gm, contract="general_misere", tricks=[5, 3, 3, 2]) == [-3, 1, 1, 1]
    assert units(gm, contract="general_misere", tricks=[4, 4, 3, 2]) == [-2, -2, 2, 2]
    last = SoloOptions(all_pass="general_misere", general_misere_loser="last_trick")
    facts = {"contract": "general_misere", "tricks": [5, 3, 3, 2], "last_trick": 2}
    assert units(last, **facts) == [1, 1, -3, 1]
    with pytest.raises(VariantError, match="needs the seat that took the last trick"):
        units(last, contract="general_misere", tricks=[5, 3, 3, 2])


def test_facts_a_score_keeper_gets_wrong_are_refused_with_every_problem():
    with pytest.raises(ValidationError, match="a proposal has a partner"):
        SoloFacts(contract="prop", declarer=0, tricks=[4, 4, 3, 2])
    with pytest.raises(ValidationError, match="play stops early only"):
        SoloFacts(contract="solo", declarer=0, tricks=[4, 4, 3, 1])
    with pytest.raises(ValidationError, match="contract: one of"):
        SoloFacts(contract="grand", declarer=0, tricks=[4, 4, 3, 2])
    with pytest.raises(VariantError, match="only under all_pass=general_misere"):
        units(contract="general_misere", tricks=[4, 4, 3, 2])


def test_the_score_lines_explain_the_units():
    score = score_facts(SoloFacts(contract="solo", declarer=0, tricks=[7, 2, 2, 2]), SoloOptions())
    assert score.lines[0].note == "solo made, 7 tricks: 1 + 2 over x 1 = 3 a head"
