"""The ledger at the command line: ``whist record``, ``scores``, ``standings``, ``matches``,
``export``, ``correct``, ``ledger current|upgrade``, and ``whist play`` recording.

The Israeli evening is entered deal by deal through ``whist record`` (flags and the
interactive prompts, mistakes included), and its standings are checked against a hand
calculation from docs/variants/israeli.md §4.7: a made contract b scores b² + 10, a missed one −10
per trick of difference, a made zero +50 in an under deal (contracts total < 13) and +25 in an
over deal, a missed zero −50 for one trick; §4.8: a revoke is fined 100.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from openwhist.plugins import Catalog, load_catalog
from openwhist.services.ledger import Ledger
from openwhist_cli.app import app
from typer.testing import CliRunner


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def whist(runner: CliRunner, db: Path, *args: str, input: str | None = None) -> Any:
    return runner.invoke(
        app,
        list(args),
        input=input,
        env={"OPENWHIST_DB": str(db), "NO_COLOR": "1", "OPENWHIST_LANG": "en"},
    )


def _made(b: int) -> int:  # §4.7 quick table: 1→11, 2→14, 3→19, 4→26, 5→35, ...
    return b * b + 10


# The evening: (facts on the command line, points by hand per seat N, E, S, W).
EVENING = [
    # Deal 1: N declares 5♠; contracts 5 4 3 0 = 12 (under); tricks 5 4 4 0.
    (
        ["declarer=N", "bid=5S", "contracts=5,4,3,0", "tricks=5,4,4,0"],
        [_made(5), _made(4), -10, 50],
    ),
    # Deal 2: E declares 6♥; contracts 2 6 0 7 = 15 (over); tricks 2 5 1 5.
    (
        ["declarer=E", "bid=6H", "contracts=2,6,0,7", "tricks=2,5,1,5"],
        [_made(2), -10, -50, -20],
    ),
    # Deal 4 (deal 3 is entered interactively below): W declares 5♣; contracts 0 4 4 6 =
    # 14 (over); tricks 0 4 3 6: N's zero made in an over deal scores 25.
    (
        ["declarer=W", "bid=5C", "contracts=0,4,4,6", "tricks=0,4,3,6"],
        [25, _made(4), -10, _made(6)],
    ),
]
# Deal 3, typed at the prompts: S declares 5NT; contracts 3 3 5 1 = 12 (under); tricks
# 3 2 5 3; W revoked once.
DEAL3_INPUT = "S\n5NT\n3,3,5,1\n3,2,5,4\n0,0,0,1\n\n\n\ntricks=3,2,5,3\n"
DEAL3_POINTS = [_made(3), -10, _made(5), -20 - 100]


def test_a_real_card_israeli_evening_and_its_standings(runner: CliRunner, tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    started = whist(
        runner, db, "record", "start", "israeli", "-p", "Noa", "-p", "Eli", "-p", "Sara",
        "-p", "Wim", "--label", "Tuesday club", "--json",
    )  # fmt: skip
    assert started.exit_code == 0, started.output
    match = json.loads(started.stdout)["id"]

    # Mistakes are refused with the reason, exit 2, and nothing is recorded.
    bad = whist(runner, db, "record", "deal", str(match), "declarer=N", "bid=5S",
                "contracts=5,4,3,0", "tricks=5,4,4,1")  # fmt: skip
    assert bad.exit_code == 2
    assert "tricks must total 13, not 14" in bad.stderr
    forbidden = whist(runner, db, "record", "deal", str(match), "declarer=N", "bid=5S",
                      "contracts=5,4,4,0", "tricks=5,4,4,0")  # fmt: skip
    assert forbidden.exit_code == 2
    assert "may not total exactly 13" in forbidden.stderr
    short = whist(runner, db, "record", "deal", str(match), "declarer=N", "bid=5S",
                  "contracts=4,4,3,0", "tricks=5,4,4,0")  # fmt: skip
    assert short.exit_code == 2
    assert "must contract at least 5" in short.stderr
    unknown = whist(runner, db, "record", "deal", str(match), "trumps=S")
    assert unknown.exit_code == 2
    assert "'trumps' is not a fact" in unknown.stderr

    expected = [0, 0, 0, 0]
    made = [0, 0, 0, 0]
    for number, (facts, points) in enumerate(EVENING[:2], start=1):
        done = whist(runner, db, "record", "deal", str(match), *facts, "--json")
        assert done.exit_code == 0, done.output
        data = json.loads(done.stdout)
        assert data["deal"] == number
        by_seat = [0, 0, 0, 0]
        for line in data["score"]["lines"]:
            by_seat[line["party"]] += line["points"]
        assert by_seat == points
        expected = [e + p for e, p in zip(expected, points, strict=True)]
    # Deal 3 at the prompts: the first tricks (3 2 4 5) total 14; the keeper fixes them.
    asked = whist(runner, db, "record", "deal", str(match), input=DEAL3_INPUT)
    assert asked.exit_code == 0, asked.output
    assert "tricks must total 13, not 14" in asked.stdout
    assert "match 1, deal 3:" in asked.stdout
    expected = [e + p for e, p in zip(expected, DEAL3_POINTS, strict=True)]
    facts, points = EVENING[2]
    assert whist(runner, db, "record", "deal", str(match), *facts).exit_code == 0
    expected = [e + p for e, p in zip(expected, points, strict=True)]
    # Contracts made (zeros included): N 5, 2, 3, zero; E 4, 4; S 5; W zero, 6.
    made = [4, 2, 1, 2]

    result = whist(runner, db, "standings", "--variant", "israeli", "--json")
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    for seat, name in enumerate(["Noa", "Eli", "Sara", "Wim"]):
        assert rows[name]["points"] == expected[seat], name
        assert rows[name]["deals"] == 4
        assert rows[name]["statistics"] == {"contracts_made": made[seat]}, name
    assert expected == [
        35 + 14 + 19 + 25,
        26 - 10 - 10 + 26,
        -10 - 50 + 35 - 10,
        50 - 20 - 120 + 46,
    ]

    # The sheet: a column per player, contract/tricks and points per deal, running totals.
    sheet = whist(runner, db, "scores", str(match))
    assert sheet.exit_code == 0, sheet.output
    assert "N Noa" in sheet.stdout
    assert "W Wim" in sheet.stdout
    assert "5/5 +35" in sheet.stdout  # Noa's contract 5 made in deal 1
    assert "S 5NT (under 12)" in sheet.stdout
    total_line = next(line for line in sheet.stdout.splitlines() if "TOTAL" in line)
    assert total_line.split()[-4:] == [str(t) for t in expected]

    # A correction is a compensating entry: the sheet and the standings follow it.
    lines = json.loads(whist(runner, db, "scores", str(match), "--json").stdout)
    revoke = next(
        line for deal in lines["deals"] for line in deal["lines"] if line["category"] == "penalty"
    )
    fixed = whist(runner, db, "correct", str(revoke["id"]), "0", "--note", "no revoke after all")
    assert fixed.exit_code == 0, fixed.output
    assert "+100" in fixed.stdout
    rows = {r["name"]: r for r in json.loads(whist(runner, db, "standings", "--json").stdout)}
    assert rows["Wim"]["points"] == expected[3] + 100
    no_note = whist(runner, db, "correct", str(revoke["id"]), "5", "--note", " ")
    assert no_note.exit_code == 1
    assert "needs a note" in no_note.stderr

    # Export: one CSV row per entry (the correction included), summing to the standings.
    exported = whist(runner, db, "export", str(match), "--format", "csv")
    assert exported.exit_code == 0, exported.output
    table = list(csv.DictReader(io.StringIO(exported.stdout)))
    assert len(table) == 4 * 4 + 1 + 1  # four lines a deal, the revoke, its correction
    per_player: dict[str, int] = {}
    for row in table:
        per_player[row["players"]] = per_player.get(row["players"], 0) + int(row["points"])
    assert per_player == {name: rows[name]["points"] for name in rows}
    dumped = json.loads(whist(runner, db, "export", "--all", "--format", "json").stdout)
    assert dumped["format"] == "openwhist.ledger-export/1"
    assert [m["id"] for m in dumped["matches"]] == [match]

    listed = whist(runner, db, "matches", "--player", "Noa", "--open")
    assert listed.exit_code == 0
    assert "israeli" in listed.stdout
    assert json.loads(whist(runner, db, "matches", "--player", "Nobody", "--json").stdout) == []


def test_english_facts_from_the_command_line_with_a_revoke(
    runner: CliRunner, tmp_path: Path
) -> None:
    """English real-card facts: tricks per side, honours, a revoke with its penalty; the
    revoking side scores nothing for tricks this deal (§2.8: deduct takes 3 points)."""
    db = tmp_path / "l.sqlite3"
    started = whist(runner, db, "record", "start", "english", "-p", "Ann", "-p", "Ben",
                    "-p", "Cat", "-p", "Dan", "--json")  # fmt: skip
    match = json.loads(started.stdout)["id"]
    # NS 9 tricks (3 points), EW hold 3 honours (2 points).
    done = whist(runner, db, "record", "deal", str(match), "tricks=9,4", "honours=1,3", "--json")
    assert done.exit_code == 0, done.output
    score = json.loads(done.stdout)["score"]
    assert [(x["party"], x["category"], x["points"]) for x in score["lines"]] == [
        (0, "tricks", 3),
        (1, "honours", 2),
    ]
    # Second deal: NS revoked, EW choose to add 3 to their own score: 2 + 3 = 5, game.
    done = whist(runner, db, "record", "deal", str(match), "tricks=7,6",
                 "revokes=NS:add", "--json")  # fmt: skip
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    awards = data["progress"]["awards"]
    assert [(a["party"], a["category"]) for a in awards] == [(1, "game")]
    # The game line is a score entry of that deal (and on the We/They sheet).
    text = whist(runner, db, "scores", str(match)).stdout
    assert "We (NS): Ann & Cat" in text
    assert "They (EW): Ben & Dan" in text
    assert "GAME: Ben & Dan win game 1" in text  # the side named by its players
    bad = whist(runner, db, "record", "deal", str(match), "tricks=7,7")
    assert bad.exit_code == 2
    assert "summing to 13" in bad.stderr


def test_whist_play_records_the_match_and_no_ledger_records_nothing(
    runner: CliRunner, tmp_path: Path
) -> None:
    db = tmp_path / "play.sqlite3"
    played = whist(runner, db, "play", "german", "--seat", "A=bot:random", "--seed", "5")
    assert played.exit_code == 0, played.output
    assert "recording match 1" in played.stderr
    with Ledger(str(db)) as ledger:
        (match,) = ledger.list_matches()
        assert match["status"] == "finished"
        # B is the default seat: the strongest bot, at its default level.
        assert [p["kind"] for p in match["players"]] == ["bot:random", "bot:expert:2"]
        record = ledger.game_record(match["id"])
        sheet = ledger.score_sheet(match["id"])
    # The stored record is the deal as played: 1 deal of 26 tricks, 52 cards + the deal.
    assert len(record.deals) == 1
    assert len(record.deals[0].actions) == 53
    assert sheet["totals"] == match["totals"]
    other = tmp_path / "none.sqlite3"
    quiet = whist(runner, other, "play", "german", "--seat", "A=bot:random", "--no-ledger")
    assert quiet.exit_code == 0
    assert not other.exists()
    assert "recording" not in quiet.stderr


def test_an_undo_deletes_the_undone_actions_from_the_log(catalog: Catalog, tmp_path: Path) -> None:
    """The session's on_change persists each action; an undo removes what it took back, so
    the log is the deal as it stands and a resume replays exactly that."""
    from openwhist.services.play import HumanTurn, start_session
    from openwhist.services.table import LedgerRecorder

    session = start_session(catalog, "german", seats={0: "human", 1: "bot:random"}, seed=9)
    with Ledger(str(tmp_path / "u.sqlite3"), catalog=catalog) as ledger:
        match = ledger.start_match(
            "german", ["Ann", ("B (random)", "bot:random")], first_dealer=session.first_dealer,
            seed=session.seed,
        )  # fmt: skip
        session.on_change = LedgerRecorder(ledger, match)
        plays = 0
        while plays < 3:
            event = session.next_event()
            if isinstance(event, HumanTurn):
                session.act(event.legal[0])
                plays += 1
        while not isinstance(event := session.next_event(), HumanTurn):
            pass
        assert session.state is not None
        before = [a.notation() for a in session.state.history]
        assert list(ledger.resume_point(match).actions) == before
        undone = session.undo()
        after = list(ledger.resume_point(match).actions)
        assert len(after) == undone.keep < len(before)
        assert after == before[: undone.keep]
        resumed = ledger.resume(match)
        assert resumed.state is not None
        assert resumed.state.history == session.state.history


def test_refusals_have_their_exit_codes(runner: CliRunner, tmp_path: Path) -> None:
    missing_dir = tmp_path / "no-such-dir" / "l.sqlite3"
    result = whist(runner, missing_dir, "matches")
    assert result.exit_code == 4
    assert "error:" in result.stderr
    not_ledger = tmp_path / "notes.txt"
    not_ledger.write_text("my shopping list\n" * 100, encoding="utf-8")
    before = not_ledger.read_bytes()
    result = whist(runner, not_ledger, "standings")
    assert result.exit_code == 5
    assert not_ledger.read_bytes() == before
    db = tmp_path / "ok.sqlite3"
    assert whist(runner, db, "scores", "42").exit_code == 1
    assert "no match 42" in whist(runner, db, "scores", "42").stderr
    current = whist(runner, db, "ledger", "current", "--json")
    assert current.exit_code == 0, current.output
    info = json.loads(current.stdout)
    assert info["up_to_date"] is True
    upgraded = whist(runner, db, "ledger", "upgrade", "--json")
    assert upgraded.exit_code == 0, upgraded.output
    assert json.loads(upgraded.stdout)["to"] == info["head"]
    nothing = whist(runner, db, "resume")
    assert nothing.exit_code == 1
    assert "no open match" in nothing.stderr


def test_a_german_sheet_shows_each_deal_and_the_running_result(
    runner: CliRunner, tmp_path: Path
) -> None:
    db = tmp_path / "g.sqlite3"
    start = whist(runner, db, "record", "start", "german", "-p", "Ann", "-p", "Bob",
                  "-o", "match_format=best_of_3", "--json")  # fmt: skip
    match = json.loads(start.stdout)["id"]
    # docs/variants/german.md §1.8: the deal goes to the seat with more phase-2 tricks (one point).
    for phase2 in ("8,5", "6,7", "9,4"):
        done = whist(runner, db, "record", "deal", str(match), "phase1_tricks=7,6",
                     f"phase2_tricks={phase2}")  # fmt: skip
        assert done.exit_code == 0, done.output
    text = whist(runner, db, "scores", str(match)).stdout
    rows = [line.split() for line in text.splitlines() if line[:1].isdigit()]
    assert [row[:5] for row in rows] == [
        ["1", "+1", ".", "1", "0"],
        ["2", ".", "+1", "1", "1"],
        ["3", "+1", ".", "2", "1"],
    ]
    assert "finished" in text
    closed = whist(runner, db, "match", "close", str(match))
    assert closed.exit_code == 1
    assert "finished" in closed.stderr


def test_a_deal_played_out_but_not_yet_scored_is_scored_once_on_resume(
    catalog: Catalog, tmp_path: Path
) -> None:
    """Killed after the last card but before the deal was scored: the log holds the whole
    deal; the resumed session scores it, and the ledger has it once, with its entries."""
    from openwhist.records import DealRecord
    from openwhist.services.play import DealScored, SeatSpec, resume_session, start_session
    from openwhist.services.table import LedgerRecorder

    class Crashing(LedgerRecorder):
        def __call__(self, change: Any) -> None:
            if isinstance(change, DealScored):
                raise KeyboardInterrupt  # the process dies before the deal is completed
            super().__call__(change)

    session = start_session(
        catalog,
        "german",
        options={"match_format": "best_of_3"},
        seats={0: "bot:random", 1: "bot:random"},
        seed=21,
    )
    with Ledger(str(tmp_path / "k.sqlite3"), catalog=catalog) as ledger:
        match = ledger.start_match(
            "german",
            [("A (random)", "bot:random"), ("B (random)", "bot:random")],
            options=session.engine.options,
            first_dealer=session.first_dealer,
            seed=session.seed,
        )
        session.on_change = Crashing(ledger, match)

        def play_until_the_crash() -> None:
            while True:
                session.next_event()

        with pytest.raises(KeyboardInterrupt):
            play_until_the_crash()
        point = ledger.resume_point(match)
        assert point.deal_number == 1
        assert len(point.actions) == 53  # the deal and its 52 cards, nothing scored yet
        assert ledger.score_sheet(match)["totals"] == [0, 0]

        resumed = ledger.resume(match)
        again = resume_session(
            catalog,
            resumed.engine,
            seats=[SeatSpec("bot", "A", bot="random"), SeatSpec("bot", "B", bot="random")],
            seed=session.seed,
            first_dealer=point.first_dealer,
            progress=point.progress,
            state=resumed.state,
            deals=[],
            on_change=LedgerRecorder(ledger, match),
        )
        while not isinstance(event := again.next_event(), DealScored):
            pass
        deals = ledger.get_match(match)["deal_records"]
        assert [(d["number"], d["status"]) for d in deals] == [(1, "complete")]
        stored = DealRecord.model_validate(deals[0]["record"])
        assert stored.actions == list(point.actions)
        sheet = ledger.score_sheet(match)
        lines = [(x["party"], x["points"]) for x in sheet["deals"][0]["lines"]]
        assert lines == [(x.party, x.points) for x in event.score.lines]
        # German best of three (docs/variants/german.md §1.9): the deal's winner leads 1-0.
        assert ledger.resume_point(match).progress.totals == event.progress.totals
        assert sum(event.progress.totals) == 1
