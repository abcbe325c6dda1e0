"""The perfect-information bot (openwhist.services.ceiling): a measuring stick for the
ladder, never a player -- no bot list offers it, no match can seat it, and the arena takes
it only by name with ``--measurement`` (docs/bots.md "The ladder")."""

from __future__ import annotations

import json

import pytest
from openwhist.plugins import load_catalog
from openwhist.services import UsageError
from openwhist.services.arena import run_arena
from openwhist.services.ceiling import PERFECT, PerfectInformationBot
from openwhist_cli.app import app
from typer.testing import CliRunner

VARIANTS = ("german", "english", "israeli")


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_bot_list_offers_it(runner: CliRunner, variant: str) -> None:
    catalog = load_catalog()
    assert PERFECT not in [spec.name for spec in catalog.bots_for(variant)]
    listing = runner.invoke(app, ["variants"])
    assert listing.exit_code == 0
    assert PERFECT not in listing.stdout


@pytest.mark.parametrize("variant", VARIANTS)
def test_whist_play_cannot_seat_it(runner: CliRunner, variant: str) -> None:
    seat = {"german": "B", "english": "E", "israeli": "E"}[variant]
    result = runner.invoke(app, ["play", variant, "--seat", f"{seat}=bot:{PERFECT}", "--no-ledger"])
    assert result.exit_code == 2, result.output
    assert f"no bot {PERFECT!r} can play {variant}" in result.stderr


def test_the_arena_refuses_it_without_the_measurement_flag(runner: CliRunner) -> None:
    result = runner.invoke(app, ["arena", "german", "--bots", "perfect,heuristic", "--deals", "1"])
    assert result.exit_code == 2
    assert "--measurement" in result.stderr
    with pytest.raises(UsageError, match="measurement only"):
        run_arena(load_catalog(), "german", bots=["perfect", "random"], deals=1, seed=1)


def test_with_the_flag_it_sees_the_cards_and_beats_the_heuristic(runner: CliRunner) -> None:
    # Duplicate German boards: the same cards both ways round; seeing the opponent's hand
    # and the stock's order wins (the heuristic sees only its own view).
    args = ["arena", "german", "--bots", "perfect,heuristic", "--deals", "6", "--seed", "3"]
    result = runner.invoke(app, [*args, "--duplicate", "--measurement", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["measurement"] is True
    perfect = next(r for r in data["results"] if r["bot"] == PERFECT)
    assert perfect["wins"] >= 10, perfect  # of 12 deals


def test_only_the_perfect_bot_is_shown_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[object] = []
    watch = PerfectInformationBot.watch

    def spy(self: PerfectInformationBot, deal: object) -> None:
        shown.append(self)
        watch(self, deal)  # type: ignore[arg-type]

    monkeypatch.setattr(PerfectInformationBot, "watch", spy)
    run_arena(
        load_catalog(), "english", bots=["perfect", "heuristic"], deals=2, seed=1, workers=1,
        measurement=True,
    )  # fmt: skip
    # Two boards, two seats (N and S) of the perfect side: shown each deal, nobody else.
    assert len(shown) == 4
    assert all(isinstance(bot, PerfectInformationBot) for bot in shown)
    plain: list[object] = []
    monkeypatch.setattr(PerfectInformationBot, "watch", lambda self, deal: plain.append(self))
    run_arena(load_catalog(), "english", bots=["heuristic", "random"], deals=2, seed=1, workers=1)
    assert plain == []
