"""One character, one flag or one URL never ends in an internal error (issue 14, defect 10).

Each input gets a clear message and the documented exit code (docs/cli.md): a digit that
is not 0-9 at a prompt is refused and the prompt asked again; ``--pause inf``, a seed the
ledger cannot store and a malformed database URL are usage errors (exit 2); a reader that
closes stdout early stops the command quietly.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import Result
from openwhist_cli.app import app
from typer.testing import CliRunner

ENV = {"NO_COLOR": "1", "OPENWHIST_PAUSE": "0", "OPENWHIST_BOT_DELAY": "0"}
WHIST = Path(sys.executable).with_name("whist")
GERMAN_HUMAN = ["play", "german", "--seat", "A=human", "--seat", "B=bot:random"]
ISRAELI_HUMAN = ["play", "israeli", "--seat", "N=human", "-o", "min_bid=7"]


def _whist(args: list[str], text: str = "", env: dict[str, str] | None = None) -> Result:
    result = CliRunner().invoke(app, args, input=text, env={**ENV, **(env or {})})
    assert "internal error" not in result.output, result.output
    assert "Traceback" not in result.output, result.output
    return result


@pytest.mark.parametrize("typed", ["²", "①", "٣", "３"])
def test_a_digit_that_is_not_0_to_9_is_refused_and_the_card_asked_again(typed: str) -> None:
    """The issue's `printf '²\\n' | whist play german ...`: superscripts, circled digits,
    Arabic-Indic and full-width digits are not card numbers. Refused with a message, the
    legal cards shown, the prompt asked again; the game goes on."""
    result = _whist(
        [*GERMAN_HUMAN, "--no-ledger", "--seed", "1"],
        f"{typed}\nquit\ny\n",
    )
    out = result.stdout
    assert result.exit_code == 0, out
    assert f"{typed!r}: type numbers with the digits 0 to 9." in out
    after = out.split("type numbers with the digits", 1)[1]
    assert "Legal now:" in after
    assert "A, your card: quit" in after  # asked again, and the next line was read
    assert "You left the game." in out


def test_the_israeli_frisch_prompt_refuses_other_digits_too() -> None:
    # Heuristic bots with min_bid=7 and seed 13 pass the first auction out: a Frisch.
    result = _whist(
        [*ISRAELI_HUMAN, "--seed", "13", "--no-ledger"],
        "pass\n①\n3 9 ①\nquit\ny\n",
    )
    out = result.stdout
    assert result.exit_code == 0, out
    assert "N, the cards you pass in the Frisch: ①" in out
    assert "'①': type numbers with the digits 0 to 9." in out
    assert "'3 9 ①': type numbers with the digits 0 to 9." in out
    assert out.count("N, the cards you pass in the Frisch: ") == 3
    assert "You left the game." in out


@pytest.mark.parametrize("value", ["inf", "nan", "61", "-1"])
@pytest.mark.parametrize("flag", ["--pause", "--bot-delay"])
def test_a_pause_that_is_not_a_number_of_seconds_is_a_usage_error(
    flag: str, value: str, tmp_path: Path
) -> None:
    db = str(tmp_path / "never.db")
    for args in (["play", "german", "--no-ledger"], ["resume", "1", "--db", db]):
        result = _whist([*args, flag, value])
        assert result.exit_code == 2, result.output
        assert f"{flag}" in result.output
        assert "is not a number of seconds from 0 to 60" in result.output
    assert not Path(db).exists()


def test_a_pause_variable_out_of_range_is_ignored_with_a_warning() -> None:
    result = _whist(
        ["play", "german", "--seat", "A=bot:random", "--no-ledger", "--seed", "2"],
        env={"OPENWHIST_PAUSE": "inf", "OPENWHIST_BOT_DELAY": "nan"},
    )
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert "warning: OPENWHIST_PAUSE=inf is not a number of seconds from 0 to 60; using 0" in err
    assert "warning: OPENWHIST_BOT_DELAY=nan is not a number of seconds" in err
    assert "wins the match" in result.stdout


def test_a_seed_the_ledger_cannot_keep_is_a_usage_error(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    base = ["play", "german", "--seat", "A=bot:random", "--db", db]
    for seed in (2**63, 10**30):
        result = _whist([*base, "--seed", str(seed)])
        assert result.exit_code == 2, result.output
        assert "--seed" in result.output
        assert "9223372036854775807" in result.output  # the largest it takes
    assert not Path(db).exists()  # refused before anything was recorded
    largest = _whist([*base, "--seed", str(2**63 - 1)])
    assert largest.exit_code == 0, largest.output


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("postgresql://ann:s3cret@club:notaport/whist", "not a database URL"),
        ("postgresql://ann:s3cret@[::1/whist", "not a database URL"),
        ("foo://bar/baz", "no database kind 'foo'"),
        ("postgresql+nodriver://ann:s3cret@club/whist", "no database kind"),
        ("mysql://ann:s3cret@club/whist", "driver for 'mysql' databases is not installed"),
    ],
)
def test_a_malformed_database_url_is_a_usage_error_that_hides_the_password(
    url: str, says: str
) -> None:
    for args in (
        ["matches", "--db", url],
        ["export", "1", "--db", url],
        ["play", "german", "--seat", "A=bot:random", "--db", url],
        ["ledger", "current", "--db", url],
    ):
        result = _whist(args)
        assert result.exit_code == 2, (args, result.output)
        assert says in result.stderr
        assert "s3cret" not in result.output


@pytest.mark.skipif(not WHIST.exists(), reason="the whist console script is not installed")
@pytest.mark.parametrize(
    "args",
    [["variants"], ["variants", "--json"], ["simulate", "german", "--deals", "3", "--seed", "1"]],
)
def test_a_reader_that_closes_stdout_stops_the_command_quietly(args: list[str]) -> None:
    """`whist variants | true`: the pipe's reader is gone before whist writes. No
    "internal error: BrokenPipeError", no traceback on the way out; exit code 1."""
    read, write = os.pipe()
    os.close(read)  # the reader has already left
    try:
        done = subprocess.run(
            [str(WHIST), *args],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            env={**os.environ, "OPENWHIST_LANG": "en"},
        )
    finally:
        os.close(write)
    assert done.stderr == ""
    assert done.returncode == 1


def test_other_digits_where_a_seat_or_party_is_asked_are_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    seat = _whist(["play", "german", "--seat", "²=human", "--no-ledger"])
    assert seat.exit_code == 2
    assert "unknown seat '²'" in seat.stderr
    start = ["record", "start", "german", "--player", "Ann", "--player", "Bob", "--db", db]
    assert _whist(start).exit_code == 0
    party = _whist(["adjust", "1", "²", "5", "--note", "x", "--db", db])
    assert party.exit_code == 2
    assert "match 1 has no party '²'" in party.stderr
    dealer = _whist([*start, "--first-dealer", "①"])
    assert dealer.exit_code == 2
    assert "unknown seat '①'" in dealer.stderr
