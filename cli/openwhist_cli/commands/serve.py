"""``whist serve``: host tables for network play (docs/server.md)."""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from openwhist_cli import runtime

DEFAULT_PORT = 8765
"""The port ``whist serve`` listens on without ``--port``."""


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command("serve", epilog=runtime.EXIT_CODES_EPILOG)(serve_command)


def serve_command(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL|PATH",
            help="The ledger that keeps the tables (default: $OPENWHIST_DB, else "
            "ledger.sqlite3 in the user data directory).",
        ),
    ] = None,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on (default 127.0.0.1: this machine only; put a "
            "reverse proxy with TLS in front to open it to others, docs/server.md).",
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="The port to listen on.")
    ] = DEFAULT_PORT,
    origin: Annotated[
        list[str] | None,
        typer.Option(
            "--origin",
            metavar="URL",
            help="A web origin (https://cards.example.org) whose pages may open websockets "
            "here, besides the server's own; repeatable.",
        ),
    ] = None,
    create_token: Annotated[
        str | None,
        typer.Option(
            "--create-token",
            envvar="OPENWHIST_CREATE_TOKEN",
            metavar="TOKEN",
            show_envvar=False,
            help="Creating a table needs this token (Authorization: Bearer TOKEN; default: "
            "$OPENWHIST_CREATE_TOKEN, else only programs on this machine may create tables).",
        ),
    ] = None,
    max_tables: Annotated[
        int,
        typer.Option(
            "--max-tables",
            min=1,
            help="Open tables at most; a request for one more is refused (HTTP 429).",
        ),
    ] = 1000,
) -> None:
    """Host tables for network play: a websocket server that keeps every table's game
    and writes every action to the ledger before anyone sees it, so a restart resumes
    each table at its last action."""
    with runtime.handle_errors(ctx):
        from openwhist import OpenWhistError
        from openwhist.services.ledger import Ledger
        from openwhist_server import serve

        from openwhist_cli import i18n

        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            # uvicorn reports a port in use in its log and exits; say it as every command does.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((host, port))
            except OSError as exc:
                message = i18n._("cannot listen on {host}:{port}: {reason}")
                raise OpenWhistError(
                    message.format(host=host, port=port, reason=exc.strerror or exc)
                ) from None
        catalog = runtime.get_catalog(ctx)
        with Ledger(db, catalog=catalog) as ledger:
            line = i18n._("serving tables on http://{host}:{port}/ (ledger {url}); Ctrl-C stops")
            runtime.echo_error(line.format(host=host, port=port, url=ledger.url))
            serve(
                catalog,
                ledger,
                host=host,
                port=port,
                origins=origin or (),
                create_token=create_token or None,
                max_tables=max_tables,
            )
