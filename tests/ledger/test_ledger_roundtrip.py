"""Round trips through the ledger service: played matches, the sheet, standings,
corrections, exports, and nothing recorded twice."""

from __future__ import annotations

import csv
import io
import json
import random
from typing import Any

import pytest
from openwhist import SeatCountError
from openwhist.ledger.errors import (
    LedgerConflictError,
    LedgerError,
    LedgerNotFoundError,
    LedgerStateError,
)
from openwhist.records import replay_record
from openwhist.services.ledger import Ledger


@pytest.fixture
def ledger(ledger_url: str, catalog: Any) -> Any:
    with Ledger(ledger_url, catalog=catalog) as opened:
        yield opened


def test_a_played_match_round_trips_and_its_record_replays(
    ledger: Ledger, catalog: Any, play_deal: Any
) -> None:
    match_id = ledger.start_match(
        "german", ["Ann", "Bob"], options={"match_format": "best_of_3"}, seed=11, label="club"
    )
    rng = random.Random(11)
    scores = []
    while not ledger.resume_point(match_id).finished:
        scores.append(play_deal(ledger, match_id, rng)[0])
    data = ledger.get_match(match_id)
    # Best of three (docs/variants/german.md §1.9): the winner took two deals, tied deals count for
    # nobody.
    winner = data["winner"]
    assert data["status"] == "finished"
    assert sum(1 for s in scores if s.winner == winner) == 2
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob"]
    assert data["variant_distribution"] == "openwhist-german"
    assert data["options"]["match_format"] == "best_of_3"
    assert data["seed"] == 11
    assert data["label"] == "club"
    # Every deal's record holds its 53 actions (the deal, then 52 cards) and its score.
    for deal, score in zip(data["deal_records"], scores, strict=True):
        assert len(deal["record"]["actions"]) == 53
        assert deal["record"]["score"]["lines"] == [line.as_dict() for line in score.lines]
        assert deal["tricks"] == list(score.tricks)
    # The stored record is an openwhist.record/1 document that replays to the same results.
    replay = replay_record(ledger.game_record(match_id), catalog)
    assert replay.progress.finished
    assert replay.progress.winner == winner


def test_sheet_and_standings_are_sums_of_the_entries(ledger: Ledger, play_deal: Any) -> None:
    rng = random.Random(5)
    first = ledger.start_match("german", ["Ann", "Bob"], options={"match_format": "best_of_3"})
    second = ledger.start_match("german", ["Cid", "Ann"], options={"match_format": "single_deal"})
    expected: dict[str, int] = {"Ann": 0, "Bob": 0, "Cid": 0}
    seats = {first: ["Ann", "Bob"], second: ["Cid", "Ann"]}
    for match_id in (first, second):
        while not ledger.resume_point(match_id).finished:
            score, _ = play_deal(ledger, match_id, rng)
            for party, name in enumerate(seats[match_id]):
                expected[name] += score.points(party)
    sheet = ledger.score_sheet(first)
    running = [0, 0]
    for deal in sheet["deals"]:
        points = [sum(ln["points"] for ln in deal["lines"] if ln["party"] == p) for p in (0, 1)]
        running = [running[0] + points[0], running[1] + points[1]]
        assert deal["points"] == points
        assert deal["totals"] == running
    assert sheet["totals"] == running
    rows = {row["name"]: row for row in ledger.standings(variant="german")}
    assert {name: row["points"] for name, row in rows.items()} == expected
    assert rows["Ann"]["matches"] == 2
    assert rows["Bob"]["matches"] == 1
    assert ledger.standings(variant="english") == []


def test_a_correction_is_a_compensating_entry(ledger: Ledger, play_deal: Any) -> None:
    match_id = ledger.start_match(
        "german", ["Ann", "Bob"], options={"match_format": "target_points", "target_points": 500}
    )
    play_deal(ledger, match_id, random.Random(2))
    before = ledger.score_sheet(match_id)
    line = before["deals"][0]["lines"][0]
    party = line["party"]
    fix = ledger.correct(line["id"], line["points"] + 3, "miscounted at the table")
    assert fix["points"] == 3
    assert fix["corrects"] == line["id"]
    after = ledger.score_sheet(match_id)
    lines = after["deals"][0]["lines"]
    # The original line is untouched; the correction follows it in the same deal.
    assert lines[: len(before["deals"][0]["lines"])] == before["deals"][0]["lines"]
    assert lines[-1]["corrects"] == line["id"]
    assert "miscounted" in lines[-1]["note"]
    assert after["totals"][party] == before["totals"][party] + 3
    # Correcting again is relative to the corrected value, not the original one.
    assert ledger.correct(line["id"], line["points"], "back to the original")["points"] == -3
    assert ledger.score_sheet(match_id)["totals"] == before["totals"]
    with pytest.raises(LedgerStateError, match="is a correction"):
        ledger.correct(fix["id"], 0, "no")
    with pytest.raises(LedgerError, match="note"):
        ledger.correct(line["id"], 99, "  ")
    with pytest.raises(LedgerNotFoundError):
        ledger.correct(10_000, 1, "nothing there")
    csv_rows = list(csv.DictReader(io.StringIO(ledger.export(match_id, format="csv"))))
    assert (
        sum(int(r["points"]) for r in csv_rows if r["party"] == str(party))
        == (before["totals"][party])
    )


def test_actions_are_never_logged_twice(ledger: Ledger) -> None:
    match_id = ledger.start_match("german", ["Ann", "Bob"])
    resumed = ledger.resume(match_id)
    engine, state = resumed.engine, resumed.state
    assert state is not None
    rng = random.Random(1)
    deal = engine.sample_chance(state, rng)
    state = engine.apply(state, deal)
    assert ledger.record_action(match_id, 1, deal.notation()) is True
    assert ledger.record_action(match_id, 1, deal.notation()) is False  # a retry: no-op
    with pytest.raises(LedgerConflictError, match="already"):
        ledger.record_action(match_id, 1, "deal " + " ".join(["AS"] * 52))
    with pytest.raises(LedgerStateError, match="next is action 2"):
        ledger.record_action(match_id, 3, "AS")
    card = engine.legal_actions(state)[0]
    assert ledger.record_action(match_id, 2, card.notation())
    point = ledger.resume_point(match_id)
    assert point.actions == (deal.notation(), card.notation())
    assert point.deal_number == 1
    assert point.dealer == 0
    resumed_state = ledger.resume(match_id).state
    assert resumed_state == engine.apply(state, card)


def test_completing_a_deal_twice_records_it_once(ledger: Ledger, play_deal: Any) -> None:
    match_id = ledger.start_match(
        "german", ["Ann", "Bob"], options={"match_format": "target_points", "target_points": 500}
    )
    score, progress = play_deal(ledger, match_id, random.Random(3))
    ledger.complete_deal(match_id, score, progress)  # the retry of a crashed caller
    sheet = ledger.score_sheet(match_id)
    assert len(sheet["deals"]) == 1
    assert sheet["totals"] == [score.points(0), score.points(1)]


def test_closed_matches_take_nothing_more(ledger: Ledger) -> None:
    match_id = ledger.start_match("german", ["Ann", "Bob"])
    summary = ledger.finish_match(match_id, abandoned=True)
    assert summary["status"] == "abandoned"
    with pytest.raises(LedgerStateError, match="abandoned"):
        ledger.record_action(match_id, 1, "x")
    with pytest.raises(LedgerStateError):
        ledger.finish_match(match_id)
    assert ledger.list_matches(open_only=True) == []
    assert [m["id"] for m in ledger.list_matches(player="Ann")] == [match_id]
    assert ledger.list_matches(player="Nobody") == []


def test_bad_match_requests_are_refused_clearly(ledger: Ledger) -> None:
    # A count the variant does not seat is a usage error (`SeatCountError`, exit code 2).
    with pytest.raises(SeatCountError, match="german is played by 2 players, not 3"):
        ledger.start_match("german", ["Ann", "Bob", "Cid"])
    with pytest.raises(LedgerError, match="different player"):
        ledger.start_match("german", ["Ann", "Ann"])
    ledger.start_match("german", [("Robo", "bot:random"), "Ann"])
    with pytest.raises(LedgerConflictError, match="bot:random"):
        ledger.start_match("german", ["Robo", "Bob"])
    with pytest.raises(LedgerNotFoundError, match="no match 999"):
        ledger.score_sheet(999)


def test_json_export_holds_matches_deals_and_entries(ledger: Ledger, play_deal: Any) -> None:
    match_id = ledger.start_match("german", ["Ann", "Bob"])
    score, _ = play_deal(ledger, match_id, random.Random(9))
    document = json.loads(ledger.export(format="json"))
    assert document["format"] == "openwhist.ledger-export/1"
    (match,) = document["matches"]
    assert match["id"] == match_id
    assert len(match["deal_records"]) == 1
    assert [e["points"] for e in match["entries"]] == [line.points for line in score.lines]
