"""Issue 14, defect 6: damage is found before anything is written, by every command, and
``whist ledger check`` names it.

* 4 KiB of random bytes written into the middle of an SQLite ledger: ``matches``,
  ``scores``, ``ledger current``, ``ledger upgrade`` and ``ledger check`` report it with
  exit code 5, and ``whist play`` commits nothing into it (the file's bytes are unchanged);
* ``whist ledger check`` passes a healthy ledger of every kind of match (played, real-card,
  corrected, adjusted, a voided deal, a deal in progress) on SQLite and PostgreSQL, and
  names each kind of damage an outside hand can do: an entry's points changed, a recorded
  action changed, a deal's record removed, an action log with a gap.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from openwhist.ledger import db
from openwhist.services.ledger import Ledger
from openwhist.services.ledger_check import check_ledger
from openwhist_cli.app import app
from typer.testing import CliRunner

BOTS = ["--seat", "A=bot:random", "--seat", "B=bot:random"]


def whist(db_path: Path | str, *args: str) -> Any:
    return CliRunner().invoke(
        app,
        list(args),
        env={"OPENWHIST_DB": str(db_path), "NO_COLOR": "1", "OPENWHIST_LANG": "en"},
    )


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _evening(url: str, catalog: Any, play_deal: Any) -> dict[str, int]:
    """A ledger holding every kind of match; returns their ids."""
    rng = random.Random(14)
    target = {"match_format": "target_points", "target_points": 10_000}
    with Ledger(url, catalog=catalog) as ledger:
        played = ledger.start_match("german", ["Ann", "Bob"], options=target, seed=1)
        for _ in range(3):
            play_deal(ledger, played, rng)
        real = ledger.start_match("israeli", ["Noa", "Eli", "Sara", "Wim"])
        ledger.record_real_deal(
            real, {"declarer": 0, "bid": "5S", "contracts": [5, 4, 3, 0], "tricks": [5, 4, 4, 0]}
        )
        entry = json.loads(ledger.export(real))["matches"][0]["entries"][1]["id"]
        ledger.correct(entry, 20, "miscounted")
        ledger.adjust(real, 3, -30, note="slow play")
        # A voided deal: its compensations and its marker are the secretary's, not damage.
        ledger.record_real_deal(
            real, {"declarer": 1, "bid": "6H", "contracts": [3, 6, 2, 1], "tricks": [3, 6, 2, 2]}
        )
        ledger.void_deal(real, 2, "misdeal found afterwards")
        # A deal in progress: the chance deal and five cards logged.
        resumed = ledger.resume(played)
        engine, state = resumed.engine, resumed.state
        assert state is not None
        for _ in range(6):
            legal = engine.legal_actions(state)
            action = engine.sample_chance(state, rng) if not legal else legal[0]
            state = engine.apply(state, action)
            ledger.record_action(played, len(state.history), action.notation())
    return {"played": played, "real": real}


def _tamper(url: str, sql: str) -> None:
    engine = db.make_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text(sql))
    engine.dispose()


def test_a_healthy_ledger_checks_clean_and_each_damage_is_named(
    ledger_url: str, catalog: Any, play_deal: Any
) -> None:
    ids = _evening(ledger_url, catalog, play_deal)
    report = check_ledger(ledger_url, catalog=catalog)
    assert report["findings"] == []
    assert report["ok"]
    assert (report["matches"], report["deals"], report["replayed"]) == (2, 6, 2)

    # Someone edits an entry's points in the database: the entries no longer match the
    # deal's record, and the stored sums (where the schema keeps them) no longer match.
    _tamper(
        ledger_url,
        "UPDATE score_entries SET points = points + 7 WHERE id = "
        "(SELECT MIN(id) FROM score_entries WHERE corrects_id IS NULL AND deal_id IS NOT NULL)",
    )
    found = check_ledger(ledger_url, catalog=catalog)
    assert not found["ok"]
    assert any(
        f["check"] == "entries" and f["match"] == ids["played"] and f["deal"] == 1
        for f in found["findings"]
    ), found["findings"]
    _tamper(
        ledger_url,
        "UPDATE score_entries SET points = points - 7 WHERE id = "
        "(SELECT MIN(id) FROM score_entries WHERE corrects_id IS NULL AND deal_id IS NOT NULL)",
    )
    assert check_ledger(ledger_url, catalog=catalog)["ok"]

    # An action of the logged deal in progress replaced by a card nobody holds there.
    _tamper(ledger_url, "UPDATE deal_actions SET notation = 'XX' WHERE idx = 3")
    found = check_ledger(ledger_url, catalog=catalog)
    assert [(f["check"], f["match"], f["deal"]) for f in found["findings"]] == [
        ("replay", ids["played"], 4)
    ], found["findings"]
    # ... and a gap in that log.
    _tamper(ledger_url, "DELETE FROM deal_actions WHERE idx = 3")
    found = check_ledger(ledger_url, catalog=catalog)
    assert any("gaps" in f["problem"] for f in found["findings"]), found["findings"]


def test_the_check_finds_a_changed_record_and_a_lost_deal(
    ledger_url: str, catalog: Any, play_deal: Any
) -> None:
    ids = _evening(ledger_url, catalog, play_deal)
    with Ledger(ledger_url, catalog=catalog) as ledger:
        record = ledger.get_match(ids["played"])["deal_records"][1]["record"]
    # The second deal's tricks are told differently: the record no longer replays to its
    # stored score (swap two cards of the deck: the same cards, other hands).
    words = record["actions"][0].split()  # "deal" and the 52 cards of the deck
    words[1], words[-1] = words[-1], words[1]
    record["actions"][0] = " ".join(words)
    engine = db.make_engine(ledger_url)
    with engine.begin() as conn:
        conn.execute(
            sa.text("UPDATE deals SET record = :r WHERE match_id = :m AND number = 2"),
            {"r": json.dumps(record), "m": ids["played"]},
        )
    found = check_ledger(ledger_url, catalog=catalog)["findings"]
    assert [(f["check"], f["deal"]) for f in found] == [("replay", 2)], found
    # A deal row deleted by hand (with its entries): the numbering and the progress
    # snapshot tell.
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "DELETE FROM score_entries WHERE deal_id IN "
                "(SELECT id FROM deals WHERE match_id = :m AND number = 1)"
            ),
            {"m": ids["played"]},
        )
        conn.execute(
            sa.text("DELETE FROM deals WHERE match_id = :m AND number = 1"), {"m": ids["played"]}
        )
    engine.dispose()
    found = check_ledger(ledger_url, catalog=catalog)["findings"]
    problems = " | ".join(f["problem"] for f in found)
    assert "numbered [2, 3, 4]" in problems, problems
    assert "counts 3 deals" in problems, problems


def _damage(path: Path, seed: int = 14) -> None:
    """4 KiB of random bytes over the middle of the file (after a VACUUM, so that every
    page belongs to a table or an index: nothing hides in a free page)."""
    conn = sqlite3.connect(path)
    conn.execute("VACUUM")
    conn.close()
    size = path.stat().st_size
    assert size >= 16 * 4096, size
    with path.open("r+b") as handle:
        handle.seek((size // 2) // 4096 * 4096)
        handle.write(random.Random(seed).randbytes(4096))


def test_random_bytes_mid_file_are_reported_by_every_command_and_never_written_into(
    tmp_path: Path, catalog: Any, play_deal: Any
) -> None:
    path = tmp_path / "club.sqlite3"
    rng = random.Random(1)
    with Ledger(str(path), catalog=catalog) as ledger:
        for i in range(12):
            match = ledger.start_match("german", [f"P{i}", f"Q{i}"], seed=i)
            play_deal(ledger, match, rng)
    assert whist(path, "ledger", "check").exit_code == 0
    _damage(path)
    before = _digest(path)
    for command in (
        ["matches"],
        ["scores", "1"],
        ["standings"],
        ["ledger", "current"],
        ["ledger", "upgrade"],
        ["ledger", "check"],
        ["play", "german", *BOTS, "--seed", "5"],
        ["record", "start", "german", "-p", "Ann", "-p", "Bob"],
    ):
        result = whist(path, *command)
        assert result.exit_code == 5, (command, result.output)
        assert "damaged" in result.stderr, (command, result.stderr)
        assert "Traceback" not in result.output
    assert _digest(path) == before  # not one byte written into the damaged file
    check = whist(path, "ledger", "check", "--json")
    assert '"check": "integrity"' in check.stdout


@pytest.mark.parametrize("where", ["first page", "last page"])
def test_damage_at_either_end_is_refused_too(
    tmp_path: Path, catalog: Any, play_deal: Any, where: str
) -> None:
    path = tmp_path / "club.sqlite3"
    with Ledger(str(path), catalog=catalog) as ledger:
        for i in range(8):
            play_deal(ledger, ledger.start_match("german", [f"P{i}", f"Q{i}"]), random.Random(i))
    conn = sqlite3.connect(path)
    conn.execute("VACUUM")
    conn.close()
    size = path.stat().st_size
    with path.open("r+b") as handle:
        handle.seek(4096 if where == "first page" else size - 4096)  # page 1 is the schema
        handle.write(random.Random(3).randbytes(4096))
    before = _digest(path)
    result = whist(path, "play", "german", *BOTS, "--seed", "5")
    assert result.exit_code == 5, result.output
    assert _digest(path) == before
