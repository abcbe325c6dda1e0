"""A match's score sheet as its variant declares it, for any front end to draw.

``whist scores`` prints it as text, the club pages (``whist serve``, docs/club.md) as an
HTML table; both draw the same `SheetView`, which `sheet_view` lays out from the ledger's
variant-neutral sheet (`openwhist.services.ledger.Ledger.score_sheet`) and the variant's
`ScoreSheet` (`Variant.sheet`, docs/plugins/hooks.md, "Score sheet and statistics"). No
variant is named here:

* ``"sides"``: the "We / They" sheet of two parties -- the lines of each deal *below the
  line*, the declared categories (a game, a rubber bonus) *above the line* with their
  markers (a ruled line after every deal that scored above it), then the totals: below the
  line, each above-the-line category, and the match points (their sum);
* ``"parties"`` with ``deal_detail`` (layout ``"detail"``): a column per party; per deal
  the variant's description (declarer, trump) and per party its mark (a contract), tricks
  and points, and the running totals;
* ``"parties"`` (layout ``"points"``): the deals with each party's points and the running
  result -- also the sheet of a variant that declares none or is not installed.

A view is a sequence of blocks -- lines of text (`SheetText`) and tables (`SheetTable`) --
in the order they are shown, every word already in the reader's language (`SheetWords`:
the front end's gettext, its way of writing seat letters and of rendering a stored
`Message`). A table's cells are exactly the text ``whist scores`` prints in them; what a
page shows beyond the text is said beside the cells: each row's kind (a deal, a line above
the line, the ruled line, an adjustment, a total), its marks (`CORRECTION`, `ADJUSTMENT`,
`VOID`, `IN_PROGRESS`) and the notes of the corrections folded into a deal's points.
Tables are columnar lists, not an object per cell: a 100,000-deal sheet is 600,000 cells
(docs/performance.md, "whist scores").

`translated_notes` turns the ledger's stored notes into the reader's language from the
deals' records (`sheet_records`), before the view is laid out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from openwhist.game.messages import Message
from openwhist.services.table import seat_display_name

if TYPE_CHECKING:
    from openwhist.game.scoresheet import ScoreSheet

CORRECTION = "correction"
"""A row's mark: the line is a correction of another (``whist correct``), or the deal's
points include corrections (their notes are the row's notes)."""
ADJUSTMENT = "adjustment"
"""A row's mark: an adjustment outside any deal (``whist adjust``)."""
VOID = "void"
"""A row's mark: the row belongs to a voided deal (``whist void``)."""
IN_PROGRESS = "in_progress"
"""A row's mark: the deal is being played; nothing is scored yet."""

RowKind = Literal["deal", "line", "above", "rule", "adjustment", "total", "grand_total"]
"""What a table row is: the first row of a deal (``deal``), a further line of a deal
(``line``, below the line), a line above the line (``above``), the ruled line after a deal
that scored above it (``rule``), an adjustment, a deal's running total (``total``), or a
table's totals (``grand_total``: the totals table of a sides sheet, a detail sheet's
``TOTAL``)."""

TextRole = Literal["heading", "sides", "note", "carried", "blank", "totals", "net", "summary"]
"""What a line of text is: the match's heading (its first two lines), the sides' names,
the variant's note on what a cell holds, the totals carried into a page, an empty line, the
totals, the net match points, the variant's summary of the match."""

Cell = str | int


@dataclass(frozen=True)
class SheetWords:
    """How the front end writes the sheet's words in its reader's language.

    Attributes:
        gettext: a fixed word, or a plugin's label, translated (the front end's catalogue,
            then the core's and the plugins').
        ngettext: the form of a plural for a count.
        seat_letters: a seat's or a side's letters (``W``, ``EW``) as the language writes
            them (``O``, ``EO``); anything else as it is.
        message: a stored `Message` as plain text in the language.
    """

    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]
    seat_letters: Callable[[str], str]
    message: Callable[[Message], str]


@dataclass(frozen=True)
class SheetText:
    """A line of text of the sheet (empty: a blank line)."""

    text: str
    role: TextRole


@dataclass(frozen=True)
class SheetTable:
    """A table of the sheet.

    Attributes:
        headers: the column headings.
        rows: the cells, row by row, as ``whist scores`` prints them (an int prints as
            itself); a row may be shorter than the headings only where the text sheet's is.
        kinds: per row, its `RowKind`.
        deals: per row, the number of the deal it belongs to (``None``: an adjustment, a
            total of the match).
        marks: row index -> its marks (`CORRECTION`, `ADJUSTMENT`, `VOID`, `IN_PROGRESS`),
            for the rows that have any.
        notes: row index -> notes said beside the row's cells (the corrections folded
            into a deal's points), for the rows that have any.
        numeric: the columns of numbers (right-aligned).
        notes_column: the column of free text that gives way first when the table is laid
            out to fit a screen (``-1``: none).
        fit: laid out to fit the reader's width (``whist scores`` wraps its cells); else
            always as plain aligned columns.
    """

    headers: list[str]
    rows: list[list[Cell]]
    kinds: list[RowKind]
    deals: list[int | None]
    numeric: frozenset[int]
    notes_column: int = -1
    fit: bool = True
    marks: dict[int, tuple[str, ...]] = field(default_factory=dict)
    notes: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def add(
        self,
        cells: list[Cell],
        kind: RowKind,
        deal: int | None,
        marks: tuple[str, ...] = (),
        notes: tuple[str, ...] = (),
    ) -> None:
        """Append a row (while the view is being laid out)."""
        if marks:
            self.marks[len(self.rows)] = marks
        if notes:
            self.notes[len(self.rows)] = notes
        self.rows.append(cells)
        self.kinds.append(kind)
        self.deals.append(deal)


Block = SheetText | SheetTable


@dataclass(frozen=True)
class SheetView:
    """A match's sheet, laid out: its blocks in the order they are shown.

    Attributes:
        layout: ``"sides"``, ``"detail"`` or ``"points"`` (see the module docstring).
        blocks: lines of text and tables, in order.
        parties: the parties' labels as the reader's language writes them (``EO``).
    """

    layout: Literal["sides", "detail", "points"]
    blocks: tuple[Block, ...]
    parties: tuple[str, ...]

    def tables(self) -> Iterator[SheetTable]:
        """The view's tables, in order (the sheet, then a sides sheet's totals)."""
        return (b for b in self.blocks if isinstance(b, SheetTable))

    def texts(self, *roles: TextRole) -> list[str]:
        """The lines of text of these roles (all of them without any), in order."""
        return [
            b.text
            for b in self.blocks
            if isinstance(b, SheetText) and (not roles or b.role in roles)
        ]


# -- words --------------------------------------------------------------------------------


def signed(points: int) -> str:
    """Points as a sheet shows them: ``+7``, ``-3``, ``.`` for none."""
    return f"{points:+d}" if points else "."


def _player(words: SheetWords, player: dict[str, Any]) -> str:
    """A stored player as the sheet names them: their name, or a seat's letter (a bot, an
    unnamed player) as the reader's language writes it."""
    shown = seat_display_name(player["name"], player["kind"])
    return words.seat_letters(shown) if len(shown) == 1 else shown


def _side_names(words: SheetWords, sheet: dict[str, Any], party: int) -> str:
    names = [_player(words, p) for p in sheet["match"]["players"] if p["party"] == party]
    return " & ".join(names)


def _translated(words: SheetWords, text: str) -> str:
    """A declared label in the reader's language (the plugin's catalogue)."""
    return words.gettext(text) if text else text


def heading(words: SheetWords, sheet: dict[str, Any]) -> list[str]:
    """The sheet's first two lines: the match (id, variant, format, label, status, deals)
    and its players by seat."""
    _ = words.gettext
    match = sheet["match"]
    players = ", ".join(f"{p['seat'] + 1}:{_player(words, p)}" for p in match["players"])
    label = f" \u2014 {match['label']}" if match["label"] else ""
    fmt = f" ({match['format']})" if match["format"] else ""
    count = match["deals"]
    deals = words.ngettext("{count} deal", "{count} deals", count).format(count=count)
    return [
        _("Match {id}: {variant}, {status}, {deals}").format(
            id=match["id"],
            variant=f"{match['variant']}{fmt}{label}",
            status=_(match["status"]),
            deals=deals,
        ),
        _("Players: {players}").format(players=players),
    ]


def _void_note(deal: dict[str, Any]) -> str | None:
    """``void: WHY`` when the deal was voided (`whist void`: its marker entry), else None."""
    for line in deal["lines"]:
        if line["category"] == "void":
            return str(line["note"])
    return None


def _correction_notes(deal: dict[str, Any]) -> tuple[str, ...]:
    """The notes of a deal's corrections (none for a voided deal: its compensations are
    the void's)."""
    return tuple(str(x["note"]) for x in deal["lines"] if x["corrects"] and x["category"] != "void")


def _deal_marks(deal: dict[str, Any], void: bool) -> tuple[str, ...]:
    if void:
        return (VOID,)
    return (CORRECTION,) if any(x["corrects"] for x in deal["lines"]) else ()


# -- the three layouts ---------------------------------------------------------------------


def _sides(words: SheetWords, sheet: dict[str, Any], layout: ScoreSheet) -> SheetView:
    _ = words.gettext
    we, they = (
        words.seat_letters(str(sheet["parties"][0])),
        words.seat_letters(str(sheet["parties"][1])),
    )
    above_items = list(layout.above_the_line)
    place = {item.category: i for i, item in enumerate(above_items)}
    head = [_("We ({side})").format(side=we), _("They ({side})").format(side=they)]
    table = SheetTable([_("deal"), *head, ""], [], [], [], frozenset({1, 2}), notes_column=3)
    below = [0, 0]
    above = [[0, 0] for _item in above_items]
    for deal in sheet["deals"]:
        number = deal["number"]
        if deal["status"] != "complete":
            table.add([number, "", "", _("in progress")], "deal", number, (IN_PROGRESS,))
            continue
        void = _void_note(deal) is not None
        shown = False
        for line in deal["lines"]:
            if line["category"] in place:
                continue
            points = [0, 0]
            points[line["party"]] = line["points"]
            below[line["party"]] += line["points"]
            marks = (VOID,) if void else (CORRECTION,) if line["corrects"] else ()
            table.add(
                [number if not shown else "", signed(points[0]), signed(points[1]), line["note"]],
                "line" if shown else "deal",
                number,
                marks,
            )
            shown = True
        if not shown:
            table.add(
                [number, ".", ".", deal["summary"] or _("no score")],
                "deal",
                number,
                (VOID,) if void else (),
            )
        above_lines = [x for x in deal["lines"] if x["category"] in place]
        for line in above_lines:
            points = [0, 0]
            points[line["party"]] = line["points"]
            index = place[line["category"]]
            above[index][line["party"]] += line["points"]
            marker = _translated(words, above_items[index].marker)
            marks = (VOID,) if void else (CORRECTION,) if line["corrects"] else ()
            table.add(
                ["", signed(points[0]), signed(points[1]), f"{marker}: {line['note']}"],
                "above",
                number,
                marks,
            )
        if above_lines:  # scored above the line (a game won): the line is ruled off
            table.add(["=" * 4, "=" * 7, "=" * 9, ""], "rule", number)
    for line in sheet["adjustments"]:
        points = [0, 0]
        points[line["party"]] = line["points"]
        if line["category"] in place:
            above[place[line["category"]]][line["party"]] += line["points"]
        else:
            below[line["party"]] += line["points"]
        table.add(
            [_("adj."), signed(points[0]), signed(points[1]), line["note"]],
            "adjustment",
            None,
            (ADJUSTMENT,),
        )
    carried = sheet.get("carried") or [0, 0]
    blocks: list[Block] = [SheetText(text, "heading") for text in heading(words, sheet)]
    sides = (
        f"{head[0]}: {_side_names(words, sheet, 0)}    {head[1]}: {_side_names(words, sheet, 1)}"
    )
    blocks += [SheetText(sides, "sides"), SheetText("", "blank")]
    if any(carried):
        blocks.append(
            SheetText(
                _("carried from deals before {first}: {totals}").format(
                    first=sheet["page"]["first"], totals=f"{carried[0]} / {carried[1]}"
                ),
                "carried",
            )
        )
    blocks += [table, SheetText("", "blank")]
    match_points = [sum(values[i] for values in above) for i in range(2)]
    totals = SheetTable(
        [_("totals (this page)") if any(carried) else _("totals"), *head],
        [],
        [],
        [],
        frozenset({1, 2}),
        fit=False,
    )
    totals.add([_translated(words, layout.below_total), below[0], below[1]], "grand_total", None)
    for item, values in zip(above_items, above, strict=True):
        totals.add([_translated(words, item.total), values[0], values[1]], "grand_total", None)
    totals.add(
        [_translated(words, layout.match_total), match_points[0], match_points[1]],
        "grand_total",
        None,
    )
    blocks.append(totals)
    net = match_points[0] - match_points[1]
    if net:
        winner = we if net > 0 else they
        blocks.append(
            SheetText(
                _("net: {side} +{points} match points").format(side=winner, points=abs(net)),
                "net",
            )
        )
    if sheet["match"]["summary"]:
        blocks.append(SheetText(sheet["match"]["summary"], "summary"))
    return SheetView("sides", tuple(blocks), (we, they))


def _detail(
    words: SheetWords,
    sheet: dict[str, Any],
    layout: ScoreSheet,
    records: dict[int, dict[str, Any]],
) -> SheetView:
    _ = words.gettext
    assert layout.deal_detail is not None
    parties = [words.seat_letters(str(p)) for p in sheet["parties"]]
    names = [f"{party} {_side_names(words, sheet, i)}".rstrip() for i, party in enumerate(parties)]
    table = SheetTable(
        [_("deal"), _translated(words, layout.detail_heading), *names],
        [],
        [],
        [],
        frozenset(range(2, 2 + len(names))),
        notes_column=1,
    )
    for deal in sheet["deals"]:
        number = deal["number"]
        facts = (records.get(number) or {}).get("facts") or {}
        if deal["status"] != "complete":
            table.add(
                [number, _("in progress"), *[""] * len(parties)], "deal", number, (IN_PROGRESS,)
            )
            continue
        void = _void_note(deal)
        marks = _deal_marks(deal, void is not None)
        notes = () if void is not None else _correction_notes(deal)
        detail = layout.deal_detail(facts, tuple(parties))
        if detail.marks is None:
            table.add(
                [number, _translated(words, detail.summary), *["." for _party in parties]],
                "deal",
                number,
                marks,
                notes,
            )
        else:
            cells = [number, _translated(words, detail.summary)]
            for i in range(len(parties)):
                mark = detail.marks[i] if i < len(detail.marks) else "?"
                took = deal["tricks"][i] if i < len(deal["tricks"]) else "?"
                cells.append(f"{mark}/{took} {signed(deal['points'][i])}")
            table.add(cells, "deal", number, marks, notes)
        if void is not None:
            table.add(["", void, *["" for _party in parties]], "line", number, (VOID,))
        table.add(["", _("total"), *deal["totals"]], "total", number)
    for line in sheet["adjustments"]:
        adjusted: list[Cell] = ["." for _party in parties]
        adjusted[line["party"]] = signed(line["points"])
        table.add([_("adj."), line["note"][:30], *adjusted], "adjustment", None, (ADJUSTMENT,))
    table.add(["", _("TOTAL"), *sheet["totals"]], "grand_total", None)
    blocks: list[Block] = [SheetText(text, "heading") for text in heading(words, sheet)]
    if layout.detail_note:
        blocks.append(SheetText(_translated(words, layout.detail_note), "note"))
    blocks += [SheetText("", "blank"), table]
    if sheet["match"]["summary"]:
        blocks.append(SheetText(sheet["match"]["summary"], "summary"))
    return SheetView("detail", tuple(blocks), tuple(parties))


def _points(words: SheetWords, sheet: dict[str, Any]) -> SheetView:
    _ = words.gettext
    parties = [words.seat_letters(str(p)) for p in sheet["parties"]]
    named = [
        f"{name} ({_side_names(words, sheet, i)})"
        if _side_names(words, sheet, i) not in ("", str(name))
        else str(name)
        for i, name in enumerate(parties)
    ]
    headers = [
        _("deal"),
        *named,
        *[_("total {party}").format(party=p) for p in parties],
        _("result"),
    ]
    table = SheetTable(
        headers,
        [],
        [],
        [],
        frozenset(range(1, 1 + 2 * len(parties))),
        notes_column=len(headers) - 1,
    )
    for deal in sheet["deals"]:
        number = deal["number"]
        if deal["status"] != "complete":
            table.add(
                [number, *[""] * (2 * len(parties)), _("in progress")],
                "deal",
                number,
                (IN_PROGRESS,),
            )
            continue
        void = _void_note(deal)
        table.add(
            [number, *map(signed, deal["points"]), *deal["totals"], void or deal["summary"]],
            "deal",
            number,
            _deal_marks(deal, void is not None),
            () if void is not None else _correction_notes(deal),
        )
    for line in sheet["adjustments"]:
        cells: list[Cell] = ["." for _party in parties]
        cells[line["party"]] = signed(line["points"])
        table.add(
            [_("adj."), *cells, *["" for _party in parties], line["note"]],
            "adjustment",
            None,
            (ADJUSTMENT,),
        )
    blocks: list[Block] = [SheetText(text, "heading") for text in heading(words, sheet)]
    blocks.append(SheetText("", "blank"))
    if any(sheet.get("carried") or []):
        blocks.append(
            SheetText(
                _("carried from deals before {first}: {totals}").format(
                    first=sheet["page"]["first"],
                    totals=", ".join(
                        f"{p} {t}" for p, t in zip(parties, sheet["carried"], strict=True)
                    ),
                ),
                "carried",
            )
        )
    blocks.append(table)
    blocks.append(
        SheetText(
            _("totals: {totals}").format(
                totals=", ".join(f"{p} {t}" for p, t in zip(parties, sheet["totals"], strict=True))
            ),
            "totals",
        )
    )
    if sheet["match"]["summary"]:
        blocks.append(SheetText(sheet["match"]["summary"], "summary"))
    return SheetView("points", tuple(blocks), tuple(parties))


def sheet_view(
    words: SheetWords,
    sheet: dict[str, Any],
    layout: ScoreSheet | None,
    records: dict[int, dict[str, Any]] | None = None,
) -> SheetView:
    """``sheet`` (`Ledger.score_sheet`, its notes already `translated_notes`) laid out as
    ``layout`` declares (``None``: points and running totals), its words through
    ``words``. ``records`` maps a deal's number to its stored ``{"facts": ...}`` for a
    layout with ``deal_detail`` (`sheet_records`)."""
    if layout is not None and layout.layout == "sides" and len(sheet["parties"]) == 2:
        return _sides(words, sheet, layout)
    if layout is not None and layout.deal_detail is not None:
        return _detail(words, sheet, layout, records or {})
    return _points(words, sheet)


# -- the notes in the reader's language -------------------------------------------------------


def _named_sides(message: Message, names: dict[str, str]) -> Message:
    """``message`` with every value that is a party's label (``"NS"``, ``"N"``) replaced
    by that party's players' names (``names``), nested messages alike: a sheet's rows say
    who won, not which seats."""
    values: dict[str, Any] = {}
    for key, value in message.values.items():
        if isinstance(value, Message):
            values[key] = _named_sides(value, names)
        elif isinstance(value, str) and value in names:
            values[key] = names[value]
        else:
            values[key] = value
    return message._replace(values=values)


def _shown(words: SheetWords, data: Any, names: dict[str, str]) -> str | None:
    """A stored message (`openwhist.Message.as_dict`) in the reader's language, the sides
    named by ``names``; None when ``data`` is not a message this openwhist reads."""
    if not isinstance(data, dict):
        return None
    try:
        message = Message.from_dict(data)
    except (KeyError, TypeError, ValueError):
        return None  # not a message this openwhist reads: the stored text it is
    return named_message(words, message, names)


def named_message(words: SheetWords, message: Message, names: dict[str, str]) -> str:
    """``message`` in the reader's language, each party it names by its label (``NS``,
    ``N``) named by its players (``names``, `side_names`): ``Ann & Cy win game 1``."""
    return words.message(_named_sides(message, names))


def party_name(words: SheetWords, names: dict[str, str], party: str) -> str:
    """A party as the sheet names it: its players (``names``, `side_names`), else its
    label as the reader's language writes it (a side of bots: ``EO``)."""
    return names.get(str(party)) or words.seat_letters(str(party))


def match_side_names(words: SheetWords, match: dict[str, Any]) -> dict[str, str]:
    """`side_names` of a match as `Ledger.get_match`, `Ledger.list_matches` or
    `Ledger.finish_match` give it (its ``parties`` and ``players``): what a command that
    prints a match's points names each party by."""
    return side_names(words, {"parties": match.get("parties", []), "match": match})


def side_names(words: SheetWords, sheet: dict[str, Any]) -> dict[str, str]:
    """Each party's label (``"NS"``) and the names of its players (``"Ann & Cy"``), for the
    parties whose players have names other than their label."""
    out = {}
    for index, party in enumerate(sheet["parties"]):
        names = _side_names(words, sheet, index)
        label = words.seat_letters(str(party))
        if names.replace(" & ", "") == label:
            names = label  # a side of seat letters reads as its label: EO
        if names and names != str(party):
            out[str(party)] = names
    return out


def translated_notes(
    words: SheetWords, sheet: dict[str, Any], records: dict[int, dict[str, Any]]
) -> dict[str, Any]:
    """``sheet`` with its notes and summaries in the reader's language.

    The ledger keeps a line's note, a deal's summary and the match's summary as their
    untranslated rendering; the deal's record keeps the variant's messages they were rendered
    from (`openwhist.Message`: the score lines, the progress's awards -- a game, a rubber --
    and its summary), which the plugin's catalogue translates. A text is replaced only by the
    translation of the message whose untranslated rendering it is, so a correction's or an
    adjustment's own note (typed by the secretary) stays as it was typed, and a ledger from
    before messages were stored shows its notes as stored. Where a message names a side by
    its label (``NS``), the sheet names its players."""
    names = side_names(words, sheet)
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
            text = _shown(words, line.get("message"), names)
            if text is not None:
                shown.setdefault(str(line.get("note", "")), text)
        deal = dict(deal)
        if shown:
            deal["lines"] = [{**x, "note": shown.get(x["note"], x["note"])} for x in deal["lines"]]
        summary = _shown(words, progress.get("summary_message"), names)
        if summary is not None and deal.get("summary") == progress.get("summary"):
            deal["summary"] = summary
        deals.append(deal)
    out["deals"] = deals
    out["match"] = _translated_match(words, sheet["match"], last_progress, names)
    return out


def _translated_match(
    words: SheetWords, match: dict[str, Any], last_progress: dict[str, Any], names: dict[str, str]
) -> dict[str, Any]:
    """The match's summary in the reader's language: the rules' summary from its stored
    message (the match's own, else the last deal's), or the corrected totals
    (`openwhist.ledger.sheet.with_ledger_totals`) written anew."""
    _ = words.gettext
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
    text = _shown(words, data, names)
    if text is not None and summary == rules:
        match["summary"] = text
    return match


def summary_text(words: SheetWords, match: dict[str, Any]) -> str:
    """A listed match's summary (`Ledger.list_matches`) as its sheet shows it: from the
    message it was rendered from, in the reader's language, each side named by its
    players; as stored when there is none."""
    return str(
        _translated_match(words, match, {}, match_side_names(words, match)).get("summary", "")
    )


def sheet_records(
    ledger: Any, match: int, sheet: dict[str, Any], *, translate: bool
) -> dict[int, dict[str, Any]]:
    """What the sheet of ``match`` needs of its deals' records: per deal number, the
    variant's facts (for a layout with deal detail) and, when ``translate``, the stored
    score lines and progress that `translated_notes` renders. ``ledger``: a
    `openwhist.services.ledger.Ledger` (or its quick reader)."""
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


# -- for a front end without its own words ---------------------------------------------------


_COMPASS = frozenset("NESW")


def words_from(translations: Any, number: Callable[[float], str] | None = None) -> SheetWords:
    """`SheetWords` from a gettext ``translations`` object (the server's pages: its own
    catalogue, then the core's and the plugins' -- `openwhist.services.shown.translations`):
    seat letters by their ``seat`` context as the CLI writes them, a message rendered with
    cards as symbols (``K♠``) and floats through ``number``."""

    def seat_letters(label: str) -> str:
        found = str(translations.pgettext("seat", label))
        if found != label or len(label) < 2:
            return found
        if not all(letter in _COMPASS for letter in label):
            return label
        return "".join(str(translations.pgettext("seat", letter)) for letter in label)

    def message(message: Message) -> str:
        try:
            return message.render(translations=translations, number=number)
        except (KeyError, ValueError, TypeError):
            return message.text

    return SheetWords(translations.gettext, translations.ngettext, seat_letters, message)


def cells_text(row: Sequence[Cell]) -> list[str]:
    """A row's cells as text (an int as itself), as every front end prints them."""
    return [str(cell) for cell in row]


__all__ = [
    "ADJUSTMENT",
    "CORRECTION",
    "IN_PROGRESS",
    "VOID",
    "Block",
    "Cell",
    "RowKind",
    "SheetTable",
    "SheetText",
    "SheetView",
    "SheetWords",
    "TextRole",
    "cells_text",
    "heading",
    "match_side_names",
    "named_message",
    "party_name",
    "sheet_records",
    "sheet_view",
    "side_names",
    "signed",
    "summary_text",
    "translated_notes",
    "words_from",
]
