"""``whist join``, ``whist bot`` and ``whist host``: playing at a ``whist serve`` table
from another terminal (docs/server.md, "Clients"; docs/cli.md).

* ``whist join URL`` -- the terminal table over the network: the same screens and commands
  as ``whist play``, drawn by the same functions (`openwhist_cli.render`) from the views the
  server sends (`openwhist.services.remote.RemoteGame`). The host also types ``start``,
  ``pause``, ``unpause``, ``bot SEAT NAME`` and ``close``.
* ``whist bot URL --bot expert:2`` -- a registered bot at a remote seat, deciding from the
  seat's view only (`openwhist.services.remote.RemoteBot`).
* ``whist host SERVER VARIANT --seat ...`` -- create a table and print its invite links.

A lost connection is tried again `RETRIES` times, 0.5 s doubling to 5 s between tries, and
the player is told; the server sends the seat's full view on every reconnect. The rules
never run here: the server checks every action, and this client only reads the notation
of the variant's local plugin to show and type it.
"""

from __future__ import annotations

import contextlib
import json
import queue
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from openwhist_cli import runtime
from openwhist_cli.commands.play import AsciiOption, FourColorOption, LangOption, PauseOption
from openwhist_cli.i18n import _

if TYPE_CHECKING:
    from openwhist import Action, PlayerView
    from openwhist.services.remote import Invite, RemoteGame
    from rich.console import Console

    from openwhist_cli.render import CardStyle

RETRY_DELAYS = (0.5, 1.0, 2.0, 4.0, 5.0, 5.0, 5.0, 5.0)
"""The pauses before each try to connect again after a lost connection: 0.5 s doubling to
5 s, `RETRIES` tries in all (about half a minute)."""
RETRIES = len(RETRY_DELAYS)
CONNECT_TIMEOUT = 10.0
"""Seconds to wait for the server to answer a connection."""


def register(app: typer.Typer) -> None:
    """Add ``join``, ``bot`` and ``host`` to ``app``."""
    app.command("join", epilog=runtime.EXIT_CODES_EPILOG)(join_command)
    app.command("bot", epilog=runtime.EXIT_CODES_EPILOG)(bot_command)
    app.command("host", epilog=runtime.EXIT_CODES_EPILOG)(host_command)


# -- the connection --------------------------------------------------------------------------


class TableLink:
    """The websocket to a table, in a thread of its own: every message the server sends is
    put on ``events`` as ``("message", dict)``; so are the connection's changes --
    ``("lost", reason)`` (``reason`` may be ``""``), ``("unreadable", reason)`` (the
    server sent a message that is not a JSON object: left out), ``("retry", attempt,
    delay)``, ``("back",)``, ``("gave_up",)``, ``("unreachable", reason)`` (the first
    connection failed) and ``("refused", code, text)`` (the server refused the
    ``hello``: the link is no good)."""

    def __init__(self, invite: Invite, events: queue.Queue[tuple[Any, ...]]) -> None:
        self.invite = invite
        self.events = events
        self._socket: Any = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._lost = ""
        """Why the connection was lost, where the socket said (else ``""``)."""
        self.thread = threading.Thread(target=self._run, name="openwhist-table", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def send(self, message: dict[str, Any]) -> bool:
        """Send ``message``; False when there is no connection now (it is not kept: the
        server's view after the reconnect says what is still to do)."""
        with self._lock:
            socket = self._socket
        if socket is None:
            return False
        try:
            socket.send(json.dumps(message))
        except Exception:
            return False
        return True

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            socket, self._socket = self._socket, None
        if socket is not None:
            with contextlib.suppress(Exception):
                socket.close()

    def _connect(self) -> Any:
        from websockets.sync.client import connect

        socket = connect(self.invite.websocket, open_timeout=CONNECT_TIMEOUT, max_size=2**22)
        hello: dict[str, Any] = {"type": "hello", "table": self.invite.table}
        if self.invite.token is not None:
            hello["token"] = self.invite.token
        socket.send(json.dumps(hello))
        return socket

    def _run(self) -> None:
        try:
            socket = self._connect()
        except Exception as exc:
            self.events.put(("unreachable", _reason(exc)))
            return
        back = False
        while True:
            with self._lock:
                self._socket = socket
            lost = self._read(socket, back=back)
            with self._lock:
                self._socket = None
            if not lost or self._stop.is_set():
                return  # refused, or closed by this client
            self.events.put(("lost", self._lost))
            self._lost = ""
            socket = self._reconnect()
            if socket is None:
                return
            back = True

    def _reconnect(self) -> Any:
        for attempt, delay in enumerate(RETRY_DELAYS, start=1):
            self.events.put(("retry", attempt, delay))
            if self._stop.wait(delay):
                return None
            try:
                return self._connect()
            except Exception:
                continue
        self.events.put(("gave_up",))
        return None

    def _read(self, socket: Any, *, back: bool = False) -> bool:
        """Read until the connection ends: True when it was lost, False when the server
        refused the hello or this client closed it."""
        from websockets.exceptions import ConnectionClosed

        welcomed = False
        try:
            for text in socket:
                try:
                    message = json.loads(text)
                except ValueError as exc:  # not JSON: said, and the table goes on
                    self.events.put(("unreadable", _reason(exc)))
                    continue
                if not isinstance(message, dict):
                    self.events.put(("unreadable", type(message).__name__))
                    continue
                if message.get("type") == "welcome":
                    welcomed = True
                    if back:
                        self.events.put(("back",))
                elif message.get("type") == "error" and not welcomed:
                    from openwhist.services.remote import REFUSED_HELLO

                    if message.get("code") in REFUSED_HELLO:
                        self.events.put(
                            ("refused", str(message.get("code")), str(message.get("message")))
                        )
                        return False
                self.events.put(("message", message))
        except ConnectionClosed as exc:  # closed without the closing handshake
            self._lost = _reason(exc)
        except OSError as exc:  # the network or the machine: reset, unreachable, timed out
            self._lost = _reason(exc)
        return not self._stop.is_set()


def _server_words(error: dict[str, Any]) -> str:
    """A server's ``error`` in the player's language: its ``message_document`` translated
    by our catalogues (the server's refusals are the core's: `openwhist.services.refusals`);
    from a server that sends none, the sentence of its code (`server_error`)."""
    from openwhist import Message
    from openwhist.services.remote import server_error

    from openwhist_cli import i18n

    document = error.get("message_document")
    if isinstance(document, dict):
        try:
            return Message.from_dict(document).render(translations=i18n.translations())
        except (KeyError, TypeError, ValueError, IndexError):
            pass  # not a message this client can read: the code's sentence
    code, text = str(error.get("code")), str(error.get("message", ""))
    return server_error(code, text).render(translations=i18n.translations())


def _reason(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text[:200]


def _open(link: str, events: queue.Queue[tuple[Any, ...]]) -> tuple[Invite, TableLink]:
    from openwhist.services.remote import parse_invite

    invite = parse_invite(link)
    table = TableLink(invite, events)
    table.start()
    return invite, table


def _fail(message: Any, code: int) -> typer.Exit:
    """Say ``message`` (a `Message`) on stderr in the player's language; the exit to raise."""
    from openwhist_cli import i18n

    reason = message.render(translations=i18n.translations())
    runtime.echo_error(_("error: {reason}").format(reason=reason))
    return typer.Exit(code)


def _connection_event(event: tuple[Any, ...], invite: Invite) -> int | None:
    """Say a change of the connection; the exit code when the client must stop."""
    from openwhist.services.remote import EXIT_TABLE_REFUSED, EXIT_UNREACHABLE, server_error

    from openwhist_cli import i18n

    kind = event[0]
    if kind == "unreachable":
        text = _("cannot reach the table server at {server}: {reason}")
        runtime.echo_error(
            _("error: {reason}").format(reason=text.format(server=invite.base, reason=event[1]))
        )
        return EXIT_UNREACHABLE
    if kind == "refused":
        # The link is no good: the client's own advice for the code (ask the host).
        reason = server_error(event[1], event[2]).render(translations=i18n.translations())
        runtime.echo_error(_("error: {reason}").format(reason=reason))
        return EXIT_TABLE_REFUSED
    if kind == "lost":
        if len(event) > 1 and event[1]:
            runtime.echo_error(
                _("The connection to the table was lost ({reason}): trying again.").format(
                    reason=event[1]
                )
            )
        else:
            runtime.echo_error(_("The connection to the table was lost: trying again."))
    elif kind == "unreadable":
        runtime.echo_error(
            _(
                "The table server sent a message this client cannot read ({reason}): left out."
            ).format(reason=event[1])
        )
    elif kind == "retry":
        runtime.echo_error(
            _("Connecting again in {seconds} s (try {attempt} of {tries})...").format(
                seconds=f"{event[2]:g}", attempt=event[1], tries=RETRIES
            )
        )
    elif kind == "back":
        runtime.echo_error(_("Connected again: the table as it is now."))
    elif kind == "gave_up":
        text = _("the table server at {server} did not answer {tries} tries; come back with {link}")
        runtime.echo_error(
            _("error: {reason}").format(
                reason=text.format(server=invite.base, tries=RETRIES, link=invite.link)
            )
        )
        return EXIT_UNREACHABLE
    return None


# -- whist join ------------------------------------------------------------------------------

HOST_WORDS = {
    "start": "start",
    "pause": "pause",
    "unpause": "unpause",
    "close": "close",
}


class RemoteTableUI:
    """The terminal table of ``whist join``: draws what the server sends, reads what the
    player types (lines from a thread of their own, so the table goes on while nobody
    types), and sends the player's moves and the host's requests."""

    def __init__(
        self,
        invite: Invite,
        link: TableLink,
        events: queue.Queue[tuple[Any, ...]],
        console: Console,
        style: CardStyle,
        *,
        catalog: Any,
        pause: float,
    ) -> None:
        self.invite = invite
        self.link = link
        self.events = events
        self.console = console
        self.style = style
        self.catalog = catalog
        self.pause = pause
        self.game: RemoteGame | None = None
        self.document: dict[str, Any] | None = None
        self.seat: int | None = None
        self.host = False
        self.names: list[str] = []
        self.partnerships: tuple[tuple[int, ...], ...] = ()
        self.prompted: int | None = None  # the version whose turn was asked for
        self.waiting = False  # a move was sent: its answer (an update or an error) comes
        self.deal_view: PlayerView | None = None
        self.last_trick: tuple[int, Any] | None = None
        self.shown_completed = 0
        self.input_ended = False

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> int:
        from openwhist.services.remote import RemoteError

        reader = threading.Thread(target=self._read_lines, name="openwhist-input", daemon=True)
        reader.start()
        try:
            while True:
                event = self.events.get()
                kind = event[0]
                if kind == "message":
                    code = self._message(event[1])
                elif kind == "line":
                    code = self._line(event[1])
                elif kind == "eof":
                    code = self._input_ended()
                else:
                    code = _connection_event(event, self.invite)
                    if kind == "back":
                        self.prompted = None
                        self.waiting = False
                if code is not None:
                    return code
        except RemoteError as exc:
            runtime.echo_error(_("error: {reason}").format(reason=runtime.error_text(exc)))
            return exc.exit_code
        except KeyboardInterrupt:
            self.console.print()
            self.console.print(_("You left the table (Ctrl-C)."))
            self._come_back()
            return int(runtime.ExitCode.RUNTIME)
        finally:
            self.link.close()

    def _read_lines(self) -> None:
        while True:
            try:
                line = sys.stdin.readline()
            except (OSError, ValueError):
                line = ""
            if not line:
                self.events.put(("eof",))
                return
            self.events.put(("line", line.rstrip("\r\n")))

    def _input_ended(self) -> int | None:
        self.input_ended = True
        if self.seat is None:
            return None  # a spectator, or the host without a seat: watching needs no input
        self.console.print()
        self.console.print(_("Input ended: you leave the table; the game goes on."))
        self._come_back()
        return int(runtime.ExitCode.RUNTIME)

    def _come_back(self) -> None:
        self.console.print(_("Come back to the table with: {link}").format(link=self.invite.link))

    # -- what the server sends ----------------------------------------------------------------

    def _message(self, message: dict[str, Any]) -> int | None:
        kind = message.get("type")
        if kind == "welcome":
            self.seat = message.get("seat")
            self.host = bool(message.get("host"))
            return None
        if kind == "view":
            return self._view(message["view"], first=self.document is None)
        if kind == "update":
            return self._update(message.get("event") or {}, message["view"])
        if kind == "error":
            self._error(message)
        return None

    def _setup(self, document: dict[str, Any]) -> None:
        from openwhist.services.remote import RemoteGame

        self.game = RemoteGame(self.catalog, document)
        sides = self.game.variant.partnerships
        self.names = [str(s["name"]) for s in document["seats"]]
        self.partnerships = sides if sum(map(len, sides)) == len(self.names) else ()

    def _view(self, document: dict[str, Any], *, first: bool) -> int | None:
        if self.game is None:
            self._setup(document)
        self._store(document)
        assert self.game is not None
        if first:
            title = _(self.game.variant.title)
            if self.seat is not None:
                who = _("You sit at table {table} as {name}.").format(
                    table=document["table"], name=self.names[self.seat]
                )
            elif self.host:
                who = _("You host table {table}.").format(table=document["table"])
            else:
                who = _("You watch table {table}.").format(table=document["table"])
            self.console.print(f"{title}: {who}", style="bold")
            if self.host:
                self.console.print(
                    _(
                        "Host commands: start, pause, unpause, bot SEAT NAME (a bot plays a "
                        "seat), close."
                    ),
                    style="dim",
                )
        self._status_line(document)
        deal = document.get("deal")
        if deal is not None:
            self._heading(deal)
            if self.prompted is None and not deal.get("legal"):
                self._draw()
        self._maybe_prompt()
        return None

    def _status_line(self, document: dict[str, Any]) -> None:
        status = document["status"]
        if status == "waiting":
            self.console.print(_("The table waits for its host to start it."))
        elif status == "paused":
            self.console.print(_("The host paused the table."))

    def _store(self, document: dict[str, Any]) -> None:
        self.document = document
        self.names = [str(s["name"]) for s in document["seats"]]
        deal = document.get("deal")
        if deal is not None and self.game is not None:
            view = self.game.view(document)
            if view is not None and view.completed:
                self.deal_view = view
                self.last_trick = (len(view.completed), view.completed[-1])
            self.shown_completed = len(deal["completed"])

    def _heading(self, deal: dict[str, Any]) -> None:
        from openwhist_cli.render import ascii_safe

        assert self.game is not None
        heading = _("{title} — deal {number}, dealer {name}").format(
            title=_(self.game.variant.title),
            number=deal["number"],
            name=self.names[deal["dealer"]],
        )
        self.console.rule(
            ascii_safe(heading, self.style), characters="-" if self.style.ascii else "─"
        )

    def _update(self, event: dict[str, Any], document: dict[str, Any]) -> int | None:
        if self.game is None:
            self._setup(document)
        before = self.document
        kind = event.get("kind")
        old_completed = self.shown_completed
        old_deal = (before or {}).get("deal") or {}
        self._store(document)
        deal = document.get("deal")
        if kind == "deal" and deal is not None:
            self.shown_completed = 0
            self.last_trick = None if not deal["completed"] else self.last_trick
            self._heading(deal)
        elif kind == "action" and event.get("seat") is not None:
            self._show_action(int(event["seat"]), str(event.get("action", "?")), old_deal)
            if deal is not None and len(deal["completed"]) > old_completed:
                self._show_tricks_since(old_completed)
            self.waiting = False
        elif kind == "undo":
            name = self.names[int(event["seat"])] if event.get("seat") is not None else "?"
            self.console.print(_("{name} took back an action.").format(name=name), style="bold")
            self.waiting = False
            self.prompted = None
        elif kind == "scored":
            self._show_score(document)
        elif kind == "status":
            code = self._status(document)
            if code is not None:
                return code
        elif kind in ("seat", "held", "returned") and event.get("seat") is not None:
            self._seat_change(kind, int(event["seat"]), document)
        elif kind == "sync":
            self.prompted = None
        self._maybe_prompt()
        return None

    def _show_action(self, seat: int, notation: str, deal: dict[str, Any]) -> None:
        from openwhist import PHASE_PLAY, InvalidNotationError, parse_card
        from rich.text import Text

        from openwhist_cli import i18n
        from openwhist_cli.render import call_text, card_text

        assert self.game is not None
        name = self.names[seat]
        phase = deal.get("phase")
        presentation = self.game.presentation
        if notation == "?":
            private = presentation.private_actions[0] if presentation.private_actions else None
            text = (
                i18n.translations().gettext(private.shown_as)
                if private is not None
                else _("{name} acts")
            )
            self.console.print(Text(text.format(name=name)))
            return
        card = None
        if phase == PHASE_PLAY:
            with contextlib.suppress(InvalidNotationError):
                card = parse_card(notation)
        if card is not None:
            line = Text(_("{name} plays ").format(name=name))
            line.append_text(card_text(card, self.style))
        else:
            template = _("{name}: {call}") if phase == PHASE_PLAY else _("{name} calls {call}")
            before, _call, after = template.partition("{call}")
            line = Text(before.format(name=name))
            line.append_text(call_text(notation, self.style, presentation.calls))
            line.append(after.format(name=name))
        self.console.print(line)

    def _show_tricks_since(self, first: int) -> None:
        from openwhist_cli.render import after_trick_text, completed_trick_text

        assert self.game is not None
        assert self.document is not None
        view = self.game.view(self.document)
        if view is None:
            return
        for number in range(first, len(view.completed)):
            trick = view.completed[number]
            self.console.print(completed_trick_text(number + 1, trick, self.names, self.style))
            for line in after_trick_text(
                view, trick, self.names, self.style, self.game.presentation
            ):
                self.console.print(line)
        self.shown_completed = len(view.completed)
        if self.pause:
            time.sleep(self.pause)

    def labels(self, parties: Any) -> list[str]:
        from openwhist_cli.render import party_labels

        return party_labels(parties, self.names, self.partnerships)

    def _show_score(self, document: dict[str, Any]) -> None:
        from openwhist_cli.render import progress_text, score_table, tricks_won_text

        assert self.game is not None
        score = self.game.last_score(document)
        progress = self.game.progress(document)
        self.console.print()
        if score is not None:
            labels = self.labels(score.parties)
            categories = self.game.variant.categories
            self.console.print(score_table(score, self.style, labels, categories))
            if self.deal_view is not None:
                self.console.print(
                    tricks_won_text(
                        self.deal_view,
                        self.names,
                        self.game.presentation,
                        self.partnerships,
                        self.labels(score.parties),
                    )
                )
        if progress is not None:
            self.console.print(
                progress_text(
                    progress, self.labels(progress.parties), self.style, self.game.presentation
                )
            )
        self.deal_view = None

    def _status(self, document: dict[str, Any]) -> int | None:
        from openwhist_cli.i18n import ngettext
        from openwhist_cli.render import progress_text

        assert self.game is not None
        status = document["status"]
        if status == "playing":
            self.console.print(_("The table plays."), style="bold")
            self.prompted = None
        elif status == "paused":
            self.console.print(_("The host paused the table."), style="bold")
        elif status == "closed":
            progress = self.game.progress(document)
            if progress is not None and progress.finished:
                self.console.rule(_("Match over"), characters="-" if self.style.ascii else "─")
                labels = self.labels(progress.parties)
                self.console.print(
                    progress_text(progress, labels, self.style, self.game.presentation)
                )
                if progress.winner is None:
                    self.console.print(_("The match is a tie."), style="bold")
                else:
                    sides = self.partnerships if len(self.partnerships) == len(labels) else ()
                    players = len(sides[progress.winner]) if sides else 1
                    self.console.print(
                        ngettext(
                            "{party} wins the match!", "{party} win the match!", players
                        ).format(party=labels[progress.winner]),
                        style="bold green",
                    )
            else:
                self.console.print(_("The host closed the table."), style="bold")
            return 0
        return None

    def _seat_change(self, kind: str, seat: int, document: dict[str, Any]) -> None:
        name = self.names[seat]
        info = document["seats"][seat]
        if kind == "seat":
            text = _("{name}'s seat is played by the bot {bot} now.").format(
                name=name, bot=info.get("bot") or "?"
            )
        elif kind == "held":
            text = _("{name} is away: the table's bot plays the seat meanwhile.").format(name=name)
        else:
            text = _("{name} is back and plays the seat again.").format(name=name)
        self.console.print(text, style="bold")
        if seat == self.seat:
            self.prompted = None

    def _error(self, message: dict[str, Any]) -> None:
        from rich.text import Text

        text = _server_words(message)
        self.console.print(Text(text, style="red"))
        if self.waiting:
            self.waiting = False
            self.prompted = None
            self._maybe_prompt()

    # -- the player's turn ------------------------------------------------------------------

    def _my_turn(self) -> tuple[PlayerView, tuple[Action, ...]] | None:
        if self.game is None or self.document is None or self.seat is None:
            return None
        legal = self.game.legal(self.document)
        view = self.game.view(self.document)
        if not legal or view is None:
            return None
        return view, legal

    def _legal_mask(self, legal: tuple[Action, ...]) -> int:
        from openwhist import Play

        plays = [a for a in legal if isinstance(a, Play)]
        return sum(1 << a.card for a in plays) if plays else -1

    def _draw(self) -> None:
        from openwhist_cli.render import progress_text, table

        assert self.game is not None
        assert self.document is not None
        view = self.game.view(self.document)
        if view is None:
            return
        turn = self._my_turn()
        progress = self.game.progress(self.document)
        score = None
        sides = None
        if progress is not None:
            sides = self.labels(progress.parties)
            score = progress_text(progress, sides, self.style, self.game.presentation)
        self.console.print(
            table(
                view,
                self.names,
                self.style,
                title="",
                legal_mask=self._legal_mask(turn[1]) if turn else -1,
                show_hand=self.seat is not None,
                presentation=self.game.presentation,
                partnerships=self.partnerships,
                score=score,
                sides=sides,
            )
        )

    def _ask(self) -> str:
        from openwhist import Play

        from openwhist_cli import i18n
        from openwhist_cli.prompt import exchange_count

        turn = self._my_turn()
        assert turn is not None
        assert self.game is not None
        assert self.seat is not None
        view, legal = turn
        name = self.names[self.seat]
        if any(isinstance(a, Play) for a in legal):
            return _("{name}, your card: ").format(name=name)
        exchange = self.game.presentation.exchange(view.phase)
        if exchange is not None:
            count = exchange_count(legal)
            return i18n.translations().gettext(exchange.prompt).format(name=name, count=count)
        return _("{name}, your call: ").format(name=name)

    def _maybe_prompt(self) -> None:
        if self.waiting or self.document is None:
            return None
        turn = self._my_turn()
        if turn is None:
            return None
        version = self.document["version"]
        if self.prompted == version:
            return None
        self.prompted = version
        self._draw()
        self._prompt()
        return None

    def _prompt(self) -> None:
        self.console.print(self._ask(), end="", markup=False, highlight=False)
        self.console.file.flush()

    # -- what the player types ----------------------------------------------------------------

    def _line(self, text: str) -> int | None:
        from openwhist_cli.prompt import classify, is_word

        if not self.console.is_terminal:
            self.console.print(text, markup=False, highlight=False)  # a transcript reads well
        entry = classify(text)
        words = text.split()
        if self.host and words and self._host_command(words):
            return None
        turn = self._my_turn()
        if entry.command == "quit":
            self.console.print(_("You left the table."))
            self._come_back()
            return 0
        if entry.command == "help":
            if turn is not None:
                self._show_legal(*turn)
            self._show_commands()
        elif entry.command == "table":
            self._draw()
        elif entry.command == "last":
            self._show_last()
        elif entry.command == "tricks":
            self._show_all_tricks()
        elif entry.command == "hint":
            self._hint(turn)
        elif entry.command == "undo":
            self._undo(turn)
        elif not entry.text:
            pass
        elif turn is None:
            if self.seat is None:
                self.console.print(_("You are watching: type ? for the commands."))
            else:
                self.console.print(_("It is not your turn."))
            return None
        elif is_word(words[0], ("claim",)):
            self.console.print(_("Claims are not played at network tables yet."))
        else:
            self._move(entry, *turn)
            return None
        if turn is not None and not self.waiting:
            self._prompt()
        return None

    def _host_command(self, words: list[str]) -> bool:
        from openwhist.services import UsageError
        from openwhist.services.play import seat_index

        from openwhist_cli.prompt import is_word

        for kind, word in HOST_WORDS.items():
            if len(words) == 1 and is_word(words[0], (word,)):
                self.link.send({"type": kind})
                return True
        if is_word(words[0], ("bot",)):
            if len(words) != 3 or self.game is None:
                self.console.print(_("Write bot SEAT NAME, e.g. bot 2 heuristic."), style="red")
                return True
            try:
                seat = seat_index(words[1], self.game.seat_names)
            except UsageError:
                self.console.print(
                    _("No seat {seat}: use a seat name ({names}) or a number from 1.").format(
                        seat=words[1], names=", ".join(self.game.seat_names)
                    ),
                    style="red",
                )
                return True
            self.link.send({"type": "seat_bot", "seat": seat, "bot": words[2]})
            return True
        return False

    def _send_move(self, notation: str) -> None:
        if self.link.send({"type": "act", "action": notation}):
            self.waiting = True
        else:
            self.console.print(_("Not connected: your move was not sent."), style="red")

    def _move(self, entry: Any, view: PlayerView, legal: tuple[Action, ...]) -> None:
        from openwhist import InvalidNotationError, Play, card_name

        from openwhist_cli.prompt import (
            OTHER_DIGITS,
            as_typed,
            call_notation,
            has_other_digits,
            picked_cards,
        )
        from openwhist_cli.render import hand_order, message_text

        assert self.game is not None
        plays = any(isinstance(a, Play) for a in legal)
        exchange = None if plays else self.game.presentation.exchange(view.phase)
        if has_other_digits(entry.text):
            self.console.print(_(OTHER_DIGITS).format(text=entry.text), style="red")
            self._show_legal(view, legal)
            self._prompt()
            return
        try:
            if entry.number is not None and plays:
                order = hand_order(view.hand)
                if not 1 <= entry.number <= len(order):
                    self.console.print(
                        _("There is no card number {number}: your hand has {count}.").format(
                            number=entry.number, count=len(order)
                        )
                    )
                    self._show_legal(view, legal)
                    self._prompt()
                    return
                action: Action = Play(order[entry.number - 1])
            elif exchange is not None and (picked := picked_cards(entry.text, view.hand)):
                chosen = sum(1 << card for card in picked)
                found = next((a for a in legal if getattr(a, "cards", None) == chosen), None)
                action = (
                    found
                    if found is not None
                    else self.game.parse(view, " ".join(card_name(c) for c in picked))
                )
            else:
                spelled = call_notation(entry.text, self.game.presentation.calls.words)
                try:
                    action = self.game.parse(view, spelled)
                except InvalidNotationError as exc:
                    raise as_typed(exc, spelled, entry.text) from None
        except InvalidNotationError as exc:
            if plays:
                self.console.print(
                    _("{text!r} is not a card: type e.g. QH, 10D or Q♥, or its number.").format(
                        text=entry.text
                    ),
                    style="red",
                )
            else:
                reason = (
                    str(exc) if exc.reason is None else message_text(exc.reason, self.style).plain
                )
                self.console.print(_("Not understood: {reason}").format(reason=reason), style="red")
            self._show_legal(view, legal)
            self._prompt()
            return
        if action not in legal:
            # The server would refuse it: say so at once, with the legal moves.
            self.console.print(_("That is not allowed now."), style="red")
            self._show_legal(view, legal)
            self._prompt()
            return
        self._send_move(action.notation())

    def _show_legal(self, view: PlayerView, legal: tuple[Action, ...]) -> None:
        from openwhist import Play
        from rich.text import Text

        from openwhist_cli.prompt import exchange_count
        from openwhist_cli.render import legal_text

        assert self.game is not None
        plays = any(isinstance(a, Play) for a in legal)
        if not plays and self.game.presentation.exchange(view.phase) is not None:
            self.console.print(
                _(
                    "Choose {count} cards of your hand: type their numbers (3 9 12) or "
                    "their names (QH 2C 7D)."
                ).format(count=exchange_count(legal)),
                style="bold",
            )
            return
        line = Text(_("Legal now: "), style="bold")
        line.append_text(
            legal_text(
                legal, self.style, limit=52 if plays else 10, calls=self.game.presentation.calls
            )
        )
        self.console.print(line)

    def _show_commands(self) -> None:
        self.console.print(
            _(
                "Commands: ? legal moves, hint, undo, last (last trick), tricks (every trick "
                "of the deal), table (redraw), quit. A card: QH, 10D, Q♥ or its number."
            ),
            style="dim",
        )
        if self.host:
            self.console.print(
                _(
                    "Host commands: start, pause, unpause, bot SEAT NAME (a bot plays a "
                    "seat), close."
                ),
                style="dim",
            )

    def _show_last(self) -> None:
        from openwhist_cli.render import completed_trick_text

        if self.last_trick is None:
            self.console.print(_("No trick has been played yet."))
            return
        number, trick = self.last_trick
        self.console.print(completed_trick_text(number, trick, self.names, self.style))

    def _show_all_tricks(self) -> None:
        from openwhist_cli.render import completed_trick_text

        view = None if self.game is None or self.document is None else self.game.view(self.document)
        if view is None or not view.completed:
            self.console.print(_("No trick has been played yet in this deal."))
            return
        for number, trick in enumerate(view.completed, start=1):
            self.console.print(completed_trick_text(number, trick, self.names, self.style))

    def _hint(self, turn: tuple[PlayerView, tuple[Action, ...]] | None) -> None:
        from openwhist import Play
        from openwhist.services.remote import advise
        from rich.text import Text

        from openwhist_cli.render import call_text, card_text, message_text

        if turn is None or self.game is None or self.document is None:
            self.console.print(_("A hint is for your turn."))
            return
        if not self.document.get("hint", True):
            self.console.print(_("Hints are off at this table."))
            return
        try:
            advice = advise(self.game, self.document)
        except Exception as exc:  # a hint is advice, not the game: a broken bot costs it only
            self.console.print(_("No hint: {reason}").format(reason=exc), style="red")
            return
        if advice is None:
            self.console.print(_("No hint available for this variant."))
            return
        line = Text(_("Hint: "))
        if isinstance(advice.action, Play):
            line.append_text(card_text(advice.action.card, self.style))
        else:
            line.append_text(
                call_text(advice.action.notation(), self.style, self.game.presentation.calls)
            )
        self.console.print(line)
        if advice.reason is not None:
            why = Text(_("Why ({bot}): ").format(bot=advice.bot), style="dim")
            why.append_text(message_text(advice.reason, self.style, self.game.presentation.calls))
            self.console.print(why)

    def _undo(self, turn: tuple[PlayerView, tuple[Action, ...]] | None) -> None:
        if self.document is None or not self.document.get("undo"):
            self.console.print(_("Undo is off at this table."))
            return
        if turn is None:
            self.console.print(_("You may take back your last action at your turn."))
            return
        if self.link.send({"type": "undo"}):
            self.waiting = True


LinkArgument = Annotated[
    str,
    typer.Argument(
        metavar="URL",
        help="The invite link: http://HOST:PORT/t/TABLE#TOKEN (a link without #TOKEN "
        "watches the table).",
    ),
]


def join_command(
    ctx: typer.Context,
    url: LinkArgument,
    lang: LangOption = None,
    ascii_cards: AsciiOption = False,
    four_color: FourColorOption = False,
    pause: PauseOption = None,
) -> None:
    """Sit down at a table of `whist serve` with your invite link, or watch one.

    The same table and commands as `whist play`: a card (qh, 10d, Q♥) or its number, a
    call, ? for the legal moves, hint (if the table allows it), undo (likewise), last,
    tricks, table, quit. The table's host also types start, pause, unpause, bot SEAT NAME
    and close. A lost connection is tried again; quit or Ctrl-C prints the link to come
    back with.
    """
    from openwhist_cli import i18n

    i18n.setup(lang)
    with runtime.handle_errors(ctx):
        from openwhist.services.remote import RemoteError
        from rich.console import Console

        from openwhist_cli.commands.play import _seconds
        from openwhist_cli.render import CardStyle

        console = Console(highlight=False, emoji=False, markup=False)
        events: queue.Queue[tuple[Any, ...]] = queue.Queue()
        try:
            invite, link = _open(url, events)
        except RemoteError as exc:
            raise _fail(exc.message, exc.exit_code) from None
        catalog = runtime.get_catalog(ctx)
        ui = RemoteTableUI(
            invite,
            link,
            events,
            console,
            CardStyle(ascii=ascii_cards, four_color=four_color),
            catalog=catalog,
            pause=_seconds(pause, "OPENWHIST_PAUSE", 1.0 if console.is_terminal else 0.0),
        )
        code = ui.run()
    if code:
        raise typer.Exit(code)


# -- whist bot -------------------------------------------------------------------------------


def bot_command(
    ctx: typer.Context,
    url: LinkArgument,
    bot: Annotated[
        str,
        typer.Option(
            "--bot",
            metavar="NAME[:LEVEL]",
            help="The bot that plays the seat (`whist variants` lists them) [default: the "
            "variant's strongest].",
        ),
    ] = "",
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, help="Seed of the bot's random choices."),
    ] = None,
    views: Annotated[
        Path | None,
        typer.Option(
            "--views",
            metavar="FILE",
            dir_okay=False,
            help="Append every view the bot decided from to FILE (JSON lines), to see "
            "exactly what it was shown.",
        ),
    ] = None,
) -> None:
    """Play a seat of a `whist serve` table with a bot: it decides from the seat's view
    alone, as a human there would, comes back after a lost connection, and stops when the
    table closes."""
    from openwhist_cli import i18n

    i18n.setup(None)
    with runtime.handle_errors(ctx):
        from openwhist.services.remote import RemoteBot, RemoteError, RemoteGame

        events: queue.Queue[tuple[Any, ...]] = queue.Queue()
        try:
            invite, link = _open(url, events)
        except RemoteError as exc:
            raise _fail(exc.message, exc.exit_code) from None
        if invite.token is None:
            link.close()
            from openwhist import N_, Message

            raise _fail(
                Message(N_("a bot needs a seat's invite link (with #TOKEN), not a spectator's")),
                int(runtime.ExitCode.USAGE),
            )
        catalog = runtime.get_catalog(ctx)
        player: RemoteBot | None = None
        acted: int | None = None
        log = views.open("a", encoding="utf-8") if views is not None else None
        try:
            while True:
                event = events.get()
                if event[0] != "message":
                    code = _connection_event(event, invite)
                    if code is not None:
                        raise typer.Exit(code)
                    if event[0] == "back":
                        acted = None
                    continue
                message = event[1]
                kind = message.get("type")
                if kind == "error":
                    acted = None  # refused (the table changed meanwhile): ask again
                    link.send({"type": "view"})
                    continue
                if kind not in ("view", "update"):
                    continue
                document = message["view"]
                if player is None:
                    try:
                        game = RemoteGame(catalog, document)
                        player = RemoteBot(
                            game, bot or _strongest(catalog, game.variant_name), seed=seed
                        )
                    except RemoteError as exc:
                        raise _fail(exc.message, exc.exit_code) from None
                    seat = (document.get("you") or {}).get("seat")
                    runtime.echo_error(
                        _("bot {bot} plays seat {seat} of table {table}").format(
                            bot=player.label,
                            seat=player.game.seat_names[seat] if seat is not None else "?",
                            table=invite.table,
                        )
                    )
                if document["status"] == "closed":
                    runtime.echo_error(_("The table is closed: the bot stops."))
                    return
                version = document["version"]
                if acted == version:
                    continue
                notation = player.decide(document)
                if notation is None:
                    continue
                if log is not None:
                    log.write(json.dumps(document, ensure_ascii=False) + "\n")
                    log.flush()
                if link.send({"type": "act", "action": notation}):
                    acted = version
        except KeyboardInterrupt:
            runtime.echo_error(_("The bot left the table (Ctrl-C)."))
            raise typer.Exit(int(runtime.ExitCode.RUNTIME)) from None
        finally:
            link.close()
            if log is not None:
                log.close()


def _strongest(catalog: Any, variant: str) -> str:
    from openwhist.services.play import default_bot

    return default_bot(catalog, variant)


# -- whist host ------------------------------------------------------------------------------


def host_command(
    ctx: typer.Context,
    server: Annotated[
        str, typer.Argument(metavar="SERVER", help="The server: http://HOST:PORT (or HOST:PORT).")
    ],
    variant: Annotated[str, typer.Argument(metavar="VARIANT", help="The variant to play.")],
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            metavar="WHO",
            help="Each seat in seat order: open (whoever has its invite), human:NAME, or "
            "bot:NAME[:LEVEL] (a bot on the server). Repeatable; seats not given are open.",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="A rule option; repeatable."),
    ] = None,
    house_rule: Annotated[
        list[str] | None,
        typer.Option("--house-rule", metavar="NAME", help="Enable a house rule; repeatable."),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", metavar="N", min=1, help=runtime.PLAYERS_HELP),
    ] = None,
    undo: Annotated[
        bool, typer.Option("--undo/--no-undo", help="Let players take back their last action.")
    ] = False,
    hint: Annotated[
        bool, typer.Option("--hint/--no-hint", help="Let players ask for hints.")
    ] = True,
    spectators: Annotated[
        bool, typer.Option("--spectators/--no-spectators", help="Let anyone watch.")
    ] = True,
    hold: Annotated[
        float | None,
        typer.Option(
            "--hold",
            metavar="SECONDS",
            min=0,
            help="A player away longer than this has the table's bot play the seat until "
            "they are back [default: the table waits].",
        ),
    ] = None,
    hold_bot: Annotated[
        str | None,
        typer.Option("--hold-bot", metavar="NAME[:LEVEL]", help="The bot that holds seats."),
    ] = None,
    create_token: Annotated[
        str | None,
        typer.Option(
            "--create-token",
            metavar="TOKEN",
            envvar="OPENWHIST_CREATE_TOKEN",
            help="The server's table-creation token, if it needs one "
            "[default: $OPENWHIST_CREATE_TOKEN].",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Create a table on a `whist serve` server and print its invite links: one for the
    host (start, pause, close...) and one per open or human seat. Give each player their
    own link; they join with `whist join LINK`."""
    from openwhist_cli import i18n

    i18n.setup(lang)
    with runtime.handle_errors(ctx):
        from openwhist.services.remote import RemoteError, invite_link

        from openwhist_cli.commands.play import _flag_setup

        catalog = runtime.get_catalog(ctx)
        setup = _flag_setup(catalog, variant, option or [], [], players)
        count = len(catalog.variant(setup["variant"]).names_for(players))
        seats = list(seat or [])
        if len(seats) > count:
            from openwhist.services import UsageError

            text = _("{variant} has {count} seats here, not {given}")
            raise UsageError(text.format(variant=setup["variant"], count=count, given=len(seats)))
        seats += ["open"] * (count - len(seats))
        body: dict[str, Any] = {
            "variant": setup["variant"],
            "seats": seats,
            "options": setup["options"],
            "house_rules": list(house_rule or []),
            "undo": undo,
            "hint": hint,
            "spectators": spectators,
        }
        if hold is not None:
            body["hold"] = hold
        if hold_bot is not None:
            body["hold_bot"] = hold_bot
        base = server.strip().rstrip("/")
        if "://" not in base:
            base = "http://" + base
        try:
            answer = _post(base + "/api/tables", body, create_token)
        except RemoteError as exc:
            raise _fail(exc.message, exc.exit_code) from None
        table = int(answer["table"])
        invites = answer.get("invites") or {}
        names = catalog.variant(setup["variant"]).names_for(players)
        typer.echo(_("Table {table} is waiting on {server}.").format(table=table, server=base))
        host_link = invites.get("host") or invite_link(base, table, answer["host_token"])
        typer.echo(_("host: {link}").format(link=host_link))
        for index, token in sorted(answer.get("seat_tokens", {}).items(), key=lambda i: int(i[0])):
            link = invites.get(str(index)) or invite_link(base, table, token)
            typer.echo(f"{names[int(index)]}: {link}")
        if spectators:
            typer.echo(_("watch: {link}").format(link=invite_link(base, table)))
        typer.echo(_("Start the table with: whist join HOST-LINK, then type start."), err=True)


def _post(url: str, body: dict[str, Any], token: str | None) -> dict[str, Any]:
    """POST ``body`` as JSON; the answer, or a `RemoteError` said in the player's words."""
    import urllib.error
    import urllib.request

    from openwhist import N_, Message
    from openwhist.services.remote import EXIT_TABLE_REFUSED, EXIT_UNREACHABLE, RemoteError

    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=CONNECT_TIMEOUT) as response:
            data: dict[str, Any] = json.loads(response.read())
            return data
    except urllib.error.HTTPError as exc:
        try:
            answer = json.loads(exc.read())
            reason = (
                _server_words(answer) if "message_document" in answer else str(answer["message"])
            )
        except (ValueError, AttributeError, KeyError, TypeError):
            reason = str(exc.reason)
        if exc.code in (401, 403):
            raise RemoteError(
                Message(
                    N_(
                        "the server refused to create a table: {reason} (give its creation "
                        "token with --create-token or $OPENWHIST_CREATE_TOKEN)"
                    ),
                    {"reason": reason},
                ),
                exit_code=EXIT_TABLE_REFUSED,
            ) from None
        if exc.code == 400:
            raise RemoteError(
                Message(N_("The server refused the table: {reason}"), {"reason": reason}),
                exit_code=int(runtime.ExitCode.USAGE),
            ) from None
        raise RemoteError(
            Message(N_("The server said: {reason}"), {"reason": f"{exc.code} {reason}"}),
            exit_code=int(runtime.ExitCode.RUNTIME),
        ) from None
    except (OSError, ValueError) as exc:
        raise RemoteError(
            Message(
                N_("cannot reach the table server at {server}: {reason}"),
                {"server": url.rsplit("/api/", 1)[0], "reason": _reason(exc)},
            ),
            exit_code=EXIT_UNREACHABLE,
        ) from None


__all__ = ["RETRIES", "RETRY_DELAYS", "RemoteTableUI", "TableLink", "register"]
