"""``whist scores MATCH``: a match's score sheet, laid out as its variant declares it.

The layout is the variant's `ScoreSheet` (`Variant.sheet`, docs/plugins/hooks.md, "Score
sheet and statistics"); this module names no variant:

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
    seat_display_name,
)

if TYPE_CHECKING:
    from openwhist import ScoreSheet

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


def _signed(points: int) -> str:
    """Points as a sheet shows them: ``+7``, ``-3``, ``.`` for none."""
    return f"{points:+d}" if points else "."


def _player(player: dict[str, Any]) -> str:
    """A stored player as the sheet names them: their name, or a seat's letter (a bot, an
    unnamed player) as the reader's language writes it (`i18n.seat_letters`)."""
    shown = seat_display_name(player["name"], player["kind"])
    return i18n.seat_letters(shown) if len(shown) == 1 else shown


def _party(party: Any) -> str:
    """A party's label (``EW``) as the reader's language writes it (``EO``)."""
    return i18n.seat_letters(str(party))


def _header(sheet: dict[str, Any], width: int | None = None) -> str:
    match = sheet["match"]
    players = ", ".join(f"{p['seat'] + 1}:{_player(p)}" for p in match["players"])
    label = f" \u2014 {match['label']}" if match["label"] else ""
    fmt = f" ({match['format']})" if match["format"] else ""
    deals = ngettext("{count} deal", "{count} deals", match["deals"]).format(count=match["deals"])
    text = (
        _("Match {id}: {variant}, {status}, {deals}").format(
            id=match["id"],
            variant=f"{match['variant']}{fmt}{label}",
            status=_(match["status"]),
            deals=deals,
        )
        + "\n"
        + _("Players: {players}").format(players=players)
    )
    if width is None:
        return text
    import textwrap

    return "\n".join(
        textwrap.fill(line, width, subsequent_indent="  ", break_on_hyphens=False)
        for line in text.splitlines()
    )


def _void_note(deal: dict[str, Any]) -> str | None:
    """``void: WHY`` when the deal was voided (`whist void`: its marker entry), else None."""
    for line in deal["lines"]:
        if line["category"] == "void":
            return str(line["note"])
    return None


def _side_names(sheet: dict[str, Any], party: int) -> str:
    names = [_player(p) for p in sheet["match"]["players"] if p["party"] == party]
    return " & ".join(names)


def _(message: str) -> str:
    """``message`` in the reader's language (`openwhist_cli.i18n`)."""
    return i18n._(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the reader's language."""
    return i18n.ngettext(singular, plural, count)


def _translated(text: str) -> str:
    """A declared label in the reader's language (the plugin's catalogue)."""
    return _(text) if text else text


def sides_sheet(sheet: dict[str, Any], layout: ScoreSheet, width: int | None = None) -> str:
    """The "We / They" sheet of a ``"sides"`` layout (see the module docstring)."""
    we, they = _party(sheet["parties"][0]), _party(sheet["parties"][1])
    above_items = list(layout.above_the_line)
    place = {item.category: i for i, item in enumerate(above_items)}
    rows: list[list[Any]] = []
    below = [0, 0]
    above = [[0, 0] for _item in above_items]
    for deal in sheet["deals"]:
        number = deal["number"]
        if deal["status"] != "complete":
            rows.append([number, "", "", _("in progress")])
            continue
        shown = False
        for line in deal["lines"]:
            if line["category"] in place:
                continue
            points = [0, 0]
            points[line["party"]] = line["points"]
            below[line["party"]] += line["points"]
            rows.append(
                [number if not shown else "", _signed(points[0]), _signed(points[1]), line["note"]]
            )
            shown = True
        if not shown:
            rows.append([number, ".", ".", deal["summary"] or _("no score")])
        above_lines = [x for x in deal["lines"] if x["category"] in place]
        for line in above_lines:
            points = [0, 0]
            points[line["party"]] = line["points"]
            item = place[line["category"]]
            above[item][line["party"]] += line["points"]
            marker = _translated(above_items[item].marker)
            rows.append(["", _signed(points[0]), _signed(points[1]), f"{marker}: {line['note']}"])
        if above_lines:  # scored above the line (a game won): the line is ruled off
            rows.append(["=" * 4, "=" * 7, "=" * 9, ""])
    for line in sheet["adjustments"]:
        points = [0, 0]
        points[line["party"]] = line["points"]
        if line["category"] in place:
            above[place[line["category"]]][line["party"]] += line["points"]
        else:
            below[line["party"]] += line["points"]
        rows.append([_("adj."), _signed(points[0]), _signed(points[1]), line["note"]])
    carried = sheet.get("carried") or [0, 0]
    head = [_("We ({side})").format(side=we), _("They ({side})").format(side=they)]
    out = [
        _header(sheet, width),
        f"{head[0]}: {_side_names(sheet, 0)}    {head[1]}: {_side_names(sheet, 1)}",
        "",
    ]
    if any(carried):
        out.append(
            _("carried from deals before {first}: {totals}").format(
                first=sheet["page"]["first"], totals=f"{carried[0]} / {carried[1]}"
            )
        )
    out.append(_sheet_table([_("deal"), *head, ""], rows, {1, 2}, width, wrap=3))
    out.append("")
    match_points = [sum(values[i] for values in above) for i in range(2)]
    summary = [
        [_translated(layout.below_total), below[0], below[1]],
        *(
            [_translated(item.total), values[0], values[1]]
            for item, values in zip(above_items, above, strict=True)
        ),
        [_translated(layout.match_total), match_points[0], match_points[1]],
    ]
    out.append(
        plain_table(
            [_("totals (this page)") if any(carried) else _("totals"), *head],
            summary,
            right={1, 2},
        )
    )
    net = match_points[0] - match_points[1]
    if net:
        winner = we if net > 0 else they
        out.append(_("net: {side} +{points} match points").format(side=winner, points=abs(net)))
    if sheet["match"]["summary"]:
        out.append(sheet["match"]["summary"])
    return "\n".join(out)


def detail_sheet(
    sheet: dict[str, Any],
    layout: ScoreSheet,
    records: dict[int, dict[str, Any]],
    width: int | None = None,
) -> str:
    """A column per party with the variant's deal detail (see the module docstring)."""
    assert layout.deal_detail is not None
    parties = [_party(p) for p in sheet["parties"]]
    names = [f"{party} {_side_names(sheet, i)}".rstrip() for i, party in enumerate(parties)]
    rows: list[list[Any]] = []
    for deal in sheet["deals"]:
        facts = (records.get(deal["number"]) or {}).get("facts") or {}
        if deal["status"] != "complete":
            rows.append([deal["number"], _("in progress"), *[""] * len(parties)])
            continue
        detail = layout.deal_detail(facts, tuple(parties))
        if detail.marks is None:
            rows.append([deal["number"], _translated(detail.summary), *["." for _party in parties]])
        else:
            cells = []
            for i in range(len(parties)):
                mark = detail.marks[i] if i < len(detail.marks) else "?"
                took = deal["tricks"][i] if i < len(deal["tricks"]) else "?"
                cells.append(f"{mark}/{took} {_signed(deal['points'][i])}")
            rows.append([deal["number"], _translated(detail.summary), *cells])
        void = _void_note(deal)
        if void is not None:
            rows.append(["", void, *["" for _party in parties]])
        rows.append(["", _("total"), *deal["totals"]])
    for line in sheet["adjustments"]:
        cells = ["." for _party in parties]
        cells[line["party"]] = _signed(line["points"])
        rows.append([_("adj."), line["note"][:30], *cells])
    rows.append(["", _("TOTAL"), *sheet["totals"]])
    out = [_header(sheet, width)]
    if layout.detail_note:
        out.append(_translated(layout.detail_note))
    out.append("")
    out.append(
        _sheet_table(
            [_("deal"), _translated(layout.detail_heading), *names],
            rows,
            set(range(2, 2 + len(names))),
            width,
            wrap=1,
        )
    )
    if sheet["match"]["summary"]:
        out.append(sheet["match"]["summary"])
    return "\n".join(out)


def points_sheet(sheet: dict[str, Any], width: int | None = None) -> str:
    """The plain sheet of any variant: points per party per deal, running result."""
    parties = [_party(p) for p in sheet["parties"]]
    named = [
        f"{name} ({_side_names(sheet, i)})"
        if _side_names(sheet, i) not in ("", str(name))
        else str(name)
        for i, name in enumerate(parties)
    ]
    rows: list[list[Any]] = []
    for deal in sheet["deals"]:
        if deal["status"] != "complete":
            rows.append([deal["number"], *[""] * (2 * len(parties)), _("in progress")])
            continue
        rows.append(
            [
                deal["number"],
                *map(_signed, deal["points"]),
                *deal["totals"],
                _void_note(deal) or deal["summary"],
            ]
        )
    for line in sheet["adjustments"]:
        cells = ["." for _party in parties]
        cells[line["party"]] = _signed(line["points"])
        rows.append([_("adj."), *cells, *["" for _party in parties], line["note"]])
    headers = [
        _("deal"),
        *named,
        *[_("total {party}").format(party=p) for p in parties],
        _("result"),
    ]
    out = [_header(sheet, width), ""]
    if any(sheet.get("carried") or []):
        out.append(
            _("carried from deals before {first}: {totals}").format(
                first=sheet["page"]["first"],
                totals=", ".join(
                    f"{p} {t}" for p, t in zip(parties, sheet["carried"], strict=True)
                ),
            )
        )
    out.append(
        _sheet_table(
            headers, rows, set(range(1, 1 + 2 * len(parties))), width, wrap=len(headers) - 1
        )
    )
    out.append(
        _("totals: {totals}").format(
            totals=", ".join(f"{p} {t}" for p, t in zip(parties, sheet["totals"], strict=True))
        )
    )
    if sheet["match"]["summary"]:
        out.append(sheet["match"]["summary"])
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


def _named_sides(message: Any, names: dict[str, str]) -> Any:
    """``message`` with every value that is a party's label (``"NS"``, ``"N"``) replaced
    by that party's players' names (``names``), nested messages alike: a sheet's rows say
    who won, not which seats."""
    from openwhist import Message

    values: dict[str, Any] = {}
    for key, value in message.values.items():
        if isinstance(value, Message):
            values[key] = _named_sides(value, names)
        elif isinstance(value, str) and value in names:
            values[key] = names[value]
        else:
            values[key] = value
    return message._replace(values=values)


def _shown(data: Any, names: dict[str, str]) -> str | None:
    """A stored message (`openwhist.Message.as_dict`) in the reader's language, the sides
    named by ``names``; None when ``data`` is not a message this openwhist reads."""
    from openwhist import Message

    from openwhist_cli.render import message_text

    if not isinstance(data, dict):
        return None
    try:
        message = Message.from_dict(data)
    except (KeyError, TypeError, ValueError):
        return None  # not a message this openwhist reads: the stored text it is
    return message_text(_named_sides(message, names)).plain


def side_names(sheet: dict[str, Any]) -> dict[str, str]:
    """Each party's label (``"NS"``) and the names of its players (``"Ann & Cy"``), for the
    parties whose players have names other than their label."""
    out = {}
    for index, party in enumerate(sheet["parties"]):
        names = _side_names(sheet, index)
        if names.replace(" & ", "") == _party(party):
            names = _party(party)  # a side of seat letters reads as its label: EO
        if names and names != str(party):
            out[str(party)] = names
    return out


def translated_notes(sheet: dict[str, Any], records: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """``sheet`` with its notes and summaries in the reader's language.

    The ledger keeps a line's note, a deal's summary and the match's summary as their
    untranslated rendering; the deal's record keeps the variant's messages they were rendered
    from (`openwhist.Message`: the score lines, the progress's awards -- a game, a rubber --
    and its summary), which the plugin's catalogue translates. A text is replaced only by the
    translation of the message whose untranslated rendering it is, so a correction's or an
    adjustment's own note (typed by the secretary) stays as it was typed, and a ledger from
    before messages were stored shows its notes as stored. Where a message names a side by
    its label (``NS``), the sheet names its players."""
    names = side_names(sheet)
    out = dict(sheet)
    deals = []
    last_progress: dict[str, Any] = {}
    for deal in sheet["deals"]:
        record = records.get(deal["number"]) or {}
        progress = record.get("progress") or {}
        if isinstance(progress, dict) and progress:
            last_progress = progress
        shown: dict[str, str] = {}
        stored = [*record.get("lines", ()), *(progress.get("awards") or ())]
        for line in stored:
            if not isinstance(line, dict):
                continue
            text = _shown(line.get("message"), names)
            if text is not None:
                shown.setdefault(str(line.get("note", "")), text)
        deal = dict(deal)
        if shown:
            deal["lines"] = [{**x, "note": shown.get(x["note"], x["note"])} for x in deal["lines"]]
        summary = _shown(progress.get("summary_message"), names)
        if summary is not None and deal.get("summary") == progress.get("summary"):
            deal["summary"] = summary
        deals.append(deal)
    out["deals"] = deals
    out["match"] = _translated_match(sheet["match"], last_progress, names)
    return out


def _translated_match(
    match: dict[str, Any], last_progress: dict[str, Any], names: dict[str, str]
) -> dict[str, Any]:
    """The match's summary in the reader's language: the rules' summary from its stored
    message (the match's own, else the last deal's), or the corrected totals
    (`openwhist.ledger.sheet.with_ledger_totals`) written anew."""
    match = dict(match)
    summary = str(match.get("summary") or "")
    rules = str(match.get("rules_summary", summary) or "")
    parties = [str(p) for p in match.get("parties", [])]
    if summary and summary != rules and summary.endswith("(corrected)"):
        totals = ", ".join(
            f"{names.get(p, p)} {t}" for p, t in zip(parties, match.get("totals", []), strict=False)
        )
        game = list(match.get("game_points") or [])
        if any(game):
            points = ", ".join(
                f"{names.get(p, p)} {t}" for p, t in zip(parties, game, strict=False)
            )
            totals = _("{totals}; game points {points}").format(totals=totals, points=points)
        match["summary"] = _("{totals} (corrected)").format(totals=totals)
        return match
    data = match.get("summary_message")
    if data is None and last_progress.get("summary") == summary:
        data = last_progress.get("summary_message")
    text = _shown(data, names)
    if text is not None and summary == rules:
        match["summary"] = text
    return match


def sheet_records(
    ledger: Any, match: int, sheet: dict[str, Any], *, translate: bool
) -> dict[int, dict[str, Any]]:
    """What the sheet of ``match`` needs of its deals' records: per deal number, the
    variant's facts (for a layout with deal detail) and, when ``translate``, the stored
    score lines and progress that `translated_notes` renders."""
    records: dict[int, dict[str, Any]] = {}
    if not sheet["deals"]:
        return records
    page = sheet["page"]
    for deal in ledger.deal_records(match, first=page["first"], last=page["last"]):
        record = deal.get("record") or {}
        score = record.get("score") or {}
        records[deal["number"]] = {
            "facts": score.get("facts") or {},
            "lines": (score.get("lines") or []) if translate else [],
            "progress": (record.get("progress") or {}) if translate else {},
        }
    return records


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
    if layout is not None and layout.layout == "sides" and len(sheet["parties"]) == 2:
        return sides_sheet(sheet, layout, width)
    if layout is not None and layout.deal_detail is not None:
        return detail_sheet(sheet, layout, records or {}, width)
    return points_sheet(sheet, width)


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
