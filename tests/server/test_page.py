"""The browser table's page and what it stands on, with a real ``whist serve`` (uvicorn on
127.0.0.1) and real HTTP and websocket clients (docs/server.md, "The browser table").

What a player notices: every invite link ``/t/<table>#<token>`` opens its own seat (or the
host's controls), the page itself carries no token, an unknown table is a 404 in the
player's language, the page speaks Spanish, Portuguese or Italian as asked, nothing comes
from another site, and the views the page draws are already in the player's language --
another seat's private action told as its declared sentence, never as the action.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest
from openwhist.services.shown import choose_language
from openwhist_server import site_url
from openwhist_server.page import STATIC
from starlette.requests import Request

from tests.server.conftest import Client, ServerHarness


def _get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, dict(answer.headers), answer.read().decode("utf-8")
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read().decode("utf-8")


def _create(server: ServerHarness, body: dict[str, Any], **headers: str) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server.http}/api/tables",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", **headers},
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        assert answer.status == 201
        created: dict[str, Any] = json.loads(answer.read())
        return created


def test_each_invite_link_opens_its_own_seat_and_the_page_carries_no_token(
    server: ServerHarness,
) -> None:
    server.start()
    created = _create(
        server, {"variant": "english", "seats": ["human:Ann", "open", "bot:random", "open"]}
    )
    table = created["table"]
    invites = created["invites"]
    assert set(invites) == {"host", "0", "1", "3"}  # no invite for the bot's seat
    tokens = {"host": created["host_token"], **created["seat_tokens"]}
    pages = []
    for who, link in invites.items():
        # The token rides in the fragment, which no browser sends to any server.
        assert link == f"{server.http}/t/{table}#{tokens[who]}"
        address, _, token = link.partition("#")
        status, _headers, page = _get(address)
        assert status == 200
        assert token not in page
        pages.append(page)
        # What the page's script does with the fragment: say it in hello.
        client = Client(server.url)
        client.send({"type": "hello", "table": table, "token": token, "lang": "en"})
        welcome = client.until(lambda m: m["type"] == "welcome")
        assert welcome["host"] is (who == "host")
        assert welcome["seat"] == (None if who == "host" else int(who))
        view = client.until(lambda m: m["type"] == "view")["view"]
        assert view["you"]["seat"] == welcome["seat"]
        assert view["shown"]["deal"] is None  # the table waits for its host
        assert view["shown"]["sides"] == [[0, 2], [1, 3]]  # the page marks a partner
        client.close()
    # One page for everybody: who you are is the token's business, not the page's.
    assert len(set(pages)) == 1
    for token in tokens.values():
        assert all(token not in page for page in pages)


def test_invite_links_follow_the_address_the_client_used(server: ServerHarness) -> None:
    server.start()
    body = {"variant": "german", "seats": ["human:Ann", "open"]}
    behind = _create(server, body, Host="cards.example.org", **{"X-Forwarded-Proto": "https"})
    # A proxy on this machine said https: the links are what the players' browsers reach.
    assert behind["invites"]["1"] == (
        f"https://cards.example.org/t/{behind['table']}#{behind['seat_tokens']['1']}"
    )

    def request(client: str, proto: str) -> Request:
        scope = {
            "type": "http",
            "scheme": "http",
            "server": ("127.0.0.1", 8765),
            "client": (client, 40000),
            "path": "/api/tables",
            "headers": [(b"host", b"cards.example.org"), (b"x-forwarded-proto", proto.encode())],
        }
        return Request(scope)

    # Anyone else claiming https is not believed: only a proxy on this machine is.
    assert site_url(request("203.0.113.9", "https")) == "http://cards.example.org"
    assert site_url(request("127.0.0.1", "https")) == "https://cards.example.org"
    assert site_url(request("127.0.0.1", "gopher")) == "http://cards.example.org"


def test_an_unknown_table_or_file_is_404_in_the_players_language(server: ServerHarness) -> None:
    server.start()
    status, _headers, page = _get(f"{server.http}/t/4242?lang=es")
    assert status == 404
    assert "No hay ninguna mesa 4242." in page
    assert '<html lang="es">' in page
    assert "table.js" not in page  # nothing to run for a table that does not exist
    assert _get(f"{server.http}/static/secrets.txt")[0] == 404
    assert _get(f"{server.http}/static/..%2Fpage.py")[0] == 404
    assert _get(f"{server.http}/t/nope")[0] == 404


@pytest.mark.parametrize(
    ("query", "accept", "lang", "hand"),
    [
        ("?lang=es", "", "es", "Tu mano"),
        ("", "pt-PT,pt;q=0.9,en;q=0.5", "pt", "A sua mão"),
        ("", "fr-FR, it;q=0.7, es;q=0.3", "it", "La tua mano"),
        ("?lang=xx", "", "en", "Your hand"),
        ("?lang=it", "es", "it", "La tua mano"),
    ],
)
def test_the_page_speaks_the_language_asked_for(
    server: ServerHarness, query: str, accept: str, lang: str, hand: str
) -> None:
    server.start()
    assert server.hosting is not None
    created = server.hosting.create_table("israeli", ["human:Ann", "open", "open", "open"])
    headers = {"Accept-Language": accept} if accept else {}
    status, _headers, page = _get(f"{server.http}/t/{created.table_id}{query}", headers)
    assert status == 200
    assert f'<html lang="{lang}">' in page
    assert hand in page
    block = re.search(r'<script type="application/json" id="config">(.*?)</script>', page)
    assert block is not None
    config = json.loads(block.group(1))
    assert config["lang"] == lang
    assert config["text"]["your_hand"] == hand


def test_language_choice_follows_query_then_accept_language_weights() -> None:
    assert choose_language("pt-PT", "es") == "pt"
    assert choose_language(None, "de, es;q=0.2, it;q=0.8") == "it"
    assert choose_language(None, "it;q=0, es") == "es"  # q=0 means "not this one"
    assert choose_language(None, "de-DE") == "en"
    assert choose_language(None, None) == "en"


def test_nothing_comes_from_another_site(server: ServerHarness) -> None:
    server.start()
    assert server.hosting is not None
    created = server.hosting.create_table("german", ["human:Ann", "open"])
    status, headers, page = _get(f"{server.http}/t/{created.table_id}")
    assert status == 200
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy
    assert "'unsafe-inline'" not in policy
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"
    # Every address the page, its script and its style sheet name is this server's. (The
    # files directly in static/ are ours; static/vendor/ holds libraries kept byte for byte
    # as published, checked by their pinned checksums, and the policy above keeps them from
    # loading anything from elsewhere.)
    for text in [page, *(p.read_text() for p in STATIC.iterdir() if p.is_file())]:
        assert not re.search(r"(?i)https?://|//[a-z0-9.-]+\.[a-z]{2,}/|url\(", text)
        assert "@import" not in text
    for ref in re.findall(r'(?:src|href)="([^"]*)"', page):
        assert ref.startswith("/static/"), ref
    # No inline script: the only script element with code is the page's own file.
    assert re.findall(r"<script[^>]*>", page) == [
        '<script type="application/json" id="config">',
        '<script src="/static/table.js">',
    ]
    for name, kind in (("table.js", "text/javascript"), ("table.css", "text/css")):
        status, headers, body = _get(f"{server.http}/static/{name}")
        assert status == 200
        assert headers["content-type"].startswith(kind)
        assert headers["x-content-type-options"] == "nosniff"
        assert body == (STATIC / name).read_text()


def _said(message: dict[str, Any]) -> str:
    line = message["event"].get("said")
    return "" if line is None else "".join(p.get("text", "") for p in line["parts"])


def test_views_for_a_page_are_drawn_in_its_language_and_hide_a_private_action(
    server: ServerHarness,
) -> None:
    """Four players at an auction that everybody passes: a Frisch follows. The page of
    the seat that chooses sees its cards; every other page is told, in its language, that
    cards went face down -- never which."""
    server.start()
    assert server.hosting is not None
    seats = ["human:Ann", "human:Bo", "human:Cy", "human:Di"]
    created = server.hosting.create_table("israeli", seats, seed=3)
    host = Client(server.url)
    host.hello(created.table_id, created.host_token)
    clients = []
    for seat, lang in enumerate(("es", "en", "it", "pt")):
        client = Client(server.url)
        client.send(
            {"type": "hello", "table": created.table_id, "token": created.seat_tokens[seat]}
            | {"lang": lang}
        )
        client.until(lambda m: m["type"] == "view")
        clients.append(client)
    host.send({"type": "start"})
    views = [
        c.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "deal")["view"]
        for c in clients
    ]
    view: dict[str, Any] = {}
    for _ in range(20):  # everyone passes, then the Frisch begins
        to_act = views[0]["deal"]["to_act"]
        view = views[to_act]
        if view["shown"]["deal"]["exchange"] is not None:
            break
        assert "pass" in view["deal"]["legal"], view["deal"]["legal"]
        # The pass button reads in the seat's language.
        words = {"es": "paso", "en": "pass", "it": "passo", "pt": "passo"}
        lang = ("es", "en", "it", "pt")[to_act]
        assert view["shown"]["deal"]["calls"]["pass"] == [{"text": words[lang]}]
        clients[to_act].send({"type": "act", "action": "pass"})
        views = [
            c.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "action")["view"]
            for c in clients
        ]
    exchange = view["shown"]["deal"]["exchange"]
    assert exchange is not None, "no Frisch came"
    chooser = view["deal"]["to_act"]
    choice, cards = next(iter(exchange["choices"].items()))
    assert len(cards) == exchange["count"]
    assert set(cards) <= set(view["deal"]["hand"])
    before = [len(c.messages) for c in clients]
    clients[chooser].send({"type": "act", "action": choice})
    sentences = {"es": "pone cartas boca abajo", "it": "carte coperte", "pt": "cartas viradas"}
    for seat, client in enumerate(clients):
        message = client.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "action")
        assert len(client.messages) > before[seat]
        said = _said(message)
        name = seats[chooser].split(":")[1]
        if seat == chooser:
            assert message["event"]["action"] == choice
        else:
            assert message["event"]["action"] == "?"
            assert said.startswith(name), said
            lang = ("es", "en", "it", "pt")[seat]
            assert sentences.get(lang, "puts cards face down") in said, said
            for card in cards:  # no page but the chooser's may learn the cards
                assert card not in json.dumps(message["event"]), message
    for client in [*clients, host]:
        client.close()
