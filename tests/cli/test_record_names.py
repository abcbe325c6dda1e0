"""Issue 18, item 2: the score-keeping commands name the players, not their seats.

``whist record deal`` prints each line's party and the running totals by the players' names,
as ``whist scores`` does (``Noa 35  Eli 26``, ``Ann & Cy 3``), not ``N 35, E 26``; so do
``whist adjust``, ``whist void`` and ``whist match close``.
"""

from __future__ import annotations

import re
from pathlib import Path

from openwhist_cli.app import app
from typer.testing import CliRunner

SEAT = re.compile(r"(?<![\w&])(N|E|S|W|NS|EW|EO)(?![\w&])")
"""A bare seat or side letter, as a word of its own."""

ISRAELI_DEAL = ["declarer=Noa", "bid=5S", "contracts=5,4,3,0", "tricks=5,4,4,0"]


def whist(path: Path, *args: str, lang: str = "en") -> str:
    result = CliRunner().invoke(
        app, list(args), env={"OPENWHIST_DB": str(path), "NO_COLOR": "1", "OPENWHIST_LANG": lang}
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def test_record_deal_names_the_players_in_its_lines_and_totals(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    whist(path, "record", "start", "israeli", *(f"-p{n}" for n in ("Noa", "Eli", "Sara", "Wim")))
    out = whist(path, "record", "deal", "1", *ISRAELI_DEAL)
    lines = out.splitlines()
    assert lines[0] == "match 1, deal 1:", out
    # Each line by its player, in seat order, with the deal's points.
    parties = [line.split()[0] for line in lines[1:5]]
    assert parties == ["Noa", "Eli", "Sara", "Wim"], out
    assert "Score: Noa 35  Eli 26  Sara -10  Wim 50" in out, out
    assert not SEAT.search(out), out
    # The same totals as the sheet names them.
    sheet = whist(path, "scores", "1")
    assert "Noa 35, Eli 26, Sara -10, Wim 50" in sheet, sheet


def test_record_deal_names_the_sides_in_spanish_too(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    whist(path, "record", "start", "english", *(f"-p{n}" for n in ("Ann", "Bob", "Cy", "Dee")))
    out = whist(path, "record", "deal", "1", "tricks=7,6", "honours=4,0", lang="es")
    lines = out.splitlines()
    assert lines[0] == "partida 1, mano 1:", out
    # The deal's two lines (the game they won is said once, by the score line).
    assert all(line.strip().startswith("Ann & Cy ") for line in lines[1:3]), out
    assert lines[3].startswith("Puntuación: Ann & Cy 3  Bob & Dee 0"), out
    assert out.count("ganan el juego 1") == 1, out


def test_adjust_void_and_close_name_the_players(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    whist(path, "record", "start", "israeli", *(f"-p{n}" for n in ("Noa", "Eli", "Sara", "Wim")))
    whist(path, "record", "deal", "1", *ISRAELI_DEAL)
    adjusted = whist(path, "adjust", "1", "Sara", "-5", "--note", "slow play")
    assert re.fullmatch(r"entry \d+: Sara -5 \(penalty\): slow play\n", adjusted), adjusted
    voided = whist(path, "void", "1", "1", "--note", "misdeal")
    assert "the totals change by: Noa -35, Eli -26, Sara +10, Wim -50" in voided, voided
    closed = whist(path, "match", "close", "1")
    assert closed.startswith("match 1 is finished: Noa 0, Eli 0, Sara -5, Wim 0"), closed
    for out in (adjusted, voided, closed):
        assert not SEAT.search(out), out


def test_a_german_match_to_a_target_says_its_totals_once_by_name(tmp_path: Path) -> None:
    """The German summary (``A 15, B 11 (target 30)``, for the lists) says the totals by
    seat letter: beside the named totals the score line says only what they are played to,
    then who won."""
    path = tmp_path / "club.sqlite3"
    whist(path, "record", "start", "german", "-p", "Ann", "-p", "Bob",
          "-o", "match_format=target_points", "-o", "target_points=30",
          "-o", "scoring_profile=all26")  # fmt: skip
    first = whist(path, "record", "deal", "1", "phase1_tricks=10,3", "phase2_tricks=5,8")
    assert "Score: Ann 15  Bob 11   (first to 30 points)" in first, first
    last = whist(path, "record", "deal", "1", "phase1_tricks=9,4", "phase2_tricks=7,6")
    assert "Score: Ann 31  Bob 21   (Ann wins the match)" in last, last
    for out in (first, last):
        assert not re.search(r"(?<!\w)(A|B)(?!\w)", out), out
