"""Knockout Whist at the terminal and in the ledger (issue 13, "Done when").

* ``whist variants`` lists it with its seat range;
* ``whist play knockout --players 5`` plays a whole match against bots with a human who
  chooses trump and knocks on a dog's life, scores it in the ledger with the declared sheet
  (``whist scores``: who went out when, the dog, the winner) and statistics (``whist
  standings``);
* the screens of a seeded match are unchanged (golden transcript);
* a refused option combination is exit code 2 with its reason, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from openwhist.plugins import load_catalog
from openwhist_cli.app import app
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))
from script import script_for

GOLDEN = Path(__file__).parent / "golden"
SEATS = {
    "A": "human",
    "B": "bot:heuristic",
    "C": "bot:heuristic",
    "D": "bot:expert",
    "E": "bot:random",
}


def _invoke(*args: str, input: str | None = None, db: Path | None = None) -> Any:
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "en", "OPENWHIST_PAUSE": "0", "COLUMNS": "100"}
    if db is not None:
        env["OPENWHIST_DB"] = str(db)
    return CliRunner().invoke(app, list(args), input=input, env=env)


def _play_args(seed: int) -> list[str]:
    args = ["play", "knockout", "--players", "5", "--seed", str(seed)]
    for seat, who in SEATS.items():
        args += ["--seat", f"{seat}={who}"]
    return args


def _script(seed: int) -> str:
    seats = {"ABCDE".index(k): v for k, v in SEATS.items()}
    return "\n".join(script_for(load_catalog(), players=5, seed=seed, seats=seats)) + "\n"


def test_whist_variants_lists_knockout_with_its_seat_range() -> None:
    listing = {item["name"]: item for item in json.loads(_invoke("variants", "--json").stdout)}
    assert sorted(listing["knockout"]["seat_counts"]) == ["2", "3", "4", "5", "6", "7"]
    text = _invoke("variants").stdout
    assert "knockout (also: knockout-whist, knock-out-whist) -- Knockout Whist, 2-7 players" in text


def test_a_whole_match_at_five_is_scored_in_the_ledger_with_the_declared_sheet(
    tmp_path: Path,
) -> None:
    db = tmp_path / "ledger.sqlite3"
    played = _invoke(*_play_args(3), input=_script(3), db=db)
    assert played.exit_code == 0, played.output
    assert "A, your call: trump" in played.output  # the human chose trump
    assert "A: knock" in played.output or "D: knock" in played.output
    assert "wins the match!" in played.output
    sheet = _invoke("scores", "1", db=db)
    assert sheet.exit_code == 0, sheet.output
    # Deal 1 left D without a trick: a dog's life; its card won in deal 2, so it was back.
    assert "dog/0" in sheet.output
    assert "back/1" in sheet.output
    assert "OUT/0" in sheet.output
    assert "WIN/" in sheet.output
    assert "B wins the game; knocked out: E (2), A (3), C (4), D (4)" in sheet.output
    assert "out E" in sheet.output
    assert "dog D" in sheet.output
    match = json.loads(_invoke("scores", "1", "--json", db=db).stdout)["match"]
    assert match["status"] == "finished"
    assert match["winner"] == 1  # B, the match-level result the ledger keeps
    assert match["summary"] == "B wins the game; knocked out: E (2), A (3), C (4), D (4)"
    standings = _invoke("standings", "--variant", "knockout", "--json", db=db)
    assert standings.exit_code == 0, standings.output
    rows = {row["name"]: row for row in json.loads(standings.stdout)}
    # Deals after which each was still in: B all 4 (it won in deal 4), D 3 (out in deal
    # 4), A 2 (out in deal 3), E 1 (out in deal 2).
    assert rows["B (heuristic)"]["statistics"]["survived"] == 4
    assert rows["D (expert:2)"]["statistics"]["survived"] == 3
    assert rows["A"]["statistics"]["survived"] == 2
    assert rows["E (random)"]["statistics"]["survived"] == 1
    assert rows["B (heuristic)"]["wins"] == 1
    checked = _invoke("ledger", "check", "--json", db=db)  # every deal replays
    assert checked.exit_code == 0, checked.output


def test_the_screens_of_a_seeded_match_are_unchanged() -> None:
    played = _invoke(*_play_args(3), "--no-ledger", input=_script(3))
    assert played.exit_code == 0, played.output
    path = GOLDEN / "knockout-5-players-seed3.txt"
    if os.environ.get("OPENWHIST_UPDATE_GOLDEN"):
        path.write_text(played.output, encoding="utf-8")
    assert played.output == path.read_text(encoding="utf-8"), "the screens changed"


def test_misere_with_a_dog_s_life_is_refused_with_exit_code_2(tmp_path: Path) -> None:
    refused = _invoke(
        "play", "knockout", "--players", "3", "-o", "misere=true", "-o", "dogs_life=true",
        "--no-ledger",
    )  # fmt: skip
    assert refused.exit_code == 2, refused.output
    assert "dog's life has no meaning in misère knockout" in refused.output
    assert "Traceback" not in refused.output


@pytest.mark.parametrize("players", ["1", "8"])
def test_a_count_outside_two_to_seven_is_refused(players: str) -> None:
    refused = _invoke("simulate", "knockout", "--players", players, "--deals", "1")
    assert refused.exit_code == 2, refused.output
    assert f"Knockout Whist is played by 2-7 players, not {players}" in refused.output
