"""`Spool`: an append-only list of JSON values kept in an anonymous temporary file.

A long run's per-match or per-deal lines (``whist simulate``'s match results, ``whist
arena``'s deal results) belong in its output, but keeping them in memory until the run ends
makes its memory grow with the run: 100,000 deal results are about 40 MB of Python objects.
A `Spool` writes each value as one line of compact JSON as it comes and reads them back, in
order, when the output is written; only its write buffer stays in memory.

Values round-trip through `json`: what comes back equals what went in for JSON values
(dicts keep their key order; tuples come back as lists).
"""

from __future__ import annotations

import json
import tempfile
import weakref
from collections.abc import Iterator
from typing import Any


class Spool:
    """An append-only sequence of JSON values on disk; iterate it any number of times.

    Appending while an iteration is under way is not supported (the iteration then may or
    may not see the new values). The file is deleted when the spool is closed or collected.
    """

    def __init__(self) -> None:
        # The file lives as long as the spool, not a block: closed by close() or collection.
        self._file = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")  # noqa: SIM115
        # Closed when the spool is collected, so no caller leaks a file descriptor.
        self._close = weakref.finalize(self, self._file.close)
        self._count = 0
        self._at_end = True

    def append(self, value: Any) -> None:
        """Add ``value`` (any JSON value) at the end.

        Raises:
            TypeError: ``value`` is not JSON-serialisable.
        """
        line = json.dumps(value, ensure_ascii=False)
        if not self._at_end:
            self._file.seek(0, 2)
            self._at_end = True
        self._file.write(line + "\n")
        self._count += 1

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Any]:
        self._file.flush()
        self._file.seek(0)
        self._at_end = False
        for line in self._file:
            yield json.loads(line)

    def close(self) -> None:
        """Delete the file (the spool is empty afterwards)."""
        self._close()
        self._count = 0

    def __repr__(self) -> str:
        return f"Spool({self._count} values)"


__all__ = ["Spool"]
