"""The ledger's heavy libraries load only when a ledger is opened (``whist --help`` and
bot simulations must not pay for SQLAlchemy, SQLModel, Alembic or psycopg)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "psycopg")

PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(m for m in {heavy} if m in sys.modules)))
"""


def _loaded_after(*modules: str) -> list[str]:
    code = PROBE.format(heavy=HEAVY)
    out = subprocess.run(
        [sys.executable, "-c", code, *modules], capture_output=True, text=True, check=True
    )
    return list(json.loads(out.stdout))


def test_importing_openwhist_and_the_ledger_service_loads_no_database_library() -> None:
    modules = [
        "openwhist",
        "openwhist.ledger",
        "openwhist.ledger.errors",
        "openwhist.services.ledger",
    ]
    if (Path(__file__).parents[2] / "core/openwhist/services/simulate.py").exists():
        modules.append("openwhist.services.simulate")
    assert _loaded_after(*modules) == []


def test_opening_a_ledger_does_load_them(tmp_path: Path) -> None:
    code = (
        "import sys; from openwhist.services.ledger import Ledger; "
        f"Ledger({str(tmp_path / 'l.sqlite3')!r}, catalog={{}}).close(); "
        "print('sqlalchemy' in sys.modules and 'alembic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"
