"""A plugin that raises while a match is played is named, with the variant, the seed and
the deal (issue 14, defect 13); ``--debug`` shows the plugin's own traceback.

The plugin is ``fakeplugins/owfake_crashes.py``, installed as a real distribution
(``owfake-crashes 2.5.0``, a ``.dist-info`` on ``sys.path``) exactly as pip would install a
third-party plugin: a bot that breaks on its 5th card and a variant whose trick-winner hook
breaks in deal 2.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import Result
from openwhist.plugins import load_catalog
from openwhist.services.failures import PlayFailureError, plugin_of
from openwhist.services.simulate import play_match, resolve_bots
from openwhist_cli.app import app
from typer.testing import CliRunner

FAKES = Path(__file__).parent / "fakeplugins"
ENV = {"NO_COLOR": "1", "OPENWHIST_PAUSE": "0", "OPENWHIST_BOT_DELAY": "0"}
NAMED = "plugin 'crashes' of owfake-crashes 2.5.0 raised"


@pytest.fixture(autouse=True)
def crashes_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``owfake-crashes`` installed beside the real plugins for one test."""
    site = tmp_path / "site"
    info = site / "owfake_crashes-2.5.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: owfake-crashes\nVersion: 2.5.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[openwhist]\ncrashes = owfake_crashes\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.syspath_prepend(str(FAKES))
    yield
    for name in [m for m in sys.modules if m.startswith("owfake_")]:
        del sys.modules[name]


def _whist(*args: str, text: str = "") -> Result:
    return CliRunner().invoke(app, list(args), input=text, env=ENV)


def test_a_bot_that_raises_in_play_is_named_with_variant_seed_and_deal() -> None:
    result = _whist(
        "play", "german", "--seat", "A=bot:crash-bot", "--seat", "B=bot:random",
        "--seed", "5", "--no-ledger",
    )  # fmt: skip
    err = result.stderr
    assert result.exit_code == 3, result.output
    assert "internal error" not in err
    assert f"error: {NAMED} ZeroDivisionError: integer division or modulo by zero" in err
    assert "variant german (openwhist-german " in err
    assert "seed 5, deal 1 (run with --debug for the traceback)" in err


def test_a_rule_hook_that_raises_in_simulate_is_named_with_the_match_and_its_seed() -> None:
    result = _whist("simulate", "crash-whist", "--seed", "11", "--deals", "9")
    err = result.stderr
    assert result.exit_code == 3, result.output
    assert f"error: {NAMED} KeyError: 'the winner of trick 3'" in err
    assert "variant crash-whist (owfake-crashes 2.5.0), seed 11, match 1 (its seed " in err
    assert "), deal 2 (run with --debug for the traceback)" in err
    # The match's own seed plays that match again by itself, to the same failure.
    match_seed = int(err.split("(its seed ", 1)[1].split(")", 1)[0])
    catalog = load_catalog()
    variant = catalog.variant("crash-whist")
    from openwhist.game.engine import Engine

    with pytest.raises(PlayFailureError) as again:
        play_match(
            Engine(variant),
            resolve_bots(catalog, "crash-whist", 4, ["random"]),
            seed=match_seed,
            max_deals=3,
        )
    assert again.value.deal == 2
    assert isinstance(again.value.cause, KeyError)


def test_the_crash_bot_in_simulate_and_the_variant_in_play() -> None:
    sim = _whist("simulate", "german", "--bot", "crash-bot", "--bot", "random", "--seed", "4")
    assert sim.exit_code == 3
    assert f"{NAMED} ZeroDivisionError" in sim.stderr
    assert "seed 4, match 1 (its seed " in sim.stderr
    played = _whist(
        "play", "crash-whist", "--seat", "N=bot:random", "--seat", "E=bot:random",
        "--seat", "S=bot:random", "--seat", "W=bot:random", "--no-ledger", text="\n",
    )  # fmt: skip
    assert played.exit_code == 3, played.output
    err = played.stderr
    assert f"{NAMED} KeyError" in err
    # Unseeded: the cards came from the OS, and the message says there is no seed to give.
    assert "no seed (shuffled by the operating system), deal 2" in err


def test_debug_shows_the_plugins_own_traceback() -> None:
    result = CliRunner().invoke(
        app,
        ["--debug", "simulate", "crash-whist", "--seed", "11", "--deals", "9"],
        env=ENV,
    )
    assert result.exc_info is not None
    assert isinstance(result.exception, PlayFailureError)
    shown = "".join(traceback.format_exception(*result.exc_info))
    assert "owfake_crashes.py" in shown
    assert "in whist_trick_winner" in shown
    assert "KeyError: 'the winner of trick 3'" in shown
    assert "The above exception was the direct cause of the following exception" in shown


def test_the_cores_own_failure_is_still_an_internal_error_but_says_where() -> None:
    """No plugin code on the traceback: reported as openwhist's own, with the context."""
    boom = RuntimeError("the core broke")
    assert plugin_of(boom) is None
    failure = PlayFailureError(
        boom, variant="german", provider="openwhist-german 1.0", seed=3, deal=4
    )
    assert failure.exit_code == 1
    assert str(failure) == (
        "RuntimeError: the core broke -- variant german (openwhist-german 1.0), seed 3, deal 4"
    )


def test_a_hint_bot_that_raises_costs_the_hint_not_the_game() -> None:
    played = _whist(
        "play", "crash-whist", "--seat", "N=human", "--seat", "E=bot:random",
        "--seat", "S=bot:random", "--seat", "W=bot:random", "--no-ledger", "--seed", "3",
        text="hint\nquit\ny\n",
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    shown = " ".join(played.stdout.split())  # as one line, however the screen wraps it
    assert f"No hint: {NAMED} RuntimeError: the hinter has no idea" in shown
    assert "You left the game." in played.stdout
