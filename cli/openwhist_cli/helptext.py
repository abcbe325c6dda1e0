"""``--help`` in the reader's language: the commands' help texts and Click's own words.

Typer builds every command's help from untranslated text (a docstring, an option's ``help=``)
when the command tree is built, before the command line is read. So the text is translated
when it is about to be shown instead:

* `translate_command` puts the chosen language's help texts on a Click command, its
  parameters and its subcommands, keeping the untranslated originals so a later run in another
  language translates them afresh. `openwhist_cli.app.WhistGroup` calls it on every command
  it hands out, after choosing the language from ``--lang`` (anywhere on the command line:
  ``whist --lang es --help``, ``whist play --lang it --help``), ``OPENWHIST_LANG`` or the
  locale (`language_from_args`).
* Click and Typer mark their own words (``Usage:``, ``Options``, ``Show this message and
  exit.``) for gettext in the global domain, or not at all: `install` points those modules'
  ``_`` and ``ngettext`` at ours, and the commands' context writes the usage prefix and
  ``--help``'s own line through the catalogue (`LIBRARY_TEXT` lists the words). Usage
  errors that Typer's copy of Click writes untranslated (``Error:``, ``Try ... for help.``)
  stay untranslated.

The untranslated help texts reach the catalogue through `openwhist_cli.help_messages`, a file of
``N_`` marks written by ``python -m openwhist_cli.helptext`` (``bash tools/catalogues.sh
update`` runs it); tests/test_i18n.py fails when it is out of date or a text is
untranslated.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from openwhist_cli import i18n
from openwhist_cli.i18n import N_

_SOURCE = "_openwhist_english_help"
"""The attribute that keeps an object's untranslated help texts (see `translate_command`)."""

_COMMAND_TEXT = ("help", "short_help", "epilog")
_PARAM_TEXT = ("help",)

LIBRARY_TEXT = (
    N_("Usage:"),
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("required"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Aborted!"),
)
"""The words of Click and Typer that a player meets in ``--help`` (and two usage errors):
the msgids Typer translates through gettext, and the usage prefix and ``--help``'s own
line, which its copy of Click writes untranslated and `translate_command` translates."""

HELP_OPTION_TEXT = "Show this message and exit."
"""The help of ``--help`` itself, as Click writes it."""

_FORMATTERS: dict[type, type] = {}
_CONTEXTS: dict[type, type] = {}


def _formatter_class(base: type) -> type:
    """``base`` (Click's help formatter) writing the usage prefix and ``--help``'s line in
    the chosen language."""
    if base not in _FORMATTERS:

        class TranslatedHelpFormatter(base):  # type: ignore[misc]
            def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
                if prefix is None:
                    prefix = i18n._("Usage:") + " "
                super().write_usage(prog, args, prefix)

            def write_dl(self, rows: Any, *args: Any, **kwargs: Any) -> None:
                rows = [
                    (term, i18n._(HELP_OPTION_TEXT) if text == HELP_OPTION_TEXT else text)
                    for term, text in rows
                ]
                super().write_dl(rows, *args, **kwargs)

        _FORMATTERS[base] = TranslatedHelpFormatter
    return _FORMATTERS[base]


def _context_class(base: type) -> type:
    """``base`` (a command's Click context class) with `_formatter_class`'s formatter."""
    if base not in _CONTEXTS:
        formatter = _formatter_class(base.formatter_class)  # type: ignore[attr-defined]
        _CONTEXTS[base] = type("TranslatedContext", (base,), {"formatter_class": formatter})
    return _CONTEXTS[base]


_LIBRARY_PACKAGES = ("click", "typer")
"""Click, and Typer (which also carries its own copy of Click, ``typer._click``)."""


def _gettext(message: str) -> str:
    return i18n._(message)


def _ngettext(singular: str, plural: str, count: int) -> str:
    return i18n.ngettext(singular, plural, count)


def install() -> None:
    """Have Click and Typer translate their own words through our catalogue (the chosen
    language's). Their modules bind the standard library's ``gettext`` as ``_`` when they
    are imported; only those bindings are replaced, so a library that changes how it
    translates is left as it is."""
    for name, module in list(sys.modules.items()):
        if module is None or name.split(".")[0] not in _LIBRARY_PACKAGES:
            continue
        if getattr(module, "_", None) is gettext.gettext:
            module._ = _gettext  # type: ignore[attr-defined]
        if getattr(module, "ngettext", None) is gettext.ngettext:
            module.ngettext = _ngettext  # type: ignore[attr-defined]


def language_from_args(args: Sequence[str]) -> str | None:
    """The value of the last ``--lang X`` or ``--lang=X`` before ``--``, else None."""
    found = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


def _objects(command: Any) -> Iterator[tuple[Any, tuple[str, ...]]]:
    yield command, _COMMAND_TEXT
    for param in getattr(command, "params", ()):
        yield param, _PARAM_TEXT
    for sub in getattr(command, "commands", {}).values():
        yield from _objects(sub)


def translate_command(command: Any) -> Any:
    """Put the chosen language's help texts on ``command`` (a Click command or group), its
    parameters and subcommands; returns ``command``. The untranslated originals are kept on
    each object, so translating again (another language) starts from them. Text the
    catalogues do not know stays untranslated."""
    for obj, names in _objects(command):
        context = getattr(obj, "context_class", None)
        if isinstance(context, type) and context not in _CONTEXTS.values():
            obj.context_class = _context_class(context)
        source = getattr(obj, _SOURCE, None)
        if source is None:
            source = {name: getattr(obj, name, None) for name in names}
            setattr(obj, _SOURCE, source)
        for name, text in source.items():
            if text:
                setattr(obj, name, i18n._(text))
    return command


def english_help_texts(command: Any) -> list[str]:
    """Every untranslated help text of ``command``, its parameters and subcommands, in order and
    each once (what the catalogue must translate)."""
    found: list[str] = []
    for obj, names in _objects(command):
        source = getattr(obj, _SOURCE, None) or {name: getattr(obj, name, None) for name in names}
        for text in source.values():
            if text and text not in found:
                found.append(text)
    return found


def built_in_help_texts() -> list[str]:
    """The untranslated help texts of ``whist`` and every built-in command."""
    import typer

    from openwhist_cli.app import BUILT_IN, app, built_in_commands

    texts = english_help_texts(typer.main.get_command(app))
    for module in sorted(set(BUILT_IN.values())):
        for command in built_in_commands(module).values():
            texts.extend(t for t in english_help_texts(command) if t not in texts)
    return texts


def marks_file() -> str:
    """The source of `openwhist_cli.help_messages`: an ``N_`` mark per help text."""
    lines = [
        "# ruff: noqa: E501 - generated: one help text per line",
        '"""The help texts of ``whist`` and its built-in commands, marked for the catalogue.',
        "",
        "Written by ``python -m openwhist_cli.helptext`` (``bash tools/catalogues.sh update``);",
        'do not edit: change the help in the command and run it again."""',
        "",
        "from openwhist_cli.i18n import N_",
        "",
        "HELP_TEXTS = (",
    ]
    lines.extend(f"    N_({text!r})," for text in built_in_help_texts())
    lines.append(")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover - run by tools/catalogues.sh
    from pathlib import Path

    (Path(__file__).parent / "help_messages.py").write_text(marks_file(), encoding="utf-8")
