"""Shared test configuration.

* Hypothesis runs without a per-example deadline: the machines are shared, and a slow
  example is not a failing one.
* ``tests/plugins/fakeplugins`` holds small (and some deliberately broken) plugin modules
  that the plugin-loading tests point entry points at; they are not test modules, and one
  of them fails on import by design, so pytest must not import them while collecting.
* Every test gets its own ledger: ``whist play`` records to the ledger by default, and a
  test run must never write into the user's real one (``OPENWHIST_DB`` is inherited by the
  ``whist`` subprocesses the terminal tests start).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("openwhist", deadline=None)
settings.load_profile("openwhist")

collect_ignore = ["plugins/fakeplugins"]


@pytest.fixture(autouse=True)
def _private_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENWHIST_DB", str(tmp_path / "ledger.sqlite3"))
