"""Report tables that fit the terminal: ``whist matches``, ``standings`` and ``scores``.

`fit_table` lays a report out with Rich's table layout, as wide as the terminal (80
columns when the output is not a terminal, or ``$COLUMNS``): text columns that may wrap
(`Column.wrap`: players, score, notes) wrap within their cell, and while the table still
does not fit, the columns of lowest priority (highest `Column.drop`) are left out, the last
one first, and named under the table. Columns with ``drop=0`` are essential and always
shown. ``wide`` shows every column at its natural width, whatever the terminal (``--wide``).
The output is plain text: no colour, no box but a rule under the headers.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openwhist_cli.i18n import _

DEFAULT_WIDTH = 80
"""The width when the output is not a terminal and ``$COLUMNS`` is not set."""


@dataclass(frozen=True)
class Column:
    """One column of a report.

    Attributes:
        header: its heading (already in the reader's language).
        right: right-aligned (numbers).
        drop: 0: essential, never left out; otherwise the higher, the sooner it is left
            out when the table does not fit.
        wrap: its cells may wrap over several lines (free text); it keeps at least
            `WRAP_WIDTH` columns unless ``squeeze``.
        squeeze: a wrapping column that Rich may narrow as far as it needs (a heading
            of names over short figures).
    """

    header: str
    right: bool = False
    drop: int = 0
    wrap: bool = False
    squeeze: bool = False


def report_width() -> int:
    """The width reports fit: ``$COLUMNS``, else the terminal's, else `DEFAULT_WIDTH`."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        import sys

        if sys.stdout.isatty():
            return os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError):
        pass
    return DEFAULT_WIDTH


WRAP_WIDTH = 20
"""A wrapping column keeps at least this width (or its longest cell's, if narrower):
columns are left out before free text is squeezed into a narrow strip."""


def _render(
    columns: Sequence[Column], rows: Sequence[Sequence[Any]], width: int, *, wide: bool = False
) -> list[str]:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1, 0, 0),
        show_header=True,
        header_style="",
        safe_box=True,
    )
    for index, column in enumerate(columns):
        table.add_column(
            column.header,
            justify="right" if column.right else "left",
            no_wrap=wide or not column.wrap,
            overflow="fold",
            min_width=None
            if wide or not column.wrap or column.squeeze
            else _wrap_width(column, rows, index),
        )
    for row in rows:
        table.add_row(*(str(cell) for cell in row))
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=width, color_system=None, force_terminal=False, legacy_windows=False
    )
    console.print(table, crop=False)
    return [line.rstrip() for line in buffer.getvalue().splitlines()]


def _wrap_width(column: Column, rows: Sequence[Sequence[Any]], index: int) -> int:
    cells = [column.header, *(str(row[index]) for row in rows)]
    return min(max(len(cell) for cell in cells), max(WRAP_WIDTH, len(column.header)))


def _minimum_width(columns: Sequence[Column], rows: Sequence[Sequence[Any]]) -> int:
    """The narrowest the table may be: a wrapping column `_wrap_width` wide, the others as
    their longest cell; two spaces between columns."""
    total = 0
    for index, column in enumerate(columns):
        if column.squeeze:
            total += 4
        elif column.wrap:
            total += _wrap_width(column, rows, index)
        else:
            total += max(len(str(cell)) for cell in [column.header, *(r[index] for r in rows)])
    return total + 2 * (len(columns) - 1)


def _sample(rows: Sequence[Sequence[Any]]) -> list[Sequence[Any]]:
    """Rows that Rich measures as it measures all of ``rows``: for each column, the row of
    its longest cell and the row of its longest word (a column's measure is the widest of
    each over its cells). Finding the layout's width on them costs a few rows, not the
    whole sheet."""
    chosen: dict[int, None] = {}
    for index in range(len(rows[0]) if rows else 0):
        cells = [str(row[index]) for row in rows]
        chosen[max(range(len(cells)), key=lambda i: len(cells[i]))] = None
        words = [max((len(w) for w in cell.split()), default=0) for cell in cells]
        chosen[max(range(len(cells)), key=lambda i: words[i])] = None
    return [rows[i] for i in chosen]


def _fitting_width(columns: Sequence[Column], sample: Sequence[Sequence[Any]], target: int) -> int:
    """The width to ask Rich for so that the table comes out at most ``target`` wide:
    ``target`` itself, or less when columns with minimum widths make Rich's layout a
    little wider than asked (found on ``sample``, see `_sample`)."""
    width = target
    for _attempt in range(40):
        widest = max(map(len, _render(columns, sample, width)), default=0)
        if widest <= target:
            return width
        width -= max(1, widest - target)
    return width


def fit_table(
    columns: Sequence[Column],
    rows: Sequence[Sequence[Any]],
    *,
    wide: bool = False,
    width: int | None = None,
) -> str:
    """``rows`` under ``columns`` as text that fits ``width`` (default `report_width`), or
    every column at its natural width with ``wide`` (see the module docstring). A line under
    the table names the columns left out and says ``--wide`` shows them."""
    keep = list(range(len(columns)))
    if wide:
        return "\n".join(_render(columns, rows, 1_000_000, wide=True))
    target = width if width is not None else report_width()
    dropped: list[str] = []
    while True:
        kept = [columns[i] for i in keep]
        kept_rows = [[row[i] for i in keep] for row in rows]
        droppable = [i for i in keep if columns[i].drop > 0]
        if _minimum_width(kept, kept_rows) <= target or not droppable:
            break
        worst = max(droppable, key=lambda i: (columns[i].drop, i))
        keep.remove(worst)
        dropped.insert(0, columns[worst].header)
    width = _fitting_width(kept, _sample(kept_rows), target)
    lines = _render(kept, kept_rows, width)
    if max(map(len, lines), default=0) > target:  # pragma: no cover - the sample decides
        lines = _render(kept, kept_rows, width - (max(map(len, lines)) - target))
    if dropped:
        lines.append(
            _("(not shown: {columns}; --wide shows every column)").format(
                columns=", ".join(dropped)
            )
        )
    return "\n".join(lines)


__all__ = ["DEFAULT_WIDTH", "Column", "fit_table", "report_width"]
