"""Exports and listings of an unfinished match show only what the players may all see, and
an export is always a valid record (issue 14, defects 2 and 12).

* While a match is open, its deal in progress is hidden: the deck order (its first action)
  would show the opponent's hand and the German stock. `whist export --format json` gives
  its number and how many actions are logged; `--format record` holds the deals before it.
* The seed is shown once the match is over: every deck still to come follows from it.
* A deal played to its last card but never scored (the process died in between) is left
  out of a game record, which `whist replay` then accepts; `whist resume` scores it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import load_record, replay_record
from openwhist.services.ledger import Ledger
from openwhist.services.play import DealScored, start_session
from openwhist.services.table import LedgerRecorder
from openwhist_cli.app import app
from typer.testing import CliRunner

from tests.script_support import load_script

SEED = 987654321987
ENV = {"NO_COLOR": "1", "OPENWHIST_PAUSE": "0", "OPENWHIST_BOT_DELAY": "0"}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _whist(runner: CliRunner, *args: str, text: str = "") -> Any:
    result = runner.invoke(app, list(args), input=text, env=ENV)
    assert "Traceback" not in result.output, result.output
    return result


def _script(catalog: Catalog) -> list[str]:
    module = load_script(Path(__file__).with_name("play_script.py"))
    script = module.make_script(
        catalog, "german", seed=SEED, seats={0: "human", 1: "bot:random"}, mistakes=False
    )
    return list(script.lines)


def _half_played(catalog: Catalog, runner: CliRunner, db: Path) -> tuple[list[str], str]:
    """A German match stopped after the human's 4th card (input ended): its logged
    actions and its deck order (the first action)."""
    played = _whist(
        runner,
        "play",
        "german",
        "--seat",
        "A=human",
        "--seat",
        "B=bot:random",
        "--seed",
        str(SEED),
        "--db",
        str(db),
        text="\n".join(_script(catalog)[:4]) + "\n",
    )
    assert played.exit_code == 1, played.output  # input ended mid-deal
    with Ledger(str(db)) as ledger:
        actions = list(ledger.resume_point(1).actions)
    assert actions[0].startswith("deal ")
    assert len(actions) >= 6
    return actions, actions[0]


def test_an_export_mid_deal_shows_no_hidden_card_and_no_seed(
    catalog: Catalog, tmp_path: Path
) -> None:
    runner = CliRunner()
    db = tmp_path / "l.db"
    actions, deck = _half_played(catalog, runner, db)
    cards = deck.removeprefix("deal ").split()
    # B's hand and the stock are in the deck order; the last 24 cards are the stock, one
    # of which shows face up (public): the ones below it are hidden from both players.
    hidden_stock = " ".join(cards[-24:-1])

    exported = _whist(runner, "export", "1", "--format", "json", "--db", str(db))
    assert exported.exit_code == 0, exported.output
    assert deck not in exported.stdout
    assert hidden_stock not in exported.stdout
    (match,) = json.loads(exported.stdout)["matches"]
    assert match["status"] == "open"
    assert match["seed"] is None
    (deal,) = match["deal_records"]
    assert deal["status"] == "in_progress"
    assert deal["record"] is None
    assert deal["actions_logged"] == len(actions)
    assert "match 1, deal 1 is in progress" in exported.stderr

    record = _whist(runner, "export", "1", "--format", "record", "--db", str(db))
    assert record.exit_code == 0, record.output
    assert deck not in record.stdout
    game = load_record(record.stdout)
    assert game.deals == []
    assert game.seed is None
    assert not game.result.finished
    replay_record(game, catalog)
    assert "cards stay hidden until it is scored" in record.stderr

    listed = _whist(runner, "matches", "--json", "--db", str(db))
    assert listed.exit_code == 0
    assert str(SEED) not in listed.stdout
    assert json.loads(listed.stdout)[0]["seed"] is None
    sheet = _whist(runner, "scores", "1", "--json", "--db", str(db))
    assert str(SEED) not in sheet.stdout
    assert deck not in sheet.stdout

    # Once the match is over (the players stop it here), the seed is shown.
    assert _whist(runner, "match", "close", "1", "--db", str(db)).exit_code == 0
    listed = json.loads(_whist(runner, "matches", "--json", "--db", str(db)).stdout)
    assert listed[0]["seed"] == SEED


def test_an_abandoned_match_exports_its_unfinished_deal_as_a_valid_record(
    catalog: Catalog, tmp_path: Path
) -> None:
    """Closed, a match hides nothing: its stopped deal is the record's unfinished last
    deal, which `whist replay` accepts."""
    runner = CliRunner()
    db = tmp_path / "l.db"
    actions, _deck = _half_played(catalog, runner, db)
    assert _whist(runner, "match", "close", "1", "--abandon", "--db", str(db)).exit_code == 0
    exported = _whist(runner, "export", "1", "--format", "record", "--db", str(db))
    assert exported.exit_code == 0, exported.output
    game = load_record(exported.stdout)
    assert game.seed == SEED
    assert [d.actions for d in game.deals] == [actions]
    assert game.deals[0].score is None
    replay_record(game, catalog)
    path = tmp_path / "r.json"
    path.write_text(exported.stdout, encoding="utf-8")
    assert _whist(runner, "replay", str(path)).exit_code == 0
    data = json.loads(_whist(runner, "export", "1", "--db", str(db)).stdout)
    assert data["matches"][0]["deal_records"][0]["record"]["actions"] == actions


def _killed_before_scoring(catalog: Catalog, db: Path) -> list[str]:
    """A bots' German best-of-3 whose process dies between deal 2's last card and its
    scoring; returns deal 2's logged actions."""

    class Dies(LedgerRecorder):
        def __call__(self, change: Any) -> None:
            if isinstance(change, DealScored) and change.progress.deals == 2:
                raise KeyboardInterrupt  # killed: the deal is never completed
            super().__call__(change)

    session = start_session(
        catalog,
        "german",
        options={"match_format": "best_of_3"},
        seats=["bot:random", "bot:random"],
        seed=21,
    )
    with Ledger(str(db), catalog=catalog) as ledger:
        match = ledger.start_match(
            "german",
            [("A (random)", "bot:random"), ("B (random)", "bot:random")],
            options=session.engine.options,
            first_dealer=session.first_dealer,
            seed=session.seed,
        )
        session.on_change = Dies(ledger, match)

        def play_until_killed() -> None:
            while True:
                session.next_event()

        with pytest.raises(KeyboardInterrupt):
            play_until_killed()
        point = ledger.resume_point(match)
    assert point.deal_number == 2
    assert len(point.actions) == 53
    return list(point.actions)


def test_a_match_killed_between_its_last_card_and_scoring_exports_a_valid_record(
    catalog: Catalog, tmp_path: Path
) -> None:
    runner = CliRunner()
    db = tmp_path / "k.db"
    last = _killed_before_scoring(catalog, db)
    exported = _whist(runner, "export", "1", "--format", "record", "--db", str(db))
    assert exported.exit_code == 0, exported.output
    path = tmp_path / "r.json"
    path.write_text(exported.stdout, encoding="utf-8")
    verdict = _whist(runner, "replay", str(path))
    assert verdict.exit_code == 0, verdict.output
    assert "ok -- german, 1 deal" in verdict.stdout
    assert "deal 2 was played to its end but never scored" in exported.stderr
    assert "whist resume 1 scores it" in exported.stderr
    # Resume scores it without a card being played; then the export holds it.
    resumed = _whist(runner, "resume", "1", "--db", str(db), "--deals", "1", text="\n")
    assert resumed.exit_code == 0, resumed.output
    game = load_record(_whist(runner, "export", "1", "--format", "record", "--db", str(db)).stdout)
    assert len(game.deals) == 2
    assert game.deals[1].actions == last
    assert game.deals[1].score is not None
    replay_record(game, catalog)


def test_an_abandoned_match_with_a_played_out_unscored_deal_still_exports_validly(
    catalog: Catalog, tmp_path: Path
) -> None:
    runner = CliRunner()
    db = tmp_path / "k.db"
    _killed_before_scoring(catalog, db)
    assert _whist(runner, "match", "close", "1", "--abandon", "--db", str(db)).exit_code == 0
    exported = _whist(runner, "export", "1", "--format", "record", "--db", str(db))
    assert exported.exit_code == 0
    game = load_record(exported.stdout)
    replay_record(game, catalog)
    assert len(game.deals) == 1
    assert "never scored, so it is left out" in exported.stderr
    assert "whist resume" not in exported.stderr  # a closed match cannot be resumed
