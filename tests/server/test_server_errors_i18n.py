"""Every error the table server sends can be read in the player's language (issue 18,
item 10; docs/server.md, "Errors").

* every ``_refuse``/``_error`` call of the server passes a translatable message, never
  finished English (an AST scan, shown to catch a planted offence);
* a websocket whose ``hello`` named ``es``/``pt``/``it`` gets each kind of error with
  ``said`` in that language, beside the unchanged code, English ``message`` and
  ``message_document``; an HTTP client gets it in its ``Accept-Language`` or ``?lang=``;
* ``whist join`` prints a server's refusal in its own language, from ``message_document``.
"""

from __future__ import annotations

import ast
import io
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from openwhist import Message

from tests.server.conftest import Client, ServerHarness

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "server" / "openwhist_server" / "app.py"
# The argument that explains the error, by callee.
EXPLAINED_AT = {"_refuse": 2, "_error": 3, "_BadMessageError": 1}


def _finished(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def finished_text_calls(source: str) -> list[int]:
    """The lines where the server explains an error with a string of its own."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        index = EXPLAINED_AT.get(node.func.id)
        if index is None:
            continue
        if (
            len(node.args) <= index
            or _finished(node.args[index])
            or (
                isinstance(node.args[index], ast.Call)
                and isinstance(node.args[index].func, ast.Name)
                and node.args[index].func.id == "str"
            )
        ):
            found.append(node.lineno)
    return found


def test_every_server_error_is_explained_by_a_translatable_message() -> None:
    source = APP.read_text(encoding="utf-8")
    calls = [
        n
        for n in ast.walk(ast.parse(source))
        if isinstance(n, ast.Call) and getattr(n.func, "id", None) in EXPLAINED_AT
    ]
    assert len(calls) > 20  # the scan sees the server's error paths
    assert finished_text_calls(source) == []
    planted = """
_refuse(400, "bad_json", "the request body is not JSON", request)
_error(hub, conn, "rate_limited", f"at most {rate} messages a second")
raise _BadMessageError("bad_message", str(exc))
_refuse(400, "bad_json", refusals.body_not_json(), request)
"""
    assert finished_text_calls(planted) == [2, 3, 4]


def test_every_kind_of_explanation_has_a_document_that_renders_as_its_english() -> None:
    from openwhist import OpenWhistError, OptionsError
    from openwhist_server.app import _explained

    for error in (
        Message("that is not JSON"),
        OpenWhistError("a plugin's plain words {with braces}"),
        OptionsError("german", ["target: 0 is too small"], messages=[Message("x {n}", {"n": 0})]),
    ):
        data = _explained(error)
        again = Message.from_dict(data["message_document"])
        assert again.render() == data["message"] or isinstance(error, OptionsError)
    plain = _explained(OpenWhistError("a plugin's plain words {with braces}"))
    assert plain["message"] == "a plugin's plain words {with braces}"
    assert Message.from_dict(plain["message_document"]).render() == plain["message"]


def _said(message: dict[str, Any]) -> str:
    return "".join(part.get("text", "") for part in message["said"]["parts"])


# What each language calls the errors below: (code, a message to send, English, words).
WORDS = {
    "es": [
        "eso no es JSON",
        "tipo de mensaje desconocido",
        "necesita 'action' como str",
        "el saludo (hello) ya se envió",
        "un mensaje tiene como máximo",
    ],
    "pt": [
        "isso não é JSON",
        "tipo de mensagem desconhecido",
        "precisa de 'action' como str",
        "a saudação (hello) já foi enviada",
        "uma mensagem tem no máximo",
    ],
    "it": [
        "questo non è JSON",
        "tipo di messaggio sconosciuto",
        "richiede 'action' come str",
        "il saluto (hello) è già stato inviato",
        "un messaggio è al massimo di",
    ],
}
SENT = [
    ("bad_json", "{nope", "that is not JSON"),
    ("unknown_type", {"type": "dance"}, "unknown message type 'dance'"),
    ("bad_message", {"type": "act", "action": 3}, "'act' needs 'action' as str"),
    ("bad_message", {"type": "hello", "table": 1}, "hello was said already"),
    ("too_big", "x" * 5000, "a message is at most 4096 bytes"),
]
# A table's refusal (the hosting service's), by language: a spectator may not start it.
NOT_HOST = {
    "es": "solo el anfitrión de la mesa puede hacer eso",
    "pt": "só o anfitrião da mesa pode fazer isso",
    "it": "solo chi ospita il tavolo può farlo",
}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_websocket_client_reads_each_error_in_its_language(
    server: ServerHarness, lang: str
) -> None:
    hosting = server.start()
    created = hosting.create_table("german", ["human:Ann", "bot:random"], seed=1)
    client = Client(server.url)
    try:
        # Before the hello no language is known: the English, and the document.
        client.send({"type": "view"})
        early = client.receive()
        assert early["code"] == "hello_first"
        assert early["message"] == "say hello (table and token) first"
        assert early["message_document"]["text"] == "say hello (table and token) first"
        assert "said" not in early
        client.hello(created.table_id, None, lang=lang)
        for (code, sent, english), words in zip(SENT, WORDS[lang], strict=True):
            client.send(sent if isinstance(sent, str) else json.dumps(sent))
            error = client.until(lambda m: m["type"] == "error")
            assert (error["code"], error["message"]) == (code, english)
            assert Message.from_dict(error["message_document"]).render() == english
            assert words in _said(error), (lang, error)
            assert english not in _said(error)
        client.send({"type": "start"})  # a spectator is not the host
        error = client.until(lambda m: m["type"] == "error")
        assert error["code"] == "not_host"
        assert NOT_HOST[lang] in _said(error), error
    finally:
        client.close()


def test_a_refused_hello_is_said_in_the_language_it_named(server: ServerHarness) -> None:
    hosting = server.start()
    created = hosting.create_table("german", ["human:Ann", "bot:random"], seed=1)
    client = Client(server.url)
    try:
        client.send({"type": "hello", "table": created.table_id, "token": "x" * 43, "lang": "it"})
        error = client.until(lambda m: m["type"] == "error")
        assert error["code"] == "bad_token"
        assert error["message_document"]["text"]
        said = _said(error)
        assert said == f"quel token non apre nessun posto del tavolo {created.table_id}", error
    finally:
        client.close()


def _post(server: ServerHarness, body: bytes, headers: dict[str, str], query: str = "") -> Any:
    request = urllib.request.Request(
        f"{server.http}/api/tables{query}",
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", **headers},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=20)
    return refused.value.code, json.loads(refused.value.read())


HTTP_WORDS = {
    "es": (
        "el cuerpo de la petición no es JSON",
        "una petición de mesa es un objeto JSON",
        "crear una mesa requiere el token de creación",
        "ese no es el token de creación",
    ),
    "pt": (
        "o corpo do pedido não é JSON",
        "um pedido de mesa é um objeto JSON",
        "criar uma mesa exige o token de criação",
        "esse não é o token de criação",
    ),
    "it": (
        "il corpo della richiesta non è JSON",
        "una richiesta di tavolo è un oggetto JSON",
        "creare un tavolo richiede il token di creazione",
        "questo non è il token di creazione",
    ),
}


@pytest.mark.parametrize("lang", sorted(HTTP_WORDS))
def test_an_http_client_reads_each_error_in_its_language(server: ServerHarness, lang: str) -> None:
    not_json, not_object, needs_token, wrong_token = HTTP_WORDS[lang]
    server.options = {"create_token": "s3cret"}
    server.start()
    bearer = {"Authorization": "Bearer s3cret"}
    asked = {"Accept-Language": f"{lang};q=0.9, fr;q=0.8", **bearer}
    code, error = _post(server, b"{nope", asked)
    assert (code, error["code"], error["message"]) == (
        400,
        "bad_json",
        "the request body is not JSON",
    )
    assert _said(error) == not_json
    code, error = _post(server, b"[1]", bearer, query=f"?lang={lang}")
    assert (code, error["code"]) == (400, "bad_message")
    assert _said(error) == not_object
    code, error = _post(server, b"{}", {"Accept-Language": lang})
    assert (code, error["code"]) == (401, "unauthorized")
    assert _said(error) == needs_token
    code, error = _post(server, b"{}", {"Accept-Language": lang, "Authorization": "Bearer no"})
    assert (code, error["code"]) == (403, "forbidden")
    assert _said(error) == wrong_token
    # A request that names no language gets the English and the document only.
    code, error = _post(server, b"{nope", bearer)
    assert "said" not in error
    assert error["message_document"] == {"text": "the request body is not JSON", "values": {}}


def test_whist_join_prints_a_servers_error_in_its_own_language() -> None:
    from openwhist.services import refusals
    from openwhist_cli import i18n
    from openwhist_cli.commands.join import RemoteTableUI
    from openwhist_server.app import _explained
    from rich.console import Console

    out = io.StringIO()
    ui = RemoteTableUI.__new__(RemoteTableUI)
    ui.console = Console(file=out, width=100, color_system=None)
    ui.waiting = False
    error = {"type": "error", "code": "rate_limited", **_explained(refusals.rate_limited(20.0))}
    try:
        i18n.setup("pt")
        ui._error(error)
    finally:
        i18n.setup("en")
    assert error["message"] == "at most 20 messages a second"
    assert out.getvalue().strip() == "no máximo 20 mensagens por segundo"
