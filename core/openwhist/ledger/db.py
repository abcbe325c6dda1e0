"""Ledger engines, the schema check that guards every open, and Alembic migrations.

* `resolve_url` -- what ``--db`` / ``OPENWHIST_DB`` mean: a SQLAlchemy URL, or a plain file
  path for SQLite; the default is ``ledger.sqlite3`` in platformdirs' user data directory
  for ``openwhist``. ``postgresql://`` is read as ``postgresql+psycopg://`` (psycopg 3).
* `make_engine` -- an engine with the SQLite connection settings: WAL journal,
  ``synchronous=FULL`` (every commit fsynced), foreign keys on, a busy timeout, and our
  own ``BEGIN`` (``BEGIN IMMEDIATE`` for writers, so two writers queue on the busy timeout
  instead of failing on a lock upgrade); or, ``read_only``, connections that open the file
  read-only (reports on a read-only file or directory).
* `inspect_ledger` -- reads, without writing a byte, what the database is: missing, empty,
  a ledger at some revision, or something else, after ``PRAGMA quick_check`` of an SQLite
  file (bounded by size: `QUICK_CHECK_MAX_BYTES`, `QUICK_CHECK_REPORT_MAX_BYTES`).
  `open_engine` refuses (never modifies) a damaged file, a file that is not SQLite, a
  database with foreign tables, or a ledger from a newer openwhist; it upgrades an older
  ledger when allowed.
* `upgrade` / `current` -- the ``whist ledger upgrade`` / ``whist ledger current`` services.
* `translate_errors` -- turns driver errors into the ledger's exception classes, telling
  the retryable (locked, unreachable, serialization failure: exit 4) from the permanent
  (read-only, disk full, authentication: exit 7; damage, dropped column: exit 5; integer
  overflow: exit 2).

SQLAlchemy is imported only by the functions that use it (URLs, engines, migrations): the
reports' quick path (`openwhist.ledger.sqlite_read`) checks an SQLite file with `sqlite3`
through this module and never loads it. Alembic is imported
only to migrate, or to judge a revision that is not the head: a ledger already at the head
-- every open but the first after an upgrade -- is checked with one query and a look at the
shipped migration files (`shipped_head`), which saves about 0.35 s of CPU per command.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal
from urllib.parse import quote

from openwhist.game.messages import N_, Message
from openwhist.ledger.errors import (
    LedgerAccessError,
    LedgerAuthError,
    LedgerCorruptError,
    LedgerError,
    LedgerFullError,
    LedgerLockedError,
    LedgerNeedsUpgradeError,
    LedgerReadOnlyError,
    LedgerSchemaDamagedError,
    LedgerSerializationError,
    LedgerTooNewError,
    LedgerUnreachableError,
    LedgerURLError,
    LedgerValueError,
    NotALedgerError,
)

if TYPE_CHECKING:
    import sqlalchemy as sa
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy.engine import URL, Engine

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
SYNCHRONOUS = "FULL"
"""SQLite's ``synchronous`` setting for ledger files (read when a connection opens): FULL,
so a committed action survives a power cut, not only a killed process (docs/ledger.md;
its cost per action is in docs/performance.md)."""
QUICK_CHECK_MAX_BYTES: Final = 256 * 1024 * 1024
"""SQLite files up to this size get ``PRAGMA quick_check`` when a process opens them to
write, before anything is written (about 0.2 s for 160 MB; docs/performance.md); larger
ones only from ``whist ledger check``."""
QUICK_CHECK_REPORT_MAX_BYTES: Final = 32 * 1024 * 1024
"""The same bound for reports (read-only opens, ``whist ledger current``): smaller, as a
report's whole run is often shorter than the check of a large file. A report on a larger
damaged file still fails (exit 5) as soon as it reads a damaged page."""
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
        "party_statistics",
        "hosted_tables",
        "hosted_seats",
        "hosted_seat_changes",
        "accounts",
        "login_failures",
        "club_settings",
        "form_submissions",
        "club_sessions",
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
    from sqlalchemy.engine import URL

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
    return _checked_url(raw)


def _checked_url(raw: str) -> URL:
    """``raw`` parsed, with its database kind and driver loadable -- else a
    `LedgerURLError` (exit 2) saying which, instead of SQLAlchemy's ``ValueError`` or
    ``NoSuchModuleError`` surfacing as an internal error. The messages quote no password:
    they name the URL's scheme or the part that does not parse."""
    import sqlalchemy as sa

    try:
        url = sa.engine.make_url(raw)
    except (sa.exc.ArgumentError, ValueError) as exc:
        # A port that is not a number, an unclosed IPv6 bracket, ... (ValueError).
        raise LedgerURLError(Message(N_("not a database URL: {exc}"), {"exc": str(exc)})) from None
    try:
        dialect = url.get_dialect()
    except sa.exc.NoSuchModuleError:
        raise LedgerURLError(
            Message(
                N_(
                    "not a database URL openwhist can open: no database kind "
                    "'{drivername}' (the ledger runs on SQLite, a file path or "
                    "sqlite:///PATH, and PostgreSQL, "
                    "postgresql://USER@HOST/DATABASE)"
                ),
                {"drivername": url.drivername},
            )
        ) from None
    try:
        dialect.import_dbapi()
    except ImportError as exc:
        raise LedgerURLError(
            Message(
                N_(
                    "the driver for '{drivername}' databases is not installed "
                    "({exc}); the ledger runs on SQLite and PostgreSQL (psycopg 3)"
                ),
                {"drivername": url.drivername, "exc": str(exc)},
            )
        ) from None
    return url


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


def read_only_uri(path: Path) -> str:
    """An SQLite URI opening ``path`` read-only: ``mode=ro``, or ``immutable=1`` when the
    directory cannot be written and no WAL file exists -- SQLite cannot open a WAL-mode
    database read-only without creating its ``-shm`` file otherwise, and without a WAL file
    (and no way for anyone to create one) the main file holds every commit."""
    wal = path.with_name(path.name + "-wal")
    immutable = not os.access(path.parent, os.W_OK) and not wal.exists()
    return f"file:{quote(str(path))}?{'immutable=1' if immutable else 'mode=ro'}"


def _read_only_url(path: Path) -> URL:
    from sqlalchemy.engine import URL

    database, _, param = read_only_uri(path).partition("?")
    key, _, value = param.partition("=")
    return URL.create("sqlite", database=database, query={key: value, "uri": "true"})


def make_engine(
    url: URL | str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS, read_only: bool = False
) -> Engine:
    """An engine for ``url``; for SQLite with WAL, foreign keys and the busy timeout.

    Every SQLite connection gets, in its ``connect`` event, ``PRAGMA busy_timeout``,
    ``PRAGMA foreign_keys=ON``, ``PRAGMA journal_mode=WAL`` and ``synchronous`` =
    `SYNCHRONOUS`. The driver's own implicit transactions are turned off and the engine
    emits ``BEGIN`` itself -- ``BEGIN IMMEDIATE`` on connections of `writer` engines -- so a
    unit of work takes the write lock up front and waits for it on the busy timeout.

    ``read_only`` (SQLite files): the connections open the file read-only (`_read_only_url`)
    and change no setting, so reports work on a read-only file or directory; any write
    through them is `LedgerReadOnlyError`.

    Only call this for a database `inspect_ledger` accepted: switching to WAL writes to the
    file.
    """
    import sqlalchemy as sa

    if isinstance(url, str):
        url = resolve_url(url)
    if url.get_backend_name() != "sqlite":
        return sa.create_engine(url, pool_pre_ping=True)
    path = sqlite_path(url)
    read_only = read_only and path is not None
    engine = sa.create_engine(_read_only_url(path) if read_only and path else url)

    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            cursor.execute("PRAGMA foreign_keys = ON")
            if path is not None and not read_only:
                cursor.execute("PRAGMA journal_mode = WAL")
                # WAL + FULL: every commit is fsynced, so it survives a power cut or an OS
                # crash, not only a killed process (NORMAL may lose the last commits).
                cursor.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
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


_SQLSTATE_RETRY: Final = frozenset({"40001", "40P01"})
"""PostgreSQL's serialization failure and deadlock: the server aborted the unit of work to
let a concurrent one through; running it again is correct."""
_AUTH_WORDS: Final = (
    "password authentication failed",
    "authentication failed",
    "no password supplied",
    "password is required",
    "role",  # 'role "x" does not exist' (only checked on connection errors)
    "pg_hba.conf",
    "does not exist",  # 'database "x" does not exist'
)
_FREE_BYTES_FULL: Final = 256 * 1024
"""An SQLite I/O error with less free space than this on the ledger's file system is
reported as a full disk (SQLite says "disk I/O error" when its shared-memory file cannot
grow)."""


def _diagnostics(exc: BaseException) -> tuple[BaseException, str, str]:
    """The driver's own exception, its first line, and its code (SQLite's extended error
    name such as ``SQLITE_FULL``, or PostgreSQL's SQLSTATE), ``""`` when it has none."""
    orig = getattr(exc, "orig", None)
    inner = orig if isinstance(orig, BaseException) else exc
    text = str(inner).strip()
    first = text.splitlines()[0] if text else repr(inner)
    code = getattr(inner, "sqlite_errorname", None) or getattr(inner, "sqlstate", None) or ""
    return inner, first, str(code)


def _disk_full(path: Path | None) -> bool:
    if path is None:
        return False
    try:
        return shutil.disk_usage(path.parent).free < _FREE_BYTES_FULL
    except OSError:
        return False


def translate(exc: BaseException, where: str, *, path: Path | None = None) -> LedgerError:
    """The ledger error for a driver exception raised while using the ledger at ``where``
    (``path``: its SQLite file, to tell a full disk from another I/O error).

    Retryable (exit 4): locked, busy, a server that does not answer, a serialization failure.
    Permanent (exit 7): authentication or permission refused, a read-only file, a full disk;
    (exit 5): a damaged file or schema; (exit 2): a number beyond the ledger's integers.
    """
    inner, text, code = _diagnostics(exc)
    low = text.lower()
    # SQLAlchemy's exception classes, if it is loaded: an exception cannot be one of them
    # otherwise (`sqlite_read` translates sqlite3's errors without loading SQLAlchemy).
    sa_exc = sys.modules.get("sqlalchemy.exc")
    operational: tuple[type[Exception], ...] = ()
    unreachable: tuple[type[Exception], ...] = ()
    if sa_exc is not None:
        operational = (sa_exc.OperationalError,)
        unreachable = (sa_exc.OperationalError, sa_exc.InterfaceError)
    # -- numbers out of range: the input's fault, not the ledger's
    if isinstance(inner, OverflowError) or code == "22003" or "integer overflow" in low:
        return LedgerValueError(
            f"a number is too large for the ledger {where} (it stores 64-bit integers, "
            f"up to 9223372036854775807): {text}"
        )
    # -- retryable
    if code in _SQLSTATE_RETRY:
        return LedgerSerializationError(
            f"the ledger {where} aborted this change because another writer changed the "
            f"same rows at the same moment ({text}); try again"
        )
    if code.startswith("SQLITE_BUSY") or code.startswith("SQLITE_LOCKED") or "locked" in low:
        return LedgerLockedError(
            f"the ledger {where} is locked by another process (waited for the busy timeout); "
            "try again when the other whist finishes"
        )
    # -- permanent: the file or the disk
    if code.startswith("SQLITE_READONLY") or code == "25006" or "readonly database" in low:
        return LedgerReadOnlyError(
            f"the ledger {where} is read-only here (the file, its directory or the file "
            f"system may not be written): {text}; nothing was recorded -- reports still "
            "work, or give a ledger you may write"
        )
    if (
        code == "SQLITE_FULL"
        or code == "53100"
        or "disk is full" in low
        or (code.startswith("SQLITE_IOERR") and _disk_full(path))
    ):
        return LedgerFullError(
            f"the disk of the ledger {where} is full: {text}; nothing was recorded -- free "
            "some space and run the command again"
        )
    if code.startswith("SQLITE_IOERR"):
        return LedgerAccessError(
            f"the ledger {where} could not be read or written (an I/O error: {text}); "
            "check the disk, then run `whist ledger check`"
        )
    if (code in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or "malformed" in low) and (
        "not a database" not in low
    ):
        return LedgerCorruptError(
            f"the ledger {where} is damaged: {text}; nothing was written into it -- "
            "restore it from a backup (`whist ledger check` lists what is wrong)"
        )
    if "file is not a database" in low or "not a database" in low:
        return NotALedgerError(f"{where} is not an SQLite database: {text}")
    # -- permanent: the schema
    if (
        code in ("42703", "42P01")
        or "no such column" in low
        or "no such table" in low
        or ("has no column named" in low)
    ):
        return LedgerSchemaDamagedError(
            f"the ledger {where} does not have the tables its schema revision promises "
            f"({text}): a table or column was dropped or renamed outside openwhist; restore "
            "it from a backup (`whist ledger check` lists what is wrong)"
        )
    # -- permanent: who we are
    if (
        code.startswith("28")
        or code in ("42501", "3D000")
        or (isinstance(exc, operational) and any(w in low for w in _AUTH_WORDS))
    ):
        return LedgerAuthError(
            f"the ledger {where} refused this connection: {text}; check the user name, "
            "password (~/.pgpass) and database name -- trying again will not help"
        )
    if code.startswith("SQLITE_CANTOPEN") or "unable to open database" in low:
        if path is not None and path.exists() and not os.access(path, os.R_OK):
            return LedgerAuthError(f"no permission to read the ledger {where}: {text}")
        if (
            path is not None
            and path.parent.is_dir()
            and (
                not os.access(path.parent, os.W_OK)
                or (path.exists() and not os.access(path, os.W_OK))
            )
        ):
            # A writer needs the file and its directory (the -wal and -shm files beside it).
            return LedgerReadOnlyError(
                f"the ledger {where} is read-only here (the file or its directory may not be "
                f"written: {text}); nothing was recorded -- reports still work, or give a "
                "ledger you may write"
            )
        return LedgerUnreachableError(f"cannot open the ledger {where}: {text}")
    if isinstance(exc, unreachable):
        return LedgerUnreachableError(
            f"cannot reach the ledger {where}: {text}; check that the server is running "
            "and try again"
        )
    return LedgerError(f"ledger {where}: {text}")


@contextlib.contextmanager
def translate_errors(url: URL) -> Iterator[None]:
    """Re-raise driver errors (SQLAlchemy's and sqlite3's) as ledger errors; an integer
    too large to bind (``OverflowError``) as `LedgerValueError`."""
    import sqlalchemy as sa

    try:
        yield
    except (
        sa.exc.OperationalError,
        sa.exc.InterfaceError,
        sa.exc.DatabaseError,
        sqlite3.DatabaseError,
        OverflowError,
    ) as exc:
        if isinstance(exc, sa.exc.IntegrityError):
            raise
        raise translate(exc, display_url(url), path=sqlite_path(url)) from exc
    except sa.exc.StatementError as exc:
        if not isinstance(exc.orig, OverflowError):
            raise
        raise translate(exc, display_url(url), path=sqlite_path(url)) from exc


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
    from sqlalchemy.engine import URL

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
            Message(
                N_(
                    "{where} is a database but not an openwhist ledger (it has tables: "
                    "{foreign}); it was not modified -- give another --db"
                ),
                {"where": where, "foreign": foreign},
            )
        )
    if len(revisions) != 1:
        raise NotALedgerError(
            Message(
                N_(
                    "{where}: the ledger's schema version table holds {count} rows, not "
                    "one; it was not modified"
                ),
                {"where": where, "count": len(revisions)},
            )
        )
    revision = revisions[0]
    # The usual case -- a ledger at the head -- is settled without loading Alembic.
    if revision == head_revision():
        return "ledger", revision
    if revision not in known_revisions():
        head = head_revision()
        raise LedgerTooNewError(
            Message(
                N_(
                    "{where} was written by a newer openwhist (schema revision "
                    "'{revision}'; this openwhist knows up to '{head}'); it was not "
                    "modified -- upgrade openwhist"
                ),
                {"where": where, "revision": revision, "head": head},
            )
        )
    return "ledger", revision


def quick_check(conn: sqlite3.Connection, where: str) -> None:
    """``PRAGMA quick_check`` on an open SQLite connection (O(file size): every page of every
    b-tree is read, indexes are not compared with their tables).

    Raises:
        LedgerCorruptError: the check found damage (its first findings quoted).
    """
    try:
        findings = [" ".join(str(row[0]).split()) for row in conn.execute("PRAGMA quick_check(5)")]
    except sqlite3.DatabaseError as exc:
        code = str(getattr(exc, "sqlite_errorname", ""))
        if not code.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            raise  # locked, an I/O error: not a verdict on the file
        findings = [str(exc)]
    if findings != ["ok"]:
        raise LedgerCorruptError(
            Message(
                N_(
                    "the ledger {where} is damaged (PRAGMA quick_check: {findings}); it was "
                    "not modified and nothing will be written into it -- restore it from a "
                    "backup (`whist ledger check` lists what is wrong)"
                ),
                {"where": where, "findings": "; ".join(findings)},
            )
        )


def _inspect_sqlite_file(
    path: Path, where: str, busy_timeout_ms: int, *, check_limit: int = QUICK_CHECK_MAX_BYTES
) -> tuple[Kind, str | None]:
    if not path.exists():
        if not path.parent.is_dir():
            raise LedgerUnreachableError(
                Message(
                    N_("cannot create the ledger {where}: the directory {parent} does not exist"),
                    {"where": where, "parent": str(path.parent)},
                )
            )
        return "missing", None
    if path.is_dir():
        raise NotALedgerError(
            Message(N_("{where} is a directory, not a ledger file"), {"where": where})
        )
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise LedgerUnreachableError(
            Message(N_("cannot read the ledger {where}: {exc}"), {"where": where, "exc": str(exc)})
        ) from None
    if not header:
        return "empty", None
    if header != SQLITE_MAGIC:
        raise NotALedgerError(
            Message(
                N_(
                    "{where} is not an SQLite database (a damaged ledger or another kind of "
                    "file); it was not modified -- restore it from a backup or give another "
                    "--db"
                ),
                {"where": where},
            )
        )
    # Read-only: nothing here may write to a file we have not accepted yet.
    try:
        conn = sqlite3.connect(read_only_uri(path), uri=True, timeout=busy_timeout_ms / 1000)
    except sqlite3.Error as exc:
        raise translate(exc, where, path=path) from None
    try:
        if path.stat().st_size <= check_limit:
            # Before anything reads the schema or writes a byte: a damaged file is refused
            # by every command, reports included, and never written into.
            quick_check(conn, where)
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
        raise translate(exc, where, path=path) from None
    finally:
        conn.close()
    return _classify(where, tables, revisions)


def _inspect_server(engine: Engine, where: str) -> tuple[Kind, str | None]:
    import sqlalchemy as sa

    with translate_errors(engine.url), engine.connect() as conn:
        tables = set(sa.inspect(conn).get_table_names())
        revisions = (
            [row[0] for row in conn.execute(sa.text("SELECT version_num FROM alembic_version"))]
            if "alembic_version" in tables
            else None
        )
    return _classify(where, tables, revisions)


def inspect_ledger(
    url: URL,
    *,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    engine: Engine | None = None,
    check_limit: int = QUICK_CHECK_MAX_BYTES,
) -> LedgerState:
    """What the database at ``url`` is, read without writing anything.

    An SQLite file of at most ``check_limit`` bytes is first checked with ``PRAGMA
    quick_check``.

    Raises:
        NotALedgerError: not an SQLite file, or a database with other tables and no ledger
            version table.
        LedgerTooNewError: a ledger whose schema revision this openwhist does not know.
        LedgerUnreachableError: a server that does not answer, a missing directory.
        LedgerLockedError: an SQLite file locked exclusively for longer than the timeout.
        LedgerCorruptError: an SQLite file (up to `QUICK_CHECK_MAX_BYTES`) that fails
            ``PRAGMA quick_check``.
        LedgerAuthError: a server that refuses the credentials.
    """
    where = display_url(url)
    path = sqlite_path(url)
    if path is not None:
        kind, revision = _inspect_sqlite_file(path, where, busy_timeout_ms, check_limit=check_limit)
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
    import sqlalchemy as sa
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
                Message(
                    N_("cannot upgrade {url}: {exc}; it was not modified"),
                    {"url": display_url(url), "exc": str(exc)},
                )
            ) from None


def open_engine(
    url: URL,
    *,
    upgrade: bool = True,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    read_only: bool = False,
) -> Engine:
    """An engine on an accepted ledger at the head revision.

    A missing SQLite file or an empty database is created at the head revision. An older
    ledger is upgraded when ``upgrade`` is true, else refused. Anything else is refused
    with its `LedgerError` and left exactly as it was. Every SQLite file is checked first
    (`inspect_ledger`: ``PRAGMA quick_check`` up to `QUICK_CHECK_MAX_BYTES`), so nothing
    -- not even the switch to WAL -- is ever written into a damaged file.

    ``read_only``: for reports. An SQLite ledger at the head revision is opened read-only
    (`make_engine`), so the reports work on a read-only file or directory; a ledger that
    must first be created or upgraded is opened as usual.

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
            url,
            busy_timeout_ms=busy_timeout_ms,
            engine=None if path else engine,
            check_limit=QUICK_CHECK_REPORT_MAX_BYTES if read_only else QUICK_CHECK_MAX_BYTES,
        )
        if state.kind == "ledger" and state.revision != state.head and not upgrade:
            raise LedgerNeedsUpgradeError(
                Message(
                    N_(
                        "the ledger {where} has schema revision '{revision}', this "
                        "openwhist needs '{head}': run `whist ledger upgrade` (back "
                        "the file up first)"
                    ),
                    {"where": where, "revision": str(state.revision), "head": state.head},
                )
            )
        if not state.up_to_date:
            _migrate(engine)
        elif read_only and path is not None:
            engine.dispose()
            engine = make_engine(url, busy_timeout_ms=busy_timeout_ms, read_only=True)
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
    resolved = resolve_url(url) if url is None or isinstance(url, str) else url
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
    resolved = resolve_url(url) if url is None or isinstance(url, str) else url
    state = inspect_ledger(
        resolved, busy_timeout_ms=busy_timeout_ms, check_limit=QUICK_CHECK_REPORT_MAX_BYTES
    )
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
