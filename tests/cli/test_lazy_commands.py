"""Built-in commands are imported only when the command line needs them
(`openwhist_cli.app.BUILT_IN`): the table names exactly what the command modules register,
``whist --help`` still lists every command with its help, and running one command imports
its own module and no other command's."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import openwhist_cli.commands
import pytest
import typer
from openwhist import hookimpl
from openwhist.plugins import load_catalog
from openwhist_cli import runtime
from openwhist_cli.app import BUILT_IN, app, built_in_commands
from typer.testing import CliRunner


def test_the_table_names_what_every_command_module_registers() -> None:
    registered: dict[str, str] = {}
    for info in pkgutil.iter_modules(openwhist_cli.commands.__path__):
        for name in built_in_commands(info.name):
            assert name not in registered, f"{name} registered twice"
            registered[name] = info.name
    assert registered == BUILT_IN


def test_help_lists_every_built_in_command_with_its_help() -> None:
    result = CliRunner().invoke(app, ["--help"], env={"OPENWHIST_CACHE_DIR": ""})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for name, module in BUILT_IN.items():
        command = built_in_commands(module)[name]
        short = command.get_short_help_str(limit=45)
        assert short, name
        row = next((line for line in lines if line.split()[:1] == [name]), None)
        assert row is not None, f"{name} missing from --help"
        assert short.split()[0] in row, (name, row)


def test_a_command_imports_only_its_own_module(tmp_path: Path) -> None:
    probe = (
        "import sys\n"
        "sys.argv = ['whist', *sys.argv[1:]]\n"
        "from openwhist_cli.app import main\n"
        "code = main()\n"
        "import json\n"
        "print(json.dumps(sorted(m.rsplit('.', 1)[1] for m in sys.modules\n"
        "    if m.startswith('openwhist_cli.commands.'))), file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, "scores", "1", "--db", str(tmp_path / "none.sqlite3")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr  # no match 1 in a new ledger
    assert "there is no match 1" in done.stderr
    loaded = json.loads(done.stderr.strip().splitlines()[-1])
    assert loaded == ["ledger", "scores"]  # scores' options come from the ledger module


class _ClashPlugin:
    """A plugin adding ``scores`` (a built-in name) and ``hello``."""

    @hookimpl
    def whist_register_commands(self, app: typer.Typer) -> None:
        @app.command("scores")
        def scores() -> None:
            """Not the ledger's score sheet."""
            typer.echo("the plugin's scores")

        @app.command("hello")
        def hello() -> None:
            """Say hello (a plugin command)."""
            typer.echo("hello")


def test_a_plugin_command_named_like_a_built_in_one_is_ignored(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Built-in names win even though their module is not imported yet."""
    monkeypatch.setattr(
        runtime, "catalog_loader", lambda: load_catalog(extra_plugins=[("clash", _ClashPlugin())])
    )
    runner = CliRunner()
    shown = runner.invoke(app, ["--help"])
    assert shown.exit_code == 0
    assert "a plugin's command 'scores' is ignored: it is a built-in command" in shown.stderr
    assert "hello" in shown.stdout
    assert "Not the ledger" not in shown.stdout
    done = runner.invoke(app, ["scores", "1", "--db", str(tmp_path / "l.sqlite3")])
    assert "the plugin's scores" not in done.stdout
    assert "there is no match 1" in done.stderr
    assert runner.invoke(app, ["hello"]).stdout == "hello\n"
