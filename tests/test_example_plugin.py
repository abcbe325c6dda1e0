"""The plugin author guide's example plugin works as a third party's would.

docs/plugins/writing-a-variant.md promises that a plugin written as it describes is found,
played and checked by openwhist once installed next to it. This test keeps that promise
honest: it copies docs/plugins/example/ (distribution ``openwhist-notrump``, variant
``notrump``) out of the repository, creates a fresh virtual environment, installs openwhist
(this checkout, not editable) and the plugin into it **with pip**, and then, inside that
environment only:

* ``whist variants --json`` and ``whist plugins --json`` list the plugin and its variant;
* ``whist simulate notrump`` plays deals whose scores follow No-Trump Whist's rules;
* the records it writes replay with ``whist replay``;
* the plugin's own tests pass, conformance kit included (openwhist's pytest plugin).

pip needs its package index (or its cache) for openwhist's dependencies and the build
backend. Measured on a shared 2-core machine, the module takes about 26 s at a load average
of 3, 35 s at 4 and 70 s at 7, nearly all of it the venv creation and ``pip install`` of the
fixture.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.venvs import ROOT, Environment, explain, pip_environment

EXAMPLE = ROOT / "docs" / "plugins" / "example"
DEALS = 20


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Environment:
    base = tmp_path_factory.mktemp("third-party")
    plugin = base / "openwhist-notrump"
    shutil.copytree(
        EXAMPLE, plugin, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.pyc")
    )
    environment = pip_environment(base, plugin)
    # --no-compile: byte-compiling every dependency (SQLAlchemy, pydantic, rich, ...) at
    # install time costs more than compiling the few modules the test imports on the fly.
    install = ("-m", "pip", "install", "--quiet", "--no-compile")
    pip = environment.run("python", *install, str(ROOT), str(plugin), "pytest", cwd=base)
    assert pip.returncode == 0, explain(["pip", "install", "openwhist", "openwhist-notrump"], pip)
    return environment


def test_the_plugin_is_installed_from_outside_the_repository(installed: Environment) -> None:
    probe = installed.run(
        "python",
        "-c",
        "import openwhist, openwhist_notrump; print(openwhist.__file__); "
        "print(openwhist_notrump.__file__)",
    )
    assert probe.returncode == 0, explain(["python", "-c", "import ..."], probe)
    for location in probe.stdout.split():
        path = Path(location).resolve()
        assert path.is_relative_to(installed.prefix.resolve()), (
            f"{path} is not inside the fresh environment"
        )


def test_whist_variants_lists_notrump_from_its_distribution(installed: Environment) -> None:
    listing = installed.whist_json("variants")
    by_name = {item["name"]: item for item in listing}
    # Only openwhist and the example are installed: no built-in variant is there.
    assert sorted(by_name) == ["notrump"]
    notrump = by_name["notrump"]
    assert notrump["distribution"] == "openwhist-notrump"
    assert notrump["version"] == "0.1.0"
    assert notrump["players"] == 4
    assert [(o["name"], o["default"]) for o in notrump["options"]] == [("last_trick_bonus", False)]


def test_whist_plugins_lists_the_plugin_without_errors(installed: Environment) -> None:
    plugins = {item["name"]: item for item in installed.whist_json("plugins")}
    assert "notrump" in plugins, plugins
    entry = plugins["notrump"]
    assert entry["distribution"] == "openwhist-notrump"
    assert entry["error"] is None
    assert "whist_register_variants" in entry["hooks"]


def test_whist_simulate_plays_notrump(installed: Environment) -> None:
    summary = installed.whist_json("simulate", "notrump", "--seed", "1", "--deals", str(DEALS))
    assert summary["variant"] == "notrump"
    assert summary["distribution"] == "openwhist-notrump"
    assert summary["deals"] == DEALS
    # Thirteen tricks a deal, so one side always has seven or more: every deal has a winner
    # who scores at least one point.
    assert summary["deal_ties"] == 0
    assert sum(summary["deal_wins"]) == DEALS
    assert sum(summary["points"]) >= DEALS
    assert sum(summary["average_tricks"]) == pytest.approx(13)


def test_the_option_changes_scoring_and_not_play(installed: Environment) -> None:
    args = ("simulate", "notrump", "--seed", "1", "--deals", str(DEALS))
    plain = installed.whist_json(*args)
    bonus = installed.whist_json(*args, "-o", "last_trick_bonus=true")
    assert bonus["options"] == {"last_trick_bonus": True}
    # The same seed deals the same cards and the bots make the same plays (the option only
    # touches scoring), so each deal scores exactly one point more: the last-trick bonus.
    assert bonus["average_tricks"] == plain["average_tricks"]
    assert sum(bonus["points"]) == sum(plain["points"]) + DEALS


def test_simulated_records_replay(installed: Environment) -> None:
    records = installed.cwd.parent / "notrump-records.jsonl"
    installed.whist("simulate", "notrump", "--seed", "7", "--deals", "5", "--records", str(records))
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5  # a match of No-Trump Whist is a single deal
    assert all(json.loads(line)["variant"] == "notrump" for line in lines)
    installed.whist("replay", str(records))


def test_the_plugins_own_tests_pass_with_the_conformance_kit(installed: Environment) -> None:
    result = installed.run("python", "-m", "pytest", "-v", "-p", "no:cacheprovider")
    assert result.returncode == 0, explain(["pytest"], result)
    passed = set(re.findall(r"::(\w+)(?:\[[^\]]*\])? PASSED", result.stdout))
    assert "test_notrump_passes_the_conformance_kit" in passed, result.stdout
    assert "test_notrump_matches_finish" in passed, result.stdout
    assert " skipped" not in result.stdout.splitlines()[-1], result.stdout


def test_the_plugin_ships_its_translations(installed: Environment) -> None:
    # The catalogues in the package's locale/ directory reach the wheel, and openwhist finds
    # them through the entry point: the variant's title and score lines read in Spanish.
    probe = installed.run(
        "python",
        "-c",
        "from openwhist.plugins import load_catalog; from openwhist_cli import i18n; "
        "i18n.use_plugin_catalogues(load_catalog().locale_dirs()); i18n.setup('es'); "
        "print(i18n._('No-Trump Whist')); print(i18n._('won the last trick'))",
    )
    assert probe.returncode == 0, explain(["python", "-c", "..."], probe)
    title, line = probe.stdout.splitlines()
    assert title != "No-Trump Whist"
    assert line != "won the last trick"


def test_the_declared_statistic_is_reported_by_the_arena(installed: Environment) -> None:
    # scoresheet.py declares "last_tricks" (deals in which the side won the 13th trick): the
    # arena reports it for each bot as a rate, and every deal has one side that won it.
    result = installed.whist(
        "arena", "notrump", "--bots", "random,random", "--deals", "10", "--seed", "3",
        "--workers", "1", "--json",
    )  # fmt: skip
    summary = json.loads(result.stdout)
    assert [s["name"] for s in summary["statistics"]] == ["last_tricks"]
    figures = [r["statistics"]["last_tricks"] for r in summary["results"]]
    assert [f["out_of"] for f in figures] == [10, 10]
    assert sum(f["value"] for f in figures) == 10
    text = installed.whist("arena", "notrump", "--bots", "random,random", "--deals", "10")
    assert "last tricks won [95% CI]" in text.stdout
