"""No hidden card, deck or seed leaves the server before the deal is over (issue 15, Safety).

Real uvicorn, real websocket clients: at every table a seat's player, the host (no seat)
and a spectator are connected, and every message each of them receives is kept. While
the server runs, a watcher beside the broadcaster takes, at every version the server
writes, the *truth*: the real deal (every hand, the deck) and what the engine lets each
seat know (`Engine.observe`). Afterwards every message of every deal in progress is
checked against the truth of its version:

* a seat's message names no card but those its engine view holds (its hand, the trick,
  the completed tricks, the facts it may know) -- in particular none of the cards still
  hidden in other hands or the stock; its hand is its real hand; its history is its own;
* a spectator's and the host's name no card of any hand;
* no message carries the deck's notation or the word ``seed``, and another seat's private
  action (a Frisch selection) reaches nobody else;
* the same holds for what a screen draws (``shown`` and ``said``, sent to the spectator and
  to the player of seat 0, which say a language as the browser table does).

Seeded deals of German Whist (two seats), Israeli Whist (four seats, Frisch: private
actions) and English Whist (two clients as partners) -- `DEALS` in all, bounded in time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from openwhist import HIDDEN, TERMINAL, cards_of
from openwhist.game.views import PlayerView
from openwhist.services.hosting import Hosting, Update
from openwhist.services.wire import CARD_KINDS, fact_value

from tests.server.conftest import Client, ServerHarness, latest_view

GERMAN_DEALS = 6
ISRAELI_DEALS = 3
ENGLISH_DEALS = 2
DEALS = GERMAN_DEALS + ISRAELI_DEALS + ENGLISH_DEALS


def _names(cards: int) -> set[str]:
    from openwhist import card_name

    return {card_name(c) for c in cards_of(cards)}


def known_cards(view: PlayerView, hosting: Hosting, table_id: int) -> set[str]:
    """Every card a seat's engine view shows: hand, trick, completed tricks, card facts."""
    from openwhist import card_name

    table = hosting._tables[table_id]
    assert table.presentation is not None
    out = _names(view.hand) | {card_name(c) for c in view.trick}
    for trick in view.completed:
        out |= {card_name(c) for c in trick.cards}
    for group in (view.public, view.private):
        for key, value in group.items():
            fact = table.presentation.fact(key)
            if fact is not None and fact.kind in CARD_KINDS:
                out |= set(_flatten(fact_value(fact.kind, value)))
    return out


def _flatten(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _flatten(item)


def message_cards(deal: dict[str, Any]) -> set[str]:
    """Every card a message's deal view names, from its card-bearing fields."""
    out = set(deal["hand"]) | {c["card"] for c in deal["trick"]}
    for trick in deal["completed"]:
        out |= {c["card"] for c in trick["cards"]}
    for fact in deal["facts"]:
        if fact["kind"] in {k.value for k in CARD_KINDS}:
            out |= set(_flatten(fact["value"]))
    return out


def drawn_cards(message: dict[str, Any]) -> set[str]:
    """Every card a screen would draw from the message: the ``shown`` deal of its view and
    the ``said`` line of its event (connections that named a language get them)."""
    out: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("card"), str):
                out.add(value["card"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    shown = message["view"].get("shown") or {}
    walk(shown.get("deal"))
    walk(message.get("event", {}).get("said"))
    deal = shown.get("deal") or {}
    out |= set(deal.get("plays", ()))
    for cards in ((deal.get("exchange") or {}).get("choices") or {}).values():
        out |= set(cards)
    return out


class Truth:
    """What the server really held at each version of each table."""

    def __init__(self) -> None:
        self.at: dict[tuple[int, int], dict[str, Any]] = {}

    def __call__(self, hosting: Hosting, update: Update) -> None:
        table = hosting._tables[update.table_id]
        session = table.session
        if session is None or session.state is None or not session.state.history:
            return
        state = session.state
        engine = session.engine
        views = {s: engine.observe(state, s) for s in range(engine.seats)}
        self.at[(update.table_id, update.version)] = {
            "over": state.to_act == TERMINAL,
            "deck": state.history[0].notation(),
            "hands": {s: _names(state.hands[s]) for s in range(engine.seats)},
            "known": {s: known_cards(v, hosting, update.table_id) for s, v in views.items()},
            "history": {s: list(v.history) for s, v in views.items()},
            "common": [
                entries[0] if len(set(entries)) == 1 else HIDDEN
                for entries in zip(*(v.history for v in views.values()), strict=True)
            ],
            # What every seat knows (a face-up card taken into a hand, the played cards).
            "public": set.intersection(
                *(known_cards(v, hosting, update.table_id) for v in views.values())
            ),
        }


def run_table(
    server: ServerHarness, variant: str, seats: list[str], seed: int, options: dict[str, Any]
) -> tuple[int, dict[str, Client], dict[int, Client]]:
    """One table played to the end of its first deal; returns its clients by role."""
    hosting = server.hosting
    assert hosting is not None
    created = hosting.create_table(variant, seats, seed=seed, options=options)
    tid = created.table_id
    host, spectator = Client(server.url), Client(server.url)
    host.hello(tid, created.host_token)
    spectator.hello(tid, None, lang="es")  # as the browser table asks: views with `shown`
    players = {seat: Client(server.url) for seat in created.seat_tokens}
    for seat, client in players.items():
        client.hello(tid, created.seat_tokens[seat], lang="it" if seat == 0 else None)
    host.send({"type": "start"})
    done = False
    while not done:
        acted = False
        for client in players.values():
            while True:
                try:
                    message = client.receive(0.05)
                except TimeoutError:
                    break
                assert message["type"] != "error", message
            view = latest_view(client)
            assert view is not None
            if view["status"] == "closed" or (view["progress"] or {}).get("deals", 0) >= 1:
                done = True
                break
            deal = view["deal"]
            if view["status"] == "playing" and deal and deal["legal"]:
                # A client acts on its newest view only: one action per turn.
                client.send({"type": "act", "action": deal["legal"][-1]})
                client.until(lambda m: m["type"] in ("done", "error"))
                assert client.messages[-1]["type"] == "done", client.messages[-1]
                acted = True
        if not acted and not done:
            host.drain(0.05)
    if hosting.status(tid) != "closed":
        host.send({"type": "close"})
        host.until(lambda m: m.get("type") in ("done", "error"))
    for client in (host, spectator, *players.values()):
        client.drain(0.2)
        client.close()
    return tid, {"host": host, "spectator": spectator}, players


def check(truth: Truth, tid: int, seat: int | None, client: Client) -> int:
    """Check every message ``client`` got at table ``tid``; returns how many were of a
    deal in progress while some card was hidden from its receiver."""
    checked = 0
    for message in client.messages:
        text = json.dumps(message)
        assert "seed" not in text, message
        if message["type"] not in ("view", "update") or message["view"]["deal"] is None:
            continue
        view = message["view"]
        fact = truth.at.get((tid, view["version"]))
        if fact is None:
            continue  # a version without a deal on (started, paused, closed)
        deal = view["deal"]
        if fact["over"]:
            continue
        checked += 1
        assert fact["deck"] not in text, "the deck left the server"
        shown = message_cards(deal) | drawn_cards(message)
        if seat is None:
            hidden = set().union(*fact["hands"].values()) - fact["public"]
            if not hidden:
                checked -= 1
            assert deal["hand"] == []
            assert not shown & hidden, f"a spectator saw {sorted(shown & hidden)}"
            assert deal["history"] == fact["common"]
            event = message.get("event", {})
            if "action" in event and event["action"] != HIDDEN:
                assert event["action"] in fact["common"], event
            continue
        others = set().union(*(h for s, h in fact["hands"].items() if s != seat))
        hidden = others - fact["known"][seat]
        if not hidden:
            checked -= 1  # nothing was hidden from this seat here: count only real checks
        assert not shown & hidden, f"seat {seat} saw {sorted(shown & hidden)}"
        assert shown <= fact["known"][seat], sorted(shown - fact["known"][seat])
        assert set(deal["hand"]) == fact["hands"][seat]
        assert deal["history"] == fact["history"][seat]
        event = message.get("event", {})
        if "action" in event and event.get("seat") != seat and event["action"] != HIDDEN:
            assert event["action"] in fact["history"][seat], event
    return checked


def test_no_message_to_any_client_shows_a_hidden_card_before_the_deal_is_over(
    server: ServerHarness,
) -> None:
    truth = Truth()
    server.watch = truth
    server.start()
    tables: list[tuple[int, dict[str, Client], dict[int, Client]]] = []
    for i in range(GERMAN_DEALS):
        tables.append(run_table(server, "german", ["human:Ann", "bot:heuristic"], 100 + i, {}))
    for i in range(ISRAELI_DEALS):
        seats = ["human:Noa", "bot:heuristic", "bot:heuristic", "bot:heuristic"]
        tables.append(run_table(server, "israeli", seats, 200 + i, {"match": "fixed_deals:1"}))
    for i in range(ENGLISH_DEALS):
        seats = ["human:Ann", "bot:heuristic", "human:Cy", "bot:heuristic"]
        tables.append(run_table(server, "english", seats, 300 + i, {}))
    checked = 0
    for tid, roles, players in tables:
        for seat, client in players.items():
            checked += check(truth, tid, seat, client)
        checked += check(truth, tid, None, roles["spectator"])
        checked += check(truth, tid, None, roles["host"])
    # Every deal was seen in progress by every connection: a test that checked nothing fails.
    assert checked >= DEALS * 3 * 10, checked
