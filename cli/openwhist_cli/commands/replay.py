"""``whist replay``: validate game records by replaying them with checked moves."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from openwhist_cli import runtime


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
                where = f"match {check.match}" + (
                    f" (line {check.line})" if check.line is not None else ""
                )
                if check.ok:
                    typer.echo(
                        f"{where}: ok -- {check.variant}, {_deals(check.deals)}, {check.result}"
                    )
                else:
                    typer.echo(f"{where}: INVALID -- {check.error}")
                for note in check.notes:
                    runtime.echo_error(f"note: {where}: {note}")
        bad = sum(1 for check in checks if not check.ok)
    if bad:
        runtime.echo_error(f"error: {bad} of {len(checks)} records are invalid")
        raise typer.Exit(int(runtime.ExitCode.BAD_RECORD))


def _deals(count: int) -> str:
    return f"{count} deal" if count == 1 else f"{count} deals"


def _read(file: Path) -> bytes:
    """The bytes of ``file`` (``-``: stdin); a file that cannot be opened or read is a usage
    error. (Bytes that are not UTF-8 are the verdict of the line holding them.)"""
    if str(file) == "-":
        stream = getattr(sys.stdin, "buffer", None)
        return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
    try:
        return file.read_bytes()
    except OSError as exc:
        runtime.echo_error(f"error: cannot read {file}: {exc}")
        raise typer.Exit(int(runtime.ExitCode.USAGE)) from None
