"""The ledger service: one committed unit of work per operation.

A `Ledger` opens a ledger URL (checking it and running the migrations first; see
`openwhist.ledger.db.open_engine`), then serves the operations the CLI needs. Each method
opens its own session, calls `openwhist.ledger.repository` functions and commits once, so
an operation is recorded entirely or not at all -- a process killed at any moment leaves
every completed deal and every logged action, and nothing half-written.

Playing a match (what ``whist play`` / ``whist resume`` do)::

    ledger = Ledger(url)                                  # None: $OPENWHIST_DB or the default file
    match_id = ledger.start_match("german", ["Ann", "Bob"], options={...}, seed=7)
    resumed = ledger.resume(match_id)                     # engine, progress, state of the deal
    ...  state = engine.apply(state, action)
    ledger.record_action(match_id, len(state.history), action.notation())   # every action
    ...  when the deal is over:
    score = engine.score(state); progress = engine.advance_match(progress, score)
    ledger.complete_deal(match_id, score, progress)

Score-keeping a game played with real cards (``whist record``)::

    outcome = ledger.record_real_deal(match_id, {"phase1_tricks": [7, 6], ...})

SQLAlchemy, SQLModel and Alembic are imported only when a `Ledger` is created, so importing
this module stays cheap (``whist --help`` must not load them); a report (``read_only``) on
an SQLite file at the head revision does not load them at all: its score sheets, deal
records, standings and match lists come through `openwhist.ledger.sqlite_read`.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import io
import json
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, ParamSpec, TypeVar

from pydantic import BaseModel, ValidationError

from openwhist.game.engine import Engine
from openwhist.game.errors import (
    FactsProblemError,
    IllegalActionError,
    InvalidNotationError,
    OpenWhistError,
    OptionsError,
    UnknownVariantError,
)
from openwhist.game.messages import N_, Message
from openwhist.game.scoresheet import (
    CATEGORY_KEY,
    CORE_CATEGORIES,
    POINTS_SHEET,
    Breakdown,
    ScoreSheet,
    Statistic,
)
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.state import TERMINAL, DealContext, DealState
from openwhist.game.variant import HouseRule, Variant

# The ledger's errors a front end catches by name, re-exported so it needs no import from
# openwhist.ledger (the CLI imports only the public names and the services).
from openwhist.ledger.errors import DuplicateDealError as DuplicateDealError
from openwhist.ledger.errors import InvalidFactsError as InvalidFactsError
from openwhist.ledger.errors import (
    LedgerConflictError,
    LedgerError,
    LedgerSerializationError,
    status_word,
)
from openwhist.ledger.errors import LedgerCorruptError as LedgerCorruptError
from openwhist.ledger.errors import LedgerNotFoundError as LedgerNotFoundError
from openwhist.ledger.errors import LedgerStateError as LedgerStateError
from openwhist.records import literal_template as _literal
from openwhist.records import validation_messages as facts_messages

if TYPE_CHECKING:
    from datetime import datetime

    from sqlalchemy.engine import URL
    from sqlalchemy.engine import Engine as SAEngine
    from sqlmodel import Session

    from openwhist.ledger.hosting import TableLocks
    from openwhist.ledger.models import Match
    from openwhist.ledger.sqlite_read import SqliteReader
    from openwhist.records import GameRecord, VariantSource

_P = ParamSpec("_P")
_T = TypeVar("_T")

EXPORT_FORMAT = "openwhist.ledger-export/1"
"""The id of the JSON export document (docs/ledger.md, "Backup and export")."""

CSV_COLUMNS = (
    "match",
    "variant",
    "label",
    "deal",
    "entry",
    "party",
    "party_name",
    "players",
    "category",
    "points",
    "note",
    "corrects",
    "created_at",
)
"""The columns of the CSV export: one row per score entry."""


@dataclass(frozen=True)
class PlayerSpec:
    """A player for a new match: a name and ``human`` or ``bot:NAME``."""

    name: str
    kind: str = "human"


@dataclass(frozen=True)
class DealOutcome:
    """What recording a deal produced: its number, score and the match progress after it.

    ``repeated`` is True when nothing was recorded because the deal was already recorded
    under the same key (`Ledger.record_real_deal`): the outcome is the stored deal's.
    """

    match_id: int
    number: int
    score: DealScore
    progress: MatchProgress
    repeated: bool = False


def _stored_outcome(
    match_id: int, number: int, record: Mapping[str, Any], progress: Mapping[str, Any]
) -> DealOutcome:
    """The `DealOutcome` of a deal already recorded, from its stored record."""
    from openwhist.game.scoring import ScoreLine

    score = record.get("score") or {}
    return DealOutcome(
        match_id,
        number,
        DealScore(
            parties=tuple(score.get("parties", ())),
            lines=tuple(ScoreLine.from_dict(line) for line in score.get("lines", ())),
            winner=score.get("winner"),
            tricks=tuple(score.get("tricks", ())),
            facts=dict(score.get("facts") or {}),
        ),
        MatchProgress.from_dict(dict(progress)),
        repeated=True,
    )


def _minute(when: Any) -> str | None:
    """A stored time as ``2026-12-01 21:04 UTC`` (``None`` stays ``None``)."""
    return None if when is None else when.strftime("%Y-%m-%d %H:%M UTC")


@dataclass(frozen=True)
class ResumePoint:
    """Everything needed to continue a match exactly where it stopped.

    Attributes:
        match_id: the match.
        variant: the variant's name.
        options: the stored rule options (JSON form).
        house_rules: the enabled house rules' names.
        players: per seat ``{"seat", "name", "kind", "party"}``.
        first_dealer: the dealer of deal 1.
        seed: the match's seed, if any.
        status: ``open``, ``finished`` or ``abandoned``.
        progress: the progress after the last completed deal.
        deal_number: the number of the deal to continue (or start).
        dealer: its dealer.
        actions: the actions of that deal logged so far, in notation (empty: a new deal).
        claims: the claims made in that deal so far, as a game record keeps them
            (`openwhist.records.ClaimRecord` dicts, in the order made).
    """

    match_id: int
    variant: str
    options: dict[str, Any]
    house_rules: tuple[str, ...]
    players: tuple[dict[str, Any], ...]
    first_dealer: int
    seed: int | None
    status: str
    progress: MatchProgress
    deal_number: int
    dealer: int
    actions: tuple[str, ...]
    claims: tuple[dict[str, Any], ...] = ()

    @property
    def finished(self) -> bool:
        """True when no deal remains to be played (finished or abandoned)."""
        return self.status != "open" or self.progress.finished


@dataclass(frozen=True)
class ResumedMatch:
    """A match rebuilt from the ledger: the engine and the current deal's state.

    ``state`` is the current deal after replaying its logged actions (a fresh deal waiting
    for the shuffle when none are logged), or ``None`` when the match is over.
    """

    point: ResumePoint
    engine: Engine
    state: DealState[Any] | None


RETRIES = 4
"""How many times a unit of work aborted by the server to resolve a conflict (PostgreSQL
serialization failure or deadlock) is run in all before `LedgerSerializationError`."""


def _retry_conflicts(method: Callable[_P, _T]) -> Callable[_P, _T]:
    """Run a write operation again when the server aborted its unit of work to let a
    concurrent one through. Safe because the aborted unit of work was rolled back whole
    and the operations have no effect outside their transaction."""

    @functools.wraps(method)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        for attempt in range(1, RETRIES + 1):
            try:
                return method(*args, **kwargs)
            except LedgerSerializationError:
                if attempt == RETRIES:
                    raise
                time.sleep(random.uniform(0.0, 0.02 * 2**attempt))  # jittered back-off
        raise AssertionError("unreachable")  # pragma: no cover

    return run


@dataclass(frozen=True)
class DealInProgress:
    """A match's deal in progress, as reports may describe it without showing it.

    While a match is open its deal in progress is hidden from exports (the deck order is
    its first action: it would show every hand and the stock); ``actions`` says how many
    actions are logged. ``over`` is True when every card of it is played but the deal was
    never scored (the process stopped first: ``whist resume`` scores it), False when it
    stops before its end, ``None`` when not worked out (no replay asked for).
    """

    match_id: int
    number: int
    dealer: int
    actions: int
    match_open: bool
    over: bool | None = None


def _hide_deal_in_progress(summary: dict[str, Any]) -> None:
    """Blank an open match's deal in progress in an export's match summary: its record
    becomes ``None`` and ``actions_logged`` says how many actions it has (docs/ledger.md,
    "Backup and export"). A closed match hides nothing: its cards no longer matter."""
    if summary["status"] != "open":
        return
    for deal in summary.get("deal_records", ()):
        if deal["status"] == "in_progress":
            record = deal["record"] or {}
            deal["record"] = None
            deal["actions_logged"] = len(record.get("actions") or ())


def _party_of(variant: Variant, seat: int) -> int:
    for index, side in enumerate(variant.partnerships):
        if seat in side:
            return index
    return seat


def _player_spec(item: str | PlayerSpec | tuple[str, str]) -> PlayerSpec:
    if isinstance(item, PlayerSpec):
        return item
    if isinstance(item, str):
        return PlayerSpec(item)
    return PlayerSpec(item[0], item[1])


def _scoring_messages(exc: ValueError | OpenWhistError) -> list[Message]:
    """What a variant's ``score_facts`` refused, as messages: a `FactsProblemError`'s, an
    error raised with a `Message`, else the error's lines as they are."""
    if isinstance(exc, FactsProblemError):
        return list(exc.problems)
    message = exc.message if isinstance(exc, OpenWhistError) else None
    if message is not None:
        return [message]
    return [Message(_literal(line)) for line in str(exc).splitlines() if line]


def facts_problems(exc: ValidationError, *, field: str | None = None) -> list[str]:
    """`facts_messages` untranslated, one string each."""
    return [message.render() for message in facts_messages(exc, field=field)]


_facts_problems = facts_problems


class Ledger:
    """A ledger opened at a URL; every method is one committed unit of work.

    Args:
        url: a SQLAlchemy URL or an SQLite file path; ``None`` reads ``$OPENWHIST_DB`` and
            falls back to ``ledger.sqlite3`` in the user data directory.
        catalog: where variants and house rules are found by name (a `Catalog` or a
            ``{name: Variant}`` mapping); default: `openwhist.plugins.load_catalog()`,
            loaded when first needed.
        upgrade: upgrade an older ledger on open (else `LedgerNeedsUpgradeError`).
        busy_timeout_ms: how long an SQLite writer waits for another process's lock.
        read_only: for reports: an SQLite ledger is opened read-only, so reports work on a
            read-only file or directory (a write through it is `LedgerReadOnlyError`).

    Raises:
        LedgerError: the refusals of `openwhist.ledger.db.open_engine` (unreachable, locked,
            not a ledger, too new, needs upgrade), each with its exit code.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        catalog: VariantSource | Mapping[str, Variant] | None = None,
        upgrade: bool = True,
        busy_timeout_ms: int = 5000,
        read_only: bool = False,
    ) -> None:
        from openwhist.ledger import db

        self._db = db
        self._catalog = catalog
        self._engines: dict[str, Engine] = {}
        self._open_args = (url, upgrade, busy_timeout_ms, read_only)
        self._sa: tuple[URL, SAEngine, SAEngine] | None = None
        self._locks: list[TableLocks] = []
        self._reader: SqliteReader | None = None
        if read_only:
            # A report on an SQLite file already at the head revision reads it through
            # sqlite3 and loads neither SQLAlchemy nor SQLModel (0.3 s of CPU of a 0.7 s
            # `whist scores`; docs/performance.md, "Start-up"); anything else it needs
            # opens the SQLAlchemy engine then (`_sqlalchemy`), checking the file again.
            from openwhist.ledger import sqlite_read

            path = sqlite_read.plain_path(url)
            if path is not None:
                self._reader = sqlite_read.open_reader(path, busy_timeout_ms=busy_timeout_ms)
        if self._reader is None:
            self._sqlalchemy()

    def _sqlalchemy(self) -> tuple[URL, SAEngine, SAEngine]:
        """The ledger's URL, engine and writer engine, opened (and checked) on first use."""
        if self._sa is None:
            url, upgrade, busy_timeout_ms, read_only = self._open_args
            resolved = self._db.resolve_url(url)
            engine = self._db.open_engine(
                resolved, upgrade=upgrade, busy_timeout_ms=busy_timeout_ms, read_only=read_only
            )
            self._sa = (resolved, engine, self._db.writer(engine))
        return self._sa

    @property
    def _engine(self) -> SAEngine:
        """The SQLAlchemy engine (opened on first use on the quick path)."""
        return self._sqlalchemy()[1]

    # -- lifecycle -----------------------------------------------------------------------

    @property
    def url(self) -> str:
        """The ledger's URL with any password hidden."""
        if self._sa is None and self._reader is not None:
            return self._reader.where
        return self._db.display_url(self._sqlalchemy()[0])

    def close(self) -> None:
        """Close every pooled connection (and the advisory locks' connections)."""
        for locks in self._locks:
            locks.close()
        self._locks.clear()
        if self._reader is not None:
            self._reader.close()
        if self._sa is not None:
            self._sa[1].dispose()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _unit(self, *, write: bool = True) -> Iterator[Session]:
        """One unit of work: a session committed at the end, rolled back on any error."""
        import sqlalchemy as sa
        from sqlmodel import Session

        url, engine, writer = self._sqlalchemy()
        with self._db.translate_errors(url):
            session = Session(writer if write else engine, expire_on_commit=False)
            try:
                yield session
                if write:
                    session.commit()
            except sa.exc.IntegrityError as exc:
                session.rollback()
                detail = str(exc.orig).splitlines()[0] if exc.orig is not None else str(exc)
                raise LedgerConflictError(
                    Message(
                        N_("another writer recorded the same thing first ({detail})"),
                        {"detail": detail},
                    )
                ) from exc
            except BaseException:
                session.rollback()
                raise
            finally:
                session.close()

    def unit_of_work(self) -> contextlib.AbstractContextManager[Session]:
        """One unit of work for a service that writes several things at once (the hosting
        service writes an action and its table's new version together): a session
        committed when the block ends, rolled back whole on any error."""
        return self._unit()

    def statistics_of(self, variant: str) -> tuple[Statistic, ...]:
        """The statistics ``variant`` declares, as `repository.complete_deal` keeps them."""
        return self._statistics_of(variant)

    def notifications(self, channel: str, stop: threading.Event) -> Iterator[str]:
        """The payloads of PostgreSQL ``NOTIFY`` on ``channel``, as they come, until
        ``stop`` is set (checked every half second); nothing on SQLite, which has no
        notifications. One connection of the pool is held for the whole time and dropped
        afterwards (it was switched to autocommit to listen).

        Raises:
            LedgerError: the server cannot be reached (with its exit code).
        """
        url, engine, _ = self._sqlalchemy()
        if engine.dialect.name != "postgresql":
            return
        if not channel.isidentifier():
            raise LedgerError(
                Message(N_("'{channel}' is not a channel name"), {"channel": channel})
            )
        with self._db.translate_errors(url):
            raw = engine.raw_connection()
        try:
            conn: Any = raw.driver_connection
            conn.autocommit = True
            conn.execute(f"LISTEN {channel}")
            while not stop.is_set():
                for notify in conn.notifies(timeout=0.5):
                    yield notify.payload
                    if stop.is_set():
                        break
        finally:
            raw.invalidate()

    def table_locks(self) -> TableLocks | None:
        """The advisory locks by which server processes sharing this PostgreSQL ledger
        share out its hosted tables (`openwhist.ledger.hosting.TableLocks`), on a
        connection of their own; ``None`` on SQLite, which one process serves alone.

        Raises:
            LedgerError: the server cannot be reached (with its exit code).
        """
        url, engine, _ = self._sqlalchemy()
        if engine.dialect.name != "postgresql":
            return None
        from openwhist.ledger.hosting import TableLocks

        db = self._db

        def connect() -> Any:
            with db.translate_errors(url):
                return engine.connect().execution_options(isolation_level="AUTOCOMMIT")

        locks = TableLocks(connect)
        self._locks.append(locks)  # closed with the ledger (`close`)
        return locks

    # -- variants ------------------------------------------------------------------------

    def _source(self) -> VariantSource | Mapping[str, Variant]:
        if self._catalog is None:
            from openwhist.plugins import load_catalog

            self._catalog = load_catalog()
        return self._catalog

    def _variant(self, name: str) -> Variant:
        source = self._source()
        if isinstance(source, Mapping):
            if name not in source:
                raise UnknownVariantError(name, suggestions=sorted(source))
            return source[name]
        return source.variant(name)

    def _house_rules(
        self, names: Sequence[str], variant: str | None = None, inputs: str | None = None
    ) -> list[HouseRule]:
        """The house rules called ``names``; for a new match (``variant`` given) also
        checked to apply to it and, with ``inputs``, to support that kind of match
        (`openwhist.services.simulate.resolve_house_rules`; a stored match's rules load
        as they were)."""
        source = self._source()
        if isinstance(source, Mapping):
            if names:
                raise UnknownVariantError(names[0])
            return []
        rules = [source.house_rule(name) for name in names]
        if variant is not None and rules:
            from openwhist.services.simulate import check_house_rule

            # inputs None: any kind of deal may follow, so only the variant is checked.
            return [check_house_rule(rule, variant, inputs) for rule in rules]
        return rules

    def _recorded_seats(self, variant: str, seats: int) -> int | None:
        """A game record's ``seats``: ``None`` (not written) at the variant's default count;
        written when the variant is not installed, as nothing says its default then."""
        try:
            return None if self._variant(variant).seats == seats else seats
        except UnknownVariantError:
            return seats

    def _distribution(self, name: str) -> tuple[str, str]:
        registered = getattr(self._source(), "variants", {}).get(name)
        if registered is None:
            return "", ""
        return str(registered.distribution), str(registered.version)

    def _engine_for(self, match: Match) -> Engine:
        # One engine per (variant, options, house rules): building the rule stack costs
        # more than scoring a deal, and a score-keeper enters many deals of one match.
        from sqlalchemy.orm import object_session

        from openwhist.ledger import repository as repo

        session = object_session(match)
        if session is None or match.id is None:
            raise LedgerError(Message(N_("internal: a match read outside its unit of work")))
        # The seat count is the match's number of seats rows (`--players N`).
        seats = repo.match_seat_count(session=session, match_id=match.id)  # type: ignore[arg-type]
        key = json.dumps([match.variant, match.options, match.house_rules, seats], sort_keys=True)
        engine = self._engines.get(key)
        if engine is None:
            engine = self._engines[key] = self._build_engine(match, seats)
        # An open match begun under rules its variant has since changed would mix two
        # scorings in one match: refuse to continue it, naming the change.
        change = engine.variant.changed_rules(engine.options, match.variant_version)
        if change is not None and match.status == "open":
            dist = match.variant_distribution or match.variant
            raise LedgerStateError(
                Message(
                    N_(
                        "match {match} was started with {dist} {variant_version}, and since "
                        "{version} {description}; its deals so far were scored the old way, "
                        "so it takes no more deals: finish it with {dist} older than "
                        "{version}, or close it (whist match close {match}) and start a new "
                        "match"
                    ),
                    {
                        "match": match.id,
                        "dist": dist,
                        "variant_version": match.variant_version,
                        "version": change.version,
                        "description": change.description,
                    },
                )
            )
        return engine

    def _build_engine(self, match: Match, seats: int) -> Engine:
        variant = self._variant(match.variant)
        try:
            options = variant.make_options(match.options)
            return Engine(
                variant, options, house_rules=self._house_rules(match.house_rules), seats=seats
            )
        except OptionsError as exc:  # a SeatCountError too: the plugin no longer seats them
            raise LedgerError(
                Message(
                    N_(
                        "match {match}: its stored options or seat count ({seats}) no "
                        "longer fit {variant} (the plugin changed?): {exc}"
                    ),
                    {
                        "match": str(match.id),
                        "seats": seats,
                        "variant": variant.name,
                        "exc": str(exc),
                    },
                )
            ) from None

    # -- recording -----------------------------------------------------------------------

    @_retry_conflicts
    def start_match(
        self,
        variant: str,
        players: Sequence[str | PlayerSpec | tuple[str, str]],
        *,
        options: BaseModel | Mapping[str, Any] | None = None,
        first_dealer: int = 0,
        seed: int | None = None,
        label: str = "",
        house_rules: Sequence[str] = (),
        inputs: str | None = None,
        seats: int | None = None,
        unit: Session | None = None,
    ) -> int:
        """Record a new match and return its id.

        ``unit``: a unit of work of this ledger (`unit_of_work`) to write the match in; it
        is then neither committed nor rolled back here, so the caller commits the match
        with whatever else it writes in that unit (a hosted table's start) or not at all.

        The match has one seat per player; ``seats``, when given (``--players N``), must be
        that number. The count must be one the variant allows (`Variant.allowed_seats`).

        The house rules must apply to the variant (`HouseRule.variants`) and, when
        ``inputs`` says how the match's deals will come (``"played"``: through the engine,
        ``"facts"``: real-card facts, `HouseRule.inputs`), support it.

        Players are matched to existing ones by name (created when new); the seat order is
        the order given. The options are validated by the variant's model and stored in
        full (defaults included), with the variant's distribution and version.

        Raises:
            UnknownVariantError: no such variant installed.
            OptionsError: options the variant rejects; `SeatCountError` (one) for a number
                of players the variant does not seat.
            LedgerError: a player named twice, a first dealer
                that is not a seat, a player name used by another kind of player.
            UsageError: a house rule for another variant, or one that does not support
                ``inputs``; a number of players other than ``seats``.
        """
        from openwhist.ledger import repository as repo

        engine_variant = self._variant(variant)
        specs = [_player_spec(p) for p in players]
        if seats is not None and len(specs) != seats:
            from openwhist.services import UsageError

            raise UsageError(
                Message(
                    N_("--players {seats}, but {count} players are named"),
                    {"seats": seats, "count": len(specs)},
                )
            )
        count = len(engine_variant.names_for(len(specs)))
        names = [s.name.strip() for s in specs]
        if len(set(names)) != len(names):
            raise LedgerError(Message(N_("each seat needs a different player")))
        if not 0 <= first_dealer < count:
            raise LedgerError(
                Message(N_("the first dealer must be a seat 0..{last}"), {"last": count - 1})
            )
        rules = self._house_rules(house_rules, engine_variant.name, inputs)
        engine = Engine(engine_variant, options, house_rules=rules, seats=count)
        progress = engine.start_match(first_dealer)
        distribution, version = self._distribution(engine_variant.name)
        options_json = engine.options.model_dump(mode="json")
        fmt = str(
            progress.detail.get("format")
            or options_json.get("match_format")
            or options_json.get("format")
            or ""
        )
        with self._unit() if unit is None else contextlib.nullcontext(unit) as session:
            seat_rows = [
                (
                    repo.get_or_create_player(session=session, name=spec.name, kind=spec.kind),
                    _party_of(engine_variant, seat),
                )
                for seat, spec in enumerate(specs)
            ]
            match = repo.create_match(
                session=session,
                variant=engine_variant.name,
                seats=seat_rows,
                progress=progress,
                options=options_json,
                variant_distribution=distribution,
                variant_version=version,
                house_rules=[rule.name for rule in engine.house_rules],
                format=fmt,
                seed=seed,
                first_dealer=first_dealer,
                label=label,
            )
            assert match.id is not None
            return match.id

    @_retry_conflicts
    def record_action(self, match_id: int, index: int, notation: str) -> bool:
        """Log action ``index`` (1-based, 1 = the chance deal) of the match's current deal.

        Call it after every action, with ``index = len(state.history)``. Logging an action
        that is already logged identically is a no-op (returns False), so a resumed or
        retrying process never logs anything twice.

        Raises:
            LedgerStateError: the match is closed, or the index leaves a gap.
            LedgerConflictError: that index already holds another action.
        """
        from openwhist.ledger import repository as repo

        with self._unit() as session:
            return repo.append_action(
                session=session, match_id=match_id, index=index, notation=notation
            )

    @_retry_conflicts
    def record_claim(self, match_id: int, index: int, claim: Mapping[str, Any]) -> bool:
        """Keep claim ``index`` (1-based) of the match's deal in progress: a game record's
        claim (`openwhist.records.ClaimRecord` as a dict), made once ``claim["after"]``
        actions were played. Kept in the deal's record, so `whist resume` brings it back
        (an accepted claim plays out), the completed deal's record holds it and
        ``whist ledger check`` checks it. Keeping it again identically is a no-op (False).

        Raises:
            LedgerStateError: the match is closed, has no deal in progress, ``index``
                leaves a gap, or the claim comes after more actions than are logged.
            LedgerConflictError: claim ``index`` is already kept as another claim.
        """
        from openwhist.ledger import repository as repo

        with self._unit() as session:
            return repo.append_claim(session=session, match_id=match_id, index=index, claim=claim)

    @_retry_conflicts
    def undo_actions(self, match_id: int, keep: int) -> int:
        """Take back logged actions of the current deal, keeping its first ``keep`` (an undo
        at the table), and the claims made after them; returns how many actions were
        deleted. See `repository.truncate_actions`.

        Raises:
            LedgerStateError: the match is closed.
        """
        from openwhist.ledger import repository as repo

        with self._unit() as session:
            return repo.truncate_actions(session=session, match_id=match_id, keep=keep)

    @_retry_conflicts
    def complete_deal(
        self,
        match_id: int,
        score: DealScore,
        progress: MatchProgress,
        *,
        actions: Sequence[str] | None = None,
    ) -> DealOutcome:
        """Store a finished played deal: its record, score entries and the new progress.

        ``score`` is `Engine.score` of the finished deal and ``progress`` the result of
        `Engine.advance_match`. ``actions`` default to the logged ones (pass them when the
        caller did not log every action). A finishing progress finishes the match. A retry
        of the same completion records nothing twice.

        Raises:
            LedgerStateError, LedgerConflictError: see `repository.complete_deal`.
        """
        from openwhist.ledger import repository as repo

        with self._unit() as session:
            variant = repo.get_match(session=session, match_id=match_id).variant
            deal = repo.complete_deal(
                session=session,
                match_id=match_id,
                score=score,
                progress=progress,
                actions=actions,
                statistics=self._statistics_of(variant),
            )
            return DealOutcome(match_id, deal.number, score, progress)

    def _statistics_of(self, variant: str) -> tuple[Statistic, ...]:
        """Every statistic ``variant`` declares (none when it is not installed: a deal of
        an uninstalled variant is never scored here)."""
        try:
            return self._variant(variant).statistics
        except UnknownVariantError:
            return ()

    def facts_model(self, match_id: int) -> type[BaseModel]:
        """The facts model a score-keeper fills in for a deal of this match's variant.

        Raises:
            LedgerError: the variant declares no facts model.
        """
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            name = repo.get_match(session=session, match_id=match_id).variant
        variant = self._variant(name)
        if variant.facts is None:
            raise LedgerError(
                Message(
                    N_("{variant} declares no deal facts: it cannot be score-kept"),
                    {"variant": variant.name},
                )
            )
        return variant.facts

    def check_real_deal(self, match_id: int, facts: BaseModel | Mapping[str, Any]) -> list[str]:
        """Every problem `record_real_deal` would find in these facts, recording nothing
        (an empty list: they would be recorded as the match's next deal); untranslated, as
        `real_deal_problems` gives them."""
        return [problem.render() for problem in self.real_deal_problems(match_id, facts)]

    def real_deal_problems(
        self, match_id: int, facts: BaseModel | Mapping[str, Any]
    ) -> list[Message]:
        """`check_real_deal`'s problems as translatable messages, for a front end to show
        in its reader's language."""
        try:
            with self._unit(write=False) as session:
                self._score_entered(session, match_id, facts, for_update=False)
        except InvalidFactsError as exc:
            return list(exc.messages)
        return []

    def _score_entered(
        self,
        session: Session,
        match_id: int,
        facts: BaseModel | Mapping[str, Any],
        *,
        for_update: bool = True,
    ) -> tuple[Match, BaseModel, DealScore, MatchProgress]:
        """Validate entered facts against the match's variant and options and score them:
        ``(match, facts, score, progress before the deal)``; see `record_real_deal`.
        ``for_update`` locks the match's row for the caller's unit of work (a write)."""
        from openwhist.ledger import repository as repo

        match = repo.get_match(session=session, match_id=match_id, for_update=for_update)
        engine = self._engine_for(match)
        variant = engine.variant
        model = variant.facts
        if model is None:
            raise LedgerError(
                Message(
                    N_("{variant} declares no deal facts: it cannot be score-kept"),
                    {"variant": variant.name},
                )
            )
        raw = facts.model_dump(mode="json") if isinstance(facts, BaseModel) else dict(facts)
        progress = MatchProgress.from_dict(match.progress)
        context = DealContext(
            options=engine.options,
            seats=engine.seats,
            dealer=progress.dealer,
            number=progress.deals + 1,
            progress=progress.as_dict(),
        )
        players = [p["name"] for p in repo.match_players(session=session, match_id=match_id)]
        try:
            entered = model.model_validate(
                raw, context={"options": engine.options, "deal": context, "players": players}
            )
            score = engine.rules.score_facts(entered, context)
        except ValidationError as exc:
            messages = facts_messages(exc)
            raise InvalidFactsError(
                variant.name, [m.render() for m in messages], messages=messages
            ) from None
        except (ValueError, OpenWhistError) as exc:
            if isinstance(exc, LedgerError):
                raise
            messages = _scoring_messages(exc)
            raise InvalidFactsError(
                variant.name, [m.render() for m in messages], messages=messages
            ) from None
        return match, entered, score, progress

    @_retry_conflicts
    def record_real_deal(
        self,
        match_id: int,
        facts: BaseModel | Mapping[str, Any],
        *,
        key: str | None = None,
        again: bool = False,
        unit: Session | None = None,
    ) -> DealOutcome:
        """Score a deal played with real cards from its facts, and record it.

        The facts are validated by the variant's facts model (tricks add up, contracts are
        legal, ...) with the validation context ``{"options": the match's options model,
        "deal": the DealContext, "players": the players' names in seat order}``, so the
        variant checks them against the rule options too (and may name players in its
        problems); then scored by ``engine.rules.score_facts(facts, context)`` -- the same hook
        that scores played deals -- with a context built from the match's progress (dealer,
        deal number, the progress before the deal), and the match advanced with
        ``engine.advance_match``. Nothing is recorded when anything is wrong.

        Retries (docs/ledger.md, "Entering a deal twice"): facts identical to the match's
        last deal, entered from facts, are refused with `DuplicateDealError` unless
        ``again`` says a new deal with the same result is meant -- the usual cause is a
        command retried after its deal was recorded. With a ``key`` (any text unique to the
        deal, e.g. ``"tuesday-7"``), a retry carrying the key of the last deal records
        nothing and returns that deal with ``repeated=True``.

        Raises:
            InvalidFactsError: every problem the facts model or the scoring rules found.
            DuplicateDealError: the last deal has the same facts, and neither ``again`` nor
                a new ``key`` says this is another deal.
            LedgerConflictError: ``key`` is the last deal's, but the facts differ.
            LedgerStateError: the match is closed, or a played deal is in progress, or it
                was begun under a rule its variant has since changed for its options
                (`Variant.rule_changes`): it takes no more deals.
            LedgerError: the variant declares no facts model.

        ``unit``: a unit of work of this ledger (`unit_of_work`) to record the deal in, with
        whatever else the caller writes there (a club form's token); neither committed nor
        rolled back here.
        """
        from openwhist.ledger import repository as repo
        from openwhist.ledger.errors import DuplicateDealError

        with self._unit() if unit is None else contextlib.nullcontext(unit) as session:
            try:
                match, entered, score, progress = self._score_entered(session, match_id, facts)
            except InvalidFactsError:
                # A closed match says so first: wrong facts are beside the point there.
                status = repo.get_match(session=session, match_id=match_id).status
                if status != "open":
                    raise LedgerStateError(
                        Message(
                            N_("match {match_id} is {status}; it takes no deals"),
                            {"match_id": match_id, "status": status_word(status)},
                        )
                    ) from None
                raise
            entered_json = entered.model_dump(mode="json")
            last = (
                repo.deal_by_number(session=session, match_id=match_id, number=progress.deals)
                if progress.deals
                else None
            )
            if key is not None:
                keyed = repo.deal_with_key(session=session, match_id=match_id, key=key)
                if keyed is not None and keyed.number != progress.deals:
                    raise LedgerConflictError(
                        Message(
                            N_(
                                "match {match_id}: key '{key}' is deal {number}'s "
                                "already; give this deal a key of its own"
                            ),
                            {"match_id": match_id, "key": key, "number": keyed.number},
                        )
                    )
            if last is not None and last.status == "complete" and last.source == "recorded":
                if key is not None and last.record.get("key") == key:
                    if last.record.get("facts") != entered_json:
                        raise LedgerConflictError(
                            Message(
                                N_(
                                    "match {match_id}: key '{key}' is deal "
                                    "{number}'s, which was recorded with other "
                                    "facts; give this deal a key of its own"
                                ),
                                {"match_id": match_id, "key": key, "number": last.number},
                            )
                        )
                    return _stored_outcome(match_id, last.number, last.record, last.progress)
                if key is None and not again and last.record.get("facts") == entered_json:
                    raise DuplicateDealError(
                        match_id, last.number, _minute(repo.as_utc(last.completed_at))
                    )
            if match.status != "open":
                raise LedgerStateError(
                    Message(
                        N_("match {match_id} is {status}; it takes no deals"),
                        {"match_id": match_id, "status": status_word(match.status)},
                    )
                )
            after = self._engine_for(match).advance_match(progress, score)
            deal = repo.complete_deal(
                session=session,
                match_id=match_id,
                score=score,
                progress=after,
                facts=entered_json,
                key=key,
                statistics=self._statistics_of(match.variant),
            )
            return DealOutcome(match_id, deal.number, score, after)

    @_retry_conflicts
    def adjust(
        self,
        match_id: int,
        party: int,
        points: int,
        *,
        category: str = "penalty",
        note: str,
        unit: Session | None = None,
    ) -> dict[str, Any]:
        """Add a score entry that belongs to no deal (a penalty agreed at the table).

        ``unit``: the caller's unit of work to write it in (as `record_real_deal`).

        Raises:
            LedgerError: no note, a party or category the match does not have.
        """
        from openwhist.game.scoring import ScoreLine, as_category
        from openwhist.ledger import repository as repo

        if not note.strip():
            raise LedgerError(Message(N_("an adjustment needs a note saying why it is made")))
        with self._unit() if unit is None else contextlib.nullcontext(unit) as session:
            match = repo.get_match(session=session, match_id=match_id, for_update=True)
            assert match.id is not None
            # The core's categories and the variant's own (`Variant.categories`).
            try:
                known = self._variant(match.variant).category_names()
            except UnknownVariantError:
                known = CORE_CATEGORIES
            if category not in known:
                raise LedgerError(
                    Message(
                        N_("unknown score category '{category}' (this match's: {categories})"),
                        {"category": category, "categories": ", ".join(sorted(known))},
                    )
                )
            cat = as_category(category)
            (entry,) = repo.record_entries(
                session=session,
                match_id=match.id,
                deal_id=None,
                lines=[ScoreLine(party, cat, points, note.strip())],
                parties=len(match.progress.get("parties", [])),
            )
            return {"id": entry.id, "match": match.id, "party": party, "points": points}

    @_retry_conflicts
    def correct(
        self, entry_id: int, points: int, note: str, *, unit: Session | None = None
    ) -> dict[str, Any]:
        """Make entry ``entry_id`` count ``points`` with a compensating entry (never an edit).

        ``unit``: the caller's unit of work to write it in (as `record_real_deal`).

        Returns:
            the new entry: ``{"id", "corrects", "match", "party", "category", "points",
            "note"}`` where ``points`` is the difference added.
        """
        from openwhist.ledger import repository as repo

        with self._unit() if unit is None else contextlib.nullcontext(unit) as session:
            fix = repo.correct(session=session, entry_id=entry_id, points=points, note=note)
            return {
                "id": fix.id,
                "corrects": fix.corrects_id,
                "match": fix.match_id,
                "party": fix.party,
                "category": fix.category,
                "points": fix.points,
                "note": fix.note,
            }

    @_retry_conflicts
    def void_deal(
        self, match_id: int, number: int, note: str, *, unit: Session | None = None
    ) -> dict[str, Any]:
        """Void deal ``number`` of a match with compensating entries (never a deletion);
        see `repository.void_deal`. ``unit``: as `record_real_deal`'s.

        Returns:
            ``{"match", "deal", "entries", "points"}`` (the points taken back per party).

        Raises:
            LedgerNotFoundError: no such match or deal.
            LedgerStateError: the deal is in progress or already void.
            LedgerError: no note.
        """
        from openwhist.ledger import repository as repo

        with self._unit() if unit is None else contextlib.nullcontext(unit) as session:
            return repo.void_deal(session=session, match_id=match_id, number=number, note=note)

    @_retry_conflicts
    def finish_match(
        self, match_id: int, *, abandoned: bool = False, unit: Session | None = None
    ) -> dict[str, Any]:
        """Close a match: ``finished`` (the rules did not end it, the players did) or
        ``abandoned``. A match whose rules end it is finished by its last deal already.
        ``unit``: as `record_real_deal`'s.

        Raises:
            LedgerStateError: the match is already closed.
        """
        from openwhist.ledger import repository as repo

        with self._unit() if unit is None else contextlib.nullcontext(unit) as session:
            match = repo.finish_match(
                session=session,
                match_id=match_id,
                status="abandoned" if abandoned else "finished",
            )
            players = repo.match_players(session=session, match_id=match_id)
            return self._summary(session, match, players)

    # -- resuming ------------------------------------------------------------------------

    def resume_point(self, match_id: int) -> ResumePoint:
        """Where the match stands: the progress and the current deal's logged actions."""
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            match = repo.get_match(session=session, match_id=match_id)
            assert match.id is not None
            players = repo.match_players(session=session, match_id=match_id)
            deal = repo.current_deal(session=session, match_id=match_id)
            actions = (
                repo.logged_actions(session=session, deal_id=deal.id)
                if deal is not None and deal.id is not None
                else []
            )
            progress = MatchProgress.from_dict(match.progress)
            return ResumePoint(
                match_id=match.id,
                variant=match.variant,
                options=dict(match.options),
                house_rules=tuple(match.house_rules),
                players=tuple(players),
                first_dealer=match.first_dealer,
                seed=match.seed,
                status=match.status,
                progress=progress,
                deal_number=deal.number if deal is not None else progress.deals + 1,
                dealer=deal.dealer if deal is not None else progress.dealer,
                actions=tuple(actions),
                claims=tuple(repo.deal_claims(deal)) if deal is not None else (),
            )

    def resume(self, match_id: int) -> ResumedMatch:
        """The match rebuilt for play: engine, and the current deal after its logged actions.

        Every logged action is replayed with the engine's checked ``apply``.

        Raises:
            LedgerError: a logged action that no longer parses or is illegal (the plugin
                changed since it was logged).
            LedgerStateError: an open match begun under a rule its variant has since
                changed for its options (`Variant.rule_changes`).
        """
        from openwhist.ledger import repository as repo

        point = self.resume_point(match_id)
        with self._unit(write=False) as session:
            engine = self._engine_for(repo.get_match(session=session, match_id=match_id))
        if point.finished:
            return ResumedMatch(point, engine, None)
        return ResumedMatch(point, engine, _replay_logged(engine, point))

    def engine_of(self, match_id: int) -> Engine:
        """The engine the match's deals are played by (its variant, options, house rules
        and seat count): what a viewer replays a stored deal with.

        Raises:
            LedgerNotFoundError: no such match.
            UnknownVariantError: its variant or a house rule is not installed.
            LedgerError, LedgerStateError: see `resume`.
        """
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            return self._engine_for(repo.get_match(session=session, match_id=match_id))

    def deal_in_progress(self, match_id: int, *, replay: bool = False) -> DealInProgress | None:
        """The match's deal in progress (``None`` when it has none), for a report to say
        what it leaves out. ``replay``: replay the logged actions to tell a deal played to
        its end but never scored (``over``; ``None`` when they no longer replay); this needs
        the variant installed.
        """
        from openwhist.ledger import repository as repo

        point = self.resume_point(match_id)
        if not point.actions:
            return None
        over = None
        if replay:
            with self._unit(write=False) as session:
                engine = self._engine_for(repo.get_match(session=session, match_id=match_id))
            with contextlib.suppress(LedgerError):  # no longer replays: ``over`` unknown
                over = _replay_logged(engine, point).to_act == TERMINAL
        return DealInProgress(
            match_id=match_id,
            number=point.deal_number,
            dealer=point.dealer,
            actions=len(point.actions),
            match_open=point.status == "open",
            over=over,
        )

    # -- reports -------------------------------------------------------------------------

    @staticmethod
    def _summary(
        session: Session, match: Match, players: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """`repository.match_summary` with the entries' totals (`with_ledger_totals`)."""
        from openwhist.ledger import repository as repo

        assert match.id is not None
        totals = repo.ledger_totals(session=session, match_ids=[match.id])
        return repo.with_ledger_totals(repo.match_summary(match, players), totals)

    def get_match(self, match_id: int) -> dict[str, Any]:
        """A match's summary with its deals (records included)."""
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            match = repo.get_match(session=session, match_id=match_id)
            summary = self._summary(
                session, match, repo.match_players(session=session, match_id=match_id)
            )
            summary["deal_records"] = repo.match_deals(session=session, match_id=match_id)
            return summary

    def deal_records(
        self, match_id: int, *, first: int | None = None, last: int | None = None
    ) -> list[dict[str, Any]]:
        """The match's deals with their records (as in `get_match`'s ``deal_records``),
        only those numbered ``first`` to ``last`` when given: what a page of the score
        sheet needs, at the same cost at any match length.

        Raises:
            LedgerNotFoundError: no such match.
        """
        if self._reader is not None:
            return self._reader.deal_records(match_id, first=first, last=last)
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            repo.get_match(session=session, match_id=match_id)
            return repo.match_deals(session=session, match_id=match_id, first=first, last=last)

    def list_matches(
        self, *, variant: str | None = None, player: str | None = None, open_only: bool = False
    ) -> list[dict[str, Any]]:
        """Matches, newest first (``whist matches [--variant] [--player] [--open]``)."""
        if self._reader is not None:
            return self._reader.list_matches(variant=variant, player=player, open_only=open_only)
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            return repo.list_matches(
                session=session, variant=variant, player=player, open_only=open_only
            )

    def find_matches(
        self,
        *,
        variant: str | None = None,
        player: str | None = None,
        status: str | None = None,
        started_from: datetime | None = None,
        started_before: datetime | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> tuple[int, list[dict[str, Any]]]:
        """One page of the matches a filter lets through, newest first, and how many it
        lets through in all (the club's matches page; `repository.find_matches`): a
        variant, a player in a seat, a status, started in ``[started_from,
        started_before)`` (aware datetimes), ``limit`` matches from the ``offset``-th.
        Each match is summarised as `list_matches` does."""
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            return repo.find_matches(
                session=session,
                variant=variant,
                player=player,
                status=status,
                started_from=started_from,
                started_before=started_before,
                offset=offset,
                limit=limit,
            )

    def partners(self, player: str) -> list[dict[str, Any]]:
        """Who sat on ``player``'s side, per partner and variant, with the matches they
        played together and the finished ones their side won and lost
        (`repository.partners`; a player's page)."""
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            return repo.partners(session=session, player=player)

    def standings(
        self, *, variant: str | None = None, player: str | None = None
    ) -> list[dict[str, Any]]:
        """Per variant and player across matches (``whist standings``); see
        `repository.standings` for the columns, except ``kept``: each row has instead
        ``statistics``, its variant's declared statistics reported in standings
        (`Variant.statistics`), ``{name: value}`` in the declared order. A variant that is
        not installed shows the per-deal statistics its matches kept, by name.

        The standings of one installed variant read only the kept sums its declared
        statistics are made of (`Statistic.kept_names`), not every one its matches keep."""
        declared: dict[str, tuple[Statistic, ...] | None] = {}
        wanted: list[str] | None = None
        if variant is not None:
            declared[variant] = self.declared_statistics(variant, "standings")
            found = declared[variant]
            if found is not None:
                wanted = [name for s in found for name in s.kept_names()]
        if self._reader is not None:
            rows = self._reader.standings(variant=variant, player=player, statistics=wanted)
        else:
            from openwhist.ledger import repository as repo

            with self._unit(write=False) as session:
                rows = repo.standings(
                    session=session, variant=variant, player=player, statistics=wanted
                )
        for row in rows:
            name = row["variant"]
            if name not in declared:
                declared[name] = self.declared_statistics(name, "standings")
            kept = {k: (int(v[0]), int(v[1])) for k, v in row.pop("kept").items()}
            stats = declared[name]
            if stats is None:
                row["statistics"] = {
                    k: v[0] for k, v in sorted(kept.items()) if not k.startswith(CATEGORY_KEY)
                }
            else:
                row["statistics"] = {s.name: s.from_kept(kept).value for s in stats}
        return rows

    def statistics_problems(self) -> list[tuple[int, Message]]:
        """Where the kept statistics (``party_statistics``) disagree with the entries and
        with the installed variants' declarations over the stored deals (``whist ledger
        check``): ``(match, what is wrong)`` each, what is wrong a translatable `Message`;
        ``[]`` when none does."""
        from openwhist.ledger import repository as repo

        def declared(variant: str) -> tuple[Statistic, ...] | None:
            try:
                return self._variant(variant).statistics
            except UnknownVariantError:
                return None

        with self._unit(write=False) as session:
            return repo.statistics_problems(session=session, statistics=declared)

    def declared_sheet(self, variant: str) -> ScoreSheet:
        """The score sheet ``variant`` declares (`Variant.sheet`); a variant that is not
        installed gets the plain sheet of points and running totals (`POINTS_SHEET`)."""
        try:
            return self._variant(variant).sheet
        except UnknownVariantError:
            return POINTS_SHEET

    def declared_breakdowns(self, variant: str) -> tuple[Breakdown, ...]:
        """The breakdowns ``variant`` declares (`Variant.breakdowns`), in order; none when
        the variant is not installed."""
        try:
            return self._variant(variant).breakdowns
        except UnknownVariantError:
            return ()

    def scored_deal_count(self, variant: str, *, player: str | None = None) -> int:
        """How many completed deals the variant's matches (``player``'s) have: what
        `scored_deals` would read, counted from an index."""
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            return repo.scored_deal_count(session=session, variant=variant, player=player)

    def scored_deals(
        self, variant: str, *, player: str | None = None
    ) -> tuple[list[tuple[int, DealScore]], dict[int, dict[int, list[str]]]]:
        """Every completed deal of the variant's matches that is not void (of the matches
        ``player`` sat in, when given), as ``(match id, DealScore)`` in match and deal
        order, played and real-card deals alike, and per match, per party, its players'
        names: what a `Breakdown` chart sums (`repository.scored_deals`)."""
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            deals, parties = repo.scored_deals(session=session, variant=variant, player=player)
        return [(m, DealScore.from_dict(score)) for m, score in deals], parties

    def declared_statistics(self, variant: str, report: str) -> tuple[Statistic, ...] | None:
        """The statistics ``variant`` declares for ``report`` (``"standings"``,
        ``"arena"``), in order; ``None`` when the variant is not installed."""
        try:
            found = self._variant(variant)
        except UnknownVariantError:
            return None
        return tuple(s for s in found.statistics if s.reported_in(report))

    def score_sheet(
        self, match_id: int, *, first: int | None = None, last: int | None = None
    ) -> dict[str, Any]:
        """The variant-neutral score sheet data (``whist scores MATCH``), optionally a page
        of deals ``first..last`` (totals carried from before it); see
        `repository.score_sheet`."""
        if self._reader is not None:
            return self._reader.score_sheet(match_id, first=first, last=last)
        from openwhist.ledger import repository as repo

        with self._unit(write=False) as session:
            sheet = repo.score_sheet(session=session, match_id=match_id, first=first, last=last)
            # The summary's totals and line from the entries too, as every report has them.
            sheet["match"] = repo.with_ledger_totals(
                sheet["match"], repo.ledger_totals(session=session, match_ids=[match_id])
            )
            return sheet

    def latest_open_match(self) -> int | None:
        """The most recently started match that is still open (``whist resume``'s default),
        or ``None``."""
        import sqlalchemy as sa

        from openwhist.ledger.models import Match

        with self._unit(write=False) as session:
            found = session.execute(
                sa.select(sa.func.max(Match.id)).where(Match.status == "open")  # type: ignore[arg-type]
            ).scalar_one_or_none()
            return int(found) if found is not None else None

    def game_record(self, match_id: int) -> GameRecord:
        """The match as an ``openwhist.record/1`` game record (``/2`` when a deal holds a
        claim; played deals only) that `replay_record` accepts: always valid.

        It holds the scored deals. A deal in progress is added -- as the record's unfinished
        last deal -- only once the match is closed (abandoned or stopped: nothing is hidden
        any more) and only when it stops before its end. It is left out while the match is
        open (its deck order would show the hands and the stock still in play) and when
        every card of it was played but it was never scored (a process stopped between the
        last card and the scoring; ``whist resume`` scores it, and a record cannot hold a
        finished deal without its score) or when its actions no longer replay.
        `deal_in_progress` says which, for a note.

        Raises:
            LedgerError: the match has deals entered from real-card facts, which a game
                record cannot hold.
        """
        from openwhist.ledger import hosting as hosted
        from openwhist.records import (
            CLAIMS_FORMAT,
            RECORD_FORMAT,
            ClaimRecord,
            DealRecord,
            GameRecord,
            PlayerRecord,
        )
        from openwhist.records import ResultRecord as Result

        data = self.get_match(match_id)
        with self._unit(write=False) as session:
            # A hosted match whose seats changed hands: who played them from when.
            substitutions = [
                {k: v for k, v in change.items() if k != "version"}
                for change in hosted.seat_changes(session=session, match_id=match_id)
            ]
        deals = []
        for deal in data["deal_records"]:
            if deal["source"] == "recorded":
                raise LedgerError(
                    Message(
                        N_(
                            "match {match_id} has deals entered from real-card facts; "
                            "export it as JSON instead of a game record"
                        ),
                        {"match_id": match_id},
                    )
                )
            if deal["status"] == "complete":
                deals.append(DealRecord.model_validate(deal["record"]))
        point = self.resume_point(match_id)
        progress = point.progress
        pending = self.deal_in_progress(match_id, replay=True)
        if pending is not None and not pending.match_open and pending.over is False:
            deals.append(
                DealRecord(
                    number=point.deal_number,
                    dealer=point.dealer,
                    actions=list(point.actions),
                    score=None,
                    progress=None,
                    claims=[ClaimRecord.model_validate(c) for c in point.claims],
                )
            )
        return GameRecord(
            format=CLAIMS_FORMAT if any(d.claims for d in deals) else RECORD_FORMAT,
            variant=data["variant"],
            variant_distribution=data["variant_distribution"] or None,
            variant_version=data["variant_version"] or None,
            options=data["options"],
            house_rules=data["house_rules"],
            seats=self._recorded_seats(data["variant"], len(data["players"])),
            players=[
                PlayerRecord(seat=p["seat"], name=p["name"], kind=p["kind"])
                for p in data["players"]
            ],
            first_dealer=data["first_dealer"],
            seed=data["seed"],
            deals=deals,
            result=Result.from_progress(progress),
            table={"substitutions": substitutions} if substitutions else {},
        )

    def export(
        self, match_id: int | None = None, *, format: Literal["json", "csv"] = "json"
    ) -> str:
        """One match (or, with ``None``, every match) as JSON or CSV text.

        JSON: ``{"format": "openwhist.ledger-export/1", "matches": [...]}``, each match with
        its summary, deals (records) and score entries. Only what the players may all see:
        an open match's deal in progress has ``record`` ``None`` and ``actions_logged``
        instead (`_hide_deal_in_progress`), and an open match's ``seed`` is ``None``
        (`repository.match_summary`). CSV: one row per score entry, with
        the columns of `CSV_COLUMNS`.
        """
        from openwhist.ledger import hosting as hosted
        from openwhist.ledger import repository as repo

        if format not in ("json", "csv"):
            raise LedgerError(
                Message(N_("export formats are json and csv, not '{format}'"), {"format": format})
            )
        with self._unit(write=False) as session:
            if match_id is None:
                ids = [m["id"] for m in repo.list_matches(session=session)][::-1]
            else:
                ids = [repo.get_match(session=session, match_id=match_id).id]
            matches = []
            for mid in ids:
                assert mid is not None
                match = repo.get_match(session=session, match_id=mid)
                summary = self._summary(
                    session, match, repo.match_players(session=session, match_id=mid)
                )
                summary["deal_records"] = repo.match_deals(session=session, match_id=mid)
                summary["entries"] = repo.match_entries(session=session, match_id=mid)
                changes = hosted.seat_changes(session=session, match_id=mid)
                if changes:
                    # A hosted match: the seats that changed hands (docs/server.md).
                    summary["substitutions"] = changes
                _hide_deal_in_progress(summary)
                matches.append(summary)
        if format == "json":
            return json.dumps({"format": EXPORT_FORMAT, "matches": matches}, indent=1)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for item in matches:
            parties = item["parties"]
            for entry in item["entries"]:
                party = entry["party"]
                writer.writerow(
                    [
                        item["id"],
                        item["variant"],
                        item["label"],
                        entry["deal"] if entry["deal"] is not None else "",
                        entry["id"],
                        party,
                        parties[party] if party < len(parties) else "",
                        ";".join(p["name"] for p in item["players"] if p["party"] == party),
                        entry["category"],
                        entry["points"],
                        entry["note"],
                        entry["corrects"] if entry["corrects"] is not None else "",
                        entry["created_at"],
                    ]
                )
        return out.getvalue()


def _replay_logged(engine: Engine, point: ResumePoint) -> DealState[Any]:
    """The current deal of ``point`` after its logged actions, each replayed with the
    engine's checked ``apply``.

    Raises:
        LedgerError: a logged action that no longer parses or is illegal (the plugin
            changed since it was logged), or one logged after the deal ended.
    """
    match_id = point.match_id
    state = engine.next_deal(point.progress)
    for index, text in enumerate(point.actions, start=1):
        if state.to_act == TERMINAL:
            raise LedgerError(
                Message(
                    N_("match {match_id}: action {index} logged after the deal ended"),
                    {"match_id": match_id, "index": index},
                )
            )
        try:
            state = engine.apply(state, engine.parse_action(state, text))
        except (InvalidNotationError, IllegalActionError) as exc:
            raise LedgerError(
                Message(
                    N_(
                        "match {match_id}, deal {deal_number}: logged action "
                        "{index} '{text}' does not replay: {exc}"
                    ),
                    {
                        "match_id": match_id,
                        "deal_number": point.deal_number,
                        "index": index,
                        "text": text,
                        "exc": str(exc),
                    },
                )
            ) from None
    return state


def upgrade(url: str | None = None) -> dict[str, Any]:
    """``whist ledger upgrade``: bring the ledger to this openwhist's schema.

    Returns ``{"url", "from", "to"}``. Refuses (without modifying) a newer or foreign
    database.
    """
    from openwhist.ledger import db

    return db.upgrade(url)


def current(url: str | None = None) -> dict[str, Any]:
    """``whist ledger current``: the ledger's schema revision, read-only.

    Returns ``{"url", "state", "revision", "head", "up_to_date"}``.
    """
    from openwhist.ledger import db

    return db.current(url)


__all__ = [
    "CSV_COLUMNS",
    "EXPORT_FORMAT",
    "DealInProgress",
    "DealOutcome",
    "Ledger",
    "PlayerSpec",
    "ResumePoint",
    "ResumedMatch",
    "current",
    "facts_messages",
    "facts_problems",
    "upgrade",
]
