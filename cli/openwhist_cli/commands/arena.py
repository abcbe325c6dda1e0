"""``whist arena``: bots against bots, deal by deal, with 95 % intervals (docs/arena.md)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from openwhist_cli import i18n, runtime
from openwhist_cli.i18n import N_, _, ngettext
from openwhist_cli.text import option_value, text_table


def register(app: typer.Typer) -> None:
    """Add ``arena`` to ``app``."""
    app.command("arena", epilog=runtime.EXIT_CODES_EPILOG)(arena_command)


def arena_command(
    ctx: typer.Context,
    variant: Annotated[
        str, typer.Argument(metavar="VARIANT", help="The variant to play (see `whist variants`).")
    ],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="NAME,NAME[,...]",
            help="The bots, comma-separated. Partnerships: one per side (N-S first) or one "
            "per seat. Individual seats: one per seat, or fewer repeated in seat order. "
            "A name given twice is two entrants (NAME#2).",
        ),
    ],
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals",
            min=1,
            help="How many boards (decks) to play; each once per rotation [default: 100].",
        ),
    ] = None,
    matches: Annotated[
        int | None,
        typer.Option(
            "--matches",
            min=1,
            help="Play N whole matches (rubbers, best-of or point matches, evenings: the "
            "variant's match format under the options) instead of first deals, and report "
            "match wins as well as the per-deal figures.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=0,
            help="Seed of all randomness; the same seed gives identical output for any "
            "--workers. Without it a seed is drawn from the OS and reported.",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            help="Worker processes [default: min(2, CPUs)]; 1 plays in this process.",
        ),
    ] = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Replay every board with the seats rotated, so each bot plays every hand.",
        ),
    ] = False,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="A rule option; repeatable."),
    ] = None,
    house_rule: Annotated[
        list[str] | None,
        typer.Option("--house-rule", metavar="NAME", help="Enable a house rule; repeatable."),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", metavar="N", min=1, help=runtime.PLAYERS_HELP),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the results as JSON (with every deal).")
    ] = False,
    measurement: Annotated[
        bool,
        typer.Option(
            "--measurement",
            help="Measurement only: accept the bot name 'perfect', a bot that sees every "
            "card (the ceiling of the ladder in docs/bots.md). No match can seat it.",
        ),
    ] = False,
    isolate_bots: Annotated[
        bool | None,
        typer.Option(
            "--isolate-bots/--no-isolate-bots",
            help="Run every bot (or none) in worker processes that see only their view and "
            "the legal actions [default: the bots of third-party distributions only].",
        ),
    ] = None,
) -> None:
    """Bot-versus-bot: play DEALS boards of VARIANT and compare the bots with 95 % intervals.

    Every board is the first deal of a fresh match, dealt by the seats in turn. Results are
    per bot (aggregated over its seats): win rate and tie rate (Wilson intervals), average
    points per deal and tricks (t intervals), the statistics the variant declares
    (contracts made, ...), and paired differences between every two bots.
    """
    # Streamed: the service keeps running statistics and the deal results wait on disk
    # for the JSON output, so memory does not grow with --deals.
    with runtime.handle_errors(ctx):
        if matches is not None and deals is not None:
            from openwhist.services import UsageError

            raise UsageError(_("give --deals or --matches, not both"))
        from openwhist.services.arena import run_arena
        from openwhist.services.simulate import parse_options

        from openwhist_cli.jsonstream import echo_json

        catalog = runtime.get_catalog(ctx)
        options = parse_options(variant, option or [])
        names = bots.split(",")
        with _ProgressBar(enabled=_stderr_is_terminal()) as bar:
            outcome = run_arena(
                catalog,
                variant,
                bots=names,
                deals=100 if deals is None else deals,
                matches=matches,
                measurement=measurement,
                seed=seed,
                options=options,
                house_rules=house_rule or [],
                duplicate=duplicate,
                workers=workers,
                on_progress=bar.update if bar.enabled else None,
                isolation=runtime.bot_isolation(isolate_bots, default="third-party"),
                stream=True,
                players=players,
            )
        try:
            if as_json:
                echo_json(outcome.summary)
            else:
                i18n.setup()  # the declared labels in the reader's language
                typer.echo(render(outcome.summary))
        finally:
            outcome.summary["deal_results"].close()


def _stderr_is_terminal() -> bool:
    """True when stderr is a terminal: only then is the progress bar drawn."""
    return sys.stderr.isatty()


class _ProgressBar:
    """A rich progress bar on stderr, started on the first report (so worker processes are
    forked before it exists) and drawn without a refresh thread."""

    def __init__(self, *, enabled: bool) -> None:
        self.enabled = enabled
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> _ProgressBar:
        return self

    def update(self, done: int, total: int) -> None:
        if self._progress is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                TextColumn(_("boards")),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                auto_refresh=False,
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task("boards", total=total)
        self._progress.update(self._task, completed=done)
        self._progress.refresh()

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()


# -- text output ---------------------------------------------------------------------------


_PAIRED_BY = {
    "board": N_("differences (A - B, paired by board):"),
    "deal": N_("differences (A - B, paired by deal):"),
    "match": N_("differences (A - B, paired by match):"),
}
_MATCH_PAIRED_BY = {
    "board": N_("match differences (A - B, paired by board):"),
    "deal": N_("match differences (A - B, paired by deal):"),
    "match": N_("match differences (A - B, paired by match):"),
}
"""The heading of the paired differences, by what pairs them (the service's ``paired_by``)."""


def _ci_header(label: str) -> str:
    """A column's heading with its interval: ``win rate [95% CI]``."""
    return _("{label} [95% CI]").format(label=label)


def render(summary: dict[str, Any]) -> str:
    """The results as a small text report (every figure with its 95 % interval), in the
    reader's language; bot names, variant and option names and values stay as typed."""
    seed_note = "" if summary["seed_given"] else _(" (drawn; pass --seed to repeat)")
    options = ", ".join(f"{k}={option_value(v)}" for k, v in summary["options"].items()) or _(
        "none"
    )
    seats = ", ".join(f"{seat} {bot}" for seat, bot in summary["seats"].items())
    counts = {
        "boards": summary["boards"],
        "rotations": summary.get("rotations", 1),
        "deals": summary["plays"],
    }
    if "matches" in summary:
        played = (
            _(
                "{boards} match boards x {rotations} rotations = {matches} matches "
                "(duplicate), {deals} deals"
            ).format(**counts, matches=summary["matches"]["matches"])
            if summary["duplicate"]
            else _("{boards} matches, {deals} deals").format(**counts)
        )
    elif summary["duplicate"]:
        played = _("{boards} boards x {rotations} rotations = {deals} deals (duplicate)").format(
            **counts
        )
    else:
        played = ngettext("{boards} deal", "{boards} deals", summary["boards"]).format(**counts)
    lines = [
        f"{_(summary['title'])} ({summary['variant']}, {summary['distribution']} "
        f"{summary['version']})",
        _("seed {seed}{note}; {played}").format(
            seed=summary["seed"], note=seed_note, played=played
        ),
        (
            _("seats: {seats}; rotated every replay")
            if summary["duplicate"]
            else _("seats: {seats}")
        ).format(seats=seats),
        _("options: {options}").format(options=options),
    ]
    if summary["house_rules"]:
        lines.append(_("house rules: {names}").format(names=", ".join(summary["house_rules"])))
    lines.append("")
    # The variant's declared statistics (`Variant.statistics`): a rate (a tally "of" some
    # number) with its interval, else the total; a column whose figures are all 0 is left out.
    shown: list[tuple[str, bool]] = []
    stat_headers: list[str] = []
    for stat in summary.get("statistics", []):
        figures = [r["statistics"][stat["name"]] for r in summary["results"]]
        rate = any(f["out_of"] for f in figures)
        if rate or any(f["value"] for f in figures):
            shown.append((stat["name"], rate))
            label = _(stat["label"])
            stat_headers.append(_ci_header(label) if rate else label)
    header = [
        _("bot"),
        _("deals"),
        _("won"),
        _("tied"),
        _ci_header(_("win rate")),
        _ci_header(_("points/deal")),
        _("tricks/deal"),
    ]
    header.extend(stat_headers)
    rows = []
    per_seat = any(r.get("per_seat") for r in summary["results"])
    for r in summary["results"]:
        count = len(r["seats"])
        row = [
            r["bot"],
            # A bot holding several seats a deal: its seats' deals, each counted on its own.
            ngettext("{deals} ({count} seat)", "{deals} ({count} seats)", count).format(
                deals=r["seat_deals"], count=count
            )
            if r.get("per_seat")
            else str(r["deals"]),
            str(r["wins"]),
            str(r["ties"]),
            _ci(r["win_rate"], _pct),
            _ci(r["score"], _num),
            _num(r["tricks"]["value"]),
        ]
        for name, rate in shown:
            f = r["statistics"][name]
            if not rate:
                row.append(str(f["value"]))
            elif f["rate"] is None:
                row.append("-")
            else:
                row.append(f"{f['value']}/{f['out_of']} {_ci(f['rate'], _pct)}")
        rows.append(tuple(row))
    lines.extend(text_table(tuple(header), rows))
    if per_seat:
        lines.extend(_render_per_seat(summary["results"]))
    if summary["duplicate"]:
        rotations = summary["rotations"]
        lines.append("")
        lines.append(
            ngettext(
                "per board (mean over its {rotations} rotation):",
                "per board (mean over its {rotations} rotations):",
                rotations,
            ).format(rotations=rotations)
        )
        dup_header = (
            _("bot"),
            _ci_header(_("win share")),
            _ci_header(_("points")),
            _("boards by rotations won {counts}").format(
                counts="/".join(str(k) for k in range(rotations + 1))
            ),
        )
        dup_rows = [
            (
                r["bot"],
                _ci(r["board_win_share"], _pct),
                _ci(r["board_score"], _num),
                "/".join(str(n) for n in r["boards_by_rotations_won"]),
            )
            for r in summary["results"]
        ]
        lines.extend(text_table(dup_header, dup_rows))
    if summary["comparisons"]:
        lines.append("")
        unit = summary["comparisons"][0]["paired_by"]
        lines.append(_(_PAIRED_BY[unit]))
        # A declared rate's paired difference (e.g. contracts made), where the run has one.
        rated = [
            (stat["name"], _(stat["label"]))
            for stat in summary.get("statistics", [])
            if any((c.get("statistics") or {}).get(stat["name"]) for c in summary["comparisons"])
        ]
        cmp_rows = [
            (
                f"{c['a']} - {c['b']}",
                _ci(c["win_rate_difference"], _pp),
                _ci(c["score_difference"], _signed),
                *(
                    _ci(c["statistics"][name], _pp) if c["statistics"].get(name) else "-"
                    for name, _label in rated
                ),
            )
            for c in summary["comparisons"]
        ]
        cmp_header = (
            _("bots"),
            _ci_header(_("win rate")),
            _ci_header(_("points/deal")),
            *(_ci_header(label) for _name, label in rated),
        )
        lines.extend(text_table(cmp_header, cmp_rows))
    if "matches" in summary:
        lines.extend(_render_matches(summary["matches"]))
    return "\n".join(lines)


def _render_per_seat(results: list[dict[str, Any]]) -> list[str]:
    """What a per-seat count means, and each bot's figures seat by seat (shown when a bot
    holds several seats a deal)."""
    lines = [
        "",
        *_(
            "per seat: a bot holding several seats counts each seat's deal on its own (a seat\n"
            "wins when it alone has the top); its win rate is its share of seats that won."
        ).split("\n"),
        "",
    ]
    rows = [
        (
            r["bot"],
            i18n.seat_letters(b["seat"]),
            str(b["deals"]),
            str(b["wins"]),
            str(b["ties"]),
            _ci(b["win_rate"], _pct),
            _ci(b["score"], _num),
        )
        for r in results
        for b in r.get("by_seat", [])
    ]
    header = (
        _("bot"),
        _("seat"),
        _("deals"),
        _("won"),
        _("tied"),
        _ci_header(_("win rate")),
        _ci_header(_("points/deal")),
    )
    lines.extend(text_table(header, rows))
    return lines


def _render_matches(matches: dict[str, Any]) -> list[str]:
    """The whole-match part of the report (``--matches``): match wins per bot and the
    paired differences."""
    lines = ["", _("whole matches:")]
    played = _("{matches} matches, {deals} deals per match").format(
        matches=matches["matches"], deals=_ci(matches["deals_per_match"], _num)
    )
    if matches["cut_short"]:
        cut = matches["cut_short"]
        text = ngettext("{played}; {count} cut short", "{played}; {count} cut short", cut)
        played = text.format(played=played, count=cut)
    lines.append(played)
    rows = [
        (
            r["bot"],
            _("{matches} (seats)").format(matches=r["seat_matches"])
            if r.get("per_seat")
            else str(r["matches"]),
            str(r["wins"]),
            str(r["ties"]),
            _ci(r["win_rate"], _pct),
            _ci(r["totals"], _num),
        )
        for r in matches["results"]
    ]
    header = (
        _("bot"),
        _("matches"),
        _("won"),
        _("tied"),
        _ci_header(_("match win rate")),
        _ci_header(_("totals")),
    )
    lines.extend(text_table(header, rows))
    if matches["comparisons"]:
        unit = matches["comparisons"][0]["paired_by"]
        lines.append("")
        lines.append(_(_MATCH_PAIRED_BY[unit]))
        cmp_rows = [
            (f"{c['a']} - {c['b']}", _ci(c["win_rate_difference"], _pp))
            for c in matches["comparisons"]
        ]
        lines.extend(text_table((_("bots"), _ci_header(_("match win rate"))), cmp_rows))
    return lines


def _ci(estimate: dict[str, Any], fmt: Callable[[float | None], str]) -> str:
    if estimate["value"] is None:
        return "-"
    if estimate["low"] is None:
        return fmt(estimate["value"])
    return f"{fmt(estimate['value'])} [{fmt(estimate['low'])}, {fmt(estimate['high'])}]"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _pp(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:+.1f}pp"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _signed(x: float | None) -> str:
    return "-" if x is None else f"{x:+.2f}"
