"""The ledger's reports and maintenance: ``whist matches``, ``standings``, ``export``,
``correct``, ``adjust``, ``void``, ``match close``, ``ledger upgrade``, ``ledger current`` and
``ledger check``.

Every command takes ``--db URL|PATH`` (default: ``$OPENWHIST_DB``, else ``ledger.sqlite3``
in the user data directory), writes its data to stdout (``--json`` for machine-readable
output) and its messages to stderr, and exits with the error's documented code: 1 no such
match or entry, 2 bad input, 4 the ledger is unreachable or locked, 5 the database is not
a ledger this openwhist may use as it is (docs/ledger.md, "Exit codes").

SQLAlchemy, SQLModel and Alembic are imported only inside the commands, when a ledger is
opened: ``whist --help`` never loads them.
"""

from __future__ import annotations

from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from openwhist_cli import i18n, runtime
from openwhist_cli.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from openwhist.services.ledger import Ledger

DB_HELP = (
    "The ledger: an SQLite file path or an SQLAlchemy URL "
    "[default: $OPENWHIST_DB, else ledger.sqlite3 in your user data directory]."
)

DbOption = Annotated[str | None, typer.Option("--db", metavar="URL|PATH", help=DB_HELP)]
JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")]


def open_ledger(
    ctx: typer.Context, db: str | None, *, variants: bool = False, read_only: bool = False
) -> Ledger:
    """The ledger at ``db`` (``None``: ``$OPENWHIST_DB`` or the default file).

    ``variants``: give it the invocation's catalog (commands that score or replay deals);
    reports need no plugins and load none. ``read_only``: reports, which then work on a
    read-only file or directory.
    """
    from openwhist.services.ledger import Ledger

    return Ledger(db, catalog=runtime.get_catalog(ctx) if variants else None, read_only=read_only)


def ledger_player(name: str, bot: str | None) -> tuple[str, str]:
    """The ledger's ``(name, kind)`` for a seat at the table
    (`openwhist.services.table.ledger_player`)."""
    from openwhist.services import table

    return table.ledger_player(name, bot)


def seat_display_name(name: str, kind: str) -> str:
    """The name shown at the table for a stored player
    (`openwhist.services.table.seat_display_name`)."""
    from openwhist.services import table

    return table.seat_display_name(name, kind)


def _table(headers: list[str], rows: list[list[Any]], right: set[int] | None = None) -> str:
    """Plain aligned text columns (stable for scripts and tests; no colour).

    Each column is as wide as its widest cell (header included), right-aligned if its index
    is in ``right``, else left-aligned; columns are two spaces apart and each line ends at
    its last non-blank character. A row shorter than the headers simply ends early.
    """
    right = right or set()
    width = len(headers)
    if not headers or (rows and set(map(len, rows)) != {width}):
        return _ragged_table(headers, rows, right)
    # Column by column, so the cells are converted, measured and padded by C-level maps
    # rather than per cell in Python: a whole 100,000-deal score sheet is 600,000 cells.
    columns = [list(map(str, column)) for column in zip(*rows, strict=True)]
    if not rows:
        columns = [[]] * width
    padded = []
    for i, (header, cells) in enumerate(zip(headers, columns, strict=True)):
        cell_width = max(len(header), max(map(len, cells), default=0))
        pad = str.rjust if i in right else str.ljust
        padded.append(
            [pad(header, cell_width), "-" * cell_width, *map(pad, cells, repeat(cell_width))]
        )
    return "\n".join(map(str.rstrip, map("  ".join, zip(*padded, strict=True))))


def _ragged_table(headers: list[str], rows: list[list[Any]], right: set[int]) -> str:
    """`_table` when some row is shorter than the headers, laid out row by row."""
    cells = [[str(c) for c in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def fmt(row: list[str]) -> str:
        parts = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        return "  ".join(parts).rstrip()

    lines = [fmt(headers), fmt(["-" * w for w in widths])]
    lines.extend(fmt(row) for row in cells)
    return "\n".join(lines)


plain_table = _table


# -- whist matches ------------------------------------------------------------------------

WideOption = Annotated[
    bool,
    typer.Option("--wide", help="Every column at its full width, however wide the terminal is."),
]

STATUS_WORDS = (N_("open"), N_("finished"), N_("abandoned"), N_("complete"))
"""A match's or deal's status as the ledger stores it; shown translated."""


def matches_command(
    ctx: typer.Context,
    variant: Annotated[
        str | None, typer.Option("--variant", metavar="NAME", help="Only this variant.")
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", metavar="NAME", help="Only matches with NAME.")
    ] = None,
    open_only: Annotated[
        bool, typer.Option("--open", help="Only matches still open (resumable).")
    ] = False,
    wide: WideOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """List the ledger's matches, newest first.

    The list fits the terminal (80 columns when it is not one): the players and the score
    wrap, and when that is not enough the start time, then the number of deals, then the
    status are left out (--wide shows every column)."""
    from openwhist_cli.report import Column, fit_table

    with runtime.handle_errors(ctx):
        with open_ledger(ctx, db, read_only=True) as ledger:
            found = ledger.list_matches(variant=variant, player=player, open_only=open_only)
        if json_out:
            runtime.echo_json(found)
            return
        if not found:
            runtime.echo_error(_("no matches"))
            return
        rows = []
        for m in found:
            players = ", ".join(
                seat_display_name(p["name"], p["kind"])
                + ("*" if p["kind"].startswith("bot:") else "")
                for p in m["players"]
            )
            started = (m["started_at"] or "")[:16].replace("T", " ")
            rows.append(
                [
                    m["id"],
                    m["variant"],
                    _(m["status"]),
                    m["deals"],
                    started,
                    players,
                    _shown_summary(m),
                ]
            )
        columns = [
            Column(_("match"), right=True),
            Column(_("variant")),
            Column(_("status"), drop=1),
            Column(_("deals"), right=True, drop=2),
            Column(_("started (UTC)"), drop=3),
            Column(_("players"), wrap=True),
            Column(_("score"), wrap=True),
        ]
        typer.echo(fit_table(columns, rows, wide=wide))
        if any("*" in row[5] for row in rows):
            typer.echo(_("(* a bot)"))


# -- whist standings ----------------------------------------------------------------------


def standings_command(
    ctx: typer.Context,
    variant: Annotated[
        str | None, typer.Option("--variant", metavar="NAME", help="Only this variant.")
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", metavar="NAME", help="Only this player.")
    ] = None,
    wide: WideOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Per player across matches, per variant: matches, deals, wins, points.

    Points are the sum of the player's party's score entries (partners share their side's
    points), corrections included. Each variant's own statistics follow, as it declares
    them (game points, contracts made, ...); a statistic's column is left out while every
    player's figure is 0. The table fits the terminal (80 columns when it is not one): the
    variant's statistics are left out first, then deals won, deals and finished matches
    (--wide shows every column).
    """
    with runtime.handle_errors(ctx):
        from openwhist_cli import i18n
        from openwhist_cli.report import Column, fit_table

        i18n.setup()  # the declared labels in the reader's language (OPENWHIST_LANG, LANG)
        with open_ledger(ctx, db, read_only=True, variants=True) as ledger:
            rows = ledger.standings(variant=variant, player=player)
            labels: dict[str, dict[str, str]] = {}
            for row in rows:
                if row["variant"] not in labels:
                    declared = ledger.declared_statistics(row["variant"], "standings") or ()
                    labels[row["variant"]] = {s.name: _(s.label) for s in declared}
        if json_out:
            runtime.echo_json(rows)
            return
        if not rows:
            runtime.echo_error(_("no standings: the ledger has no matches (with these filters)"))
            return
        by_variant: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            by_variant.setdefault(row["variant"], []).append(row)
        blocks = []
        for name, items in by_variant.items():
            columns = [
                Column(_("player"), wrap=True),
                Column(_("matches"), right=True),
                Column(_("finished"), right=True, drop=3),
                Column(_("wins"), right=True),
                Column(_("deals"), right=True, drop=4),
                Column(_("deals won"), right=True, drop=5),
                Column(_("points"), right=True),
            ]
            shown: list[str] = []
            for r in items:
                shown.extend(k for k in r["statistics"] if k not in shown)
            shown = [k for k in shown if any(r["statistics"].get(k) for r in items)]
            columns.extend(
                Column(labels[name].get(k, k), right=True, drop=6 + i) for i, k in enumerate(shown)
            )
            table_rows = [
                [
                    r["name"],
                    r["matches"],
                    r["finished"],
                    r["wins"],
                    r["deals"],
                    r["deals_won"],
                    r["points"],
                    *(r["statistics"].get(k, 0) for k in shown),
                ]
                for r in items
            ]
            blocks.append(f"{name}\n" + fit_table(columns, table_rows, wide=wide))
        typer.echo("\n\n".join(blocks))


# -- whist export -------------------------------------------------------------------------


def export_command(
    ctx: typer.Context,
    match: Annotated[
        int | None, typer.Argument(metavar="[MATCH]", help="The match to export.")
    ] = None,
    all_matches: Annotated[bool, typer.Option("--all", help="Export every match.")] = False,
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="csv|json|record",
            help="csv: one row per score entry; json: matches with deals and entries; "
            "record: the match as an openwhist.record/1 game record (played deals only).",
        ),
    ] = "json",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-O", metavar="FILE", dir_okay=False, help="Write to FILE."),
    ] = None,
    db: DbOption = None,
) -> None:
    """Export a match (or --all) as CSV, JSON or a game record."""
    with runtime.handle_errors(ctx):
        from openwhist.services import UsageError

        if (match is None) == (not all_matches):
            raise UsageError(_("give a MATCH or --all (not both)"))
        if fmt not in ("csv", "json", "record"):
            raise UsageError(
                _("--format is csv, json or record, not {value}").format(value=repr(fmt))
            )
        notes: list[str] = []
        with open_ledger(ctx, db, variants=fmt == "record", read_only=True) as ledger:
            if fmt == "record":
                if match is None:
                    raise UsageError(_("--format record exports one match: give MATCH"))
                text = ledger.game_record(match).to_json()
                notes = _left_out(ledger, [match], replay=True)
            else:
                text = ledger.export(match, format="csv" if fmt == "csv" else "json")
                if fmt == "json":
                    # Only an open match hides anything (few are open at once).
                    ids = [m["id"] for m in ledger.list_matches(open_only=True)]
                    notes = _left_out(
                        ledger, [i for i in ids if match in (None, i)][::-1], replay=False
                    )
        for note in notes:
            runtime.echo_error(note)
        if output is None:
            typer.echo(text, nl=not text.endswith("\n"))
            return
        try:
            output.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
        except OSError as exc:
            raise UsageError(runtime.cannot_write(output, exc)) from None
        runtime.echo_error(_("wrote {path}").format(path=output))


def _left_out(ledger: Ledger, ids: list[int], *, replay: bool) -> list[str]:
    """What an export leaves out of each match's deal in progress, and why (stderr notes;
    the rules are `Ledger.game_record`'s and `Ledger.export`'s)."""
    notes = []
    for mid in ids:
        pending = ledger.deal_in_progress(mid, replay=replay)
        if pending is None:
            continue
        where = _("match {match}, deal {deal}").format(match=mid, deal=pending.number)
        if pending.over:
            note = (
                _(
                    "note: {where} was played to its end but never scored, so it is left "
                    "out: whist resume {match} scores it"
                )
                if pending.match_open
                else _("note: {where} was played to its end but never scored, so it is left out")
            )
            notes.append(note.format(where=where, match=mid))
        elif pending.match_open:
            note = (
                _(
                    "note: {where} is in progress ({actions} actions logged): its cards stay "
                    "hidden until it is scored, so only its number is exported"
                )
                if not replay
                else _(
                    "note: {where} is in progress ({actions} actions logged): its cards stay "
                    "hidden until it is scored, so the record holds the deals before it"
                )
            )
            notes.append(note.format(where=where, actions=pending.actions))
    return notes


# -- whist correct / adjust / match close -------------------------------------------------


def correct_command(
    ctx: typer.Context,
    entry: Annotated[int, typer.Argument(metavar="ENTRY", help="The score entry's id.")],
    points: Annotated[int, typer.Argument(metavar="POINTS", help="What the entry should count.")],
    note: Annotated[
        str, typer.Option("--note", metavar="TEXT", help="Why (required; kept with the entry).")
    ],
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Make score entry ENTRY count POINTS, with a compensating entry (never an edit).

    Entry ids are on ``whist scores MATCH --lines``. The original entry stays; the new one
    carries the difference, the note and a reference to the entry it corrects.
    """
    with runtime.handle_errors(ctx):
        with open_ledger(ctx, db) as ledger:
            fix = ledger.correct(entry, points, note)
        if json_out:
            runtime.echo_json(fix)
            return
        typer.echo(
            _("entry {id} corrects entry {entry} by {points} (match {match}): {note}").format(
                id=fix["id"],
                entry=entry,
                points=f"{fix['points']:+d}",
                match=fix["match"],
                note=fix["note"],
            )
        )


def adjust_command(
    ctx: typer.Context,
    match: Annotated[int, typer.Argument(metavar="MATCH")],
    party: Annotated[
        str, typer.Argument(metavar="PARTY", help="A party's name (A, NS, N, ...) or number.")
    ],
    points: Annotated[int, typer.Argument(metavar="POINTS")],
    note: Annotated[str, typer.Option("--note", metavar="TEXT", help="Why (required).")],
    category: Annotated[
        str, typer.Option("--category", metavar="NAME", help="The score category.")
    ] = "penalty",
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Add a score entry that belongs to no deal (a penalty agreed at the table)."""
    with runtime.handle_errors(ctx):
        from openwhist.services import UsageError

        # The catalog: the match's variant may declare categories of its own.
        with open_ledger(ctx, db, variants=True) as ledger:
            summary = ledger.get_match(match)
            parties = summary["parties"]
            index = _party_index(party, parties, summary["players"])
            if index is None:
                raise UsageError(
                    _("match {match} has no party {party} (its parties: {parties})").format(
                        match=match, party=repr(party), parties=", ".join(parties)
                    )
                )
            made = ledger.adjust(match, index, points, category=category, note=note)
        if json_out:
            runtime.echo_json(made)
            return
        typer.echo(
            _("entry {id}: {party} {points} ({category}): {note}").format(
                id=made["id"],
                party=_party_name(summary, parties[index]),
                points=f"{points:+d}",
                category=category,
                note=note,
            )
        )


def _shown_summary(match: dict[str, Any]) -> str:
    """A listed match's summary as `whist scores` shows it: from the message it was
    rendered from, in the reader's language, each side named by its players
    (`openwhist.services.sheets.summary_text`); as stored when there is none."""
    from openwhist.services import sheets

    from openwhist_cli.commands.scores import words

    return sheets.summary_text(words(), match)


def _party_name(match: dict[str, Any], party: str) -> str:
    """A party of ``match`` as `whist scores` names it: its players (``Ann & Cy``), else
    its label as the reader's language writes it (`openwhist.services.sheets.party_name`)."""
    from openwhist.services import sheets

    from openwhist_cli.commands.scores import words

    said = words()
    return sheets.party_name(said, sheets.match_side_names(said, match), party)


def _party_index(
    text: str, parties: list[str], players: list[dict[str, Any]] | None = None
) -> int | None:
    """The party named by ``text``: a party's name (``W``, ``NS``), its number, or the name
    of a player, who stands for the party they play for (case does not matter)."""
    for i, name in enumerate(parties):
        if text.strip().lower() == str(name).lower():
            return i
    for i, name in enumerate(parties):  # as the reader's language writes it (EO for EW)
        if text.strip().lower() == i18n.seat_letters(str(name)).lower():
            return i
    for player in players or []:
        shown = seat_display_name(player["name"], player["kind"])
        if text.strip().lower() in (shown.lower(), str(player["name"]).lower()):
            return int(player["party"])
    if text.strip().isascii() and text.strip().isdigit() and int(text) < len(parties):
        return int(text)
    return None


def void_command(
    ctx: typer.Context,
    match: Annotated[int, typer.Argument(metavar="MATCH")],
    deal: Annotated[int, typer.Argument(metavar="DEAL", help="The deal's number in MATCH.")],
    note: Annotated[
        str, typer.Option("--note", metavar="TEXT", help="Why (required; kept with the void).")
    ],
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Void deal DEAL of MATCH: compensating entries take its points back (nothing is
    deleted), and the sheet shows the deal as void."""
    with runtime.handle_errors(ctx):
        with open_ledger(ctx, db) as ledger:
            done = ledger.void_deal(match, deal, note)
            summary = ledger.get_match(match)
        if json_out:
            runtime.echo_json(done)
            return
        change = ", ".join(
            f"{_party_name(summary, name)} {points:+d}"
            for name, points in zip(summary["parties"], done["points"], strict=True)
        )
        typer.echo(
            _("deal {deal} of match {match} is void: {note}").format(
                deal=deal, match=match, note=note.strip()
            )
        )
        typer.echo(_("the totals change by: {points}").format(points=change or "-"))


def close_command(
    ctx: typer.Context,
    match: Annotated[int, typer.Argument(metavar="MATCH")],
    abandon: Annotated[
        bool, typer.Option("--abandon", help="Close it as abandoned (not finished).")
    ] = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Close an open match: finished (the players stop it) or --abandon."""
    with runtime.handle_errors(ctx):
        with open_ledger(ctx, db) as ledger:
            summary = ledger.finish_match(match, abandoned=abandon)
        if json_out:
            runtime.echo_json(summary)
            return
        typer.echo(
            _("match {match} is {status}: {summary}").format(
                match=match, status=_(summary["status"]), summary=_shown_summary(summary)
            )
        )


# -- whist ledger upgrade / current -------------------------------------------------------


def upgrade_command(ctx: typer.Context, db: DbOption = None, json_out: JsonOption = False) -> None:
    """Migrate the ledger to this openwhist's schema (back the file up first)."""
    with runtime.handle_errors(ctx):
        from openwhist.services.ledger import upgrade

        done = upgrade(db)
        if json_out:
            runtime.echo_json(done)
            return
        if done.get("from") == done.get("to"):
            typer.echo(
                _("{url}: already at revision {revision}").format(
                    url=done["url"], revision=done["to"]
                )
            )
        else:
            typer.echo(
                _("{url}: upgraded from {old} to {new}").format(
                    url=done["url"], old=done.get("from") or _("nothing"), new=done["to"]
                )
            )


def current_command(ctx: typer.Context, db: DbOption = None, json_out: JsonOption = False) -> None:
    """Show the ledger's schema revision (read-only: never modifies it)."""
    with runtime.handle_errors(ctx):
        from openwhist.services.ledger import current

        info = current(db)
        if json_out:
            runtime.echo_json(info)
            return
        state = _("up to date") if info.get("up_to_date") else info.get("state", "")
        typer.echo(
            _("{url}: revision {revision} (this openwhist: {head}) -- {state}").format(
                url=info["url"],
                revision=info.get("revision") or _("none"),
                head=info.get("head"),
                state=state,
            )
        )


def check_command(ctx: typer.Context, db: DbOption = None, json_out: JsonOption = False) -> None:
    """Check the ledger: the file's integrity, its invariants, and that every deal replays.

    Reads only: never writes, not even into a damaged file. Prints each problem found;
    exit code 0 when the ledger is whole, 5 when it is damaged (docs/ledger.md, "Checking
    a ledger").
    """
    with runtime.handle_errors(ctx):
        from openwhist import Message
        from openwhist.services.ledger import LedgerCorruptError
        from openwhist.services.ledger_check import CHECKS, check_ledger

        report = check_ledger(db, catalog=runtime.get_catalog(ctx))
        if json_out:
            runtime.echo_json(report)
        else:
            for item in report["findings"]:
                where = ""
                if item["match"] is not None:
                    where = (
                        _("match {match}, deal {deal}").format(
                            match=item["match"], deal=item["deal"]
                        )
                        if item["deal"]
                        else _("match {match}").format(match=item["match"])
                    ) + ": "
                label = _(CHECKS[item["check"]]) if item["check"] in CHECKS else item["check"]
                problem = runtime.message_text(Message.from_dict(item["message"]))
                typer.echo(f"{label}: {where}{problem}")
            for item in report["skipped"]:
                runtime.echo_error(
                    _("match {match} not replayed: {reason}").format(
                        match=item["match"],
                        reason=runtime.message_text(Message.from_dict(item["message"])),
                    )
                )
            if report["ok"]:
                typer.echo(
                    _(
                        "{url}: ok -- {matches} matches, {deals} deals, {replayed} matches replayed"
                    ).format(
                        url=report["url"],
                        matches=report["matches"],
                        deals=report["deals"],
                        replayed=report["replayed"],
                    )
                )
        if not report["ok"]:
            count = len(report["findings"])
            raise LedgerCorruptError(
                ngettext(
                    "the ledger {url} is damaged: {count} problem found; restore it from a backup",
                    "the ledger {url} is damaged: {count} problems found; restore it from a backup",
                    count,
                ).format(url=report["url"], count=count)
            )


def register(app: typer.Typer) -> None:
    """Add the ledger commands to ``app``."""
    epilog = runtime.EXIT_CODES_EPILOG
    app.command("matches", epilog=epilog)(matches_command)
    app.command("standings", epilog=epilog)(standings_command)
    app.command("export", epilog=epilog)(export_command)
    from openwhist_cli.signed import SignedArgsCommand

    # Points may be negative (``whist adjust 1 W -50``): see openwhist_cli.signed.
    app.command("correct", epilog=epilog, cls=SignedArgsCommand)(correct_command)
    app.command("adjust", epilog=epilog, cls=SignedArgsCommand)(adjust_command)
    app.command("void", epilog=epilog)(void_command)
    match_app = typer.Typer(help="Manage one match of the ledger.", no_args_is_help=True)
    match_app.command("close", epilog=epilog)(close_command)
    app.add_typer(match_app, name="match")
    ledger_app = typer.Typer(
        help="The ledger's schema: upgrade it, show its revision, check it.",
        no_args_is_help=True,
    )
    ledger_app.command("upgrade", epilog=epilog)(upgrade_command)
    ledger_app.command("current", epilog=epilog)(current_command)
    ledger_app.command("check", epilog=epilog)(check_command)
    app.add_typer(ledger_app, name="ledger")


__all__ = [
    "DbOption",
    "JsonOption",
    "ledger_player",
    "open_ledger",
    "plain_table",
    "register",
    "seat_display_name",
]
