"""Who fills the seats ``whist play`` does not name (issue 12, deliverable 5).

The default table seats the variant's strongest registered bot -- the highest declared
`BotSpec.strength` (the first registered among equals), the same bot that gives hints --
and, when every bot of the variant has strength 0, the variant's own `Variant.default_bot`.
A bot's *name* gives it no rank: a plugin's ``champion`` that declares more strength than
``expert`` takes the seats, and a strength-0 bot called ``heuristic`` does not.

The plugin is tests/plugins/fakeplugins/owfake_strength.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from openwhist_cli import runtime
from openwhist_cli.app import app
from typer.testing import CliRunner

FAKE = Path(__file__).parent.parent / "plugins" / "fakeplugins"


@pytest.fixture
def strength(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``whist`` with the installed plugins and owfake_strength."""
    monkeypatch.syspath_prepend(str(FAKE))
    import owfake_strength

    monkeypatch.setattr(runtime, "catalog_loader", owfake_strength.catalog)
    return owfake_strength


def _invoke(*args: str, input: str | None = None) -> Any:
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": "en", "OPENWHIST_PAUSE": "0"}
    return CliRunner().invoke(app, list(args), input=input, env=env)


def _players(records: Path) -> list[str]:
    (line,) = records.read_text(encoding="utf-8").splitlines()
    return [player["kind"] for player in json.loads(line)["players"]]


def test_the_strongest_declared_bot_fills_the_default_seats(
    strength: ModuleType, tmp_path: Path
) -> None:
    records = tmp_path / "german.jsonl"
    played = _invoke(
        "play", "german", "--seat", "A=bot:random", "--seed", "3", "--no-ledger",
        "--records", str(records),
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    # B was not named: the plugin's champion (strength 30) beats expert (20) to it.
    assert _players(records) == ["bot:random", "bot:champion"]


def test_a_variant_whose_bots_have_no_strength_seats_its_default_bot(
    strength: ModuleType, tmp_path: Path
) -> None:
    records = tmp_path / "plain.jsonl"
    played = _invoke(
        "play", "plain-whist", "--seat", "N=bot:random", "--seed", "3", "--no-ledger",
        "--records", str(records),
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    # Every bot of plain-whist has strength 0, the one called "heuristic" too: the
    # variant's declared default_bot fills the seats.
    assert _players(records) == ["bot:random", "bot:plainbot", "bot:plainbot", "bot:plainbot"]


def test_the_seat_menu_offers_the_strongest_bot_and_lists_bots_by_strength(
    strength: ModuleType,
) -> None:
    # german is the 3rd variant (american, english, german, israeli, plain-whist); keep
    # the options, seat A and its name, then leave at seat B's question.
    result = _invoke("play", "--no-ledger", input="3\n\n\n\n")
    out = result.output
    listed = [
        name
        for line in out.splitlines()
        if line.startswith("  ") and " — " in line and ":" not in line.split(" — ")[0]
        for name in [line.split(" — ")[0].strip()]
    ]
    # Weakest first, so the strongest -- the default -- is listed last, next to the prompt.
    assert listed[-4:] == ["random", "heuristic", "expert", "champion"], out
    assert "Seat B [champion]: " in out


def test_a_bot_that_cannot_play_is_refused_with_the_bots_by_strength(strength: ModuleType) -> None:
    refused = _invoke("play", "german", "--seat", "B=bot:nobody", "--no-ledger")
    assert refused.exit_code == 2, refused.output
    # Weakest first, as the menu and `whist variants` list them: the plugin's champion last.
    assert (
        "no bot 'nobody' can play german (available: random, heuristic, "
        "expert (levels 1, 2, 3), champion)"
    ) in refused.stderr
