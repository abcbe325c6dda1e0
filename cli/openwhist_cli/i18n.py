"""User-facing text through gettext: domain ``messages``, catalogues in ``locale/``.

Mark text with `_` (and `ngettext` for counts); mark text that must be translated later,
at display time, with `N_` (variant titles, rule terms, score categories). The language is
chosen once per run by `setup`:

1. ``--lang`` (the ``lang`` argument; a command's own ``--lang``, else the one given to
   `prefer`: ``whist --lang es ...``),
2. ``OPENWHIST_LANG``,
3. the locale: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (gettext's own order).

The help texts of the commands (Typer's, and Click's own words: ``Usage:``, ``Options``)
are translated too: see `openwhist_cli.helptext`.

The source language is ``en``; Spanish (``es``), Portuguese (``pt``) and Italian (``it``)
ship compiled. A language without a catalogue falls back to the source text, never an error.

Text that plugins produce (score lines, summaries, rejection and hint reasons, titles and
option descriptions) is translated by the plugins' own catalogues (`openwhist.game.messages`),
which `use_plugin_catalogues` adds after ours.

**How the ``.mo`` files are built**: they are committed next to their ``.po`` sources (so
the wheel, built by hatchling without a build hook, ships them), and
``tests/test_i18n.py`` fails when a ``.mo`` no longer matches its ``.po`` or a message
lacks a translation. After editing text, run (from the repository root)::

    bash tools/catalogues.sh update    # every package's catalogue: extract and merge
    # translate the new entries in each messages.po, then:
    bash tools/catalogues.sh compile
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable
from pathlib import Path

DOMAIN = "messages"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "es", "pt", "it")
"""The languages with complete catalogues (``en``, the source, first)."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_plugin_dirs: tuple[Path, ...] = ()
_preferred: str | None = None


def prefer(lang: str | None) -> None:
    """The language of this run's ``whist --lang``: used by `setup` when it is given none
    (so ``whist --lang es play`` plays in Spanish); None forgets it."""
    global _preferred
    _preferred = lang or None


def _requested(lang: str | None) -> list[str]:
    """The language codes asked for, most wanted first."""
    if lang:
        return [lang]
    if _preferred:
        return [_preferred]
    chosen = os.environ.get("OPENWHIST_LANG")
    if chosen:
        return [chosen]
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return value.split(":")
    return []


def setup(lang: str | None = None) -> str:
    """Choose the language for this run and return its code (``en``, ``es``, ``pt``, ``it``).

    ``lang`` may be ``es``, ``es_AR.UTF-8``, ``pt-BR`` and the like; the first requested
    language with a catalogue wins, and anything else (``C``, ``fr``) means ``en``. The
    plugins' catalogues given to `use_plugin_catalogues` are consulted after ours.
    """
    global _language
    _language = "en"
    for item in _requested(lang):
        code = item.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code == "en":
            break
        if code in LANGUAGES:
            _language = code
            break
    _build()
    return _language


def use_plugin_catalogues(directories: Iterable[Path]) -> None:
    """Consult these plugin ``locale`` directories (`Catalog.locale_dirs`) after our own
    catalogue, for text the plugins produce: score lines, summaries, reasons, option
    descriptions. A plugin without a catalogue for the language adds nothing; a catalogue
    that cannot be read is skipped (its text shows in the source language), never an error."""
    global _plugin_dirs
    _plugin_dirs = tuple(directories)
    _build()


def _build() -> None:
    global _translation
    if _language == "en":
        _translation = gettext.NullTranslations()
        return
    with (LOCALE_DIR / _language / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as handle:
        _translation = gettext.GNUTranslations(handle)
    for directory in (*_plugin_dirs, *_core_dir(_plugin_dirs)):
        path = directory / _language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        try:
            with path.open("rb") as handle:
                _translation.add_fallback(gettext.GNUTranslations(handle))
        except (OSError, ValueError, UnicodeDecodeError):
            continue  # no catalogue for this language, or a broken one: the source text it is


def _core_dir(known: tuple[Path, ...]) -> tuple[Path, ...]:
    """The core's catalogue directory (``openwhist/locale``) unless ``known`` holds it: the
    services' and the ledger's errors are translated there, and they are shown by commands
    that never load the plugins (`whist matches` on a ledger it cannot open). Found without
    importing openwhist, which would slow every command down."""
    import importlib.util

    spec = importlib.util.find_spec("openwhist")
    if spec is None or spec.origin is None:  # pragma: no cover - openwhist is a dependency
        return ()
    directory = Path(spec.origin).parent / "locale"
    return () if directory in known else (directory,)


def translations() -> gettext.NullTranslations:
    """The chosen language's translations, ours and the plugins' (for
    `openwhist.game.messages.Message.render`)."""
    return _translation


def language() -> str:
    """The language chosen by `setup` (``en`` by default)."""
    return _language


def _(message: str) -> str:
    """``message`` in the chosen language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the chosen language."""
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` of ``context`` (a word that means different things: a seat's letter,
    a match format) in the chosen language."""
    return _translation.pgettext(context, message)


def _compass_letters() -> tuple[str, ...]:
    """The compass seats' letters, marked for the catalogue (context ``seat``): Spanish,
    Portuguese and Italian write West ``O`` (Oeste, Ovest); never called at run time."""
    return (
        pgettext("seat", "N"),
        pgettext("seat", "E"),
        pgettext("seat", "S"),
        pgettext("seat", "W"),
    )


def seat_letters(label: str) -> str:
    """A seat's or a side's letters (``W``, ``EW``) as the chosen language writes them
    (``O``, ``EO`` in Spanish): the label's own translation (context ``seat``), else each
    letter's when every letter has one; anything else (``Ann``, ``A``) as it is. Only
    for showing: what is stored and typed in records stays the variant's name."""
    found = _translation.pgettext("seat", label)
    if found != label or len(label) < 2:
        return found
    if not all(letter in _COMPASS for letter in label):
        return label
    return "".join(_translation.pgettext("seat", letter) for letter in label)


_COMPASS = frozenset("NESW")
"""The letters `_compass_letters` marks (a side's label is read letter by letter only when
it is made of them)."""


def typed_seat(typed: str, seat_names: Iterable[str]) -> str:
    """What a player typed for a seat (``O``, ``o``, ``W``, ``2``), as the variant's seat
    name when it is one written as the chosen language writes it (`seat_letters`), else as
    typed: ``--seat O=human`` is ``W`` in Spanish, and the untranslated letters still work."""
    names = list(seat_names)
    if typed in names:
        return typed
    for name in names:
        if seat_letters(name).lower() == typed.strip().lower() and seat_letters(name) != name:
            return name
    return typed


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` for extraction only; translate it later with `_`."""
    return message


__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "language",
    "ngettext",
    "pgettext",
    "prefer",
    "seat_letters",
    "setup",
    "translations",
    "typed_seat",
    "use_plugin_catalogues",
]
