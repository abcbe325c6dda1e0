"""Plain-text helpers shared by the report commands (``simulate``, ``arena``)."""

from __future__ import annotations

from collections.abc import Sequence


def text_table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> list[str]:
    """Lines of a plain table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = []
    for row in [header, *rows]:
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        out.append("  ".join(cells).rstrip())
    return out


def option_value(value: object) -> str:
    """An option's value as ``-o key=value`` would spell it (``unset`` for None)."""
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
