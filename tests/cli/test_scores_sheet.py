"""``whist scores``: the whole sheet as text (``--all``, ``--lines``) and as JSON
(``--json``), byte for byte what the layout and ``json.dumps`` make of the ledger's sheet --
corrections, adjustments, awkward notes and a deal in progress included -- and the plain
table every report lays out."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from openwhist.game.state import TERMINAL
from openwhist.plugins import Catalog, load_catalog
from openwhist.services.ledger import Ledger
from openwhist_cli.app import app
from openwhist_cli.commands.ledger import _ragged_table, plain_table
from openwhist_cli.commands.scores import (
    entry_lines,
    render_sheet,
    sheet_records,
    translated_notes,
)
from typer.testing import CliRunner

NOTES = ['said "seven", not five', "tab\there, back\\slash", "ünïcödé — ♠ 🂡", "bell\x07 nul\x00"]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def whist(runner: CliRunner, db: Path, *args: str) -> Any:
    return runner.invoke(
        app, list(args), env={"OPENWHIST_DB": str(db), "NO_COLOR": "1", "OPENWHIST_LANG": "en"}
    )


def _dumps(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@pytest.fixture
def german(tmp_path: Path, catalog: Catalog) -> tuple[Path, int]:
    """A German match: 12 recorded deals, corrections with awkward notes, adjustments, and
    a 13th deal in progress (played a few cards, nothing scored)."""
    db = tmp_path / "g.sqlite3"
    rng = random.Random(3)
    with Ledger(str(db), catalog=catalog) as ledger:
        match = ledger.start_match(
            "german",
            ["Ann", "Bob"],
            options={"match_format": "target_points", "target_points": 900},
        )
        for _ in range(12):
            won = rng.randint(0, 13)
            facts = {"phase1_tricks": [7, 6], "phase2_tricks": [won, 13 - won]}
            ledger.record_real_deal(match, facts)
        sheet = ledger.score_sheet(match)
        for n, note in enumerate(NOTES):
            line = sheet["deals"][3 * n]["lines"][0]
            ledger.correct(line["id"], line["points"] + n + 1, note)
        ledger.adjust(match, 0, -5, note=NOTES[0])
        ledger.adjust(match, 1, 3, category="penalty", note="revoke")
        resumed = ledger.resume(match)
        state = resumed.state
        assert state is not None
        for _ in range(4):
            legal = resumed.engine.legal_actions(state)
            action = resumed.engine.sample_chance(state, rng) if not legal else legal[0]
            state = resumed.engine.apply(state, action)
            ledger.record_action(match, len(state.history), action.notation())
        assert state.to_act != TERMINAL
    return db, match


def test_json_is_exactly_the_sheet_as_json_dumps_writes_it(
    runner: CliRunner, german: tuple[Path, int]
) -> None:
    db, match = german
    with Ledger(str(db)) as ledger:
        sheet = ledger.score_sheet(match)
    assert sheet["deals"][-1]["status"] == "in_progress"
    assert [a["note"] for a in sheet["adjustments"]] == [NOTES[0], "revoke"]
    shown = whist(runner, db, "scores", str(match), "--json")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout == _dumps(sheet) + "\n"
    # Each correction is its own line after the line it corrects, note and all.
    parsed = json.loads(shown.stdout)
    corrections = [ln for d in parsed["deals"] for ln in d["lines"] if ln["corrects"]]
    assert [c["note"].split(": ", 1)[1] for c in corrections] == NOTES


def test_the_whole_sheet_as_text_shows_every_deal_and_correction(
    runner: CliRunner, german: tuple[Path, int]
) -> None:
    db, match = german
    with Ledger(str(db)) as ledger:
        stored = ledger.score_sheet(match)
        # The notes as the stored messages render them, the sides by their players' names.
        sheet = translated_notes(stored, sheet_records(ledger, match, stored, translate=True))
    shown = whist(runner, db, "scores", str(match), "--all", "--lines")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout == render_sheet(sheet) + "\n\n" + entry_lines(sheet) + "\n"
    assert stored["match"]["summary"].startswith("A ")  # the ledger keeps the seats' letters
    assert sheet["match"]["summary"].startswith("Ann ")  # the sheet names the players
    rows = shown.stdout.splitlines()
    deal_rows = [r for r in rows if r[:4].strip().isdigit() and "phase-2" not in r]
    assert [int(r.split()[0]) for r in deal_rows[:13]] == list(range(1, 14))
    assert deal_rows[12].endswith("in progress")
    assert f"totals: A {sheet['totals'][0]}, B {sheet['totals'][1]}" in rows
    assert any(r.startswith("adj.") and r.endswith("revoke") for r in rows)
    for note in NOTES:  # in --lines, each correction's note is the end of its row
        assert any(r.endswith(note) for r in rows), note


def test_a_plain_table_aligns_its_columns() -> None:
    rows: list[list[Any]] = [[1, "+7", 7, "A 7, B 6 "], [10, ".", -13, ""], ["adj.", "-5", "", "x"]]
    assert plain_table(["deal", "A", "total A", "result"], rows, right={1, 2}).split("\n") == [
        "deal   A  total A  result",
        "----  --  -------  ---------",
        "1     +7        7  A 7, B 6",
        "10     .      -13",
        "adj.  -5           x",
    ]
    # A row shorter than the headers ends early; no rows is the headers and the rule.
    assert plain_table(["a", "bb"], [["long"]]) == "a     bb\n----  --\nlong"
    assert plain_table(["a", "b"], [], right={0}) == "a  b\n-  -"


def test_the_column_layout_is_the_row_layout() -> None:
    rng = random.Random(4)
    for _ in range(50):
        width = rng.randint(1, 6)
        headers = [rng.choice(["", "deal", "total NS", "x"]) for _ in range(width)]
        rows = [
            [rng.choice(["", " ", "+12", -3, 0, None, "a b", "ü♠"]) for _ in range(width)]
            for _ in range(rng.randint(0, 8))
        ]
        right = {i for i in range(width) if rng.random() < 0.5}
        assert plain_table(headers, rows, right) == _ragged_table(headers, rows, right)


def test_an_israeli_page_shows_the_contracts_of_its_own_deals(
    runner: CliRunner, tmp_path: Path, catalog: Catalog
) -> None:
    """A page of an Israeli sheet reads the entered facts of its deals only, and shows each
    deal's declarer, contracts and tricks as the whole sheet does."""
    db = tmp_path / "i.sqlite3"

    def facts(declarer: int, bid: str, contracts: list[int], tricks: list[int]) -> Any:
        return {"declarer": declarer, "bid": bid, "contracts": contracts, "tricks": tricks,
                "revokes": [0, 0, 0, 0]}  # fmt: skip

    with Ledger(str(db), catalog=catalog) as ledger:
        match = ledger.start_match("israeli", ["Noa", "Eli", "Sara", "Wim"])
        ledger.record_real_deal(match, facts(0, "5S", [5, 4, 3, 0], [5, 4, 4, 0]))
        ledger.record_real_deal(match, facts(1, "6H", [2, 6, 4, 3], [1, 6, 3, 3]))
        ledger.record_real_deal(match, facts(3, "7NT", [3, 2, 0, 7], [3, 2, 1, 7]))
    whole = whist(runner, db, "scores", str(match))
    page = whist(runner, db, "scores", str(match), "--from", "2", "--to", "2")
    assert page.exit_code == 0, page.output
    row = next(r for r in page.stdout.splitlines() if r.startswith("2 "))
    assert row.split() in [r.split() for r in whole.stdout.splitlines()]  # columns re-fit
    # Deal 2: E declared 6H; N bid 2 and took 1 (-10), E made 6 (+46), W made 3 (+19).
    assert row.split()[1:3] == ["E", "6H"]
    assert row.split()[-8:-4] == ["2/1", "-10", "6/6", "+46"]
    assert not any(r.startswith(("1 ", "3 ")) for r in page.stdout.splitlines())
