"""Issue 18, item 10: ``whist ledger check`` speaks the player's language.

Each finding is a translatable message: under ``OPENWHIST_LANG=es`` the check's name and
what is wrong are Spanish (SQLite's own words stay what SQLite says, inside a Spanish
sentence), while ``--json`` keeps its stable fields (``check`` is still ``structure``,
``problem`` the English text) and adds the message document for other interfaces.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from openwhist import Message
from openwhist.ledger import db
from openwhist.services.ledger import Ledger
from openwhist_cli.app import app
from typer.testing import CliRunner


def whist(path: Path, lang: str, *args: str) -> Any:
    return CliRunner().invoke(
        app, list(args), env={"OPENWHIST_DB": str(path), "NO_COLOR": "1", "OPENWHIST_LANG": lang}
    )


def _ledger(path: Path, catalog: Any, deals: int = 2) -> int:
    with Ledger(str(path), catalog=catalog) as ledger:
        match = ledger.start_match("israeli", ["Noa", "Eli", "Sara", "Wim"])
        for _ in range(deals):
            ledger.record_real_deal(
                match,
                {"declarer": 0, "bid": "5S", "contracts": [5, 4, 3, 0], "tricks": [5, 4, 4, 0]},
                again=True,
            )
    return match


def _tamper(path: Path, sql: str) -> None:
    engine = db.make_engine(str(path))
    with engine.begin() as conn:
        conn.execute(sa.text(sql))
    engine.dispose()


def test_findings_are_spanish_and_the_json_keeps_its_fields(tmp_path: Path, catalog: Any) -> None:
    path = tmp_path / "club.sqlite3"
    match = _ledger(path, catalog)
    assert whist(path, "es", "ledger", "check").exit_code == 0
    # Someone renumbers the second deal by hand.
    _tamper(path, f"UPDATE deals SET number = 5 WHERE match_id = {match} AND number = 2")

    result = whist(path, "es", "ledger", "check")
    assert result.exit_code == 5, result.output
    assert (
        f"estructura de la partida: partida {match}: sus manos están numeradas [1, 5], no de 1 a 2"
    ) in result.stdout, result.stdout
    for english in ("structure:", "numbered", "match "):
        assert english not in result.stdout, result.stdout

    # The same under Portuguese and Italian.
    portuguese = whist(path, "pt", "ledger", "check").stdout
    assert "estrutura da partida: partida" in portuguese, portuguese
    assert "as suas mãos estão numeradas [1, 5], não de 1 a 2" in portuguese, portuguese
    italian = whist(path, "it", "ledger", "check").stdout
    assert "le sue smazzate sono numerate [1, 5], non da 1 a 2" in italian, italian

    # --json: the stable word and the English text, plus the translatable message.
    report = json.loads(whist(path, "es", "ledger", "check", "--json").stdout)
    finding = next(f for f in report["findings"] if f["check"] == "structure")
    assert finding["problem"] == "its deals are numbered [1, 5], not 1 to 2"
    assert finding["match"] == match
    message = Message.from_dict(finding["message"])
    assert message.text == "its deals are numbered {numbers}, not 1 to {count}"
    assert message.render() == finding["problem"]


def test_a_file_that_is_not_sqlite_is_named_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    path.write_bytes(b"this is a shopping list, not a ledger\n" * 200)
    result = whist(path, "es", "ledger", "check")
    assert result.exit_code == 5, result.output
    assert (
        "integridad del archivo: el archivo no es una base de datos SQLite (cabecera incorrecta)"
    ) in result.stdout, result.stdout


def test_sqlites_own_report_is_data_in_a_spanish_sentence(tmp_path: Path, catalog: Any) -> None:
    path = tmp_path / "club.sqlite3"
    _ledger(path, catalog, deals=6)
    conn = sqlite3.connect(path)
    conn.execute("VACUUM")
    conn.close()
    size = path.stat().st_size
    with path.open("r+b") as handle:  # random bytes over the last page
        handle.seek(size - 4096)
        handle.write(random.Random(18).randbytes(4096))
    result = whist(path, "es", "ledger", "check")
    assert result.exit_code == 5, result.output
    lines = result.stdout.splitlines()
    assert lines, result.output
    # SQLite's words are its own (English); the sentence around them is Spanish.
    for line in lines:
        assert line.startswith(
            ("integridad del archivo: SQLite informa: ", "integridad del archivo: SQLite no puede")
        ), result.stdout
