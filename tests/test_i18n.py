"""The play screens in English, Spanish, Portuguese and Italian (gettext domain ``messages``).

* every message of the CLI's source has a translation in each catalogue, and the committed
  ``.mo`` files match their ``.po`` sources (so the wheel ships current catalogues);
* the language comes from ``--lang``, then ``OPENWHIST_LANG``, then the locale;
* a deal played in each language shows none of the English play-flow messages.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po
from openwhist.plugins import load_catalog
from openwhist_cli import i18n
from openwhist_cli.app import app
from typer.testing import CliRunner

from tests.script_support import load_script

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("es", "pt", "it")
# Every package that shows players text, and so ships a catalogue in its `locale` directory
# (openwhist.game.messages): the CLI's screens, the core's standard rules, each built-in variant
# and the example plugin.
PACKAGES = {
    "cli": ROOT / "cli" / "openwhist_cli",
    "server": ROOT / "server" / "openwhist_server",
    "core": ROOT / "core" / "openwhist",
    "german": ROOT / "plugins" / "german" / "src" / "openwhist_german",
    "english": ROOT / "plugins" / "english" / "src" / "openwhist_english",
    "israeli": ROOT / "plugins" / "israeli" / "src" / "openwhist_israeli",
    "solo": ROOT / "plugins" / "solo" / "src" / "openwhist_solo",
    "knockout": ROOT / "plugins" / "knockout" / "src" / "openwhist_knockout",
    "example": ROOT / "docs" / "plugins" / "example" / "src" / "openwhist_notrump",
}


def _source_messages(package: str) -> set[str]:
    found = set()
    source = PACKAGES[package]
    # The keywords of tools/catalogues.sh: gettext's defaults (with N_) and plural_message.
    keywords = {**DEFAULT_KEYWORDS, "plural_message": (1, 2)}
    # And its map (tools/babel.cfg): the Python sources and the club pages' templates.
    method_map = [("**.py", "python"), ("**/templates/**.html", "jinja2")]
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(source), method_map=method_map, keywords=keywords
    ):
        found.add(message if isinstance(message, str) else message[0])
    return found


def _po(package: str, lang: str) -> dict[str, str | tuple[str, ...]]:
    path = PACKAGES[package] / "locale" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    out: dict[str, str | tuple[str, ...]] = {}
    for m in catalog:
        if m.id and not m.fuzzy:
            key = m.id if isinstance(m.id, str) else m.id[0]
            out[key] = m.string  # type: ignore[assignment]
    return out


def _all_po(lang: str) -> dict[str, str]:
    """Every catalogue's singular translations for ``lang``."""
    merged: dict[str, str] = {}
    for package in PACKAGES:
        for msgid, msgstr in _po(package, lang).items():
            merged[msgid] = msgstr if isinstance(msgstr, str) else msgstr[0]
    return merged


@pytest.fixture(autouse=True)
def _english_afterwards() -> object:
    yield None
    i18n.use_plugin_catalogues(())
    i18n.setup("en")


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(package: str, lang: str) -> None:
    messages = _source_messages(package)
    assert messages, f"the extraction finds no message in {package}"
    po = _po(package, lang)
    missing = sorted(m for m in messages if not po.get(m) or not all(po[m]))
    assert not missing, f"{package} {lang}: untranslated: {missing}"
    for msgid, msgstr in po.items():
        # A translation keeps every placeholder, or str.format fails mid-game.
        for form in (msgstr,) if isinstance(msgstr, str) else msgstr:
            assert set(re.findall(r"\{\w+[^}]*\}", msgid)) == set(
                re.findall(r"\{\w+[^}]*\}", form)
            ), (package, lang, msgid, form)


def test_the_play_screens_are_among_the_extracted_messages() -> None:
    assert "Your hand ({name}):" in _source_messages("cli")
    assert "contract {bid} made: {bid}² + 10 = {points}" in _source_messages("israeli")
    assert "{count} revoke x {fine}" in _source_messages("israeli")  # a plural pair
    assert "The club's pages" in _source_messages("server")  # a Jinja2 template's


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_matches_its_po(package: str, lang: str) -> None:
    path = PACKAGES[package] / "locale" / lang / "LC_MESSAGES" / "messages.mo"
    with path.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    po_path = PACKAGES[package] / "locale" / lang / "LC_MESSAGES" / "messages.po"
    with po_path.open("rb") as handle:
        # A message with a context (a seat's letter, "seat") is looked up with it.
        contexts = {m.id: m.context for m in read_po(handle) if m.context and m.id}
    for msgid, msgstr in _po(package, lang).items():
        expected = msgstr if isinstance(msgstr, str) else msgstr[0]
        found = (
            compiled.pgettext(contexts[msgid], msgid)
            if msgid in contexts
            else compiled.gettext(msgid)
        )
        assert found == expected, (
            f"{package} {lang}: messages.mo is stale for {msgid!r}: run "
            "`bash tools/catalogues.sh compile`"
        )


def test_the_catalog_finds_each_plugins_catalogue() -> None:
    dirs = load_catalog().locale_dirs()
    for package in ("core", "german", "english", "israeli"):
        assert PACKAGES[package] / "locale" in dirs, package


def test_variant_titles_descriptions_and_options_come_from_the_plugins_catalogues() -> None:
    catalog = load_catalog()
    i18n.use_plugin_catalogues(catalog.locale_dirs())
    i18n.setup("es")
    for name in ("german", "english", "american", "israeli"):
        variant = catalog.variant(name)
        assert i18n._(variant.title) != variant.title, variant.title
        assert i18n._(variant.description) != variant.description, variant.description
        for field_name, field in variant.options.model_fields.items():
            assert field.description, (name, field_name)
            assert i18n._(field.description) != field.description, (name, field_name)
    assert i18n._("German Whist") == "Whist alemán"
    assert i18n._("tricks") == "bazas"  # the CLI's own catalogue still answers first


def test_a_broken_plugin_catalogue_is_skipped(tmp_path: Path) -> None:
    broken = tmp_path / "locale" / "es" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "messages.mo").write_bytes(b"not a catalogue")
    i18n.use_plugin_catalogues([tmp_path / "locale", *load_catalog().locale_dirs()])
    i18n.setup("es")
    # The broken one adds nothing; the others still translate.
    assert i18n._("German Whist") == "Whist alemán"
    assert i18n._("no such message") == "no such message"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_built_in_bots_and_their_levels_are_described_in_each_language(lang: str) -> None:
    # The seat menu shows each bot's description and each level's (issue 5: bot levels),
    # from the catalogue of the package that registers the bot.
    catalog = load_catalog()
    i18n.use_plugin_catalogues(catalog.locale_dirs())
    i18n.setup(lang)
    for name in ("german", "english", "american", "israeli"):
        for spec in catalog.bots_for(name):
            assert i18n._(spec.description) != spec.description, (lang, spec.description)
            for level in spec.levels:
                assert i18n._(level.description) != level.description, (lang, level.description)


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
    return load_script(Path(__file__).parent / "cli" / "play_script.py")


def _english_fragments(lang: str) -> set[str]:
    """Literal pieces of English messages (of every catalogue) whose translation differs,
    long enough (two words or more) not to occur by chance in other text."""
    fragments = set()
    for msgid, msgstr in _all_po(lang).items():
        if msgid == msgstr:
            continue
        for piece in re.split(r"\{[^}]*\}", msgid):
            piece = piece.strip(" :.!?;,()")
            if " " in piece and len(piece) >= 8 and piece not in msgstr:
                fragments.add(piece)
    return fragments


PLAYED = {
    # variant: (seats, options, extra script arguments)
    "german": ({0: "human"}, {}, {}),
    "english": ({0: "human"}, {}, {}),
    "israeli": ({0: "human"}, {"match": "fixed_deals:1"}, {"bad_call": "4C"}),
}


@pytest.mark.parametrize("variant", PLAYED)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_deal_played_in_each_language_shows_no_english_play_text(variant: str, lang: str) -> None:
    catalog = load_catalog()
    helper = _helper()
    seats, options, extra = PLAYED[variant]
    script = helper.make_script(catalog, variant, seed=7, seats=seats, options=options, **extra)
    # Typed commands in English still work in every language (? hint undo).
    seat_name = catalog.variant(variant).seat_names[0]
    args = ["play", variant, "--seed", "7", "--seat", f"{seat_name}=human", "--lang", lang]
    args += ["--deals", "1"]
    for key, value in options.items():
        args += ["-o", f"{key}={value}"]
    result = CliRunner().invoke(app, args, input=script.text, env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # the table wraps long lines
    i18n.use_plugin_catalogues(catalog.locale_dirs())
    i18n.setup(lang)
    assert i18n._("Deal result") in out
    assert i18n._("Your hand ({name}):").format(name=seat_name) in out
    leaked = sorted(f for f in _english_fragments(lang) if f in out)
    assert not leaked, f"{lang}: English text on screen: {leaked}"
    if variant == "israeli":
        # The variant's own reason for refusing the bid, in the player's language.
        too_low = i18n._("too low: the minimum bid is {min}")
        assert " ".join(too_low.format(min=5).split()) in " ".join(out.split())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_game_and_rubber_results_are_explained_in_each_language(lang: str) -> None:
    """English Whist's awards (game points, rubber bonus) and match summaries, which a
    one-deal screen test never reaches: a whole simulated rubber, rendered as the table
    renders them."""
    from openwhist.records import replay_record
    from openwhist.services.simulate import simulate
    from openwhist_cli.render import message_text, progress_text

    catalog = load_catalog()
    result = simulate(catalog, "english", deals=40, seed=3)
    progresses = [
        deal.progress
        for record in result.records
        for deal in replay_record(record, catalog).deals
        if deal.progress is not None
    ]
    awards = [line for p in progresses for line in p.awards]
    assert {str(line.category) for line in awards} >= {"game", "rubber"}
    i18n.use_plugin_catalogues(catalog.locale_dirs())
    i18n.setup(lang)
    fragments = _english_fragments(lang)
    shown = [message_text(line.message).plain for line in awards if line.message is not None]
    shown += [progress_text(p).plain for p in progresses]
    assert len(shown) == len(awards) + len(progresses)  # every award carries its message
    leaked = sorted({f for text in shown for f in fragments if f in text})
    assert not leaked, f"{lang}: English text in results: {leaked}"


def test_bad_options_are_explained_field_by_field_in_the_players_language() -> None:
    options = ["-o", "scoring_profile=last26", "-o", "target_points=0", "-o", "colour=red"]
    result = CliRunner().invoke(app, ["play", "german", "--lang", "es", "--no-ledger", *options])
    assert result.exit_code == 2, result.output
    i18n.setup("es")
    shown = " ".join(result.output.split())
    choices = i18n._("{key}: should be one of {choices} (got {input})")
    assert choices.format(key="scoring_profile", choices="'last13', 'all26'", input="'last26'") in (
        shown
    )
    at_least = i18n._("{key}: should be at least {limit} (got {input})")
    assert at_least.format(key="target_points", limit="1", input="'0'") in shown
    assert i18n._("unknown option {key} (known: {known})").split("{")[0] in shown
    assert "should be" not in shown  # nothing left in English


# -- issue 18 item 10: help texts, localised input words, the variants' notation errors --


def test_the_help_marks_file_is_current() -> None:
    # Every help text of `whist` and its built-in commands reaches the catalogue through
    # openwhist_cli/help_messages.py; a help text changed without `catalogues.sh update`
    # would show in English.
    from openwhist_cli import help_messages, helptext

    assert set(helptext.built_in_help_texts()) == set(help_messages.HELP_TEXTS)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_help_text_is_translated(lang: str) -> None:
    from openwhist_cli import helptext

    po = _po("cli", lang)
    texts = helptext.built_in_help_texts()
    assert len(texts) > 100  # the whole command tree, options included
    missing = [t for t in texts if not po.get(t)]
    assert not missing, f"{lang}: untranslated help: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--lang", "{lang}", "scores", "--help"], {}),
        (["scores", "--help"], {"OPENWHIST_LANG": "{lang}"}),
    ],
)
def test_help_is_shown_in_the_chosen_language(
    lang: str, args: list[str], env: dict[str, str]
) -> None:
    args = [a.format(lang=lang) for a in args]
    env = {k: v.format(lang=lang) for k, v in env.items()}
    result = CliRunner().invoke(app, args, env=env)
    assert result.exit_code == 0, result.output
    i18n.setup(lang)
    shown = " ".join(result.output.split())
    assert "Show a match's score sheet" not in shown
    assert "Machine-readable JSON on stdout." not in shown
    assert i18n._("Machine-readable JSON on stdout.") in shown
    assert i18n._("Options") + ":" in shown


def test_root_help_lists_the_commands_in_the_chosen_language() -> None:
    result = CliRunner().invoke(app, ["--lang", "it", "--help"])
    assert result.exit_code == 0, result.output
    assert "Show a match's score sheet" not in result.output
    assert "Comandi:" in result.output
    assert "Mostrare il foglio dei punti" in result.output


@pytest.mark.parametrize(("lang", "word"), [("es", "paso"), ("pt", "passo"), ("it", "PASSO")])
def test_the_localised_call_words_are_accepted(lang: str, word: str) -> None:
    # `?` lists "paso": typing it passes, as typing "pass" does; a call that is not one is
    # refused with the variant's reason in the player's language.
    args = ["play", "israeli", "--seed", "7", "--seat", "N=human", "--lang", lang]
    args += ["--no-ledger"]
    result = CliRunner().invoke(
        app, args, input=f"xyz\n{word}\n", env={"NO_COLOR": "1", "OPENWHIST_LANG": lang}
    )
    catalog = load_catalog()
    i18n.use_plugin_catalogues(catalog.locale_dirs())
    i18n.setup(lang)
    out = " ".join(result.output.split())
    assert out.count(i18n._("Not understood: {reason}").split("{")[0]) == 1, out
    assert "is not an auction call" not in out
    assert "'xyz'" in out
    # N's pass went through: the table says N passed.
    assert i18n._("{name} calls {call}").format(name="N", call=i18n._("pass")) in out, out


def test_the_english_words_still_work_in_every_language() -> None:
    from openwhist_cli.prompt import call_notation, classify

    words = load_catalog().variant("israeli").presentation.calls.words
    i18n.use_plugin_catalogues(load_catalog().locale_dirs())
    for lang in TRANSLATED:
        i18n.setup(lang)
        assert call_notation("pass", words) == "pass"
        assert call_notation(i18n._("pass").upper(), words) == "pass"
        assert call_notation(i18n._("contract") + " 4", words) == "contract 4"
        assert classify("hint").command == "hint"
        assert classify(i18n._("hint")).command == "hint"
    i18n.setup("es")
    assert classify("ultima").command == "last"  # the accent may be left out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_score_keeping_speaks_the_readers_language(lang: str, tmp_path: Path) -> None:
    """`whist record`, `scores`, `matches` and `standings` of a real-card Israeli evening:
    the variant's score lines (stored in English) and the commands' own words are shown
    in the reader's language, with no English sentence left."""
    env = {"OPENWHIST_DB": str(tmp_path / "club.sqlite3"), "NO_COLOR": "1"}
    env["OPENWHIST_LANG"] = lang
    runner = CliRunner()
    players = ["-p", "Noa", "-p", "Eli", "-p", "Sara", "-p", "Wim"]
    started = runner.invoke(app, ["record", "start", "israeli", *players], env=env)
    assert started.exit_code == 0, started.output
    facts = ["declarer=N", "bid=5S", "contracts=5,4,3,0", "tricks=5,4,4,0"]
    outputs = [runner.invoke(app, ["record", "deal", "1", *facts], env=env)]
    for args in (["scores", "1", "--lines"], ["matches"], ["standings"], ["record", "fields", "1"]):
        outputs.append(runner.invoke(app, args, env=env))
    catalog = load_catalog()
    i18n.use_plugin_catalogues(catalog.locale_dirs())
    i18n.setup(lang)
    fragments = _english_fragments(lang)
    for result in outputs:
        assert result.exit_code == 0, result.output
        shown = " ".join(result.stdout.split())
        leaked = sorted(f for f in fragments if f in shown)
        assert not leaked, f"{lang}: English text in {shown!r}: {leaked}"
    deal, sheet = outputs[0].stdout, outputs[1].stdout
    made = i18n._("contract {bid} made: {bid}² + 10 = {points}").format(bid=5, points=35)
    assert made in deal
    assert made in sheet  # the ledger's English note, shown translated
    assert "contract 5 made" not in sheet
    assert i18n._("Players: {players}").split(":")[0] in sheet


@pytest.mark.parametrize(
    ("lang", "yes", "no"), [("es", "sí", "no"), ("pt", "sim", "NÃO"), ("it", "si", "no")]
)
def test_flags_read_and_typed_as_yes_and_no_in_each_language(lang: str, yes: str, no: str) -> None:
    # The option menu shows `honours = sí`, not `True`, and takes `honours=no` back.
    from openwhist_cli.text import shown_option_value, typed_option_value

    i18n.setup(lang)
    assert shown_option_value(True) == i18n._("yes") != "True"
    assert shown_option_value(False) == i18n._("no")
    assert typed_option_value(yes) == "true"
    assert typed_option_value(no) == "false"
    assert typed_option_value("true") == "true"  # English still works
    assert typed_option_value("last13") == "last13"
    result = CliRunner().invoke(
        app, ["play", "--lang", lang, "--no-ledger"], input="2\nhonours=" + no + "\n\n"
    )
    shown = result.output
    assert "honours = " + i18n._("yes") in shown
    assert "True" not in shown
    assert i18n._("{name} is now {value}").format(name="honours", value=i18n._("no")) in shown


def test_a_refused_localised_call_quotes_what_the_player_typed() -> None:
    # N bids 9NT (seed 7: the others pass), then names a contract in Spanish: out of range
    # is refused quoting "contrato 99" as typed, and "contrato 9" is the contract.
    args = ["play", "israeli", "--seed", "7", "--seat", "N=human", "--lang", "es"]
    result = CliRunner().invoke(
        app, [*args, "--no-ledger"], input="9NT\ncontrato 99\ncontrato 9\n", env={"NO_COLOR": "1"}
    )
    out = " ".join(result.output.split())
    assert "'contrato 99' no es un contrato" in out, out
    assert "'contract 99'" not in out
    catalog = load_catalog()
    i18n.use_plugin_catalogues(catalog.locale_dirs())
    i18n.setup("es")
    assert i18n._("{name} calls {call}").format(name="N", call="contrato 9") in out


# Brazilian words whose European Portuguese counterparts the pt catalogues use
# (docs/cli.md, "Languages": pt is European Portuguese).
BRAZILIAN = ("você", "arquivo", "tela", "usuário", "tecle", "placar", "registro", "gerenciar")


@pytest.mark.parametrize("package", PACKAGES)
def test_the_portuguese_catalogues_are_european_portuguese(package: str) -> None:
    found = []
    for msgid, msgstr in _po(package, "pt").items():
        for form in (msgstr,) if isinstance(msgstr, str) else msgstr:
            words = set(re.findall(r"\w+", form.lower()))
            found += [(msgid, word) for word in BRAZILIAN if word in words]
    assert not found, found


def test_the_global_lang_applies_to_the_command_and_ends_with_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = ["--lang", "it", "play", "german", "--seed", "7", "--seat", "A=human", "--no-ledger"]
    result = CliRunner().invoke(app, args, input="", env={"NO_COLOR": "1", "OPENWHIST_LANG": "en"})
    i18n.setup("it")
    assert i18n._("Your hand ({name}):").format(name="A") in result.output
    # The run's --lang is forgotten with it: the environment decides again.
    monkeypatch.setenv("OPENWHIST_LANG", "pt")
    assert i18n.setup() == "pt"
    after = CliRunner().invoke(app, ["--help"], env={"OPENWHIST_LANG": "en"})
    assert "Show this message and exit." in after.output
