"""The club's chart data (openwhist.services.charts) agrees with the score sheet and the
declarations: what a secretary sees drawn is what the sheet says."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist import Breakdown, DealScore, PluginContractError, ScoreLine, Statistic, Tally
from openwhist.game.scoresheet import check_declarations
from openwhist.services import charts
from openwhist.services.ledger import Ledger

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]


@pytest.fixture
def ledger(ledger_url: str, catalog: Any) -> Any:
    with Ledger(ledger_url, catalog=catalog) as opened:
        yield opened


def _israeli(contracts: list[int], tricks: list[int], declarer: int = 0) -> dict[str, Any]:
    return {
        "declarer": declarer,
        "bid": f"{contracts[declarer]}S",
        "contracts": contracts,
        "tricks": tricks,
    }


def test_the_score_line_ends_at_the_sheets_totals_and_a_correction_moves_it(
    ledger: Ledger, play_deal: Any
) -> None:
    match_id = ledger.start_match("english", PLAYERS, seed=4)
    rng = random.Random(4)
    for _ in range(3):
        play_deal(ledger, match_id, rng)
    before = charts.score_chart(ledger, match_id)
    sheet = ledger.score_sheet(match_id)
    assert before.points[0].totals == (0, 0)
    assert [p.deal for p in before.points] == [0, 1, 2, 3]
    assert [list(p.totals) for p in before.points[1:]] == [d["totals"] for d in sheet["deals"]]
    assert list(before.totals) == sheet["totals"] == list(before.points[-1].totals)
    assert before.players == (("Ann", "Cid"), ("Bob", "Dan"))
    # Correct deal 2's first entry by +10: the line moves from deal 2 on, and is marked there.
    entry = sheet["deals"][1]["lines"][0]
    ledger.correct(entry["id"], entry["points"] + 10, "miscounted")
    after = charts.score_chart(ledger, match_id)
    party = entry["party"]
    assert after.points[1] == before.points[1]
    for old, new in zip(before.points[2:], after.points[2:], strict=True):
        assert new.totals[party] == old.totals[party] + 10
    assert after.points[2].corrected
    assert not after.points[3].corrected
    # An adjustment is a last point after every deal, still the sheet's totals.
    ledger.adjust(match_id, party=1 - party, points=-5, note="late arrival")
    adjusted = charts.score_chart(ledger, match_id)
    assert adjusted.points[-1].deal is None
    assert list(adjusted.totals) == ledger.score_sheet(match_id)["totals"]
    assert adjusted.points[-1].totals == adjusted.totals


def test_a_void_deal_takes_its_points_back_out_of_the_line(ledger: Ledger) -> None:
    match_id = ledger.start_match("israeli", PLAYERS)
    ledger.record_real_deal(match_id, _israeli([5, 3, 2, 1], [5, 3, 2, 3]))
    ledger.record_real_deal(match_id, _israeli([6, 3, 2, 1], [6, 3, 2, 2]))
    ledger.void_deal(match_id, 1, "wrong table")
    chart = charts.score_chart(ledger, match_id)
    assert chart.points[1].void
    assert chart.points[1].totals == (0, 0, 0, 0)
    assert list(chart.totals) == ledger.score_sheet(match_id)["totals"]


def test_a_long_match_is_thinned_but_keeps_its_last_deal(
    monkeypatch: pytest.MonkeyPatch, ledger: Ledger
) -> None:
    monkeypatch.setattr(charts, "MAX_POINTS", 3)
    match_id = ledger.start_match("israeli", PLAYERS)
    for n in range(8):
        ledger.record_real_deal(
            match_id, _israeli([5, 3, 2, 1], [5, 3, 2, 3] if n % 2 else [4, 4, 2, 3]), again=True
        )
    chart = charts.score_chart(ledger, match_id)
    assert chart.thinned
    assert chart.deals == 8
    assert chart.points[0].deal == 0
    assert chart.points[-1].deal == 8
    assert len(chart.points) <= 6
    assert chart.totals == chart.points[-1].totals


def test_a_players_chart_has_their_finished_matches_oldest_first(
    ledger: Ledger, play_deal: Any
) -> None:
    rng = random.Random(2)
    ids = []
    for seats in (["Ann", "Bob"], ["Cid", "Ann"]):
        match_id = ledger.start_match("german", seats, options={"match_format": "single_deal"})
        while not ledger.resume_point(match_id).finished:
            play_deal(ledger, match_id, rng)
        ids.append(match_id)
    ledger.start_match("german", ["Ann", "Bob"])  # open: not a result yet
    chart = charts.player_chart(ledger, "Ann")
    assert [r.match_id for r in chart.results] == ids
    for result, party in zip(chart.results, (0, 1), strict=True):
        summary = ledger.get_match(result.match_id)
        assert result.points == summary["totals"][party]
        assert result.won == (summary["winner"] == party if summary["winner"] is not None else None)
    assert chart.variants() == ("german",)
    assert charts.player_chart(ledger, "Nobody").results == ()


def test_israeli_bid_accuracy_counts_each_contract_size(ledger: Ledger) -> None:
    match_id = ledger.start_match("israeli", PLAYERS)
    # Deal 1: N makes 5, E makes 3, S makes 2, W contracts 1 and takes 3.
    ledger.record_real_deal(match_id, _israeli([5, 3, 2, 1], [5, 3, 2, 3]))
    # Deal 2: N misses 5 (takes 4), E contracts 3 and takes 4, S makes 2, W makes 3.
    ledger.record_real_deal(match_id, _israeli([5, 3, 2, 1], [4, 4, 2, 3]))
    (chart,) = charts.breakdown_charts(ledger, "israeli")
    assert chart.breakdown.name == "contracts_by_size"
    rows = {r.key: (r.value, r.out_of) for r in chart.rows}
    assert [r.key for r in chart.rows] == [str(n) for n in range(14)]
    assert rows["5"] == (1, 2)
    assert rows["3"] == (1, 2)
    assert rows["2"] == (2, 2)
    assert rows["1"] == (0, 2)
    assert rows["0"] == (0, 0)
    assert chart.deals == 2
    assert chart.is_rate
    # One player's own contracts only; a void deal no longer counts.
    (ann,) = charts.breakdown_charts(ledger, "israeli", player="Ann")
    assert {r.key: (r.value, r.out_of) for r in ann.rows if r.out_of} == {"5": (1, 2)}
    ledger.void_deal(match_id, 2, "entered twice")
    (after,) = charts.breakdown_charts(ledger, "israeli")
    assert {r.key: (r.value, r.out_of) for r in after.rows if r.out_of} == {
        "5": (1, 1),
        "3": (1, 1),
        "2": (1, 1),
        "1": (0, 1),
    }


def test_a_variant_that_declares_no_breakdown_has_no_such_chart(ledger: Ledger) -> None:
    assert charts.breakdown_charts(ledger, "english") == ()
    assert charts.breakdown_charts(ledger, "not-installed") == ()


def _score(parties: int = 2) -> DealScore:
    return DealScore(
        parties=tuple("AB"[:parties]),
        lines=(ScoreLine(0, "tricks", 1, "1 trick"),),
        winner=0,
        tricks=(1, 0),
    )


def test_a_breakdown_declaration_is_checked_when_built() -> None:
    def nothing(score: DealScore) -> list[tuple[str, Tally] | None]:
        return [None] * len(score.parties)

    with pytest.raises(ValueError, match="lower-case"):
        Breakdown("By Size", "x", ("1",), nothing)
    with pytest.raises(ValueError, match="declare its keys"):
        Breakdown("by_size", "x", (), nothing)
    with pytest.raises(ValueError, match="twice"):
        Breakdown("by_size", "x", ("1", "1"), nothing)
    with pytest.raises(ValueError, match="label for every key"):
        Breakdown("by_size", "x", ("1", "2"), nothing, key_labels=("one",))
    good = Breakdown("by_size", "x", ("1",), nothing)
    same_name = Statistic("by_size", "x", per_deal=lambda s: [None] * len(s.parties))
    with pytest.raises(ValueError, match="declared twice"):
        check_declarations([same_name], [], None, [good])
    with pytest.raises(ValueError, match="declared twice"):
        check_declarations([], [], None, [good, good])


def test_a_breakdown_that_breaks_its_contract_is_a_plugin_error() -> None:
    short = Breakdown("short", "x", ("1",), lambda score: [None])
    with pytest.raises(PluginContractError, match="1 items for 2 parties"):
        short.of_deal(_score())
    stray = Breakdown("stray", "x", ("1",), lambda score: [("9", Tally(1, 1)), None])
    with pytest.raises(PluginContractError, match="key '9'"):
        stray.of_deal(_score())
