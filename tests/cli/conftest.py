"""Fixtures for the ``whist`` CLI tests: a runner, and a broken plugin installed on sys.path."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

BROKEN_DIST = "whist-broken-test-plugin"
BROKEN_MODULE = "whist_broken_test_plugin"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def install_broken_plugin(root: Path) -> Path:
    """Write an installed distribution whose ``openwhist`` entry point fails on import.

    It is a real ``.dist-info`` directory next to a module, as pip would leave a broken
    third-party plugin: `importlib.metadata` finds it once ``root`` is on ``sys.path``.
    """
    root.mkdir(parents=True, exist_ok=True)
    (root / f"{BROKEN_MODULE}.py").write_text(
        'raise RuntimeError("this plugin is broken on purpose")\n', encoding="utf-8"
    )
    info = root / f"{BROKEN_MODULE}-1.2.3.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(
        textwrap.dedent(
            f"""\
            Metadata-Version: 2.1
            Name: {BROKEN_DIST}
            Version: 1.2.3
            """
        ),
        encoding="utf-8",
    )
    (info / "entry_points.txt").write_text(
        f"[openwhist]\nbroken = {BROKEN_MODULE}\n", encoding="utf-8"
    )
    return root


@pytest.fixture
def broken_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A broken plugin installed beside the real ones for the duration of one test."""
    root = install_broken_plugin(tmp_path / "site")
    monkeypatch.syspath_prepend(str(root))
    return root
