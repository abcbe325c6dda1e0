"""``whist plugins``: every plugin, with the failures and their errors."""

from __future__ import annotations

from typing import Annotated

import typer

from openwhist_cli import runtime


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
                status = "ok" if item["ok"] else f"FAILED: {item['error']}"
                registered = f" variants: {', '.join(item['variants'])}" if item["variants"] else ""
                typer.echo(
                    f"{item['name']:<16} {item['distribution']} {item['version']}  "
                    f"{status}{registered}"
                )
                for rule in item["house_rules"]:
                    variants = ", ".join(rule["variants"]) or "none installed"
                    typer.echo(
                        f"  house rule {rule['name']} -- {rule['title']}: "
                        f"{rule['description']} (variants: {variants}; "
                        f"inputs: {', '.join(rule['inputs'])})"
                    )
        failed = [item["name"] for item in listing if not item["ok"]]
    if failed:
        runtime.echo_error(f"error: {len(failed)} plugin(s) failed to load: {', '.join(failed)}")
        raise typer.Exit(int(runtime.ExitCode.PLUGIN))
