"""``whist serve`` with real parts: uvicorn on 127.0.0.1, real websocket clients, a real
SQLite ledger (docs/server.md).

What a player notices: a whole German deal against the server's bot, played from a
websocket client; a restart of the server mid-deal that resumes the table at its last
action with the same cards; errors that go to the sender only and change nothing; and the
host's rights that no seat has.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from openwhist.services.hosting import Hosting
from openwhist.services.ledger import Ledger
from openwhist_server import Limits

from tests.server.conftest import Client, ServerHarness, latest_view


def play_turns(client: Client, *, stop_after: int | None = None, timeout: float = 120) -> int:
    """Answer every turn of ``client``'s seat with its first legal action until the table
    closes (or ``stop_after`` actions). Returns how many actions it made."""
    made = 0
    view = latest_view(client)
    while True:
        if view is not None and view["status"] == "closed":
            return made
        deal = view["deal"] if view is not None else None
        if view is not None and view["status"] == "playing" and deal and deal["legal"]:
            if stop_after is not None and made >= stop_after:
                return made
            client.send({"type": "act", "action": deal["legal"][0]})
            made += 1
        message = client.until(lambda m: m["type"] in ("update", "view", "error"), timeout)
        assert message["type"] != "error", message
        view = message["view"]


def seat_host(server: ServerHarness, variant: str, seats: list[str], seed: int) -> tuple[Any, ...]:
    assert server.hosting is not None
    created = server.hosting.create_table(variant, seats, seed=seed)
    host = Client(server.url)
    host.hello(created.table_id, created.host_token)
    return created, host


def test_a_whole_german_deal_between_a_websocket_client_and_the_servers_bot(
    any_server: ServerHarness,
) -> None:
    server = any_server
    server.start()
    created, host = seat_host(server, "german", ["human:Ann", "bot:heuristic"], seed=11)
    ann = Client(server.url)
    first = ann.hello(created.table_id, created.seat_tokens[0])
    assert first["status"] == "waiting"
    assert first["deal"] is None
    assert first["you"] == {"seat": 0, "host": False}
    host.send({"type": "start"})

    made = play_turns(ann)

    final = latest_view(ann)
    assert final is not None
    assert final["status"] == "closed"
    assert final["progress"]["finished"] is True
    assert made == 26  # every one of Ann's cards, each through the server
    # Each update is one version: none skipped, none twice, in order.
    versions = [m["view"]["version"] for m in ann.messages if m["type"] == "update"]
    assert versions == list(range(versions[0], versions[0] + len(versions)))
    # The ledger holds the finished match with its one deal of 52 cards played.
    assert server.ledger is not None
    match_id = server.hosting.match_id(created.table_id) if server.hosting else None
    assert match_id is not None
    stored = server.ledger.get_match(match_id)
    assert stored["status"] == "finished"
    deals = stored["deal_records"]
    assert len(deals) == 1
    assert deals[0]["status"] == "complete"
    assert len(deals[0]["record"]["actions"]) == 1 + 52
    ann.close()
    host.close()


def test_a_restart_mid_deal_resumes_the_table_at_its_last_action(
    any_server: ServerHarness,
) -> None:
    server = any_server
    server.start()
    created, host = seat_host(server, "german", ["human:Ann", "bot:expert"], seed=5)
    ann = Client(server.url)
    ann.hello(created.table_id, created.seat_tokens[0])
    host.send({"type": "start"})
    play_turns(ann, stop_after=6)
    before = latest_view(ann)
    assert before is not None
    assert before["deal"]["legal"]
    ann.close()
    host.close()

    server.stop()  # everything in memory is gone; the ledger file stays
    server.start()

    again = Client(server.url)
    resumed = again.hello(created.table_id, created.seat_tokens[0])
    assert resumed["status"] == "playing"
    assert resumed["version"] == before["version"]
    for key in ("hand", "trick", "completed", "history", "legal", "facts", "number", "actions"):
        assert resumed["deal"][key] == before["deal"][key], key
    made = play_turns(again)
    assert made == 26 - 6
    final = latest_view(again)
    assert final is not None
    assert final["progress"]["finished"] is True
    again.close()


def test_errors_go_to_the_sender_only_and_change_nothing(server: ServerHarness) -> None:
    server.start()
    created, host = seat_host(server, "german", ["human:Ann", "human:Bob"], seed=3)
    ann, bob = Client(server.url), Client(server.url)
    ann.hello(created.table_id, created.seat_tokens[0])
    bob.hello(created.table_id, created.seat_tokens[1])
    host.send({"type": "start"})
    for c in (ann, bob, host):
        c.drain()
    state = {c: latest_view(c) for c in (ann, bob)}
    to_act = state[ann]["deal"]["to_act"]  # type: ignore[index]
    mover, other = (ann, bob) if to_act == 0 else (bob, ann)
    version = state[mover]["version"]  # type: ignore[index]
    hand = state[mover]["deal"]["hand"]  # type: ignore[index]
    legal = state[mover]["deal"]["legal"]  # type: ignore[index]
    illegal = next((card for card in hand if card not in legal), None)

    bad: list[tuple[str, str]] = [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        (json.dumps({"type": "shuffle"}), "unknown_type"),
        (json.dumps({"type": "act"}), "bad_message"),
        (json.dumps({"type": "act", "action": 7}), "bad_message"),
        (json.dumps({"type": "act", "action": "ZZ"}), "bad_action"),
        (json.dumps({"type": "start"}), "not_host"),
        (json.dumps({"type": "close"}), "not_host"),
        (json.dumps({"type": "act", "action": "x" * 5000}), "too_big"),
    ]
    if illegal is not None:
        bad.append((json.dumps({"type": "act", "action": illegal}), "illegal"))
    for text, code in bad:
        mover.send(text)
        answer = mover.receive()
        assert (answer["type"], answer["code"]) == ("error", code), (text, answer)
        assert answer["message"]
    other.send({"type": "act", "action": hand[0]})
    assert other.receive()["code"] == "not_your_turn"
    # Nothing changed: the same version, and the other clients heard nothing.
    for c in (ann, bob, host):
        c.send({"type": "view"})
        view = c.until(lambda m: m["type"] == "view")["view"]
        assert view["version"] == version
    assert not [
        m for m in other.messages if m["type"] == "update" and m["view"]["version"] > version
    ]
    # Before hello, nothing but hello.
    stranger = Client(server.url)
    stranger.send({"type": "act", "action": hand[0]})
    assert stranger.receive()["code"] == "hello_first"
    stranger.send({"type": "hello", "table": created.table_id, "token": "guessed"})
    assert stranger.receive()["code"] == "bad_token"
    for c in (ann, bob, host, stranger):
        c.close()


def test_a_flooding_client_is_limited_and_a_foreign_origin_refused(
    server: ServerHarness,
) -> None:
    server.limits = Limits(rate=5, burst=5, flood=1000)
    server.start()
    client = Client(server.url)
    for _ in range(30):
        client.send({"type": "ping"})
    answers = [client.receive() for _ in range(30)]
    assert {"type": "pong"} in answers
    assert any(a.get("code") == "rate_limited" for a in answers)
    client.close()
    with pytest.raises(Exception, match="403"):
        Client(server.url, origin="https://evil.example")  # type: ignore[arg-type]
    same = Client(server.url, origin=f"http://127.0.0.1:{server.port}")  # type: ignore[arg-type]
    same.send({"type": "ping"})
    assert same.receive() == {"type": "pong"}
    same.close()


def test_the_host_pauses_gives_a_seat_to_a_bot_and_closes(server: ServerHarness) -> None:
    server.start()
    created, host = seat_host(server, "german", ["human:Ann", "human:Bob"], seed=8)
    ann = Client(server.url)
    ann.hello(created.table_id, created.seat_tokens[0])
    host.send({"type": "start"})
    host.until(lambda m: m.get("type") == "done")
    host.send({"type": "pause"})
    host.until(lambda m: m.get("type") == "done")
    ann.drain()
    view = latest_view(ann)
    assert view is not None
    assert view["status"] == "paused"
    if view["deal"]["to_act"] == 0:
        ann.send({"type": "act", "action": view["deal"]["hand"][0]})
        assert ann.receive()["code"] == "bad_status"
    # Bob is gone: a bot takes his seat and plays it when the table goes on.
    host.send({"type": "seat_bot", "seat": 1, "bot": "heuristic"})
    host.until(lambda m: m.get("type") == "done")
    host.send({"type": "unpause"})
    host.until(lambda m: m.get("type") == "done")
    made = play_turns(ann, stop_after=3)
    assert made == 3
    ann.drain()
    seats = latest_view(ann)["seats"]  # type: ignore[index]
    assert seats[1]["kind"] == "bot"
    assert seats[1]["bot"] == "heuristic"
    host.send({"type": "close"})
    host.until(lambda m: m.get("type") == "done")
    ann.drain()
    assert latest_view(ann)["status"] == "closed"  # type: ignore[index]
    assert server.ledger is not None
    assert server.hosting is not None
    match_id = server.hosting.match_id(created.table_id)
    assert match_id is not None
    assert server.ledger.get_match(match_id)["status"] == "abandoned"
    ann.close()
    host.close()


def test_tables_are_created_over_http_with_tokens_that_only_hash_in_the_ledger(
    server: ServerHarness,
) -> None:
    server.start()
    body = json.dumps({"variant": "english", "seats": ["human:Ann", "open", "bot:random", "open"]})
    request = urllib.request.Request(
        f"{server.http}/api/tables",
        data=body.encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        assert answer.status == 201
        created = json.loads(answer.read())
    assert set(created["seat_tokens"]) == {"0", "1", "3"}  # no token for the bot's seat
    assert server.ledger is not None
    dump = Path(server.db).read_bytes()
    for token in [created["host_token"], *created["seat_tokens"].values()]:
        assert len(token) >= 43
        assert token.encode() not in dump
    bad = urllib.request.Request(
        f"{server.http}/api/tables", data=b'{"variant": "nosuch", "seats": []}', method="POST"
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(bad, timeout=20)
    assert refused.value.code == 400
    assert json.loads(refused.value.read())["type"] == "error"


def test_two_processes_never_apply_two_actions_to_one_table(any_server: ServerHarness) -> None:
    """Two `Hosting`s over one ledger (two server processes): the one that read an old
    version writes nothing, and reloads the table at the other's action."""
    server = any_server
    one_ledger = Ledger(server.db, catalog=server.catalog)
    two_ledger = Ledger(server.db, catalog=server.catalog)
    one, two = Hosting(server.catalog, one_ledger), Hosting(server.catalog, two_ledger)
    created = one.create_table("german", ["human:Ann", "human:Bob"], seed=2)
    one.start(one.identify(created.table_id, created.host_token))
    seat = one.view(one.identify(created.table_id, created.host_token))["deal"]["to_act"]
    caller_one = one.identify(created.table_id, created.seat_tokens[seat])
    caller_two = two.identify(created.table_id, created.seat_tokens[seat])
    legal = one.view(caller_one)["deal"]["legal"]
    assert len(legal) >= 2
    two.act(caller_two, legal[1])  # the other process acts first
    from openwhist.services.ledger import LedgerConflictError

    with pytest.raises(LedgerConflictError):
        one.act(caller_one, legal[0])
    # Nothing of the losing action was written; the loser now sees the winner's action.
    assert one.version(created.table_id) == two.version(created.table_id)
    assert one.view(caller_one)["deal"]["history"] == two.view(caller_two)["deal"]["history"]
    one_ledger.close()
    two_ledger.close()


def test_a_gone_players_seat_is_played_by_the_tables_bot_until_they_return(
    server: ServerHarness,
) -> None:
    server.start()
    assert server.hosting is not None
    created = server.hosting.create_table(
        "german", ["human:Ann", "human:Bob"], seed=21, hold=0.3, hold_bot="heuristic"
    )
    host = Client(server.url)
    host.hello(created.table_id, created.host_token)
    ann, bob = Client(server.url), Client(server.url)
    ann.hello(created.table_id, created.seat_tokens[0])
    bob.hello(created.table_id, created.seat_tokens[1])
    host.send({"type": "start"})
    host.until(lambda m: m.get("type") == "done")
    bob.close()  # Bob leaves; after 0.3 s the table's bot plays his seat

    held = ann.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "held", 30)
    assert held["event"]["seat"] == 1
    assert held["view"]["seats"][1]["held"] is True
    play_turns(ann, stop_after=5)  # Ann plays on against the bot in Bob's seat
    by_bot = [
        m
        for m in ann.messages[ann.messages.index(held) :]
        if m["type"] == "update" and m["event"]["kind"] == "action" and m["event"]["seat"] == 1
    ]
    assert len(by_bot) >= 4

    back = Client(server.url)  # Bob returns with his invite
    view = back.hello(created.table_id, created.seat_tokens[1])
    returned = ann.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "returned")
    assert returned["event"]["seat"] == 1
    assert returned["view"]["seats"][1]["held"] is False
    view = back.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "returned")["view"]
    # Play on until Bob's turn comes: it is his again, not the bot's.
    for _ in range(3):
        if view["deal"]["legal"]:
            break
        ann.drain(0.2)
        latest = latest_view(ann)
        assert latest is not None
        if latest["deal"]["legal"]:
            ann.send({"type": "act", "action": latest["deal"]["legal"][0]})
        view = back.until(lambda m: m["type"] in ("update", "view"))["view"]
    assert view["deal"]["legal"], "Bob's turn did not come back to him"
    assert view["deal"]["to_act"] == 1
    back.send({"type": "act", "action": view["deal"]["legal"][0]})
    assert back.until(lambda m: m["type"] in ("done", "error"))["type"] == "done"
    for c in (host, ann, back):
        c.close()


def test_two_server_processes_on_one_postgresql_ledger_play_one_table(
    catalog: Any, pg_url: str
) -> None:
    """Ann plays on one server process, Bob on another, over one PostgreSQL ledger: each
    action taken on one reaches the other's client through LISTEN/NOTIFY, and the deal
    is played to its end with every version seen in order on both sides."""
    one, two = ServerHarness(catalog, pg_url), ServerHarness(catalog, pg_url)
    try:
        one.start()
        two.start()
        assert one.hosting is not None
        created = one.hosting.create_table("german", ["human:Ann", "human:Bob"], seed=4)
        host = Client(one.url)
        host.hello(created.table_id, created.host_token)
        ann, bob = Client(one.url), Client(two.url)
        ann.hello(created.table_id, created.seat_tokens[0])
        bob.hello(created.table_id, created.seat_tokens[1])
        host.send({"type": "start"})
        made = {0: 0, 1: 0}
        clients = {0: ann, 1: bob}
        deadline = time.monotonic() + 300
        while True:
            assert time.monotonic() < deadline, (made, latest_view(ann), latest_view(bob))
            views = {}
            for seat, client in clients.items():
                client.drain(0.1)
                views[seat] = latest_view(client)
            if all(v is not None and v["status"] == "closed" for v in views.values()):
                break
            for seat, view in views.items():
                deal = view["deal"] if view is not None and view["status"] == "playing" else None
                if deal and deal["legal"]:
                    clients[seat].send({"type": "act", "action": deal["legal"][0]})
                    answer = clients[seat].until(lambda m: m["type"] in ("done", "error"))
                    assert answer["type"] == "done", answer
                    made[seat] += 1
        assert made == {0: 26, 1: 26}
        final_ann, final_bob = latest_view(ann), latest_view(bob)
        assert final_ann is not None
        assert final_bob is not None
        assert final_ann["version"] == final_bob["version"]
        assert final_ann["progress"] == final_bob["progress"]
        assert final_ann["progress"]["finished"] is True
        for c in (host, ann, bob):
            c.close()
    finally:
        one.stop()
        two.stop()
