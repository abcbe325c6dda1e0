"""``whist plugins``: every plugin, with the failures and their errors."""

from __future__ import annotations

from typing import Annotated

import typer

from openwhist_cli import runtime
from openwhist_cli.i18n import _, ngettext


def register(app: typer.Typer) -> None:
    """Add ``plugins`` to ``app``."""
    app.command("plugins", epilog=runtime.EXIT_CODES_EPILOG)(plugins_command)


def plugins_command(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Print the listing as JSON.")] = False,
) -> None:
    """List the loaded plugins, the house rules each registered, and the ones that failed
    (exit code 3 if any failed)."""
    with runtime.handle_errors(ctx):
        from openwhist.services.catalog import list_plugins

        listing = list_plugins(runtime.get_catalog(ctx))
        if as_json:
            runtime.echo_json(listing)
        else:
            for item in listing:
                status = _("ok") if item["ok"] else _("FAILED: {error}").format(error=item["error"])
                registered = (
                    " " + _("variants: {names}").format(names=", ".join(item["variants"]))
                    if item["variants"]
                    else ""
                )
                # The name, distribution and version are identifiers: said as they are.
                typer.echo(
                    f"{item['name']:<16} {item['distribution']} {item['version']}  "
                    f"{status}{registered}"
                )
                for rule in item["house_rules"]:
                    variants = ", ".join(rule["variants"]) or _("none installed")
                    line = _(
                        "  house rule {name} -- {title}: {description} (variants: {variants}; "
                        "inputs: {inputs})"
                    )
                    typer.echo(
                        line.format(
                            name=rule["name"],
                            title=_(rule["title"]),
                            description=_(rule["description"]),
                            variants=variants,
                            inputs=", ".join(rule["inputs"]),
                        )
                    )
        failed = [item["name"] for item in listing if not item["ok"]]
    if failed:
        text = ngettext(
            "{count} plugin failed to load: {names}",
            "{count} plugins failed to load: {names}",
            len(failed),
        )
        runtime.echo_error(
            runtime.error_line(text.format(count=len(failed), names=", ".join(failed)))
        )
        raise typer.Exit(int(runtime.ExitCode.PLUGIN))
