"""No hidden card, deck or seed in any update, over many seeded deals of every installed
variant (issue 15, item 6; docs/server.md, "Safety").

`test_server_hidden.py` checks the messages real websocket clients receive, over a few
deals. This test checks the same messages in bulk, straight from the hosting service: at
every version the service writes, it renders exactly what the server's broadcaster sends
each connection -- ``{"type": "update", "event": update.event_for(seat), "view":
hosting.view(caller)}`` -- for every seat, the host and a spectator, and checks each one
against the truth of that version (the real hands, the deck, what the engine lets each
seat know) with the same checks (`check`). Every seat is a person, played by the test
with seeded random legal actions, so every seat's view is checked at every version.

``OPENWHIST_HIDDEN_DEALS`` (default `DEFAULT_DEALS`) sets the deals per variant: the suite
runs a few; docs/server.md gives the figure of a large run and its command.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from openwhist.services.hosting import Caller, Hosting, Update
from openwhist.services.ledger import Ledger

from tests.server.test_server_hidden import Truth, check

DEFAULT_DEALS = 2
"""Deals per variant in the suite."""
ENV = "OPENWHIST_HIDDEN_DEALS"


def deals_per_variant() -> int:
    return int(os.environ.get(ENV) or DEFAULT_DEALS)


def installed_variants() -> list[str]:
    from openwhist.plugins import load_catalog

    return sorted(load_catalog().variants)


def play_deal(
    hosting: Hosting,
    variant: str,
    seed: int,
    sent: dict[tuple[int, str | int], list[dict[str, Any]]],
    callers: dict[int, dict[str | int, Caller]],
) -> int:
    """One table of ``variant``, every seat a person, played to the end of its first deal
    with random legal actions (``seed``); returns the table's id."""
    seats = hosting.catalog.variant(variant).seats
    created = hosting.create_table(variant, ["human"] * seats, seed=seed)
    tid = created.table_id
    roles: dict[str | int, Caller] = {
        "host": hosting.identify(tid, created.host_token),
        "spectator": hosting.identify(tid, None),
    }
    for seat, token in created.seat_tokens.items():
        roles[seat] = hosting.identify(tid, token)
    callers[tid] = roles
    for role, caller in roles.items():  # what each gets after its hello
        sent[(tid, role)] = [{"type": "view", "view": hosting.view(caller)}]
    hosting.start(roles["host"])
    rng = random.Random(seed)
    while True:
        view = hosting.view(roles["host"])
        if view["status"] != "playing" or (view["progress"] or {}).get("deals", 0) >= 1:
            break
        to_act = view["deal"]["to_act"]
        legal = hosting.view(roles[to_act])["deal"]["legal"]
        assert legal, view["deal"]
        hosting.act(roles[to_act], rng.choice(legal))
    if hosting.status(tid) != "closed":
        hosting.close(roles["host"])
    return tid


@pytest.mark.parametrize("variant", installed_variants())
def test_no_update_to_any_seat_host_or_spectator_shows_hidden_information(
    catalog: Any, tmp_path: Path, variant: str
) -> None:
    ledger = Ledger(str(tmp_path / "hidden.sqlite3"), catalog=catalog)
    hosting = Hosting(catalog, ledger)
    truth = Truth()
    sent: dict[tuple[int, str | int], list[dict[str, Any]]] = {}
    callers: dict[int, dict[str | int, Caller]] = {}

    def broadcast(update: Update) -> None:
        truth(hosting, update)  # the truth at this version, before anyone is told
        for role, caller in callers[update.table_id].items():
            sent[(update.table_id, role)].append(
                {
                    "type": "update",
                    "event": update.event_for(caller.seat),
                    "view": hosting.view(caller),
                }
            )

    hosting.on_update = broadcast
    deals = deals_per_variant()
    tables = [play_deal(hosting, variant, 7000 + i, sent, callers) for i in range(deals)]
    checked = 0
    for tid in tables:
        for role, caller in callers[tid].items():
            messages = SimpleNamespace(messages=sent[(tid, role)])
            checked += check(truth, tid, caller.seat, messages)  # type: ignore[arg-type]
    # Every deal was checked at many versions for its receivers: a test that checked
    # nothing fails.
    assert checked >= deals * 10, checked
    ledger.close()
