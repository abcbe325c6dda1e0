"""Every error a player can meet from the services and the ledger is translated.

* An AST scan of ``openwhist/services`` and ``openwhist/ledger`` fails on any openwhist
  error raised with finished text (an f-string, a sentence, a sum of them) instead of a
  translatable `Message` -- and, so the scan cannot pass by seeing nothing, it is shown to
  catch planted offences;
* the CLI shows the services' and the ledger's refusals in Spanish, Portuguese and Italian
  (no English left), with the same exit code as in English;
* the server sends the translatable message beside the code.
"""

from __future__ import annotations

import ast
import gettext
import importlib
import pkgutil
from pathlib import Path

import openwhist
import pytest
from openwhist import Message, OpenWhistError
from openwhist_cli.app import app
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "core" / "openwhist"
SCANNED = sorted([*(CORE / "services").glob("*.py"), *(CORE / "ledger").glob("*.py")])
LANGS = ("es", "pt", "it")


def _error_names() -> set[str]:
    """The names of every `OpenWhistError` class openwhist defines (its modules imported)."""
    for info in pkgutil.walk_packages(openwhist.__path__, "openwhist."):
        if ".migrations" in info.name:
            continue
        importlib.import_module(info.name)
    found: set[str] = set()
    todo: list[type] = [OpenWhistError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


def _finished_text(node: ast.expr) -> bool:
    """Text already written out in English: an f-string, a string literal with a space (a
    sentence; a bare code such as ``"bad_seat"`` is not text), ``"..." + ...``, either
    branch of ``a if c else b``, or ``"...".format(...)``."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and " " in node.value.strip()
    if isinstance(node, ast.BinOp):
        return _finished_text(node.left) or _finished_text(node.right)
    if isinstance(node, ast.IfExp):
        return _finished_text(node.body) or _finished_text(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "format" and _finished_text(node.func.value)
    return False


def offences(source: str, errors: set[str]) -> list[tuple[int, str]]:
    """Where ``source`` raises one of ``errors`` with finished text, or an error class's
    ``__init__`` hands finished text to ``super().__init__``: (line, the call)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        call: ast.Call | None = None
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in errors:
                call = node.exc
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "__init__"
            and isinstance(node.func.value, ast.Call)
            and getattr(node.func.value.func, "id", None) == "super"
        ):
            call = node
        if call is None:
            continue
        texts = [*call.args, *(k.value for k in call.keywords)]
        if any(_finished_text(arg) for arg in texts):
            found.append((call.lineno, ast.get_source_segment(source, call) or ""))
    return found


def test_no_service_or_ledger_error_is_raised_with_finished_text() -> None:
    errors = _error_names()
    assert {"LedgerError", "UsageError", "TableError", "PluginContractError"} <= errors
    assert len(SCANNED) > 20  # every module of both packages
    found = {
        f"{path.relative_to(ROOT)}:{line}: {call[:80]}"
        for path in SCANNED
        for line, call in offences(path.read_text(encoding="utf-8"), errors)
    }
    assert not found, "raise these with Message(N_(...), {...}):\n" + "\n".join(sorted(found))


def test_the_scan_catches_finished_text_and_passes_messages() -> None:
    errors = {"LedgerError", "UsageError", "TableError"}
    planted = """
def f(match, seats):
    raise LedgerError(f"match {match} is over")
    raise UsageError("a table has " + str(seats) + " seats")
    raise UsageError("there is no match {m}".format(m=match))
    raise TableError("bad_seat", "table 3 has no seat 9")
    raise LedgerError("each seat needs a player" if seats else "no seats")

class E(Exception):
    def __init__(self, n):
        super().__init__(f"{n} points")
"""
    assert [line for line, _call in offences(planted, errors)] == [3, 4, 5, 6, 7, 11]
    fine = """
def f(match):
    raise LedgerError(Message(N_("match {match} is over"), {"match": match}))
    raise TableError("bad_seat", Message(N_("table {table} has no seat {seat}")))
    raise LedgerError(reason)
    raise ValueError(f"not an openwhist error: {match}")
"""
    assert offences(fine, errors) == []


def _translation(lang: str) -> gettext.NullTranslations:
    path = CORE / "locale" / lang / "LC_MESSAGES" / "messages.mo"
    with path.open("rb") as handle:
        return gettext.GNUTranslations(handle)


def test_a_ledger_error_is_its_english_text_and_translates() -> None:
    from openwhist.ledger.errors import LedgerNotFoundError

    error = LedgerNotFoundError(
        Message("there is no match {match_id} in this ledger", {"match_id": 7})
    )
    assert str(error) == "there is no match 7 in this ledger"
    assert error.message is not None
    spanish = error.message.render(translations=_translation("es"))
    assert spanish == "no hay ninguna partida 7 en este registro"
    # Plain text still works, for errors no player reads.
    assert str(OpenWhistError("plain")) == "plain"
    assert OpenWhistError("plain").message is None


def _run(args: list[str], lang: str | None) -> tuple[int, str]:
    runner = CliRunner()
    prefix = ["--lang", lang] if lang else []
    result = runner.invoke(app, [*prefix, *args], env={"OPENWHIST_LANG": ""})
    return result.exit_code, result.output


# Commands refused by a service or the ledger: (arguments, the English text, exit code).
REFUSALS = [
    pytest.param(["scores", "99"], "there is no match 99 in this ledger", 1, id="scores"),
    pytest.param(["resume", "7"], "there is no match 7 in this ledger", 1, id="resume"),
    pytest.param(
        ["record", "start", "german", "-p", "Ann", "-p", "Ann"],
        "each seat needs a different player",
        1,
        id="record-start",
    ),
    pytest.param(
        ["record", "start", "german", "-p", "Ann", "-p", "Bob", "--first-dealer", "Zed"],
        "unknown seat 'Zed': use a seat name (A, B) or a number from 1",
        2,
        id="seat",
    ),
    pytest.param(
        ["arena", "german", "--bots", "heuristic", "--deals", "2"],
        "--bots: give at least two bots to compare, separated by commas, e.g. --bots "
        "heuristic,random",
        2,
        id="arena",
    ),
    pytest.param(
        ["simulate", "german", "--bot", "nobody", "--deals", "1"],
        "no bot 'nobody' can play german",
        2,
        id="simulate-bot",
    ),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("args", "english", "code"), REFUSALS)
def test_service_and_ledger_errors_are_shown_in_the_players_language(
    tmp_path: Path, args: list[str], english: str, code: int, lang: str
) -> None:
    db = (
        ["--db", str(tmp_path / "ledger.sqlite3")]
        if args[0] in ("scores", "resume", "record")
        else []
    )
    if args[0] == "scores":
        # A ledger that exists, so the refusal is the missing match, not the missing file.
        assert _run(["record", "start", "german", "-p", "Ann", "-p", "Bob", *db], None)[0] == 0
    en_code, en_out = _run([*args, *db], None)
    assert (en_code, english in en_out) == (code, True), en_out
    got_code, out = _run([*args, *db], lang)
    assert got_code == code, out
    assert english not in out, out
    assert "error:" not in out or lang == "es", out  # "erro:" in pt, "errore:" in it


def test_a_refusal_names_the_player_language_words(tmp_path: Path) -> None:
    db = ["--db", str(tmp_path / "ledger.sqlite3")]
    assert _run(["record", "start", "german", "-p", "Ann", "-p", "Bob", *db], None)[0] == 0
    code, out = _run(["scores", "99", *db], "es")
    assert code == 1
    assert "error: no hay ninguna partida 99 en este registro" in out
    code, out = _run(["scores", "99", *db], "pt")
    assert "erro: não há nenhuma partida 99 neste registo" in out
    code, out = _run(["scores", "99", *db], "it")
    assert "errore: non c'è nessuna partita 99 in questo registro" in out


def test_the_server_sends_the_code_and_a_translatable_message() -> None:
    from openwhist.services.hosting import TableError
    from openwhist_server.app import _explained

    error = TableError(
        "bad_seat", Message("table {table} has no seat {seat}", {"table": 3, "seat": 9})
    )
    data = _explained(error)
    assert data["message"] == "table 3 has no seat 9"
    document = data["message_document"]
    again = Message.from_dict(document)
    assert again.render(translations=_translation("it")) == "il tavolo 3 non ha il posto 9"
    # The server's own refusals are messages too: every error carries its document.
    plain = _explained(Message("that is not JSON"))
    assert plain == {
        "message": "that is not JSON",
        "message_document": {"text": "that is not JSON", "values": {}},
    }


PLAYERS = {
    "german": ["Ann", "Bob"],
    "english": ["Ann", "Bob", "Cy", "Di"],
    "israeli": ["Ann", "Bob", "Cy", "Di"],
    "solo": ["Ann", "Bob", "Cy", "Di"],
    "knockout": ["Ann", "Bob", "Cy"],
}
# Facts each variant refuses, for reasons of its own model, its scoring and pydantic's types.
BAD_FACTS = {
    "german": ["phase1_tricks=7,7", "phase2_tricks=13,0", "late_revoke=maybe"],
    "english": ["tricks=7,7", "honours=9,0"],
    "israeli": ["declarer=W", "bid=5S", "contracts=3,3,3,2", "tricks=4,3,3,3"],
    "solo": ["contract=solo", "tricks=4,3,3,2"],
    "knockout": ["tricks=9,0,0"],
}


def _problems(output: str, variant: str) -> list[str]:
    """The English problems of an ``invalid deal facts`` error, each without the name of
    the fact it is about (the name is typed as it is in every language)."""
    head = f"invalid deal facts for {variant}: "
    line = next(x for x in output.splitlines() if head in x)
    problems = line.split(head, 1)[1].split("; ")
    return [p.split(": ", 1)[1] if p.split(": ", 1)[0] in p.split()[0] else p for p in problems]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", sorted(BAD_FACTS))
def test_a_bad_real_card_deal_is_refused_in_the_players_language(
    tmp_path: Path, variant: str, lang: str
) -> None:
    db = ["--db", str(tmp_path / "ledger.sqlite3")]
    players = [arg for name in PLAYERS[variant] for arg in ("-p", name)]
    assert _run(["record", "start", variant, *players, *db], None)[0] == 0
    deal = ["record", "deal", "1", *BAD_FACTS[variant], *db]
    en_code, english = _run(deal, None)
    assert en_code == 2, english
    problems = _problems(english, variant)
    assert len(problems) >= 1
    code, out = _run(deal, lang)
    assert code == 2, out  # the exit code does not depend on the language
    assert "invalid deal facts" not in out, out
    for problem in problems:
        assert problem not in out, f"English left in {lang}: {problem!r}\n{out}"
    if variant == "israeli":
        # The declarer is named by the player, never by the English letter W.
        assert "(Di)" in english
        assert "(Di)" in out
        assert "(W)" not in out


def test_the_israeli_declarer_letter_is_translated_without_player_names() -> None:
    from openwhist_israeli.scoring import IsraeliFacts

    facts = IsraeliFacts.model_construct(
        declarer=3,
        bid="5S",
        contracts=[3, 3, 3, 2],
        tricks=[4, 3, 3, 3],
        revokes=[0, 0, 0, 0],
        passed_out=False,
    )
    (problem,) = [p for p in facts.problems() if "declarer" in p.text]
    assert problem.render().startswith("the declarer (W) bid 5S")
    mo = (ROOT / "plugins/israeli/src/openwhist_israeli/locale/es/LC_MESSAGES/messages.mo").open(
        "rb"
    )
    with mo:
        spanish = problem.render(translations=gettext.GNUTranslations(mo))
    assert spanish.startswith("el declarante (O) apostó 5S"), spanish
    named = [p.render() for p in facts.problems(["Ann", "Bob", "Cy", "Di"])]
    assert any(p.startswith("the declarer (Di) bid 5S") for p in named), named


def test_pydantic_errors_are_translated_by_type() -> None:
    from openwhist.services.ledger import facts_messages
    from pydantic import BaseModel, ConfigDict, Field, ValidationError

    class Facts(BaseModel):
        model_config = ConfigDict(extra="forbid")

        tricks: int = Field(ge=0, le=13)
        flag: bool = False

    with pytest.raises(ValidationError) as caught:
        Facts.model_validate({"tricks": 14, "flag": "maybe", "extra": 1})
    messages = facts_messages(caught.value)
    english = [m.render() for m in messages]
    assert "tricks: 14 is too large: the most is 13" in english
    assert "flag: 'maybe' is not yes or no" in english
    italian = [m.render(translations=_translation("it")) for m in messages]
    assert "tricks: 14 è troppo grande: il massimo è 13" in italian
    assert "flag: 'maybe' non è sì né no" in italian
    assert "extra non è un fatto di questa variante" in italian  # the name stays as typed
