"""``whist variants``: the installed variants with their options."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from openwhist_cli import runtime


def register(app: typer.Typer) -> None:
    """Add ``variants`` to ``app``."""
    app.command("variants", epilog=runtime.EXIT_CODES_EPILOG)(variants_command)


def variants_command(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Print the listing as JSON.")] = False,
) -> None:
    """List the installed variants: name, title, players, distribution, version, options,
    the bots that can play each one, with their levels, and the house rules that apply to
    each one."""
    with runtime.handle_errors(ctx):
        from openwhist.services.catalog import list_variants

        listing = list_variants(runtime.get_catalog(ctx))
        if as_json:
            runtime.echo_json(listing)
            return
        if not listing:
            runtime.echo_error("no variants installed (try: pip install openwhist[classic])")
            return
        for index, item in enumerate(listing):
            if index:
                typer.echo("")
            typer.echo(_render(item))


def _render(item: dict[str, Any]) -> str:
    aliases = f" (also: {', '.join(item['aliases'])})" if item["aliases"] else ""
    counts = sorted(int(n) for n in item.get("seat_counts") or {})
    if len(counts) > 1:
        run = counts == list(range(counts[0], counts[-1] + 1))
        spread = f"{counts[0]}-{counts[-1]}" if run else ", ".join(map(str, counts))
        players = f"{spread} players (--players N, default {item['players']})"
    else:
        players = f"{item['players']} players"
    lines = [
        f"{item['name']}{aliases} -- {item['title']}, {players}, "
        f"{item['distribution']} {item['version']}",
        f"  {item['description']}",
    ]
    if item["options"]:
        lines.append("  options (-o name=value):")
        width = max(len(o["name"]) for o in item["options"])
        for option in item["options"]:
            default = _show(option["default"])
            lines.append(f"    {option['name']:<{width}}  [{default}]  {option['description']}")
    if item.get("bots"):
        lines.append("  bots (--seat SEAT=bot:NAME, or bot:NAME:LEVEL for a level):")
        shown = [(bot["name"], bot["description"], bot["levels"]) for bot in item["bots"]]
        width = max(len(name) for name, _, _ in shown)
        for name, description, levels in shown:
            lines.append(f"    {name:<{width}}  {description}")
            for level in levels:
                mark = "  [default]" if level["default"] else ""
                lines.append(f"      {name}:{level['name']}  {level['description']}{mark}")
    if item.get("house_rules"):
        lines.append("  house rules (--house-rule NAME):")
        width = max(len(rule["name"]) for rule in item["house_rules"])
        for rule in item["house_rules"]:
            lines.append(
                f"    {rule['name']:<{width}}  {rule['title']}: {rule['description']}"
                f"  [{_inputs(rule['inputs'])}]"
            )
    return "\n".join(lines)


def _inputs(kinds: list[str]) -> str:
    """The kinds of match a house rule supports, as the listing says them."""
    words = {"played": "played", "facts": "real-card facts (whist record)"}
    return ", ".join(words.get(kind, kind) for kind in kinds)


def _show(value: object) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
