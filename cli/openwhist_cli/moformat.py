"""Compiling a gettext catalogue (``.po``) to the binary ``.mo`` that `gettext` reads.

`whist new-variant` writes a new plugin's catalogues and compiles them here, because Babel
(whose ``pybabel compile`` does the same) is a tool for authors, not a dependency of
openwhist. It reads what Babel writes and the template holds: ``msgid``, ``msgid_plural``,
``msgstr`` and ``msgstr[N]``, continued over several quoted lines, optionally ``msgctxt``;
comments are skipped. As ``msgfmt`` and ``pybabel compile`` do, an entry without a
translation (or marked ``fuzzy``) is left out, so its text shows in the source language.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

MAGIC = 0x950412DE
"""The little-endian ``.mo`` magic number (GNU gettext's)."""

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b"}


class CatalogueSyntaxError(ValueError):
    """A line of a ``.po`` file that is not gettext's syntax (its number is in the message)."""


@dataclass
class _Entry:
    context: str | None = None
    msgid: str | None = None
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False


def _unquote(text: str, number: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogueSyntaxError(f"line {number}: expected a quoted string, got {text!r}")
    body = text[1:-1]
    out: list[str] = []
    i = 0
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            escaped = body[i + 1]
            if escaped not in _ESCAPES:
                raise CatalogueSyntaxError(f"line {number}: unknown escape \\{escaped}")
            out.append(_ESCAPES[escaped])
            i += 2
            continue
        out.append(char)
        i += 1
    return "".join(out)


def parse_po(text: str) -> dict[str, str]:
    """The translated entries of a ``.po`` file: key -> translation, as the ``.mo`` holds
    them (a plural entry's key is ``singular NUL plural``, its translation the forms joined
    by NUL; an entry with a context is keyed ``context EOT msgid``). The header (msgid
    ``""``) is kept.

    Raises:
        CatalogueSyntaxError: a line that is not gettext's syntax.
    """
    entries: list[_Entry] = []
    entry = _Entry()
    field_name: str | None = None  # the field a continuation line adds to
    index = 0

    def finish() -> None:
        nonlocal entry, field_name
        if entry.msgid is not None:
            entries.append(entry)
        entry, field_name = _Entry(), None

    def append(value: str) -> None:
        if field_name == "msgctxt":
            entry.context = (entry.context or "") + value
        elif field_name == "msgid":
            entry.msgid = (entry.msgid or "") + value
        elif field_name == "msgid_plural":
            entry.plural = (entry.plural or "") + value
        elif field_name == "msgstr":
            entry.strings[index] = entry.strings.get(index, "") + value

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line[2:].replace(",", " ").split():
                if entry.msgid is not None:
                    finish()
                entry.fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if field_name is None:
                raise CatalogueSyntaxError(f"line {number}: a string outside any entry")
            append(_unquote(line, number))
            continue
        if keyword == "msgctxt" or (keyword == "msgid" and entry.strings):
            finish()
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            field_name = keyword
        elif keyword == "msgstr":
            field_name, index = "msgstr", 0
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            try:
                index = int(keyword[7:-1])
            except ValueError:
                raise CatalogueSyntaxError(f"line {number}: bad plural index {keyword}") from None
            field_name = "msgstr"
        else:
            raise CatalogueSyntaxError(f"line {number}: unknown keyword {keyword!r}")
        if field_name == "msgstr":
            entry.strings.setdefault(index, "")
        append(_unquote(rest, number))
    finish()

    compiled: dict[str, str] = {}
    for item in entries:
        assert item.msgid is not None
        forms = [item.strings.get(i, "") for i in range(len(item.strings))]
        if (item.fuzzy and item.msgid) or not any(forms):
            continue  # untranslated or fuzzy: the source text shows
        key = item.msgid if item.plural is None else f"{item.msgid}\0{item.plural}"
        if item.context is not None:
            key = f"{item.context}\x04{key}"
        compiled[key] = "\0".join(forms)
    return compiled


def mo_bytes(messages: dict[str, str]) -> bytes:
    """The ``.mo`` file of ``messages`` (key -> translation, as `parse_po` gives them)."""
    keys = sorted(messages, key=lambda k: k.encode("utf-8"))
    ids = [k.encode("utf-8") for k in keys]
    strs = [messages[k].encode("utf-8") for k in keys]
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    tables: list[int] = []
    blob = b""
    for text in ids:
        tables += [len(text), data_at + len(blob)]
        blob += text + b"\0"
    for text in strs:
        tables += [len(text), data_at + len(blob)]
        blob += text + b"\0"
    header = struct.pack("<7I", MAGIC, 0, count, originals_at, translations_at, 0, data_at)
    return header + struct.pack(f"<{len(tables)}I", *tables) + blob


def compile_po(text: str) -> bytes:
    """The ``.mo`` file of a ``.po`` file's text (`parse_po`, then `mo_bytes`)."""
    return mo_bytes(parse_po(text))


__all__ = ["CatalogueSyntaxError", "compile_po", "mo_bytes", "parse_po"]
