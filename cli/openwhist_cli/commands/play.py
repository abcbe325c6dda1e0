"""``whist play``: play a match at the terminal against bots or friends (hot-seat).

``whist play`` without a variant (and ``whist`` alone at a terminal) asks: the variant,
its options, the seats. ``whist play VARIANT -o key=value --seat
SEAT=human|bot:NAME[:LEVEL] --seed N`` plays without questions. The screen logic lives in
`TableUI`; the match itself in `openwhist.services.play.PlaySession`.
"""

from __future__ import annotations

import math
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from openwhist_cli import runtime
from openwhist_cli.i18n import seat_letters, typed_seat

if TYPE_CHECKING:
    from collections.abc import Sequence

    from openwhist import BotSpec, IllegalActionError, PlayerView, Variant
    from openwhist.services.catalog import Catalog
    from openwhist.services.play import (
        ActionPlayed,
        HumanTurn,
        PlaySession,
        TrickCompleted,
    )
    from openwhist.services.replay import GameRecord
    from rich.console import Console

    from openwhist_cli.prompt import Prompter
    from openwhist_cli.render import CardStyle


MAX_SEED = 2**63 - 1
"""The largest seed of `whist play`: the ledger stores a match's seed as a signed 64-bit
integer, so a larger one is a usage error before anything starts, not a refusal after."""
MAX_SECONDS = 60.0
"""The longest ``--pause`` or ``--bot-delay``: a minute after each trick is already more
than anyone waits; beyond it (``inf``) `time.sleep` fails."""


def _check_seconds(value: float | None) -> float | None:
    """``--pause`` / ``--bot-delay``: a finite number of seconds, 0 to `MAX_SECONDS`
    (``nan`` passes Click's range check, and ``inf`` would end the match in `time.sleep`)."""
    if value is not None and not 0 <= value <= MAX_SECONDS:
        from openwhist_cli.i18n import _

        text = _("{value} is not a number of seconds from 0 to {most}")
        raise typer.BadParameter(text.format(value=value, most=f"{MAX_SECONDS:g}"))
    return value


# The screen's options, shared by `whist play` and `whist resume` (same defaults).
LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="LANG",
        help="Language: en, es, pt, it [default: $OPENWHIST_LANG, else the locale].",
    ),
]
AsciiOption = Annotated[
    bool, typer.Option("--ascii", help="Suit letters (S H D C) instead of symbols.")
]
FourColorOption = Annotated[
    bool, typer.Option("--four-color", help="A four-colour deck: blue diamonds, green clubs.")
]
PauseOption = Annotated[
    float | None,
    typer.Option(
        "--pause",
        callback=_check_seconds,
        metavar="SECONDS",
        help="Pause after each trick [default: $OPENWHIST_PAUSE, else 1.5 at a terminal, else 0].",
    ),
]
BotDelayOption = Annotated[
    float | None,
    typer.Option(
        "--bot-delay",
        callback=_check_seconds,
        metavar="SECONDS",
        help="A bot's thinking pause [default: $OPENWHIST_BOT_DELAY, else 0.5 at a terminal, "
        "else 0].",
    ),
]
UndoOption = Annotated[
    bool, typer.Option("--undo/--no-undo", help="Allow taking back your last action.")
]
AutoplayOption = Annotated[
    bool, typer.Option("--autoplay/--no-autoplay", help="Play a single legal card automatically.")
]
AutoplayEquivalentOption = Annotated[
    bool,
    typer.Option(
        "--autoplay-equivalent",
        help="Also play your card when every legal card is equivalent (the lowest; implies "
        "--autoplay; docs/playing.md#auto-play).",
    ),
]
ReviewOption = Annotated[
    bool,
    typer.Option(
        "--review",
        help="After each deal, review the human seats' decisions (as `whist review`).",
    ),
]
IsolateBotsOption = Annotated[
    bool,
    typer.Option(
        "--isolate-bots",
        help="Run each bot in a worker process that sees only its view and the legal "
        "actions (docs/bots.md#trust).",
    ),
]


def register(app: typer.Typer) -> None:
    """Add ``play`` and ``resume`` to ``app``."""
    app.command("play", epilog=runtime.EXIT_CODES_EPILOG)(play_command)
    app.command("resume", epilog=runtime.EXIT_CODES_EPILOG)(resume_command)


def play_command(
    ctx: typer.Context,
    variant: Annotated[
        str | None,
        typer.Argument(
            metavar="[VARIANT]",
            help="The variant to play (see `whist variants`); without it you are asked.",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="A rule option; repeatable."),
    ] = None,
    house_rule: Annotated[
        list[str] | None,
        typer.Option("--house-rule", metavar="NAME", help="Enable a house rule; repeatable."),
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            metavar="SEAT=WHO",
            help="Who sits where: SEAT is a seat name (A, N, ...) or number from 1; WHO is "
            "human, human:NAME, bot:NAME or bot:NAME:LEVEL (a bot at one of its levels, "
            "e.g. bot:expert:3; `whist variants` lists the bots and levels). Repeatable. "
            "Default: you in the first seat, the variant's strongest bot elsewhere (the "
            "highest declared strength; the variant's default bot when none has any).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=0,
            max=MAX_SEED,
            help="Seed of the shuffles and the bots (0 to 2^63-1: the ledger keeps it).",
        ),
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option("--deals", min=1, help="Stop after this many deals, even mid-match."),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", metavar="N", min=1, help=runtime.PLAYERS_HELP),
    ] = None,
    lang: LangOption = None,
    ascii_cards: AsciiOption = False,
    four_color: FourColorOption = False,
    pause: PauseOption = None,
    bot_delay: BotDelayOption = None,
    undo: UndoOption = True,
    autoplay: AutoplayOption = False,
    autoplay_equivalent: AutoplayEquivalentOption = False,
    review: ReviewOption = False,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            metavar="FILE",
            dir_okay=False,
            help="Append the match's game record to FILE (JSON lines), finished or not.",
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL|PATH",
            help="Record the match in this ledger [default: $OPENWHIST_DB, else "
            "ledger.sqlite3 in your user data directory].",
        ),
    ] = None,
    no_ledger: Annotated[
        bool, typer.Option("--no-ledger", help="Do not record the match in the ledger.")
    ] = False,
    isolate_bots: IsolateBotsOption = False,
) -> None:
    """Play a match at the terminal: against bots, or hot-seat with friends.

    At your turn type a card (qh, 10d, Q♥) or its number in your hand, or a call in the
    variant's notation; ? lists the legal moves, hint asks the strongest bot (and says why),
    undo takes back your last action, last shows the last trick, tricks every trick of the
    deal, table redraws, quit leaves.

    Every match is recorded in the ledger as it is played (each action, each deal's
    score), so `whist resume` continues it after quitting, a crash or a kill.
    """
    from openwhist_cli import i18n

    i18n.setup(lang)
    with runtime.handle_errors(ctx):
        from rich.console import Console

        from openwhist_cli.prompt import InputEndedError, Prompter
        from openwhist_cli.render import CardStyle

        console = Console(highlight=False, emoji=False, markup=False)
        prompter = Prompter(console)
        catalog = runtime.get_catalog(ctx)
        terminal = console.is_terminal
        try:
            if variant is None:
                setup = interactive_setup(catalog, prompter, console)
            else:
                setup = _flag_setup(catalog, variant, option or [], seat or [], players)
        except InputEndedError as exc:
            if exc.cancelled:
                runtime.echo_error(i18n._("cancelled: no game was started"))
            else:
                runtime.echo_error(i18n._("input ended before the game started"))
            raise typer.Exit(int(runtime.ExitCode.RUNTIME)) from None
        from openwhist.services.play import start_session

        session = start_session(
            catalog,
            setup["variant"],
            options=setup["options"],
            house_rules=list(dict.fromkeys([*(house_rule or []), *setup.get("house_rules", [])])),
            seats=setup["seats"],
            names=setup["names"],
            seed=seed,
            undo=undo,
            autoplay="equivalent" if autoplay_equivalent else autoplay,
            isolation=runtime.bot_isolation(isolate_bots) if isolate_bots else None,
            players=setup.get("players"),
        )
        ledger = None
        if not no_ledger:
            from openwhist.services.table import record_session

            ledger = _open_ledger(ctx, db)
            match_id = record_session(ledger, session)
            runtime.echo_error(
                i18n._(
                    "recording match {match} in {url} (whist resume {match} continues it)"
                ).format(match=match_id, url=ledger.url)
            )
        ui = TableUI(
            session,
            console,
            prompter,
            CardStyle(ascii=ascii_cards, four_color=four_color),
            pause=_seconds(pause, "OPENWHIST_PAUSE", 1.5 if terminal else 0.0),
            bot_delay=_seconds(bot_delay, "OPENWHIST_BOT_DELAY", 0.5 if terminal else 0.0),
            max_deals=deals,
        )
        ui.review_catalog = catalog if review else None
        if ledger is not None:
            ui.match_id, ui.ledger = match_id, ledger
        try:
            code = ui.run()
        finally:
            if ledger is not None:
                ledger.close()
        if records is not None:
            _append_record(records, session.record())
            runtime.echo_error(i18n._("wrote the game record to {path}").format(path=records))
    if code:
        raise typer.Exit(code)


# -- the menu ------------------------------------------------------------------------------


MENU_MATCHES = 5
"""How many open matches the menu offers to resume (the most recent first)."""


def menu_command(ctx: typer.Context) -> None:
    """``whist`` alone at a terminal: offer the open matches of the ledger to resume, then
    a new match (`play_command`'s questions). Ctrl-C says it was cancelled."""
    from openwhist_cli import i18n

    i18n.setup(None)
    with runtime.handle_errors(ctx):
        from openwhist import UnknownVariantError
        from rich.console import Console

        from openwhist_cli.prompt import InputEndedError, Prompter

        matches = _open_matches(ctx)
        if matches:
            console = Console(highlight=False, emoji=False, markup=False)
            catalog = runtime.get_catalog(ctx)
            console.print(i18n._("Open matches:"), style="bold")
            for match in matches:
                try:
                    title = i18n._(catalog.variant(match["variant"]).title)
                except UnknownVariantError:  # a variant no longer installed: its name
                    title = str(match["variant"])
                players = ", ".join(str(p["name"]) for p in match["players"])
                deals = i18n.ngettext(
                    "{count} deal played", "{count} deals played", int(match["deals"])
                ).format(count=match["deals"])
                console.print(f"  {match['id']}. {title}: {players} ({deals})")
            try:
                answer = Prompter(console).ask(
                    i18n._("Resume one (its number), or press Enter for a new match: ")
                )
            except InputEndedError as exc:
                runtime.echo_error(
                    i18n._("cancelled: no game was started")
                    if exc.cancelled
                    else i18n._("input ended before the game started")
                )
                raise typer.Exit(int(runtime.ExitCode.RUNTIME)) from None
            chosen = answer.strip()
            if chosen.isascii() and chosen.isdigit() and int(chosen) in {m["id"] for m in matches}:
                resume_command(ctx, match=int(chosen))
                return
    play_command(ctx)


def _open_matches(ctx: typer.Context) -> list[dict[str, Any]]:
    """The most recent open matches of the default ledger (none when it cannot be read:
    the menu then starts a new match as before)."""
    from openwhist import OpenWhistError

    from openwhist_cli.commands.ledger import open_ledger

    try:
        ledger = open_ledger(ctx, None, read_only=True)
        try:
            return ledger.list_matches(open_only=True)[:MENU_MATCHES]
        finally:
            ledger.close()
    except (OpenWhistError, OSError):
        # No ledger yet, or one this version cannot read: nothing to resume, a new match.
        return []


# -- the ledger ----------------------------------------------------------------------------


def _open_ledger(ctx: typer.Context, db: str | None) -> Any:
    from openwhist_cli.commands.ledger import open_ledger

    return open_ledger(ctx, db, variants=True)


def resume_command(
    ctx: typer.Context,
    match: Annotated[
        int | None,
        typer.Argument(
            metavar="[MATCH]", help="The match to continue [default: the most recent open one]."
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL|PATH",
            help="The ledger [default: $OPENWHIST_DB, else ledger.sqlite3 in your user data "
            "directory].",
        ),
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option("--deals", min=1, help="Stop after this many more deals, even mid-match."),
    ] = None,
    lang: LangOption = None,
    ascii_cards: AsciiOption = False,
    four_color: FourColorOption = False,
    pause: PauseOption = None,
    bot_delay: BotDelayOption = None,
    undo: UndoOption = True,
    autoplay: AutoplayOption = False,
    autoplay_equivalent: AutoplayEquivalentOption = False,
    review: ReviewOption = False,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            metavar="FILE",
            dir_okay=False,
            help="Append the match's game record to FILE (JSON lines), finished or not.",
        ),
    ] = None,
    isolate_bots: IsolateBotsOption = False,
) -> None:
    """Continue a match recorded in the ledger, at its last action.

    After quitting, a crash or a killed process: the completed deals stay as they were
    scored, and the deal in progress is replayed to its last logged action. Actions made
    before the resume cannot be undone.
    """
    from openwhist_cli import i18n

    i18n.setup(lang)
    with runtime.handle_errors(ctx):
        from openwhist.services.table import resume_table
        from rich.console import Console

        from openwhist_cli.prompt import Prompter
        from openwhist_cli.render import CardStyle, ascii_safe

        catalog = runtime.get_catalog(ctx)
        ledger = _open_ledger(ctx, db)
        try:
            table = resume_table(
                catalog,
                ledger,
                match,
                undo=undo,
                autoplay="equivalent" if autoplay_equivalent else autoplay,
                isolation=runtime.bot_isolation(isolate_bots) if isolate_bots else None,
            )
            session = table.session
            console = Console(highlight=False, emoji=False, markup=False)
            terminal = console.is_terminal
            style = CardStyle(ascii=ascii_cards, four_color=four_color)
            played = i18n.ngettext(
                "{actions} action played", "{actions} actions played", table.actions_played
            ).format(actions=table.actions_played)
            runtime.echo_error(
                i18n._("resuming match {match}, deal {deal} ({played})").format(
                    match=table.match_id, deal=table.deal_number, played=played
                )
            )
            ui = TableUI(
                session,
                console,
                Prompter(console),
                style,
                pause=_seconds(pause, "OPENWHIST_PAUSE", 1.5 if terminal else 0.0),
                bot_delay=_seconds(bot_delay, "OPENWHIST_BOT_DELAY", 0.5 if terminal else 0.0),
                max_deals=deals,
            )
            ui.review_catalog = catalog if review else None
            ui.match_id, ui.ledger = table.match_id, ledger
            ui.resumed_deal = table.mid_deal
            if table.mid_deal:
                title = i18n._(session.engine.variant.title)
                console.rule(
                    ascii_safe(
                        i18n._("{title} — deal {number}, dealer {name}").format(
                            title=title, number=table.deal_number, name=ui.names[table.dealer]
                        ),
                        style,
                    ),
                    characters="-" if style.ascii else "─",
                )
            code = ui.run()
        finally:
            ledger.close()
        if records is not None:
            _append_record(records, session.record())
            runtime.echo_error(i18n._("wrote the game record to {path}").format(path=records))
    if code:
        raise typer.Exit(code)


def _seconds(given: float | None, variable: str, default: float) -> float:
    """A delay: the flag, else the environment variable (``whist`` alone has no flags),
    else ``default``. A variable that is not a number of seconds from 0 to `MAX_SECONDS`
    (``abc``, ``inf``, ``nan``, ``-1``) is ignored with a warning."""
    if given is not None:
        return given
    raw = os.environ.get(variable)
    if raw is None or not raw.strip():
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if 0 <= value <= MAX_SECONDS:
        return value
    from openwhist_cli.i18n import _

    text = _(
        "warning: {variable}={value} is not a number of seconds from 0 to {max}; using {default}"
    )
    runtime.echo_error(
        text.format(variable=variable, value=raw, max=f"{MAX_SECONDS:g}", default=f"{default:g}")
    )
    return default


def _append_record(path: Path, record: GameRecord) -> None:
    try:
        with path.open("a", encoding="utf-8", newline="\n") as handle:
            handle.write(record.to_json() + "\n")
    except OSError as exc:
        runtime.echo_error(runtime.error_line(runtime.cannot_write(path, exc)))
        raise typer.Exit(int(runtime.ExitCode.USAGE)) from None


# -- setting up the table ----------------------------------------------------------------


def _flag_setup(
    catalog: Catalog, variant: str, options: list[str], seats: list[str], players: int | None
) -> dict[str, Any]:
    """The table from flags alone (no questions)."""
    from openwhist.services import UsageError
    from openwhist.services.play import seat_index
    from openwhist.services.simulate import parse_options

    the_variant = catalog.variant(variant)
    seat_names = the_variant.names_for(players)  # a count it does not seat: refused here
    chosen: dict[int, str] = {}
    for item in seats:
        key, sep, who = item.partition("=")
        if not sep:
            from openwhist_cli.i18n import _

            text = _("--seat {value} is not SEAT=WHO (e.g. A=human, 2=bot:random, E=bot:expert:3)")
            raise UsageError(text.format(value=repr(item)))
        chosen[seat_index(typed_seat(key, seat_names), seat_names)] = who
    return {
        "variant": the_variant.name,
        "options": parse_options(the_variant.name, options),
        "seats": chosen,
        "names": {},
        "players": players,
    }


def interactive_setup(catalog: Catalog, prompter: Prompter, console: Console) -> dict[str, Any]:
    """Ask for the variant, its options and the seats (defaults shown, Enter keeps them)."""
    from openwhist import OptionsError
    from openwhist.services.catalog import describe_options
    from openwhist.services.play import default_seats
    from rich.text import Text

    from openwhist_cli.i18n import _
    from openwhist_cli.render import message_text
    from openwhist_cli.text import shown_option_value, typed_option_value

    names = sorted(catalog.variants)
    if not names:
        from openwhist.services import UsageError

        raise UsageError(_("no variants installed (try: pip install openwhist[classic])"))
    console.print(_("Which variant do you want to play?"), style="bold")
    for i, name in enumerate(names, start=1):
        variant = catalog.variants[name].variant
        console.print(f"  {i}. {_(variant.title)} ({name}) — {_(variant.description)}")
    chosen_name = ""
    while not chosen_name:
        answer = prompter.ask(_("Variant [{default}]: ").format(default=1)).strip()
        if not answer:
            chosen_name = names[0]
        elif answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(names):
            chosen_name = names[int(answer) - 1]
        else:
            try:
                chosen_name = catalog.variant(answer).name
            except Exception:
                console.print(_("Type a number from 1 to {count}.").format(count=len(names)))
    variant = catalog.variants[chosen_name].variant
    options: dict[str, str] = {}
    described = describe_options(variant.options)
    if described:
        console.print(_("Options of {title}:").format(title=_(variant.title)), style="bold")
        current = variant.make_options({}).model_dump(mode="json")
        for item in described:
            value, description = current.get(item["name"]), _(item["description"])
            console.print(f"  {item['name']} = {shown_option_value(value)}   {description}")
        while True:
            answer = prompter.ask(
                _("Change an option (name=value), or press Enter to keep these: ")
            ).strip()
            if not answer:
                break
            key, sep, value = answer.partition("=")
            if not sep:
                console.print(
                    _("Write name=value, e.g. {example}").format(
                        example=f"{described[0]['name']}=..."
                    )
                )
                continue
            # A flag may be answered in the player's language (sí, não, sì).
            trial = {**options, key.strip(): typed_option_value(value.strip())}
            try:
                variant.make_options(trial)
            except OptionsError as exc:
                for problem in exc.messages or exc.problems:
                    line = Text("  ", style="red")
                    line.append_text(
                        Text(problem) if isinstance(problem, str) else message_text(problem)
                    )
                    console.print(line)
                continue
            options = trial
            console.print(
                _("{name} is now {value}").format(
                    name=key.strip(),
                    value=shown_option_value(
                        {"true": True, "false": False}.get(trial[key.strip()], trial[key.strip()])
                    ),
                )
            )
    house_rules = _ask_house_rules(catalog, variant.name, _(variant.title), prompter, console)
    players = _ask_players(variant, prompter, console)
    table_names = variant.names_for(players)
    bots = {spec.name: spec for spec in catalog.bots_for(variant.name)}
    defaults = default_seats(catalog, variant.name, len(table_names), table_names)
    if variant.partnerships:
        sides = "  ".join(
            "+".join(seat_letters(variant.seat_names[s]) for s in side)
            for side in variant.partnerships
        )
        console.print(_("Partners: {sides}").format(sides=sides))
    _show_bots(console, list(bots.values()), _(variant.title))
    console.print(
        _(
            "Seats: type human, or a bot's name, with a level after a colon if you like "
            "(expert:3); Enter keeps the default."
        ),
        style="bold",
    )
    seats: list[str] = []
    seat_names: dict[int, str] = {}
    for index, seat_name in enumerate(table_names):
        default = defaults[index]
        shown = _("human") if default == "human" else default.removeprefix("bot:")
        while True:
            answer = (
                prompter.ask(
                    _("Seat {seat} [{default}]: ").format(
                        seat=seat_letters(seat_name), default=shown
                    )
                )
                .strip()
                .lower()
            )
            if not answer:
                seats.append(default)
                break
            if answer in ("human", _("human").lower(), "h"):
                seats.append("human")
                break
            chosen = _choose_bot(answer.removeprefix("bot:"), bots, prompter, console)
            if chosen is not None:
                seats.append("bot:" + chosen)
                break
        if seats[-1] == "human":
            name = prompter.ask(
                _("Name for seat {seat} [{seat}]: ").format(seat=seat_letters(seat_name))
            )
            if name.strip():
                seat_names[index] = name.strip()
    return {
        "variant": variant.name,
        "options": options,
        "seats": seats,
        "names": seat_names,
        "house_rules": house_rules,
        "players": players,
    }


def _ask_players(variant: Variant, prompter: Prompter, console: Console) -> int | None:
    """For a variant played by several seat counts, ask how many play (Enter: its usual
    number, returned as ``None``); asks nothing for a variant of one count."""
    from openwhist_cli.i18n import _

    allowed = variant.allowed_seats
    if len(allowed) < 2:
        return None
    shown = ", ".join(map(str, allowed))
    while True:
        answer = prompter.ask(
            _("How many players ({counts}) [{default}]: ").format(
                counts=shown, default=variant.seats
            )
        ).strip()
        if not answer:
            return None
        if answer.isascii() and answer.isdigit() and int(answer) in allowed:
            return int(answer)
        console.print(_("Type one of {counts}.").format(counts=shown))


def _ask_house_rules(
    catalog: Catalog, variant: str, title: str, prompter: Prompter, console: Console
) -> list[str]:
    """List the installed house rules that apply to ``variant`` (name, title, description)
    and ask which to enable (names separated by commas; Enter: none). Asks nothing when no
    house rule applies. An unknown name is refused and asked again."""
    from openwhist.services.catalog import list_house_rules

    from openwhist_cli.i18n import _

    rules = list_house_rules(catalog, variant)
    if not rules:
        return []
    console.print(_("House rules for {title}:").format(title=title), style="bold")
    for rule in rules:
        console.print(f"  {rule['name']} — {_(rule['title'])}: {_(rule['description'])}")
    known = {rule["name"] for rule in rules}
    while True:
        answer = prompter.ask(
            _("House rules to play (names, separated by commas), or press Enter for none: ")
        )
        chosen = [name.strip() for name in answer.split(",") if name.strip()]
        unknown = [name for name in chosen if name not in known]
        if not unknown:
            return list(dict.fromkeys(chosen))
        console.print(
            _("No house rule {name} for {title}: choose from {names}.").format(
                name=unknown[0], title=title, names=", ".join(sorted(known))
            )
        )


def _show_bots(console: Console, bots: list[BotSpec], title: str) -> None:
    """The bots that can play the variant, weakest first, each with its one-line description
    and its levels (the default marked)."""
    from openwhist_cli.i18n import _

    console.print(_("Bots for {title}:").format(title=title), style="bold")
    for spec in sorted(bots, key=lambda s: (s.playing_strength, s.name)):
        console.print(f"  {spec.name} — {_(spec.description)}")
        for level in spec.levels:
            mark = _(" (default)") if level.name == spec.default_level else ""
            console.print(f"      {spec.name}:{level.name} — {_(level.description)}{mark}")


def _choose_bot(
    answer: str, bots: dict[str, BotSpec], prompter: Prompter, console: Console
) -> str | None:
    """``NAME:LEVEL`` or ``NAME`` (a bot without levels) from the menu's answer: a bot with
    levels named without one asks for its level until it gets one (Enter: the default);
    ``None`` (and a message) for a bot or a typed ``NAME:LEVEL`` that does not exist."""
    from openwhist_cli.i18n import _

    name, sep, level = (part.strip() for part in answer.partition(":"))
    spec = bots.get(name)
    if spec is None:
        console.print(_("Type human or one of: {bots}").format(bots=", ".join(sorted(bots))))
        return None
    if not spec.levels:
        if sep:
            console.print(_("{bot} has no levels: type {bot} alone.").format(bot=spec.name))
            return None
        return spec.name
    levels = {option.lower(): option for option in spec.level_names}
    while True:
        if not sep:
            level = prompter.ask(
                _("Level of {bot} ({levels}) [{default}]: ").format(
                    bot=spec.name, levels=", ".join(spec.level_names), default=spec.default_level
                )
            ).strip()
            if not level:
                return f"{spec.name}:{spec.default_level}"
        if level.lower() in levels:
            return f"{spec.name}:{levels[level.lower()]}"
        console.print(
            _("{bot} has no level {level}: its levels are {levels}.").format(
                bot=spec.name, level=level, levels=", ".join(spec.level_names)
            )
        )
        if sep:
            return None  # NAME:LEVEL typed at the seat prompt: ask for the seat again


# -- the table ---------------------------------------------------------------------------


CLEAR_SCREEN_AND_SCROLLBACK = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, erase the screen, then erase the scrollback (xterm's ``E3``; what
``clear`` sends): the order matters, since erasing the screen may first copy it into the
scrollback."""


class _LeaveError(Exception):
    """The player chose to leave."""


class TableUI:
    """Renders a `PlaySession`'s events and reads the humans' moves.

    Args:
        pause: seconds to wait after each completed trick.
        bot_delay: seconds a bot "thinks" before its action is shown.
        max_deals: stop after this many deals (``None``: play the match to its end).
    """

    def __init__(
        self,
        session: PlaySession,
        console: Console,
        prompter: Prompter,
        style: CardStyle,
        *,
        pause: float,
        bot_delay: float,
        max_deals: int | None = None,
    ) -> None:
        self.session = session
        self.console = console
        self.prompter = prompter
        self.style = style
        self.pause = pause
        self.bot_delay = bot_delay
        self.max_deals = max_deals
        seat_names = session.engine.seat_names
        # A seat without a player's name (a bot, an unnamed human) is called by its letter,
        # as the player's language writes it (`i18n.seat_letters`: West is O in Spanish).
        self.names = [
            seat_letters(spec.name)
            if index < len(seat_names) and spec.name == seat_names[index]
            else spec.name
            for index, spec in enumerate(session.seats)
        ]
        self.hot_seat = len(session.humans) > 1
        self.shown_seat: int | None = None
        self.last: TrickCompleted | None = None
        self.view: PlayerView | None = None
        self.deals = 0
        engine = session.engine
        # The table as the variant, with its house rules, declares it (openwhist.Presentation).
        self.presentation = engine.variant.match_presentation(engine.house_rules)
        self.categories = engine.variant.categories
        """The variant's own score categories, named in its score tables by their labels."""
        sides = engine.variant.partnerships
        # Partnerships are fixed for one table size (`Variant`): at another, none.
        self.partnerships = sides if sum(map(len, sides)) == len(self.names) else ()
        self.review_catalog: Catalog | None = None
        """Set (``--review``): each finished deal is reviewed for the human seats."""
        self.match_id: int | None = None
        """The match's number in the ledger (``None``: not recorded): the end of the match
        says how to see its sheet again (``whist scores N``)."""
        self.ledger: Any = None
        """The ledger recording the match, for the sheet at its end (``None``: none)."""
        self.titled = True
        """Whether the screen already shows the variant's title (the deal's heading): the
        table repeats it only on a cleared screen."""
        self.seen: dict[int, int] = {}
        """Hot-seat: per seat, how many tricks of the deal were complete when it last
        looked, so that it is shown those completed while the others played."""
        self.deal_view: PlayerView | None = None
        """A view taken after the deal's last trick (public facts), for its end."""
        self.shown_progress: Any = None
        self.resumed_deal = False
        """The deal in progress was resumed from the ledger: its earlier actions cannot be
        taken back (`whist resume`)."""

    def run(self) -> int:
        """Play until the match ends, the deal limit, quit (0) or the end of input (1)."""
        from openwhist.services.play import (
            ActionPlayed,
            DealScored,
            DealStarted,
            HumanTurn,
            MatchOver,
            TrickCompleted,
        )

        from openwhist_cli.i18n import _
        from openwhist_cli.prompt import InputEndedError
        from openwhist_cli.render import ascii_safe

        title = _(self.session.engine.variant.title)
        try:
            while True:
                event = self.session.next_event()
                if isinstance(event, DealStarted):
                    self.resumed_deal = False
                    self.seen = {}
                    self.deal_view = None
                    # A redeal (the cards gathered, the same dealer deals again) is the
                    # same deal: said so, or it reads like a deal counted twice.
                    heading = (
                        _("{title} — deal {number}, dealer {name}, redeal")
                        if event.redeal
                        else _("{title} — deal {number}, dealer {name}")
                    )
                    self.console.rule(
                        ascii_safe(
                            heading.format(
                                title=title, number=event.number, name=self.names[event.dealer]
                            ),
                            self.style,
                        ),
                        characters="-" if self.style.ascii else "─",
                    )
                elif isinstance(event, ActionPlayed):
                    self._show_action(event)
                elif isinstance(event, TrickCompleted):
                    self._show_trick(event)
                elif isinstance(event, HumanTurn):
                    self._turn(event, title)
                elif isinstance(event, DealScored):
                    self._show_score(event.score, event.progress)
                    if self.review_catalog is not None and self.session.humans:
                        self._show_review()
                    self.deals += 1
                    if event.progress.finished:
                        continue
                    if self.max_deals is not None and self.deals >= self.max_deals:
                        self._stopped()
                        return 0
                    if not self.session.humans and not _stdin_is_a_terminal():
                        # Bots only, and nobody at a keyboard to press Enter (a script, a
                        # pipe, `< /dev/null`): go on to the next deal.
                        continue
                    answer = self.prompter.pause(_("Press Enter for the next deal (q to stop): "))
                    if answer.strip().lower() in ("q", _("quit").lower(), "quit") and (
                        self.prompter.confirm(_("Stop the match here?"))
                    ):
                        self._stopped()
                        return 0
                elif isinstance(event, MatchOver):
                    self.console.rule(_("Match over"), characters="-" if self.style.ascii else "─")
                    self._show_final(event.progress)
                    return 0
        except _LeaveError:
            self.console.print(_("You left the game."))
            self._how_to_resume()
            return 0
        except InputEndedError as exc:
            if exc.cancelled:
                self.console.print(_("Cancelled (Ctrl-C): the game stops here, unfinished."))
            else:
                self.console.print(_("Input ended: the game stops here, unfinished."))
            self._how_to_resume()
            return int(runtime.ExitCode.RUNTIME)

    def labels(self, parties: Sequence[str]) -> list[str]:
        """The scoring parties as the players' names (`render.party_labels`)."""
        from openwhist_cli.render import party_labels

        return party_labels(parties, self.names, self.partnerships)

    def _named(self, message: Any) -> Any:
        """A rule's message with the seats it names (``N does not hold 2♣``) as the
        players' names (`render.named`)."""
        from openwhist_cli.render import named

        seats = self.session.engine.seat_names
        return named(message, seats, self.names) if len(seats) == len(self.names) else message

    def _how_to_resume(self) -> None:
        """Say how to continue an unfinished match recorded in the ledger."""
        from openwhist_cli.i18n import _

        if self.match_id is not None and not self.session.progress.finished:
            self.console.print(
                _("The match is saved: whist resume {match} continues it.").format(
                    match=self.match_id
                )
            )

    # -- showing events --------------------------------------------------------------------

    def _show_action(self, event: ActionPlayed) -> None:
        from openwhist import PHASE_PLAY, Play
        from rich.text import Text

        from openwhist_cli import i18n
        from openwhist_cli.i18n import _
        from openwhist_cli.render import call_text, card_text

        if event.by_bot and self.bot_delay:
            time.sleep(self.bot_delay)
        name = self.names[event.seat]
        private = self.presentation.private_action(event.action)
        if isinstance(event.action, Play):
            template = _("{name} plays automatically ") if event.auto else _("{name} plays ")
            line = Text(template.format(name=name))
            line.append_text(card_text(event.action.card, self.style))
        elif private is not None:
            # A private action (a secret selection of cards): only its declared sentence.
            line = Text(i18n.translations().gettext(private.shown_as).format(name=name))
        else:
            # The call drawn where the translation puts it (suit symbols, cards: Rich text).
            # An action in trick play in place of a card (a knock) is not a call: "D: knock".
            in_trick = event.phase == PHASE_PLAY
            template = _("{name}: {call}") if in_trick else _("{name} calls {call}")
            before, _call, after = template.partition("{call}")
            line = Text(before.format(name=name))
            line.append_text(call_text(event.notation, self.style, self.presentation.calls))
            line.append(after.format(name=name))
        self.console.print(line)

    def _show_trick(self, event: TrickCompleted) -> None:
        from openwhist_cli.render import after_trick_text, completed_trick_text

        self.last = event
        self.console.print(completed_trick_text(event.number, event.trick, self.names, self.style))
        # What the trick left on the table for everyone (as the variant declares it), from
        # public facts only: any seat's view will do.
        view = self.session.observe(0)
        if view is not None:
            self.deal_view = view
            for line in after_trick_text(
                view, event.trick, self.names, self.style, self.presentation
            ):
                self.console.print(line)
        if self.pause:
            time.sleep(self.pause)

    def _show_score(self, score: Any, progress: Any) -> None:
        """The end of a deal: each score line in words with the players' names, the tricks
        each side won that count, and where the match stands."""
        from openwhist_cli.render import progress_text, score_table, tricks_won_text

        self.console.print()
        self.console.print(
            score_table(score, self.style, self.labels(score.parties), self.categories)
        )
        if self.deal_view is not None:
            self.console.print(
                tricks_won_text(
                    self.deal_view,
                    self.names,
                    self.presentation,
                    self.partnerships,
                    self.labels(score.parties),
                )
            )
        self.console.print(
            progress_text(progress, self.labels(progress.parties), self.style, self.presentation)
        )
        self.shown_progress = progress

    def _show_final(self, progress: Any) -> None:
        """The end of the match: who won, the score sheet (when recorded) and how to see it
        again; the score line only when the last deal's end did not just show it."""
        from openwhist_cli.i18n import _, ngettext
        from openwhist_cli.render import progress_text

        labels = self.labels(progress.parties)
        if progress != self.shown_progress:
            self.console.print(progress_text(progress, labels, self.style, self.presentation))
        if progress.winner is None:
            self.console.print(_("The match is a tie."), style="bold")
        else:
            # A side of several players "win", one player "wins".
            sides = self.partnerships if len(self.partnerships) == len(labels) else ()
            players = len(sides[progress.winner]) if sides else 1
            self.console.print(
                ngettext("{party} wins the match!", "{party} win the match!", players).format(
                    party=labels[progress.winner]
                ),
                style="bold green",
            )
        if self.match_id is None:
            return
        sheet = self._sheet()
        if sheet:
            self.console.print(sheet, markup=False, highlight=False)
        self.console.print(
            _("The score sheet again, at any time: whist scores {match}").format(
                match=self.match_id
            )
        )

    def _sheet(self) -> str:
        """The match's score sheet as `whist scores` shows it, or ``""`` when the ledger
        cannot give it (the hint to run `whist scores` still follows)."""
        from openwhist import OpenWhistError

        from openwhist_cli.commands.scores import render_sheet, sheet_records, translated_notes

        if self.ledger is None or self.match_id is None:
            return ""
        try:
            sheet = self.ledger.score_sheet(self.match_id)
            layout = self.ledger.declared_sheet(sheet["match"]["variant"])
            # As `whist scores` shows it: the notes from the stored messages, in the
            # player's language, the sides by their players' names.
            records = sheet_records(self.ledger, self.match_id, sheet, translate=True)
            # At the table's width, as `whist scores` fits its terminal: laid out wider, the
            # console would wrap the divider and the notes mid-word.
            return str(
                render_sheet(translated_notes(sheet, records), records, layout, self.console.width)
            )
        except (OpenWhistError, OSError, KeyError):
            return ""  # the sheet is a courtesy: the match is recorded either way

    def _stopped(self) -> None:
        from openwhist_cli.i18n import _

        self.console.rule(_("Match stopped"))
        self._show_final_standing()

    def _show_final_standing(self) -> None:
        progress = self.session.progress
        if progress != self.shown_progress:  # not the line the deal's end just showed
            from openwhist_cli.render import progress_text

            self.console.print(
                progress_text(
                    progress, self.labels(progress.parties), self.style, self.presentation
                )
            )
        self._how_to_resume()

    # -- a human's turn --------------------------------------------------------------------

    def _pass_screen(self, seat: int) -> None:
        """Hot-seat: hide the previous player's hand before the next one sits down."""
        from openwhist_cli.i18n import _

        self._clear()
        self.prompter.pause(
            _("Pass to {name}, press Enter when ready. ").format(name=self.names[seat])
        )
        self._clear()

    def _clear(self) -> None:
        """Wipe what the last player saw: the screen and the terminal's scrollback.

        ``ESC[2J`` alone erases only the visible screen -- the hand stays a scroll (or a
        ``tmux capture-pane``) away, and some terminals even push the erased screen into
        the scrollback -- so `CLEAR_SCREEN_AND_SCROLLBACK` adds ``ESC[3J`` after it, as
        ``clear`` does where the terminal supports it (terminals that do not ignore it).
        A dumb terminal understands no escape at all: blank lines push the hand off the
        screen (its scrollback keeps it). Not a terminal (a pipe, a test): a separator.
        docs/playing.md ("Hot-seat") says what a terminal can and cannot guarantee.
        """
        self.titled = False
        if not self.console.is_terminal:
            self.console.print("\n" + "=" * 40 + "\n")
        elif self.console.is_dumb_terminal:
            self.console.print("\n" * max(self.console.height, 24))
        else:
            self.console.file.write(CLEAR_SCREEN_AND_SCROLLBACK)
            self.console.file.flush()

    def _turn(self, turn: HumanTurn, title: str) -> None:
        from openwhist import IllegalActionError, InvalidNotationError, Play, card_name

        from openwhist_cli import i18n
        from openwhist_cli.i18n import N_, _
        from openwhist_cli.prompt import (
            OTHER_DIGITS,
            as_typed,
            call_notation,
            classify,
            exchange_count,
            has_other_digits,
            is_number,
            is_word,
            picked_cards,
        )
        from openwhist_cli.render import hand_order, message_text

        if self.hot_seat and turn.seat != self.shown_seat:
            self._pass_screen(turn.seat)
            self._show_missed(turn.seat, turn.view)
        self.seen[turn.seat] = len(turn.view.completed)
        self.shown_seat = turn.seat
        self.view = turn.view
        # Cards may be played (by number too), even beside another action such as a knock.
        plays = any(isinstance(a, Play) for a in turn.legal)
        legal_mask = sum(1 << a.card for a in turn.legal if isinstance(a, Play)) if plays else -1
        presentation = self.presentation
        self.console.print(self._table(turn.view, title, legal_mask))
        # A declared card exchange: the cards are chosen from the hand.
        exchange = None if plays else presentation.exchange(turn.view.phase)
        name = self.names[turn.seat]
        if plays:
            ask = _("{name}, your card: ").format(name=name)
        elif exchange is not None:
            ask = (
                i18n.translations()
                .gettext(exchange.prompt)
                .format(name=name, count=exchange_count(turn.legal))
            )
        else:
            ask = _("{name}, your call: ").format(name=name)
        while True:
            entry = classify(self.prompter.ask(ask))
            if entry.command == "help":
                self._show_legal(turn)
                self._show_commands(None if plays else turn.view.phase)
                continue
            if entry.command == "hint":
                self._show_hint()
                continue
            if entry.command == "undo":
                if not self.session.undo_allowed:
                    self.console.print(_("Undo is off at this table."))
                    continue
                if not self.session.can_undo(turn.seat):
                    if self.resumed_deal and turn.view.history:
                        self.console.print(
                            _("Actions played before the match was resumed cannot be taken back.")
                        )
                    else:
                        self.console.print(
                            _("There is nothing of yours to take back in this deal.")
                        )
                    continue
                self.session.undo()
                self.console.print(_("Taken back."), style="bold")
                return
            if entry.command == "last":
                self._show_last()
                continue
            if entry.command == "table":
                self.titled = False  # asked for the whole table: with its title
                self.console.print(self._table(turn.view, title, legal_mask))
                continue
            if entry.command == "tricks":
                self._show_tricks(turn.view)
                continue
            if entry.command == "quit":
                if self.prompter.confirm(_("Really leave the game?")):
                    raise _LeaveError
                continue
            claim_words = entry.text.lower().split()
            if plays and claim_words and is_word(claim_words[0], (N_("claim"),)):
                claimed = claim_words[1:]
                if len(claimed) > 1 or (claimed and not is_number(claimed[0])):
                    self.console.print(
                        _("Claim all the tricks left (claim) or a number of them (claim 3).")
                    )
                    continue
                verdict = self.session.claim(
                    int(claimed[0]) if claimed else None, ask=self._ask_claim
                )
                self.console.print(
                    message_text(verdict.reason, self.style),
                    style="bold" if verdict.accepted else "red",
                )
                if verdict.accepted:
                    return
                continue
            if not entry.text:
                self.console.print(_("Type a card or a call; ? lists your choices."))
                continue
            if has_other_digits(entry.text):
                self.console.print(_(OTHER_DIGITS).format(text=entry.text), style="red")
                self._show_legal(turn)
                continue
            action: Any = None
            try:
                if entry.number is not None and plays:
                    order = hand_order(turn.view.hand)
                    if not 1 <= entry.number <= len(order):
                        self.console.print(
                            _("There is no card number {number}: your hand has {count}.").format(
                                number=entry.number, count=len(order)
                            )
                        )
                        self._show_legal(turn)
                        continue
                    action = Play(order[entry.number - 1])
                elif exchange is not None and (picked := picked_cards(entry.text, turn.view.hand)):
                    # Cards of the hand by their numbers ("3 9 12") or names, in any order:
                    # the legal choice of exactly those cards; another choice goes to the
                    # variant's notation, so that the engine says why it is refused.
                    chosen = sum(1 << card for card in picked)
                    action = next(
                        (a for a in turn.legal if getattr(a, "cards", None) == chosen), None
                    )
                    if action is None:
                        count = exchange_count(turn.legal)
                        if len(set(picked)) != count:
                            self.console.print(
                                _("Choose {count} different cards of your hand.").format(
                                    count=count
                                ),
                                style="red",
                            )
                            self._show_legal(turn)
                            continue
                        action = self.session.parse(" ".join(card_name(c) for c in picked))
                else:
                    # Words of the player's language (paso, contrato) as the notation has them.
                    spelled = call_notation(entry.text, presentation.calls.words)
                    try:
                        action = self.session.parse(spelled)
                    except InvalidNotationError as exc:
                        raise as_typed(exc, spelled, entry.text) from None
                self.session.act(action)
                return
            except InvalidNotationError as exc:
                if plays:
                    self.console.print(
                        _("{text!r} is not a card: type e.g. QH, 10D or Q♥, or its number.").format(
                            text=entry.text
                        ),
                        style="red",
                    )
                else:
                    reason = (
                        str(exc)
                        if exc.reason is None
                        else message_text(exc.reason, self.style).plain
                    )
                    self.console.print(
                        _("Not understood: {reason}").format(reason=reason), style="red"
                    )
                self._show_legal(turn)
            except IllegalActionError as exc:
                self._explain_illegal(exc)
                self._show_legal(turn)

    def _ask_claim(self, seat: int, verdict: Any) -> bool:
        """Hot-seat: ask the human opponent in ``seat`` whether it accepts a claim the
        solver could not prove (the claimant's hand is on the screen, as a claim shows it)."""
        from openwhist_cli.i18n import _
        from openwhist_cli.render import message_text

        self.console.print(message_text(verdict.reason, self.style), style="red")
        question = _(
            "{name}, {claimant} claims {tricks} of the {remaining} tricks left. Do you accept?"
        )
        return self.prompter.confirm(
            question.format(
                name=self.names[seat],
                claimant=self.names[verdict.seat],
                tricks=verdict.tricks,
                remaining=verdict.remaining,
            )
        )

    def _table(self, view: PlayerView, title: str, legal_mask: int) -> Any:
        """The table for ``view``, titled only where the deal's heading is not on screen,
        with the match's score (`render.table`)."""
        from openwhist_cli.render import progress_text, table

        progress = self.session.progress
        shown = table(
            view,
            self.names,
            self.style,
            title="" if self.titled else title,
            legal_mask=legal_mask,
            presentation=self.presentation,
            partnerships=self.partnerships,
            score=progress_text(
                progress, self.labels(progress.parties), self.style, self.presentation
            ),
            sides=self.labels(progress.parties),
        )
        self.titled = True
        return shown

    def _show_missed(self, seat: int, view: PlayerView) -> None:
        """Hot-seat: the tricks completed since ``seat`` last looked, each card beside who
        played it, so that a player sees how their card was beaten."""
        from openwhist_cli.i18n import _
        from openwhist_cli.render import completed_trick_text

        first = self.seen.get(seat)
        if first is None or first >= len(view.completed):
            return
        self.console.print(_("Since your last turn:"), style="bold")
        for number in range(first, len(view.completed)):
            self.console.print(
                completed_trick_text(number + 1, view.completed[number], self.names, self.style)
            )

    def _show_tricks(self, view: PlayerView) -> None:
        """Every completed trick of the deal, each card beside who played it (``tricks``)."""
        from openwhist_cli.i18n import _
        from openwhist_cli.render import completed_trick_text

        if not view.completed:
            self.console.print(_("No trick has been played yet in this deal."))
            return
        for number, trick in enumerate(view.completed, start=1):
            self.console.print(completed_trick_text(number, trick, self.names, self.style))

    def _explain_illegal(self, exc: IllegalActionError) -> None:
        """Say why the action was refused: the reason of the rule that refused it (the
        ``whist_explain_illegal`` chain: a house rule, the variant, the standard rules),
        as the engine gave it through the session, shown in the player's language. The
        screen derives nothing itself: a rule it does not know is explained by its own
        words. A plugin's plain-string reason is shown as it is."""
        from rich.text import Text

        from openwhist_cli.i18n import _
        from openwhist_cli.render import message_text

        line = Text(_("Not allowed: "))
        if exc.reason is not None:
            line.append_text(
                message_text(self._named(exc.reason), self.style, self.presentation.calls)
            )
        else:
            line.append(exc.args[0] if exc.args else str(exc))
        line.stylize("red")
        self.console.print(line)

    def _show_legal(self, turn: HumanTurn) -> None:
        from openwhist import Play
        from rich.text import Text

        from openwhist_cli.i18n import _
        from openwhist_cli.prompt import exchange_count
        from openwhist_cli.render import legal_text

        plays = any(isinstance(a, Play) for a in turn.legal)
        if not plays and self.presentation.exchange(turn.view.phase) is not None:
            # Not the hundreds of combinations: how to choose them.
            self.console.print(
                _(
                    "Choose {count} cards of your hand: type their numbers (3 9 12) or "
                    "their names (QH 2C 7D)."
                ).format(count=exchange_count(turn.legal)),
                style="bold",
            )
            return
        line = Text(_("Legal now: "), style="bold")
        line.append_text(
            legal_text(
                turn.legal,
                self.style,
                limit=52 if plays else 10,
                calls=self.presentation.calls,
            )
        )
        self.console.print(line)

    def _show_hint(self) -> None:
        """The hint bot's suggestion (`PlaySession.advise`) and, when it says, why."""
        from openwhist import Play
        from openwhist.services.failures import PlayFailureError
        from rich.text import Text

        from openwhist_cli.i18n import _
        from openwhist_cli.render import call_text, card_text, message_text

        try:
            advice = self.session.advise()
        except PlayFailureError as exc:
            # A hint is advice, not the game: a hint bot that breaks costs the hint only.
            self.console.print(_("No hint: {reason}").format(reason=exc), style="red")
            return
        if advice is None:
            self.console.print(_("No hint available for this variant."))
            return
        line = Text(_("Hint: "))
        if isinstance(advice.action, Play):
            line.append_text(card_text(advice.action.card, self.style))
        else:
            line.append_text(
                call_text(advice.action.notation(), self.style, self.presentation.calls)
            )
        self.console.print(line)
        if advice.reason is not None:
            why = Text(_("Why ({bot}): ").format(bot=advice.bot), style="dim")
            why.append_text(
                message_text(self._named(advice.reason), self.style, self.presentation.calls)
            )
            self.console.print(why)

    def _show_commands(self, phase: str | None = None) -> None:
        """The commands, and how to make a move: for a phase of calls the variant explains
        (`Presentation.phase_help`), its explanation in place of how to type a card."""
        from openwhist_cli import i18n
        from openwhist_cli.i18n import _

        explained = self.presentation.phase_help.get(phase or "")
        if explained:
            self.console.print(i18n.translations().gettext(explained))
            self.console.print(
                _(
                    "Commands: ? your choices, hint, undo, last (last trick), tricks, table "
                    "(redraw), quit."
                ),
                style="dim",
            )
            return
        self.console.print(
            _(
                "Commands: ? legal moves, hint, undo, last (last trick), tricks (every trick "
                "of the deal), table (redraw), quit. A card: QH, 10D, Q♥ or its number."
            ),
            style="dim",
        )
        self.console.print(
            _("In trick play: claim (the tricks left for your side), claim N (N of them)."),
            style="dim",
        )

    def _show_review(self) -> None:
        """The finished deal's review for the human seats (``--review``; `whist review`)."""
        from openwhist.services.review import review_record

        from openwhist_cli.commands.review import render_review
        from openwhist_cli.i18n import _

        assert self.review_catalog is not None
        record = self.session.record()
        review = review_record(
            record,
            self.review_catalog,
            deal=record.deals[-1].number,
            seats=list(self.session.humans),
        )
        self.console.print(render_review(review, _("this match")), markup=False)

    def _show_last(self) -> None:
        from openwhist_cli.i18n import _
        from openwhist_cli.render import completed_trick_text

        view = self.view
        if view is not None and view.completed:
            # The current deal's last trick (after an undo, the trick as it now stands).
            number, trick = len(view.completed), view.completed[-1]
        elif self.last is not None:
            number, trick = self.last.number, self.last.trick  # the previous deal's
        else:
            self.console.print(_("No trick has been played yet."))
            return
        self.console.print(completed_trick_text(number, trick, self.names, self.style))


def _stdin_is_a_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def stdin_is_terminal() -> bool:
    """True when both stdin and stdout are a terminal (the interactive menu may open)."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


__all__ = [
    "TableUI",
    "interactive_setup",
    "menu_command",
    "play_command",
    "register",
    "resume_command",
    "stdin_is_terminal",
]
