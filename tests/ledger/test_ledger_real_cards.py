"""Score-keeping games played with real cards: facts entered deal by deal, validated by the
variant's facts model, scored by the variant's own scoring hook, and standings that match
a calculation by hand from docs/variants/."""

from __future__ import annotations

from typing import Any

import pytest
from openwhist.ledger.errors import InvalidFactsError, LedgerStateError
from openwhist.services.ledger import Ledger


@pytest.fixture
def ledger(ledger_url: str, catalog: Any) -> Any:
    with Ledger(ledger_url, catalog=catalog) as opened:
        yield opened


def german(p2: tuple[int, int], p1: tuple[int, int] = (7, 6)) -> dict[str, Any]:
    return {"phase1_tricks": list(p1), "phase2_tricks": list(p2)}


def test_german_best_of_three_from_counted_tricks(ledger: Ledger) -> None:
    match_id = ledger.start_match("german", ["Ann", "Bob"], options={"match_format": "best_of_3"})
    # docs/variants/german.md §1.8 (last13, win_loss): the deal goes to the seat with more phase-2
    # tricks; §1.9: the first to win two deals wins the match.
    first = ledger.record_real_deal(match_id, german((8, 5)))
    assert first.score.winner == 0
    assert first.progress.totals == (1, 0)
    ledger.record_real_deal(match_id, german((6, 7)))
    last = ledger.record_real_deal(match_id, german((9, 4)))
    assert last.progress.finished
    assert last.progress.winner == 0
    rows = {row["name"]: row for row in ledger.standings()}
    assert rows["Ann"] | {} == {
        "variant": "german",
        "name": "Ann",
        "kind": "human",
        "matches": 1,
        "finished": 1,
        "wins": 1,
        "deals": 3,
        "deals_won": 2,
        "points": 2,
        "statistics": {},  # German Whist declares none beyond these
    }
    assert (rows["Bob"]["wins"], rows["Bob"]["deals_won"], rows["Bob"]["points"]) == (0, 1, 1)
    with pytest.raises(LedgerStateError, match="finished"):
        ledger.record_real_deal(match_id, german((7, 6)))
    sheet = ledger.score_sheet(match_id)
    assert [d["source"] for d in sheet["deals"]] == ["recorded"] * 3
    assert [d["dealer"] for d in sheet["deals"]] == [0, 1, 0]  # the deal alternates (§1.2)


def test_german_target_points_counts_every_phase_two_trick(ledger: Ledger) -> None:
    match_id = ledger.start_match(
        "german", ["Ann", "Bob"], options={"match_format": "target_points", "target_points": 20}
    )
    # §1.9: target_points scores points_per_trick: A 8+7+6 = 21, B 5+6+7 = 18; A alone
    # reaches 20 on deal 3.
    for p2 in ((8, 5), (7, 6)):
        assert not ledger.record_real_deal(match_id, german(p2)).progress.finished
    outcome = ledger.record_real_deal(match_id, german((6, 7)))
    assert outcome.progress.finished
    assert outcome.progress.winner == 0
    assert ledger.score_sheet(match_id)["totals"] == [21, 18]


def test_wrong_facts_are_refused_with_each_problem_and_record_nothing(ledger: Ledger) -> None:
    match_id = ledger.start_match("german", ["Ann", "Bob"])
    with pytest.raises(InvalidFactsError) as info:
        ledger.record_real_deal(match_id, german((7, 5), p1=(14, 0)))
    message = str(info.value)
    assert "phase2_tricks" in message
    assert "13 tricks between them" in message
    assert "phase1_tricks" in message  # 14 is more than a phase has
    assert info.value.exit_code == 2
    with pytest.raises(InvalidFactsError, match="honours is not a fact of this variant"):
        ledger.record_real_deal(match_id, {**german((7, 6)), "honours": 4})
    assert ledger.score_sheet(match_id)["deals"] == []
    assert ledger.resume_point(match_id).progress.deals == 0


def israeli(
    declarer: int,
    bid: str,
    contracts: list[int],
    tricks: list[int],
    revokes: tuple[int, ...] = (0, 0, 0, 0),
) -> dict[str, Any]:
    return {
        "declarer": declarer,
        "bid": bid,
        "contracts": contracts,
        "tricks": tricks,
        "revokes": list(revokes),
    }


def test_an_israeli_evening_matches_a_hand_calculation(ledger: Ledger, catalog: Any) -> None:
    assert "israeli" in catalog.variants, "the Israeli Whist plugin ships with the project"
    names = ["Noa", "Eli", "Sara", "Wim"]
    match_id = ledger.start_match("israeli", names, options={"match": "fixed_deals:3"})
    # docs/variants/israeli.md §4.7 by hand: a contract made scores bid² + 10; a missed one -10 per
    # trick of difference; a zero made +50 in an under deal (total < 13), +25 in an over deal; a
    # zero missed with one trick -50; a revoke -100 (§4.8).
    # Deal 1, N declares 5S; contracts 5,4,3,0 (12: under); tricks 5,4,4,0:
    #   N 35, E 26, S -10, W +50.
    ledger.record_real_deal(match_id, israeli(0, "5S", [5, 4, 3, 0], [5, 4, 4, 0]))
    # Deal 2, E declares 6H; contracts 2,6,4,3 (15: over); tricks 1,6,3,3:
    #   N -10, E 46, S -10, W 19.
    ledger.record_real_deal(match_id, israeli(1, "6H", [2, 6, 4, 3], [1, 6, 3, 3]))
    # Deal 3, W declares 7NT; contracts 3,2,0,7 (12: under); tricks 3,2,1,7; E revoked once:
    #   N 19, E 14 - 100, S -50, W 59.
    outcome = ledger.record_real_deal(
        match_id, israeli(3, "7NT", [3, 2, 0, 7], [3, 2, 1, 7], revokes=(0, 1, 0, 0))
    )
    expected = {"Noa": 44, "Eli": -14, "Sara": -70, "Wim": 128}
    assert outcome.progress.finished  # fixed_deals:3 (§4.9)
    assert outcome.progress.winner == 3
    assert ledger.score_sheet(match_id)["totals"] == [expected[n] for n in names]
    rows = {row["name"]: row for row in ledger.standings(variant="israeli")}
    assert {n: rows[n]["points"] for n in names} == expected
    # Contracts made, zero bids included: N deals 1 and 3, E all three, S none, W all three.
    assert {n: rows[n]["statistics"]["contracts_made"] for n in names} == {
        "Noa": 2,
        "Eli": 3,
        "Sara": 0,
        "Wim": 3,
    }
    assert rows["Wim"]["wins"] == 1
    assert sum(rows[n]["wins"] for n in names) == 1


def test_israeli_facts_that_break_the_rules_are_refused(ledger: Ledger, catalog: Any) -> None:
    assert "israeli" in catalog.variants, "the Israeli Whist plugin ships with the project"
    match_id = ledger.start_match("israeli", ["Noa", "Eli", "Sara", "Wim"])
    with pytest.raises(InvalidFactsError, match="13"):  # the forbidden total (§4.5)
        ledger.record_real_deal(match_id, israeli(0, "5S", [5, 4, 3, 1], [5, 4, 3, 1]))
    with pytest.raises(InvalidFactsError, match="13"):  # tricks must total 13
        ledger.record_real_deal(match_id, israeli(0, "5S", [5, 4, 3, 0], [5, 4, 3, 0]))
    assert ledger.score_sheet(match_id)["deals"] == []


def test_an_english_rubber_entered_by_tricks(ledger: Ledger) -> None:
    match_id = ledger.start_match("english", ["North", "East", "South", "West"])
    # docs/variants/english.md §2.6: one point per trick over six to the side that took them, points
    # above the game's 5 discarded; §2.7: two games win the rubber. N–S take 11 then 12 tricks:
    # 5 + 5 trick points, two treble games (E–W at 0) = 3 + 3 game points, + 2 bonus = 8.
    ledger.record_real_deal(match_id, {"tricks": [11, 2]})
    outcome = ledger.record_real_deal(match_id, {"tricks": [12, 1]})
    assert outcome.progress.finished
    assert outcome.progress.winner == 0
    assert outcome.progress.totals == (8, 0)
    sheet = ledger.score_sheet(match_id)
    trick_points = [
        sum(
            ln["points"]
            for d in sheet["deals"]
            for ln in d["lines"]
            if ln["category"] == "tricks" and ln["party"] == side
        )
        for side in (0, 1)
    ]
    assert trick_points == [10, 0]
    rows = {row["name"]: row for row in ledger.standings(variant="english")}
    # Partners share their side's points.
    assert rows["North"]["points"] == rows["South"]["points"] == sheet["totals"][0]
    assert rows["East"]["points"] == rows["West"]["points"] == sheet["totals"][1]
    assert [p["party"] for p in sheet["match"]["players"]] == [0, 1, 0, 1]
