"""The ASGI app: ``POST /api/tables`` creates a table, ``/ws`` plays it (docs/server.md).

Every connection starts with ``hello`` (a table and a token: the host's, a seat's invite,
or none for a spectator). From then on it may send the messages of `HANDLERS`; each
answer or error goes to that connection only, and every change a message causes is
broadcast as an ``update`` -- with each connection's own view of that version -- to every
connection at the table, after the hosting service wrote it to the ledger.

Bounds: a text message of at most `Limits.message_bytes` (uvicorn closes the connection on
frames over `Limits.frame_bytes`); at most `Limits.rate` messages a second per connection
with bursts of `Limits.burst`; an ``Origin`` header, when a browser sends one, must be one
of the allowed origins (default: the server's own ``Host``). A message that is not a JSON
object, of an unknown type, or with fields of the wrong kind gets an ``error`` and changes
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openwhist import (
    LISTED_ALTERNATIVES,
    IllegalActionError,
    InvalidNotationError,
    Message,
    OpenWhistError,
)
from openwhist.services import UsageError, refusals, shown
from openwhist.services.hosting import Caller, Hosting, TableError, Update
from openwhist.services.shown import language_code
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from openwhist_server import club, page
from openwhist_server.club import auth as club_auth

if TYPE_CHECKING:
    from openwhist.services.catalog import Catalog
    from openwhist.services.ledger import Ledger

PROTOCOL = "openwhist.table/1"
"""The protocol's name and version, sent in ``welcome``."""
_LOG = logging.getLogger("openwhist_server")
POLICY_VIOLATION = 1008
"""The websocket close code for a refused origin or a client that keeps flooding."""
MAX_TABLES = 1000
"""Open tables a server (all its processes) keeps at most without ``--max-tables``."""
TAKEOVER_PERIOD = 1.0
"""Seconds between a process's looks for tables whose owner process died (PostgreSQL)."""
CREATE_TOKEN_ENV = "OPENWHIST_CREATE_TOKEN"
"""The environment variable ``whist serve`` reads the create token from."""


@dataclass(frozen=True)
class Limits:
    """Bounds on what a client may send.

    Attributes:
        message_bytes: the largest text message read (UTF-8 bytes); larger: ``too_big``.
        frame_bytes: the largest frame uvicorn accepts at all (it closes the connection).
        rate: messages per second a connection may send, on average.
        burst: messages a connection may send at once.
        flood: consecutive over-rate messages after which the connection is closed.
        body_bytes: the largest ``POST /api/tables`` body.
        queue: messages waiting for a slow client before it is disconnected.
    """

    message_bytes: int = 4096
    frame_bytes: int = 65536
    rate: float = 20.0
    burst: int = 40
    flood: int = 200
    body_bytes: int = 16384
    queue: int = 2000


@dataclass(eq=False)  # one per websocket, hashed by identity
class _Connection:
    websocket: WebSocket
    caller: Caller
    outbox: asyncio.Queue[str | None]
    tokens: float
    stamp: float
    over: int = 0
    lang: str | None = None  # a screen's language (hello's ``lang``): views carry ``shown``


@dataclass
class _Hub:
    """Who is connected to which table, and one lock per table (the service's calls for
    one table run one at a time; different tables run in parallel threads)."""

    hosting: Hosting
    limits: Limits
    origins: frozenset[str]
    create_token: str | None = None
    max_tables: int = 1000
    loop: asyncio.AbstractEventLoop | None = None
    rooms: dict[int, set[_Connection]] = field(default_factory=dict)
    locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    timers: dict[tuple[int, int], asyncio.Task[None]] = field(default_factory=dict)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def lock(self, table_id: int) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def present(self, table_id: int, seat: int) -> bool:
        """Whether a connection holds ``seat`` of the table now."""
        return any(c.caller.seat == seat for c in self.rooms.get(table_id, ()))

    def gone(self, table_id: int, seat: int) -> bool:
        """Whether nobody holds ``seat`` here nor, through another process, anywhere."""
        return not self.present(table_id, seat) and not self.hosting.present_elsewhere(
            table_id, seat
        )

    async def watch_absent(self, table_id: int) -> None:
        """Start the hold timer of every human seat of the table that nobody holds (only
        in the process that owns the table: `Hosting.owns`)."""
        hold = await asyncio.to_thread(self.hosting.hold_time, table_id)
        if hold is None or not self.hosting.is_owner(table_id):
            return
        for seat in await asyncio.to_thread(self.hosting.human_seats, table_id):
            key = (table_id, seat)
            if key in self.timers and not self.timers[key].done():
                continue
            if await asyncio.to_thread(self.gone, table_id, seat):
                self.absent(table_id, seat, hold)

    def absent(self, table_id: int, seat: int, hold: float) -> None:
        """``seat`` has nobody now: after ``hold`` seconds still without anybody (here or
        at another process), the table's hold bot takes it (`Hosting.hold_seat`) -- if
        this process owns the table; its owner's timer runs otherwise."""
        key = (table_id, seat)
        if key in self.timers and not self.timers[key].done():
            return
        if not self.hosting.is_owner(table_id):
            return

        async def later() -> None:
            await asyncio.sleep(hold)
            if self.hosting.is_owner(table_id) and await asyncio.to_thread(
                self.gone, table_id, seat
            ):
                async with self.lock(table_id):
                    try:
                        await asyncio.to_thread(self.hosting.hold_seat, table_id, seat)
                    except OpenWhistError as exc:  # nothing written; the seat waits on
                        _LOG.warning("table %s seat %s: %s", table_id, seat, exc)

        self.timers[key] = asyncio.create_task(later())

    def remote_change(self, table_id: int, version: int) -> None:
        """Another server process changed the table (the listener thread calls this):
        bring this process's copy up to date and send its connections their views."""
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(self._start_sync, table_id, version)

    def _start_sync(self, table_id: int, version: int) -> None:
        task = asyncio.get_running_loop().create_task(self._sync(table_id, version))
        self.tasks.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self.tasks.discard)

    async def _sync(self, table_id: int, version: int) -> None:
        async with self.lock(table_id):
            owner = self.hosting.is_owner(table_id)
            if not self.rooms.get(table_id) and not owner:
                # Nobody here watches it: drop any copy, it is loaded again when needed.
                self.hosting.forget(table_id)
                return
            with contextlib.suppress(OpenWhistError):
                await asyncio.to_thread(self.hosting.refresh, table_id, version)
                if owner:
                    # A client of another process acted: the bots' replies are ours.
                    await asyncio.to_thread(self.hosting.advance, table_id)

    async def take_over(self, period: float) -> None:
        """PostgreSQL, several processes: every ``period`` seconds, take over the tables
        whose owner died (`Hosting.claim`) -- their bots play on from the last logged
        action -- and start the hold timers of the seats that left through other
        processes."""
        while True:
            await asyncio.sleep(period)
            try:
                taken = await asyncio.to_thread(self.hosting.claim)
                for table_id in taken:
                    _LOG.info("took over table %s", table_id)
                    try:
                        async with self.lock(table_id):
                            await asyncio.to_thread(self.hosting.adopt, table_id)
                    except OpenWhistError as exc:
                        _LOG.warning("table %s cannot be served: %s", table_id, exc)
                        continue
                    await self.resume(table_id)
                for table_id in self.hosting.tables():
                    if self.hosting.is_owner(table_id):
                        await self.watch_absent(table_id)
            except OpenWhistError as exc:  # the ledger is away: try again next time
                _LOG.warning("taking over tables: %s", exc)

    async def resume(self, table_id: int) -> None:
        """Let the table's bots finish what is theirs to do now, and start its timers."""
        try:
            async with self.lock(table_id):
                await asyncio.to_thread(self.hosting.advance, table_id)
            await self.watch_absent(table_id)
        except OpenWhistError as exc:
            # Another process played the bots first, or a bot broke its contract: the
            # table stays as the ledger has it.
            _LOG.warning("table %s: %s", table_id, exc)

    async def returned(self, table_id: int, seat: int) -> None:
        """``seat``'s player is connected again: no timer, and the seat is theirs."""
        timer = self.timers.pop((table_id, seat), None)
        if timer is not None:
            timer.cancel()
        async with self.lock(table_id):
            await asyncio.to_thread(self.hosting.release_seat, table_id, seat)

    def broadcast(self, update: Update) -> None:
        """Send every connection at the table its view of ``update``'s version. Runs in
        the worker thread that committed the update, the table's lock held, so each view
        is rendered at exactly that version."""
        loop = self.loop
        if loop is None:
            return
        for conn in list(self.rooms.get(update.table_id, ())):
            message = _dumps(
                {
                    "type": "update",
                    "event": self.hosting.told(update, conn.caller, conn.lang),
                    "view": self.hosting.view(conn.caller, conn.lang),
                }
            )
            loop.call_soon_threadsafe(_offer, conn, message)


def _offer(conn: _Connection, message: str | None) -> None:
    try:
        conn.outbox.put_nowait(message)
    except asyncio.QueueFull:
        # A client that reads nothing must not hold the server's memory: drop it.
        with contextlib.suppress(asyncio.QueueEmpty):
            while True:
                conn.outbox.get_nowait()
        conn.outbox.put_nowait(None)


def _dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


class _BadMessageError(Exception):
    def __init__(self, code: str, message: Message) -> None:
        super().__init__(message.render())
        self.code = code
        self.message = message


def _field(
    message: dict[str, Any], name: str, kind: type | tuple[type, ...], *, required: bool = True
) -> Any:
    value = message.get(name)
    if value is None and not required:
        return None
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (bool not in kinds and isinstance(value, bool)):
        named = " or ".join(k.__name__ for k in kinds)
        raise _BadMessageError(
            "bad_message", refusals.needs_field(message.get("type"), name, named)
        )
    return value


# -- the messages a connection may send after hello ------------------------------------------

Handler = Callable[[Hosting, Caller, dict[str, Any]], Any]


def _act(hosting: Hosting, caller: Caller, message: dict[str, Any]) -> Any:
    return hosting.act(caller, _field(message, "action", str))


def _seat_bot(hosting: Hosting, caller: Caller, message: dict[str, Any]) -> Any:
    return hosting.seat_bot(caller, _field(message, "seat", int), _field(message, "bot", str))


HANDLERS: dict[str, Handler] = {
    "act": _act,
    "undo": lambda h, c, m: h.undo(c),
    "start": lambda h, c, m: h.start(c),
    "pause": lambda h, c, m: h.pause(c),
    "unpause": lambda h, c, m: h.unpause(c),
    "seat_bot": _seat_bot,
    "seat_back": lambda h, c, m: h.seat_back(c, _field(m, "seat", int)),
    "close": lambda h, c, m: h.close(c),
}
"""Message type -> the hosting service's call (docs/server.md, "Messages")."""


# -- the app ---------------------------------------------------------------------------------


def create_app(
    hosting: Hosting,
    *,
    limits: Limits | None = None,
    origins: Sequence[str] = (),
    restore: bool = True,
    create_token: str | None = None,
    max_tables: int = MAX_TABLES,
    takeover: float = TAKEOVER_PERIOD,
) -> Starlette:
    """The ASGI app over ``hosting``.

    ``origins``: the ``Origin`` values a browser's websocket may come from besides the
    server's own (``http(s)://HOST`` of the request). ``restore``: load every open table at
    start-up (`Hosting.restore`) and let its bots play on. ``create_token``: the bearer
    token ``POST /api/tables`` needs (``None``: only clients on this machine may create
    tables); ``max_tables``: open tables at most (`create_access`). ``takeover``: seconds
    between looks for tables whose owner process died (PostgreSQL).
    """
    hub = _Hub(hosting, limits or Limits(), frozenset(o.rstrip("/") for o in origins))
    hub.create_token = create_token
    hub.max_tables = max_tables
    hosting.on_update = hub.broadcast

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        if restore:
            ids, failed = await asyncio.to_thread(hosting.restore)
            for table_id, reason in failed.items():
                _LOG.warning("table %s cannot be served: %s", table_id, reason)
            for table_id in ids:
                # After a restart nobody is connected: each human seat's hold time runs.
                await hub.resume(table_id)
        stop = threading.Event()
        listener = threading.Thread(
            target=hosting.listen, args=(hub.remote_change, stop), daemon=True
        )
        listener.start()  # PostgreSQL: other processes' changes; SQLite: ends at once
        sweeper = None
        if await asyncio.to_thread(hosting.is_shared):
            sweeper = asyncio.create_task(hub.take_over(takeover))
        yield
        stop.set()
        if sweeper is not None:
            sweeper.cancel()
        for timer in hub.timers.values():
            timer.cancel()
        await asyncio.to_thread(listener.join, 5)
        await asyncio.to_thread(hosting.close_locks)

    async def index(request: Request) -> Response:
        return PlainTextResponse(
            "openwhist table server: POST /api/tables to create a table, "
            f"websocket /ws to play ({PROTOCOL}; docs/server.md); the club's pages: /club/\n"
        )

    async def create(request: Request) -> Response:
        return await _create_table(hub, request)

    async def socket(websocket: WebSocket) -> None:
        await _serve_connection(hub, websocket)

    async def table_page(request: Request) -> Response:
        return await page.table_page(hub.hosting, request)

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/tables", create, methods=["POST"]),
            Route("/t/{table:int}", table_page),
            Route("/static/{name:path}", page.static_file),
            Route("/favicon.ico", page.no_icon),
            WebSocketRoute("/ws", socket),
            # The club's pages (docs/club.md): read through the services' ledger.
            Mount(
                club.web.PREFIX,
                routes=club.routes(),
                # Signed sessions and the session's account (club/auth.py): who may change
                # the ledger from the club's forms.
                middleware=club_auth.middleware(hosting.ledger),
            ),
        ],
        lifespan=lifespan,
    )
    app.state.ledger = hosting.ledger
    app.state.catalog = hosting.catalog
    return app


async def _create_table(hub: _Hub, request: Request) -> Response:
    """``POST /api/tables``: a JSON object (variant, seats, options, house_rules, undo,
    autoplay, spectators) -> the table id, the host token and the seats' invite tokens."""
    refused = await create_access(hub, request)
    if refused is not None:
        return refused
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > hub.limits.body_bytes:
            return _refuse(413, "too_big", refusals.request_too_big(hub.limits.body_bytes), request)
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return _refuse(400, "bad_json", refusals.body_not_json(), request)
    if not isinstance(data, dict):
        return _refuse(400, "bad_message", refusals.request_not_object(), request)
    try:
        variant = _field(data, "variant", str)
        seats = _field(data, "seats", list)
        if not all(isinstance(s, str) for s in seats):
            raise _BadMessageError("bad_message", refusals.list_of_strings("seats"))
        options = _field(data, "options", dict, required=False) or {}
        rules = _field(data, "house_rules", list, required=False) or []
        if not all(isinstance(r, str) for r in rules):
            raise _BadMessageError("bad_message", refusals.list_of_strings("house_rules"))
        flags = {
            name: bool(_field(data, name, bool, required=False)) for name in ("undo", "autoplay")
        }
        hint = _field(data, "hint", bool, required=False)
        spectators = _field(data, "spectators", bool, required=False)
        hold = _field(data, "hold", (int, float), required=False)
        hold_bot = _field(data, "hold_bot", str, required=False)
        created = await asyncio.to_thread(
            hub.hosting.create_table,
            variant,
            seats,
            options=options,
            house_rules=rules,
            spectators=True if spectators is None else spectators,
            hold=None if hold is None else float(hold),
            hold_bot=hold_bot,
            hint=True if hint is None else hint,
            **flags,
        )
    except _BadMessageError as exc:
        return _refuse(400, exc.code, exc.message, request)
    except (UsageError, OpenWhistError) as exc:
        return _refuse(400, "bad_request", exc, request)
    base = site_url(request)
    return JSONResponse(
        {
            "table": created.table_id,
            "host_token": created.host_token,
            "seat_tokens": {str(s): t for s, t in created.seat_tokens.items()},
            "invites": {
                "host": invite_url(base, created.table_id, created.host_token),
                **{
                    str(s): invite_url(base, created.table_id, t)
                    for s, t in created.seat_tokens.items()
                },
            },
        },
        status_code=201,
    )


LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
"""Client addresses that are this machine."""


def _from_this_machine(request: Request) -> bool:
    """Whether the request comes from a program on this machine -- and not through a
    reverse proxy here, which would make every client look local (a proxy adds a
    ``Forwarded`` or ``X-Forwarded-For`` header; a proxy that adds neither must be given a
    create token)."""
    client = request.client
    if client is None or client.host not in LOOPBACK:
        return False
    return "forwarded" not in request.headers and "x-forwarded-for" not in request.headers


async def create_access(hub: _Hub, request: Request) -> Response | None:
    """Who may create a table (docs/server.md, "Who may create tables"): with a create
    token, only a request bearing it (``Authorization: Bearer TOKEN``; 401 without one,
    403 with another); without one, only a client on this machine (403). And at most
    ``max_tables`` open tables (429). ``None``: the request may go on."""
    token = hub.create_token
    if token is not None:
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not given.strip():
            response = _refuse(401, "unauthorized", refusals.needs_create_token(), request)
            response.headers["WWW-Authenticate"] = 'Bearer realm="openwhist"'
            return response
        if not secrets.compare_digest(given.strip().encode(), token.encode()):
            return _refuse(403, "forbidden", refusals.wrong_create_token(), request)
    elif not _from_this_machine(request):
        return _refuse(403, "forbidden", refusals.only_this_machine(), request)
    live = await asyncio.to_thread(hub.hosting.live_count)
    if live >= hub.max_tables:
        return _refuse(
            429,
            "too_many_tables",
            refusals.too_many_tables(live, hub.max_tables),
            request,
        )
    return None


TRUSTED_PROXIES = frozenset({"127.0.0.1", "::1"})
"""Clients whose ``X-Forwarded-Proto`` is believed: a reverse proxy on this machine."""


def site_url(request: Request) -> str:
    """``scheme://host[:port]`` as the client reached the server: the request's ``Host``
    header, and its scheme -- ``https`` when a reverse proxy on this machine (only there:
    anyone else could claim it) says so in ``X-Forwarded-Proto``."""
    scheme = request.url.scheme
    client = request.client.host if request.client is not None else ""
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    if client in TRUSTED_PROXIES and forwarded in ("http", "https"):
        scheme = forwarded
    host = request.headers.get("host") or request.url.netloc
    return f"{scheme}://{host}"


def invite_url(base: str, table_id: int, token: str) -> str:
    """The link that opens a table's page as ``token``'s seat (or its host): the token in
    the fragment, which a browser never sends -- so it reaches no server log, no proxy
    and no ``Referer`` header."""
    return f"{base}/t/{table_id}#{token}"


def _refuse(
    status: int, code: str, message: Message | OpenWhistError, request: Request
) -> Response:
    """An HTTP error; in the request's language (``?lang=``, else ``Accept-Language``)
    too, when it names one: ``said``."""
    requested = request.query_params.get("lang")
    accept = request.headers.get("accept-language")
    lang = shown.choose_language(requested, accept) if requested or accept else None
    catalog = request.app.state.catalog
    explained = _explained(message, lang, catalog.locale_dirs() if lang else ())
    return JSONResponse({"type": "error", "code": code, **explained}, status_code=status)


def _explained(
    error: Message | OpenWhistError, lang: str | None = None, directories: Sequence[Any] = ()
) -> dict[str, Any]:
    """An error's ``message`` (English text) and ``message_document``: the same message as
    `Message.as_dict` writes it, for a client to show in its player's language
    (docs/server.md, "Errors"); with ``lang``, also ``said``: the line a screen shows for
    it in that language (`openwhist.services.shown.refusal`, through the catalogues of
    ``directories``)."""
    if isinstance(error, Message):
        message, text = error, error.render()
    else:
        message, text = refusals.explanation(error), str(error)
        legal = tuple(getattr(error, "legal", ()) or ())
        if isinstance(error, IllegalActionError) and legal:
            tail = refusals.legal_tail(legal, LISTED_ALTERNATIVES)
            message = Message("{reason}; {tail}", {"reason": message, "tail": tail})
    data: dict[str, Any] = {"message": text, "message_document": message.as_dict()}
    if lang is not None:
        tr = shown.translations(lang, directories)
        data["said"] = shown.refusal(message, tr=tr, lang=lang)
    return data


def _origin_allowed(hub: _Hub, websocket: WebSocket) -> bool:
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser: nothing of another site's can ride on its cookies
    origin = origin.rstrip("/")
    host = websocket.headers.get("host", "")
    return origin in hub.origins or origin in (f"http://{host}", f"https://{host}")


async def _serve_connection(hub: _Hub, websocket: WebSocket) -> None:
    if not _origin_allowed(hub, websocket):
        await websocket.close(code=POLICY_VIOLATION)  # before accept: the handshake fails
        return
    await websocket.accept()
    now = time.monotonic()
    conn = _Connection(
        websocket, Caller(0, None), asyncio.Queue(hub.limits.queue), hub.limits.burst, now
    )
    sender = asyncio.create_task(_send_loop(conn))
    joined = False
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            if not _within_rate(hub.limits, conn):
                if conn.over > hub.limits.flood:
                    break
                _error(hub, conn, "rate_limited", refusals.rate_limited(hub.limits.rate))
                continue
            try:
                message = _parse(hub.limits, received)
                kind = message.get("type")
                if kind == "ping":
                    _send(conn, {"type": "pong"})
                elif kind == "hello":
                    if joined:
                        raise _BadMessageError("bad_message", refusals.hello_again())
                    await _hello(hub, conn, message)
                    joined = True
                elif not joined:
                    raise _BadMessageError("hello_first", refusals.hello_first())
                elif kind == "view":
                    view = await _locked(
                        hub, conn, lambda: hub.hosting.view(conn.caller, conn.lang)
                    )
                    _send(conn, {"type": "view", "view": view})
                elif isinstance(kind, str) and kind in HANDLERS:
                    call = functools.partial(HANDLERS[kind], hub.hosting, conn.caller, message)
                    await _locked(hub, conn, call)
                    if kind in ("start", "unpause", "seat_back"):
                        await hub.watch_absent(conn.caller.table_id)
                    _send(conn, {"type": "done", "of": kind})
                else:
                    raise _BadMessageError("unknown_type", refusals.unknown_type(kind))
            except _BadMessageError as exc:
                _error(hub, conn, exc.code, exc.message)
            except TableError as exc:
                _error(hub, conn, exc.code, exc)
            except IllegalActionError as exc:
                _error(hub, conn, "illegal", exc, legal=list(getattr(exc, "legal", []) or []))
            except InvalidNotationError as exc:
                _error(hub, conn, "bad_action", exc)
            except OpenWhistError as exc:
                # The ledger or a plugin refused (a conflict with another process, a bot
                # that broke its contract): nothing was written; say so, go on.
                _error(hub, conn, "refused", exc)
    except WebSocketDisconnect:
        pass
    finally:
        table_id, seat = conn.caller.table_id, conn.caller.seat
        hub.rooms.get(table_id, set()).discard(conn)
        _offer(conn, None)
        if joined and seat is not None:
            with contextlib.suppress(Exception):  # the ledger may be gone (stopping)
                await asyncio.to_thread(hub.hosting.leave, table_id, seat)
        if joined and seat is not None and not hub.present(table_id, seat):
            with contextlib.suppress(OpenWhistError):
                hold = await asyncio.to_thread(hub.hosting.hold_time, table_id)
                if hold is not None:
                    hub.absent(table_id, seat, hold)
        with contextlib.suppress(Exception):
            await sender


async def _locked(hub: _Hub, conn: _Connection, call: Callable[[], Any]) -> Any:
    async with hub.lock(conn.caller.table_id):
        return await asyncio.to_thread(call)


async def _hello(hub: _Hub, conn: _Connection, message: dict[str, Any]) -> None:
    # The language first: a hello refused (a bad table, a bad token) is said in it.
    lang = _field(message, "lang", str, required=False)
    if lang is not None:
        conn.lang = language_code(lang) or "en"
    table_id = _field(message, "table", int)
    token = _field(message, "token", str, required=False)
    async with hub.lock(table_id):
        caller = await asyncio.to_thread(hub.hosting.identify, table_id, token)
        conn.caller = caller
        view = await asyncio.to_thread(hub.hosting.view, caller, conn.lang)
        # Joined under the lock: no update of this table falls between the view and the
        # first broadcast this connection gets.
        hub.rooms.setdefault(table_id, set()).add(conn)
        if caller.seat is not None:
            await asyncio.to_thread(hub.hosting.arrive, table_id, caller.seat)
    _send(
        conn,
        {
            "type": "welcome",
            "protocol": PROTOCOL,
            "table": table_id,
            "seat": caller.seat,
            "host": caller.host,
        },
    )
    _send(conn, {"type": "view", "view": view})
    if caller.seat is not None:
        # A held seat is the player's again: the ``returned`` update follows the view.
        await hub.returned(table_id, caller.seat)
    # A process killed between a player's action and its bots' replies left the table
    # waiting on a bot: whoever comes to the table lets the bots finish (if this process
    # owns the table -- or takes it over now, its owner gone).
    await hub.resume(table_id)


def _parse(limits: Limits, received: Any) -> dict[str, Any]:
    text = received.get("text")
    if text is None:
        raise _BadMessageError("bad_message", refusals.binary())
    if len(text.encode("utf-8", "surrogatepass")) > limits.message_bytes:
        raise _BadMessageError("too_big", refusals.message_too_big(limits.message_bytes))
    try:
        message = json.loads(text)
    except ValueError:
        raise _BadMessageError("bad_json", refusals.not_json()) from None
    if not isinstance(message, dict):
        raise _BadMessageError("bad_message", refusals.not_object())
    return message


def _within_rate(limits: Limits, conn: _Connection) -> bool:
    now = time.monotonic()
    conn.tokens = min(limits.burst, conn.tokens + (now - conn.stamp) * limits.rate)
    conn.stamp = now
    if conn.tokens >= 1:
        conn.tokens -= 1
        conn.over = 0
        return True
    conn.over += 1
    return False


def _send(conn: _Connection, message: dict[str, Any]) -> None:
    _offer(conn, _dumps(message))


def _error(
    hub: _Hub, conn: _Connection, code: str, message: Message | OpenWhistError, **extra: Any
) -> None:
    """An error to ``conn`` only; in its language too (``said``) when its hello named one."""
    dirs = hub.hosting.catalog.locale_dirs() if conn.lang is not None else ()
    _send(conn, {"type": "error", "code": code, **_explained(message, conn.lang, dirs), **extra})


async def _send_loop(conn: _Connection) -> None:
    while True:
        message = await conn.outbox.get()
        if message is None:
            with contextlib.suppress(Exception):
                await conn.websocket.close()
            return
        try:
            await conn.websocket.send_text(message)
        except Exception:
            return


# -- running it ------------------------------------------------------------------------------


def serve(
    catalog: Catalog,
    ledger: Ledger,
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    origins: Sequence[str] = (),
    limits: Limits | None = None,
    create_token: str | None = None,
    max_tables: int = MAX_TABLES,
) -> None:
    """Run ``whist serve`` on ``host:port`` over ``ledger`` until interrupted (uvicorn,
    websockets; frames bounded by ``limits.frame_bytes``; who may create tables:
    `create_access`)."""
    import uvicorn

    bounds = limits or Limits()
    app = create_app(
        Hosting(catalog, ledger),
        limits=bounds,
        origins=origins,
        create_token=create_token,
        max_tables=max_tables,
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=bounds.frame_bytes,
        log_level="warning",
        lifespan="on",
    )


__all__ = [
    "CREATE_TOKEN_ENV",
    "HANDLERS",
    "MAX_TABLES",
    "PROTOCOL",
    "Limits",
    "create_access",
    "create_app",
    "invite_url",
    "serve",
    "site_url",
]
