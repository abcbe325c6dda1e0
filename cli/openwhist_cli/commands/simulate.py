"""``whist simulate``: bots play whole matches; a summary, and the game records if asked."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

from openwhist_cli import i18n, runtime
from openwhist_cli.i18n import _, ngettext
from openwhist_cli.text import option_value, text_table

if TYPE_CHECKING:
    from openwhist.services.replay import GameRecord


def register(app: typer.Typer) -> None:
    """Add ``simulate`` to ``app``."""
    app.command("simulate", epilog=runtime.EXIT_CODES_EPILOG)(simulate_command)


def simulate_command(
    ctx: typer.Context,
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT", help="The variant to play (see `whist variants`).")
    ],
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="A rule option; repeatable."),
    ] = None,
    house_rule: Annotated[
        list[str] | None,
        typer.Option("--house-rule", metavar="NAME", help="Enable a house rule; repeatable."),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            metavar="NAME",
            help="The bot for every seat, or repeat once per seat in seat order [default: random].",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=0,
            help="Seed of all randomness; the same seed gives identical output. "
            "Without it a seed is drawn from the OS and reported.",
        ),
    ] = None,
    deals: Annotated[
        int, typer.Option("--deals", min=1, help="How many deals to play in all.")
    ] = 100,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            metavar="FILE",
            dir_okay=False,
            help="Write one game record per match to FILE, as JSON lines.",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", metavar="N", min=1, help=runtime.PLAYERS_HELP),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    isolate_bots: Annotated[
        bool,
        typer.Option(
            "--isolate-bots",
            help="Run each seat's bot in a worker process that sees only its view and the "
            "legal actions (same results; docs/bots.md#trust).",
        ),
    ] = False,
) -> None:
    """Play DEALS deals of VARIANT in whole matches with bots and summarise the results.

    The last match is cut short if the deals run out before it ends: its record says
    "finished": false and it counts under matches_cut_short.
    """
    # Streamed: each record is written to FILE when its match ends, and nothing per match
    # stays in memory (the per-match result lines wait on disk for the summary).
    with runtime.handle_errors(ctx):
        from openwhist.services.simulate import parse_options, simulate

        from openwhist_cli.jsonstream import echo_json, echo_lines

        catalog = runtime.get_catalog(ctx)
        options = parse_options(variant, option or [])
        sink = _RecordsFile(records) if records is not None else None
        try:
            outcome = simulate(
                catalog,
                variant,
                options=options,
                house_rules=house_rule or [],
                bots=bot or [],
                deals=deals,
                seed=seed,
                on_record=sink.write if sink is not None else None,
                isolation=runtime.bot_isolation(isolate_bots) if isolate_bots else None,
                stream=True,
                players=players,
            )
        finally:
            if sink is not None:
                sink.close()
        try:
            if as_json:
                echo_json(outcome.summary)
            else:
                echo_lines(summary_lines(outcome.summary, outcome.result_messages))
        finally:
            outcome.summary["results"].close()
            messages = outcome.result_messages
            if not isinstance(messages, list):
                messages.close()
        if records is not None:
            count = outcome.summary["matches"]
            text = ngettext(
                "wrote {count} game record to {path}", "wrote {count} game records to {path}", count
            )
            runtime.echo_error(text.format(count=count, path=records))


class _RecordsFile:
    """The ``--records`` file, opened on the first record, so a usage error (unknown
    variant, bad option) leaves an existing file untouched. Each record is flushed as it is
    written: a run that is stopped keeps every match it finished."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.handle: TextIO | None = None

    def write(self, record: GameRecord) -> None:
        if self.handle is None:
            try:
                self.handle = self.path.open("w", encoding="utf-8", newline="\n")
            except OSError as exc:
                runtime.echo_error(runtime.error_line(runtime.cannot_write(self.path, exc)))
                raise typer.Exit(int(runtime.ExitCode.USAGE)) from None
        self.handle.write(record.to_json() + "\n")
        self.handle.flush()

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()


def render_summary(summary: dict[str, Any], messages: Iterable[dict[str, Any]] = ()) -> str:
    """The summary as a small text report."""
    return "\n".join(summary_lines(summary, messages))


def summary_lines(
    summary: dict[str, Any], messages: Iterable[dict[str, Any]] = ()
) -> Iterator[str]:
    """The lines of `render_summary`, made as they are written (the match results may be
    a hundred thousand lines read back from a spool). ``messages``: the match results as
    messages (`Simulation.result_messages`), shown in the reader's language; without them
    the results are shown as the summary has them."""
    seed_note = "" if summary["seed_given"] else _(" (drawn; pass --seed to repeat)")
    options = ", ".join(f"{k}={option_value(v)}" for k, v in summary["options"].items()) or _(
        "none"
    )
    finished = ngettext(
        "{count} match ({finished} finished",
        "{count} matches ({finished} finished",
        summary["matches"],
    ).format(count=summary["matches"], finished=summary["matches_finished"])
    if summary["matches_cut_short"]:
        cut = summary["matches_cut_short"]
        text = ngettext("{matches}, {count} cut short", "{matches}, {count} cut short", cut)
        finished = text.format(matches=finished, count=cut)
    deals = ngettext("{count} deal", "{count} deals", summary["deals"]).format(
        count=summary["deals"]
    )
    lines = [
        f"{_(summary['title'])} ({summary['variant']}, {summary['distribution']} "
        f"{summary['version']})",
        _("seed {seed}{note}; bots {bots}").format(
            seed=summary["seed"], note=seed_note, bots=", ".join(summary["bots"])
        ),
        _("options: {options}").format(options=options),
    ]
    if summary["house_rules"]:
        lines.append(_("house rules: {names}").format(names=", ".join(summary["house_rules"])))
    lines.append(f"{deals}, {finished})")
    lines.append("")
    header = (_("party"), _("match wins"), _("deal wins"), _("points"), _("points/deal"))
    rows = [
        (
            i18n.seat_letters(party),
            str(summary["match_wins"][i]),
            str(summary["deal_wins"][i]),
            str(summary["points"][i]),
            f"{summary['points_per_deal'][i]:.3f}",
        )
        for i, party in enumerate(summary["parties"])
    ]
    rows.append((_("ties"), str(summary["match_ties"]), str(summary["deal_ties"]), "", ""))
    lines.extend(text_table(header, rows))
    lines.append("")
    seat_rows = [
        (i18n.seat_letters(seat), f"{summary['average_tricks'][i]:.3f}")
        for i, seat in enumerate(summary["seats"])
    ]
    lines.extend(text_table((_("seat"), _("average tricks per deal")), seat_rows))
    events = summary.get("events", {})
    if events:
        lines.append("")
        lines.extend(
            text_table(
                (_("event"), _("total"), _("deals with it")),
                [(name, str(e["total"]), str(e["deals"])) for name, e in events.items()],
            )
        )
    yield from lines
    results = summary.get("results", [])
    if results:
        yield ""
        yield _("match results:")
        shown = iter(messages)
        parties = list(summary["parties"])
        letters = [i18n.seat_letters(party) for party in parties]
        for line in results:
            message = next(shown, None)
            if message is not None:
                from openwhist import Message

                from openwhist_cli.render import named

                # Bots sit at the seats: a party is said as its seat letters, localised.
                line = runtime.message_text(named(Message.from_dict(message), parties, letters))
            yield f"  {line}"
