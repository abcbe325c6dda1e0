"""A third-party variant's declared score sheet, category and statistics reach the club
secretary (issue 12, deliverable 2): ``whist scores`` lays its match out as it declares,
``whist standings`` and ``whist arena`` report exactly its declared statistics under their
labels, ``whist adjust`` takes its own category, and ``whist ledger check`` verifies the
kept statistics -- with nothing in the CLI, the services or the ledger naming the variant.

The plugin is tests/plugins/fakeplugins/owfake_tally.py.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from openwhist import AboveTheLine, DealScore, ScoreCategory, ScoreSheet, Statistic, Tally
from openwhist_cli import runtime
from openwhist_cli.app import app
from typer.testing import CliRunner

FAKE = Path(__file__).parent / "fakeplugins"
PLAYERS = ["-p", "Ann", "-p", "Bob", "-p", "Cy", "-p", "Di"]
ARENA = ["arena", "tally", "--bots", "random,random", "--deals", "30", "--seed", "1", "--workers"]


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``whist`` with the installed plugins and owfake_tally."""
    monkeypatch.syspath_prepend(str(FAKE))
    import owfake_tally

    monkeypatch.setattr(runtime, "catalog_loader", owfake_tally.catalog)
    return owfake_tally


def _invoke(db: Path, *args: str) -> Any:
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "en", "OPENWHIST_DB": str(db)}
    return CliRunner().invoke(app, list(args), env=env)


def _evening(db: Path) -> None:
    """A Tally match of two deals entered from facts: N's grand, then E's."""
    assert _invoke(db, "record", "start", "tally", *PLAYERS).exit_code == 0
    assert _invoke(db, "record", "deal", "1", "tricks=7,3,3,0").exit_code == 0
    assert _invoke(db, "record", "deal", "1", "tricks=1,8,4,0").exit_code == 0


def test_whist_scores_lays_the_match_out_as_the_variant_declares(
    plugin: ModuleType, tmp_path: Path
) -> None:
    db = tmp_path / "club.sqlite3"
    _evening(db)
    result = _invoke(db, "scores", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "Match 1: tally, open, 2 deals\n"
        "Players: 1:Ann, 2:Bob, 3:Cy, 4:Di\n"
        "(each player: G for a grand / tricks taken and the deal's points)\n"
        "\n"
        "deal  top scorer    N Ann    E Bob    S Cy   W Di\n"
        "----  ----------  -------  -------  ------  -----\n"
        "1     top: N      G/7 +12   -/3 +3  -/3 +3  -/0 .\n"
        "      total            12        3       3      0\n"
        "2     top: E       -/1 +1  G/8 +13  -/4 +4  -/0 .\n"
        "      total            13       16       7      0\n"
        "      TOTAL            13       16       7      0\n"
        "N 13, E 16, S 7, W 0\n"
    )


def test_standings_report_the_declared_statistics_under_their_labels(
    plugin: ModuleType, tmp_path: Path
) -> None:
    db = tmp_path / "club.sqlite3"
    _evening(db)
    # The variant's own category is taken by whist adjust, and counts as a grand made.
    made = _invoke(db, "adjust", "1", "Cy", "5", "--category", "grand", "--note", "agreed")
    assert made.exit_code == 0, made.output
    refused = _invoke(db, "adjust", "1", "Cy", "5", "--category", "knock", "--note", "x")
    assert refused.exit_code == 1
    assert "unknown score category 'knock'" in refused.stderr
    assert "grand" in refused.stderr  # the match's categories are listed, its own included
    # --wide: every statistic's column (at 80 columns the last ones give way, named below).
    text = _invoke(db, "standings", "--wide").stdout
    assert text.splitlines()[1].split("  ")[-2:] == ["grands won", "deals without a trick"]
    narrow = _invoke(db, "standings").stdout
    assert max(map(len, narrow.splitlines())) <= 80
    assert "grands won" in narrow.splitlines()[1]
    assert "(not shown: deals without a trick; --wide shows every column)" in narrow
    rows = {row["name"]: row for row in json.loads(_invoke(db, "standings", "--json").stdout)}
    assert {n: r["statistics"] for n, r in rows.items()} == {
        "Ann": {"grands": 1, "blanks": 0},
        "Bob": {"grands": 1, "blanks": 0},
        "Cy": {"grands": 1, "blanks": 0},
        "Di": {"grands": 0, "blanks": 2},
    }
    assert "Di            1         0     0      2          0       0           0" in text


def test_the_arena_reports_the_statistics_declared_for_it(plugin: ModuleType) -> None:
    result = CliRunner().invoke(
        app,
        [*ARENA, "1", "--json"],
        env={"NO_COLOR": "1", "OPENWHIST_LANG": "en"},
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    # Only "grands" is declared for the arena ("blanks" is for standings only).
    assert [s["name"] for s in summary["statistics"]] == ["grands"]
    for entrant in summary["results"]:
        grands = entrant["statistics"]["grands"]
        assert set(entrant["statistics"]) == {"grands"}
        assert grands["out_of"] >= grands["value"] > 0
        assert grands["rate"]["low"] <= grands["rate"]["value"] <= grands["rate"]["high"]
    text = CliRunner().invoke(
        app,
        [*ARENA, "1"],
        env={"NO_COLOR": "1", "OPENWHIST_LANG": "en"},
    )
    header = text.stdout.splitlines()[5]
    assert header.endswith("grands won [95% CI]")
    assert "deals without a trick" not in text.stdout
    first = summary["results"][0]["statistics"]["grands"]
    assert f"{first['value']}/{first['out_of']} " in text.stdout


def test_ledger_check_verifies_every_kept_statistic(plugin: ModuleType, tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite3"
    _evening(db)
    assert _invoke(db, "ledger", "check").exit_code == 0
    with sqlite3.connect(db) as conn:  # a per-deal statistic changed behind the ledger's back
        conn.execute("UPDATE party_statistics SET value = value + 1 WHERE name = 'blanks'")
    checked = _invoke(db, "ledger", "check")
    assert checked.exit_code == 5
    assert "party_statistics blanks 3 of 2 (the deals give 2 of 2)" in checked.stdout
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE party_statistics SET value = value - 1 WHERE name = 'blanks'")
        conn.execute("UPDATE party_statistics SET value = 9 WHERE name = 'made:grand'")
    checked = _invoke(db, "ledger", "check")
    assert checked.exit_code == 5
    assert "party_statistics made:grand 9 of 1 (the entries give 1 of 1)" in checked.stdout


def test_a_fine_in_the_variants_category_is_not_a_grand_made(
    plugin: ModuleType, tmp_path: Path
) -> None:
    """``measure="made"`` counts the lines that scored, of all of them: a grand_fine match's
    grand lines are fines (negative), so nobody has made one."""
    db = tmp_path / "club.sqlite3"
    start = _invoke(db, "record", "start", "tally", *PLAYERS, "-o", "grand_fine=true")
    assert start.exit_code == 0, start.output
    assert _invoke(db, "record", "deal", "1", "tricks=7,3,3,0").exit_code == 0
    rows = json.loads(_invoke(db, "standings", "--json").stdout)
    assert [r["statistics"]["grands"] for r in rows] == [0, 0, 0, 0]
    assert sorted(r["points"] for r in rows) == [-5, -2, -2, 7]


def test_declarations_are_checked_when_made() -> None:
    with pytest.raises(ValueError, match="exactly one of categories and per_deal"):
        Statistic("both", "both", categories=("tricks",), per_deal=lambda s: [])
    with pytest.raises(ValueError, match="lower-case"):
        Statistic("Grands", "grands", categories=("grand",))
    with pytest.raises(ValueError, match="reports is some of"):
        Statistic("x", "x", categories=("grand",), reports=("ledger",))
    with pytest.raises(ValueError, match="one of the core's categories"):
        ScoreCategory("game", "game")
    with pytest.raises(ValueError, match="above_the_line needs the 'sides' layout"):
        ScoreSheet(above_the_line=(AboveTheLine("game", "GAME", "games"),))


def test_a_statistic_of_the_wrong_length_is_a_plugin_error() -> None:
    from openwhist import PluginContractError

    stat = Statistic("x", "x", per_deal=lambda score: [Tally(1)])
    score = DealScore(parties=("A", "B"), lines=(), winner=None, tricks=(7, 6))
    with pytest.raises(PluginContractError, match="gave 1 tallies for 2 parties"):
        stat.of_deal(score)


def test_the_built_in_labels_reach_the_reader_in_their_language(tmp_path: Path) -> None:
    """The labels are the plugins' own text, translated by the plugins' catalogues: an
    Israeli standings table and an English sheet in Spanish."""
    db = tmp_path / "club.sqlite3"
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "es", "OPENWHIST_DB": str(db)}
    runner = CliRunner()

    def whist(*args: str) -> Any:
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code == 0, result.output
        return result

    whist("record", "start", "israeli", *["-p", "Noa", "-p", "Eli", "-p", "Sara", "-p", "Wim"])
    whist("record", "deal", "1", "declarer=N", "bid=5S", "contracts=5,4,3,0", "tricks=5,4,4,0")
    assert "contratos cumplidos" in whist("standings").stdout
    assert "declarante, triunfo" in whist("scores", "1").stdout
    whist("record", "start", "english", *PLAYERS)
    sheet = whist("scores", "2").stdout
    assert "bajo la línea (bazas, honores, penalizaciones)" in sheet
    assert "puntos de partida (juegos + bonificación de robber)" in sheet  # the Spanish term


def test_a_variant_whose_statistic_counts_an_undeclared_category_fails_to_load(
    plugin: ModuleType,
) -> None:
    """A typo in a category name would count nothing, silently: the catalog refuses the
    variant and ``whist plugins`` reports the plugin as failed, naming the statistic."""
    import dataclasses

    from openwhist import hookimpl
    from openwhist.plugins import load_catalog

    typo = dataclasses.replace(
        plugin.TALLY,
        name="tally-typo",
        statistics=(Statistic("grands", "grands", categories=("grnad",), measure="made"),),
    )

    class Typo:
        @hookimpl
        def whist_register_variants(self, register: Any) -> None:
            register(typo)

    catalog = load_catalog(extra_plugins=[("owfake-typo", Typo())])
    assert "tally-typo" not in catalog.variants
    (failure,) = [r for r in catalog.failures() if r.name == "owfake-typo"]
    assert "counts category 'grnad'" in str(failure.error)
