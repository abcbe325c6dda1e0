"""The play screens in English, Spanish, Portuguese and Italian (gettext domain ``messages``).

* every message of the CLI's source has a translation in each catalogue, and the committed
  ``.mo`` files match their ``.po`` sources (so the wheel ships current catalogues);
* the language comes from ``--lang``, then ``OPENWHIST_LANG``, then the locale;
* a deal played in each language shows none of the English play-flow messages.
"""

from __future__ import annotations

import gettext
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from openwhist.plugins import load_catalog
from openwhist_cli import i18n
from openwhist_cli.app import app
from typer.testing import CliRunner

LOCALE = i18n.LOCALE_DIR
SOURCE = LOCALE.parent
TRANSLATED = ("es", "pt", "it")


def _source_messages() -> set[str]:
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(SOURCE)):
        found.add(message if isinstance(message, str) else message[0])
    return found


def _po(lang: str) -> dict[str, str]:
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle)
    return {m.id: m.string for m in catalog if m.id and not m.fuzzy}  # type: ignore[misc]


@pytest.fixture(autouse=True)
def _english_afterwards() -> object:
    yield None
    i18n.setup("en")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    messages = _source_messages()
    assert "Your hand ({name}):" in messages  # the extraction does see the play screens
    po = _po(lang)
    missing = sorted(m for m in messages if not po.get(m))
    assert not missing, f"{lang}: untranslated: {missing}"
    for msgid, msgstr in po.items():
        # A translation keeps every placeholder, or str.format fails mid-game.
        assert set(re.findall(r"\{\w+[^}]*\}", msgid)) == set(
            re.findall(r"\{\w+[^}]*\}", msgstr)
        ), (lang, msgid, msgstr)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_matches_its_po(lang: str) -> None:
    with (LOCALE / lang / "LC_MESSAGES" / "messages.mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for msgid, msgstr in _po(lang).items():
        assert compiled.gettext(msgid) == msgstr, (
            f"{lang}: messages.mo is stale for {msgid!r}: run pybabel compile (see i18n.py)"
        )


def test_variant_titles_and_descriptions_of_the_built_ins_are_translated() -> None:
    catalog = load_catalog()
    i18n.setup("es")
    for name in ("german", "english", "american", "israeli"):
        variant = catalog.variant(name)
        assert i18n._(variant.title) != variant.title, variant.title
        assert i18n._(variant.description) != variant.description, variant.description
    assert i18n._("German Whist") == "Whist alemán"
    assert i18n._("tricks") == "bazas"


def test_the_language_comes_from_flag_then_env_then_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("OPENWHIST_LANG", raising=False)
    assert i18n.setup() == "it"
    assert i18n._("Trump: ") == "Briscola: "
    monkeypatch.setenv("OPENWHIST_LANG", "pt-BR")
    assert i18n.setup() == "pt"
    assert i18n.setup("es") == "es"
    assert i18n.setup("fr") == "en"  # no catalogue: English, never an error
    assert i18n._("Trump: ") == "Trump: "


def _helper() -> ModuleType:
    path = Path(__file__).parent / "cli" / "play_script.py"
    spec = importlib.util.spec_from_file_location("openwhist_play_script_i18n", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _english_fragments(lang: str) -> set[str]:
    """Literal pieces of English messages whose translation differs, long enough (two
    words or more) not to occur by chance in other text."""
    fragments = set()
    for msgid, msgstr in _po(lang).items():
        if msgid == msgstr:
            continue
        for piece in re.split(r"\{[^}]*\}", msgid):
            piece = piece.strip(" :.!?")
            if " " in piece and len(piece) >= 8 and piece not in msgstr:
                fragments.add(piece)
    return fragments


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_deal_played_in_each_language_shows_no_english_play_text(lang: str) -> None:
    catalog = load_catalog()
    helper = _helper()
    script = helper.make_script(catalog, "german", seed=7, seats={0: "human"})
    # Typed commands in English still work in every language (? hint undo).
    result = CliRunner().invoke(
        app,
        ["play", "german", "--seed", "7", "--seat", "A=human", "--lang", lang],
        input=script.text,
        env={"NO_COLOR": "1"},
    )
    assert result.exit_code == 0, result.output
    out = result.output
    i18n.setup(lang)
    assert i18n._("Deal result") in out
    assert i18n._("Your hand ({name}):").format(name="A") in out
    leaked = sorted(f for f in _english_fragments(lang) if f in out)
    assert not leaked, f"{lang}: English text on screen: {leaked}"
