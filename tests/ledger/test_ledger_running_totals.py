"""The sums the ledger keeps beside its entries -- ``party_totals`` (what standings and a
sheet's totals read), ``party_statistics`` (each category's points and count, what the
variants' declared statistics read) and each deal's ``running`` totals (what a page's
carried totals start from) -- always agree with the entries summed afresh: after played and
recorded deals, corrections (one entry corrected twice), a void deal, adjustments and a
deal in progress, in German, English (game and rubber points) and Israeli Whist
(contracts made), on every backend; and migrations 0003 and 0004 compute the same sums
for a ledger written before them, whose standings are the ones the old schema gave."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from openwhist.ledger import db
from openwhist.services.ledger import Ledger

# What the standings query summed from the entries and deals on every call before the
# sums were kept: the reference the kept sums must reproduce.
RESUMMED_STANDINGS = """
WITH pts AS (
    SELECT match_id, party, SUM(points) AS points,
           SUM(CASE WHEN category IN ('contract', 'zero_bid') AND points > 0
                     AND corrects_id IS NULL
                    THEN 1 ELSE 0 END) AS contracts,
           SUM(CASE WHEN category IN ('game', 'rubber') THEN points ELSE 0 END) AS game_points
    FROM score_entries GROUP BY match_id, party
), dl AS (
    SELECT match_id, COUNT(*) AS deals FROM deals WHERE status = 'complete' GROUP BY match_id
), dw AS (
    SELECT match_id, winner, COUNT(*) AS won FROM deals
    WHERE status = 'complete' AND winner IS NOT NULL GROUP BY match_id, winner
)
SELECT m.variant AS variant, p.name AS name, p.kind AS kind,
       COUNT(*) AS matches,
       SUM(CASE WHEN m.status = 'finished' THEN 1 ELSE 0 END) AS finished,
       SUM(CASE WHEN m.status = 'finished' AND m.winner = s.party THEN 1 ELSE 0 END) AS wins,
       COALESCE(SUM(dl.deals), 0) AS deals,
       COALESCE(SUM(dw.won), 0) AS deals_won,
       COALESCE(SUM(pts.points), 0) AS points,
       COALESCE(SUM(pts.contracts), 0) AS contracts_made,
       COALESCE(SUM(pts.game_points), 0) AS game_points
FROM seats s
JOIN players p ON p.id = s.player_id
JOIN matches m ON m.id = s.match_id
LEFT JOIN pts ON pts.match_id = s.match_id AND pts.party = s.party
LEFT JOIN dl ON dl.match_id = s.match_id
LEFT JOIN dw ON dw.match_id = s.match_id AND dw.winner = s.party
GROUP BY m.variant, p.id, p.name, p.kind
ORDER BY m.variant, points DESC, p.name
"""


def _rows(url: str, sql: str) -> list[Any]:
    engine = db.make_engine(url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.text(sql)).all())
    finally:
        engine.dispose()


def kept(url: str) -> dict[str, Any]:
    """The stored sums: party_totals rows, the category sums and counts of
    party_statistics (as game points and contracts made) and every deal's running column."""
    totals: dict[tuple[int, int], list[int]] = {
        (r.match_id, r.party): [r.points, 0, 0, r.deals, r.deals_won]
        for r in _rows(url, "SELECT * FROM party_totals")
    }
    for r in _rows(url, "SELECT * FROM party_statistics"):
        row = totals.setdefault((r.match_id, r.party), [0, 0, 0, 0, 0])
        if r.name in ("points:game", "points:rubber"):
            row[1] += r.value
        if r.name in ("made:contract", "made:zero_bid"):
            row[2] += r.value
    running = {
        r.id: json.loads(r.running) if isinstance(r.running, str) else r.running
        for r in _rows(url, "SELECT id, running FROM deals WHERE status = 'complete'")
    }
    return {"totals": {k: tuple(v) for k, v in totals.items()}, "running": running}


def resummed(url: str) -> dict[str, Any]:
    """The same sums computed afresh from the entries and deals."""
    parties: dict[int, set[int]] = defaultdict(set)
    for r in _rows(url, "SELECT DISTINCT match_id, party FROM seats"):
        parties[r.match_id].add(r.party)
    sums: dict[tuple[int, int], list[int]] = {
        (m, p): [0, 0, 0, 0, 0] for m, ps in parties.items() for p in ps
    }
    entries = _rows(
        url,
        "SELECT e.match_id, e.deal_id, e.party, e.category, e.points, e.corrects_id "
        "FROM score_entries e ORDER BY e.id",
    )
    own: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for e in entries:
        row = sums.setdefault((e.match_id, e.party), [0, 0, 0, 0, 0])
        row[0] += e.points
        if e.category in ("game", "rubber"):
            row[1] += e.points
        if e.category in ("contract", "zero_bid") and e.points > 0 and e.corrects_id is None:
            row[2] += 1
        if e.deal_id is not None and e.corrects_id is None:
            own[e.deal_id][e.party] += e.points
    deals = _rows(
        url,
        "SELECT id, match_id, number, winner FROM deals WHERE status = 'complete' "
        "ORDER BY match_id, number",
    )
    running: dict[int, list[int]] = {}
    widths = {m: max(ps) + 1 for m, ps in parties.items()}
    so_far: dict[int, list[int]] = {}
    for d in deals:
        current = so_far.setdefault(d.match_id, [0] * widths[d.match_id])
        for party, points in own[d.id].items():
            current[party] += points
        running[d.id] = list(current)
        for (m, p), row in sums.items():
            if m == d.match_id:
                row[3] += 1
                row[4] += int(d.winner == p)
    return {"totals": {k: tuple(v) for k, v in sums.items()}, "running": running}


def assert_agree(url: str, ledger: Ledger) -> None:
    """The kept sums are the entries' sums, and standings are what re-summing gave."""
    assert kept(url) == resummed(url)
    reference = [
        {
            "variant": r.variant,
            "name": r.name,
            "kind": r.kind,
            "matches": int(r.matches),
            "finished": int(r.finished),
            "wins": int(r.wins),
            "deals": int(r.deals),
            "deals_won": int(r.deals_won),
            "points": int(r.points),
            "statistics": DECLARED[r.variant](r),
        }
        for r in _rows(url, RESUMMED_STANDINGS)
    ]
    assert ledger.standings() == reference


# What each built-in variant's declared statistics are, from the old query's columns.
DECLARED = {
    "german": lambda r: {},
    "english": lambda r: {"game_points": int(r.game_points)},
    "israeli": lambda r: {"contracts_made": int(r.contracts_made)},
}


def build(ledger: Ledger, play_deal: Any, url: str, check: bool) -> dict[str, int]:
    """German (recorded deals), English and Israeli (played) matches with corrections,
    adjustments and a deal in progress; checks the sums after every step if ``check``."""
    rng = random.Random(11)
    german = ledger.start_match(
        "german", ["Ann", "Bob"], options={"match_format": "target_points", "target_points": 900}
    )
    for won in (8, 3, 13, 0, 6, 7):
        ledger.record_real_deal(german, {"phase1_tricks": [7, 6], "phase2_tricks": [won, 13 - won]})
    if check:
        assert_agree(url, ledger)
    english = ledger.start_match("english", ["N", "E", "S", "W"], options={})
    israeli = ledger.start_match("israeli", ["Ann", "Cy", "Di", "Ed"], options={})
    for match, deals in ((english, 12), (israeli, 4)):
        for _ in range(deals):  # a finished rubber ends the English match early
            if ledger.resume(match).state is None:
                break
            play_deal(ledger, match, rng)
    if check:
        assert_agree(url, ledger)
    sheet = ledger.score_sheet(german)
    line = sheet["deals"][1]["lines"][0]
    ledger.correct(line["id"], line["points"] + 5, "miscounted")
    ledger.correct(line["id"], line["points"] - 2, "recounted")  # the same entry twice
    isheet = ledger.score_sheet(israeli)
    contract = next(
        (x for d in isheet["deals"] for x in d["lines"] if x["category"] == "contract"), None
    )
    if contract is not None:
        ledger.correct(contract["id"], 0, "the contract was misheard")
    esheet = ledger.score_sheet(english)
    game = next((x for d in esheet["deals"] for x in d["lines"] if x["category"] == "game"), None)
    if game is not None:
        ledger.correct(game["id"], game["points"] + 1, "scorer's slip")
    if check:
        assert_agree(url, ledger)
    ledger.void_deal(german, 4, "misdealt: 14 cards to Ann")  # compensations and a marker
    if check:
        assert_agree(url, ledger)
    ledger.adjust(german, 1, -10, note="late arrival")
    ledger.adjust(english, 0, 30, category="game", note="agreed at the table")
    ledger.adjust(israeli, 2, 4, category="contract", note="agreed")
    if check:
        assert_agree(url, ledger)
    # More deals after the corrections: their running totals start from the stored ones.
    for won in (2, 11):
        ledger.record_real_deal(german, {"phase1_tricks": [7, 6], "phase2_tricks": [won, 13 - won]})
    resumed = ledger.resume(german)  # a deal in progress: its cards dealt, nothing scored
    assert resumed.state is not None
    ledger.record_action(german, 1, resumed.engine.sample_chance(resumed.state, rng).notation())
    if check:
        assert_agree(url, ledger)
    return {"german": german, "english": english, "israeli": israeli}


def test_kept_sums_agree_with_the_entries_after_every_change(
    ledger_url: str, catalog: Any, play_deal: Any
) -> None:
    with Ledger(ledger_url, catalog=catalog) as ledger:
        matches = build(ledger, play_deal, ledger_url, check=True)
        sums = kept(ledger_url)["totals"]
        # The numbers a secretary sees, not only their agreement: the German match's
        # totals row holds both corrections and the adjustment.
        sheet = ledger.score_sheet(matches["german"])
        expected = [0, 0]
        for deal in sheet["deals"]:
            for line in deal["lines"]:
                expected[line["party"]] += line["points"]
        expected[1] -= 10
        assert sheet["totals"] == expected
        assert [sums[(matches["german"], p)][0] for p in (0, 1)] == expected
        assert sums[(matches["german"], 0)][3] == 8  # eight completed deals, not the ninth


def _downgrade_to_0001(url: str) -> None:
    """Turn a ledger into what the release before 0003 wrote (Alembic's downgrade)."""
    engine = db.make_engine(url)
    try:
        config = db.alembic_config(engine.url)
        with db.writer(engine).begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0001")
    finally:
        engine.dispose()


def test_migration_0003_computes_the_sums_of_an_older_ledger(
    ledger_url: str, catalog: Any, play_deal: Any
) -> None:
    with Ledger(ledger_url, catalog=catalog) as ledger:
        matches = build(ledger, play_deal, ledger_url, check=False)
        before = kept(ledger_url)
        sheets = {
            (m, first): ledger.score_sheet(m, first=first)
            for m in matches.values()
            for first in (None, 2, 3, 5, 8)
        }
        standings = ledger.standings()
    _downgrade_to_0001(ledger_url)
    assert db.current(ledger_url)["revision"] == "0001"
    tables = {r[0] for r in _rows(ledger_url, "SELECT version_num FROM alembic_version")}
    assert tables == {"0001"}
    with Ledger(ledger_url, catalog=catalog) as ledger:  # upgrades on open
        assert db.current(ledger_url)["revision"] == db.head_revision()
        assert kept(ledger_url) == before == resummed(ledger_url)
        for (m, first), sheet in sheets.items():
            assert ledger.score_sheet(m, first=first) == sheet
        assert ledger.standings() == standings
        # And the ledger goes on keeping them from there.
        ledger.undo_actions(matches["german"], 0)  # the deal in progress, taken back
        ledger.record_real_deal(
            matches["german"], {"phase1_tricks": [7, 6], "phase2_tricks": [5, 8]}
        )
        assert_agree(ledger_url, ledger)


@pytest.mark.parametrize("first", [2, 5, 9, 10, 50])
def test_a_page_carries_the_corrections_of_the_deals_before_it(
    ledger_url: str, catalog: Any, play_deal: Any, first: int
) -> None:
    """The carried totals are the stored running totals plus the later corrections of the
    deals before the page: the same as the whole sheet's running totals there."""
    with Ledger(ledger_url, catalog=catalog) as ledger:
        matches = build(ledger, play_deal, ledger_url, check=False)
        whole = ledger.score_sheet(matches["german"])
        page = ledger.score_sheet(matches["german"], first=first)
        done = [d for d in whole["deals"] if d["number"] < first and d["status"] == "complete"]
        assert page["carried"] == done[-1]["totals"]
        assert page["totals"] == whole["totals"]
        assert page["deals"] == [d for d in whole["deals"] if d["number"] >= first]
        assert page["page"]["deals"] == whole["page"]["deals"] == 9


def test_the_check_finds_kept_sums_that_disagree_with_the_entries(
    ledger_url: str, catalog: Any, play_deal: Any
) -> None:
    """`repository.kept_sums_problems` (for a ledger check) finds nothing on a ledger the
    ledger wrote, and names the match, party or deal of every sum changed behind its back."""
    from openwhist.ledger import repository as repo
    from sqlmodel import Session

    with Ledger(ledger_url, catalog=catalog) as ledger:
        matches = build(ledger, play_deal, ledger_url, check=False)
    engine = db.make_engine(ledger_url)
    try:
        with Session(engine) as session:
            assert repo.kept_sums_problems(session=session) == []
        german = matches["german"]
        with engine.begin() as conn:
            conn.execute(
                sa.text(
                    "UPDATE party_totals SET points = points + 1 WHERE match_id = :m AND party = 1"
                ),
                {"m": german},
            )
            conn.execute(
                sa.text("UPDATE deals SET running = '[0, 0]' WHERE match_id = :m AND number = 4"),
                {"m": german},
            )
        with Session(engine) as session:
            problems = repo.kept_sums_problems(session=session)
            assert len(problems) == 2, problems
            assert problems[0].startswith(f"match {german}, party 1: party_totals points ")
            assert problems[1].startswith(f"match {german}, deal 4: running totals [0, 0]")
            assert repo.kept_sums_problems(session=session, match_id=matches["english"]) == []
    finally:
        engine.dispose()


def _downgrade_to(url: str, revision: str) -> None:
    engine = db.make_engine(url)
    try:
        config = db.alembic_config(engine.url)
        with db.writer(engine).begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, revision)
    finally:
        engine.dispose()


def test_a_ledger_of_the_0003_schema_upgrades_and_reports_the_same_standings(
    ledger_url: str, catalog: Any, play_deal: Any
) -> None:
    """Migration 0004 (issue 12): a ledger whose ``party_totals`` kept ``game_points`` and
    ``contracts_made`` upgrades to ``party_statistics``, and its standings -- the English
    game points, the Israeli contracts made -- are the ones the old columns gave."""
    with Ledger(ledger_url, catalog=catalog) as ledger:
        build(ledger, play_deal, ledger_url, check=False)
        standings = ledger.standings()
    _downgrade_to(ledger_url, "0003_running_totals")
    assert db.current(ledger_url)["revision"] == "0003_running_totals"
    # The old schema's columns, as the release before 0004 kept them: the old query's sums.
    old = {
        (r.variant, r.name): (int(r.game_points), int(r.contracts_made))
        for r in _rows(ledger_url, RESUMMED_STANDINGS)
    }
    columns = _rows(
        ledger_url,
        "SELECT m.variant, p.name, SUM(t.game_points) AS g, SUM(t.contracts_made) AS c "
        "FROM seats s JOIN players p ON p.id = s.player_id JOIN matches m ON m.id = s.match_id "
        "JOIN party_totals t ON t.match_id = s.match_id AND t.party = s.party "
        "GROUP BY m.variant, p.name",
    )
    assert {(r[0], r[1]): (int(r[2]), int(r[3])) for r in columns} == old
    assert any(g for g, _ in old.values())  # the case has game points ...
    assert any(c for _, c in old.values())  # ... and contracts made to move
    with Ledger(ledger_url, catalog=catalog) as ledger:  # upgrades on open
        assert db.current(ledger_url)["revision"] == db.head_revision()
        assert ledger.standings() == standings
        for row in standings:
            game, made = old[(row["variant"], row["name"])]
            expected = {"german": {}, "english": {"game_points": game}}
            assert row["statistics"] == expected.get(row["variant"], {"contracts_made": made})
        assert ledger.statistics_problems() == []
        assert_agree(ledger_url, ledger)
