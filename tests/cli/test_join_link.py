"""``whist join``'s connection to the table (`TableLink`): what the player is told when the
connection breaks or the server sends something this client cannot read, instead of the
connection going quiet (docs/server.md, "Clients")."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from typing import Any

import pytest
from openwhist.services.remote import parse_invite
from openwhist_cli.commands.join import TableLink, _connection_event
from websockets.exceptions import ConnectionClosedError

INVITE = parse_invite("http://127.0.0.1:8000/t/1")


class _Socket:
    """Texts the server sent, then the way the connection ended."""

    def __init__(self, texts: list[str], end: BaseException | None) -> None:
        self.texts = texts
        self.end = end

    def __iter__(self) -> Iterator[str]:
        yield from self.texts
        if self.end is not None:
            raise self.end


def _read(socket: _Socket) -> tuple[bool, list[tuple[Any, ...]], TableLink]:
    events: queue.Queue[tuple[Any, ...]] = queue.Queue()
    link = TableLink(INVITE, events)
    lost = link._read(socket)
    return lost, [events.get_nowait() for _ in range(events.qsize())], link


def test_a_message_that_is_not_json_is_said_and_the_next_one_still_read() -> None:
    lost, events, _link = _read(
        _Socket(['{"type": "welcome"}', "<html>oops", "[1, 2]", '{"type": "view"}'], None)
    )
    kinds = [e[0] for e in events]
    assert kinds == ["message", "unreadable", "unreadable", "message"]
    assert events[3][1] == {"type": "view"}  # the table goes on after the bad ones
    assert "Expecting value" in events[1][1]  # the JSON error's own words
    assert events[2][1] == "list"
    assert lost  # the server ended it (this client did not close)


@pytest.mark.parametrize(
    ("end", "reason"),
    [
        (ConnectionResetError("Connection reset by peer"), "Connection reset by peer"),
        (ConnectionClosedError(None, None), "no close frame received or sent"),
    ],
)
def test_a_broken_connection_is_lost_with_its_reason(end: BaseException, reason: str) -> None:
    lost, events, link = _read(_Socket(['{"type": "welcome"}'], end))
    assert lost
    assert link._lost == reason
    assert [e[0] for e in events] == ["message"]


def test_the_player_reads_why_the_connection_was_lost_and_what_was_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _connection_event(("lost", "Connection reset by peer"), INVITE) is None
    assert _connection_event(("lost", ""), INVITE) is None
    assert _connection_event(("unreadable", "Expecting value"), INVITE) is None
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "The connection to the table was lost (Connection reset by peer): trying again.",
        "The connection to the table was lost: trying again.",
        "The table server sent a message this client cannot read (Expecting value): left out.",
    ]
