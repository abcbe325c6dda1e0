"""Several processes and killed processes: nothing lost, nothing recorded twice.

Each child process is a fresh interpreter (``ledger_worker.py``) with its own engine and
connection pool, as separate ``whist`` invocations would be.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from openwhist.records import replay_record
from openwhist.services.ledger import Ledger

WORKER = Path(__file__).with_name("ledger_worker.py")


def _spawn(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKER), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _shared_actions(catalog: Any) -> list[str]:
    """The 53 actions of one German deal (the deal, then 52 cards)."""
    from openwhist.game.engine import Engine
    from openwhist.game.state import TERMINAL

    engine = Engine(catalog.variant("german"))
    rng = random.Random(0)
    state = engine.start_deal(dealer=0)
    state = engine.apply(state, engine.sample_chance(state, rng))
    while state.to_act != TERMINAL:
        state = engine.apply(state, engine.legal_actions(state)[0])
    return [action.notation() for action in state.history]


READY_WAIT = 120.0
"""Seconds the test waits for every worker to report ready before failing."""


def _await_ready(workers: list[subprocess.Popen[str]], ready: list[Path]) -> None:
    """The start barrier: wait until every worker has created its ready file. Fails (and
    kills the workers) if one exits first or they are not all ready within READY_WAIT."""
    deadline = time.monotonic() + READY_WAIT
    while not all(path.exists() for path in ready):
        for worker in workers:
            if worker.poll() is not None:
                errors = worker.communicate()[1]
                for other in workers:
                    other.kill()
                    other.communicate()
                pytest.fail(f"a worker exited before it was ready: {errors}")
        if time.monotonic() > deadline:
            for worker in workers:
                worker.kill()
                worker.communicate()
            missing = [path.name for path in ready if not path.exists()]
            pytest.fail(f"workers not ready after {READY_WAIT} s: {missing}")
        time.sleep(0.01)


def test_three_processes_lose_and_duplicate_nothing(
    ledger_url: str, catalog: Any, tmp_path: Path
) -> None:
    deals = 8
    target = {"match_format": "target_points", "target_points": 10_000}
    with Ledger(ledger_url, catalog=catalog) as ledger:
        own = [ledger.start_match("german", [f"P{i}a", f"P{i}b"], options=target) for i in range(3)]
        shared = ledger.start_match("german", ["Sa", "Sb"])
    actions = _shared_actions(catalog)
    actions_file = tmp_path / "actions.json"
    actions_file.write_text(json.dumps(actions))
    go = tmp_path / "go"
    ready = [tmp_path / f"ready-{i}" for i in range(len(own))]
    workers = [
        _spawn("record", ledger_url, match, shared, actions_file, deals, 100 + i, go, ready[i])
        for i, match in enumerate(own)
    ]
    _await_ready(workers, ready)
    go.touch()  # all three have their ledger open: they start writing at once
    results = []
    for worker in workers:
        out, err = worker.communicate(timeout=300)
        assert worker.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    with Ledger(ledger_url, catalog=catalog) as ledger:
        standings = {row["name"]: row for row in ledger.standings(variant="german")}
        for i, (match, result) in enumerate(zip(own, results, strict=True)):
            sheet = ledger.score_sheet(match)
            assert [d["number"] for d in sheet["deals"]] == list(range(1, deals + 1))
            # target_points scores points_per_trick: each counted (phase-2) trick is a point
            # to the seat that won it (docs/variants/german.md §1.8, §1.9) -- summed here from the
            # facts.
            expected = [sum(f["phase2_tricks"][seat] for f in result["facts"]) for seat in (0, 1)]
            assert sheet["totals"] == expected
            assert standings[f"P{i}a"]["points"] == expected[0]
            assert standings[f"P{i}b"]["deals"] == deals
        point = ledger.resume_point(shared)
    # The shared deal: every action exactly once, in order, logged by exactly one process.
    assert list(point.actions) == actions
    assert sum(r["logged"] for r in results) == len(actions)


def _check_consistent(path: Path, match_id: int) -> dict[str, Any]:
    """Structural invariants of a ledger after a crash, read with plain sqlite3."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        deals = conn.execute(
            "SELECT id, number, status, record FROM deals WHERE match_id = ? ORDER BY number",
            (match_id,),
        ).fetchall()
        numbers = [d[1] for d in deals]
        assert numbers == list(range(1, len(deals) + 1))
        statuses = [d[2] for d in deals]
        assert "in_progress" not in statuses[:-1]  # at most one, and it is the last
        progress = json.loads(
            conn.execute("SELECT progress FROM matches WHERE id = ?", (match_id,)).fetchone()[0]
        )
        assert progress["deals"] == statuses.count("complete")
        for deal_id, _number, status, record in deals:
            idx = [
                r[0]
                for r in conn.execute(
                    "SELECT idx FROM deal_actions WHERE deal_id = ? ORDER BY idx", (deal_id,)
                )
            ]
            entries = conn.execute(
                "SELECT party, category, points, note FROM score_entries "
                "WHERE deal_id = ? ORDER BY seq",
                (deal_id,),
            ).fetchall()
            if status == "complete":
                assert idx == []  # the log was folded into the record
                lines = json.loads(record)["score"]["lines"]
                assert [list(e) for e in entries] == [
                    [ln["party"], ln["category"], ln["points"], ln["note"]] for ln in lines
                ]
            else:
                assert idx == list(range(1, len(idx) + 1))
                assert entries == []
        return {"deals": len(deals), "progress": progress}
    finally:
        conn.close()


def _kill(worker: subprocess.Popen[str]) -> bool:
    """SIGKILL the worker; True if it was still running (not already finished)."""
    os.kill(worker.pid, signal.SIGKILL)
    worker.communicate()  # reap it and close its pipes
    return worker.returncode == -signal.SIGKILL


def _read_until(worker: subprocess.Popen[str], line: str) -> None:
    assert worker.stdout is not None
    for got in worker.stdout:
        if got.strip() == line:
            return
    worker.kill()
    worker.communicate()
    pytest.fail(
        f"the worker ended before printing {line!r}: {worker.stderr and worker.stderr.read()}"
    )


def _read_actions(worker: subprocess.Popen[str], count: int) -> tuple[int, int]:
    """Read the worker's progress lines until it has reported ``count`` committed actions
    (or ended); return the last reported ``(deal, action index)``, ``(0, 0)`` if none."""
    assert worker.stdout is not None
    last = (0, 0)
    seen = 0
    for got in worker.stdout:
        words = got.split()
        if len(words) == 4 and words[0] == "deal" and words[2] == "action":
            last = (int(words[1]), int(words[3]))
            seen += 1
            if seen >= count:
                break
    return last


def test_a_killed_process_leaves_a_consistent_ledger_that_resumes(
    tmp_path: Path, catalog: Any
) -> None:
    path = tmp_path / "ledger.sqlite3"
    with Ledger(str(path), catalog=catalog) as ledger:
        match_id = ledger.start_match(
            "german",
            ["Ann", "Bob"],
            options={"match_format": "target_points", "target_points": 30},
            seed=3,
        )
    # Kill in the middle of deal 2, right after its 20th action was committed.
    worker = _spawn("play", path, match_id, 1)
    _read_until(worker, "deal 2 action 20")
    assert _kill(worker)
    state = _check_consistent(path, match_id)
    with Ledger(str(path), catalog=catalog) as ledger:
        point = ledger.resume_point(match_id)
        assert point.deal_number == 2
        assert len(point.actions) >= 20
        prefix = point.actions
    # Kill once more after a seeded number of committed actions; the ledger stays
    # consistent and holds every action the worker reported as committed.
    rng = random.Random(7)
    for _ in range(1):
        worker = _spawn("play", path, match_id, rng.randrange(1000))
        deal, index = _read_actions(worker, rng.randint(1, 60))
        _kill(worker)  # (if the match ended meanwhile, the checks below still hold)
        state = _check_consistent(path, match_id)
        if deal:
            with Ledger(str(path), catalog=catalog) as ledger:
                point = ledger.resume_point(match_id)
            assert point.deal_number > deal or (
                point.deal_number == deal and len(point.actions) >= index
            ), (deal, index, point.deal_number, len(point.actions))
    # A last run finishes the match.
    worker = _spawn("play", path, match_id, 99)
    _out, err = worker.communicate(timeout=300)
    assert worker.returncode == 0, err
    state = _check_consistent(path, match_id)
    assert state["progress"]["finished"] is True
    with Ledger(str(path), catalog=catalog) as ledger:
        record = ledger.game_record(match_id)
    # Deal 2 continued from the actions logged before the first kill ...
    assert tuple(record.deals[1].actions[: len(prefix)]) == prefix
    # ... and the whole match replays with its stored scores and progress: no deal lost,
    # none scored twice, every action legal where it stands.
    replay = replay_record(record, catalog)
    assert replay.progress.finished
    assert replay.progress.deals == len(record.deals) == state["deals"]


def test_five_processes_starting_matches_for_the_same_new_player_all_succeed(
    ledger_url: str, catalog: Any, tmp_path: Path
) -> None:
    """Issue 14, defect 5: five club members start a match for the same new player at the
    same moment; every match is recorded, and the new player exists exactly once."""
    with Ledger(ledger_url, catalog=catalog):
        pass  # the schema exists before the race (the race is about the player row)
    go = tmp_path / "go"
    ready = [tmp_path / f"ready-{i}" for i in range(5)]
    workers = [
        _spawn("start", ledger_url, "Newcomer", f"Opponent {i}", go, ready[i]) for i in range(5)
    ]
    _await_ready(workers, ready)
    go.touch()
    ids = []
    for worker in workers:
        out, err = worker.communicate(timeout=300)
        assert worker.returncode == 0, err
        ids.append(int(out.strip().splitlines()[-1]))
    assert len(set(ids)) == 5
    with Ledger(ledger_url, catalog=catalog) as ledger:
        matches = ledger.list_matches(player="Newcomer")
        standings = [r for r in ledger.standings() if r["name"] == "Newcomer"]
    assert sorted(m["id"] for m in matches) == sorted(ids)
    # One player row, seated in all five matches.
    assert len(standings) == 1
    assert standings[0]["matches"] == 5
