"""``whist replay``: validate game records by replaying them with checked moves."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from openwhist_cli import runtime
from openwhist_cli.i18n import _, ngettext

if TYPE_CHECKING:
    from openwhist.services.replay import RecordCheck


def register(app: typer.Typer) -> None:
    """Add ``replay`` to ``app``."""
    app.command("replay", epilog=runtime.EXIT_CODES_EPILOG)(replay_command)


def replay_command(
    ctx: typer.Context,
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A file of game records: JSON lines, or one JSON record (or a list); "
            "- reads stdin.",
            allow_dash=True,
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one verdict per record as JSON.")
    ] = False,
) -> None:
    """Replay every record in FILE and check its results (exit code 6 if any is invalid).

    A problem is reported with the record's position in the file (match N, line L) and the
    1-based deal and action where replay stopped, with the reason.
    """
    with runtime.handle_errors(ctx):
        from openwhist.services.replay import check_text, decode_file

        text = decode_file(_read(file))
        checks = check_text(runtime.get_catalog(ctx), text)
        if as_json:
            runtime.echo_json([check.as_dict() for check in checks])
        else:
            for check in checks:
                typer.echo(verdict_line(check))
                where = _where(check)
                notes = check.note_messages or check.notes
                for note in notes:
                    text = note if isinstance(note, str) else runtime.message_text(note)
                    runtime.echo_error(_("note: {where}: {note}").format(where=where, note=text))
        bad = sum(1 for check in checks if not check.ok)
    if bad:
        text = ngettext(
            "{bad} of {count} record is invalid",
            "{bad} of {count} records are invalid",
            len(checks),
        )
        runtime.echo_error(runtime.error_line(text.format(bad=bad, count=len(checks))))
        raise typer.Exit(int(runtime.ExitCode.BAD_RECORD))


def _where(check: RecordCheck) -> str:
    """Which record: its place in the file, and its line for JSON lines."""
    if check.line is None:
        return _("match {match}").format(match=check.match)
    return _("match {match} (line {line})").format(match=check.match, line=check.line)


def verdict_line(check: RecordCheck) -> str:
    """One record's verdict in the reader's language: ``match 2 (line 2): ok -- VARIANT, 1
    deal, ...`` or ``... INVALID -- deal 1, action 5: ...`` (the variant's name and the
    notation stay as typed)."""
    if check.ok:
        deals = ngettext("{count} deal", "{count} deals", check.deals).format(count=check.deals)
        result = (
            runtime.message_text(check.result_message)
            if check.result_message is not None
            else check.result or ""
        )
        return _("{where}: ok -- {variant}, {deals}, {result}").format(
            where=_where(check), variant=check.variant, deals=deals, result=result
        )
    error = (
        runtime.message_text(check.error_message)
        if check.error_message is not None
        else check.error or ""
    )
    return _("{where}: INVALID -- {error}").format(where=_where(check), error=error)


def _read(file: Path) -> bytes:
    """The bytes of ``file`` (``-``: stdin); a file that cannot be opened or read is a usage
    error. (Bytes that are not UTF-8 are the verdict of the line holding them.)"""
    if str(file) == "-":
        stream = getattr(sys.stdin, "buffer", None)
        return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
    try:
        return file.read_bytes()
    except OSError as exc:
        runtime.echo_error(runtime.error_line(runtime.cannot_read(file, exc)))
        raise typer.Exit(int(runtime.ExitCode.USAGE)) from None
