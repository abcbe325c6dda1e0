"""Claims in the ledger (issue 17): kept with the deal as it is played, back on resume.

* A match stopped (its process gone) just after an accepted claim, with part of the
  play-out logged: ``resume_table`` brings the claim back in force -- the rest of the
  play-out follows, no human is asked for a card -- and the finished deal's record, the
  ledger's game record and ``whist ledger check`` all hold and check the claim. A refused
  claim comes back too. Also through ``whist resume --records``.
* An undo takes back the claims made after the position it returns to.
* ``whist ledger check`` finds a kept claim whose verdict was changed behind its back.

Every test runs on SQLite and on PostgreSQL (``ledger_url``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from openwhist.claims import remaining_tricks
from openwhist.plugins import Catalog
from openwhist.records import CLAIMS_FORMAT, load_record, replay_record
from openwhist.services.ledger import Ledger
from openwhist.services.ledger_check import check_ledger
from openwhist.services.play import (
    ActionPlayed,
    DealScored,
    HumanTurn,
    PlaySession,
    start_session,
)
from openwhist.services.table import record_session, resume_table
from openwhist.solver import Solver
from openwhist_cli.app import app
from typer.testing import CliRunner


def _phase_two_turn(session: PlaySession) -> HumanTurn:
    """Play the human's lowest legal action until its first turn after trick 15."""
    while True:
        event = session.next_event()
        if isinstance(event, HumanTurn):
            assert session.state is not None
            if len(session.state.completed) >= 15:
                return event
            session.act(event.legal[0])


def _best(session: PlaySession, seat: int) -> int:
    state = session.state
    assert state is not None
    return (
        Solver(seats=2, trump=state.trump)
        .solve(state.hands, state.leader, trick=state.trick)
        .tricks_for(seat)
    )


def _start(catalog: Catalog, ledger: Ledger, seed: int) -> tuple[PlaySession, int]:
    session = start_session(catalog, "german", seats=["human", "bot:heuristic"], seed=seed)
    return session, record_session(ledger, session)


def _claimed_and_stopped(catalog: Catalog, ledger_url: str) -> tuple[int, int, list[bool]]:
    """A German match: at the human's phase-2 turn a refused claim (one trick more than
    best play gives, when that is possible) and an accepted one (exactly best play), then
    three cards of the play-out, and the process is gone. Returns the match, the number
    of actions logged and the claims' verdicts."""
    with Ledger(ledger_url, catalog=catalog) as ledger:
        for seed in range(9, 40):
            session, match = _start(catalog, ledger, seed)
            turn = _phase_two_turn(session)
            assert session.state is not None
            best = _best(session, turn.seat)
            if best < remaining_tricks(session.state) and best >= 1:
                break
            ledger.finish_match(match, abandoned=True)
        else:  # pragma: no cover - the seeds above offer one
            raise AssertionError("no seed gives a refusable claim")
        refused = session.claim(best + 1)
        assert not refused.accepted
        assert isinstance(session.next_event(), HumanTurn)  # play goes on
        accepted = session.claim(best)
        assert accepted.accepted
        played = 0
        while played < 3:
            event = session.next_event()
            assert not isinstance(event, HumanTurn), "an accepted claim plays the deal out"
            played += isinstance(event, ActionPlayed)
        assert session.state is not None
        logged = len(session.state.history)
        # The process is gone here: nothing more is written.
    return match, logged, [refused.accepted, accepted.accepted]


def test_a_match_stopped_after_a_claim_resumes_with_the_claim_in_force(
    catalog: Catalog, ledger_url: str
) -> None:
    match, logged, verdicts = _claimed_and_stopped(catalog, ledger_url)
    with Ledger(ledger_url, catalog=catalog) as ledger:
        point = ledger.resume_point(match)
        assert len(point.actions) == logged
        assert [c["accepted"] for c in point.claims] == verdicts
        table = resume_table(catalog, ledger, match)
        session = table.session
        assert [c.accepted for c in session.record().deals[-1].claims] == verdicts
        # The claim is in force: the rest of the deal plays out without asking anyone.
        while not isinstance(event := session.next_event(), DealScored):
            assert not isinstance(event, HumanTurn), "the resumed claim plays the deal out"
        number = point.deal_number
        stored = next(d for d in ledger.get_match(match)["deal_records"] if d["number"] == number)
        assert stored["status"] == "complete"
        assert [c["accepted"] for c in stored["record"]["claims"]] == verdicts
        assert stored["record"]["actions"] == session.record().deals[number - 1].actions
        if ledger.resume_point(match).status == "open":
            ledger.finish_match(match, abandoned=True)
        record = ledger.game_record(match)
    assert record.format == CLAIMS_FORMAT
    claims = record.deals[number - 1].claims
    assert [c.accepted for c in claims] == verdicts
    replay = replay_record(load_record(record.to_json()), catalog)
    assert [v.accepted for v in replay.deals[number - 1].claims] == verdicts
    answer = check_ledger(ledger_url, catalog=catalog)
    assert answer["ok"], answer["findings"]


def test_whist_resume_plays_out_a_claim_in_force_and_writes_it_to_records(
    catalog: Catalog, ledger_url: str, tmp_path: Path
) -> None:
    match, _, verdicts = _claimed_and_stopped(catalog, ledger_url)
    path = tmp_path / "records.jsonl"
    result = CliRunner().invoke(
        app,
        ["resume", str(match), "--db", ledger_url, "--deals", "1", "--records", str(path)],
        input="",
    )
    assert result.exit_code == 0, result.output
    (line,) = path.read_text(encoding="utf-8").splitlines()
    record = load_record(line)
    assert record.format == CLAIMS_FORMAT
    claimed = [d for d in record.deals if d.claims]
    assert len(claimed) == 1
    assert [c.accepted for c in claimed[0].claims] == verdicts
    assert claimed[0].score is not None  # played out and scored
    replay_record(record, catalog)


def test_an_undo_takes_back_the_claims_made_after_it(catalog: Catalog, ledger_url: str) -> None:
    with Ledger(ledger_url, catalog=catalog) as ledger:
        session, match = _start(catalog, ledger, 9)
        turn = _phase_two_turn(session)
        assert session.state is not None
        left = remaining_tricks(session.state)
        first = session.claim(left + 1)  # refused: more tricks than are left
        assert not first.accepted
        session.act(turn.legal[0])
        while not isinstance(session.next_event(), HumanTurn):
            pass
        assert session.state is not None
        second = session.claim(remaining_tricks(session.state) + 1)
        assert not second.accepted
        kept = ledger.resume_point(match).claims
        assert len(kept) == 2
        assert kept[0]["after"] < kept[1]["after"]
        session.undo()  # back before the card played after the first claim
        assert ledger.resume_point(match).claims == (kept[0],)
        assert [c.after for c in session.record().deals[-1].claims] == [kept[0]["after"]]
        # The ledger and the table agree on what a resume would bring back.
        ledger.finish_match(match, abandoned=True)


def test_ledger_check_finds_a_claim_changed_behind_its_back(
    catalog: Catalog, ledger_url: str
) -> None:
    match, _, _ = _claimed_and_stopped(catalog, ledger_url)
    with Ledger(ledger_url, catalog=catalog) as ledger:
        table = resume_table(catalog, ledger, match)
        while not isinstance(table.session.next_event(), DealScored):
            pass
        url = ledger.url
    engine = sa.create_engine(url if "://" in url else f"sqlite:///{url}")
    with engine.begin() as conn:
        rows = conn.execute(
            sa.text("SELECT id, record FROM deals WHERE match_id = :m"), {"m": match}
        )
        for deal_id, raw in rows.all():
            record: dict[str, Any] = json.loads(raw) if isinstance(raw, str) else raw
            if record.get("claims"):
                # The accepted claim, now of one trick more than best play gives.
                record["claims"][-1]["tricks"] += 1
                conn.execute(
                    sa.text("UPDATE deals SET record = :r WHERE id = :i").bindparams(
                        sa.bindparam("r", type_=sa.JSON)
                    ),
                    {"r": record, "i": deal_id},
                )
    engine.dispose()
    answer = check_ledger(ledger_url, catalog=catalog)
    assert not answer["ok"]
    (finding,) = [f for f in answer["findings"] if f["check"] == "replay"]
    assert "recorded as accepted, but checking it again gives" in finding["problem"]
    assert finding["deal"] == 1
