"""After ``whist resume``, ``undo`` says that what was played before the resume cannot be
taken back (it used to say there was "nothing of yours to take back" although cards had
been played), and the resume line counts actions in the singular when there is one."""

from __future__ import annotations

from pathlib import Path

from openwhist_cli.app import app
from typer.testing import CliRunner


def test_undo_after_a_resume_explains_why_nothing_is_taken_back(tmp_path: Path) -> None:
    db = str(tmp_path / "ledger.sqlite3")
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "en", "COLUMNS": "80"}
    runner = CliRunner()
    args = ["play", "german", "--seed", "3", "--seat", "A=human:Ann", "--db", db]
    first = runner.invoke(app, args, input="1\n", env=env)
    assert "Ann plays" in first.output
    assert "The match is saved: whist resume 1 continues it." in first.output
    again = runner.invoke(app, ["resume", "1", "--db", db], input="undo\n", env=env)
    assert "Actions played before the match was resumed cannot be taken back." in again.output
    assert "nothing of yours" not in again.output
    assert "actions played)" in again.output


def test_one_action_is_counted_in_the_singular(tmp_path: Path) -> None:
    db = str(tmp_path / "ledger.sqlite3")
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "en", "COLUMNS": "80"}
    runner = CliRunner()
    # Ann deals, Bob leads one card (any card may lead), then the input ends at Ann's turn.
    runner.invoke(app, ["play", "german", "--seed", "3", "--seat", "A=human:Ann",
                        "--seat", "B=human:Bob", "--db", db], input="\n1\n", env=env)  # fmt: skip
    again = runner.invoke(app, ["resume", "1", "--db", db], input="", env=env)
    assert "(1 action played)" in again.output
