"""``whist join``, ``whist bot`` and ``whist host`` against a real server (issue 15, items 3
and 4).

A real uvicorn on 127.0.0.1 runs in this process (`ServerHarness`), so a watcher beside
its broadcaster records the truth at every version it writes: each seat's legal moves and
each seat's engine view. The clients are real ``whist`` processes talking to it over
websockets; the test types into the terminal clients' stdin what a player would -- a
legal card or call of the seat, read from the truth of the version the client shows.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from openwhist.plugins import Catalog
from openwhist.services.hosting import Caller, Hosting, Update
from openwhist.services.remote import invite_link
from openwhist.services.wire import view_from_document

from tests.server.conftest import Client, ServerHarness, free_port

WHIST = Path(sys.executable).with_name("whist")
ENV = {
    **os.environ,
    "OPENWHIST_LANG": "en",
    "PYTHONUNBUFFERED": "1",
    "PYTHONIOENCODING": "utf-8",
    "OPENWHIST_PAUSE": "0",
    "COLUMNS": "100",
}
PROMPTS = ("your card: ", "your call: ")


@dataclass
class Truth:
    """What the server knew at each version: per seat, its legal moves and engine view;
    and every update it wrote (kind, seat), the table's status and deals scored."""

    legal: dict[tuple[int, int, int], list[str]] = field(default_factory=dict)
    views: dict[tuple[int, int, int], Any] = field(default_factory=dict)
    latest: dict[int, int] = field(default_factory=dict)
    updates: dict[int, list[tuple[str, int | None]]] = field(default_factory=dict)
    status: dict[int, str] = field(default_factory=dict)
    scored: dict[int, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def watch(self, hosting: Hosting, update: Update) -> None:
        table_id = update.table_id
        with self.lock:
            self.updates.setdefault(table_id, []).append((update.kind, update.seat))
            self.status[table_id] = hosting.status(table_id)
            self.latest[table_id] = update.version
        table = hosting._tables.get(table_id)
        if table is None or table.session is None or table.session.state is None:
            return
        state = table.session.state
        engine = table.session.engine
        with self.lock:
            self.scored[table_id] = table.session.progress.deals
            for seat in range(engine.seats):
                key = (table_id, update.version, seat)
                document = hosting.view(Caller(table_id, seat))
                deal = document.get("deal") or {}
                self.legal[key] = list(deal.get("legal") or [])
                self.views[key] = engine.observe(state, seat)

    def closed(self, table: int) -> bool:
        with self.lock:
            return self.status.get(table) == "closed"

    def deals(self, table: int) -> int:
        """Deals scored so far."""
        with self.lock:
            return self.scored.get(table, 0)

    def saw(self, table: int, kind: str, seat: int) -> bool:
        with self.lock:
            return (kind, seat) in self.updates.get(table, [])

    def bot_cards_since_held(self, table: int, seat: int) -> int:
        """Actions of ``seat`` between its ``held`` update and its ``returned`` one."""
        count, holding = 0, False
        with self.lock:
            for kind, who in self.updates.get(table, []):
                if who == seat and kind == "held":
                    holding = True
                elif who == seat and kind == "returned":
                    holding = False
                elif holding and kind == "action" and who == seat:
                    count += 1
        return count


class Terminal:
    """A ``whist`` process whose stdout is read as it comes (a thread keeps it)."""

    def __init__(self, *args: str, stdin: bool = True) -> None:
        self.process = subprocess.Popen(
            [str(WHIST), *args],
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=ENV,
        )
        _STARTED.append(self)
        self.out = ""
        self.err = ""
        self._threads = [
            threading.Thread(target=self._pump, args=("out",), daemon=True),
            threading.Thread(target=self._pump, args=("err",), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _pump(self, which: str) -> None:
        stream = self.process.stdout if which == "out" else self.process.stderr
        assert stream is not None
        while True:
            chunk = stream.read(1)
            if not chunk:
                return
            setattr(self, which, getattr(self, which) + chunk)

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def prompts(self) -> int:
        return sum(self.out.count(p) for p in PROMPTS)

    def wait_for(self, text: str, timeout: float = 90, *, err: bool = False) -> None:
        deadline = time.monotonic() + timeout
        while text not in (self.err if err else self.out):
            if time.monotonic() > deadline:
                raise AssertionError(f"no {text!r} in:\n{self.out[-3000:]}\n{self.err[-2000:]}")
            if self.process.poll() is not None:
                time.sleep(0.3)  # the pumps finish reading
                if text in (self.err if err else self.out):
                    return
                raise AssertionError(
                    f"exited {self.process.returncode} before {text!r}:\n"
                    f"{self.out[-3000:]}\n{self.err[-2000:]}"
                )
            time.sleep(0.05)

    def wait(self, timeout: float = 60) -> int:
        code = self.process.wait(timeout)
        self.close()
        return code

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(30)
        self.close()

    def close(self) -> None:
        for thread in self._threads:
            thread.join(10)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


_STARTED: list[Terminal] = []


@pytest.fixture(autouse=True)
def _no_process_left() -> Any:
    """Every ``whist`` a test started is gone after it, whatever happened."""
    yield
    while _STARTED:
        _STARTED.pop().kill()


def create(harness: ServerHarness, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{harness.http}/api/tables", data=json.dumps(body).encode(), method="POST"
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        created: dict[str, Any] = json.loads(answer.read())
        return created


def links(harness: ServerHarness, created: dict[str, Any]) -> dict[str, str]:
    table = created["table"]
    out = {"host": invite_link(harness.http, table, created["host_token"])}
    out["watch"] = invite_link(harness.http, table)
    for seat, token in created["seat_tokens"].items():
        out[seat] = invite_link(harness.http, table, token)
    return out


@pytest.fixture
def watched(catalog: Catalog, tmp_path: Path) -> Any:
    truth = Truth()
    harness = ServerHarness(catalog, str(tmp_path / "tables.sqlite3"), watch=truth.watch)
    harness.start()
    yield harness, truth
    harness.stop()


def drive(
    terminals: dict[int, Terminal],
    truth: Truth,
    table: int,
    done: Any,
    *,
    rng: random.Random,
    timeout: float = 240,
    on_move: Any = None,
) -> int:
    """Type a legal move into each terminal at its prompt until ``done()``; the moves typed."""
    typed: dict[int, int] = {}  # by terminal: a rejoined seat's new process starts afresh
    moves = 0
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            dump = "\n".join(t.out[-1500:] + t.err[-800:] for t in terminals.values())
            version = truth.latest.get(table)
            who = {k: v for k, v in truth.legal.items() if k[1] == version and v}
            raise AssertionError(f"the table did not finish at {version} ({who}):\n{dump}")
        for seat, terminal in terminals.items():
            if terminal.prompts() <= typed.get(id(terminal), 0):
                continue
            with truth.lock:
                version = truth.latest.get(table)
                legal = truth.legal.get((table, version, seat)) if version else None
            if not legal:
                continue  # the prompt is older than the truth: the next update comes
            terminal.type(rng.choice(legal))
            typed[id(terminal)] = terminal.prompts()
            moves += 1
            if on_move is not None:
                on_move(moves)
        time.sleep(0.05)
    return moves


def test_two_terminals_a_remote_bot_and_a_server_bot_play_a_whole_english_deal(
    watched: Any, tmp_path: Path
) -> None:
    harness, truth = watched
    created = create(
        harness, {"variant": "english", "seats": ["open", "open", "open", "bot:heuristic"]}
    )
    table = created["table"]
    link = links(harness, created)
    views_file = tmp_path / "bot-views.jsonl"
    north = Terminal("join", link["0"], "--ascii")
    south = Terminal("join", link["2"], "--ascii")
    bot = Terminal(
        "bot",
        link["1"],
        "--bot",
        "heuristic",
        "--seed",
        "3",
        "--views",
        str(views_file),
        stdin=False,
    )
    host = Client(harness.url)
    host.hello(table, created["host_token"])
    north.wait_for("You sit at table")
    south.wait_for("You sit at table")
    bot.wait_for("plays seat", err=True)
    host.send({"type": "start"})
    rejoined: dict[str, Terminal] = {}
    terminals = {0: north, 2: south}

    def kill_north_after_trick_4(_moves: int) -> None:
        if "Trick 4:" in terminals[0].out and "north" not in rejoined:
            north.kill()  # mid-deal, no goodbye: only its link brings it back
            again = Terminal("join", link["0"], "--ascii")
            rejoined["north"] = again
            terminals[0] = again

    drive(
        terminals,
        truth,
        table,
        lambda: "Deal result" in south.out and "Deal result" in terminals[0].out,
        rng=random.Random(15),
        on_move=kill_north_after_trick_4,
    )
    again = rejoined["north"]
    # The rejoined client got the seat's full view back and played on to the deal's end.
    assert "You sit at table" in again.out
    assert "Trick 13:" in again.out
    assert "Trick 13:" in south.out
    for terminal in (again, south):
        assert "Tricks won:" in terminal.out
        assert "Score:" in terminal.out
    host.send({"type": "close"})
    for terminal in (again, south):
        assert terminal.wait() == 0
        assert "The host closed the table." in terminal.out
        assert "Traceback" not in terminal.err
    assert bot.wait() == 0
    assert "The table is closed: the bot stops." in bot.err
    host.close()
    # Every view the remote bot decided from is its seat's engine view at that version.
    documents = [json.loads(line) for line in views_file.read_text().splitlines()]
    assert len(documents) >= 13  # a card a trick at least
    for document in documents:
        expected = truth.views[(table, document["version"], 1)]
        assert view_from_document(document["deal"], options=expected.options) == expected
        assert document["you"] == {"seat": 1, "host": False}


def test_a_spectator_sees_a_whole_rubber_end(watched: Any) -> None:
    harness, _truth = watched
    created = create(harness, {"variant": "english", "seats": ["bot:heuristic"] * 4})
    table = created["table"]
    watcher = Terminal("join", invite_link(harness.http, table), "--ascii", stdin=False)
    watcher.wait_for("You watch table")
    host = Client(harness.url)
    host.hello(table, created["host_token"])
    host.send({"type": "start"})
    assert watcher.wait(240) == 0
    host.close()
    assert "Match over" in watcher.out
    assert "win the match!" in watcher.out
    assert watcher.out.count("Deal result") >= 2  # a rubber is two games at least
    assert "Traceback" not in watcher.err


def test_a_server_restart_is_announced_and_the_seat_comes_back_with_its_hand(
    catalog: Catalog, tmp_path: Path
) -> None:
    harness = ServerHarness(catalog, str(tmp_path / "tables.sqlite3"))
    harness.start()
    port = harness.port
    created = create(harness, {"variant": "german", "seats": ["open", "bot:heuristic"]})
    table = created["table"]
    link = invite_link(harness.http, table, created["seat_tokens"]["0"])
    player = Terminal("join", link, "--ascii")
    player.wait_for("You sit at table")
    host = Client(harness.url)
    host.hello(table, created["host_token"])
    host.send({"type": "start"})
    player.wait_for("your card: ")
    seat = Client(harness.url)
    hand = seat.hello(table, created["seat_tokens"]["0"])["deal"]["hand"]
    seat.close()
    host.close()
    harness.stop()  # the server goes away; only the ledger is left
    player.wait_for("The connection to the table was lost", err=True)
    player.wait_for("Connecting again", err=True)
    mark = len(player.out)
    # The same port again: a new process's worth of server over the same ledger.
    harness.port = port
    restarted = _start_on(harness, port)
    try:
        player.wait_for("Connected again", err=True)
        deadline = time.monotonic() + 30
        while player.out.count("your card: ", mark) < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        after = player.out[mark:]
        assert "your card: " in after
        for card in hand:  # the hand as the table draws it: "1:JH  2:10H ..."
            shown = card.replace("T", "10")
            assert f":{shown} " in after or f":{shown}\n" in after, (card, after)
        player.type("quit")
        assert player.wait() == 0
        assert "Come back to the table with: " + link in player.out
    finally:
        player.kill()
        restarted.stop()


def _start_on(harness: ServerHarness, port: int) -> ServerHarness:
    """Start ``harness`` again on ``port`` (`ServerHarness.start` picks a free one)."""
    import tests.server.conftest as conftest

    saved = conftest.free_port
    conftest.free_port = lambda: port
    try:
        harness.start()
    finally:
        conftest.free_port = saved
    return harness


def test_bad_links_refused_tokens_and_no_server_exit_with_their_codes(watched: Any) -> None:
    harness, _truth = watched
    created = create(harness, {"variant": "german", "seats": ["open", "bot:heuristic"]})
    table = created["table"]
    nothing = free_port()
    cases = [
        (["join", "not a link"], 2, "is not an invite link"),
        (["join", f"{harness.http}/t/x#{'a' * 43}"], 2, "is not an invite link"),
        (["bot", "ftp://127.0.0.1/t/1"], 2, "is not an invite link"),
        (["join", invite_link(harness.http, table, "b" * 43)], 8, "opens no seat"),
        (["bot", invite_link(harness.http, table + 7, "b" * 43)], 8, "no such table"),
        (["join", invite_link(f"http://127.0.0.1:{nothing}", 1, "c" * 43)], 4, "cannot reach"),
        (["bot", invite_link(f"http://127.0.0.1:{nothing}", 1, "c" * 43)], 4, "cannot reach"),
        (["host", f"127.0.0.1:{nothing}", "german"], 4, "cannot reach"),
        (["host", harness.http, "german", "--seat", "bot:nosuchbot"], 2, "refused the table"),
        (["bot", invite_link(harness.http, table)], 2, "needs a seat's invite link"),
    ]
    for args, code, text in cases:
        run = subprocess.run(
            [str(WHIST), *args], capture_output=True, text=True, env=ENV, timeout=60, check=False
        )
        assert run.returncode == code, (args, run.stdout, run.stderr)
        assert text in run.stderr, (args, run.stderr)
        assert "Traceback" not in run.stderr + run.stdout
        assert run.stderr.startswith("error: "), run.stderr


def test_whist_host_prints_links_that_seat_their_players(watched: Any) -> None:
    harness, _truth = watched
    run = subprocess.run(
        [str(WHIST), "host", harness.http, "german", "--seat", "human:Ann", "--seat", "open"],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
        check=True,
    )
    lines = dict(line.split(": ", 1) for line in run.stdout.splitlines() if ": " in line)
    assert set(lines) >= {"host", "A", "B", "watch"}
    for seat, expected in (("A", 0), ("B", 1)):
        from openwhist.services.remote import parse_invite

        invite = parse_invite(lines[seat])
        client = Client(harness.url)
        view = client.hello(invite.table, invite.token)
        assert view["you"]["seat"] == expected
        client.close()
    assert view["seats"][0]["name"] == "Ann"


def test_whist_host_sends_the_create_token_a_server_asks_for(tmp_path: Path) -> None:
    """A server started with ``--create-token``: ``whist host`` without the token, or with
    a wrong one, is refused with exit code 8 and told how to give it; with the token (here
    from ``$OPENWHIST_CREATE_TOKEN``) the table is created and its links printed."""
    port = free_port()
    serve = subprocess.Popen(
        [
            str(WHIST),
            "serve",
            "--db",
            str(tmp_path / "t.sqlite3"),
            "--port",
            str(port),
            "--create-token",
            "sekrit-sekrit-sekrit",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "whist serve did not answer"
                time.sleep(0.1)
        server = f"127.0.0.1:{port}"
        for extra, env in (
            ([], ENV),
            (["--create-token", "not-the-token"], ENV),
        ):
            run = subprocess.run(
                [str(WHIST), "host", server, "german", *extra],
                capture_output=True,
                text=True,
                env={k: v for k, v in env.items() if k != "OPENWHIST_CREATE_TOKEN"},
                timeout=60,
                check=False,
            )
            assert run.returncode == 8, run.stderr
            assert "refused to create a table" in run.stderr
            assert "--create-token" in run.stderr
            assert "Traceback" not in run.stderr
        run = subprocess.run(
            [str(WHIST), "host", server, "german"],
            capture_output=True,
            text=True,
            env={**ENV, "OPENWHIST_CREATE_TOKEN": "sekrit-sekrit-sekrit"},
            timeout=60,
            check=True,
        )
        assert f"http://127.0.0.1:{port}/t/1#" in run.stdout
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.wait(30)


def test_hint_undo_and_the_hosts_typed_commands_at_a_joined_table(watched: Any) -> None:
    """``whist join`` as the table allows: a hint for the seat's turn from its own view,
    undo of the seat's last action, and the host typing start, pause, unpause, ``bot SEAT
    NAME`` and close into a terminal of their own."""
    harness, truth = watched
    created = create(
        harness,
        {"variant": "german", "seats": ["open", "bot:heuristic"], "undo": True, "hint": True},
    )
    table = created["table"]
    link = links(harness, created)
    ann = Terminal("join", link["0"], "--ascii")
    host = Terminal("join", link["host"], "--ascii")
    ann.wait_for("You sit at table")
    host.wait_for("Host commands")
    host.type("start")
    ann.wait_for("your card: ")
    assert truth.status[table] == "playing"

    # A hint names a card of the seat's hand, and its reason; the table does not move.
    version = truth.latest[table]
    ann.type("hint")
    ann.wait_for("Hint: ")
    hinted = ann.out.split("Hint: ", 1)[1].split("\n", 1)[0].strip()
    with truth.lock:
        legal = truth.legal[(table, version, 0)]
    assert hinted.replace("10", "T")[:2].upper() in {c.upper() for c in legal}
    # The reason is the hint's next line: wait for it, as the pumps read line by line (a
    # bare assert here raced the reader once in CI).
    ann.wait_for("Why (", timeout=30)
    assert truth.latest[table] == version

    # A card, then back at the seat's turn, undo takes it back: the server says so.
    prompts = ann.prompts()
    ann.type(legal[0])
    deadline = time.monotonic() + 60
    while ann.prompts() <= prompts:
        assert time.monotonic() < deadline, ann.out[-2000:]
        time.sleep(0.05)
    ann.type("undo")
    ann.wait_for("Ann took back an action." if "Ann" in ann.out else "took back an action.")
    assert truth.saw(table, "undo", 0)

    # The host pauses and lets the table play on, by typed words.
    host.type("pause")
    deadline = time.monotonic() + 30
    while truth.status.get(table) != "paused":
        assert time.monotonic() < deadline, host.out[-2000:]
        time.sleep(0.05)
    host.type("unpause")
    while truth.status.get(table) != "playing":
        assert time.monotonic() < deadline, host.out[-2000:]
        time.sleep(0.05)

    # ``bot 1 random`` puts a bot in the player's seat; the table plays on without her.
    host.type("bot 1 random")
    deadline = time.monotonic() + 120
    while not truth.saw(table, "seat", 0):
        assert time.monotonic() < deadline, host.out[-2000:] + ann.out[-1000:]
        time.sleep(0.05)
    before = truth.latest[table]
    while truth.latest[table] <= before + 2:
        assert time.monotonic() < deadline, "the bot in seat 1 did not play"
        time.sleep(0.05)

    # Both terminals say so (the seat named as the table names it, ``A``).
    ann.wait_for("seat is played by the bot random now.")
    host.wait_for("seat is played by the bot random now.")

    # The bot may finish the one-deal match first; the host's close ends what is left.
    host.type("close")
    assert host.wait() == 0
    assert ann.wait() == 0
    assert "The host closed the table." in ann.out or "Match over" in ann.out
    assert truth.closed(table)
    for terminal in (ann, host):
        assert "Traceback" not in terminal.err
