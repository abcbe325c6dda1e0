"""``whist --help`` lists plugin commands from a cache (issue 5 item 8: start-up time).

The plugin here is installed as pip would leave it (a module and its ``.dist-info``) in a
directory on the import path, so the cache sees exactly what a user's installation shows.
Most checks run ``whist`` in a fresh Python process, as a user does: only there is
"``--help`` loaded no plugin" observable (in ``sys.modules``) and an upgraded plugin's new
code imported.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from openwhist.services import catalog as plugin_loading
from openwhist_cli import command_cache
from openwhist_cli.app import app
from typer.testing import CliRunner


def install_plugin(root: Path, dist: str, version: str, module: str, source: str) -> None:
    """Install a plugin into ``root`` as pip would: a module and its ``.dist-info``.

    The distribution ``dist`` at ``version`` has one ``openwhist`` entry point, named like
    ``module``, whose code is ``source``. Any other version of it in ``root`` is removed
    first, so installing again upgrades (or downgrades) the plugin.
    """
    uninstall_plugin(root, module)
    (root / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = root / f"{module}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[openwhist]\n{module} = {module}\n", encoding="utf-8")


def uninstall_plugin(root: Path, module: str) -> None:
    """Remove what `install_plugin` installed as ``module`` from ``root``."""
    (root / f"{module}.py").unlink(missing_ok=True)
    for info in root.glob(f"{module}-*.dist-info"):
        shutil.rmtree(info)


HELLO_MODULE = "whist_hello_test_plugin"
HELLO_DIST = "whist-hello-test-plugin"


def hello_source(command: str = "hello", summary: str = "Say hello (a plugin command).") -> str:
    return f'''
        import typer
        from openwhist import hookimpl


        @hookimpl
        def whist_register_commands(app):
            @app.command("{command}")
            def hello(name: str = "world") -> None:
                """{summary}

                The rest of the help, shown by `whist {command} --help`."""
                typer.echo(f"hello {{name}} from {command}")
        '''


def install_hello(site: Path, version: str = "1.0", **source: str) -> None:
    install_plugin(site, HELLO_DIST, version, HELLO_MODULE, hello_source(**source))


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """An empty directory on the import path of the ``whist`` processes, for plugins."""
    root = tmp_path / "site"
    root.mkdir()
    # pip compiles what it installs, so a real site directory has its __pycache__; without
    # it, the first import of a plugin module would create it and change the directory
    # (and so the key) once more.
    (root / "__pycache__").mkdir()
    return root


# Runs `whist` in a fresh process and reports which of the expensive modules it imported.
_PROBE = """
import json, sys
from openwhist_cli.app import main
sys.argv = ["whist", *sys.argv[1:]]
try:
    code = main()
finally:
    watched = ("pluggy", "pydantic", "openwhist", "openwhist_german", "whist_hello_test_plugin")
    print("IMPORTED " + json.dumps([m for m in watched if m in sys.modules]), file=sys.stderr)
sys.exit(code)
"""


class Run:
    """One ``whist`` process: its exit code, output and the expensive modules it imported."""

    def __init__(self, done: subprocess.CompletedProcess[str]) -> None:
        self.code = done.returncode
        self.stdout = done.stdout
        lines = done.stderr.splitlines()
        self.imported: list[str] = json.loads(lines[-1].removeprefix("IMPORTED "))
        self.stderr = "\n".join(lines[:-1])


def whist(site: Path, *args: str) -> Run:
    work = site.parent / "work"  # the current directory is on the path of `python -c`
    work.mkdir(exist_ok=True)
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH")) if p)
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        cwd=work,
        env={**os.environ, "PYTHONPATH": path, "NO_COLOR": "1"},
        timeout=120,
        check=False,
    )
    return Run(done)


def listed(help_text: str) -> dict[str, str]:
    """The commands of a ``--help`` text, with their summaries."""
    section = help_text.split("Commands:", 1)[1].split("\n\n", 1)[0]
    rows = [line.split(None, 1) for line in section.splitlines() if line.strip()]
    return {row[0]: row[1] if len(row) > 1 else "" for row in rows}


def test_a_plugin_command_is_listed_and_runs_before_and_after_it_is_cached(site: Path) -> None:
    install_hello(site)
    first = whist(site, "--help")  # nothing cached yet: the plugins load
    assert first.code == 0, first.stderr
    assert listed(first.stdout)["hello"] == "Say hello (a plugin command)."
    assert "simulate" in listed(first.stdout)
    assert {"pluggy", HELLO_MODULE} <= set(first.imported)

    again = whist(site, "--help")  # cached: the same help, and no plugin loaded
    assert again.code == 0, again.stderr
    assert again.stdout == first.stdout
    assert again.stderr == ""
    assert again.imported == []

    ran = whist(site, "hello", "--name", "Ann")
    assert (ran.code, ran.stdout) == (0, "hello Ann from hello\n")
    shown = whist(site, "hello", "--help")
    assert shown.code == 0
    assert "The rest of the help" in shown.stdout
    assert "--name" in shown.stdout


def test_installing_upgrading_and_removing_a_plugin_changes_the_list(site: Path) -> None:
    before = whist(site, "--help")
    assert "hello" not in listed(before.stdout)
    assert whist(site, "--help").imported == []  # cached

    install_hello(site, "1.0")
    installed = whist(site, "--help")
    assert listed(installed.stdout)["hello"] == "Say hello (a plugin command)."
    assert whist(site, "--help").imported == []

    install_hello(site, "2.0", command="greet", summary="Greet someone (version 2).")
    upgraded = listed(whist(site, "--help").stdout)
    assert "hello" not in upgraded
    assert upgraded["greet"] == "Greet someone (version 2)."
    assert whist(site, "greet").stdout == "hello world from greet\n"

    uninstall_plugin(site, HELLO_MODULE)
    removed = whist(site, "--help")
    assert "greet" not in listed(removed.stdout)
    assert listed(removed.stdout) == listed(before.stdout)
    gone = whist(site, "greet")
    assert gone.code == 2
    assert "No such command 'greet'" in gone.stderr


def test_the_plugin_switches_select_the_listed_commands(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_hello(site)
    assert "hello" in listed(whist(site, "--help").stdout)
    monkeypatch.setenv("OPENWHIST_DISABLE_PLUGINS", HELLO_MODULE)
    assert "hello" not in listed(whist(site, "--help").stdout)
    monkeypatch.delenv("OPENWHIST_DISABLE_PLUGINS")
    assert "hello" in listed(whist(site, "--help").stdout)
    monkeypatch.setenv("OPENWHIST_LOAD_PLUGINS", "")
    assert "hello" not in listed(whist(site, "--help").stdout)


def test_a_plugin_edited_in_place_is_listed_right_after_the_next_run_that_loads_it(
    site: Path,
) -> None:
    # An editable install changes without a new version, so the cache cannot tell; running
    # any name the cache does not vouch for loads the plugins and brings it up to date.
    install_hello(site)
    assert "hello" in listed(whist(site, "--help").stdout)
    (site / f"{HELLO_MODULE}.py").write_text(
        textwrap.dedent(hello_source(command="greet")), encoding="utf-8"
    )
    stale = whist(site, "hello")
    assert stale.code == 2
    assert "No such command 'hello'" in stale.stderr
    fresh = listed(whist(site, "--help").stdout)
    assert "greet" in fresh
    assert "hello" not in fresh


def test_nothing_is_cached_while_a_plugin_fails_to_load(site: Path) -> None:
    install_plugin(
        site, "whist-broken-x", "1.0", "whist_broken_x", 'raise RuntimeError("broken")\n'
    )
    install_hello(site)
    for _ in range(2):
        run = whist(site, "--help")
        assert run.code == 0, run.stderr
        assert "hello" in listed(run.stdout)
        assert "pluggy" in run.imported  # loaded every time, as without a cache
    # Fixed in place (no new version): its command shows at once.
    (site / "whist_broken_x.py").write_text(
        textwrap.dedent(hello_source(command="mended")), encoding="utf-8"
    )
    assert "mended" in listed(whist(site, "--help").stdout)


# -- in this process: a damaged cache, warnings, where the cache lives ----------------------


@pytest.fixture
def local_site(site: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``site`` on this process's import path; its plugin modules are forgotten afterwards."""
    monkeypatch.syspath_prepend(str(site))
    yield site
    for name in [m for m in sys.modules if m.startswith(("whist_hello", "whist_broken"))]:
        del sys.modules[name]


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the catalog loads (the default loader stays in place, so the cache is used)."""
    count: list[int] = []
    real = plugin_loading.load_catalog

    def counting(**kwargs: Any) -> Any:
        count.append(1)
        return real(**kwargs)

    monkeypatch.setattr(plugin_loading, "load_catalog", counting)
    return count


def cache_files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache").glob("plugin-commands-*.json"))


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"{",
        b"[" * 100_000,
        b"\xff\xfe not json",
        b"[1, 2]",
        b'{"key": null, "commands": []}',
        "same key, a command of the wrong shape",
        "same key, commands not a list",
    ],
)
def test_a_damaged_cache_is_ignored_and_replaced(
    runner: CliRunner, local_site: Path, tmp_path: Path, loads: list[int], damage: Any
) -> None:
    install_hello(local_site)
    good = runner.invoke(app, ["--help"])
    assert "hello" in listed(good.stdout)
    (path,) = cache_files(tmp_path)
    if isinstance(damage, str):
        data = json.loads(path.read_bytes())
        data["commands"] = [{"name": 5}] if "shape" in damage else {"hello": "x"}
        damage = json.dumps(data).encode()
    path.write_bytes(damage)

    shown = runner.invoke(app, ["--help"])
    assert shown.exit_code == 0
    assert shown.stdout == good.stdout
    assert shown.stderr == ""
    assert len(loads) == 2  # the damaged entry was not used
    again = runner.invoke(app, ["--help"])
    assert again.stdout == good.stdout
    assert len(loads) == 2  # ... and was replaced by a good one


def test_a_cache_that_cannot_be_written_is_no_error(
    runner: CliRunner, local_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("OPENWHIST_CACHE_DIR", str(blocker / "cache"))
    install_hello(local_site)
    for _ in range(2):
        shown = runner.invoke(app, ["--help"])
        assert shown.exit_code == 0
        assert shown.stderr == ""
        assert "hello" in listed(shown.stdout)
    ran = runner.invoke(app, ["hello", "--name", "Bo"])
    assert ran.stdout == "hello Bo from hello\n"


def test_a_plugin_command_named_like_a_built_in_one_is_reported_every_time(
    runner: CliRunner, local_site: Path
) -> None:
    install_hello(local_site, command="variants")
    for _ in range(2):
        shown = runner.invoke(app, ["--help"])
        assert shown.exit_code == 0
        assert "a plugin's command 'variants' is ignored" in shown.stderr
        assert listed(shown.stdout)["variants"].startswith("List the installed variants")


def test_the_cache_lives_in_the_user_cache_directory_unless_told_otherwise(
    runner: CliRunner, local_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_hello(local_site)
    home_cache = tmp_path / "xdg-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home_cache))
    monkeypatch.delenv("OPENWHIST_CACHE_DIR")
    assert "hello" in runner.invoke(app, ["--help"]).stdout
    path = command_cache.cache_file()
    assert path is not None
    if sys.platform.startswith("linux"):
        assert path.parent == home_cache / "openwhist"
    assert path.is_file()

    monkeypatch.setenv("OPENWHIST_CACHE_DIR", "")  # set but empty: no cache at all
    assert command_cache.cache_file() is None
    path.unlink()
    assert "hello" in runner.invoke(app, ["--help"]).stdout
    assert not path.exists()


@pytest.mark.parametrize(
    "xdg_cache_home", [None, "", "relative/cache", "/somewhere/cache", "/somewhere/cache/"]
)
@pytest.mark.parametrize("home", ["/home/ann", "/home/ann/"])
def test_the_cache_directory_is_the_one_platformdirs_names(
    monkeypatch: pytest.MonkeyPatch, xdg_cache_home: str | None, home: str
) -> None:
    # command_cache works the Linux directory out without importing platformdirs (start-up
    # time); it must be the directory platformdirs names, the ledger's neighbour.
    import platformdirs

    monkeypatch.setenv("HOME", home)
    if xdg_cache_home is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg_cache_home)
    assert os.path.normpath(command_cache.user_cache_dir(os.environ)) == os.path.normpath(
        platformdirs.user_cache_dir("openwhist", appauthor=False)
    )
