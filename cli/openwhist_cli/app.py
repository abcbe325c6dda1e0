"""The ``whist`` Typer app: global options, the built-in commands and plugin commands.

The built-in commands live one group per module in `openwhist_cli.commands`. Plugins add
commands through the ``whist_register_commands`` discovery hook; `WhistGroup` loads them
only when the command line needs them -- to list every command (``whist --help``) or to
run a name that is not built in -- so ``whist simulate ...`` never pays for it twice and
``whist --version`` loads no plugin at all.
"""

from __future__ import annotations

from importlib import metadata
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from openwhist_cli import runtime
from openwhist_cli.commands import (
    arena,
    ledger,
    play,
    plugins,
    record,
    replay,
    scores,
    simulate,
    variants,
)

PLUGIN_COMMANDS_KEY = "openwhist.plugin_commands"


class WhistGroup(TyperGroup):
    """The root command group; adds plugin commands lazily (built-in names win)."""

    def _plugin_commands(self, ctx: typer.Context) -> dict[str, Any]:
        cached = ctx.meta.get(PLUGIN_COMMANDS_KEY)
        if cached is not None:
            return dict(cached)
        found: dict[str, Any] = {}
        try:
            catalog = runtime.get_catalog(ctx)
            plugin_app = typer.Typer()
            catalog.call_register_commands(plugin_app)
            group = typer.main.get_group(plugin_app)
        except Exception as exc:
            # Help and built-in commands keep working; `whist plugins` shows the details.
            runtime.echo_error(f"warning: plugin commands unavailable: {exc}")
            ctx.meta[PLUGIN_COMMANDS_KEY] = found
            return found
        for name, command in group.commands.items():
            if name in self.commands:
                runtime.echo_error(
                    f"warning: a plugin's command {name!r} is ignored: it is a built-in command"
                )
                continue
            found[name] = command
        ctx.meta[PLUGIN_COMMANDS_KEY] = found
        return found

    def list_commands(self, ctx: Any) -> list[str]:
        names = set(super().list_commands(ctx)) | set(self._plugin_commands(ctx))
        return sorted(names)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command: Any = super().get_command(ctx, cmd_name)
        if command is None:
            command = self._plugin_commands(ctx).get(cmd_name)
        return command


def _version(value: bool) -> None:
    if value:
        try:
            version = metadata.version("openwhist")
        except metadata.PackageNotFoundError:  # pragma: no cover - source tree only
            version = "0+unknown"
        typer.echo(f"whist (openwhist) {version}")
        raise typer.Exit(0)


app = typer.Typer(
    cls=WhistGroup,
    name="whist",
    help="openwhist: play and score the Whist family of card games.",
    epilog=runtime.EXIT_CODES_EPILOG,
    invoke_without_command=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Show the openwhist version and exit.",
        ),
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Show tracebacks instead of one-line error messages.")
    ] = False,
) -> None:
    """openwhist: play and score the Whist family of card games."""
    ctx.meta[runtime.DEBUG_KEY] = debug
    if ctx.invoked_subcommand is None:
        # At a terminal `whist` alone offers the variants (`whist play`'s menu); otherwise
        # (a pipe, a script) it shows the help and never waits for input.
        if play.stdin_is_terminal():
            play.play_command(ctx)
            raise typer.Exit(0)
        typer.echo(ctx.get_help())
        raise typer.Exit(0)


play.register(app)
variants.register(app)
plugins.register(app)
simulate.register(app)
arena.register(app)
replay.register(app)
ledger.register(app)
scores.register(app)
record.register(app)


def main() -> int:
    """The console script ``whist``: run the app and return its exit code."""
    command = typer.main.get_command(app)
    try:
        command.main(prog_name="whist", standalone_mode=True)
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        runtime.echo_error(str(code))
        return int(runtime.ExitCode.RUNTIME)
    return 0
