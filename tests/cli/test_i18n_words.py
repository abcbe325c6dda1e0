"""Issue 18 item 10, the words a player still met in English: Click's usage errors, and
the end-of-match sheet's score notes and summaries (stored in the ledger in English)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from openwhist.plugins import load_catalog
from openwhist.services.ledger import Ledger
from openwhist_cli import i18n
from openwhist_cli.app import app
from typer.testing import CliRunner

TRANSLATED = ("es", "pt", "it")


@pytest.fixture(autouse=True)
def _english_afterwards() -> object:
    yield None
    i18n.use_plugin_catalogues(())
    i18n.setup("en")


def _run(*args: str, lang: str = "en", db: Path | None = None, stdin: str = "") -> object:
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": lang}
    if db is not None:
        env["OPENWHIST_DB"] = str(db)
    return CliRunner().invoke(app, list(args), env=env, input=stdin)


# -- usage errors ----------------------------------------------------------------------------

USAGE_ERRORS = [
    # (arguments, the English message the catalogue translates, its values)
    (["scores"], "Missing argument {name}.", {"name": "'MATCH'"}),
    (["matches", "--frob"], "No such option: {name}", {"name": "--frob"}),
    (["scores", "1", "--db"], "Option {name} needs {count} value.", {"name": "'--db'", "count": 1}),
    (["scores", "1", "2"], "Unexpected extra arguments: {arguments}", {"arguments": "2"}),
    (
        ["play", "german", "--deals", "0"],
        "{input} is less than {limit}",
        {"input": "'0'", "limit": 1},
    ),
    (["play", "german", "--deals", "x"], "{input} is not a whole number", {"input": "'x'"}),
    (["--debug=3"], "Option {name} does not take a value.", {"name": "'--debug'"}),
    (["nosuchcommand"], "No such command {name!r}.", {"name": "nosuchcommand"}),
]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(("args", "msgid", "values"), USAGE_ERRORS)
def test_usage_errors_are_in_the_readers_language(
    lang: str, args: list[str], msgid: str, values: dict[str, object]
) -> None:
    result = _run(*args, lang=lang)
    assert result.exit_code == 2, result.output  # the documented usage-error code
    i18n.setup(lang)
    shown = " ".join(result.output.split())
    expected = i18n._(msgid).format(**values)
    assert expected != msgid.format(**values), (lang, msgid)  # translated, not the source
    assert expected in shown, shown
    frame = i18n._("Error: {message}").split("{")[0].strip()
    assert frame in shown
    assert "Try '" not in shown, shown  # Click's English frame
    assert frame == "Error:" or "Error: " not in shown, shown
    assert "Traceback" not in shown


def test_usage_errors_in_english_keep_their_wording() -> None:
    result = _run("matches", "--frob")
    assert result.exit_code == 2
    assert "Error: No such option: --frob (Possible options: --db)" in result.output
    assert "Try 'whist matches --help' for help." in result.output
    bad = _run("play", "german", "--deals", "0")
    assert "Invalid value for '--deals': '0' is less than 1" in bad.output
    assert "Input should be" not in bad.output  # pydantic's words are reworded


# -- the end-of-match sheet ------------------------------------------------------------------


def _stored_english(db: Path) -> list[str]:
    """Every note and summary the ledger stores for match 1, in English."""
    ledger = Ledger(str(db), read_only=True)
    sheet = ledger.score_sheet(1)
    texts = [sheet["match"]["summary"]]
    for deal in sheet["deals"]:
        texts.append(deal["summary"])
        texts.extend(line["note"] for line in deal["lines"])
    return [t for t in texts if t]


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["es"])
def test_the_end_of_match_sheet_shows_no_stored_english_note(lang: str, tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    seats = ["--seat", "N=bot:heuristic", "--seat", "E=bot:random"]
    seats += ["--seat", "S=bot:random", "--seat", "W=bot:random"]
    result = _run("play", "english", "--seed", "4", *seats, lang=lang, db=db)
    assert result.exit_code == 0, result.output
    stored = _stored_english(db)
    assert any("win the match" in t for t in stored)  # what the ledger keeps is English
    end = _words(result.output.split("\n\n\n")[-1])
    catalog = load_catalog()
    i18n.use_plugin_catalogues(catalog.locale_dirs())
    i18n.setup(lang)
    sheet = end[end.index(i18n._("Players: {players}").split(":")[0]) :]
    # Not one stored English note or summary is shown, not even part of one.
    for text in stored:
        for piece in text.split("; "):
            assert _words(piece) not in sheet, piece
    assert "win game" not in sheet
    assert "over six" not in sheet
    # The notes are the variant's messages in Spanish, the sides named by their players.
    won = i18n._("{side} win the match: NS {ns} – EW {ew} points").split("{side}")[1]
    assert won.split("NS")[0].strip() in sheet
    assert i18n._("{tricks} tricks, {over} over six").format(tricks=9, over=3) in sheet
    game = i18n.ngettext(
        "{side} win game {game} {won}–{lost}: {name}, {value} game point",
        "{side} win game {game} {won}–{lost}: {name}, {value} game points",
        3,
    )
    # The bots are called by their seats: a side of seat letters reads as its label.
    shown_game = game.format(side="NS", game=1, won=5, lost=0, name=i18n._("treble"), value=3)
    assert shown_game in sheet, sheet
    single = i18n.ngettext(
        "{side} win game {game} {won}–{lost}: {name}, {value} game point",
        "{side} win game {game} {won}–{lost}: {name}, {value} game points",
        1,
    )
    west = single.format(side="EO", game=2, won=5, lost=3, name=i18n._("single"), value=1)
    assert west in sheet, sheet  # East-West as Spanish writes it
    assert "EW" not in sheet
    # `whist scores` later shows the same sheet.
    later = _run("scores", "1", lang=lang, db=db)
    assert later.exit_code == 0, later.output
    assert _words(later.stdout)[-200:] in _words(result.output)


def test_an_old_ledger_without_stored_messages_shows_its_notes_as_stored(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    seats = ["--seat", "N=bot:random", "--seat", "E=bot:random"]
    seats += ["--seat", "S=bot:random", "--seat", "W=bot:random"]
    played = _run("play", "english", "--seed", "4", "--deals", "2", *seats, db=db)
    assert played.exit_code == 0, played.output
    # A ledger written before messages were stored: the records and progress hold text only.
    with sqlite3.connect(db) as conn:
        for table in ("deals", "matches"):
            for row_id, progress in conn.execute(f"SELECT id, progress FROM {table}").fetchall():
                if progress is None:
                    continue
                conn.execute(
                    f"UPDATE {table} SET progress = json_remove(json_remove(progress, "
                    "'$.summary_message'), '$.awards') WHERE id = ?",
                    (row_id,),
                )
        conn.execute("UPDATE deals SET record = json_remove(record, '$.score.lines', '$.progress')")
    stored = _stored_english(db)
    shown = _run("scores", "1", lang="es", db=db)
    assert shown.exit_code == 0, shown.output
    text = _words(shown.stdout)
    assert _words(stored[0]) in text  # the match's summary, as stored
    assert any("over six" in note and _words(note) in text for note in stored)  # a line's note
    i18n.setup("es")
    assert i18n._("Players: {players}").split(":")[0] in text


# -- seat and side letters -----------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_west_is_written_and_typed_as_the_language_writes_it(lang: str) -> None:
    i18n.setup(lang)
    assert i18n.seat_letters("W") == "O"
    assert i18n.seat_letters("EW") == "EO"
    assert i18n.seat_letters("NS") == "NS"
    assert i18n.seat_letters("A") == "A"  # a seat that is no compass point stays
    assert i18n.seat_letters("Ann") == "Ann"
    compass = ("N", "E", "S", "W")
    assert i18n.typed_seat("O", compass) == "W"
    assert i18n.typed_seat("o", compass) == "W"
    assert i18n.typed_seat("W", compass) == "W"  # the English letter still works
    assert i18n.typed_seat("O", ("A", "B")) == "O"  # not a seat there: left to be refused
    i18n.setup("en")
    assert i18n.seat_letters("W") == "W"
    assert i18n.typed_seat("O", compass) == "O"


def test_a_seat_typed_in_spanish_seats_the_player_and_the_table_says_o(tmp_path: Path) -> None:
    # `--seat O=human` is West; the table, the tricks and the score write O and EO.
    db = tmp_path / "w.sqlite3"
    args = ["play", "english", "--seed", "4", "--deals", "1", "--seat", "O=human:Wim"]
    args += ["--seat", "N=bot:random", "--seat", "E=bot:random", "--seat", "S=bot:random"]
    result = _run(*args, lang="es", db=db, stdin="quit\ns\n")
    assert result.exit_code == 0, result.output
    ledger = Ledger(str(db), read_only=True)
    players = ledger.score_sheet(1)["match"]["players"]
    assert [p["name"] for p in players if p["kind"] == "human"] == ["Wim"]
    assert players[3]["kind"] == "human"  # West, the fourth seat
    shown = result.output
    assert "Wim (" in shown  # at the compass, West's place
    assert "EO" in shown or "Ellos" not in shown
    assert " EW " not in shown
    assert " W " not in shown


def test_a_party_typed_in_spanish_is_adjusted(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite3"
    players = ["-p", "Noa", "-p", "Eli", "-p", "Sara", "-p", "Wim"]
    assert _run("record", "start", "english", *players, db=db).exit_code == 0
    adjusted = _run("adjust", "1", "EO", "-5", "--note", "lento", lang="es", db=db)
    assert adjusted.exit_code == 0, adjusted.output
    sheet = Ledger(str(db), read_only=True).score_sheet(1)
    assert [(a["party"], a["points"]) for a in sheet["adjustments"]] == [(1, -5)]
    shown = _run("scores", "1", lang="es", db=db).stdout
    assert "(EO)" in shown
    assert "(EW)" not in shown


@pytest.mark.parametrize("lang", TRANSLATED)
def test_knockouts_record_fields_are_described_in_the_readers_language(
    lang: str, tmp_path: Path
) -> None:
    db = tmp_path / "k.sqlite3"
    players = ["-p", "Ana", "-p", "Bea", "-p", "Caz"]
    started = _run("record", "start", "knockout", *players, db=db)
    assert started.exit_code == 0, started.output
    fields = _run("record", "fields", "1", lang=lang, db=db)
    assert fields.exit_code == 0, fields.output
    catalog = load_catalog()
    i18n.use_plugin_catalogues(catalog.locale_dirs())
    i18n.setup(lang)
    described = i18n._("tricks taken by each seat, in seat order")
    assert described != "tricks taken by each seat, in seat order"
    assert described in " ".join(fields.stdout.split())


def test_whist_matches_shows_the_summary_in_the_readers_language(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite3"
    seats = ["--seat", "N=bot:random", "--seat", "E=bot:random"]
    seats += ["--seat", "S=bot:random", "--seat", "W=bot:random"]
    assert _run("play", "english", "--seed", "4", "--deals", "2", *seats, db=db).exit_code == 0
    stored = Ledger(str(db), read_only=True).score_sheet(1)["match"]["summary"]
    listed = _run("matches", "--wide", lang="es", db=db)
    assert listed.exit_code == 0, listed.output
    shown = _words(listed.stdout)
    assert _words(stored) not in shown  # the ledger's English summary
    assert "juego" in shown
    assert "EO" in shown


# -- score categories -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "zero", "contract"),
    [
        ("en", "zero bid", "contract"),
        ("es", "apuesta cero", "contrato"),
        ("pt", "aposta zero", "contrato"),
        ("it", "offerta zero", "contratto"),
    ],
)
def test_the_deal_result_names_each_category_in_words(lang: str, zero: str, contract: str) -> None:
    # The ledger stores a zero bid's lines as "zero_bid": a key, which the deal result at
    # the table printed as it is in English ("Ann │ zero_bid │ -30").
    from openwhist.game.scoring import DealScore, ScoreLine
    from openwhist_cli.render import score_table
    from rich.console import Console

    i18n.setup(lang)
    score = DealScore(
        parties=("N", "E", "S", "W"),
        lines=(ScoreLine(0, "zero_bid", -30), ScoreLine(1, "contract", 15)),
        winner=None,
        tricks=(3, 5, 2, 3),
    )
    console = Console(width=80, record=True, color_system=None)
    console.print(score_table(score, labels=("Ann", "Bob", "Cy", "Di")))
    text = console.export_text()
    assert zero in text
    assert contract in text
    assert "zero_bid" not in text
