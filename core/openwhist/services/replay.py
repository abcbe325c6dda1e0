"""Check a file of game records: read each one and replay it with checked moves.

A file holds either **JSON lines** (one record per non-blank line, as ``whist simulate
--records`` writes) or **one JSON document**: a record, or a list of records. The whole text
is tried as one document first; if it is not valid JSON and its first non-blank line is
valid JSON on its own, it is read as JSON lines, so a broken line is reported with its line
number while the other lines are still checked. Otherwise the file is one malformed
document.

Every check result names the record by its 1-based position in the file (``match``) and,
for JSON lines, its 1-based ``line``; a replay error adds the 1-based ``deal`` and
``action`` (see `openwhist.records`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from openwhist.errors import RecordError
from openwhist.plugins import Catalog
from openwhist.records import GameRecord, load_record, replay_record


@dataclass(frozen=True)
class RecordCheck:
    """The verdict on one record of a file."""

    match: int
    line: int | None
    ok: bool
    variant: str | None = None
    deals: int = 0
    result: str | None = None
    error: str | None = None
    deal: int | None = None
    action: int | None = None
    notes: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form for ``whist replay --json``."""
        return {
            "match": self.match,
            "line": self.line,
            "ok": self.ok,
            "variant": self.variant,
            "deals": self.deals,
            "result": self.result,
            "error": self.error,
            "deal": self.deal,
            "action": self.action,
            "notes": list(self.notes),
        }


def split_documents(text: str) -> list[tuple[int | None, Any | RecordError]]:
    """The decoded documents of a file, each with its 1-based line (``None`` for a whole-file
    document); an undecodable line or file becomes a `RecordError` in its place.
    """
    if not text.strip():
        return [(None, RecordError("the file holds no records"))]
    try:
        whole = json.loads(text)
    except json.JSONDecodeError as exc:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
        try:
            json.loads(lines[0][1])
        except json.JSONDecodeError:
            return [(None, RecordError(f"malformed JSON: {exc}"))]
        out: list[tuple[int | None, Any | RecordError]] = []
        for number, line in lines:
            try:
                out.append((number, json.loads(line)))
            except json.JSONDecodeError as line_exc:
                out.append((number, RecordError(f"malformed JSON: {line_exc}")))
        return out
    if isinstance(whole, list):
        if not whole:
            return [(None, RecordError("the file holds an empty list of records"))]
        return [(None, item) for item in whole]
    return [(None, whole)]


def check_record(
    catalog: Catalog, document: Any, *, match: int, line: int | None = None
) -> RecordCheck:
    """Validate and replay one decoded document; never raises `RecordError`."""
    variant: str | None = None
    try:
        if isinstance(document, RecordError):
            raise document
        record = load_record(document)
        variant = record.variant
        replay = replay_record(record, catalog)
    except RecordError as exc:
        return RecordCheck(
            match,
            line,
            ok=False,
            variant=variant,
            error=str(exc),
            deal=exc.deal,
            action=exc.action,
        )
    return RecordCheck(
        match,
        line,
        ok=True,
        variant=record.variant,
        deals=len(replay.deals),
        result=replay.progress.summary,
        notes=tuple(_version_notes(catalog, record)),
    )


def check_text(catalog: Catalog, text: str) -> list[RecordCheck]:
    """Check every record in ``text`` (JSON lines or one JSON document)."""
    return [
        check_record(catalog, document, match=index, line=line)
        for index, (line, document) in enumerate(split_documents(text), start=1)
    ]


def _version_notes(catalog: Catalog, record: GameRecord) -> list[str]:
    """A note when the record was written by another version of its variant's plugin (it
    still replayed identically, which is worth knowing)."""
    entry = catalog.variants.get(record.variant)
    if entry is None or record.variant_version in (None, entry.version):
        return []
    return [
        f"recorded with {record.variant_distribution or record.variant} "
        f"{record.variant_version}; replayed with {entry.distribution} {entry.version}"
    ]


__all__ = ["RecordCheck", "check_record", "check_text", "split_documents"]
