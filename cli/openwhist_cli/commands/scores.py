"""``whist scores MATCH``: a match's score sheet, laid out as its variant declares it.

The layout is the variant's `ScoreSheet` (`Variant.sheet`, docs/plugins/hooks.md, "Score
sheet and statistics"), laid out by `openwhist.services.sheets.sheet_view` -- the same
view the club pages draw as HTML (docs/club.md) -- and drawn here as text (`draw`); no
variant is named:

* ``"sides"``: the "We / They" sheet of two parties -- the lines of each deal *below the
  line*, the declared categories (a game, a rubber bonus) *above the line* with their
  markers (a ruled line after every deal that scored above it), then the totals: below the
  line, each above-the-line category, and the match points (their sum);
* ``"parties"`` with ``deal_detail``: a column per party; per deal the variant's description
  (declarer, trump) and per party its mark (a contract), tricks and points, and the running
  totals;
* ``"parties"``: the deals with each party's points and the running result -- also the
  sheet of a variant that declares none or is not installed.

Every sheet is computed from the match's score entries (corrections included), never from
a stored total. ``--lines`` adds every entry with its id (what ``whist correct`` takes);
``--json`` prints the sheet data. A match of more than `PAGE` deals shows its last `PAGE`
deals unless ``--from``/``--to``/``--all`` say otherwise; the totals before the page are
carried into the running totals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from openwhist_cli import i18n, runtime
from openwhist_cli.commands.ledger import (
    DbOption,
    JsonOption,
    WideOption,
    open_ledger,
    plain_table,
)

if TYPE_CHECKING:
    from openwhist import ScoreSheet
    from openwhist.services.sheets import SheetView, SheetWords

PAGE = 500
"""Deals shown by default (the last ones) when a match has more."""
FIT_ROWS = 2000
"""A sheet of more rows than this (``--all`` on a long match) keeps its plain full-width
layout: Rich's layout costs about a millisecond per row (1.65 s for 500 rows on a loaded
2-core machine), the plain one a microsecond."""


def _sheet_table(
    headers: list[str],
    rows: list[list[Any]],
    right: set[int],
    width: int | None,
    *,
    wrap: int,
) -> str:
    """The sheet's table: plain aligned columns when they fit ``width`` (None: any width),
    else laid out by Rich (`openwhist_cli.report.fit_table`) with column ``wrap`` (the
    notes) wrapping in its cell. A sheet that fits keeps its plain layout, which is also
    the fast one for a sheet of thousands of deals."""
    text = plain_table(headers, rows, right=right)
    if width is None or len(rows) > FIT_ROWS:
        return text
    if max(map(len, text.splitlines()), default=0) <= width:
        return text
    from openwhist_cli.report import Column, fit_table

    # Every column but the deal number may wrap (a long name in a heading too); the notes
    # column ``wrap`` is the one that gives way first.
    columns = [
        Column(header, right=i in right, wrap=i > 0, squeeze=i not in (0, wrap))
        for i, header in enumerate(headers)
    ]
    padded = [list(row) + [""] * (len(headers) - len(row)) for row in rows]
    return fit_table(columns, padded, width=width)


def words() -> SheetWords:
    """The sheet's words as the CLI writes them: its catalogue (then the plugins' and the
    core's), seat letters as the reader's language writes them (`i18n.seat_letters`), a
    stored message through `openwhist_cli.render.message_text`."""
    from openwhist.services.sheets import SheetWords

    from openwhist_cli.render import message_text

    return SheetWords(
        i18n._, i18n.ngettext, i18n.seat_letters, lambda message: message_text(message).plain
    )


def _(message: str) -> str:
    """``message`` in the reader's language (`openwhist_cli.i18n`)."""
    return i18n._(message)


def _party(party: Any) -> str:
    """A party's label (``EW``) as the reader's language writes it (``EO``)."""
    return i18n.seat_letters(str(party))


def draw(view: SheetView, width: int | None = None) -> str:
    """A laid-out sheet (`openwhist.services.sheets.SheetView`) as text: its lines as they
    are (the heading and the summary wrapped at ``width``), a sheet's table laid out to fit
    ``width`` (`_sheet_table`; None: every column at full width), a totals table as plain
    columns."""
    from openwhist.services.sheets import SheetTable

    out: list[str] = []
    for block in view.blocks:
        if isinstance(block, SheetTable):
            right = set(block.numeric)
            if block.fit:
                out.append(
                    _sheet_table(block.headers, block.rows, right, width, wrap=block.notes_column)
                )
            else:
                out.append(plain_table(block.headers, block.rows, right=right))
        elif block.role == "heading" and width is not None:
            import textwrap

            out.append(
                textwrap.fill(block.text, width, subsequent_indent="  ", break_on_hyphens=False)
            )
        elif block.role == "summary" and width is not None:
            import textwrap

            # Line by line: a summary may come already laid out in lines that fit.
            out.append(
                "\n".join(
                    textwrap.fill(line, width, subsequent_indent="  ", break_on_hyphens=False)
                    if len(line) > width
                    else line
                    for line in block.text.splitlines()
                )
            )
        else:
            out.append(block.text)
    return "\n".join(out)


def entry_lines(sheet: dict[str, Any]) -> str:
    """Every score entry with its id (for ``whist correct``)."""
    parties = [_party(p) for p in sheet["parties"]]
    rows: list[list[Any]] = []
    for deal in sheet["deals"]:
        for line in deal["lines"]:
            rows.append(
                [
                    line["id"],
                    deal["number"],
                    parties[line["party"]],
                    line["category"],
                    line["points"],
                    line["note"],
                ]
            )
    for line in sheet["adjustments"]:
        rows.append(
            [
                line["id"],
                "-",
                parties[line["party"]],
                line["category"],
                line["points"],
                line["note"],
            ]
        )
    headers = [_("entry"), _("deal"), _("party"), _("category"), _("points"), _("note")]
    return plain_table(headers, rows, right={0, 4})


def side_names(sheet: dict[str, Any]) -> dict[str, str]:
    """Each party's label and its players' names (`openwhist.services.sheets.side_names`)."""
    from openwhist.services import sheets

    return sheets.side_names(words(), sheet)


def translated_notes(sheet: dict[str, Any], records: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """``sheet`` with its notes and summaries in the reader's language
    (`openwhist.services.sheets.translated_notes`)."""
    from openwhist.services import sheets

    return sheets.translated_notes(words(), sheet, records)


def _translated_match(
    match: dict[str, Any], last_progress: dict[str, Any], names: dict[str, str]
) -> dict[str, Any]:
    """The match's summary in the reader's language (`translated_notes`)."""
    from openwhist.services import sheets

    return sheets._translated_match(words(), match, last_progress, names)


def sheet_records(
    ledger: Any, match: int, sheet: dict[str, Any], *, translate: bool
) -> dict[int, dict[str, Any]]:
    """What the sheet of ``match`` needs of its deals' records
    (`openwhist.services.sheets.sheet_records`)."""
    from openwhist.services import sheets

    return sheets.sheet_records(ledger, match, sheet, translate=translate)


def render_sheet(
    sheet: dict[str, Any],
    records: dict[int, dict[str, Any]] | None = None,
    layout: ScoreSheet | None = None,
    width: int | None = None,
) -> str:
    """The sheet as text in the variant's declared ``layout`` (see the module docstring;
    ``None``: points and running totals). ``records`` maps a deal's number to its stored
    ``{"facts": ...}`` for a layout with ``deal_detail``. ``width``: a table wider than
    this is laid out to fit it, its notes wrapping (None: every column at full width)."""
    from openwhist.services.sheets import sheet_view

    return draw(sheet_view(words(), sheet, layout, records), width)


def scores_command(
    ctx: typer.Context,
    match: Annotated[int, typer.Argument(metavar="MATCH", help="The match (see whist matches).")],
    first: Annotated[
        int | None, typer.Option("--from", min=1, metavar="DEAL", help="First deal shown.")
    ] = None,
    last: Annotated[
        int | None, typer.Option("--to", min=1, metavar="DEAL", help="Last deal shown.")
    ] = None,
    everything: Annotated[
        bool, typer.Option("--all", help=f"Every deal, even past {PAGE}.")
    ] = False,
    lines: Annotated[
        bool, typer.Option("--lines", help="Also list every score entry with its id.")
    ] = False,
    wide: WideOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Show a match's score sheet as its players keep it (We/They, per player, per deal).

    The sheet fits the terminal (80 columns when it is not one): a sheet wider than that
    wraps its notes; --wide shows every column at its full width."""
    with runtime.handle_errors(ctx):
        if not json_out:
            i18n.setup()  # the declared labels in the reader's language (OPENWHIST_LANG, LANG)
        with open_ledger(ctx, db, read_only=True, variants=not json_out) as ledger:
            if first is None and last is None and not everything and not json_out:
                size = ledger.score_sheet(match, first=1, last=0)["page"]["deals"]
                if size > PAGE:
                    first = size - PAGE + 1
                    runtime.echo_error(
                        _(
                            "match {match} has {size} deals: showing the last {page} "
                            "(--all, --from, --to for others)"
                        ).format(match=match, size=size, page=PAGE)
                    )
            sheet = ledger.score_sheet(match, first=first, last=last)
            records: dict[int, dict[str, Any]] = {}
            layout = None if json_out else ledger.declared_sheet(sheet["match"]["variant"])
            detail = layout is not None and layout.deal_detail is not None
            if not json_out:
                records = sheet_records(ledger, match, sheet, translate=True)
                sheet = translated_notes(sheet, records)
            elif detail:
                records = sheet_records(ledger, match, sheet, translate=False)
        if json_out:
            runtime.echo_json(sheet)
            return
        from openwhist_cli.report import report_width

        typer.echo(render_sheet(sheet, records, layout, None if wide else report_width()))
        if lines:
            typer.echo("")
            typer.echo(entry_lines(sheet))


def register(app: typer.Typer) -> None:
    """Add ``scores`` to ``app``."""
    app.command("scores", epilog=runtime.EXIT_CODES_EPILOG)(scores_command)


__all__ = [
    "PAGE",
    "entry_lines",
    "register",
    "render_sheet",
    "scores_command",
    "sheet_records",
    "translated_notes",
]
