"""Issue 18, items 2 and 10: the English score line says each thing once, by the players' names.

The totals on the score line (``Score: Ann & Cy 3  Bob & Dee 0``) are the match points;
beside them the English standing says what they do not -- the game just won, the rubber and
the game being played, each side's points towards it, the games won -- and never the match
points again (``match points NS 3 – EW 0``), nor a side by its seat letters. The same line
ends ``whist record deal`` and shows at the table (``whist play``; the goldens of
tests/cli/test_table_items.py).
"""

from __future__ import annotations

import re
from pathlib import Path

from openwhist_cli.app import app
from typer.testing import CliRunner

SIDE = re.compile(r"(?<![\w&])(NS|EW|EO|N|E|S|W|O)(?![\w&])")
"""A side or seat by its letters, as a word of its own."""


def whist(path: Path, *args: str, lang: str = "en") -> str:
    result = CliRunner().invoke(
        app, list(args), env={"OPENWHIST_DB": str(path), "NO_COLOR": "1", "OPENWHIST_LANG": lang}
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def score_line(out: str) -> str:
    (line,) = [line for line in out.splitlines() if line.startswith(("Score:", "Puntuación:"))]
    return line


def test_the_match_points_are_said_once_and_the_sides_by_their_players(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    whist(path, "record", "start", "english", *(f"-p{n}" for n in ("Ann", "Bob", "Cy", "Dee")))
    first = whist(path, "record", "deal", "1", "tricks=7,6", "honours=4,0")
    assert score_line(first) == (
        "Score: Ann & Cy 3  Bob & Dee 0   (Ann & Cy win game 1 5–0: treble, 3 game points; "
        "rubber 1, game 2: Ann & Cy 0 – Bob & Dee 0 towards game, games won 1–0)"
    )
    assert "match points" not in first
    assert not SIDE.search(first), first

    second = whist(path, "record", "deal", "1", "tricks=8,5", lang="es")
    assert score_line(second) == (
        "Puntuación: Ann & Cy 3  Bob & Dee 0   (robber 1, juego 2: Ann & Cy 2 – Bob & Dee 0 "
        "hacia el juego, juegos ganados 1–0)"
    )
    assert "puntos del encuentro" not in second
    assert not SIDE.search(second), second

    # The rubber and the match won: who won, once; the points are the totals.
    last = whist(path, "record", "deal", "1", "tricks=13,0")
    line = score_line(last)
    assert line.startswith("Score: Ann & Cy 8  Bob & Dee 0   (Ann & Cy win game 2 5–0"), line
    assert line.endswith("; Ann & Cy win the match)"), line
    assert " 8 " not in line.partition("(")[2], line  # 8 match points: said by the totals
    assert not SIDE.search(last), last


def test_a_match_of_games_says_the_game_and_the_points_towards_it(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    whist(path, "record", "start", "english", *(f"-p{n}" for n in ("Ann", "Bob", "Cy", "Dee")),
          "-o", "rubber=false", "-o", "games=2")  # fmt: skip
    out = whist(path, "record", "deal", "1", "tricks=6,7")
    assert score_line(out) == (
        "Score: Ann & Cy 0  Bob & Dee 0   (game 1: Ann & Cy 0 – Bob & Dee 1 towards game)"
    )


def test_record_deal_says_a_game_won_once(tmp_path: Path) -> None:
    """The game just won is on the score line: it is not listed above it as a line too
    (as the table's deal result lists only the deal's own lines); a rubber's bonus, which
    the score line does not say, is listed with its points."""
    path = tmp_path / "club.sqlite3"
    whist(path, "record", "start", "english", *(f"-p{n}" for n in ("Ann", "Bob", "Cy", "Dee")))
    first = whist(path, "record", "deal", "1", "tricks=13,0")
    assert first.count("win game 1") == 1, first
    assert "Ann & Cy win game 1 5–0" in score_line(first)
    last = whist(path, "record", "deal", "1", "tricks=13,0", "--again")
    assert last.count("win game 2") == 1, last
    (bonus,) = [line for line in last.splitlines() if "rubber 1 bonus" in line]
    assert "+2  rubber:" in bonus, last
