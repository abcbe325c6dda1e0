"""Ledger engines, the schema check that guards every open, and Alembic migrations.

* `resolve_url` -- what ``--db`` / ``OPENWHIST_DB`` mean: a SQLAlchemy URL, or a plain file
  path for SQLite; the default is ``ledger.sqlite3`` in platformdirs' user data directory
  for ``openwhist``. ``postgresql://`` is read as ``postgresql+psycopg://`` (psycopg 3).
* `make_engine` -- an engine with the SQLite connection settings: WAL journal, foreign
  keys on, a busy timeout, and our own ``BEGIN`` (``BEGIN IMMEDIATE`` for writers, so two
  writers queue on the busy timeout instead of failing on a lock upgrade).
* `inspect_ledger` -- reads, without writing a byte, what the database is: missing, empty,
  a ledger at some revision, or something else. `open_engine` refuses (never modifies) a
  file that is not SQLite, a database with foreign tables, or a ledger from a newer
  openwhist; it upgrades an older ledger when allowed.
* `upgrade` / `current` -- the ``whist ledger upgrade`` / ``whist ledger current`` services.
* `translate_errors` -- turns driver errors into the ledger's exception classes.

SQLAlchemy is imported here at module level: import this module only when a ledger is
actually opened (the CLI and `openwhist.services.ledger` do so lazily). Alembic is imported
only to migrate, or to judge a revision that is not the head: a ledger already at the head
-- every open but the first after an upgrade -- is checked with one query and a look at the
shipped migration files (`shipped_head`), which saves about 0.35 s of CPU per command.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal
from urllib.parse import quote

import sqlalchemy as sa
from sqlalchemy.engine import URL, Engine

from openwhist.ledger.errors import (
    LedgerCorruptError,
    LedgerError,
    LedgerLockedError,
    LedgerNeedsUpgradeError,
    LedgerTooNewError,
    LedgerUnreachableError,
    NotALedgerError,
)

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

ENV_VAR: Final = "OPENWHIST_DB"
"""The environment variable naming the ledger (a URL or an SQLite file path)."""
DEFAULT_FILE: Final = "ledger.sqlite3"
"""The default ledger's file name inside the user data directory."""
BUSY_TIMEOUT_MS: Final = 5000
"""How long an SQLite writer waits for another process's lock before giving up."""
MIGRATIONS_DIR: Final = Path(__file__).parent / "migrations"
"""The Alembic script directory shipped inside the package."""
VERSION_DIRS: tuple[Path, ...] = (MIGRATIONS_DIR / "versions",)
"""Where the migration scripts are (Alembic's ``version_locations``; a test adds one)."""
SQLITE_MAGIC: Final = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite 3 database file."""
_IMMEDIATE: Final = "openwhist_immediate"
_OURS: Final = frozenset(
    {
        "players",
        "matches",
        "seats",
        "deals",
        "deal_actions",
        "score_entries",
        "party_totals",
        "alembic_version",
    }
)


# -- URLs ------------------------------------------------------------------------------------


def default_path() -> Path:
    """``ledger.sqlite3`` in the user data directory (``~/.local/share/openwhist`` on Linux)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("openwhist", appauthor=False)) / DEFAULT_FILE


def resolve_url(
    url: str | os.PathLike[str] | None = None, *, environ: Mapping[str, str] | None = None
) -> URL:
    """The ledger URL: ``url``, else ``$OPENWHIST_DB``, else the default SQLite file.

    A value without ``://`` is an SQLite file path (``~`` expanded). ``postgresql://`` and
    ``postgres://`` select psycopg 3.

    Raises:
        LedgerError: a value SQLAlchemy cannot read as a URL.
    """
    env = os.environ if environ is None else environ
    raw: str
    if url is not None:
        raw = os.fspath(url)
    elif env.get(ENV_VAR):
        raw = env[ENV_VAR]
    else:
        return URL.create("sqlite", database=str(default_path()))
    if "://" not in raw:
        return URL.create("sqlite", database=str(Path(raw).expanduser().absolute()))
    for prefix in ("postgresql://", "postgres://"):
        if raw.startswith(prefix):
            raw = "postgresql+psycopg://" + raw[len(prefix) :]
    try:
        return sa.engine.make_url(raw)
    except sa.exc.ArgumentError as exc:
        raise LedgerError(f"not a database URL: {exc}") from None


def display_url(url: URL) -> str:
    """The URL with its password hidden, for messages."""
    return url.render_as_string(hide_password=True)


def sqlite_path(url: URL) -> Path | None:
    """The file of an SQLite URL; ``None`` for other backends and in-memory databases."""
    if url.get_backend_name() != "sqlite":
        return None
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file::memory:"):
        return None
    return Path(database)


# -- engines ---------------------------------------------------------------------------------


def make_engine(url: URL | str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> Engine:
    """An engine for ``url``; for SQLite with WAL, foreign keys and the busy timeout.

    Every SQLite connection gets, in its ``connect`` event, ``PRAGMA busy_timeout``,
    ``PRAGMA foreign_keys=ON``, ``PRAGMA journal_mode=WAL`` and ``synchronous=NORMAL``.
    The driver's own implicit transactions are turned off and the engine emits ``BEGIN``
    itself -- ``BEGIN IMMEDIATE`` on connections of `writer` engines -- so a unit of work
    takes the write lock up front and waits for it on the busy timeout.

    Only call this for a database `inspect_ledger` accepted: switching to WAL writes to the
    file.
    """
    if isinstance(url, str):
        url = resolve_url(url)
    if url.get_backend_name() != "sqlite":
        return sa.create_engine(url, pool_pre_ping=True)
    engine = sa.create_engine(url)

    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            cursor.execute("PRAGMA foreign_keys = ON")
            if sqlite_path(url) is not None:
                cursor.execute("PRAGMA journal_mode = WAL")
                # WAL + NORMAL: a commit survives the process being killed at any moment;
                # only a power cut or OS crash may lose the last commits (never corrupt).
                cursor.execute("PRAGMA synchronous = NORMAL")
        finally:
            cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(conn: sa.Connection) -> None:
        immediate = conn.get_execution_options().get(_IMMEDIATE, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def writer(engine: Engine) -> Engine:
    """The same engine, whose transactions take SQLite's write lock at ``BEGIN``."""
    return engine.execution_options(**{_IMMEDIATE: True})


# -- errors ----------------------------------------------------------------------------------


def _message(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None)
    return str(orig if orig is not None else exc).strip().splitlines()[0] if str(exc) else repr(exc)


def translate(exc: BaseException, where: str) -> LedgerError:
    """The ledger error for a driver exception raised while using the ledger at ``where``."""
    text = _message(exc)
    low = text.lower()
    if "locked" in low or "busy" in low:
        return LedgerLockedError(
            f"the ledger {where} is locked by another process (waited for the busy timeout); "
            "try again when the other whist finishes"
        )
    if "malformed" in low:
        return LedgerCorruptError(f"the ledger {where} is damaged: {text}")
    if "file is not a database" in low or "not a database" in low:
        return NotALedgerError(f"{where} is not an SQLite database: {text}")
    if "unable to open database" in low:
        return LedgerUnreachableError(f"cannot open the ledger {where}: {text}")
    if isinstance(exc, sa.exc.OperationalError | sa.exc.InterfaceError):
        return LedgerUnreachableError(f"cannot reach the ledger {where}: {text}")
    return LedgerError(f"ledger {where}: {text}")


@contextlib.contextmanager
def translate_errors(url: URL) -> Iterator[None]:
    """Re-raise driver errors (SQLAlchemy's and sqlite3's) as ledger errors."""
    try:
        yield
    except (
        sa.exc.OperationalError,
        sa.exc.InterfaceError,
        sa.exc.DatabaseError,
        sqlite3.DatabaseError,
    ) as exc:
        if isinstance(exc, sa.exc.IntegrityError):
            raise
        raise translate(exc, display_url(url)) from exc


# -- schema state ----------------------------------------------------------------------------


def alembic_config(url: URL) -> Config:
    """An Alembic configuration for ``url`` using the migrations shipped in the package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("path_separator", "os")
    config.set_main_option("version_locations", os.pathsep.join(map(str, VERSION_DIRS)))
    config.set_main_option(
        "sqlalchemy.url", url.render_as_string(hide_password=False).replace("%", "%%")
    )
    return config


def script_directory() -> ScriptDirectory:
    """The shipped migration scripts."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config(URL.create("sqlite")))


_REVISION_LINE = re.compile(r"^(down_revision|revision)\s*(?::[^=\n]*)?=\s*(.*?)\s*$", re.MULTILINE)
_QUOTED = re.compile(r"""^(?:"([^"\\]*)"|'([^'\\]*)')$""")


def shipped_head() -> str | None:
    """The head revision read from the migration files' ``revision`` and ``down_revision``
    lines, without importing Alembic (which costs about 0.35 s of CPU with the scripts).

    ``None`` whenever the files are not the plain linear kind this reads with certainty
    -- a merge (a tuple of down revisions), a value that is not a string literal, a file
    without both lines, not exactly one head -- and the caller then asks Alembic. A test
    checks that this agrees with Alembic's head.
    """
    revisions: dict[str, str | None] = {}
    for folder in VERSION_DIRS:
        for path in sorted(folder.glob("*.py")):
            found: dict[str, str | None] = {}
            for name, value in _REVISION_LINE.findall(path.read_text(encoding="utf-8")):
                quoted = _QUOTED.match(value)
                if quoted is not None:
                    double, single = quoted.groups()
                    found[name] = double if double is not None else single
                elif value == "None" and name == "down_revision":
                    found[name] = None
                else:
                    return None
            if set(found) != {"revision", "down_revision"} or found["revision"] in revisions:
                return None
            revision = found["revision"]
            assert revision is not None
            revisions[revision] = found["down_revision"]
    heads = set(revisions) - set(revisions.values())
    return heads.pop() if len(heads) == 1 else None


def head_revision() -> str:
    """The newest schema revision this openwhist knows."""
    fast = shipped_head()
    if fast is not None:
        return fast
    head = script_directory().get_current_head()
    assert head is not None
    return head


def known_revisions() -> frozenset[str]:
    """Every schema revision this openwhist knows."""
    return frozenset(s.revision for s in script_directory().walk_revisions())


Kind = Literal["missing", "empty", "ledger"]


@dataclass(frozen=True)
class LedgerState:
    """What `inspect_ledger` found.

    Attributes:
        kind: ``missing`` (no file yet), ``empty`` (a database with no tables) or ``ledger``.
        revision: the ledger's schema revision (``None`` unless ``kind == "ledger"``).
        head: the newest revision this openwhist knows.
    """

    kind: Kind
    revision: str | None
    head: str

    @property
    def up_to_date(self) -> bool:
        """True for a ledger at the head revision."""
        return self.kind == "ledger" and self.revision == self.head


def _classify(where: str, tables: set[str], revisions: list[str] | None) -> tuple[Kind, str | None]:
    if not tables:
        return "empty", None
    if revisions is None:
        foreign = ", ".join(sorted(tables - _OURS)[:5]) or ", ".join(sorted(tables)[:5])
        raise NotALedgerError(
            f"{where} is a database but not an openwhist ledger (it has tables: {foreign}); "
            "it was not modified -- give another --db"
        )
    if len(revisions) != 1:
        raise NotALedgerError(
            f"{where}: the ledger's schema version table holds {len(revisions)} rows, not one; "
            "it was not modified"
        )
    revision = revisions[0]
    # The usual case -- a ledger at the head -- is settled without loading Alembic.
    if revision == head_revision():
        return "ledger", revision
    if revision not in known_revisions():
        head = head_revision()
        raise LedgerTooNewError(
            f"{where} was written by a newer openwhist (schema revision {revision!r}; this "
            f"openwhist knows up to {head!r}); it was not modified -- upgrade openwhist"
        )
    return "ledger", revision


def _inspect_sqlite_file(path: Path, where: str, busy_timeout_ms: int) -> tuple[Kind, str | None]:
    if not path.exists():
        if not path.parent.is_dir():
            raise LedgerUnreachableError(
                f"cannot create the ledger {where}: the directory {path.parent} does not exist"
            )
        return "missing", None
    if path.is_dir():
        raise NotALedgerError(f"{where} is a directory, not a ledger file")
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise LedgerUnreachableError(f"cannot read the ledger {where}: {exc}") from None
    if not header:
        return "empty", None
    if header != SQLITE_MAGIC:
        raise NotALedgerError(
            f"{where} is not an SQLite database (a damaged ledger or another kind of file); "
            "it was not modified -- restore it from a backup or give another --db"
        )
    # Read-only: nothing here may write to a file we have not accepted yet.
    uri = f"file:{quote(str(path))}?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=busy_timeout_ms / 1000)
    except sqlite3.Error as exc:
        raise translate(exc, where) from None
    try:
        tables = {
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        revisions = (
            [row[0] for row in conn.execute("SELECT version_num FROM alembic_version")]
            if "alembic_version" in tables
            else None
        )
    except sqlite3.Error as exc:
        raise translate(exc, where) from None
    finally:
        conn.close()
    return _classify(where, tables, revisions)


def _inspect_server(engine: Engine, where: str) -> tuple[Kind, str | None]:
    with translate_errors(engine.url), engine.connect() as conn:
        tables = set(sa.inspect(conn).get_table_names())
        revisions = (
            [row[0] for row in conn.execute(sa.text("SELECT version_num FROM alembic_version"))]
            if "alembic_version" in tables
            else None
        )
    return _classify(where, tables, revisions)


def inspect_ledger(
    url: URL, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS, engine: Engine | None = None
) -> LedgerState:
    """What the database at ``url`` is, read without writing anything.

    Raises:
        NotALedgerError: not an SQLite file, or a database with other tables and no ledger
            version table.
        LedgerTooNewError: a ledger whose schema revision this openwhist does not know.
        LedgerUnreachableError: a server that does not answer, a missing directory.
        LedgerLockedError: an SQLite file locked exclusively for longer than the timeout.
    """
    where = display_url(url)
    path = sqlite_path(url)
    if path is not None:
        kind, revision = _inspect_sqlite_file(path, where, busy_timeout_ms)
    else:
        own = engine is None
        eng = engine if engine is not None else make_engine(url, busy_timeout_ms=busy_timeout_ms)
        try:
            kind, revision = _inspect_server(eng, where)
        finally:
            if own:
                eng.dispose()
    return LedgerState(kind, revision, head_revision())


def _migrate(engine: Engine, target: str = "head") -> None:
    """Run the migrations up to ``target`` in one transaction holding the write lock."""
    from alembic import command
    from alembic.util.exc import CommandError

    url = engine.url
    config = alembic_config(url)
    with translate_errors(url), writer(engine).begin() as conn:
        if conn.dialect.name == "postgresql":
            # Two club members opening a fresh shared ledger at once: one migrates, the
            # other waits here and then finds the schema at head.
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(7424832001)"))
        config.attributes["connection"] = conn
        try:
            command.upgrade(config, target)
        except CommandError as exc:
            raise LedgerTooNewError(
                f"cannot upgrade {display_url(url)}: {exc}; it was not modified"
            ) from None


def open_engine(
    url: URL, *, upgrade: bool = True, busy_timeout_ms: int = BUSY_TIMEOUT_MS
) -> Engine:
    """An engine on an accepted ledger at the head revision.

    A missing SQLite file or an empty database is created at the head revision. An older
    ledger is upgraded when ``upgrade`` is true, else refused. Anything else is refused
    with its `LedgerError` and left exactly as it was.

    Raises:
        LedgerNeedsUpgradeError: an older ledger and ``upgrade=False``.
        NotALedgerError, LedgerTooNewError, LedgerUnreachableError, LedgerLockedError: see
            `inspect_ledger`.
    """
    where = display_url(url)
    path = sqlite_path(url)
    if path is not None and path == default_path():
        path.parent.mkdir(parents=True, exist_ok=True)
    engine = make_engine(url, busy_timeout_ms=busy_timeout_ms)
    try:
        state = inspect_ledger(
            url, busy_timeout_ms=busy_timeout_ms, engine=None if path else engine
        )
        if state.kind == "ledger" and state.revision != state.head and not upgrade:
            raise LedgerNeedsUpgradeError(
                f"the ledger {where} has schema revision {state.revision!r}, this openwhist "
                f"needs {state.head!r}: run `whist ledger upgrade` (back the file up first)"
            )
        if not state.up_to_date:
            _migrate(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine


def upgrade(
    url: str | URL | None = None, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
) -> dict[str, Any]:
    """Bring the ledger at ``url`` (default: `resolve_url`) to the head revision.

    Returns:
        ``{"url", "from", "to"}``: the revision before (``None`` for a new ledger) and after.

    Raises:
        the refusals of `inspect_ledger`.
    """
    resolved = url if isinstance(url, URL) else resolve_url(url)
    before = inspect_ledger(resolved, busy_timeout_ms=busy_timeout_ms)
    engine = open_engine(resolved, upgrade=True, busy_timeout_ms=busy_timeout_ms)
    engine.dispose()
    return {"url": display_url(resolved), "from": before.revision, "to": head_revision()}


def current(
    url: str | URL | None = None, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
) -> dict[str, Any]:
    """The schema revision of the ledger at ``url``, read without modifying anything.

    Returns:
        ``{"url", "state", "revision", "head", "up_to_date"}``; ``state`` is ``missing``,
        ``empty`` or ``ledger``.

    Raises:
        the refusals of `inspect_ledger` (a newer ledger is `LedgerTooNewError`).
    """
    resolved = url if isinstance(url, URL) else resolve_url(url)
    state = inspect_ledger(resolved, busy_timeout_ms=busy_timeout_ms)
    return {
        "url": display_url(resolved),
        "state": state.kind,
        "revision": state.revision,
        "head": state.head,
        "up_to_date": state.up_to_date,
    }


__all__ = [
    "BUSY_TIMEOUT_MS",
    "DEFAULT_FILE",
    "ENV_VAR",
    "MIGRATIONS_DIR",
    "VERSION_DIRS",
    "LedgerState",
    "alembic_config",
    "current",
    "default_path",
    "display_url",
    "head_revision",
    "inspect_ledger",
    "known_revisions",
    "make_engine",
    "open_engine",
    "resolve_url",
    "script_directory",
    "shipped_head",
    "sqlite_path",
    "translate",
    "translate_errors",
    "upgrade",
    "writer",
]
