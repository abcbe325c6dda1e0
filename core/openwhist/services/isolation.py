"""Bots in worker processes: each isolated seat's bot runs in a process of its own that
receives only the seat's serialised view and the legal actions, and answers with one of them.

The trust model (docs/bots.md, "Trust"): a bot that runs **in-process** is trusted code. It
is handed only its `PlayerView`, but it shares the interpreter with the deal, so it *could*
reach the hidden cards (``sys._getframe``, ``gc.get_objects``, ``sys.argv`` with the
seed). An **isolated** bot runs in a worker process started with the ``spawn`` method: a
fresh interpreter that loads the plugins, builds the bot by name and level, and then only
ever sees what the parent sends it -- the view and the legal actions, pickled. The deal, the
deck, the other hands, the seed and the parent's command line never reach it (the worker's
``sys.argv`` is ``["openwhist-bot-worker"]``). One worker per seat, so two seats of the same
bot cannot share a hand either. Answers come back as JSON (an index into the legal actions),
never as a pickle: the parent runs no code of the worker's choosing.

A bot that crashes (raises, or its process dies), does not answer within the timeout, or
answers something other than one of the legal actions is a `BotFailedError` that names the
bot and its seat; a worker that timed out is stopped.

What isolation is not: a sandbox. The worker runs with the user's permissions and the
parent's environment variables; it can read files, the network and the process table, and
the plugin's module was already imported in the parent to register the bot. Isolation makes
a bot's *decisions* depend on its view alone and keeps a crashing or hanging bot from taking
the table down; against code written to do harm, use an operating-system sandbox.

For embedders: workers are started with the ``spawn`` method, which imports the main
module of the parent again in each worker, so a script that isolates bots must keep its
top-level work under ``if __name__ == "__main__":`` (the ``whist`` command does).

Determinism: the worker's bot is built with a generator in the very state the in-process
bot would get (the state travels, not the seed it came from), so isolating bots changes no
result: ``whist simulate ... --isolate-bots`` prints what it prints without the flag.
"""

from __future__ import annotations

import contextlib
import functools
import json
import multiprocessing
import os
import random
import re
import signal
import sys
import threading
import traceback
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Literal

from openwhist.bots.base import Bot, BotSpec
from openwhist.game.actions import Action
from openwhist.game.errors import PluginContractError
from openwhist.game.messages import N_, Message
from openwhist.game.views import PlayerView
from openwhist.plugins import Catalog, load_catalog

DEFAULT_TIMEOUT = 60.0
"""Seconds an isolated bot may think about one decision before it is stopped and reported."""

START_TIMEOUT = 120.0
"""Seconds a new worker may take to start, load the plugins and build its bot (at least;
the decision timeout when that is longer)."""

WORKER_ARGV = ["openwhist-bot-worker"]
"""The whole ``sys.argv`` of a worker process: the parent's command line (``--seed``...) is
not passed on."""

_MAX_REPLY = 1 << 16
"""The longest answer a worker may send (bytes); a longer one is a broken bot."""


class BotFailedError(PluginContractError):
    """A bot crashed, did not answer in time, or answered with an action that is not legal;
    the message names the bot and its seat."""


Mode = Literal["all", "third-party", "none"]


@dataclass(frozen=True)
class Isolation:
    """Which bots run in worker processes, and how.

    Attributes:
        bots: ``"all"`` (every bot seat), ``"third-party"`` (bots registered by a
            distribution other than openwhist's own, see `first_party_distributions`) or
            ``"none"``.
        timeout: seconds a bot may take per decision (`DEFAULT_TIMEOUT`).
        catalog_factory: how a worker loads the plugins; must be picklable (a module-level
            function). The default loads the installed ones, as the parent did.
    """

    bots: Mode = "all"
    timeout: float = DEFAULT_TIMEOUT
    catalog_factory: Callable[[], Catalog] = load_catalog


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@functools.cache
def first_party_distributions() -> frozenset[str]:
    """The distributions whose bots are openwhist's own: ``openwhist`` and the ones its
    ``classic`` extra installs (the built-in variants). Names normalised (PEP 503)."""
    names = {"openwhist"}
    try:
        requirements = metadata.requires("openwhist") or []
    except metadata.PackageNotFoundError:  # running from a source tree
        requirements = []
    for requirement in requirements:
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
        if match and re.search(r"extra\s*==\s*['\"]classic['\"]", requirement):
            names.add(_normalise(match.group(1)))
    return frozenset(names)


def is_third_party(catalog: Catalog, variant: str, spec: BotSpec) -> bool:
    """True when ``spec``'s bot comes from a distribution that is not openwhist's own
    (unknown origin counts as third-party)."""
    distribution = catalog.bot_distribution(variant, spec.name)
    return distribution is None or _normalise(distribution) not in first_party_distributions()


# -- the parent's side ----------------------------------------------------------------------

_SPAWN_LOCK = threading.Lock()


class _Worker:
    """One seat's worker process and the parent's end of its pipe."""

    def __init__(self, isolation: Isolation, variant: str, seat_name: str) -> None:
        self.isolation = isolation
        self.seat_name = seat_name
        self.label = "?"
        self.pending = 0
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe(duplex=True)
        self.process: BaseProcess = context.Process(
            target=_serve,
            args=(child, isolation.catalog_factory, variant),
            name=f"openwhist-bot-{seat_name}",
            daemon=True,
        )
        # The spawn method hands the child the parent's sys.argv (which may hold --seed);
        # the worker gets a fixed one instead.
        with _SPAWN_LOCK:
            saved = sys.argv
            sys.argv = list(WORKER_ARGV)
            try:
                self.process.start()
            except Exception as exc:  # no processes left, an unpicklable catalog factory...
                raise BotFailedError(
                    Message(
                        N_(
                            "cannot start a worker process for seat {seat_name}: "
                            "{error_type}: {exc}"
                        ),
                        {"seat_name": seat_name, "error_type": type(exc).__name__, "exc": str(exc)},
                    )
                ) from None
            finally:
                sys.argv = saved
                child.close()

    def build(self, label: str, state: object) -> None:
        """Have the worker build bot ``label`` with a generator in ``state``. Its answer is
        read before the next decision's, so the workers of a table start side by side."""
        self.label = label
        with contextlib.suppress(OSError):  # a worker that is gone: _answer says how
            self.conn.send(("bot", label, state))
        self.pending += 1

    def ask(self, message: tuple[Any, ...]) -> dict[str, Any]:
        """Send ``message``; the worker's JSON answer (a dict), or `BotFailedError`."""
        while self.pending:
            self.pending -= 1
            self._answer(max(self.isolation.timeout, START_TIMEOUT), "to start")
        with contextlib.suppress(OSError):  # a worker that is gone: _answer says how
            self.conn.send(message)
        return self._answer(self.isolation.timeout, "")

    def _answer(self, timeout: float, doing: str) -> dict[str, Any]:
        """The worker's reply; ``doing`` is ``"to start"`` while it starts, else empty."""
        who = Message(
            N_("bot '{label}' at seat {seat}"), {"label": self.label, "seat": self.seat_name}
        )
        try:
            if not self.conn.poll(timeout):
                self.stop()
                raise BotFailedError(
                    Message(
                        N_(
                            "{who} did not answer within {timeout} s to start; its worker "
                            "process was stopped"
                        )
                        if doing
                        else N_(
                            "{who} did not answer within {timeout} s; its worker process was "
                            "stopped"
                        ),
                        {"who": who, "timeout": f"{timeout:g}"},
                    )
                )
            raw = self.conn.recv_bytes(_MAX_REPLY)
        except (EOFError, OSError) as exc:
            self.process.join(1)
            code = self.process.exitcode
            raise BotFailedError(
                Message(
                    N_("{who} crashed: its worker process ended with exit code {code}"),
                    {"who": who, "code": code},
                )
                if code is not None
                else Message(
                    N_("{who} crashed: its worker process ended ({error})"),
                    {"who": who, "error": str(exc)},
                )
            ) from None
        try:
            reply = json.loads(raw)
        except (ValueError, RecursionError):  # a worker's bytes are not to be trusted
            reply = None
        if not isinstance(reply, dict):
            raise BotFailedError(
                Message(
                    N_("{who} sent an answer that is not one: {answer}"),
                    {"who": who, "answer": str(raw[:80])},
                )
            )
        if "error" in reply:
            raise BotFailedError(
                Message(
                    N_("{who} failed: {error}"), {"who": who, "error": str(reply["error"])[:500]}
                )
            )
        return reply

    def stop(self) -> None:
        """End the worker (politely, then not)."""
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(2)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(2)
        self.conn.close()


class IsolatedBot(Bot):
    """The parent's stand-in for a bot in a worker: `choose` sends the view and the legal
    actions and returns the legal action the worker picked. It gives no hints (`explain`
    is ``None``): hints come from in-process bots."""

    def __init__(self, worker: _Worker, label: str, owner: SeatBots) -> None:
        self.worker = worker
        self.label = label
        self._owner = owner  # the workers live as long as a bot of theirs does

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        reply = self.worker.ask(("choose", view, legal))
        index = reply.get("index")
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(legal):
            return legal[index]
        chose = str(reply.get("illegal", repr(reply)))[:80]
        raise BotFailedError(
            Message(
                N_(
                    "bot '{label}' chose {chose} at seat {seat_name}, which is not "
                    "legal (legal: {legal})"
                ),
                {
                    "label": self.label,
                    "chose": chose,
                    "seat_name": self.worker.seat_name,
                    "legal": " ".join(a.notation() for a in legal),
                },
            )
        )


class SeatBots:
    """The bots of a table's seats: built in-process, or each isolated seat's in a worker
    process of its own (started on first use, kept for the next matches of the run).

    Use as a context manager, or call `close`: it stops the workers.

    Args:
        catalog: the parent's catalog (to tell third-party bots when ``isolation.bots`` is
            ``"third-party"``).
        variant: the variant's registered name.
        seat_names: the variant's seat names (for messages).
        isolation: which bots to isolate; ``None``: none.
    """

    def __init__(
        self,
        catalog: Catalog,
        variant: str,
        seat_names: tuple[str, ...],
        isolation: Isolation | None,
    ) -> None:
        self.catalog = catalog
        self.variant = variant
        self.seat_names = seat_names
        self.isolation = isolation
        self._workers: dict[int, _Worker] = {}
        self._isolates: dict[str, bool] = {}  # by bot name: asked at every build (arena)
        # Workers stop at `close`, or when this object (and every bot of it) is collected.
        self._finalizer = weakref.finalize(self, _stop_all, self._workers)

    def isolates(self, spec: BotSpec) -> bool:
        """True when ``spec``'s bot runs in a worker process."""
        known = self._isolates.get(spec.name)
        if known is None:
            mode = self.isolation.bots if self.isolation is not None else "none"
            known = mode == "all" or (
                mode == "third-party" and is_third_party(self.catalog, self.variant, spec)
            )
            self._isolates[spec.name] = known
        return known

    def build(self, seat: int, spec: BotSpec, rng: random.Random) -> Bot:
        """Seat ``seat``'s bot ``spec``, with generator ``rng``: the bot itself, or an
        `IsolatedBot` whose worker built the same bot with a generator in ``rng``'s state.

        A worker that cannot start or build the bot is reported at the bot's first
        decision (`BotFailedError`, naming it), so that a table's workers start together.
        """
        if not self.isolates(spec):
            return spec.factory(self.variant, rng)
        assert self.isolation is not None
        worker = self._workers.get(seat)
        if worker is None or not worker.process.is_alive():
            worker = _Worker(self.isolation, self.variant, self.seat_names[seat])
            self._workers[seat] = worker
        worker.build(spec.label, rng.getstate())
        return IsolatedBot(worker, spec.label, self)

    def close(self) -> None:
        """Stop every worker."""
        self._finalizer()

    def __enter__(self) -> SeatBots:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _stop_all(workers: dict[int, _Worker]) -> None:
    for worker in workers.values():
        try:
            worker.conn.send(("close",))
            worker.process.join(1)
        except (OSError, ValueError):
            pass
        worker.stop()
    workers.clear()


# -- the worker's side ----------------------------------------------------------------------


def _resolve(catalog: Catalog, variant: str, label: str) -> BotSpec:
    name, _, level = label.partition(":")
    for spec in catalog.bots_for(variant):
        if spec.name == name:
            return spec.with_level(level or None)
    raise LookupError(f"no bot {name!r} for {variant} in the worker's plugins")


def _reply(conn: Connection, data: dict[str, Any]) -> None:
    conn.send_bytes(json.dumps(data).encode("utf-8"))


def _describe(exc: BaseException) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" (at {last[0].filename}:{last[0].lineno})" if last else ""
    return f"{type(exc).__name__}: {exc}{where}"


def _serve(conn: Connection, catalog_factory: Callable[[], Catalog], variant: str) -> None:
    """A worker's life: load the plugins, then answer ``("bot", label, rng state)`` (build
    the seat's bot for a new match) and ``("choose", view, legal)`` until ``("close",)`` or
    the parent goes away."""
    sys.argv = list(WORKER_ARGV)
    # Ctrl-C at the table reaches the whole process group: the parent handles it (and
    # stops its workers); a worker must not die of it with a traceback on the screen.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The parent's stdout carries its output (`--json`): whatever a bot prints goes to
    # stderr instead.
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        catalog = catalog_factory()
    except BaseException as exc:
        _reply(conn, {"error": f"the worker could not load the plugins: {_describe(exc)}"})
        return
    bot: Bot | None = None
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        kind = message[0]
        if kind == "close":
            return
        try:
            if kind == "bot":
                _, label, state = message
                generator = random.Random()
                generator.setstate(state)
                bot = _resolve(catalog, variant, label).factory(variant, generator)
                _reply(conn, {"ok": True})
            elif kind == "choose" and bot is not None:
                _, view, legal = message
                action = bot.choose(view, legal)
                if action in legal:
                    _reply(conn, {"index": legal.index(action)})
                else:
                    notation = getattr(action, "notation", None)
                    shown = notation() if callable(notation) else repr(action)
                    _reply(conn, {"illegal": str(shown)[:80]})
            else:
                _reply(conn, {"error": f"the worker cannot do {kind!r} now"})
        except Exception as exc:
            _reply(conn, {"error": _describe(exc)})


__all__ = [
    "DEFAULT_TIMEOUT",
    "WORKER_ARGV",
    "BotFailedError",
    "IsolatedBot",
    "Isolation",
    "SeatBots",
    "first_party_distributions",
    "is_third_party",
]
