"""``whist variants``: the installed variants with their options."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from openwhist_cli import runtime
from openwhist_cli.i18n import N_, _, ngettext


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
            runtime.echo_error(_("no variants installed (try: pip install openwhist[classic])"))
            return
        for index, item in enumerate(listing):
            if index:
                typer.echo("")
            typer.echo(_render(item))


def _render(item: dict[str, Any]) -> str:
    """One variant of the listing, in the reader's language: the plugins' catalogues
    translate its title, descriptions and its bots' and house rules'; names, option names
    and defaults stay as they are typed (``-o honours=false``)."""
    aliases = (
        " " + _("(also: {aliases})").format(aliases=", ".join(item["aliases"]))
        if item["aliases"]
        else ""
    )
    counts = sorted(int(n) for n in item.get("seat_counts") or {})
    if len(counts) > 1:
        run = counts == list(range(counts[0], counts[-1] + 1))
        spread = f"{counts[0]}-{counts[-1]}" if run else ", ".join(map(str, counts))
        players = _("{spread} players (--players N, default {default})").format(
            spread=spread, default=item["players"]
        )
    else:
        players = ngettext("{count} player", "{count} players", item["players"]).format(
            count=item["players"]
        )
    lines = [
        f"{item['name']}{aliases} -- {_text(item['title'])}, {players}, "
        f"{item['distribution']} {item['version']}",
        f"  {_text(item['description'])}",
    ]
    if item["options"]:
        lines.append("  " + _("options (-o name=value):"))
        width = max(len(o["name"]) for o in item["options"])
        for option in item["options"]:
            default = _show(option["default"])
            lines.append(
                f"    {option['name']:<{width}}  [{default}]  {_text(option['description'])}"
            )
    if item.get("bots"):
        lines.append("  " + _("bots (--seat SEAT=bot:NAME, or bot:NAME:LEVEL for a level):"))
        shown = [(bot["name"], bot["description"], bot["levels"]) for bot in item["bots"]]
        width = max(len(name) for name, _d, _l in shown)
        for name, description, levels in shown:
            lines.append(f"    {name:<{width}}  {_text(description)}")
            for level in levels:
                mark = "  [" + _("default") + "]" if level["default"] else ""
                lines.append(f"      {name}:{level['name']}  {_text(level['description'])}{mark}")
    if item.get("house_rules"):
        lines.append("  " + _("house rules (--house-rule NAME):"))
        width = max(len(rule["name"]) for rule in item["house_rules"])
        for rule in item["house_rules"]:
            lines.append(
                f"    {rule['name']:<{width}}  {_text(rule['title'])}: "
                f"{_text(rule['description'])}  [{_inputs(rule['inputs'])}]"
            )
    return "\n".join(lines)


def _text(text: str) -> str:
    """A plugin's text in the reader's language (its catalogue), empty text as it is."""
    return _(text) if text else text


INPUT_WORDS = {"played": N_("played"), "facts": N_("real-card facts (whist record)")}
"""The kinds of match a house rule supports, as the listing says them."""


def _inputs(kinds: list[str]) -> str:
    """The kinds of match a house rule supports, as the listing says them."""
    return ", ".join(_(INPUT_WORDS[kind]) if kind in INPUT_WORDS else kind for kind in kinds)


def _show(value: object) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
