"""``whist new-variant`` and the copier template it renders (docs/plugins/writing-a-variant.md,
"0. Start from the template"; docs/cli.md).

The unit part checks what an author meets: every bad answer refused with one translated
line, exit code 2 and nothing written; the questions asked at a terminal and not without
one; a project that is whole (its catalogues compiled, its code clean under ruff and mypy
--strict, its own tests passing against the conformance kit); and ``copier copy`` from a
checkout rendering the same project.

The integration part (marker ``integration``; ``-m "not integration"`` leaves it out)
installs openwhist's wheel and its locked dependencies into a fresh environment with ``uv
sync --frozen --offline`` (uv.lock and uv's cache only: no index is asked at test time;
tests/venvs.py), runs the installed ``whist new-variant`` there as
docs/plugins/writing-a-variant.md's section 0 shows, installs the project it wrote, and
runs the project's own tests, ``lint-imports``, ``whist variants`` (also in Spanish),
``whist simulate --records`` and ``whist replay``.
"""

from __future__ import annotations

import gettext
import io
import json
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from openwhist_cli import i18n
from openwhist_cli.app import app
from openwhist_cli.commands import new_variant
from openwhist_cli.commands.new_variant import AnswerError
from openwhist_cli.moformat import CatalogueSyntaxError, compile_po, parse_po
from typer.testing import CliRunner

from tests.venvs import Environment, explain, locked_environment, uv_pip_install

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
TEMPLATE = ROOT / "cli" / "openwhist_cli" / "templates" / "variant"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.setup("en")
    yield
    i18n.setup("en")


def run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["new-variant", *args], input=input)
    return result.exit_code, result.stdout, result.stderr


def files_under(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


# -- the checks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["Pairs", "pairs_x", "-pairs", "pairs-", "two--words", "9lives", "", "a" * 21]
)
def test_a_bad_variant_name_is_refused(name: str) -> None:
    with pytest.raises(AnswerError, match="variant name"):
        new_variant.check_name(name)


@pytest.mark.parametrize("name", ["seats", "sheet", "no-trump", "variant", "heuristic-bot"])
def test_a_name_that_would_clash_with_the_generated_code_is_refused(name: str) -> None:
    with pytest.raises(AnswerError, match="clash"):
        new_variant.check_name(name)


@pytest.mark.parametrize(
    ("given", "normal"), [("4", "4"), ("2-7", "2-7"), (" 3-5 ", "3-5"), ("5-5", "5")]
)
def test_a_count_or_a_range_of_players_is_accepted(given: str, normal: str) -> None:
    assert new_variant.check_players(given) == normal


@pytest.mark.parametrize("players", ["1", "8", "2-8", "5-3", "two", "3-", "2 - 4"])
def test_a_bad_number_of_players_is_refused(players: str) -> None:
    with pytest.raises(AnswerError, match="number of players"):
        new_variant.check_players(players)


@pytest.mark.parametrize("title", ["", "   ", 'The "Best" Whist', "a\\b", "{x} Whist", "x" * 61])
def test_a_bad_title_is_refused(title: str) -> None:
    with pytest.raises(AnswerError, match="bad title"):
        new_variant.check_title(title)


@pytest.mark.parametrize("package", ["Openwhist_x", "class", "openwhist", "tests", "1x", "a-b"])
def test_a_bad_package_is_refused(package: str) -> None:
    with pytest.raises(AnswerError, match="package"):
        new_variant.check_package(package, importable=lambda name: False)


def test_an_installed_package_is_refused() -> None:
    with pytest.raises(AnswerError, match="already installed"):
        new_variant.check_package("json")


@pytest.mark.parametrize("distribution", ["-x", "x-", "a b", "", "x/y"])
def test_a_bad_distribution_is_refused(distribution: str) -> None:
    with pytest.raises(AnswerError, match="distribution"):
        new_variant.check_distribution(distribution)


def test_the_defaults_follow_the_name_and_the_players() -> None:
    answers = new_variant.gather(
        "five-card",
        title=None,
        description=None,
        players="3",
        distribution=None,
        package=None,
        ask=False,
        importable=lambda name: False,
    )
    assert answers.title == "Five Card Whist"
    assert answers.description.startswith("3 players, each for themselves")
    assert (answers.distribution, answers.package) == ("openwhist-five-card", "openwhist_five_card")


# -- the command's refusals ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["Bad_Name"], "bad variant name"),
        (["pairs", "--players", "9"], "bad number of players"),
        (["pairs", "--title", 'say "hi"'], "bad title"),
        (["pairs", "--description", "{x}"], "bad description"),
        (["pairs", "--package", "class"], "bad package name"),
        (["pairs", "--distribution", "-pairs"], "bad distribution name"),
        (["knockout"], "already registered by the installed distribution openwhist-knockout"),
        (["knockout-whist"], "already registered"),  # an alias counts too
    ],
)
def test_a_bad_answer_exits_2_with_one_line_and_writes_nothing(
    runner: CliRunner, tmp_path: Path, args: list[str], said: str
) -> None:
    dest = tmp_path / "project"
    code, out, err = run(runner, args[0], str(dest), *args[1:], "--defaults")
    assert code == 2, err
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith("error: "), err
    assert said in err, err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == [], "nothing is written"


def test_a_destination_that_is_not_new_or_empty_is_refused(
    runner: CliRunner, tmp_path: Path
) -> None:
    (tmp_path / "keep.txt").write_text("mine\n", encoding="utf-8")
    code, _out, err = run(runner, "pairs", str(tmp_path), "--defaults")
    assert code == 2
    assert "already exists and is not an empty directory" in err
    assert files_under(tmp_path) == ["keep.txt"]


def test_a_destination_that_cannot_be_written_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    code, _out, err = run(runner, "pairs", str(blocker / "project"), "--defaults")
    assert code == 1
    assert err.startswith("error: cannot write "), err
    assert err.count("\n") == 1, err
    assert files_under(tmp_path) == ["a-file"], "no staging directory is left behind"


def test_the_refusal_is_in_the_players_language(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["--lang", "es", "new-variant", "pairs", "--players", "9"])
    assert result.exit_code == 2
    assert "número de jugadores no válido '9'" in result.stderr


# -- asking ----------------------------------------------------------------------------------


def test_at_a_terminal_it_asks_for_what_is_not_given_and_asks_again_after_a_refusal(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(new_variant, "stdin_is_terminal", lambda: True)
    dest = tmp_path / "mine"
    # players: a refused answer, then 3-5; title typed; the rest taken as offered.
    typed = "9\n3-5\nMy Own Whist\n\n\n"
    code, out, err = run(runner, "mine", str(dest), "--package", "openwhist_mine", input=typed)
    assert code == 0, err
    assert "bad number of players '9'" in err
    for question in ("How many players", "Title", "Description"):
        assert question in out
    assert "Python package" not in out, "a given answer is not asked"
    project = tomllib.loads((dest / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["name"] == "openwhist-mine"
    assert project["project"]["description"].startswith("My Own Whist for openwhist: 3 to 5")
    plugin = (dest / "src" / "openwhist_mine" / "plugin.py").read_text(encoding="utf-8")
    assert "range(3, 6)" in plugin


def test_the_questions_are_asked_in_the_players_language(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(new_variant, "stdin_is_terminal", lambda: True)
    result = runner.invoke(
        app, ["--lang", "it", "new-variant", "mine", str(tmp_path / "x")], input="\n" * 5
    )
    assert result.exit_code == 0, result.stderr
    assert "Quanti giocatori" in result.stdout
    assert "Titolo" in result.stdout
    assert "scritto in" in result.stdout


def test_without_a_terminal_nothing_is_asked(runner: CliRunner, tmp_path: Path) -> None:
    code, out, err = run(runner, "mine", str(tmp_path / "x"), input="")
    assert code == 0, err
    assert "Title" not in out
    assert "How many" not in out
    assert "Mine Whist (mine) written to" in out


# -- what is written -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pairs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("new") / "openwhist-pairs"
    result = CliRunner().invoke(app, ["new-variant", "pairs", str(dest), "--defaults"])
    assert result.exit_code == 0, result.output
    return dest


PACKAGE_FILES = [
    "__init__.py",
    "bots.py",
    "locale/es/LC_MESSAGES/messages.mo",
    "locale/es/LC_MESSAGES/messages.po",
    "locale/it/LC_MESSAGES/messages.mo",
    "locale/it/LC_MESSAGES/messages.po",
    "locale/messages.pot",
    "locale/pt/LC_MESSAGES/messages.mo",
    "locale/pt/LC_MESSAGES/messages.po",
    "options.py",
    "plugin.py",
    "presentation.py",
    "py.typed",
    "rules.py",
    "scoresheet.py",
]


def test_the_project_is_a_whole_distribution(pairs: Path) -> None:
    assert files_under(pairs) == sorted(
        [
            ".copier-answers.yml",
            ".gitignore",
            "README.md",
            "docs/pairs.md",
            "pyproject.toml",
            "tests/test_pairs.py",
            *(f"src/openwhist_pairs/{name}" for name in PACKAGE_FILES),
        ]
    )
    project = tomllib.loads((pairs / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["openwhist"] == {"pairs": "openwhist_pairs.plugin"}
    assert project["project"]["dependencies"] == ["openwhist>=0.1"]
    contract = project["tool"]["importlinter"]["contracts"][0]
    assert contract["source_modules"] == ["openwhist_pairs"]
    assert "openwhist.game" in contract["forbidden_modules"]


def test_the_catalogues_are_compiled_and_translate_the_game(pairs: Path) -> None:
    locale = pairs / "src" / "openwhist_pairs" / "locale"
    for lang, words in (("es", "manos ganadas"), ("pt", "mãos ganhas"), ("it", "smazzate vinte")):
        with (locale / lang / "LC_MESSAGES" / "messages.mo").open("rb") as handle:
            translation = gettext.GNUTranslations(handle)
        assert translation.gettext("deals won") == words
        assert translation.ngettext("{won} trick", "{won} tricks", 2) != "{won} tricks"
        # The default description is the template's, so it is translated too.
        description = new_variant.default_description("2-7")
        assert translation.gettext(description) != description
        assert translation.gettext("Pairs Whist") == "Pairs Whist", "a title stays the author's"


def test_the_generated_code_is_clean_under_ruff_and_mypy_strict(pairs: Path) -> None:
    for command in (
        [str(BIN / "ruff"), "check", "--no-cache", "."],
        [str(BIN / "ruff"), "format", "--check", "--no-cache", "."],
        [str(BIN / "mypy"), "--no-incremental", "--cache-dir", "/dev/null"],
    ):
        result = subprocess.run(
            command, cwd=pairs, capture_output=True, text=True, timeout=600, check=False
        )
        assert result.returncode == 0, (command, result.stdout, result.stderr)


@pytest.mark.parametrize("name", ["a", "abcdefghij-klmnopqrs"])
def test_the_shortest_and_longest_names_are_formatted_alike(
    runner: CliRunner, tmp_path: Path, name: str
) -> None:
    # ruff format joins or splits lines by their length: the template holds both extremes.
    code, _out, err = run(runner, name, str(tmp_path / name), "--defaults")
    assert code == 0, err
    result = subprocess.run(
        [str(BIN / "ruff"), "format", "--check", "--no-cache", "."],
        cwd=tmp_path / name,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_generated_tests_pass_with_the_conformance_kit(pairs: Path) -> None:
    # Imported from the project's src/ (the integration test installs it for real).
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--whist-deals", "8"],
        cwd=pairs,
        env={**_environ(), "PYTHONPATH": str(pairs / "src")},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    last = result.stdout.strip().splitlines()[-1]
    assert " passed" in last, last
    assert "skipped" not in last, last


def _environ() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}


def test_copier_copy_from_the_checkout_renders_the_same_project(
    pairs: Path, tmp_path: Path
) -> None:
    result = subprocess.run(
        [
            str(BIN / "copier"),
            "copy",
            "--defaults",
            "--quiet",
            "--data",
            "variant=pairs",
            str(TEMPLATE),
            str(tmp_path / "copied"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    copied = tmp_path / "copied"
    made = [f for f in files_under(pairs) if not f.endswith(".mo")]
    assert files_under(copied) == made, "the same files, but no compiled catalogue"
    for name in made:
        if name != ".copier-answers.yml":  # it records where the template was
            assert (copied / name).read_bytes() == (pairs / name).read_bytes(), name


def test_copier_copy_refuses_what_the_command_refuses(tmp_path: Path) -> None:
    for data in (["variant=Bad_Name"], ["variant=pairs", "players=9"], ["variant=seats"]):
        result = subprocess.run(
            [str(BIN / "copier"), "copy", "--defaults", "--quiet"]
            + [arg for item in data for arg in ("--data", item)]
            + [str(TEMPLATE), str(tmp_path / "refused")],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert result.returncode != 0, data
        assert not (tmp_path / "refused" / "pyproject.toml").exists()


# -- the catalogue compiler ----------------------------------------------------------------


def committed_catalogues() -> list[Path]:
    return sorted(ROOT.glob("*/**/locale/*/LC_MESSAGES/messages.po"))


@pytest.mark.parametrize("po", committed_catalogues(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_compiler_agrees_with_babel_on_every_catalogue(po: Path) -> None:
    text = po.read_text(encoding="utf-8")
    ours = gettext.GNUTranslations(io.BytesIO(compile_po(text)))
    compiled = io.BytesIO()
    write_mo(compiled, read_po(io.StringIO(text)))
    compiled.seek(0)
    babels = gettext.GNUTranslations(compiled)
    assert ours._catalog == babels._catalog  # type: ignore[attr-defined]


def test_the_compiler_skips_untranslated_and_fuzzy_entries() -> None:
    text = (
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "one"\nmsgstr "uno"\n\n'
        'msgid "two"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "three"\nmsgstr "tres"\n\n'
        'msgid "a \\"quoted\\" "\n"word"\nmsgstr "una palabra "\n"\\"citada\\""\n'
    )
    assert parse_po(text) == {
        "": "Plural-Forms: nplurals=2; plural=(n != 1);\n",
        "one": "uno",
        'a "quoted" word': 'una palabra "citada"',
    }


def test_a_broken_catalogue_is_an_error_naming_its_line() -> None:
    with pytest.raises(CatalogueSyntaxError, match="line 2"):
        parse_po('msgid "x"\nmsgstr nonsense\n')


def test_copier_is_imported_only_by_the_command() -> None:
    probe = (
        "import sys; from typer.testing import CliRunner; from openwhist_cli.app import app; "
        "CliRunner().invoke(app, ['--help']); CliRunner().invoke(app, ['variants']); "
        "import openwhist_cli.commands.new_variant; print('copier' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=300, check=True
    )
    assert result.stdout.strip() == "False"


def test_the_template_ships_inside_the_cli_package() -> None:
    assert new_variant.TEMPLATE == TEMPLATE
    assert (TEMPLATE / "copier.yml").is_file()
    assert shutil.which("copier", path=str(BIN)) is not None


def test_the_cli_pages_example_gives_its_output(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shlex

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = text[text.index("### `whist new-variant") :]
    block = re.search(r"```console\n(.*?)```", section, re.DOTALL)
    assert block is not None, "docs/cli.md shows no example of whist new-variant"
    command, *shown = block.group(1).splitlines()
    assert command.startswith("$ whist new-variant ")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, shlex.split(command[2:])[1:])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == shown
    assert len(files_under(tmp_path / "openwhist-pairs")) == 21


# -- integration: openwhist's wheel in a fresh environment --------------------------------
#
# openwhist's wheel and its locked dependencies are installed by `uv sync --frozen
# --offline` (uv.lock and uv's cache only: nothing is fetched); the installed `whist
# new-variant` writes the project, which is installed next to openwhist and used there as
# writing-a-variant.md's section 0 shows, command by command.

GUIDE = ROOT / "docs" / "plugins" / "writing-a-variant.md"


def guide_commands() -> list[list[str]]:
    """The commands of the guide's section 0 (its first console block), split."""
    import shlex

    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index("## 0. Start from the template") : text.index("## 1. The layout")]
    block = re.search(r"```console\n(.*?)```", section, re.DOTALL)
    assert block is not None, "section 0 of the guide shows no commands"
    return [shlex.split(line[2:]) for line in block.group(1).splitlines() if line.startswith("$ ")]


@dataclass
class Made:
    """The fresh environment, and what the guide's commands printed there."""

    environment: Environment
    project: Path
    printed: dict[str, subprocess.CompletedProcess[str]]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Made:
    base = tmp_path_factory.mktemp("fresh")
    environment = locked_environment(base)
    cwd = base
    printed: dict[str, subprocess.CompletedProcess[str]] = {}
    for command in guide_commands():
        program, *args = command
        if program == "cd":
            cwd = cwd / args[0]
            continue
        if program == "pip":  # the guide's pip, as uv from its cache (no index is asked)
            assert args[0] == "install"
            uv_pip_install(replace(environment, cwd=cwd), *args[1:])
            continue
        if program == "pytest":
            args = [*args, "-v", "-p", "no:cacheprovider"]
        result = environment.run(program, *args, cwd=cwd)
        assert result.returncode == 0, explain(command, result)
        printed[" ".join(command)] = result
    return Made(environment, cwd, printed)


def printed(made: Made, prefix: str) -> subprocess.CompletedProcess[str]:
    return next(r for command, r in made.printed.items() if command.startswith(prefix))


@pytest.mark.integration
def test_openwhist_and_the_plugin_come_from_the_fresh_environment(made: Made) -> None:
    probe = made.environment.run(
        "python",
        "-c",
        "import openwhist, openwhist_cli, openwhist_pairs, copier; "
        "print(openwhist.__file__); print(openwhist_cli.__file__); print(copier.__file__)",
    )
    assert probe.returncode == 0, explain(["python", "-c", "..."], probe)
    for location in probe.stdout.split():
        assert Path(location).resolve().is_relative_to(made.environment.prefix.resolve()), location
    assert made.project.name == "openwhist-pairs"
    assert (
        made.project / "src" / "openwhist_pairs" / "locale" / "es" / "LC_MESSAGES" / "messages.mo"
    ).is_file()


@pytest.mark.integration
def test_the_installed_command_wrote_the_project(made: Made) -> None:
    result = printed(made, "whist new-variant")
    assert result.stdout.startswith("Pairs Whist (pairs) written to openwhist-pairs: 21 files")


@pytest.mark.integration
def test_the_projects_own_tests_pass_with_the_conformance_kit(made: Made) -> None:
    result = printed(made, "pytest")
    passed = set(re.findall(r"::(\w+)(?:\[[^\]]*\])? PASSED", result.stdout))
    assert {
        "test_pairs_passes_the_conformance_kit",
        "test_every_option_value_passes_the_conformance_kit",
        "test_pairs_matches_finish",
        "test_a_trump_beats_the_suit_led_and_the_winner_leads",
    } <= passed, result.stdout
    last = result.stdout.strip().splitlines()[-1]
    assert "failed" not in last
    assert "skipped" not in last, last


@pytest.mark.integration
def test_the_import_contract_is_kept_and_would_catch_a_private_import(
    made: Made, tmp_path: Path
) -> None:
    assert "Contracts: 1 kept, 0 broken." in printed(made, "lint-imports").stdout
    # The contract is not empty: a copy that imports openwhist's engine module breaks it.
    copy = tmp_path / "broken"
    shutil.copytree(made.project, copy, ignore=shutil.ignore_patterns(".*cache*", "__pycache__"))
    rules = copy / "src" / "openwhist_pairs" / "rules.py"
    rules.write_text(
        rules.read_text(encoding="utf-8") + "\nimport openwhist.game.engine\n", encoding="utf-8"
    )
    result = made.environment.run("lint-imports", cwd=copy, env={"PYTHONPATH": str(copy / "src")})
    assert result.returncode != 0, explain(["lint-imports"], result)
    assert "openwhist_pairs.rules -> openwhist.game.engine" in result.stdout, result.stdout


@pytest.mark.integration
def test_whist_variants_lists_the_new_variant_in_english_and_spanish(made: Made) -> None:
    listing = printed(made, "whist variants").stdout
    assert listing.startswith(
        "pairs -- Pairs Whist, 3-5 players (--players N, default 4), openwhist-pairs 0.1.0"
    )
    by_name = {v["name"]: v for v in made.environment.whist_json("variants")}
    assert sorted(by_name) == ["pairs"], "only openwhist and the new plugin are installed"
    pairs = by_name["pairs"]
    assert sorted(int(n) for n in pairs["seat_counts"]) == [3, 4, 5]
    assert [(o["name"], o["default"]) for o in pairs["options"]] == [
        ("trumps", "turned"),
        ("target", 10),
    ]
    assert [b["name"] for b in pairs["bots"]] == ["random", "heuristic"]
    spanish = made.environment.whist("--lang", "es", "variants").stdout
    assert "de 3 a 5 jugadores, cada uno por su cuenta" in spanish
    assert "juega según la práctica del whist" in spanish


@pytest.mark.integration
def test_whist_simulate_plays_whole_matches_to_the_target(made: Made) -> None:
    assert "pairs" in printed(made, "whist simulate").stdout
    summary = made.environment.whist_json(
        "simulate", "pairs", "--players", "5", "--deals", "20", "--seed", "1"
    )
    assert summary["deals"] == 20
    assert sum(summary["average_tricks"]) == pytest.approx(10)  # five players, ten cards each


@pytest.mark.integration
def test_the_records_of_simulated_matches_replay(made: Made, tmp_path: Path) -> None:
    records = tmp_path / "pairs.jsonl"
    made.environment.whist(
        "simulate",
        "pairs",
        "--players",
        "3",
        "--deals",
        "12",
        "--seed",
        "7",
        "--records",
        str(records),
    )
    lines = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert lines, "no record written"
    assert all(record["variant"] == "pairs" and record["seats"] == 3 for record in lines)
    replayed = made.environment.whist_json("replay", str(records))
    assert [r["ok"] for r in replayed] == [True] * len(lines)
    assert all("wins the match" in r["result"] for r in replayed[:-1]), replayed
