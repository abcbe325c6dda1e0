"""Israeli Whist's declared score sheet and statistic (issue 12): what ``whist scores``
writes for a deal, and the contracts made that standings and the arena count."""

from __future__ import annotations

from openwhist_israeli import scoresheet
from openwhist_israeli.options import IsraeliOptions
from openwhist_israeli.scoring import IsraeliFacts, score_facts

PARTIES = ("N", "E", "S", "W")


def test_the_sheet_describes_a_deal_by_its_declarer_trump_and_contracts() -> None:
    facts = {
        "declarer": 2,
        "bid": "5NT",
        "contracts": [3, 3, 5, 1],
        "deal_type": "under",
        "contract_total": 12,
        "passed_out": False,
    }
    detail = scoresheet.deal_detail(facts, PARTIES)
    assert detail.summary == "S 5NT (under 12)"
    assert detail.marks == ("3", "3", "5", "1")


def test_a_passed_out_deal_is_written_as_such_with_no_marks() -> None:
    detail = scoresheet.deal_detail({"passed_out": True, "contracts": []}, PARTIES)
    assert (detail.summary, detail.marks) == ("passed out", None)


def test_contracts_made_counts_the_contract_and_zero_lines_that_scored() -> None:
    # N makes 5, E misses 4 (takes 5), S makes 3, W makes its zero: 3 of 4 made.
    facts = IsraeliFacts(
        declarer=0, bid="5S", contracts=[5, 4, 3, 0], tricks=[5, 5, 3, 0], revokes=[0, 0, 0, 0]
    )
    score = score_facts(facts, IsraeliOptions())
    (made,) = scoresheet.STATISTICS
    assert made.reported_in("standings")
    assert made.reported_in("arena")
    assert [(t.value, t.out_of) for t in made.of_deal(score)] == [(1, 1), (0, 1), (1, 1), (1, 1)]
