"""What every command shares: exit codes, output helpers, error handling, the catalog.

Nothing here imports openwhist (or pydantic) at module level: ``whist --help`` and
``whist --version`` stay fast, and the catalog is loaded once per invocation, only by the
commands that need it.

Exit codes (docs/cli.md):

====  ================================================================================
0     success
1     runtime error (an openwhist error not listed below, or an unexpected failure)
2     usage error: bad arguments, unknown variant / house rule / bot, bad option values
3     a plugin failed to load (``whist plugins``; any command when plugin loading itself
      fails, e.g. a duplicate variant name or ``OPENWHIST_STRICT_PLUGINS=1``)
4     the ledger cannot be used right now: unreachable, locked, a conflict (try again)
5     the database is not a ledger this openwhist can use (needs ``whist ledger
      upgrade``, is newer, foreign or damaged)
6     invalid game record (``whist replay``)
7     the ledger may not be used as asked until something is fixed: wrong password or
      permission, read-only file, disk full
8     a table server refused this client: its link opens no seat (or no such table, or
      no spectators), it refused to create a table, or the table's variant is not
      installed here as the server plays it (``whist join``, ``bot``, ``host``)
====  ================================================================================
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from openwhist.game.messages import Message
    from openwhist.services.catalog import Catalog


class ExitCode(enum.IntEnum):
    """The documented exit codes of ``whist``."""

    OK = 0
    RUNTIME = 1
    USAGE = 2
    PLUGIN = 3
    LEDGER_UNREACHABLE = 4
    LEDGER_NEEDS_UPGRADE = 5
    BAD_RECORD = 6
    LEDGER_ACCESS = 7
    TABLE_REFUSED = 8


EXIT_CODES_EPILOG = (
    "Exit codes: 0 ok; 1 runtime error; 2 usage error (unknown variant, bad option); "
    "3 a plugin failed to load; 4 the ledger is unreachable or locked (try again); 5 the "
    "database is not a ledger this openwhist can use (needs `whist ledger upgrade`, newer, "
    "foreign or damaged); 6 invalid game record; 7 the ledger refuses this use until fixed "
    "(wrong password, read-only, disk full); 8 a table server refused this client (a link of no "
    "seat, a refused creation token, another version of the variant)."
)

CATALOG_KEY = "openwhist.catalog"
DEBUG_KEY = "openwhist.debug"


class PluginLoadError(Exception):
    """Loading the plugins failed as a whole (exit code 3)."""


def _default_loader() -> Catalog:
    from openwhist.services.catalog import load_catalog

    return load_catalog()


catalog_loader: Callable[[], Catalog] = _default_loader
"""How the CLI loads the catalog. Tests (and embedders) may replace it."""


def loads_installed_plugins() -> bool:
    """True unless `catalog_loader` was replaced: only then does the catalog hold exactly
    the installed plugins (what `openwhist_cli.command_cache` describes)."""
    return catalog_loader is _default_loader


def get_catalog(ctx: typer.Context) -> Catalog:
    """The invocation's catalog, loaded on first use and shared by the whole command tree.

    Raises:
        PluginLoadError: plugin loading failed as a whole (a duplicate variant name, or
            any failure under ``OPENWHIST_STRICT_PLUGINS=1``).
    """
    meta = ctx.meta
    catalog = meta.get(CATALOG_KEY)
    if catalog is None:
        try:
            catalog = catalog_loader()
        except Exception as exc:
            # The exception's name and text are the plugin's (or a bug's): shown as they are.
            raise PluginLoadError(_raised(exc)) from exc
        meta[CATALOG_KEY] = catalog
        from openwhist_cli import i18n

        # The plugins' own catalogues translate the text they produce (openwhist.game.messages).
        i18n.use_plugin_catalogues(catalog.locale_dirs())
    return catalog


def _raised(exc: BaseException) -> str:
    """An unexpected exception as a program wrote it: ``TypeError: ...``."""
    return f"{type(exc).__name__}: {exc}"


def bot_isolation(flag: bool | None, *, default: str = "none") -> Any:
    """The `openwhist.services.isolation.Isolation` of ``--isolate-bots`` (True: every bot),
    ``--no-isolate-bots`` (False: none) or neither (None: ``default``, a mode name). Its
    workers load the plugins as this process does (`catalog_loader`)."""
    from openwhist.services.isolation import Isolation

    mode = default if flag is None else ("all" if flag else "none")
    if loads_installed_plugins():
        return Isolation(mode)  # type: ignore[arg-type]
    return Isolation(mode, catalog_factory=catalog_loader)  # type: ignore[arg-type]


def is_debug(ctx: typer.Context) -> bool:
    """True when ``--debug`` was given."""
    return bool(ctx.meta.get(DEBUG_KEY, False))


def echo_json(data: Any) -> None:
    """Data to stdout as stable, indented JSON (insertion order kept; no timestamps)."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def echo_error(message: str) -> None:
    """A message to stderr."""
    typer.echo(message, err=True)


def error_line(text: str) -> str:
    """``text`` as an error line in the player's language (``error: ...``)."""
    from openwhist_cli import i18n

    return i18n._("error: {message}").format(message=text)


_OS_REASONS: dict[str, str] = {}
"""errno name -> the reason said for it (filled by `os_reason` on first use)."""


def os_reason(exc: OSError) -> str:
    """Why a file could not be read or written, in the player's language: the common
    reasons (no such file, permission denied, a directory, a full disk, a read-only file
    system) translated, anything else as the operating system says it. Python does not
    localise ``strerror``, so the catalogue does."""
    import errno

    from openwhist_cli import i18n
    from openwhist_cli.i18n import N_

    if not _OS_REASONS:
        _OS_REASONS.update(
            {
                "ENOENT": N_("no such file or directory"),
                "EACCES": N_("permission denied"),
                "EPERM": N_("operation not permitted"),
                "EISDIR": N_("it is a directory"),
                "ENOTDIR": N_("a part of the path is not a directory"),
                "ENOSPC": N_("no space left on the device"),
                "EROFS": N_("the file system is read-only"),
                "EEXIST": N_("the file already exists"),
                "ENAMETOOLONG": N_("the file name is too long"),
            }
        )
    name = errno.errorcode.get(exc.errno or 0, "")
    if name in _OS_REASONS:
        return i18n._(_OS_REASONS[name])
    return exc.strerror or str(exc)


def cannot_read(path: object, exc: OSError) -> str:
    """``cannot read PATH: REASON``, translated (`os_reason`)."""
    from openwhist_cli import i18n

    return i18n._("cannot read {path}: {reason}").format(path=path, reason=os_reason(exc))


def cannot_write(path: object, exc: OSError) -> str:
    """``cannot write PATH: REASON``, translated (`os_reason`)."""
    from openwhist_cli import i18n

    return i18n._("cannot write {dest}: {reason}").format(dest=path, reason=os_reason(exc))


def message_text(message: Message) -> str:
    """A service's `Message` as plain text in the player's language (`i18n.translations`:
    our catalogue, the core's and the plugins')."""
    from openwhist_cli import i18n

    return message.render(translations=i18n.translations())


def error_text(exc: BaseException) -> str:
    """An error's explanation in the player's language: the `Message` a service or the
    ledger raised it with (`openwhist.OpenWhistError.message`), translated; else its text
    as it is (an error raised with plain text, or not an openwhist error)."""
    from openwhist import LISTED_ALTERNATIVES, IllegalActionError, Message

    from openwhist_cli import i18n

    message = getattr(exc, "message", None)
    if not isinstance(message, Message):
        return str(exc)
    text = message_text(message)
    if isinstance(exc, IllegalActionError) and exc.legal:
        # The alternatives, as `IllegalActionError.__str__` adds them untranslated.
        if len(exc.legal) > LISTED_ALTERNATIVES:
            tail = i18n._("{count} legal choices, too many to list").format(count=len(exc.legal))
        else:
            tail = i18n._("legal: {legal}").format(legal=" ".join(exc.legal))
        text = f"{text}; {tail}"
    return text


def exit_code_for(exc: BaseException) -> ExitCode:
    """The documented exit code of an error raised by a command."""
    from openwhist import (
        DuplicateVariantError,
        OpenWhistError,
        OptionsError,
        RecordError,
        UnknownBotLevelError,
        UnknownVariantError,
    )
    from openwhist.services import UsageError

    declared = getattr(exc, "exit_code", None)
    if isinstance(exc, OpenWhistError) and isinstance(declared, int):
        # Errors that declare their code (the ledger's: 4 unreachable, 5 needs upgrade)
        # are mapped without the CLI importing their module.
        try:
            return ExitCode(declared)
        except ValueError:
            return ExitCode.RUNTIME
    if isinstance(exc, RecordError):
        return ExitCode.BAD_RECORD
    if isinstance(exc, UnknownVariantError | UnknownBotLevelError | OptionsError | UsageError):
        return ExitCode.USAGE
    if isinstance(exc, DuplicateVariantError | PluginLoadError):
        return ExitCode.PLUGIN
    # Any other OpenWhistError, and any unexpected exception.
    return ExitCode.RUNTIME


@contextmanager
def handle_errors(ctx: typer.Context) -> Iterator[None]:
    """Turn errors into a one-line message on stderr and the documented exit code.

    Expected errors (`OpenWhistError`, plugin load failures) never show a traceback; an
    unexpected exception is reported as an internal error. With ``--debug`` every error
    is re-raised, so its traceback shows.
    """
    try:
        yield
    except (typer.Exit, typer.Abort, BrokenPipeError):
        # BrokenPipeError: the reader of stdout left (`whist variants | head -1`). Not an
        # error of the command: Click's standalone main ends the run quietly (exit 1, and
        # no failing flush on the way out).
        raise
    except Exception as exc:
        if is_debug(ctx):
            raise
        from openwhist import OpenWhistError, OptionsError, SeatCountError

        from openwhist_cli import i18n

        if isinstance(exc, OptionsError) and exc.messages:
            # Field by field, in the player's language (`whist play --lang`).
            problems = "; ".join(m.render(translations=i18n.translations()) for m in exc.messages)
            if isinstance(exc, SeatCountError):  # a count, not an option: said as it is
                echo_error(error_line(problems))
            else:
                text = i18n._("invalid options for {variant}: {problems}")
                echo_error(error_line(text.format(variant=exc.variant, problems=problems)))
        elif isinstance(exc, OpenWhistError | PluginLoadError):
            from openwhist.services.failures import PlayFailureError

            if isinstance(exc, PlayFailureError):
                # A bot or a rule hook raised: named, with variant, seed and deal; the
                # original traceback is one --debug away.
                line = (
                    i18n._("error: {message} (run with --debug for the traceback)")
                    if exc.plugin is not None
                    else i18n._("internal error: {message} (run with --debug for the traceback)")
                )
                echo_error(line.format(message=error_text(exc)))
            else:
                echo_error(error_line(error_text(exc)))
        else:
            # The exception's own text is a program's (a bug): said as it is.
            text = i18n._("internal error: {message} (run with --debug for the traceback)")
            echo_error(text.format(message=f"{type(exc).__name__}: {exc}"))
        raise typer.Exit(int(exit_code_for(exc))) from None


PLAYERS_HELP = (
    "How many players sit at the table, for a variant played by several counts (`whist "
    "variants` lists them) [default: the variant's usual number]. A count the variant does "
    "not allow is refused (exit code 2)."
)
"""The help of ``--players N`` (`whist play`, `simulate`, `record start`, `arena`)."""
