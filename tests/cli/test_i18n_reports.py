"""Issue 18 item 10, what was still English after the usage errors: the commands' own
refusals (``cannot read FILE``), ``whist replay``'s verdicts and the record problems behind
them, ``whist plugins``, the reports of ``whist arena`` and ``whist simulate``, a failed
play's explanation -- and the Israeli score line, which repeated the totals by seat letter.

Each test reads what a player reads, in Spanish, Portuguese and Italian, and checks both
that the translation is there and that the English words are gone; the exit code never
depends on the language."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from openwhist_cli import i18n
from openwhist_cli.app import app
from typer.testing import CliRunner

TRANSLATED = ("es", "pt", "it")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _english_afterwards() -> object:
    yield None
    i18n.use_plugin_catalogues(())
    i18n.setup("en")


def _run(*args: str, lang: str = "en") -> object:
    return CliRunner().invoke(app, ["--lang", lang, *args], env={"NO_COLOR": "1"})


def _records(tmp_path: Path) -> Path:
    """A file of four records: a good one, one that is no record, a line that is no JSON,
    and a record whose first action is not a card."""
    good = tmp_path / "good.jsonl"
    made = _run("simulate", "german", "--deals", "1", "--seed", "3", "--records", str(good))
    assert made.exit_code == 0, made.output
    line = good.read_text(encoding="utf-8").strip()
    broken = line.replace('"actions":["', '"actions":["ZZ","', 1)
    assert broken != line
    path = tmp_path / "records.jsonl"
    path.write_text(
        "\n".join([line, '{"format": "openwhist.record/1"}', "nope", broken]) + "\n",
        encoding="utf-8",
    )
    return path


VERDICTS = {
    "en": (
        "match 1 (line 1): ok -- german, 1 deal,",
        "INVALID -- invalid record: variant is missing",
        "malformed JSON: expecting a value",
        "3 of 4 records are invalid",
    ),
    "es": (
        "partida 1 (línea 1): bien -- german, 1 mano,",
        "NO VÁLIDO -- registro no válido: variant falta",
        "JSON mal formado: se esperaba un valor",
        "3 de 4 registros no son",
    ),
    "pt": (
        "partida 1 (linha 1): bem -- german, 1 mão,",
        "INVÁLIDO -- registo inválido: variant",
        "JSON mal formado: esperava-se um valor",
        "3 de 4 registos são inválidos",
    ),
    "it": (
        "partita 1 (riga 1): ok -- german, 1 smazzata,",
        "NON VALIDO -- registrazione non valida: variant",
        "JSON malformato: atteso un valore",
        "3 di 4 registrazioni non",
    ),
}


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_replay_verdicts_and_record_problems_are_in_the_readers_language(
    tmp_path: Path, lang: str
) -> None:
    result = _run("replay", str(_records(tmp_path)), lang=lang)
    assert result.exit_code == 6, result.output  # invalid records, in every language
    shown = " ".join(result.output.split())
    for expected in VERDICTS[lang]:
        assert expected in shown, (expected, result.output)
    # The refused action: where the replay stopped and why, in the reader's words.
    deal = {"en": "deal 1, action", "es": "mano 1, acción", "pt": "mão 1, ação", "it": "mano 1"}
    assert deal[lang] in shown
    if lang != "en":
        for english in (
            "INVALID",
            "records are invalid",
            "is missing",
            "Field required",
            "malformed",
            "deal 1, action",
            "illegal action",
            "Expecting",
        ):
            assert english not in shown, (english, result.output)


REASONS = {
    "en": "cannot read {path}: no such file or directory",
    "es": "no se puede leer {path}: no existe el archivo o el directorio",
    "pt": "não é possível ler {path}: o ficheiro ou diretório não existe",
    "it": "impossibile leggere {path}: il file o la directory non esiste",
}


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_file_that_cannot_be_read_is_said_in_the_readers_language(
    tmp_path: Path, lang: str, command: str
) -> None:
    missing = tmp_path / "nowhere.json"
    result = _run(command, str(missing), lang=lang)
    assert result.exit_code == 2, result.output  # a usage error, as in English
    assert REASONS[lang].format(path=missing) in " ".join(result.output.split()), result.output


def test_a_file_that_cannot_be_written_is_said_in_the_readers_language(tmp_path: Path) -> None:
    # --records into a directory that does not exist: the run stops before playing.
    target = tmp_path / "no" / "such" / "dir.jsonl"
    result = _run("simulate", "german", "--deals", "1", "--records", str(target), lang="pt")
    assert result.exit_code == 2, result.output
    expected = f"erro: não é possível escrever {target}: o ficheiro ou diretório não existe"
    assert expected in " ".join(result.output.split()), result.output


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_plugins_listing_is_in_the_readers_language(lang: str) -> None:
    result = _run("plugins", lang=lang)
    assert result.exit_code == 0, result.output
    words = {
        "es": ("bien", "variantes: german"),
        "pt": ("bem", "variantes: german"),
        "it": ("ok", "varianti: german"),
    }[lang]
    for word in words:
        assert word in result.output, result.output
    assert "variants:" not in result.output


ARENA_WORDS = {
    "es": (
        "semilla 5; 2 manos",
        "asientos: ",
        "opciones: ",
        "tasa de victorias [IC 95 %]",
        "puntos/mano",
        "bazas/mano",
        "diferencias (A - B, emparejadas por mano):",
    ),
    "pt": (
        "semente 5; 2 mãos",
        "lugares: ",
        "opções: ",
        "taxa de vitórias [IC 95 %]",
        "pontos/mão",
        "vazas/mão",
        "diferenças (A - B, emparelhadas por mão):",
    ),
    "it": (
        "seme 5; 2 smazzate",
        "posti: ",
        "opzioni: ",
        "tasso di vittorie [IC 95%]",
        "punti/smazzata",
        "prese/smazzata",
        "differenze (A - B, appaiate per mano):",
    ),
}
ARENA_ENGLISH = (
    "seed 5",
    "seats:",
    "options:",
    "win rate",
    "points/deal",
    "tricks/deal",
    "differences",
    "paired by",
    "won",
    "tied",
)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_arena_report_is_in_the_readers_language(lang: str) -> None:
    args = ("arena", "german", "--bots", "heuristic,random", "--deals", "2", "--seed", "5")
    english = _run(*args)
    assert english.exit_code == 0, english.output
    for word in ARENA_ENGLISH:
        assert word in english.output, word
    result = _run(*args, lang=lang)
    assert result.exit_code == 0, result.output
    for word in ARENA_WORDS[lang]:
        assert word in result.output, (word, result.output)
    for word in ARENA_ENGLISH:
        assert word not in result.output, (word, result.output)
    # The bots' names are identifiers, typed as they are in every language.
    assert "heuristic" in result.output
    assert "random" in result.output


SIMULATE_WORDS = {
    "es": (
        "semilla 2; bots israeli-random",
        "2 manos, 1 partida (0 terminada, 1 interrumpida)",
        "partidas ganadas",
        "manos ganadas",
        "empates",
        "bazas de media por mano",
        "resultados de las partidas:",
        "partida 1: N -220, E -20, S -100, O -9 (interrumpida)",
    ),
    "pt": (
        "semente 2; bots israeli-random",
        "2 mãos, 1 partida (0 terminada, 1 interrompida)",
        "partidas ganhas",
        "mãos ganhas",
        "empates",
        "vazas em média por mão",
        "resultados das partidas:",
        "partida 1: N -220, E -20, S -100, O -9 (interrompida)",
    ),
    "it": (
        "seme 2; bot israeli-random",
        "2 smazzate, 1 partita (0 finita, 1 interrotta)",
        "partite vinte",
        "smazzate vinte",
        "pareggi",
        "prese in media per smazzata",
        "risultati delle partite:",
        "partita 1: N -220, E -20, S -100, O -9 (interrotta)",
    ),
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_simulate_report_is_in_the_readers_language(lang: str) -> None:
    args = ("simulate", "israeli", "--deals", "2", "--seed", "2")
    result = _run(*args, lang=lang)
    assert result.exit_code == 0, result.output
    for word in SIMULATE_WORDS[lang]:
        assert word in result.output, (word, result.output)
    for word in ("match wins", "deal wins", "average tricks", "match results", "cut short"):
        assert word not in result.output, (word, result.output)


def _core(lang: str) -> gettext.GNUTranslations:
    with (ROOT / "core/openwhist/locale" / lang / "LC_MESSAGES/messages.mo").open("rb") as mo:
        return gettext.GNUTranslations(mo)


def test_a_failed_play_says_where_in_the_readers_language() -> None:
    from openwhist.services.failures import PlayFailureError

    failure = PlayFailureError(ValueError("boom"), variant="german", seed=3, deal=2)
    assert str(failure) == "ValueError: boom -- variant german, seed 3, deal 2"
    assert failure.message is not None
    spanish = failure.message.render(translations=_core("es"))
    assert spanish == "ValueError: boom -- variante german, semilla 3, mano 2"
    run = failure.within(seed=9, match=4)
    italian = run.message.render(translations=_core("it")) if run.message else ""
    assert italian == (
        "ValueError: boom -- variante german, seme 9, partita 4 (il suo seme 3), mano 2"
    )
    unseeded = PlayFailureError(KeyError("x"), variant="solo", deal=1)
    portuguese = unseeded.message.render(translations=_core("pt")) if unseeded.message else ""
    assert "sem semente (baralhado pelo sistema operativo)" in portuguese


def test_the_israeli_score_line_names_the_players_once() -> None:
    """The score line shows each player's total by name, and beside it only what the
    totals do not say (`Presentation.standing`): not the totals again by seat letter."""
    from openwhist import Engine
    from openwhist.plugins import load_catalog
    from openwhist_cli.render import progress_text

    catalog = load_catalog()
    for name, expected in (
        ("israeli", "Score: Ann 0  Bob 0  Cy 0  Di 0   (0 of 2 deals played)"),
        ("solo", "Score: Ann 0  Bob 0  Cy 0  Di 0   (units; 0 of 2 deals played)"),
    ):
        variant = catalog.variant(name)
        engine = Engine(variant, variant.make_options({"match": "fixed_deals:2"}))
        progress = engine.start_match(0)
        names = ["Ann", "Bob", "Cy", "Di"]
        shown = progress_text(progress, names, presentation=variant.presentation).plain
        assert shown == expected
        # The summary -- what `whist simulate` and the match lists print -- keeps the totals.
        assert ("N 0, E 0, S 0, W 0" if name == "israeli" else "N +0, E +0") in progress.summary


OPTION_REFUSALS = {
    # (variant, options, the Spanish refusal of the variant's own validator)
    "israeli": (["match=foo"], "match debe ser open, fixed_deals:N o target:N"),
    "solo": (["match=fixed_deals:0"], "fixed_deals:N necesita al menos una mano"),
    "english": (["rubber=true", "games=3"], "games cuenta los juegos de una partida sin robbers"),
    "german": (
        ["match_format=target_points", "hand_result_mode=win_loss"],
        "match_format=target_points necesita un hand_result_mode que puntúe",
    ),
}


@pytest.mark.parametrize("variant", sorted(OPTION_REFUSALS))
def test_a_variants_own_option_refusal_is_in_the_readers_language(variant: str) -> None:
    options, spanish = OPTION_REFUSALS[variant]
    args = ["simulate", variant, "--deals", "1"]
    for option in options:
        args += ["-o", option]
    english = _run(*args)
    assert english.exit_code == 2, english.output
    assert "Value error" not in english.output  # pydantic's frame is gone in English too
    result = _run(*args, lang="es")
    assert result.exit_code == 2, result.output
    assert spanish in " ".join(result.output.split()), result.output
