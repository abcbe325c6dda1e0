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


def shown_option_value(value: object) -> str:
    """An option's value for a player to read: yes/no for a flag (in the chosen language),
    a list as its items, anything else as `option_value` spells it."""
    from openwhist_cli.i18n import _

    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return ", ".join(option_value(v) for v in value)
    return option_value(value)


YES_WORDS = ("true", "yes", "y", "on")
NO_WORDS = ("false", "no", "n", "off")


def typed_option_value(text: str) -> str:
    """An option's value as a player typed it, for the variant's options model: yes/no
    (and true/false) in the chosen language or untranslated become ``true``/``false``;
    anything else is left as typed."""
    from openwhist_cli.i18n import N_
    from openwhist_cli.prompt import is_word

    if is_word(text, (*YES_WORDS, N_("yes"), N_("y"), N_("true"))):
        return "true"
    if is_word(text, (*NO_WORDS, N_("no"), N_("n"), N_("false"))):
        return "false"
    return text
