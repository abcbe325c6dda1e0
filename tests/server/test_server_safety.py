"""Safety of hosted tables (issue 15, items 2 and 6; docs/server.md): a table starts in one
transaction; who played a seat when is kept in the ledger, survives a restart and is in the
game record and the export; the host gives a bot's seat back; only the holder of the create
token (or, without one, this machine) creates tables, and at most ``max_tables``; a client
arriving at a table a killed process left waiting on a bot gets the bots' replies.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from openwhist.services.hosting import Hosting
from openwhist.services.ledger import Ledger

from tests.server.conftest import Client, ServerHarness


def post_table(server: ServerHarness, body: dict[str, Any], headers: dict[str, str]) -> int:
    """POST a table request; the HTTP status it got."""
    request = urllib.request.Request(
        f"{server.http}/api/tables",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", **headers},
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            status: int = answer.status
            return status
    except urllib.error.HTTPError as refused:
        body = json.loads(refused.read())
        code = refused.code
    assert body["type"] == "error"
    return code


GERMAN = {"variant": "german", "seats": ["human:Ann", "bot:random"]}


def test_a_failure_between_the_two_writes_of_a_start_leaves_nothing_behind(
    catalog: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = Ledger(str(tmp_path / "t.sqlite3"), catalog=catalog)
    hosting = Hosting(catalog, ledger)
    created = hosting.create_table("german", ["human:Ann", "bot:random"], seed=3)
    host = hosting.identify(created.table_id, created.host_token)
    from openwhist.ledger import hosting as repo

    real = repo.bump_version

    def broken(**kwargs: Any) -> int:
        raise RuntimeError("the connection broke between the match and the table")

    monkeypatch.setattr(repo, "bump_version", broken)
    with pytest.raises(RuntimeError):
        hosting.start(host)
    # Neither write is there: no match, and the table still waits for its host.
    assert ledger.list_matches() == []
    assert hosting.status(created.table_id) == "waiting"
    assert hosting.match_id(created.table_id) is None
    monkeypatch.setattr(repo, "bump_version", real)
    hosting.start(host)
    assert [m["id"] for m in ledger.list_matches()] == [hosting.match_id(created.table_id)]
    ledger.close()


def test_held_seats_survive_a_restart_and_every_seat_change_is_in_the_record(
    catalog: Any, ledger_url: str
) -> None:
    ledger = Ledger(ledger_url, catalog=catalog)
    hosting = Hosting(catalog, ledger)
    created = hosting.create_table(
        "german", ["human:Ann", "human:Bob"], seed=5, hold=0, hold_bot="heuristic"
    )
    table = created.table_id
    host = hosting.identify(table, created.host_token)
    hosting.start(host)
    [held, *_bot_moves] = hosting.hold_seat(table, 1)  # Bob is gone: the hold bot plays
    assert held.kind == "held"
    ledger.close()

    # A restart: a new process over the same ledger still has Bob's seat held.
    ledger = Ledger(ledger_url, catalog=catalog)
    hosting = Hosting(catalog, ledger)
    host = hosting.identify(table, created.host_token)
    bob = hosting.identify(table, created.seat_tokens[1])
    assert hosting.view(bob)["seats"][1]["held"] is True
    ann = hosting.identify(table, created.seat_tokens[0])
    for _ in range(3):  # Ann plays; the hold bot answers in Bob's seat after the restart
        view = hosting.view(ann)
        if view["deal"]["legal"]:
            hosting.act(ann, view["deal"]["legal"][0])
    actions = hosting.view(ann)["deal"]["actions"]
    assert actions >= 6
    [returned] = hosting.release_seat(table, 1)
    assert returned.kind == "returned"
    hosting.seat_bot(host, 1, "random")
    [back] = hosting.seat_back(host, 1)
    assert back.kind == "back"
    assert hosting.view(host)["seats"][1] == {
        "seat": 1,
        "name": "Bob",
        "kind": "human",
        "bot": None,
        "held": False,
    }

    match_id = hosting.match_id(table)
    assert match_id is not None
    record = ledger.game_record(match_id)
    changes = record.table["substitutions"]
    assert [(c["change"], c["seat"], c["bot"]) for c in changes] == [
        ("held", 1, "heuristic"),
        ("returned", 1, None),
        ("bot", 1, "random"),
        ("back", 1, None),
    ]
    assert changes[0]["deal"] == 1
    assert changes[0]["actions"] < changes[1]["actions"]  # the hold bot made moves between
    exported = json.loads(ledger.export(match_id))["matches"][0]["substitutions"]
    assert [c["change"] for c in exported] == ["held", "returned", "bot", "back"]
    versions = [c["version"] for c in exported]
    assert versions == sorted(versions)
    assert len(set(versions)) == 4
    # A seat the table was created with as a bot has nobody to give it back to.
    other = hosting.create_table("german", ["human:Ann", "bot:random"], seed=1)
    other_host = hosting.identify(other.table_id, other.host_token)
    from openwhist.services.hosting import TableError

    with pytest.raises(TableError) as refused:
        hosting.seat_back(other_host, 1)
    assert refused.value.code == "bad_seat"
    ledger.close()


def test_the_host_gives_a_bots_seat_back_over_the_websocket(server: ServerHarness) -> None:
    server.start()
    assert server.hosting is not None
    created = server.hosting.create_table("german", ["human:Ann", "human:Bob"], seed=8)
    host, ann = Client(server.url), Client(server.url)
    host.hello(created.table_id, created.host_token)
    ann.hello(created.table_id, created.seat_tokens[0])
    host.send({"type": "start"})
    host.until(lambda m: m["type"] == "done")
    host.send({"type": "seat_bot", "seat": 1, "bot": "random"})
    host.until(lambda m: m["type"] == "done")
    host.send({"type": "seat_back", "seat": 1})
    back = ann.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "back")
    assert back["event"]["seat"] == 1
    assert back["view"]["seats"][1]["kind"] == "human"
    ann.send({"type": "seat_back", "seat": 1})  # only the host may
    assert ann.until(lambda m: m["type"] == "error")["code"] == "not_host"
    host.send({"type": "seat_back", "seat": 0})  # Ann's seat is no bot's
    assert host.until(lambda m: m["type"] == "error")["code"] == "bad_seat"
    for client in (host, ann):
        client.close()


def test_only_the_create_token_creates_tables_and_at_most_max_tables(
    catalog: Any, tmp_path: Path
) -> None:
    server = ServerHarness(
        catalog, str(tmp_path / "t.sqlite3"), options={"create_token": "s3cret", "max_tables": 2}
    )
    server.start()
    try:
        assert post_table(server, GERMAN, {}) == 401
        assert post_table(server, GERMAN, {"Authorization": "Bearer wrong"}) == 403
        assert post_table(server, GERMAN, {"Authorization": "Basic s3cret"}) == 401
        good = {"Authorization": "Bearer s3cret"}
        assert post_table(server, GERMAN, good) == 201
        assert post_table(server, GERMAN, good) == 201
        assert post_table(server, GERMAN, good) == 429  # two open tables are the most
        assert server.hosting is not None
        assert server.hosting.live_count() == 2
    finally:
        server.stop()


def test_without_a_create_token_only_this_machine_creates_tables(server: ServerHarness) -> None:
    server.start()
    assert post_table(server, GERMAN, {}) == 201
    # Through a reverse proxy every client would look local: a forwarded request is not.
    assert post_table(server, GERMAN, {"X-Forwarded-For": "203.0.113.9"}) == 403
    assert post_table(server, GERMAN, {"Forwarded": "for=203.0.113.9"}) == 403
    assert server.hosting is not None
    assert server.hosting.live_count() == 1


def test_a_hello_lets_the_bots_finish_what_a_killed_process_left_half_done(
    catalog: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "t.sqlite3")
    ledger = Ledger(db, catalog=catalog)
    first = Hosting(catalog, ledger)
    created = first.create_table("german", ["human:Ann", "bot:heuristic"], seed=12)
    table = created.table_id
    first.start(first.identify(table, created.host_token))
    ann = first.identify(table, created.seat_tokens[0])
    assert first.view(ann)["deal"]["to_act"] == 0  # seed 12: Ann leads
    # The process is killed right after Ann's card was written, before its bot replied.
    monkeypatch.setattr(first, "advance", lambda table_id: [])
    first.act(ann, first.view(ann)["deal"]["legal"][0])
    waiting = first.version(table)
    ledger.close()

    # A server that restores nothing at start-up: only the hello can make the bot play.
    server = ServerHarness(catalog, db, options={"restore": False})
    server.start()
    try:
        client = Client(server.url)
        view = client.hello(table, created.seat_tokens[0])
        assert view["version"] == waiting
        assert view["deal"]["to_act"] == 1  # the bot's turn, left undone
        reply = client.until(lambda m: m["type"] == "update" and m["event"]["kind"] == "action")
        assert reply["event"]["seat"] == 1
        assert reply["view"]["version"] == waiting + 1
        client.close()
    finally:
        server.stop()


def test_one_process_owns_a_tables_bots_and_another_takes_over_when_it_dies(
    catalog: Any, pg_url: str
) -> None:
    """Two processes on one PostgreSQL ledger: the one that started the table plays its
    bot; the other writes its client's card but leaves the bot's reply to the owner. When
    the owner's connection ends (the process died), the other takes the table over and
    its bot plays on from the last logged action."""
    one_ledger, two_ledger = Ledger(pg_url, catalog=catalog), Ledger(pg_url, catalog=catalog)
    one, two = Hosting(catalog, one_ledger), Hosting(catalog, two_ledger)
    created = one.create_table("german", ["human:Ann", "bot:heuristic"], seed=12)
    table = created.table_id
    one.start(one.identify(table, created.host_token))
    assert one.is_owner(table)
    ann = two.identify(table, created.seat_tokens[0])
    assert not two.owns(table)  # the first process holds the table's lock
    [played] = two.act(ann, two.view(ann)["deal"]["legal"][0])
    assert played.kind == "action"
    assert played.seat == 0
    assert two.view(ann)["deal"]["to_act"] == 1  # the bot's reply is not this process's
    assert two.claim() == []  # nothing is free while the owner lives

    one_ledger.close()  # the owner dies: its connection, and with it its lock, is gone
    assert two.claim() == [table]
    two.adopt(table)  # read anew: the dead owner may have written more
    assert two.is_owner(table)
    [reply, *_] = two.advance(table)
    assert reply.kind == "action"
    assert reply.seat == 1
    assert reply.version == played.version + 1
    assert two.view(ann)["deal"]["to_act"] == 0
    two_ledger.close()


def test_whist_serve_reads_the_create_token_from_the_environment(tmp_path: Path) -> None:
    """The real command: ``$OPENWHIST_CREATE_TOKEN`` is the create token (docs/cli.md)."""
    import os
    import subprocess
    import time

    from tests.server.conftest import free_port
    from tests.server.test_serve_command import whist

    port = free_port()
    env = {**os.environ, "OPENWHIST_LANG": "en", "OPENWHIST_CREATE_TOKEN": "from-env"}
    process = subprocess.Popen(
        whist("serve", "--db", str(tmp_path / "t.sqlite3"), "--port", str(port)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        server = ServerHarness(None, "", port=port)  # type: ignore[arg-type]  # for .http
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{server.http}/", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "whist serve did not answer"
                time.sleep(0.1)
        assert post_table(server, GERMAN, {}) == 401
        assert post_table(server, GERMAN, {"Authorization": "Bearer from-env"}) == 201
    finally:
        process.terminate()
        process.wait(30)
