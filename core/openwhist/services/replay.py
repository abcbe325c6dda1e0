"""Check a file of game records: read each one and replay it with checked moves.

A file holds either **JSON lines** (one record per non-blank line, as ``whist simulate
--records`` writes) or **one JSON document**: a record, or a list of records. The whole text
is tried as one document first; if it is not valid JSON, a text of several lines is read
as JSON lines when any line is a JSON object on its own or every line starts with ``{``
(`split_documents`), so each line gets its own verdict -- a broken first line too -- while
the other lines are still checked. Otherwise the file is one malformed document. No input
makes the check crash: deep nesting, huge integers and bad Unicode are verdicts.

Every check result names the record by its 1-based position in the file (``match``) and,
for JSON lines, its 1-based ``line``; a replay error adds the 1-based ``deal`` and
``action`` (see `openwhist.records`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from openwhist.game.errors import OpenWhistError, RecordError
from openwhist.game.messages import N_, Message
from openwhist.plugins import Catalog

# The game record types, re-exported for front ends (docs/records.md is their format).
from openwhist.records import DealRecord as DealRecord
from openwhist.records import GameRecord as GameRecord
from openwhist.records import decode_json, load_record, replay_record


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
    error_message: Message | None = field(default=None, compare=False)
    """``error`` as a translatable message (a front end shows it in its reader's language)."""
    result_message: Message | None = field(default=None, compare=False)
    """``result`` as the variant's translatable summary, when it gives one."""
    note_messages: tuple[Message, ...] = field(default=(), compare=False)
    """``notes`` as translatable messages, in the same order."""

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

    The whole text is tried as one JSON document first. If that fails, a text of more than
    one non-blank line is read as **JSON lines** when at least one of its lines decodes to a
    JSON object on its own, or when every one of them starts with ``{`` -- so a bad line,
    the first one included, gets its own verdict and every other line is still checked.
    Otherwise (one line, or a pretty-printed document with a mistake in it) the file is one
    malformed document. Decoding is bounded (`openwhist.records.decode_json`): deep
    nesting, huge integers and bad Unicode are verdicts, never crashes.
    """
    if not text.strip():
        return [(None, RecordError(Message(N_("the file holds no records"))))]
    try:
        whole = decode_json(text)
    except RecordError as whole_error:
        # Lines end at "\n" only: str.splitlines would also split at U+2028, U+0085 and
        # other characters that a JSON string may hold raw.
        lines = [(n, line) for n, line in enumerate(text.split("\n"), start=1) if line.strip()]
        if len(lines) < 2:
            return [(None, whole_error)]
        out: list[tuple[int | None, Any | RecordError]] = []
        for number, line in lines:
            try:
                out.append((number, decode_json(line)))
            except RecordError as line_error:
                out.append((number, line_error))
        objects = any(isinstance(doc, dict) for _, doc in out)
        if objects or all(line.startswith("{") for _, line in lines):
            return out
        return [(None, whole_error)]
    if isinstance(whole, list):
        if not whole:
            return [(None, RecordError(Message(N_("the file holds an empty list of records"))))]
        return [(None, item) for item in whole]
    return [(None, whole)]


def check_record(
    catalog: Catalog, document: Any, *, match: int, line: int | None = None
) -> RecordCheck:
    """Validate and replay one decoded document; never raises `RecordError`.

    Any other `OpenWhistError` met while replaying (a plugin that refuses the record's
    options or state, say) is this record's verdict too, so one record never stops the
    check of the others.
    """
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
            error_message=exc.message,
        )
    except OpenWhistError as exc:
        reason = exc.message if exc.message is not None else str(exc)
        error = Message(
            N_("cannot replay: {kind}: {reason}"), {"kind": type(exc).__name__, "reason": reason}
        )
        return RecordCheck(
            match, line, ok=False, variant=variant, error=error.render(), error_message=error
        )
    notes = _version_notes(catalog, record)
    return RecordCheck(
        match,
        line,
        ok=True,
        variant=record.variant,
        deals=len(replay.deals),
        result=replay.progress.summary,
        notes=tuple(note.render() for note in notes),
        result_message=replay.progress.summary_message,
        note_messages=tuple(notes),
    )


def decode_file(data: bytes) -> str:
    """A records file's bytes as text: UTF-8, a leading byte-order mark dropped. Bytes that
    are not UTF-8 do not make the whole file unreadable: they become lone surrogates
    (``surrogateescape``), which `openwhist.records.decode_json` rejects in the line (or the
    document) that holds them, so every other line is still checked."""
    return data.decode("utf-8-sig", errors="surrogateescape")


def check_text(catalog: Catalog, text: str) -> list[RecordCheck]:
    """Check every record in ``text`` (JSON lines or one JSON document)."""
    return [
        check_record(catalog, document, match=index, line=line)
        for index, (line, document) in enumerate(split_documents(text), start=1)
    ]


def _version_notes(catalog: Catalog, record: GameRecord) -> list[Message]:
    """A note when the record was written by another version of its variant's plugin (it
    still replayed identically, which is worth knowing)."""
    entry = catalog.variants.get(record.variant)
    if entry is None or record.variant_version in (None, entry.version):
        return []
    return [
        Message(
            N_("recorded with {recorded} {version}; replayed with {installed} {now}"),
            {
                "recorded": record.variant_distribution or record.variant,
                "version": str(record.variant_version),
                "installed": entry.distribution,
                "now": entry.version,
            },
        )
    ]


__all__ = ["RecordCheck", "check_record", "check_text", "decode_file", "split_documents"]
