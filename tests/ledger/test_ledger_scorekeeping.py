"""Score-keeping as a club secretary does it, on SQLite and PostgreSQL (issue 14, defect 11).

* every total a command shows -- the sheet's TOTAL row and the line under it, ``whist
  matches``, ``whist match close`` and the JSON export -- is the same sum of the entries,
  corrections and adjustments included;
* negative points are points: ``whist adjust 1 W -50`` and ``whist correct 5 -10`` (the
  docs' own examples), while a misspelt option is still refused;
* points are bounded identically on both backends, refused with a clear message and exit 2,
  and the sheet keeps working;
* a player's name is a seat wherever a seat is asked; a wrong answer is reported at once in
  plain words, and every problem of a deal is listed together;
* a ``record deal`` retried after it was recorded does not record the deal twice (a
  confirmation, or the same ``--key``), and ``whist void`` voids a deal with compensating
  entries, shown on the sheet, without deleting anything;
* facts are checked against the match's rule options by the variant (an Israeli passed-out
  deal under ``passed_out_redeal_by=same``), and impossible counts (100 revokes) refused.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from openwhist_cli.app import app
from typer.testing import CliRunner

ENV = {"NO_COLOR": "1", "OPENWHIST_LANG": "en"}

EVENING = [
    ["declarer=N", "bid=5S", "contracts=5,4,3,0", "tricks=5,4,4,0"],
    ["declarer=E", "bid=6H", "contracts=2,6,0,7", "tricks=2,5,1,5"],
    ["declarer=S", "bid=5NT", "contracts=3,3,5,1", "tricks=3,2,5,3", "revokes=0,0,0,1"],
]
"""The Tuesday evening of docs/ledger.md: after deal 3, N 68, E 6, S -25, W -90."""


def whist(url: str, *args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(app, list(args), input=input, env={**ENV, "OPENWHIST_DB": url})


def _evening(url: str, deals: int = 3) -> int:
    started = whist(url, "record", "start", "israeli", "-p", "Noa", "-p", "Eli", "-p", "Sara",
                    "-p", "Wim", "--json")  # fmt: skip
    assert started.exit_code == 0, started.output
    match = int(json.loads(started.stdout)["id"])
    for facts in EVENING[:deals]:
        done = whist(url, "record", "deal", str(match), *facts)
        assert done.exit_code == 0, done.output
    return match


def _sheet(url: str, match: int) -> dict[str, Any]:
    shown = whist(url, "scores", str(match), "--json")
    assert shown.exit_code == 0, shown.output
    return dict(json.loads(shown.stdout))


def _entry(sheet: dict[str, Any], category: str) -> int:
    return next(
        int(line["id"])
        for deal in sheet["deals"]
        for line in deal["lines"]
        if line["category"] == category
    )


# -- one source of truth for totals ---------------------------------------------------------


def test_every_total_agrees_after_a_correction_and_an_adjustment(ledger_url: str) -> None:
    match = _evening(ledger_url)
    revoke = _entry(_sheet(ledger_url, match), "penalty")  # W's -100 of deal 3
    assert whist(ledger_url, "correct", str(revoke), "0", "--note", "x").exit_code == 0
    adjusted = whist(ledger_url, "adjust", str(match), "W", "-50", "--note", "slow play")
    assert adjusted.exit_code == 0, adjusted.output
    expected = [68, 6, -25, -90 + 100 - 50]
    wanted = "N 68, E 6, S -25, W -40"

    text = whist(ledger_url, "scores", str(match)).stdout.splitlines()
    at = next(i for i, line in enumerate(text) if "TOTAL" in line)
    assert text[at].split()[-4:] == [str(t) for t in expected]
    # The line under it: the corrected totals, each party named by its player.
    assert text[at + 1].startswith("Noa 68, Eli 6, Sara -25, Wim -40"), text[at + 1]
    assert _sheet(ledger_url, match)["totals"] == expected

    listed = whist(ledger_url, "matches", "--json")
    (summary,) = json.loads(listed.stdout)
    assert summary["totals"] == expected
    assert summary["summary"].startswith(wanted)
    # `whist matches` names the parties by their players, as the sheet does.
    listed_text = " ".join(whist(ledger_url, "matches", "--wide").stdout.split())
    assert "Noa 68, Eli 6, Sara -25, Wim -40" in listed_text
    exported = json.loads(whist(ledger_url, "export", str(match), "--format", "json").stdout)
    assert exported["matches"][0]["totals"] == expected
    assert exported["matches"][0]["summary"].startswith(wanted)
    # The rules' own tally at the last deal is still there, named as such.
    assert summary["rules_totals"] == [68, 6, -25, -90]
    closed = whist(ledger_url, "match", "close", str(match))
    assert closed.exit_code == 0, closed.output
    # ... and closing it says them as the sheet does: by the players' names.
    assert "Noa 68, Eli 6, Sara -25, Wim -40" in closed.stdout, closed.stdout
    assert "-90" not in closed.stdout


def test_without_corrections_the_rules_summary_stands(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=2)
    (summary,) = json.loads(whist(ledger_url, "matches", "--json").stdout)
    assert summary["summary"] == "N 49, E 16, S -60, W 30"
    assert summary["totals"] == summary["rules_totals"] == [49, 16, -60, 30]
    assert _sheet(ledger_url, match)["totals"] == [49, 16, -60, 30]


# -- negative numbers -----------------------------------------------------------------------


def test_negative_points_are_arguments_not_options(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=1)
    adjusted = whist(ledger_url, "adjust", str(match), "W", "-50", "--note", "slow play")
    assert adjusted.exit_code == 0, adjusted.output
    assert "Wim -50 (penalty): slow play" in adjusted.stdout
    entry = _entry(_sheet(ledger_url, match), "contract")  # N's +35 of deal 1
    fixed = whist(ledger_url, "correct", str(entry), "-10", "--note", "x")
    assert fixed.exit_code == 0, fixed.output
    assert "by -45" in fixed.stdout
    # Options may come first, and a value of an option may be negative too.
    before = whist(ledger_url, "adjust", "--note", "-5 for noise", str(match), "N", "-5")
    assert before.exit_code == 0, before.output
    assert _sheet(ledger_url, match)["totals"] == [35 - 45 - 5, 26, -10, 50 - 50]
    # A misspelt option is still an error, not a number.
    typo = whist(ledger_url, "adjust", str(match), "W", "-5", "--nte", "x")
    assert typo.exit_code == 2
    assert "No such option: --nte" in typo.output
    assert "-5" not in typo.output.split("No such option")[1]


# -- bounded points ---------------------------------------------------------------------------


def test_points_are_bounded_alike_on_every_backend(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=1)
    entry = _entry(_sheet(ledger_url, match), "contract")
    for args in (
        ["adjust", str(match), "W", "9000000000000000000", "--note", "x"],
        ["adjust", str(match), "W", "-1000001", "--note", "x"],
        ["correct", str(entry), "9000000000000000000", "--note", "x"],
        ["correct", str(entry), "1000001", "--note", "x"],
    ):
        refused = whist(ledger_url, *args)
        assert refused.exit_code == 2, (args, refused.output)
        assert "at most 1,000,000 points" in refused.stderr
        assert "Traceback" not in refused.output
    assert _sheet(ledger_url, match)["totals"] == [35, 26, -10, 50]
    for points in ("1000000", "-1000000"):
        assert whist(ledger_url, "adjust", str(match), "E", points, "--note", "x").exit_code == 0
    assert whist(ledger_url, "correct", str(entry), "-1000000", "--note", "x").exit_code == 0
    assert _sheet(ledger_url, match)["totals"] == [-1_000_000, 26, -10, 50]
    assert whist(ledger_url, "scores", str(match)).exit_code == 0
    assert whist(ledger_url, "standings").exit_code == 0


# -- names for seats, early checks, every problem at once -----------------------------------


def test_a_players_name_is_a_seat(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=0)
    done = whist(ledger_url, "record", "deal", str(match), "declarer=noa", "bid=5S",
                 "contracts=5,4,3,0", "tricks=5,4,4,0", "--json")  # fmt: skip
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["score"]["facts"]["declarer"] == 0
    assert whist(ledger_url, "adjust", str(match), "Wim", "-5", "--note", "x").exit_code == 0
    assert _sheet(ledger_url, match)["totals"] == [35, 26, -10, 45]


def test_a_name_that_is_no_seat_is_reported_in_plain_words(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=0)
    bad = whist(ledger_url, "record", "deal", str(match), "declarer=Nao", "bid=5S",
                "contracts=5,4,3,0", "tricks=5,4,4,0")  # fmt: skip
    assert bad.exit_code == 2
    assert "declarer: 'Nao' is not a seat" in bad.stderr
    assert "Noa" in bad.stderr  # the names it could have been
    assert "Input should be" not in bad.stderr  # no raw pydantic wording
    assert _sheet(ledger_url, match)["deals"] == []


def test_a_wrong_answer_is_asked_again_at_once(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=0)
    # declarer "Nao" is refused at once and asked again; then every fact in turn.
    answers = "Nao\nEli\n6H\n2,6,0,7\n2,5,1,5\n\n\n\n\n"
    done = whist(ledger_url, "record", "deal", str(match), input=answers)
    assert done.exit_code == 0, done.output
    out = done.stdout
    assert "'Nao' is not a seat" in out
    # Refused before the next question was asked.
    assert out.index("'Nao' is not a seat") < out.index("bid")
    assert "match 1, deal 1:" in out
    assert _sheet(ledger_url, match)["totals"] == [14, -10, -50, -20]


def test_every_problem_of_a_deal_is_listed_at_once(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=0)
    bad = whist(ledger_url, "record", "deal", str(match), "declarer=N", "bid=5S",
                "contracts=4,4,5,0", "tricks=5,4,4,1", "revokes=0,0,0,100")  # fmt: skip
    assert bad.exit_code == 2
    for problem in (
        "tricks must total 13, not 14",
        "must contract at least 5",
        "may not total exactly 13",
        "revokes",
    ):
        assert problem in bad.stderr, problem


# -- rules the facts must respect -----------------------------------------------------------


def test_a_passed_out_deal_needs_the_option_that_ends_it(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=0)
    refused = whist(ledger_url, "record", "deal", str(match), "passed_out=yes")
    assert refused.exit_code == 2
    assert "passed_out_redeal_by" in refused.stderr
    assert _sheet(ledger_url, match)["deals"] == []
    started = whist(ledger_url, "record", "start", "israeli", "-p", "Noa", "-p", "Eli",
                    "-p", "Sara", "-p", "Wim", "-o", "passed_out_redeal_by=next",
                    "--json")  # fmt: skip
    other = json.loads(started.stdout)["id"]
    done = whist(ledger_url, "record", "deal", str(other), "passed_out=yes")
    assert done.exit_code == 0, done.output


def test_impossible_revoke_counts_are_refused(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=0)
    refused = whist(ledger_url, "record", "deal", str(match), *EVENING[0], "revokes=0,0,0,100")
    assert refused.exit_code == 2
    assert "at most 13" in refused.stderr
    started = whist(ledger_url, "record", "start", "english", "-p", "Ann", "-p", "Ben",
                    "-p", "Cat", "-p", "Dan", "--json")  # fmt: skip
    english = json.loads(started.stdout)["id"]
    many = ",".join(["NS:deduct"] * 100)
    refused = whist(ledger_url, "record", "deal", str(english), "tricks=7,6", f"revokes={many}")
    assert refused.exit_code == 2
    assert "revokes" in refused.stderr
    assert _sheet(ledger_url, english)["deals"] == []


# -- retries and voids ----------------------------------------------------------------------


def test_a_retried_record_deal_is_not_recorded_twice(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=1)
    again = whist(ledger_url, "record", "deal", str(match), *EVENING[0])
    assert again.exit_code == 1
    assert "deal 1 was recorded with exactly these facts" in again.stderr
    assert "--again" in again.stderr
    assert len(_sheet(ledger_url, match)["deals"]) == 1
    # At the prompts the keeper is asked: "n" records nothing, "y" records deal 2.
    answers = "N\n5S\n5,4,3,0\n5,4,4,0\n\n\n\n\n"
    asked = whist(ledger_url, "record", "deal", str(match), input=answers + "n\n")
    assert asked.exit_code == 1, asked.output
    assert "deal 1 was recorded with exactly these facts" in asked.stdout
    assert len(_sheet(ledger_url, match)["deals"]) == 1
    confirmed = whist(ledger_url, "record", "deal", str(match), input=answers + "y\n")
    assert confirmed.exit_code == 0, confirmed.output
    assert "deal 2" in confirmed.stdout
    assert len(_sheet(ledger_url, match)["deals"]) == 2
    meant = whist(ledger_url, "record", "deal", str(match), *EVENING[0], "--again")
    assert meant.exit_code == 0, meant.output
    assert "deal 3" in meant.stdout
    assert len(_sheet(ledger_url, match)["deals"]) == 3


def test_the_same_key_records_a_deal_once(ledger_url: str) -> None:
    match = _evening(ledger_url, deals=0)
    first = whist(ledger_url, "record", "deal", str(match), *EVENING[1], "--key", "t1-d1")
    assert first.exit_code == 0, first.output
    retry = whist(ledger_url, "record", "deal", str(match), *EVENING[1], "--key", "t1-d1")
    assert retry.exit_code == 0, retry.output
    assert "already recorded as deal 1" in retry.stderr
    assert len(_sheet(ledger_url, match)["deals"]) == 1
    clash = whist(ledger_url, "record", "deal", str(match), *EVENING[0], "--key", "t1-d1")
    assert clash.exit_code == 1
    assert "key 't1-d1'" in clash.stderr
    second = whist(ledger_url, "record", "deal", str(match), *EVENING[1], "--key", "t1-d2")
    assert second.exit_code == 0, second.output  # a new key: a new deal, even if identical
    assert len(_sheet(ledger_url, match)["deals"]) == 2


def test_a_void_is_a_compensating_entry_shown_on_the_sheet(ledger_url: str) -> None:
    match = _evening(ledger_url)
    before = _sheet(ledger_url, match)
    entries_before = [line for deal in before["deals"] for line in deal["lines"]]
    voided = whist(ledger_url, "void", str(match), "2", "--note", "cards were misdealt")
    assert voided.exit_code == 0, voided.output
    assert "deal 2 of match 1 is void" in voided.stdout
    after = _sheet(ledger_url, match)
    # Deal 2 scored N +14, E -10, S -50, W -20: all of it is taken back.
    assert after["totals"] == [68 - 14, 6 + 10, -25 + 50, -90 + 20]
    assert after["deals"][1]["points"] == [0, 0, 0, 0]
    # Nothing is deleted: every earlier entry is still there, unchanged.
    entries_after = {line["id"]: line for deal in after["deals"] for line in deal["lines"]}
    for line in entries_before:
        assert entries_after[line["id"]] == line
    text = whist(ledger_url, "scores", str(match)).stdout
    assert "void: cards were misdealt" in text
    (summary,) = json.loads(whist(ledger_url, "matches", "--json").stdout)
    assert summary["totals"] == after["totals"]
    twice = whist(ledger_url, "void", str(match), "2", "--note", "again")
    assert twice.exit_code == 1
    assert "already void" in twice.stderr
    missing = whist(ledger_url, "void", str(match), "9", "--note", "x")
    assert missing.exit_code == 1
    assert "no deal 9" in missing.stderr
    unexplained = whist(ledger_url, "void", str(match), "1", "--note", " ")
    assert unexplained.exit_code == 1
    assert "needs a note" in unexplained.stderr


@pytest.mark.parametrize("variant", ["german", "english"])
def test_a_void_takes_back_the_rules_awards_too(ledger_url: str, variant: str) -> None:
    english = variant == "english"
    players = ["-p", "Ann", "-p", "Ben", *(["-p", "Cat", "-p", "Dan"] if english else [])]
    if english:
        facts = ["tricks=13,0", "honours=4,0"]
    else:
        facts = ["phase1_tricks=7,6", "phase2_tricks=10,3"]
    started = whist(ledger_url, "record", "start", variant, *players, "--json")
    match = json.loads(started.stdout)["id"]
    assert whist(ledger_url, "record", "deal", str(match), *facts).exit_code == 0
    assert any(_sheet(ledger_url, match)["totals"])
    assert whist(ledger_url, "void", str(match), "1", "--note", "x").exit_code == 0
    assert _sheet(ledger_url, match)["totals"] == [0, 0]


# -- the walk-through of docs/ledger.md -----------------------------------------------------


def _walkthrough() -> list[tuple[str, list[str]]]:
    """Each ``$ whist ...`` of docs/ledger.md's real-card evening with the lines shown under
    it, in order (from "Score-keeping a real-card game" to "Commands")."""
    import textwrap
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "ledger.md").read_text("utf-8")
    section = text.split("## Score-keeping a real-card game", 1)[1].split("\n## Commands", 1)[0]
    steps: list[tuple[str, list[str]]] = []
    for block in section.split("```")[1::2]:
        if block.startswith("python"):
            continue
        for line in textwrap.dedent(block).splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps and line.strip():
                steps[-1][1].append(line)
    return steps


def test_the_docs_evening_prints_what_the_docs_show(ledger_url: str) -> None:
    import re
    import shlex

    steps = _walkthrough()
    assert len(steps) >= 12, "the walk-through of docs/ledger.md was not found"
    stamp = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC")
    for command, shown in steps:
        words = shlex.split(command)
        tail = None
        if "|" in words:
            at = words.index("|")
            assert words[at + 1 : at + 3] == ["tail", words[at + 2]], command
            tail = int(words[at + 2].lstrip("-"))
            words = words[:at]
        assert words[0] == "whist", command
        result = whist(ledger_url, *words[1:])
        expected = [line.rstrip() for line in shown]
        stream = result.stderr if expected and expected[0].startswith("error:") else result.stdout
        got = [line.rstrip() for line in stream.splitlines() if line.strip()]
        if tail is not None:
            got = got[-tail:]
        if "..." in expected:  # only the lines after "..." are shown
            expected = expected[expected.index("...") + 1 :]
            got = got[-len(expected) :]
        got = [stamp.sub("<time>", line) for line in got]
        expected = [stamp.sub("<time>", line) for line in expected]
        assert got == expected, command


def test_the_first_dealer_may_be_named_by_its_player(ledger_url: str) -> None:
    started = whist(ledger_url, "record", "start", "israeli", "-p", "Noa", "-p", "Eli",
                    "-p", "Sara", "-p", "Wim", "--first-dealer", "sara", "--json")  # fmt: skip
    assert started.exit_code == 0, started.output
    assert json.loads(started.stdout)["first_dealer"] == 2
    unknown = whist(ledger_url, "record", "start", "israeli", "-p", "Noa", "-p", "Eli",
                    "-p", "Sara", "-p", "Wim", "--first-dealer", "Bob")  # fmt: skip
    assert unknown.exit_code == 2
    assert "unknown seat 'Bob'" in unknown.stderr


def test_in_a_partnership_game_a_players_name_is_their_side(ledger_url: str) -> None:
    started = whist(ledger_url, "record", "start", "english", "-p", "Ann", "-p", "Ben",
                    "-p", "Cat", "-p", "Dan", "--json")  # fmt: skip
    match = json.loads(started.stdout)["id"]
    # Cat sits S: her side N–S revoked, E–W chose to add 3 to their own score.
    done = whist(ledger_url, "record", "deal", str(match), "tricks=7,6", "revokes=Cat:add",
                 "--json")  # fmt: skip
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["score"]["facts"]["revokes"] == [{"side": 0, "penalty": "add"}]
