"""Writing a long report to stdout piece by piece, so its size never sits in memory twice.

`echo_json` writes exactly what ``runtime.echo_json`` writes (``json.dumps(data, indent=2,
ensure_ascii=False)`` and a newline) but in pieces, and accepts, as a value of the top-level
dict, a `Spool` (the services' on-disk list: ``whist simulate``'s match results, ``whist
arena``'s deal results), written item by item as a JSON array. `echo_lines` does the same for
text. ``json.dumps`` with ``indent`` runs Python's pure-Python encoder, which collects every
piece of the text in a list before joining them: about 30 MB for 100,000 deal results.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import typer
from openwhist.services.spool import Spool

_BATCH = 1 << 16
"""Characters gathered before one write (one write per piece would be a system call each)."""


def echo_json(data: Mapping[str, Any]) -> None:
    """``data`` (a dict whose values are JSON values or `Spool`s) to stdout as indented JSON,
    byte for byte as ``json.dumps(data, indent=2, ensure_ascii=False)`` would write it with
    each spool a list."""
    _echo_pieces(_json_pieces(data))
    typer.echo("")


def echo_lines(lines: Iterable[str]) -> None:
    """``lines`` to stdout, one per line, as ``typer.echo("\\n".join(lines))`` would."""
    _echo_pieces(_joined(lines))
    typer.echo("")


def _joined(lines: Iterable[str]) -> Iterator[str]:
    for i, line in enumerate(lines):
        if i:
            yield "\n"
        yield line


def _json_pieces(data: Mapping[str, Any]) -> Iterator[str]:
    if not data:
        yield "{}"
        return
    yield "{"
    for i, (key, value) in enumerate(data.items()):
        yield ",\n  " if i else "\n  "
        yield json.dumps(key, ensure_ascii=False) + ": "
        if isinstance(value, Spool):
            yield from _array_pieces(value)
        else:
            yield _indented(value, "\n  ")
    yield "\n}"


def _array_pieces(items: Iterable[Any]) -> Iterator[str]:
    empty = True
    for item in items:
        yield "[\n    " if empty else ",\n    "
        yield _indented(item, "\n    ")
        empty = False
    yield "[]" if empty else "\n  ]"


def _indented(value: Any, newline: str) -> str:
    """``value`` as indented JSON nested one level deeper (``newline`` carries the indent):
    the same text the encoder writes for it inside its parent (strings never hold a raw
    newline, so every newline in the text is one of the layout's)."""
    return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", newline)


def _echo_pieces(pieces: Iterable[str]) -> None:
    batch: list[str] = []
    size = 0
    for piece in pieces:
        batch.append(piece)
        size += len(piece)
        if size >= _BATCH:
            typer.echo("".join(batch), nl=False)
            batch, size = [], 0
    if batch:
        typer.echo("".join(batch), nl=False)


__all__ = ["echo_json", "echo_lines"]
