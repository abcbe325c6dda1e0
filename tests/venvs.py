"""Fresh environments for the tests that install openwhist as a third party meets it.

`Environment` runs the programs of a virtual environment made outside the repository
(``whist``, ``python``, ``pytest``, ...) with the caller's environment minus anything that
would leak this checkout into it (`clean_environment`). Two kinds are made here:

* `pip_environment`: a venv (stdlib ``venv``) into which pip installs what it is given --
  tests/test_example_plugin.py installs this checkout and the guide's example plugin so;
* `locked_environment`: openwhist's wheel and its locked dependencies, installed by ``uv
  sync --frozen --offline --no-editable`` from uv.lock and uv's cache alone (no index is
  asked: CI's ``uv sync --locked`` has filled the cache), plus the ``plugin-author``
  dependency group (pytest, import-linter) -- tests/test_variant_template.py generates a
  plugin with the installed ``whist new-variant`` there and installs it with ``uv pip
  install --offline``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 900
"""Seconds any one program may take (the machines are shared; nothing asserts a time)."""


@dataclass(frozen=True)
class Environment:
    """A fresh virtual environment: its ``bin`` directory, where programs run by default
    (``cwd``), and the environment variables they get."""

    bin: Path
    cwd: Path
    env: dict[str, str]

    @property
    def prefix(self) -> Path:
        """The environment's root directory."""
        return self.bin.parent

    def run(
        self, program: str, *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        """Run one of the environment's programs (never waiting for input)."""
        return subprocess.run(
            [str(self.bin / program), *args],
            cwd=cwd or self.cwd,
            env={**self.env, **(env or {})},
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            stdin=subprocess.DEVNULL,
            check=False,
        )

    def whist(self, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        """``whist ARGS``, which must succeed."""
        result = self.run("whist", *args, cwd=cwd)
        assert result.returncode == 0, explain(["whist", *args], result)
        return result

    def whist_json(self, *args: str, cwd: Path | None = None) -> Any:
        """``whist ARGS --json``, parsed."""
        return json.loads(self.whist(*args, "--json", cwd=cwd).stdout)


def explain(command: Sequence[str], result: subprocess.CompletedProcess[str]) -> str:
    """What a failed program said, for an assertion's message."""
    return (
        f"`{' '.join(command)}` exited {result.returncode}\n"
        f"--- stdout ---\n{result.stdout[-4000:]}\n--- stderr ---\n{result.stderr[-4000:]}"
    )


def clean_environment() -> dict[str, str]:
    """The caller's environment minus anything that would leak this checkout into the venv
    (``OPENWHIST_*``, ``PYTHON*``, ``VIRTUAL_ENV``, ``UV_*``, ``PYTEST_*``), with pip and
    colours quiet. uv's cache directory is kept: it is where the offline installs read."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("OPENWHIST_", "PYTHON", "VIRTUAL_ENV", "UV_", "PYTEST_"))
    }
    if "UV_CACHE_DIR" in os.environ:
        env["UV_CACHE_DIR"] = os.environ["UV_CACHE_DIR"]
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", NO_COLOR="1")
    return env


def bin_dir(prefix: Path) -> Path:
    """The directory of a virtual environment's programs."""
    return prefix / ("Scripts" if sys.platform == "win32" else "bin")


def pip_environment(base: Path, cwd: Path) -> Environment:
    """A new venv with pip under ``base``/venv (nothing installed yet)."""
    venv_dir = base / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(venv_dir)
    return Environment(bin_dir(venv_dir), cwd, clean_environment())


def uv() -> str:
    """The uv program: the one running us (``uv run`` says which in ``$UV``), else the one
    on PATH, else the one beside this interpreter."""
    found = (
        os.environ.get("UV")
        or shutil.which("uv")
        or shutil.which("uv", path=str(Path(sys.executable).parent))
    )
    assert found is not None, "uv is not installed (the locked environments need it)"
    return found


def locked_environment(base: Path, groups: Sequence[str] = ("plugin-author",)) -> Environment:
    """openwhist's wheel (built from this checkout, not editable) and its locked
    dependencies, with ``groups``, in a new environment under ``base``/venv: ``uv sync
    --frozen --offline`` reads only uv.lock and uv's cache, and writes nothing into the
    checkout (the environment is ``UV_PROJECT_ENVIRONMENT``)."""
    prefix = base / "venv"
    env = clean_environment()
    command = [
        uv(),
        "sync",
        "--project",
        str(ROOT),
        "--frozen",
        "--offline",
        "--no-editable",
        "--no-dev",
        "--package",
        "openwhist",
        "--quiet",
        *(arg for group in groups for arg in ("--group", group)),
    ]
    result = subprocess.run(
        command,
        cwd=base,
        env={**env, "UV_PROJECT_ENVIRONMENT": str(prefix)},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == 0, explain(command, result)
    return Environment(bin_dir(prefix), base, env)


def uv_pip_install(environment: Environment, *targets: str) -> None:
    """``uv pip install --offline`` into ``environment`` (from uv's cache only)."""
    command = [
        uv(),
        "pip",
        "install",
        "--offline",
        "--quiet",
        "--python",
        str(environment.bin / "python"),
        *targets,
    ]
    result = subprocess.run(
        command,
        cwd=environment.cwd,
        env=environment.env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == 0, explain(command, result)


__all__ = [
    "ROOT",
    "Environment",
    "bin_dir",
    "clean_environment",
    "explain",
    "locked_environment",
    "pip_environment",
    "uv_pip_install",
]
