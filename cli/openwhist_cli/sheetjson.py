"""``whist scores --json``: a score sheet as JSON text, fast, in pieces.

`iter_sheet_json` yields exactly the text of ``json.dumps(sheet, indent=2,
ensure_ascii=False)``, in pieces of a few thousand deals. The standard library's indented
encoder is pure Python (only the compact one is in C) and took 2.6 s for the whole sheet of
a 100,000-deal match -- 68 MB of text -- so every deal of the usual shape is written here
from fixed templates instead, its strings escaped by the same C function ``json.dumps``
uses. Anything of another shape or type (a key too many, a float, a bool where a number
is expected) is handed to ``json.dumps`` itself, so the text never differs from it.

Nesting is what makes this possible: ``json.dumps`` with ``indent=2`` writes a value
nested ``d`` levels deep exactly as it writes the value alone, with ``2 * d`` more spaces
after every line break (a JSON string never holds a raw line break).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from json.encoder import encode_basestring
from typing import Any

_DEAL_KEYS = (
    "number",
    "dealer",
    "status",
    "source",
    "winner",
    "tricks",
    "summary",
    "lines",
    "points",
    "totals",
)
_LINE_KEYS = ("id", "party", "category", "points", "note", "corrects")

_DEALS_PER_PIECE = 2_000


def dumps_nested(value: Any, depth: int) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)`` as it reads nested ``depth``
    levels deep in an enclosing document."""
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return text.replace("\n", "\n" + "  " * depth) if depth else text


def _list_template(items: list[str], indent: int) -> str:
    """A list value nested at ``indent`` spaces, its items given as (template) text."""
    if not items:
        return "[]"
    inner = "\n" + " " * (indent + 2)
    return "[" + inner + ("," + inner).join(items) + "\n" + " " * indent + "]"


def _object_template(fields: list[tuple[str, str]], indent: int) -> str:
    """An object of ``(key, value template)`` fields nested at ``indent`` spaces."""
    inner = "\n" + " " * (indent + 2)
    pairs = [f"{encode_basestring(key)}: {value}" for key, value in fields]
    return "{" + inner + ("," + inner).join(pairs) + "\n" + " " * indent + "}"


@functools.lru_cache(maxsize=256)
def _deal_template(tricks: int, lines: int, points: int, totals: int) -> str:
    """The %-template of a deal with lists of these lengths, as an item of the sheet's
    ``deals`` list (depth 2: its keys 6 spaces in). Its values, in order: number (%d),
    dealer (%d), status, source, winner (text), each trick count (%d), summary (text), each
    line's id, party (%d), category (text), points (%d), note, corrects (text), each
    point (%d), each total (%d)."""
    line = _object_template(
        [
            ("id", "%d"),
            ("party", "%d"),
            ("category", "%s"),
            ("points", "%d"),
            ("note", "%s"),
            ("corrects", "%s"),
        ],
        8,
    )
    return _object_template(
        [
            ("number", "%d"),
            ("dealer", "%d"),
            ("status", "%s"),
            ("source", "%s"),
            ("winner", "%s"),
            ("tricks", _list_template(["%d"] * tricks, 6)),
            ("summary", "%s"),
            ("lines", _list_template([line] * lines, 6)),
            ("points", _list_template(["%d"] * points, 6)),
            ("totals", _list_template(["%d"] * totals, 6)),
        ],
        4,
    )


def _deal_text(deal: Any, strings: dict[str, str]) -> str:
    """One deal as an item of the sheet's ``deals`` list (from its opening brace).

    ``strings`` remembers the escaped text of the few strings every deal repeats (status,
    source, category).
    """
    if type(deal) is not dict or tuple(deal) != _DEAL_KEYS:
        return dumps_nested(deal, 2)
    number, dealer, status, source, winner, tricks, summary, lines, points, totals = deal.values()
    if not (
        type(tricks) is list
        and type(lines) is list
        and type(points) is list
        and type(totals) is list
        and type(status) is str
        and type(source) is str
        and type(summary) is str
        and (winner is None or type(winner) is int)
    ):
        return dumps_nested(deal, 2)
    # %d writes an int as json.dumps does -- but a bool or a float too, differently.
    for value in (number, dealer, *tricks, *points, *totals):
        if type(value) is not int:
            return dumps_nested(deal, 2)
    status_text = strings.get(status)
    if status_text is None:
        status_text = strings[status] = encode_basestring(status)
    source_text = strings.get(source)
    if source_text is None:
        source_text = strings[source] = encode_basestring(source)
    values = [
        number,
        dealer,
        status_text,
        source_text,
        "null" if winner is None else str(winner),
        *tricks,
        encode_basestring(summary),
    ]
    for line in lines:
        if type(line) is not dict or tuple(line) != _LINE_KEYS:
            return dumps_nested(deal, 2)
        entry_id, party, category, value, note, corrects = line.values()
        if not (
            type(entry_id) is int
            and type(party) is int
            and type(category) is str
            and type(value) is int
            and type(note) is str
            and (corrects is None or type(corrects) is int)
        ):
            return dumps_nested(deal, 2)
        category_text = strings.get(category)
        if category_text is None:
            category_text = strings[category] = encode_basestring(category)
        values += (
            entry_id,
            party,
            category_text,
            value,
            encode_basestring(note),
            "null" if corrects is None else str(corrects),
        )
    values += points
    values += totals
    return _deal_template(len(tricks), len(lines), len(points), len(totals)) % tuple(values)


def iter_sheet_json(sheet: Any) -> Iterator[str]:
    """The text of ``json.dumps(sheet, indent=2, ensure_ascii=False)``, in pieces whose
    concatenation is exactly that text (no trailing newline)."""
    if type(sheet) is not dict or not sheet or not all(type(k) is str for k in sheet):
        yield json.dumps(sheet, indent=2, ensure_ascii=False)
        return
    strings: dict[str, str] = {}
    opening = "{\n  "
    for index, (key, value) in enumerate(sheet.items()):
        head = (opening if index == 0 else ",\n  ") + encode_basestring(key) + ": "
        if key != "deals" or type(value) is not list or not value:
            yield head + dumps_nested(value, 1)
            continue
        yield head + "[\n    "
        for start in range(0, len(value), _DEALS_PER_PIECE):
            piece = ",\n    ".join(
                [_deal_text(deal, strings) for deal in value[start : start + _DEALS_PER_PIECE]]
            )
            yield piece if start == 0 else ",\n    " + piece
        yield "\n  ]"
    yield "\n}"
