"""A variant's own score categories read by their labels at the terminal.

Tally Whist (tests/plugins/fakeplugins/owfake_tally.py) declares the category ``grand``,
labelled "grand slam bonus" (`Variant.categories`). The deal's score table (`whist play`,
`whist join`) and `whist record deal` name a line of it by that label, as the core's
categories are named by theirs (``zero_bid``: "zero bid"), never by the bare name.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from openwhist import DealScore, ScoreLine
from openwhist_cli import i18n, runtime
from openwhist_cli.app import app
from openwhist_cli.render import category_name, score_table
from rich.console import Console
from typer.testing import CliRunner

FAKE = Path(__file__).parent.parent / "plugins" / "fakeplugins"


@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``whist`` with the installed plugins and owfake_tally."""
    monkeypatch.syspath_prepend(str(FAKE))
    import owfake_tally

    monkeypatch.setattr(runtime, "catalog_loader", owfake_tally.catalog)
    return owfake_tally


def _invoke(*args: str) -> Any:
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "en"}
    return CliRunner().invoke(app, list(args), env=env)


def test_the_score_table_names_a_declared_category_by_its_label(tally: ModuleType) -> None:
    i18n.setup("en")
    score = DealScore(
        parties=tally.SEATS,
        lines=(ScoreLine(0, "tricks", 7, "7 tricks"), ScoreLine(0, tally.GRAND, 5, "grand")),
        winner=0,
        tricks=(7, 2, 2, 2),
    )
    console = Console(width=100, record=True, color_system=None)
    console.print(
        score_table(score, labels=("Ann", "Bob", "Cy", "Di"), categories=tally.TALLY.categories)
    )
    shown = console.export_text()
    assert "grand slam bonus" in shown, shown
    assert category_name(tally.GRAND, tally.TALLY.categories) == "grand slam bonus"
    # The core's categories keep the core's labels beside a variant's own.
    assert category_name("zero_bid", tally.TALLY.categories) == "zero bid"


def test_record_deal_names_a_declared_category_by_its_label(
    tally: ModuleType, tmp_path: Path
) -> None:
    db = str(tmp_path / "ledger.sqlite3")
    started = _invoke(
        "record", "start", "tally", *("-p", "Ann", "-p", "Bob", "-p", "Cy"), "-p", "Di", "--db", db
    )
    assert started.exit_code == 0, started.output
    entered = _invoke("record", "deal", "1", "tricks=7,2,2,2", "--db", db)
    assert entered.exit_code == 0, entered.output
    (grand,) = [line for line in entered.output.splitlines() if "+5" in line]
    assert "grand slam bonus: grand" in grand, entered.output
