"""The ``whist`` Typer app: global options, the built-in commands and plugin commands.

The built-in commands live one group per module in `openwhist_cli.commands`, each imported
only when the command line needs it (`BUILT_IN`: running one of its commands, or ``whist
--help``, which lists them all). Plugins add
commands through the ``whist_register_commands`` discovery hook; `WhistGroup` loads them
only when the command line needs them -- to run a name that is not built in, or to list
every command (``whist --help``) when `openwhist_cli.command_cache` has no entry for the
installed plugins -- so ``whist simulate ...`` never pays for it twice and ``whist
--version`` loads no plugin at all.
"""

from __future__ import annotations

import contextlib
import typing
from typing import Annotated, Any, cast

import typer
import typer._click as typer_click
from typer.core import TyperCommand, TyperGroup

from openwhist_cli import command_cache, runtime

BUILT_IN: dict[str, str] = {
    "play": "play",
    "resume": "play",
    "variants": "variants",
    "plugins": "plugins",
    "simulate": "simulate",
    "arena": "arena",
    "replay": "replay",
    "review": "review",
    "matches": "ledger",
    "standings": "ledger",
    "export": "ledger",
    "correct": "ledger",
    "adjust": "ledger",
    "void": "ledger",
    "match": "ledger",
    "ledger": "ledger",
    "scores": "scores",
    "record": "record",
    "accounts": "accounts",
    "serve": "serve",
    "join": "join",
    "bot": "join",
    "host": "join",
    "new-variant": "new_variant",
}
"""Each built-in command and the module of `openwhist_cli.commands` whose ``register(app)``
adds it. A command's module is imported only when the command line needs it -- to run it,
or to list every command (``whist --help``) -- which saves a run of one command 13-14 ms of
CPU of the ~0.25 s it takes (importing the nine modules and building every command's Click
object: 16.7-19.5 ms against 3.1-4.1 ms for ``scores`` alone, warm bytecode, issue 11). A
test checks this table against what the modules register."""

PLUGIN_COMMANDS_KEY = "openwhist.plugin_commands"
"""ctx.meta: the real plugin commands, once the plugins are loaded."""
LISTED_COMMANDS_KEY = "openwhist.listed_plugin_commands"
"""ctx.meta: what ``--help`` lists -- the real commands, or the cached stand-ins."""
CACHE_STATE_KEY = "openwhist.command_cache"
"""ctx.meta: the run's `command_cache.Lookup`; None when the cache is not used."""


class CachedPluginCommand(TyperCommand):
    """A plugin command as the cache remembers it: just enough to list it in ``--help``.

    It never runs: `WhistGroup.resolve_command` swaps it for the real command (loading the
    plugins) before the command runs or shows its own help.
    """


def _stand_in(cached: command_cache.CachedCommand) -> CachedPluginCommand:
    command = CachedPluginCommand(
        cached.name, help=cached.help, short_help=cached.short_help, hidden=cached.hidden
    )
    command.deprecated = cached.deprecated
    return command


def _describe(name: str, command: Any) -> command_cache.CachedCommand:
    return command_cache.CachedCommand(
        name=name,
        help=command.help,
        short_help=command.short_help,
        hidden=bool(command.hidden),
        deprecated=command.deprecated,
    )


def built_in_commands(module_name: str) -> dict[str, Any]:
    """The Click commands the module ``openwhist_cli.commands.<module_name>`` registers."""
    import importlib

    module = importlib.import_module(f"openwhist_cli.commands.{module_name}")
    # The root app's settings, so the commands and their help read as they always did.
    sub_app = typer.Typer(add_completion=False, rich_markup_mode=None)
    module.register(sub_app)
    _evaluate_annotations(sub_app)
    return dict(typer.main.get_group(sub_app).commands)


def _localised(exc: Any) -> Any:
    """Click's usage error ``exc`` in the reader's language (`openwhist_cli.usage`,
    imported only when there is an error to show)."""
    from openwhist_cli import usage

    return usage.localised(exc)


class WhistGroup(TyperGroup):
    """The root command group: built-in commands imported when needed (`BUILT_IN`), plugin
    commands loaded when needed (built-in names win), each with its help in the reader's
    language (`openwhist_cli.helptext`)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        from openwhist_cli import i18n

        try:
            return super().main(*args, **kwargs)
        finally:
            i18n.prefer(None)  # this run's --lang ends with it (an embedder may run another)

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        # The language is chosen before Click reads the command line, so that --help (an
        # eager option, shown while reading it) and usage errors are in it too.
        from openwhist_cli import helptext, i18n

        lang = helptext.language_from_args(args)
        i18n.prefer(lang)
        i18n.setup(lang)
        helptext.install()
        helptext.translate_command(self)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except typer_click.exceptions.UsageError as exc:
            raise _localised(exc) from None

    def invoke(self, ctx: Any) -> Any:
        # A subcommand's usage error (raised while it reads its arguments) in the reader's
        # language too (`openwhist_cli.usage`).
        try:
            return super().invoke(ctx)
        except typer_click.exceptions.UsageError as exc:
            raise _localised(exc) from None

    def _built_in(self, name: str) -> Any:
        """The built-in command ``name`` (its module imported on first use), else None."""
        command = self.commands.get(name)
        if command is None and name in BUILT_IN:
            for found_name, found in built_in_commands(BUILT_IN[name]).items():
                self.commands.setdefault(found_name, found)
            command = self.commands.get(name)
        return command

    def _cache(self, ctx: typer.Context) -> command_cache.Lookup | None:
        """This run's look into the cache (made once), or None when it is not used."""
        if CACHE_STATE_KEY not in ctx.meta:
            # The cache describes the installed plugins; a catalog loader put in place by a
            # test or an embedder may load others, so it bypasses the cache.
            found = command_cache.lookup() if runtime.loads_installed_plugins() else None
            ctx.meta[CACHE_STATE_KEY] = found
        return cast("command_cache.Lookup | None", ctx.meta[CACHE_STATE_KEY])

    def _plugin_commands(self, ctx: typer.Context) -> dict[str, Any]:
        """The real plugin commands: loads the plugins (once per invocation)."""
        loaded = ctx.meta.get(PLUGIN_COMMANDS_KEY)
        if loaded is not None:
            return dict(loaded)
        cache = self._cache(ctx)
        found: dict[str, Any] = {}
        try:
            catalog = runtime.get_catalog(ctx)
            plugin_app = typer.Typer()
            catalog.call_register_commands(plugin_app)
            group = typer.main.get_group(plugin_app)
        except Exception as exc:
            # Help and built-in commands keep working; `whist plugins` shows the details.
            from openwhist_cli.i18n import _

            runtime.echo_error(
                _("warning: plugin commands unavailable: {reason}").format(reason=exc)
            )
            ctx.meta[PLUGIN_COMMANDS_KEY] = ctx.meta[LISTED_COMMANDS_KEY] = found
            return found
        clean = not catalog.failures()
        for name, command in group.commands.items():
            if name in self.commands or name in BUILT_IN:
                from openwhist_cli.i18n import _

                text = _("warning: a plugin's command {name} is ignored: it is a built-in command")
                runtime.echo_error(text.format(name=repr(name)))
                clean = False
                continue
            found[name] = command
        ctx.meta[PLUGIN_COMMANDS_KEY] = ctx.meta[LISTED_COMMANDS_KEY] = found
        if cache is not None and clean:
            # Only a clean load is cached: with a failed plugin or a warning, every run
            # loads the plugins again and says what it says today.
            cache.store([_describe(name, command) for name, command in sorted(found.items())])
        return found

    def _listed_plugin_commands(self, ctx: typer.Context) -> dict[str, Any]:
        """What to list: the cached stand-ins when the cache is current, else the real ones."""
        listed = ctx.meta.get(LISTED_COMMANDS_KEY)
        if listed is not None:
            return dict(listed)
        cache = self._cache(ctx)
        if cache is None or cache.commands is None:
            return self._plugin_commands(ctx)
        stand_ins = {
            c.name: _stand_in(c)
            for c in cache.commands
            if c.name not in self.commands and c.name not in BUILT_IN
        }
        ctx.meta[LISTED_COMMANDS_KEY] = stand_ins
        return dict(stand_ins)

    def list_commands(self, ctx: Any) -> list[str]:
        names = set(super().list_commands(ctx)) | set(BUILT_IN)
        return sorted(names | set(self._listed_plugin_commands(ctx)))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        from openwhist_cli import helptext

        command: Any = self._built_in(cmd_name)
        if command is None:
            command = self._listed_plugin_commands(ctx).get(cmd_name)
        if command is None:
            # Not built in, not listed: the plugins decide (the cache may predate a plugin
            # edited in place, and loading them refreshes it).
            command = self._plugin_commands(ctx).get(cmd_name)
        return None if command is None else helptext.translate_command(command)

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if isinstance(command, CachedPluginCommand):
            # About to run (or show its own help): load the plugins for the real command.
            # If a stale cache listed a command no plugin adds any more, Click reports the
            # unknown command as usual.
            self._plugin_commands(ctx)
            name, command, rest = super().resolve_command(ctx, args)
        return name, command, rest


def _version(value: bool) -> None:
    if value:
        # Imported here, not at the top: only --version needs it, and its import costs
        # 10-15 ms, a tenth of what `whist --help` may take.
        from importlib import metadata

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
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            help="Language of every command and its help: en, es, pt, it "
            "[default: $OPENWHIST_LANG, else the locale].",
        ),
    ] = None,
) -> None:
    """openwhist: play and score the Whist family of card games."""
    ctx.meta[runtime.DEBUG_KEY] = debug
    if ctx.invoked_subcommand is None:
        # At a terminal `whist` alone offers the variants (`whist play`'s menu); otherwise
        # (a pipe, a script) it shows the help and never waits for input.
        from openwhist_cli.commands import play

        if play.stdin_is_terminal():
            play.menu_command(ctx)
            raise typer.Exit(0)
        typer.echo(ctx.get_help())
        raise typer.Exit(0)


def _evaluate_annotations(typer_app: typer.Typer) -> None:
    """Evaluate the annotations of every command callback once, here.

    With ``from __future__ import annotations`` they are strings, and Typer evaluates them
    itself each time it inspects a callback -- four times per parameter while building the
    command tree, which every run of ``whist`` builds: half of that build (about 11 ms of
    20). Evaluated once, Typer finds the objects. A callback whose annotations cannot be
    evaluated is left as it is (Typer then reports it as it would have).
    """
    infos: list[Any] = [typer_app.registered_callback, *typer_app.registered_commands]
    for group in typer_app.registered_groups:
        infos.append(group)
        if group.typer_instance is not None:
            _evaluate_annotations(group.typer_instance)
    for info in infos:
        callback = getattr(info, "callback", None)
        if callback is None:
            continue
        with contextlib.suppress(Exception):  # left to Typer, which says what is wrong
            callback.__annotations__ = typing.get_type_hints(callback, include_extras=True)


_evaluate_annotations(app)


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
