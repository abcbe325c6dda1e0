"""House rules are discoverable and refused where they cannot apply (issue 12, deliverable 6).

* ``whist plugins`` and ``whist variants`` (text and ``--json``) list every installed house
  rule -- name, title, description, the variants it applies to, the inputs it supports;
* the ``whist play`` menu lists the house rules of the chosen variant and enables the ones
  typed;
* a `HouseRule` declares its inputs (`HouseRule.inputs`): ``whist record`` refuses a rule
  that supports only played deals, and every command refuses a rule for another variant,
  with exit code 2 and a message naming what the rule supports.

The plugin is tests/plugins/fakeplugins/owfake_houserules.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from openwhist import HouseRule
from openwhist_cli import runtime
from openwhist_cli.app import app
from typer.testing import CliRunner

FAKE = Path(__file__).parent / "fakeplugins"


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``whist`` with the installed plugins and owfake_houserules."""
    monkeypatch.syspath_prepend(str(FAKE))
    import owfake_houserules

    monkeypatch.setattr(runtime, "catalog_loader", owfake_houserules.catalog)
    return owfake_houserules


def _invoke(*args: str, db: Path | None = None, input: str | None = None) -> Any:
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "en", "OPENWHIST_PAUSE": "0"}
    if db is not None:
        env["OPENWHIST_DB"] = str(db)
    return CliRunner().invoke(app, list(args), input=input, env=env)


# -- listings ---------------------------------------------------------------------------------


def test_whist_variants_lists_the_house_rules_of_each_variant(plugin: ModuleType) -> None:
    listing = json.loads(_invoke("variants", "--json").stdout)
    by_variant = {item["name"]: item["house_rules"] for item in listing}
    german = {rule["name"]: rule for rule in by_variant["german"]}
    assert sorted(german) == ["anywhere", "double-deal", "stock-open"]
    assert german["double-deal"] == {
        "name": "double-deal",
        "title": "Double stakes",
        "description": "every deal scores twice its points",
        "variants": ["german"],
        "inputs": ["played", "facts"],
        "plugin": "owfake-houserules",
    }
    assert german["stock-open"]["inputs"] == ["played"]  # the default
    # A rule naming no variant applies to every installed one; a German rule to none else.
    assert [rule["name"] for rule in by_variant["english"]] == ["anywhere"]
    assert german["anywhere"]["variants"] == sorted(by_variant)
    text = _invoke("variants").stdout
    german_text = text[text.index("\ngerman") : text.index("\nisraeli")]
    assert "house rules (--house-rule NAME):" in german_text
    assert "stock-open   Open stock: the stock is dealt face up  [played]" in german_text
    assert (
        "double-deal  Double stakes: every deal scores twice its points  "
        "[played, real-card facts (whist record)]"
    ) in german_text


def test_whist_plugins_lists_the_house_rules_each_plugin_registered(plugin: ModuleType) -> None:
    result = _invoke("plugins")
    assert result.exit_code == 0, result.output
    assert (
        "  house rule stock-open -- Open stock: the stock is dealt face up "
        "(variants: german; inputs: played)"
    ) in result.stdout
    assert "house rule double-deal -- Double stakes" in result.stdout
    listing = {item["name"]: item for item in json.loads(_invoke("plugins", "--json").stdout)}
    mine = listing["owfake-houserules"]["house_rules"]
    assert [rule["name"] for rule in mine] == ["anywhere", "double-deal", "stock-open"]
    assert all(
        not item["house_rules"] for name, item in listing.items() if name != "owfake-houserules"
    )


def test_the_play_menu_lists_the_variants_house_rules_and_enables_those_typed(
    plugin: ModuleType, tmp_path: Path
) -> None:
    records = tmp_path / "menu.jsonl"
    # german is the 3rd variant; keep the options; a rule that does not exist (asked again),
    # then two; seat A a bot so the deal plays itself; keep seat B.
    text = "3\n\nno-such-rule\ndouble-deal, anywhere\nrandom\n\n"
    result = _invoke("play", "--no-ledger", "--records", str(records), input=text)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "House rules for German Whist:" in out
    assert "  double-deal — Double stakes: every deal scores twice its points" in out
    assert "  stock-open — Open stock: the stock is dealt face up" in out
    assert "No house rule no-such-rule for German Whist: choose from" in out
    (line,) = records.read_text(encoding="utf-8").splitlines()
    record = json.loads(line)
    assert record["house_rules"] == ["double-deal", "anywhere"]
    # Double stakes really scored the deal: German Whist's deal is worth 1 point, here 2.
    (deal,) = record["deals"]
    assert sorted(line["points"] for line in deal["score"]["lines"]) == [2]


def test_a_variant_without_house_rules_asks_nothing_about_them() -> None:
    # The built-in plugins register no house rule: German Whist's menu goes from the
    # options straight to the bots and seats (menus scripted before house rules still work).
    result = _invoke("play", "--no-ledger", input="3\n\n")
    assert "Bots for German Whist:" in result.output
    assert "House rules" not in result.output


# -- refusals ---------------------------------------------------------------------------------


def test_whist_record_refuses_a_house_rule_that_supports_only_played_deals(
    plugin: ModuleType, tmp_path: Path
) -> None:
    db = tmp_path / "record.sqlite3"
    start = ("record", "start", "german", "-p", "Ann", "-p", "Bob")
    refused = _invoke(*start, "--house-rule", "stock-open", db=db)
    assert refused.exit_code == 2, refused.output
    assert "house rule 'stock-open' cannot be used with real-card deals" in refused.stderr
    assert "it supports only cards played through the engine" in refused.stderr
    assert "Traceback" not in refused.output
    # A rule that declares facts is accepted, and scores the real-card deals it is given.
    accepted = _invoke(*start, "--house-rule", "double-deal", "--json", db=db)
    assert accepted.exit_code == 0, accepted.output
    assert json.loads(accepted.stdout)["house_rules"] == ["double-deal"]


def test_every_command_refuses_a_house_rule_for_another_variant(
    plugin: ModuleType, tmp_path: Path
) -> None:
    db = tmp_path / "other.sqlite3"
    message = "house rule 'double-deal' applies to german, not english"
    players = [arg for name in ("Ann", "Ben", "Cat", "Dan") for arg in ("-p", name)]
    for args in (
        ("record", "start", "english", *players, "--house-rule", "double-deal"),
        ("play", "english", "--house-rule", "double-deal", "--no-ledger"),
        ("simulate", "english", "--house-rule", "double-deal", "--deals", "1"),
    ):
        result = _invoke(*args, db=db)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr, args


# -- the declaration ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("inputs", "problem"),
    [
        ((), "non-empty tuple"),
        (["played"], "non-empty tuple"),
        (("cards",), "unknown input kind 'cards'"),
        (("played", "played"), "declared twice"),
    ],
)
def test_a_house_rule_declaring_bad_inputs_is_refused_at_once(inputs: Any, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        HouseRule("odd", "Odd", "odd inputs", object(), inputs=inputs)
