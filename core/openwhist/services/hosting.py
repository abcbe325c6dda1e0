"""Hosted tables: matches played over the network, kept server-side and in the ledger.

This is the service ``whist serve`` stands on (docs/server.md); it imports no web library,
so any front end -- the ASGI app, a test, a future terminal host -- drives tables the same
way. `Hosting` owns every table of one server process:

* `Hosting.create_table` -- a table of any installed variant with its options, house rules
  and seat count; each seat ``human:NAME``, ``open`` or ``bot:NAME[:LEVEL]``. It returns
  the **host token** and one **invite token** per human or open seat
  (`secrets.token_urlsafe`, 32 bytes); the ledger stores only their SHA-256, so a copy of
  the ledger lets nobody sit down at a table;
* `Hosting.identify` -- who a token names at a table: the host, a seat, or (no token) a
  spectator, if the table admits them;
* the host's rights -- `start` (the match is created in the ledger and the bots play up to
  the first human turn), `pause` / `unpause`, `seat_bot` (a seat's player is gone: a bot
  plays it), `seat_back` (and back to its player), `close` (an open match is abandoned);
* `Hosting.act` -- the seat to act makes a call or plays a card. The server is the
  authority: the text is parsed and checked by the engine against the seat's legal
  actions; an illegal or unreadable action raises with the reason and **changes
  nothing**. A legal one is written to the ledger -- the action and the table's new
  version in one transaction -- and only then returned as an `Update` for the front end to
  broadcast; the bots' replies follow, each written the same way before it is returned;
* `Hosting.view` -- what one caller may see now, as a JSON document rendered from the
  declared presentation (`openwhist.services.wire`): a seat its own view only, a
  spectator what every seat sees alike;
* `Hosting.restore` -- after a restart, every table not closed is loaded again at its last
  logged action (`openwhist.services.table.resume_table`) and its bots play on.

**Two processes, one table.** A process keeps its tables' sessions in memory and remembers
each table's version. Every write goes through `openwhist.ledger.hosting.bump_version`,
which moves the version from the one this process read with a conditional UPDATE: when
another process moved it first, the transaction rolls back whole (nothing is written),
this process drops its copy of the table (the next call reloads it from the ledger) and
the caller gets `StaleTableError` -- so two processes never apply two actions to one table.

Within one process the front end serialises the calls for one table (the ASGI app holds a
lock per table); calls for different tables may run in parallel threads.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openwhist.bots import bot_rng
from openwhist.game.actions import Action, Play
from openwhist.game.errors import OpenWhistError
from openwhist.game.messages import N_, Message, join_messages
from openwhist.game.presentation import Presentation
from openwhist.game.scoring import MatchProgress
from openwhist.game.state import PHASE_PLAY, TERMINAL
from openwhist.ledger.errors import status_word
from openwhist.plugins import Catalog
from openwhist.services import UsageError, shown
from openwhist.services.isolation import SeatBots
from openwhist.services.play import (
    ActionPlayed,
    Change,
    DealScored,
    DealStarted,
    HumanTurn,
    MatchOver,
    PlaySession,
    SeatSpec,
    Undone,
    default_bot,
    parse_seat,
    start_session,
)
from openwhist.services.simulate import resolve_bot
from openwhist.services.table import ledger_player, resume_table
from openwhist.services.wire import progress_document, spectator_view, view_document

if TYPE_CHECKING:
    from openwhist.ledger.hosting import TableLocks
    from openwhist.services.ledger import Ledger

TOKEN_BYTES = 32
"""Random bytes in a host or invite token (`secrets.token_urlsafe`: 43 characters)."""
MAX_SEATS = 8
"""No variant seats more; a table request asking for more is refused before any lookup."""
LOAD_TRIES = 5
"""Times a table is loaded again when another process wrote while it was read (`_load`)."""
MAX_HOLD = 86400.0
"""The longest hold time a table may set (a day), in seconds."""


class TableError(OpenWhistError):
    """A request the table refuses: ``code`` names the reason for clients (docs/server.md,
    "Errors"), the message (a translatable `Message`) explains it to a person, and the server
    sends both, so a client shows it in its player's language. Nothing was changed."""

    def __init__(self, code: str, message: Message) -> None:
        super().__init__(message)
        self.code = code


def token_hash(token: str) -> str:
    """The SHA-256 of a token, as the ledger stores it (hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh unguessable token (`TOKEN_BYTES` from the OS CSPRNG)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


# -- requests and answers ------------------------------------------------------------------


@dataclass(frozen=True)
class TableSeat:
    """One seat of a table request: ``human`` (``name`` plays it), ``open`` (whoever joins
    with its invite; ``name`` is the default) or ``bot`` (``bot``: ``NAME[:LEVEL]``)."""

    kind: str
    name: str = ""
    bot: str | None = None


def parse_table_seat(text: str) -> TableSeat:
    """Read ``human:NAME``, ``human``, ``open`` or ``bot:NAME[:LEVEL]``.

    Raises:
        UsageError: anything else.
    """
    stripped = text.strip()
    if stripped.lower() == "open":
        return TableSeat("open")
    spec = parse_seat(stripped, "")
    if spec.is_human:
        return TableSeat("human", spec.name)
    return TableSeat("bot", bot=spec.bot_label)


@dataclass(frozen=True)
class CreatedTable:
    """A new table: its id, the host's token and each human or open seat's invite token
    (by seat). The tokens are shown once: the ledger keeps only their hashes."""

    table_id: int
    host_token: str
    seat_tokens: dict[int, str]


@dataclass(frozen=True)
class Caller:
    """Who is asking: the table, the seat (``None``: a spectator or the host without a
    seat) and whether the caller is the table's host."""

    table_id: int
    seat: int | None
    host: bool = False


@dataclass(frozen=True)
class Update:
    """One change written to the ledger, for the front end to broadcast (new views).

    ``kind``: ``deal`` (cards dealt), ``action`` (``seat`` made a call or played a card),
    ``undo``, ``scored`` (a deal was scored), ``status`` (the table's status changed),
    ``seat`` (the host gave ``seat`` to a bot), ``back`` (the host gave it back to its
    player), ``held`` (the hold bot plays ``seat``, its player gone), ``returned`` (the
    player is back) or ``sync`` (another server process
    changed the table: `refresh`). ``notation`` is the action as played: only
    its own seat may be shown it when ``private`` (a variant's `PrivateAction`); a dealt deck is
    never carried.
    """

    table_id: int
    version: int
    kind: str
    seat: int | None = None
    notation: str | None = None
    private: bool = False
    # How a screen tells it (`openwhist.services.shown.said`): a card played, an action
    # in trick play in place of a card, the sentence other seats see for a private action
    # (its source-language template), the new status, the deal's number.
    card_play: bool = False
    in_trick: bool = False
    shown_as: str | None = None
    status: str | None = None
    number: int | None = None

    def event_for(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` (``None``: a spectator) may be told it."""
        event: dict[str, Any] = {"kind": self.kind, "version": self.version}
        if self.seat is not None:
            event["seat"] = self.seat
        if self.notation is not None:
            event["action"] = self.notation if not self.private or seat == self.seat else "?"
        return event


# -- one table in memory -------------------------------------------------------------------


@dataclass
class _Seat:
    kind: str
    name: str
    bot: str | None
    token_hash: str | None
    held: bool = False  # a human seat the table's hold bot plays while its player is gone


@dataclass
class _Table:
    id: int
    version: int
    status: str
    match_id: int | None
    settings: dict[str, Any]
    seats: list[_Seat]
    host_token_hash: str
    session: PlaySession | None = None
    presentation: Presentation | None = None
    pending: list[Change] = field(default_factory=list)
    # A table whose match is over and no longer has a session: what its views still show.
    final: tuple[MatchProgress, dict[str, Any] | None] | None = None


def _check_status(table: _Table, *allowed: str) -> None:
    if table.status not in allowed:
        raise TableError(
            "bad_status",
            Message(
                N_("table {table} is {status}: that needs it {needed}"),
                {
                    "table": table.id,
                    "status": status_word(table.status),
                    "needed": join_messages(" / ", [status_word(s) for s in allowed]),
                },
            ),
        )


class Hosting:
    """Every hosted table of one server process (see the module docstring).

    Args:
        catalog: the plugin catalog (variants, house rules, bots).
        ledger: where tables, matches and every action are kept.
        on_update: called with every `Update` right after its transaction committed (in
            the calling thread, the table's lock still held), so a front end broadcasts
            the views of exactly that version; the same updates are also returned.
    """

    def __init__(
        self,
        catalog: Catalog,
        ledger: Ledger,
        *,
        on_update: Callable[[Update], None] | None = None,
    ) -> None:
        self.catalog = catalog
        self.ledger = ledger
        self.on_update = on_update
        self._tables: dict[int, _Table] = {}
        # Names this process in the ledger's change announcements (`listen`).
        self.origin = secrets.token_hex(8)
        # PostgreSQL: the advisory locks that share the tables out among processes (`owns`);
        # opened on first use. ``False``: not yet asked; ``None``: SQLite, one process.
        self._locks: TableLocks | bool | None = False

    # -- which process drives which table ----------------------------------------------------

    def _table_locks(self) -> TableLocks | None:
        if self._locks is False:
            self._locks = self.ledger.table_locks()
        assert self._locks is not True
        return self._locks or None

    def owns(self, table_id: int) -> bool:
        """Whether this process drives the table's bots and hold timers -- taking the
        table's owner lock if no process holds it (its owner died, or it never had one).
        Always ``True`` on SQLite, which one process serves alone. A process that does not
        own a table still writes its own clients' actions; the owner hears of them
        (`listen`) and lets the bots reply (`advance`)."""
        locks = self._table_locks()
        return True if locks is None else locks.try_own(table_id)

    def is_shared(self) -> bool:
        """Whether other processes may serve this ledger's tables too (PostgreSQL)."""
        return self._table_locks() is not None

    def is_owner(self, table_id: int) -> bool:
        """Whether this process owns the table now (asks nobody; SQLite: ``True``)."""
        locks = self._table_locks()
        return True if locks is None else locks.owns(table_id)

    def claim(self) -> list[int]:
        """PostgreSQL: take over the open tables no process owns -- their owner died --
        up to this process's fair share (open tables / serving processes), and return their
        ids: the front end then loads each anew (`adopt`, under the table's lock: another
        thread may be serving a client of it), lets its bots play on and starts its hold
        timers. Closed tables it owned are given up. ``[]`` on SQLite."""
        from openwhist.ledger import hosting as repo

        locks = self._table_locks()
        if locks is None or not locks.alive():
            return []
        with self.ledger.unit_of_work() as session:
            live = repo.live_tables(session=session)
        for gone in locks.owned() - set(live):
            locks.release(gone)
        share = -(-len(live) // locks.members())
        taken: list[int] = []
        for table_id in locks.free(live):
            if len(locks.owned()) >= share:
                break
            if locks.try_own(table_id):
                taken.append(table_id)
        return taken

    def adopt(self, table_id: int) -> None:
        """Load a table this process just took over (`claim`) anew from the ledger: its
        owner was another process, so any copy here may be behind.

        Raises:
            TableError, OpenWhistError: the table cannot be served here (a bot or variant
                not installed): its lock is given up again, for a process that can.
        """
        self._tables.pop(table_id, None)
        try:
            self._table(table_id)
        except OpenWhistError:
            locks = self._table_locks()
            if locks is not None:
                locks.release(table_id)
            raise

    def arrive(self, table_id: int, seat: int) -> None:
        """A connection for ``seat`` joined this process (other processes learn that its
        player is at the table: `present_elsewhere`)."""
        locks = self._table_locks()
        if locks is not None:
            locks.arrive(table_id, seat)

    def leave(self, table_id: int, seat: int) -> None:
        """A connection for ``seat`` left this process."""
        locks = self._table_locks()
        if locks is not None:
            locks.leave(table_id, seat)

    def present_elsewhere(self, table_id: int, seat: int) -> bool:
        """Whether another server process has a connection for ``seat`` (SQLite: no)."""
        locks = self._table_locks()
        return False if locks is None else locks.present_elsewhere(table_id, seat)

    def close_locks(self) -> None:
        """Give up every table and presence (the process is stopping)."""
        locks = self._table_locks()
        if locks is not None:
            locks.close()

    # -- creating and finding tables ---------------------------------------------------------

    def create_table(
        self,
        variant: str,
        seats: Sequence[str | TableSeat],
        *,
        options: Mapping[str, Any] | None = None,
        house_rules: Sequence[str] = (),
        undo: bool = False,
        autoplay: bool = False,
        spectators: bool = True,
        seed: int | None = None,
        hold: float | None = None,
        hold_bot: str | None = None,
        hint: bool = True,
    ) -> CreatedTable:
        """A new table, ``waiting`` for its host to start it.

        ``seats`` has one entry per seat (the count must be one the variant allows);
        ``seed`` makes the deals repeatable (tests; a seeded match's future deals can be
        computed by whoever reads the seed from the ledger, so a real table has none).
        ``hold``: seconds a human seat's player may be gone before ``hold_bot`` (default:
        the variant's default bot, `default_bot`) plays the seat until the player returns
        (`hold_seat`, `release_seat`); ``None``: the table waits for its players.
        ``hint``: whether the players may ask for hints (a client computes them from its
        seat's own view; the setting is what the table tells its clients).

        Raises:
            UnknownVariantError, OptionsError, SeatCountError, UsageError,
            UnknownBotLevelError: a bad request, explained (nothing is stored).
        """
        if not 0 < len(seats) <= MAX_SEATS:
            raise UsageError(
                Message(
                    N_("a table has 1 to {max_seats} seats, not {count}"),
                    {"max_seats": MAX_SEATS, "count": len(seats)},
                )
            )
        if hold is not None and not 0 <= hold <= MAX_HOLD:
            raise UsageError(
                Message(
                    N_("a hold time is 0 to {max_hold} seconds, not '{hold}'"),
                    {"max_hold": f"{MAX_HOLD:g}", "hold": hold},
                )
            )
        wanted = [s if isinstance(s, TableSeat) else parse_table_seat(s) for s in seats]
        # Everything is checked the way the match will be built before anything is stored.
        probe = start_session(
            self.catalog,
            variant,
            options=options,
            house_rules=house_rules,
            seats=[_seat_text(s) for s in wanted],
            players=len(wanted),
            seed=0,
        )
        names = probe.engine.seat_names
        held_by = None
        if hold is not None:
            held_by = resolve_bot(
                self.catalog,
                probe.variant_name,
                hold_bot or default_bot(self.catalog, probe.variant_name),
            ).label
        host = new_token()
        tokens: dict[int, str] = {}
        rows = []
        from openwhist.ledger.hosting import SeatRow

        for index, seat in enumerate(wanted):
            if seat.kind == "bot":
                label = probe.seats[index].bot_label
                rows.append(SeatRow("bot", names[index], label, None))
                continue
            tokens[index] = new_token()
            name = seat.name or names[index]
            rows.append(SeatRow(seat.kind, name, None, token_hash(tokens[index])))
        settings = {
            "variant": probe.variant_name,
            "options": probe.engine.options.model_dump(mode="json"),
            "house_rules": [rule.name for rule in probe.engine.house_rules],
            "seats": len(wanted),
            "undo": undo,
            "autoplay": autoplay,
            "spectators": spectators,
            "seed": seed,
            "hold": hold,
            "hold_bot": held_by,
            "hint": hint,
        }
        from openwhist.ledger import hosting as repo

        with self.ledger.unit_of_work() as session:
            row = repo.create_table(
                session=session, host_token_hash=token_hash(host), settings=settings, seats=rows
            )
            assert row.id is not None
            table_id = row.id
        return CreatedTable(table_id, host, tokens)

    def identify(self, table_id: int, token: str | None) -> Caller:
        """Who ``token`` is at table ``table_id``: its host, one of its seats, or -- no
        token -- a spectator.

        Raises:
            TableError: ``unknown_table``; ``bad_token`` (a token of no seat of this
                table); ``no_spectators`` (the table admits none).
        """
        table = self._table(table_id)
        if token is None:
            if not table.settings.get("spectators", True):
                raise TableError(
                    "no_spectators",
                    Message(N_("table {table_id} admits no spectators"), {"table_id": table_id}),
                )
            return Caller(table_id, None)
        digest = token_hash(token)
        if secrets.compare_digest(digest, table.host_token_hash):
            return Caller(table_id, None, host=True)
        for index, seat in enumerate(table.seats):
            if seat.token_hash is not None and secrets.compare_digest(digest, seat.token_hash):
                return Caller(table_id, index)
        raise TableError(
            "bad_token",
            Message(N_("that token opens no seat of table {table_id}"), {"table_id": table_id}),
        )

    def live_count(self) -> int:
        """How many tables of the ledger are not closed (all processes')."""
        from openwhist.ledger import hosting as repo

        with self.ledger.unit_of_work() as session:
            return repo.count_tables(session=session)

    def tables(self) -> list[int]:
        """The tables this process has loaded."""
        return sorted(self._tables)

    def status(self, table_id: int) -> str:
        """The table's status: ``waiting``, ``playing``, ``paused`` or ``closed``."""
        return self._table(table_id).status

    def variant(self, table_id: int) -> str:
        """The variant the table plays (its registered name)."""
        return str(self._table(table_id).settings["variant"])

    def version(self, table_id: int) -> int:
        """The table's version (changes applied so far)."""
        return self._table(table_id).version

    def match_id(self, table_id: int) -> int | None:
        """The ledger's match the table plays (``None`` before it starts)."""
        return self._table(table_id).match_id

    def _table(self, table_id: int) -> _Table:
        table = self._tables.get(table_id)
        if table is None:
            table = self._load(table_id)
        return table

    def _load(self, table_id: int) -> _Table:
        """Read a table from the ledger; a started one gets its session back at the last
        logged action (`resume_table`), its bot-held seats played by their bots again.

        The table's row and its match's actions are read in separate transactions, so
        another process may write between them; the version is read again afterwards and
        the table loaded anew until it did not move, so a copy's version is its state's.
        (Should it keep moving, the copy keeps the older version: a write from it then
        fails the version check and nothing is lost.)"""
        from openwhist.ledger import hosting as repo

        table = self._load_once(table_id)
        for _ in range(LOAD_TRIES):
            with self.ledger.unit_of_work() as session:
                now = repo.get_table(session=session, table_id=table_id).version
            if now == table.version:
                break
            table = self._load_once(table_id)
        self._tables[table_id] = table
        return table

    def _load_once(self, table_id: int) -> _Table:
        from openwhist.ledger import hosting as repo
        from openwhist.ledger.errors import LedgerNotFoundError

        try:
            with self.ledger.unit_of_work() as session:
                row = repo.get_table(session=session, table_id=table_id)
                seats = [
                    _Seat(s.kind, s.name, s.bot, s.token_hash, s.held)
                    for s in repo.seats_of(session=session, table_id=table_id)
                ]
                table = _Table(
                    id=table_id,
                    version=row.version,
                    status=row.status,
                    match_id=row.match_id,
                    settings=dict(row.settings),
                    seats=seats,
                    host_token_hash=row.host_token_hash,
                )
        except LedgerNotFoundError:
            raise TableError(
                "unknown_table", Message(N_("there is no table {table_id}"), {"table_id": table_id})
            ) from None
        point = None if table.match_id is None else self.ledger.resume_point(table.match_id)
        if point is not None and point.finished:
            # The match ended (or was abandoned) before the table was marked closed -- a
            # stop between the two writes, or another process is about to close it: the
            # table is over; its views show the final standing.
            stored = self.ledger.get_match(point.match_id)["deal_records"]
            last = next((d["record"] for d in reversed(stored) if d["status"] == "complete"), None)
            table.status, table.final = "closed", (point.progress, last)
        elif table.match_id is not None and table.status in ("playing", "paused"):
            resumed = resume_table(
                self.catalog,
                self.ledger,
                table.match_id,
                undo=bool(table.settings.get("undo")),
                autoplay=bool(table.settings.get("autoplay")),
            )
            session_ = resumed.session
            self._attach(table, session_)
            hold_bot = table.settings.get("hold_bot")
            for index, seat in enumerate(table.seats):
                if seat.kind == "bot" and seat.bot is not None and index not in session_.bots:
                    self._give_to_bot(table, index, seat.bot)
                elif seat.held and hold_bot is not None:
                    # Held when the last process stopped: the hold bot plays on until the
                    # player returns (the ledger keeps ``held``, migration 0007).
                    self._give_to_bot(table, index, hold_bot)
        return table

    def _attach(self, table: _Table, session: PlaySession) -> None:
        table.session = session
        table.presentation = session.engine.variant.match_presentation(session.engine.house_rules)
        session.on_change = table.pending.append

    def restore(self) -> tuple[list[int], dict[int, str]]:
        """Load every table that is not closed (after a restart) at its last logged action.
        Returns the ids loaded -- `advance` then lets their bots play on -- and, by id, why
        each other one could not be (a bot or variant no longer installed, say): those stay
        in the ledger as they are, and a client joining one is told the same reason."""
        from openwhist.ledger import hosting as repo

        with self.ledger.unit_of_work() as session:
            ids = repo.live_tables(session=session)
        locks = self._table_locks()
        if locks is not None:
            # Several processes: each takes the tables nobody owns, up to its share; the
            # others are loaded when a client asks for them.
            ids = self.claim()
        loaded: list[int] = []
        failed: dict[int, str] = {}
        for table_id in ids:
            try:
                self.adopt(table_id)
            except OpenWhistError as exc:
                failed[table_id] = str(exc)
            else:
                loaded.append(table_id)
        return loaded, failed

    def forget(self, table_id: int) -> None:
        """Drop this process's copy of a table (the next call reloads it from the ledger)."""
        self._tables.pop(table_id, None)

    # -- other processes -----------------------------------------------------------------------

    def listen(self, on_change: Callable[[int, int], None], stop: threading.Event) -> None:
        """Call ``on_change(table_id, version)`` for every change another server process
        writes to a table of the shared ledger, until ``stop`` is set (PostgreSQL
        ``LISTEN``; returns at once on SQLite). Runs in a thread of its own."""
        from openwhist.ledger.hosting import CHANNEL

        for payload in self.ledger.notifications(CHANNEL, stop):
            table, _, rest = payload.partition(":")
            version, _, origin = rest.partition(":")
            if origin != self.origin and table.isdigit() and version.isdigit():
                on_change(int(table), int(version))

    def refresh(self, table_id: int, version: int) -> Update | None:
        """Another process wrote ``version`` of the table: reload it from the ledger when
        this process's copy is older, and return a ``sync`` `Update` (also given to
        ``on_update``) so the front end sends its connections their new views; ``None``
        when this process was already there. (A front end without connections at the table
        calls `forget` instead: the table is loaded again when needed.)"""
        table = self._tables.get(table_id)
        if table is not None and table.version >= version:
            return None
        self.forget(table_id)
        fresh = self._table(table_id)
        return self._notify(Update(table_id, fresh.version, "sync"))

    # -- the host's rights -------------------------------------------------------------------

    def _host(self, caller: Caller) -> _Table:
        table = self._table(caller.table_id)
        if not caller.host:
            raise TableError("not_host", Message(N_("only the table's host may do that")))
        return table

    def start(self, caller: Caller) -> list[Update]:
        """Start a waiting table: its match is created in the ledger (open seats nobody
        named keep their default names) and the bots play up to the first human turn.

        Raises:
            TableError: ``not_host``; ``bad_status`` (not waiting).
        """
        table = self._host(caller)
        _check_status(table, "waiting")
        settings = table.settings
        specs = [
            f"bot:{seat.bot}" if seat.kind == "bot" else f"human:{seat.name}"
            for seat in table.seats
        ]
        session = start_session(
            self.catalog,
            settings["variant"],
            options=settings["options"],
            house_rules=settings["house_rules"],
            seats=specs,
            players=settings["seats"],
            seed=settings.get("seed"),
            undo=bool(settings.get("undo")),
            autoplay=bool(settings.get("autoplay")),
        )
        from openwhist.ledger import hosting as repo

        # The match and the table's move to ``playing`` are one transaction: a failure
        # between the two writes (a lost connection, another process starting the table
        # first) leaves neither, so no match is ever left without its table.
        try:
            with self.ledger.unit_of_work() as db:
                match_id = self.ledger.start_match(
                    session.variant_name,
                    [ledger_player(spec.name, spec.bot_label) for spec in session.seats],
                    options=session.engine.options,
                    first_dealer=session.first_dealer,
                    seed=session.seed,
                    house_rules=[rule.name for rule in session.engine.house_rules],
                    inputs="played",
                    seats=session.engine.seats,
                    unit=db,
                )
                version = repo.bump_version(
                    session=db,
                    table_id=table.id,
                    read=table.version,
                    status="playing",
                    match_id=match_id,
                    origin=self.origin,
                )
        except BaseException:
            self._tables.pop(table.id, None)
            raise
        table.match_id, table.status, table.version = match_id, "playing", version
        self._attach(table, session)
        update = self._notify(Update(table.id, version, "status"))
        return [update, *self.advance(caller.table_id)]

    def pause(self, caller: Caller) -> Update:
        """Pause a playing table: nobody acts, the bots wait (``not_host``, ``bad_status``)."""
        table = self._host(caller)
        _check_status(table, "playing")
        return self._write(table, "status", status="paused")

    def unpause(self, caller: Caller) -> list[Update]:
        """Let a paused table play on (``not_host``, ``bad_status``)."""
        table = self._host(caller)
        _check_status(table, "paused")
        update = self._write(table, "status", status="playing")
        return [update, *self.advance(caller.table_id)]

    def seat_bot(self, caller: Caller, seat: int, bot: str) -> list[Update]:
        """Give ``seat`` to ``bot`` (``NAME[:LEVEL]``): its player is gone. The seat's
        invite token stays valid (its holder still sees the seat's cards); the match's
        record keeps the player it started with.

        Raises:
            TableError: ``not_host``, ``bad_status`` (closed), ``bad_seat``.
            UsageError, UnknownBotLevelError: a bot that cannot play the variant.
        """
        table = self._host(caller)
        _check_status(table, "waiting", "playing", "paused")
        if not 0 <= seat < len(table.seats):
            raise TableError(
                "bad_seat",
                Message(N_("table {table} has no seat {seat}"), {"table": table.id, "seat": seat}),
            )
        spec = resolve_bot(self.catalog, table.settings["variant"], bot)
        label = spec.label
        old = table.seats[seat]
        table.seats[seat] = _Seat("bot", old.name, label, old.token_hash)
        if table.session is not None:
            self._give_to_bot(table, seat, label)
        update = self._write(
            table, "seat", seat=seat, seat_row=("bot", old.name, label), change=("bot", label)
        )
        if table.status == "playing":
            return [update, *self.advance(caller.table_id)]
        return [update]

    def seat_back(self, caller: Caller, seat: int) -> list[Update]:
        """Give back to its player a seat the host gave to a bot (`seat_bot`): the bot
        stops and the seat's next turn is the player's (an ``update`` of kind ``back``,
        kept as a seat change). Only a seat that had a player can be given back -- one
        with an invite token; a seat the table was created with as a bot has nobody to
        give it to.

        Raises:
            TableError: ``not_host``, ``bad_status`` (closed), ``bad_seat`` (no such seat,
                not a bot's, or a bot's from the start).
        """
        table = self._host(caller)
        _check_status(table, "waiting", "playing", "paused")
        if not 0 <= seat < len(table.seats):
            raise TableError(
                "bad_seat",
                Message(N_("table {table} has no seat {seat}"), {"table": table.id, "seat": seat}),
            )
        old = table.seats[seat]
        if old.kind != "bot" or old.token_hash is None:
            raise TableError(
                "bad_seat",
                Message(N_("seat {seat} has no player to give it back to"), {"seat": seat}),
            )
        table.seats[seat] = _Seat("human", old.name, None, old.token_hash)
        if table.session is not None:
            table.session.seat_back(seat, SeatSpec("human", old.name))
        update = self._write(
            table, "back", seat=seat, seat_row=("human", old.name, None), change=("back", None)
        )
        return [update]

    def _give_to_bot(self, table: _Table, seat: int, label: str) -> None:
        session = table.session
        assert session is not None
        variant = session.variant_name
        spec = resolve_bot(self.catalog, variant, label)
        seats = SeatBots(self.catalog, variant, session.engine.seat_names, None)
        # A fresh stream from the OS: a bot that takes a seat mid-match has no seed to
        # reproduce, and a seed would let a reader of the ledger predict its play.
        bot = seats.build(seat, spec, bot_rng(random.SystemRandom().getrandbits(63), seat))
        name, _, level = label.partition(":")
        spec_seat = SeatSpec("bot", session.seats[seat].name, bot=name, level=level or None)
        session.seat_bot(seat, spec_seat, bot)

    # -- absent players ----------------------------------------------------------------------

    def hold_time(self, table_id: int) -> float | None:
        """The table's hold time in seconds (``None``: it waits for its players)."""
        hold = self._table(table_id).settings.get("hold")
        return None if hold is None else float(hold)

    def human_seats(self, table_id: int) -> list[int]:
        """The seats a person plays (human or open; not those given to a bot)."""
        return [i for i, s in enumerate(self._table(table_id).seats) if s.kind != "bot"]

    def hold_seat(self, table_id: int, seat: int) -> list[Update]:
        """``seat``'s player has been gone longer than the hold time: the table's hold bot
        plays the seat until `release_seat`. The change is written (an ``update`` of kind
        ``held``); nothing happens at a table without a hold time, one not started or
        closed, a bot's seat, or a seat already held.
        """
        table = self._table(table_id)
        label = table.settings.get("hold_bot")
        if (
            label is None
            or table.session is None
            or table.status not in ("playing", "paused")
            or not 0 <= seat < len(table.seats)
            or table.seats[seat].kind == "bot"
            or table.seats[seat].held
        ):
            return []
        held = table.seats[seat]
        held.held = True
        self._give_to_bot(table, seat, label)
        update = self._write(
            table,
            "held",
            seat=seat,
            seat_row=(held.kind, held.name, held.bot),
            held=True,
            change=("held", label),
        )
        return [update, *self.advance(table_id)]

    def release_seat(self, table_id: int, seat: int) -> list[Update]:
        """``seat``'s player is back: the hold bot stops and the seat's turns are the
        player's again (an ``update`` of kind ``returned``; nothing if it was not held)."""
        table = self._table(table_id)
        if not 0 <= seat < len(table.seats) or not table.seats[seat].held:
            return []
        back = table.seats[seat]
        back.held = False
        if table.session is not None:
            table.session.seat_back(seat, SeatSpec("human", back.name))
        update = self._write(
            table,
            "returned",
            seat=seat,
            seat_row=(back.kind, back.name, back.bot),
            change=("returned", None),
        )
        return [update]

    def close(self, caller: Caller) -> Update:
        """Close the table; an open match is abandoned in the ledger (``not_host``,
        ``bad_status`` when already closed)."""
        table = self._host(caller)
        _check_status(table, "waiting", "playing", "paused")
        if table.match_id is not None:
            point = self.ledger.resume_point(table.match_id)
            if not point.finished:
                self.ledger.finish_match(table.match_id, abandoned=True)
        if table.session is not None:
            deals = table.session.builder.deals
            last = deals[-1].model_dump(mode="json") if deals else None
            table.final = (table.session.progress, last)
        table.session = None
        return self._write(table, "status", status="closed")

    # -- playing -----------------------------------------------------------------------------

    def _turn(self, table: _Table, caller: Caller) -> HumanTurn:
        _check_status(table, "playing")
        session = table.session
        assert session is not None
        if caller.seat is None:
            raise TableError("not_seated", Message(N_("only a seated player may act")))
        if table.seats[caller.seat].kind == "bot" or table.seats[caller.seat].held:
            raise TableError("seat_held", Message(N_("a bot plays your seat now")))
        state = session.state
        if state is None or state.to_act != caller.seat:
            # Checked on the state, before anything steps: a process that does not own
            # the table must never play a bot's turn for a client acting out of turn.
            raise TableError("not_your_turn", Message(N_("it is not your turn")))
        event = session.next_event()
        while not isinstance(event, HumanTurn) and session.queued():
            # Events a process that does not own the table left queued (`advance`).
            event = session.next_event()
        if not isinstance(event, HumanTurn):  # pragma: no cover - advance ran the bots
            raise TableError("not_your_turn", Message(N_("it is not your turn")))
        if event.seat != caller.seat:
            name = table.seats[event.seat].name
            raise TableError(
                "not_your_turn", Message(N_("it is {name}'s turn, not yours"), {"name": name})
            )
        return event

    def act(self, caller: Caller, text: str) -> list[Update]:
        """The caller's seat makes ``text`` (a call or a card in the variant's notation).

        Checked by the engine first: nothing changes unless it is legal. Written to the
        ledger before it is returned; then the bots play up to the next human turn, each
        action written before it is returned.

        Raises:
            TableError: ``bad_status``, ``not_seated``, ``seat_held``, ``not_your_turn``.
            InvalidNotationError: text that is no action of this phase (with why).
            IllegalActionError: an action the rules forbid now (with the legal ones).
            StaleTableError: another process changed the table first (nothing written;
                this process reloads the table on the next call).
        """
        table = self._table(caller.table_id)
        self._turn(table, caller)
        session = table.session
        assert session is not None
        session.act(text)  # raises, unchanged, on anything illegal
        return [self._flush(table), *self.advance(caller.table_id)]

    def undo(self, caller: Caller) -> list[Update]:
        """Take back the caller's last action (when the table allows undo).

        Raises:
            TableError: as `act`; ``no_undo`` (the table does not allow it).
            IllegalActionError: nothing of the caller's to take back.
        """
        table = self._table(caller.table_id)
        if not table.settings.get("undo"):
            raise TableError("no_undo", Message(N_("this table does not allow undo")))
        self._turn(table, caller)
        session = table.session
        assert session is not None
        session.undo()
        return [self._flush(table), *self.advance(caller.table_id)]

    def advance(self, table_id: int) -> list[Update]:
        """Let the bots (and auto-play) act up to the next human turn or the match's end,
        writing each change before returning it. Nothing while the table is not playing,
        nor in a process that does not own the table (`owns`): its owner plays the bots."""
        table = self._table(table_id)
        updates: list[Update] = []
        if table.status != "playing":
            return updates
        owner = self.owns(table_id)
        while table.status == "playing" and table.session is not None:
            if not owner and not table.session.queued():
                # Not ours to deal, score or play a bot's turn: the owner process does
                # that once it hears of this change. Only what was made here is written.
                break
            event = table.session.next_event()
            if table.pending:
                updates.append(self._flush(table))
            if isinstance(event, HumanTurn):
                break
            if isinstance(event, MatchOver):
                updates.append(self._write(table, "status", status="closed"))
                break
        return updates

    # -- writing -------------------------------------------------------------------------------

    def _flush(self, table: _Table) -> Update:
        """Write the session's pending changes and the table's next version in one
        transaction; the `Update` describes the last one."""
        changes, table.pending[:] = list(table.pending), []
        assert changes, "nothing to write"
        session = table.session
        assert session is not None
        assert table.match_id is not None
        match_id = table.match_id
        variant = session.variant_name
        statistics = self.ledger.statistics_of(variant)

        def write(db: Any, version: int) -> None:
            from openwhist.ledger import repository as repo

            for change in changes:
                if isinstance(change, DealStarted | ActionPlayed):
                    repo.append_action(
                        session=db, match_id=match_id, index=change.index, notation=change.notation
                    )
                elif isinstance(change, Undone):
                    repo.truncate_actions(session=db, match_id=match_id, keep=change.keep)
                elif isinstance(change, DealScored):
                    repo.complete_deal(
                        session=db,
                        match_id=match_id,
                        score=change.score,
                        progress=change.progress,
                        statistics=statistics,
                    )

        last = changes[-1]
        told: dict[str, Any] = {}
        if isinstance(last, DealStarted):
            kind, seat, notation, private = "deal", last.dealer, None, False
            told["number"] = last.number
        elif isinstance(last, ActionPlayed):
            assert table.presentation is not None
            declared = table.presentation.private_action(last.action)
            private = declared is not None
            kind, seat, notation = "action", last.seat, last.notation
            told["card_play"] = isinstance(last.action, Play)
            told["in_trick"] = last.phase == PHASE_PLAY
            told["shown_as"] = None if declared is None else declared.shown_as
        elif isinstance(last, Undone):
            kind, seat, notation, private = "undo", last.seat, None, False
        else:
            kind, seat, notation, private = "scored", None, None, False
        version = self._commit(table, write)
        return self._notify(Update(table.id, version, kind, seat, notation, private, **told))

    def _write(
        self,
        table: _Table,
        kind: str,
        *,
        status: str | None = None,
        match_id: int | None = None,
        seat: int | None = None,
        seat_row: tuple[str, str, str | None] | None = None,
        held: bool = False,
        change: tuple[str, str | None] | None = None,
    ) -> Update:
        """Write one change of the table (its status, a seat) with its next version.
        ``seat_row``: the seat's new kind, name and bot (and ``held``); ``change``: the
        seat change to keep (kind and bot, `record_seat_change`), where the match stands."""
        state = table.session.state if table.session is not None else None
        deal = state.context.number if state is not None else None
        actions = len(state.history) if state is not None else 0

        def write(db: Any, version: int) -> None:
            from openwhist.ledger import hosting as repo

            if seat_row is not None and seat is not None:
                repo.update_seat(
                    session=db,
                    table_id=table.id,
                    seat=seat,
                    kind=seat_row[0],
                    name=seat_row[1],
                    bot=seat_row[2],
                    held=held,
                )
            if change is not None and seat is not None:
                repo.record_seat_change(
                    session=db,
                    table_id=table.id,
                    version=version,
                    seat=seat,
                    change=change[0],
                    bot=change[1],
                    match_id=table.match_id,
                    deal=deal,
                    actions=actions,
                )

        if status is not None:
            # The new status counts for the views the listener renders of this version (a
            # failed write makes this process forget the table: `_commit`).
            table.status = status
        version = self._commit(table, write, status=status, match_id=match_id)
        return self._notify(Update(table.id, version, kind, seat, status=status))

    def _notify(self, update: Update) -> Update:
        if self.on_update is not None:
            self.on_update(update)
        return update

    def _commit(
        self,
        table: _Table,
        write: Any,
        *,
        status: str | None = None,
        match_id: int | None = None,
    ) -> int:
        """Run ``write(db, version)`` and move the table's version on, in one transaction. On any
        failure nothing is written and this process forgets its copy of the table (its
        in-memory session may be ahead of the ledger): the next call reloads it."""
        from openwhist.ledger import hosting as repo

        try:
            with self.ledger.unit_of_work() as db:
                version = repo.bump_version(
                    session=db,
                    table_id=table.id,
                    read=table.version,
                    status=status,
                    match_id=match_id,
                    origin=self.origin,
                )
                write(db, version)
        except BaseException:
            self._tables.pop(table.id, None)
            raise
        table.version = version
        return version

    # -- what a caller sees --------------------------------------------------------------------

    def _words(self, lang: str) -> Any:
        return shown.translations(lang, self.catalog.locale_dirs())

    def told(self, update: Update, caller: Caller, lang: str | None = None) -> dict[str, Any]:
        """``update`` as ``caller`` may be told it (`Update.event_for`); with ``lang``, also
        ``said``: the sentence a screen shows for it in that language
        (`openwhist.services.shown.said`; another seat's private action as its declared
        sentence, never the action)."""
        event = update.event_for(caller.seat)
        if lang is None:
            return event
        table = self._table(update.table_id)
        calls = table.presentation.calls if table.presentation is not None else None
        line = shown.said(
            event,
            names=[s.name for s in table.seats],
            tr=self._words(lang),
            lang=lang,
            calls=calls if calls is not None else Presentation().calls,
            card_play=update.card_play,
            in_trick=update.in_trick,
            shown_as=update.shown_as if update.private and caller.seat != update.seat else None,
            status=update.status,
            number=update.number,
        )
        if line is not None:
            event["said"] = line
        return event

    def view(self, caller: Caller, lang: str | None = None) -> dict[str, Any]:
        """What ``caller`` may see now (docs/server.md, "Views"): the table's status,
        version, seats (names and kinds, never tokens), the match's standing and -- while
        a deal is on -- the caller's view of it (a seat's own; a spectator's or the host's
        without a seat: what every seat sees alike), with its legal actions when it is to
        act.

        With ``lang`` (a code of `openwhist.services.shown.LANGUAGES`), the view also
        holds ``shown``: the same view drawn for a screen in that language -- ``deal``
        (`openwhist.services.shown.screen`, or ``None`` between deals) and ``standing``
        (`openwhist.services.shown.standing`) and ``sides`` (the partnerships, to mark a
        partner) -- for clients, like the browser table, that know no variant."""
        document = self._view(caller)
        if lang is None:
            return document
        table = self._table(caller.table_id)
        tr = self._words(lang)
        names = [s.name for s in table.seats]
        session = table.session
        # The variant's sides, when every seat has one (a table of another seat count may
        # play without partners).
        sides = self.catalog.variant(str(table.settings["variant"])).partnerships
        if sum(map(len, sides)) != len(names):
            sides = ()
        progress = session.progress if session is not None else None
        if progress is None and table.final is not None:
            progress = table.final[0]
        drawn: dict[str, Any] = {"deal": None, "standing": None, "sides": [list(x) for x in sides]}
        if progress is not None:
            drawn["standing"] = shown.standing(
                progress, names=names, tr=tr, lang=lang, partnerships=sides
            )
        seen = self._seen(table, caller)
        if seen is not None:
            view, legal = seen
            assert table.presentation is not None
            drawn["deal"] = shown.screen(
                view,
                table.presentation,
                names=names,
                tr=tr,
                lang=lang,
                legal=legal,
                partnerships=sides,
            )
        document["shown"] = drawn
        return document

    def _seen(self, table: _Table, caller: Caller) -> tuple[Any, list[Action]] | None:
        """The view of the deal on that ``caller`` may have (a spectator's: what every
        seat sees alike) and its legal actions, or ``None`` between deals."""
        session = table.session
        if session is None:
            return None
        state = session.state
        if state is None or (state.to_act == TERMINAL and not state.history):
            return None
        engine = session.engine
        if caller.seat is None:
            return spectator_view([engine.observe(state, s) for s in range(engine.seats)]), []
        legal: list[Action] = []
        if (
            table.status == "playing"
            and state.to_act == caller.seat
            and table.seats[caller.seat].kind != "bot"
            and not table.seats[caller.seat].held
        ):
            legal = list(engine.legal_actions(state, caller.seat))
        return engine.observe(state, caller.seat), legal

    def _view(self, caller: Caller) -> dict[str, Any]:
        table = self._table(caller.table_id)
        entry = self.catalog.variants.get(table.settings["variant"])
        document: dict[str, Any] = {
            "table": table.id,
            "version": table.version,
            "status": table.status,
            "variant": table.settings["variant"],
            # A client rebuilds the game from its own copy of the plugin (whist join, whist
            # bot): it must be the same version (`openwhist.services.remote.RemoteGame`).
            "variant_distribution": None if entry is None else entry.distribution,
            "variant_version": None if entry is None else entry.version,
            "options": table.settings["options"],
            "house_rules": table.settings["house_rules"],
            "undo": bool(table.settings.get("undo")),
            "hint": bool(table.settings.get("hint", True)),
            "hold": table.settings.get("hold"),
            "you": {"seat": caller.seat, "host": caller.host},
            "seats": [
                {"seat": i, "name": s.name, "kind": s.kind, "bot": s.bot, "held": s.held}
                for i, s in enumerate(table.seats)
            ],
            "progress": None,
            "deal": None,
            "last_deal": None,
        }
        session = table.session
        if session is None:
            if table.final is not None:
                document["progress"] = progress_document(table.final[0])
                document["last_deal"] = table.final[1]
            return document
        document["progress"] = progress_document(session.progress)
        if session.builder.deals:
            last = session.builder.deals[-1]
            document["last_deal"] = last.model_dump(mode="json")
        state = session.state
        if state is None or (state.to_act == TERMINAL and not state.history):
            return document
        assert table.presentation is not None
        names = [s.name for s in table.seats]
        engine = session.engine
        if caller.seat is not None:
            view = engine.observe(state, caller.seat)
            legal: tuple[str, ...] = ()
            if (
                table.status == "playing"
                and state.to_act == caller.seat
                and table.seats[caller.seat].kind != "bot"
                and not table.seats[caller.seat].held
            ):
                legal = tuple(a.notation() for a in engine.legal_actions(state, caller.seat))
            deal = view_document(view, table.presentation, names=names, legal=legal)
        else:
            views = [engine.observe(state, s) for s in range(engine.seats)]
            deal = view_document(
                spectator_view(views), table.presentation, names=names, spectator=True
            )
        deal["number"] = state.context.number
        deal["actions"] = len(state.history)
        document["deal"] = deal
        return document


def _seat_text(seat: TableSeat) -> str:
    if seat.kind == "bot":
        return f"bot:{seat.bot}"
    return f"human:{seat.name}" if seat.name else "human"


__all__ = [
    "MAX_SEATS",
    "TOKEN_BYTES",
    "Caller",
    "CreatedTable",
    "Hosting",
    "TableError",
    "TableSeat",
    "Update",
    "new_token",
    "parse_table_seat",
    "token_hash",
]
