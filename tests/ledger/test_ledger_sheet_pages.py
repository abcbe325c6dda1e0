"""The score sheet of a match and its pages (``whist scores --from/--to``, and the last 500
deals it shows by default): every page shows exactly what the whole sheet shows for those
deals -- corrections in the deal of the entry they correct, running totals carried from
the deals before the page, adjustments after every deal -- on every backend."""

from __future__ import annotations

from typing import Any

import pytest
from openwhist.services.ledger import Ledger

# Phase-2 tricks (Ann, Bob) of eight German deals scored points_per_trick
# (docs/variants/german.md §1.9).
TRICKS = [(8, 5), (7, 6), (6, 7), (13, 0), (4, 9), (7, 6), (0, 13), (9, 4)]


@pytest.fixture
def ledger(ledger_url: str, catalog: Any) -> Any:
    with Ledger(ledger_url, catalog=catalog) as opened:
        yield opened


@pytest.fixture
def match_id(ledger: Ledger) -> int:
    """Eight recorded deals, two corrections (deals 2 and 7; one of them twice), two
    adjustments."""
    match = ledger.start_match(
        "german", ["Ann", "Bob"], options={"match_format": "target_points", "target_points": 500}
    )
    for p2 in TRICKS:
        ledger.record_real_deal(match, {"phase1_tricks": [7, 6], "phase2_tricks": list(p2)})
    sheet = ledger.score_sheet(match)
    second = sheet["deals"][1]["lines"][0]
    ledger.correct(second["id"], second["points"] + 2, 'miscounted: "seven", not five')
    ledger.correct(second["id"], second["points"] - 1, "recounted again")
    seventh = sheet["deals"][6]["lines"][-1]
    ledger.correct(seventh["id"], 0, "the deal was misdealt — no tricks count")
    ledger.adjust(match, 0, -10, note="late arrival")
    ledger.adjust(match, 1, 4, category="penalty", note="revoke\tconceded")
    return match


def test_the_whole_sheet_sums_every_entry_in_order(ledger: Ledger, match_id: int) -> None:
    sheet = ledger.score_sheet(match_id)
    deals = sheet["deals"]
    assert [d["number"] for d in deals] == list(range(1, 9))
    # Deal 2's line is followed by its two corrections (+2, then -3 back to points - 1).
    second = deals[1]["lines"]
    assert [line["corrects"] for line in second] == [None, None, second[0]["id"], second[0]["id"]]
    assert [line["points"] for line in second[2:]] == [2, -3]
    assert "miscounted" in second[2]["note"]
    assert deals[1]["points"] == [7 - 1, 6]
    # Deal 7: Bob's 13 phase-2 tricks corrected to nothing; the tricks taken stay as played.
    assert deals[6]["points"] == [0, 0]
    assert deals[6]["tricks"] == [7, 6 + 13]
    running = [0, 0]
    for deal in deals:
        running = [running[0] + deal["points"][0], running[1] + deal["points"][1]]
        assert deal["totals"] == running
    assert [(a["party"], a["points"], a["note"]) for a in sheet["adjustments"]] == [
        (0, -10, "late arrival"),
        (1, 4, "revoke\tconceded"),
    ]
    assert sheet["totals"] == [running[0] - 10, running[1] + 4]
    assert sheet["carried"] == [0, 0]
    assert sheet["page"] == {"first": 1, "last": 8, "deals": 8}


@pytest.mark.parametrize(
    ("first", "last"), [(1, 3), (2, 2), (2, 8), (3, None), (6, None), (8, None), (None, 4)]
)
def test_a_page_shows_what_the_whole_sheet_shows_for_its_deals(
    ledger: Ledger, match_id: int, first: int | None, last: int | None
) -> None:
    whole = ledger.score_sheet(match_id)
    page = ledger.score_sheet(match_id, first=first, last=last)
    start, stop = (first or 1) - 1, last or 8
    assert page["deals"] == whole["deals"][start:stop]
    # The totals before the page are carried (pages near the end subtract the deals from
    # the page on, and the adjustments, from the match's totals: the same numbers).
    assert page["carried"] == (whole["deals"][start - 1]["totals"] if start else [0, 0])
    assert page["totals"] == whole["totals"]
    assert page["adjustments"] == whole["adjustments"]
    assert page["page"] == {"first": start + 1, "last": stop, "deals": 8}
    assert page["match"] == whole["match"]


def test_an_empty_page_still_counts_the_match(ledger: Ledger, match_id: int) -> None:
    page = ledger.score_sheet(match_id, first=1, last=0)  # what whist scores asks first
    assert page["deals"] == []
    assert page["page"] == {"first": None, "last": None, "deals": 8}
    assert page["totals"] == ledger.score_sheet(match_id)["totals"]
