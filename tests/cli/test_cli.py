"""The ``whist`` command line: listings, simulate, replay, exit codes and plugin commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from openwhist import hookimpl
from openwhist.plugins import load_catalog
from openwhist_cli import runtime
from openwhist_cli.app import app
from typer.testing import CliRunner


def run(runner: CliRunner, *args: str) -> Any:
    result = runner.invoke(app, list(args))
    # Expected errors never show a traceback.
    assert "Traceback" not in result.stderr
    return result


# -- whist, --version ---------------------------------------------------------------------


def test_whist_alone_prints_help_with_the_exit_codes(runner: CliRunner) -> None:
    result = run(runner)
    assert result.exit_code == 0
    for command in ("variants", "plugins", "simulate", "replay"):
        assert command in result.stdout
    assert "Exit codes" in result.stdout
    assert "6 invalid game record" in " ".join(result.stdout.split())


def test_version(runner: CliRunner) -> None:
    result = run(runner, "--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("whist (openwhist) ")


# -- whist variants -----------------------------------------------------------------------


def test_variants_json_lists_german_from_its_distribution_with_options(
    runner: CliRunner,
) -> None:
    result = run(runner, "variants", "--json")
    assert result.exit_code == 0
    listing = json.loads(result.stdout)
    german = next(v for v in listing if v["name"] == "german")
    assert german["distribution"] == "openwhist-german"
    assert german["players"] == 2
    assert german["title"] == "German Whist"
    options = {o["name"]: o for o in german["options"]}
    # docs/variants/german.md §1.8: last13 is the default scoring profile; §1.5: phase 1 must follow
    # suit.
    assert options["scoring_profile"]["default"] == "last13"
    assert options["phase1_must_follow_suit"]["default"] is True
    assert options["match_format"]["default"] == "single_deal"
    assert all(o["description"] for o in german["options"])
    # Sorted by name, so the listing is stable.
    assert [v["name"] for v in listing] == sorted(v["name"] for v in listing)


def test_variants_text_shows_options_with_defaults(runner: CliRunner) -> None:
    result = run(runner, "variants")
    assert result.exit_code == 0
    assert "German Whist" in result.stdout
    assert "openwhist-german" in result.stdout
    assert "scoring_profile" in result.stdout
    assert "[last13]" in result.stdout


# -- whist simulate -----------------------------------------------------------------------


def test_simulate_same_seed_gives_byte_identical_json(runner: CliRunner) -> None:
    args = ("simulate", "german", "--seed", "7", "--deals", "100", "--json")
    first = run(runner, *args)
    second = run(runner, *args)
    assert first.exit_code == 0, first.stderr
    assert first.stdout == second.stdout
    summary = json.loads(first.stdout)
    assert summary["deals"] == 100
    assert summary["seed"] == 7
    assert summary["seed_given"] is True
    # Single-deal matches (the default format): one match per deal, none cut short.
    assert summary["matches"] == summary["matches_finished"] == 100
    assert sum(summary["deal_wins"]) + summary["deal_ties"] == 100
    # German Whist deals 26 tricks, all won by someone (docs/variants/german.md §1).
    assert sum(summary["average_tricks"]) == pytest.approx(26.0)


def test_simulate_another_seed_gives_other_deals(runner: CliRunner, tmp_path: Path) -> None:
    run(
        runner,
        "simulate",
        "german",
        "--seed",
        "7",
        "--deals",
        "5",
        "--records",
        str(tmp_path / "a"),
    )
    run(
        runner,
        "simulate",
        "german",
        "--seed",
        "8",
        "--deals",
        "5",
        "--records",
        str(tmp_path / "b"),
    )
    assert (tmp_path / "a").read_text() != (tmp_path / "b").read_text()


def test_simulate_without_seed_reports_the_seed_that_repeats_it(
    runner: CliRunner, tmp_path: Path
) -> None:
    first = run(
        runner, "simulate", "german", "--deals", "3", "--json", "--records", str(tmp_path / "a")
    )
    summary = json.loads(first.stdout)
    assert summary["seed_given"] is False
    again = run(
        runner,
        "simulate",
        "german",
        "--deals",
        "3",
        "--seed",
        str(summary["seed"]),
        "--records",
        str(tmp_path / "b"),
    )
    assert again.exit_code == 0
    assert (tmp_path / "a").read_bytes() == (tmp_path / "b").read_bytes()


def test_simulate_text_summary(runner: CliRunner) -> None:
    result = run(runner, "simulate", "german", "--seed", "1", "--deals", "10")
    assert result.exit_code == 0
    assert "German Whist" in result.stdout
    assert "10 deals" in result.stdout
    assert "seed 1" in result.stdout


def test_simulated_records_replay(runner: CliRunner, tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    result = run(
        runner, "simulate", "german", "--seed", "7", "--deals", "100", "--records", str(records)
    )
    assert result.exit_code == 0
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 100  # one record per (single-deal) match
    assert all(json.loads(line)["format"] == "openwhist.record/1" for line in lines)
    replay = run(runner, "replay", str(records))
    assert replay.exit_code == 0, replay.stdout + replay.stderr
    assert replay.stdout.count(": ok") == 100
    as_json = run(runner, "replay", str(records), "--json")
    verdicts = json.loads(as_json.stdout)
    assert len(verdicts) == 100
    assert all(v["ok"] for v in verdicts)


def test_records_file_is_byte_identical_for_the_same_seed(
    runner: CliRunner, tmp_path: Path
) -> None:
    for name in ("a", "b"):
        run(
            runner,
            "simulate",
            "german",
            "-o",
            "match_format=best_of_3",
            "--seed",
            "3",
            "--deals",
            "20",
            "--records",
            str(tmp_path / name),
        )
    assert (tmp_path / "a").read_bytes() == (tmp_path / "b").read_bytes()


def test_the_last_match_is_cut_short_when_the_deals_run_out(
    runner: CliRunner, tmp_path: Path
) -> None:
    # A best of 5 needs at least three deals, so one deal cannot finish it.
    records = tmp_path / "r.jsonl"
    result = run(
        runner,
        "simulate",
        "german",
        "-o",
        "match_format=best_of_5",
        "--seed",
        "2",
        "--deals",
        "1",
        "--json",
        "--records",
        str(records),
    )
    summary = json.loads(result.stdout)
    assert summary["matches"] == 1
    assert summary["matches_cut_short"] == 1
    assert summary["match_wins"] == [0, 0]
    record = json.loads(records.read_text())
    assert record["result"]["finished"] is False
    assert len(record["deals"]) == 1
    # A cut-short match is still a valid record.
    assert run(runner, "replay", str(records)).exit_code == 0


# -- whist replay: invalid records ----------------------------------------------------------


@pytest.fixture
def records_file(runner: CliRunner, tmp_path: Path) -> Path:
    path = tmp_path / "records.jsonl"
    result = run(
        runner, "simulate", "german", "--seed", "7", "--deals", "5", "--records", str(path)
    )
    assert result.exit_code == 0
    return path


def _illegal_reply(record: dict[str, Any]) -> tuple[int, str]:
    """Action index (1-based) of the first reply in deal 1 and a card the replier cannot
    play there: the card the leader just played (it is no longer in anyone's hand)."""
    actions = record["deals"][0]["actions"]
    return 3, actions[1]


def test_replay_rejects_an_illegal_card_with_its_index_and_exit_code_6(
    runner: CliRunner, records_file: Path
) -> None:
    lines = records_file.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[1])
    index, card = _illegal_reply(record)
    record["deals"][0]["actions"][index - 1] = card
    lines[1] = json.dumps(record)
    records_file.write_text("\n".join(lines) + "\n", encoding="utf-8")

    result = run(runner, "replay", str(records_file))
    assert result.exit_code == 6
    assert f"match 2 (line 2): INVALID -- deal 1, action {index}: illegal action '{card}'" in (
        result.stdout
    )
    # The other records are still checked and valid.
    assert result.stdout.count(": ok") == 4
    assert "1 of 5 records are invalid" in result.stderr

    verdicts = json.loads(run(runner, "replay", str(records_file), "--json").stdout)
    bad = verdicts[1]
    assert (bad["ok"], bad["deal"], bad["action"], bad["line"]) == (False, 1, index, 2)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{this is not json\n", "malformed JSON"),
        ('{"format": "openwhist.record/9"}\n', "unsupported record format version '9'"),
        ('{"format": "other/1"}\n', "unknown record format 'other/1'"),
        ("", "holds no records"),
        ("[]", "empty list"),
    ],
)
def test_replay_rejects_documents_that_are_not_records(
    runner: CliRunner, tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = run(runner, "replay", str(path))
    assert result.exit_code == 6
    assert message in result.stdout


def test_replay_reports_a_malformed_line_and_checks_the_others(
    runner: CliRunner, records_file: Path
) -> None:
    lines = records_file.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2][:40]  # truncated line
    records_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run(runner, "replay", str(records_file))
    assert result.exit_code == 6
    assert "match 3 (line 3): INVALID -- malformed JSON" in result.stdout
    assert result.stdout.count(": ok") == 4


def test_replay_reads_a_single_pretty_printed_record(runner: CliRunner, records_file: Path) -> None:
    record = json.loads(records_file.read_text(encoding="utf-8").splitlines()[0])
    single = records_file.with_name("one.json")
    single.write_text(json.dumps(record, indent=2), encoding="utf-8")
    result = run(runner, "replay", str(single))
    assert result.exit_code == 0
    assert result.stdout.startswith("match 1: ok")


def test_replay_reads_stdin(runner: CliRunner, records_file: Path) -> None:
    result = runner.invoke(app, ["replay", "-"], input=records_file.read_text(encoding="utf-8"))
    assert result.exit_code == 0
    assert result.stdout.count(": ok") == 5


def test_replay_of_a_missing_file_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    result = run(runner, "replay", str(tmp_path / "nope.jsonl"))
    assert result.exit_code == 2
    assert "cannot read" in result.stderr


# -- usage errors ------------------------------------------------------------------------


def test_unknown_variant_is_a_usage_error_with_suggestions(runner: CliRunner) -> None:
    result = run(runner, "simulate", "germn", "--deals", "1")
    assert result.exit_code == 2
    assert "unknown variant 'germn'" in result.stderr
    assert "did you mean german" in result.stderr
    assert result.stdout == ""


def test_bad_option_values_are_reported_field_by_field(runner: CliRunner) -> None:
    result = run(
        runner,
        "simulate",
        "german",
        "-o",
        "match_format=best_of_7",
        "-o",
        "target_points=-3",
        "--deals",
        "1",
    )
    assert result.exit_code == 2
    assert "match_format:" in result.stderr
    assert "best_of_7" in result.stderr
    assert "target_points:" in result.stderr


def test_unknown_option_key_names_the_known_ones(runner: CliRunner) -> None:
    result = run(runner, "simulate", "german", "-o", "colour=red", "--deals", "1")
    assert result.exit_code == 2
    assert "unknown option 'colour'" in result.stderr
    assert "scoring_profile" in result.stderr


def test_option_without_equals_is_a_usage_error(runner: CliRunner) -> None:
    result = run(runner, "simulate", "german", "-o", "scoring_profile", "--deals", "1")
    assert result.exit_code == 2
    assert "'scoring_profile' is not key=value" in result.stderr


def test_unknown_house_rule_and_bot_are_usage_errors(runner: CliRunner) -> None:
    result = run(runner, "simulate", "german", "--house-rule", "no-such-rule")
    assert result.exit_code == 2
    assert "unknown house rule 'no-such-rule'" in result.stderr
    result = run(runner, "simulate", "german", "--bot", "genius")
    assert result.exit_code == 2
    assert "no bot 'genius'" in result.stderr


def test_bad_deal_count_is_a_usage_error(runner: CliRunner) -> None:
    assert run(runner, "simulate", "german", "--deals", "0").exit_code == 2


def test_debug_lets_the_error_through(runner: CliRunner) -> None:
    from openwhist import UnknownVariantError

    result = runner.invoke(app, ["--debug", "simulate", "germn"])
    assert isinstance(result.exception, UnknownVariantError)


# -- plugins --------------------------------------------------------------------------------


def test_plugins_json_reports_a_broken_plugin_while_german_still_plays(
    runner: CliRunner, broken_plugin: Path
) -> None:
    result = run(runner, "plugins", "--json")
    assert result.exit_code == 3
    listing = json.loads(result.stdout)
    broken = next(p for p in listing if p["name"] == "broken")
    assert broken["ok"] is False
    assert broken["distribution"] == "whist-broken-test-plugin"
    assert broken["version"] == "1.2.3"
    assert "this plugin is broken on purpose" in broken["error"]
    german = next(p for p in listing if p["name"] == "german")
    assert german["ok"] is True
    assert german["variants"] == ["german"]
    assert "broken" in result.stderr

    text = run(runner, "plugins")
    assert text.exit_code == 3
    assert "FAILED: RuntimeError: this plugin is broken on purpose" in text.stdout

    simulated = run(runner, "simulate", "german", "--seed", "7", "--deals", "3", "--json")
    assert simulated.exit_code == 0
    assert json.loads(simulated.stdout)["deals"] == 3


def test_plugins_exit_0_when_all_load(runner: CliRunner) -> None:
    result = run(runner, "plugins", "--json")
    assert result.exit_code == 0
    assert all(p["ok"] for p in json.loads(result.stdout))


class _HelloPlugin:
    """A tiny third-party plugin that adds a command."""

    @hookimpl
    def whist_register_commands(self, app: typer.Typer) -> None:
        @app.command("hello")
        def hello(name: str = "world") -> None:
            """Say hello (a plugin command)."""
            typer.echo(f"hello {name}")


def test_plugins_can_add_commands(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        runtime, "catalog_loader", lambda: load_catalog(extra_plugins=[("hello", _HelloPlugin())])
    )
    result = run(runner, "hello", "--name", "Ann")
    assert result.exit_code == 0
    assert result.stdout == "hello Ann\n"
    assert "hello" in run(runner, "--help").stdout
    # Built-in commands are unaffected.
    assert run(runner, "variants", "--json").exit_code == 0


# -- startup -------------------------------------------------------------------------------

_PROBE = """
import sys
from openwhist_cli.app import main
sys.argv = ["whist", *sys.argv[1:]]
try:
    code = main()
finally:
    heavy = sorted(m for m in ("sqlalchemy", "sqlmodel", "alembic") if m in sys.modules)
    plugins = "openwhist_german" in sys.modules
    print("LOADED", heavy, plugins, file=sys.stderr)
sys.exit(code)
"""


def _probe(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=120,
        check=False,
    )


def test_help_does_not_import_the_ledger_libraries() -> None:
    done = _probe("--help")
    assert done.returncode == 0, done.stderr
    assert "LOADED [] " in done.stderr
    assert "simulate" in done.stdout


def test_version_loads_no_plugin() -> None:
    done = _probe("--version")
    assert done.returncode == 0
    assert "LOADED [] False" in done.stderr


def test_console_script_returns_the_documented_exit_code(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "openwhist.record/7"}\n', encoding="utf-8")
    done = _probe("replay", str(bad))
    assert done.returncode == 6
    assert "Traceback" not in done.stderr
    assert _probe("simulate", "germn").returncode == 2


def test_a_failed_catalog_is_exit_3_and_help_still_works(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openwhist import DuplicateVariantError

    def clash() -> Any:
        raise DuplicateVariantError(
            "variant 'german' is registered by both openwhist-german and other-german"
        )

    monkeypatch.setattr(runtime, "catalog_loader", clash)
    result = run(runner, "variants")
    assert result.exit_code == 3
    assert "registered by both openwhist-german and other-german" in result.stderr
    shown = run(runner, "--help")
    assert shown.exit_code == 0
    assert "simulate" in shown.stdout
    assert "plugin commands unavailable" in shown.stderr


def test_records_file_errors(runner: CliRunner, tmp_path: Path) -> None:
    existing = tmp_path / "keep.jsonl"
    existing.write_text("precious\n", encoding="utf-8")
    # A usage error does not truncate an existing records file.
    result = run(runner, "simulate", "germn", "--records", str(existing))
    assert result.exit_code == 2
    assert existing.read_text(encoding="utf-8") == "precious\n"
    result = run(
        runner, "simulate", "german", "--deals", "1", "--records", str(tmp_path / "no" / "f")
    )
    assert result.exit_code == 2
    assert "cannot write" in result.stderr


def test_errors_that_declare_an_exit_code_keep_it() -> None:
    from openwhist import OpenWhistError

    class UnreachableError(OpenWhistError):
        exit_code = 4

    assert runtime.exit_code_for(UnreachableError("no database")) == 4
    assert runtime.exit_code_for(OpenWhistError("other")) == 1
    assert runtime.exit_code_for(KeyError("bug")) == 1
