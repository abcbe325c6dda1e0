"""The rules decisions of 2026-12-01 and the rule messages an outside check found wanting,
through the commands a club secretary and a player use (issue 20).

* German ``points_per_trick`` scores one point per *counted* trick: all 26 under
  ``all26`` (docs/variants/decisions.md §7.0); records and ledger matches scored the old way by
  openwhist-german 0.1.0 are refused with the change named, never mixed or misreported.
* Israeli ``match=target:N`` with a tie at the top plays on until one player leads alone.
* Israeli refusals name the seat; a pass where a Frisch selection is due is refused as
  such; a refused Frisch says what is wrong and how many cards to choose, without
  thousands of characters of alternatives.
* An English misdeal is entered "with no tricks", as docs/variants/english.md says.
* German Whist's stock is counted on the play screen after every drawing trick.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from openwhist.game.engine import Engine
from openwhist.plugins import Catalog, load_catalog
from openwhist_cli.app import app
from typer.testing import CliRunner


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def whist(runner: CliRunner, db: Path, *args: str) -> Any:
    return runner.invoke(
        app, list(args), env={"OPENWHIST_DB": str(db), "NO_COLOR": "1", "OPENWHIST_LANG": "en"}
    )


def started(runner: CliRunner, db: Path, *args: str) -> int:
    result = whist(runner, db, "record", "start", *args, "--json")
    assert result.exit_code == 0, result.output
    return int(json.loads(result.stdout)["id"])


def lines_of(output: str) -> list[tuple[str, int]]:
    """The ``  A   +15  tricks: ...`` lines of ``whist record deal``: (party, points)."""
    return [
        (m.group(1), int(m.group(2)))
        for m in re.finditer(r"^\s+(\w+)\s+([+-]\d+)\s", output, flags=re.MULTILINE)
    ]


def set_recorded_version(db: Path, match: int, version: str) -> None:
    """Make ``match`` look as if an older openwhist-german had started it (the ledger
    stores the plugin version each match was started with)."""
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE matches SET variant_version = ? WHERE id = ?", (version, match))


# -- German points_per_trick under all26 (docs/variants/decisions.md §7.0, 2026-12-01)
# ----------------


def test_all26_points_per_trick_scores_all_26_tricks_through_whist_record(
    runner: CliRunner, tmp_path: Path
) -> None:
    """The issue's reproduction: 10-3 in phase 1 and 5-8 in phase 2 under all26 gives A 15
    and B 11 (it gave A 5 and B 8 while announcing "A wins 15-11"); the sheet agrees."""
    db = tmp_path / "g.sqlite3"
    match = started(runner, db, "german", "-p", "a", "-p", "b", "-o", "scoring_profile=all26",
                    "-o", "hand_result_mode=points_per_trick")  # fmt: skip
    deal = whist(runner, db, "record", "deal", str(match), "phase1_tricks=10,3",
                 "phase2_tricks=5,8")  # fmt: skip
    assert deal.exit_code == 0, deal.output
    # Each line and the totals by the players' names (issue 18, item 2).
    assert lines_of(deal.stdout) == [("a", 15), ("b", 11)]
    assert "Score: a 15  b 11   (a wins 15-11)" in deal.stdout
    sheet = json.loads(whist(runner, db, "scores", str(match), "--json").stdout)
    assert sheet["totals"] == [15, 11]


def test_target_points_alone_means_points_per_trick_over_all_26(
    runner: CliRunner, tmp_path: Path
) -> None:
    """An unset hand_result_mode under match_format=target_points is points_per_trick; under
    all26 the running totals gather every trick: 15 + 16 = 31 for A, 11 + 10 = 21 for B."""
    db = tmp_path / "t.sqlite3"
    match = started(runner, db, "german", "-p", "a", "-p", "b", "-o", "scoring_profile=all26",
                    "-o", "match_format=target_points", "-o", "target_points=30")  # fmt: skip
    first = whist(runner, db, "record", "deal", str(match), "phase1_tricks=10,3",
                  "phase2_tricks=5,8")  # fmt: skip
    assert "Score: a 15  b 11   (first to 30 points)" in first.stdout
    second = whist(runner, db, "record", "deal", str(match), "phase1_tricks=9,4",
                   "phase2_tricks=7,6")  # fmt: skip
    assert "Score: a 31  b 21   (a wins the match)" in second.stdout
    assert "the match is over" in second.stdout


def test_an_open_match_begun_under_the_old_scoring_takes_no_more_deals(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A ledger match of all26 + points_per_trick started with openwhist-german 0.1.0 has
    its deals scored on phase-2 tricks only: adding deals under the new rule would mix two
    scorings, so the deal is refused (exit 1) naming the change and the way out, and
    nothing is recorded. A 0.1.0 match the change does not touch (last13) carries on."""
    db = tmp_path / "old.sqlite3"
    old = started(runner, db, "german", "-p", "a", "-p", "b", "-o", "scoring_profile=all26",
                  "-o", "match_format=target_points")  # fmt: skip
    unaffected = started(runner, db, "german", "-p", "c", "-p", "d",
                         "-o", "match_format=target_points")  # fmt: skip
    set_recorded_version(db, old, "0.1.0")
    set_recorded_version(db, unaffected, "0.1.0")
    refused = whist(runner, db, "record", "deal", str(old), "phase1_tricks=10,3",
                    "phase2_tricks=5,8")  # fmt: skip
    assert refused.exit_code == 1
    message = " ".join(refused.stderr.split())
    assert f"match {old} was started with openwhist-german 0.1.0" in message
    assert "since 0.2.0 points_per_trick under scoring_profile=all26 scores all 26" in message
    assert f"whist match close {old}" in message
    assert "Traceback" not in refused.output
    sheet = json.loads(whist(runner, db, "scores", str(old), "--json").stdout)
    assert sheet["totals"] == [0, 0]
    carried_on = whist(runner, db, "record", "deal", str(unaffected), "phase1_tricks=10,3",
                       "phase2_tricks=5,8")  # fmt: skip
    assert carried_on.exit_code == 0, carried_on.output
    assert lines_of(carried_on.stdout) == [("c", 5), ("d", 8)]  # last13: phase 2 only


def test_a_played_match_begun_under_the_old_scoring_is_not_resumed(
    runner: CliRunner, tmp_path: Path
) -> None:
    """The same for a match played at the terminal: stopped after one deal, it would go on
    under the new rule; ``whist resume`` refuses (exit 1) and names the change."""
    db = tmp_path / "played.sqlite3"
    played = whist(runner, db, "play", "german", "-o", "scoring_profile=all26",
                   "-o", "match_format=target_points", "--seat", "A=bot:random",
                   "--seat", "B=bot:random", "--deals", "1", "--seed", "1", "--pause", "0",
                   "--bot-delay", "0")  # fmt: skip
    assert played.exit_code == 0, played.output
    listing = json.loads(whist(runner, db, "matches", "--json").stdout)
    assert [(m["status"], m["deals"]) for m in listing] == [("open", 1)]
    set_recorded_version(db, listing[0]["id"], "0.1.0")
    resumed = whist(runner, db, "resume", str(listing[0]["id"]), "--pause", "0")
    assert resumed.exit_code == 1
    assert "started with openwhist-german 0.1.0" in " ".join(resumed.stderr.split())


def test_an_old_record_of_all26_points_per_trick_is_refused_by_replay(
    runner: CliRunner, tmp_path: Path
) -> None:
    """``whist replay`` refuses (exit 6) a record of all26 + points_per_trick written by
    openwhist-german 0.1.0, saying what changed and which version checks it, instead of
    a bare score difference; the same record from this version replays, and a 0.1.0
    record of a profile the change does not touch still replays (with a version note)."""
    db = tmp_path / "unused.sqlite3"
    records = tmp_path / "all26.jsonl"
    made = whist(runner, db, "simulate", "german", "-o", "scoring_profile=all26",
                 "-o", "hand_result_mode=points_per_trick", "--seed", "5", "--deals", "2",
                 "--records", str(records))  # fmt: skip
    assert made.exit_code == 0, made.output
    current = [json.loads(line) for line in records.read_text("utf-8").splitlines()]
    assert current[0]["variant_version"] == "0.2.0"
    points = current[0]["deals"][0]["score"]["lines"]
    assert sum(line["points"] for line in points) == 26  # every trick scored a point
    assert whist(runner, db, "replay", str(records)).exit_code == 0

    old = tmp_path / "old.jsonl"
    old.write_text(
        "".join(json.dumps({**r, "variant_version": "0.1.0"}) + "\n" for r in current), "utf-8"
    )
    refused = whist(runner, db, "replay", str(old), "--json")
    assert refused.exit_code == 6
    checks = json.loads(refused.stdout)
    error = checks[0]["error"] if isinstance(checks, list) else checks["records"][0]["error"]
    assert "this record was written by openwhist-german 0.1.0" in error
    assert "since 0.2.0 points_per_trick under scoring_profile=all26 scores all 26" in error
    assert "check it with openwhist-german older than 0.2.0" in error

    last13 = tmp_path / "last13.jsonl"
    made = whist(runner, db, "simulate", "german", "-o", "hand_result_mode=points_per_trick",
                 "--seed", "5", "--deals", "1", "--records", str(last13))  # fmt: skip
    assert made.exit_code == 0, made.output
    record = json.loads(last13.read_text("utf-8"))
    last13.write_text(json.dumps({**record, "variant_version": "0.1.0"}), "utf-8")
    replayed = whist(runner, db, "replay", str(last13))
    assert replayed.exit_code == 0, replayed.output
    assert "recorded with openwhist-german 0.1.0" in replayed.output


# -- Israeli target:N with a tie at the top (docs/variants/decisions.md §7.0, 2026-12-01)
# -------------


def test_an_israeli_target_match_tied_at_the_top_plays_on_until_one_leads_alone(
    runner: CliRunner, tmp_path: Path
) -> None:
    """target:30. Deal 1: N and E both make 5 (5² + 10 = 35 each), S makes 1 (11), W's
    zero fails with 2 tricks (−40): N and E pass 30 level at the top, so the match stays
    open. Deal 2: N 5 made (70), E 4 made (61), S 3 missed by one (1), W's zero made in an
    under deal (10): N leads alone and wins."""
    db = tmp_path / "i.sqlite3"
    match = started(runner, db, "israeli", "-p", "Noa", "-p", "Eli", "-p", "Sara", "-p", "Wim",
                    "-o", "match=target:30")  # fmt: skip
    first = whist(runner, db, "record", "deal", str(match), "declarer=N", "bid=5S",
                  "contracts=5,5,1,0", "tricks=5,5,1,2")  # fmt: skip
    assert first.exit_code == 0, first.output
    assert "Score: Noa 35  Eli 35  Sara 11  Wim -40   (first to 30 points)" in first.stdout
    assert "the match is over" not in first.stdout
    listing = json.loads(whist(runner, db, "matches", "--json").stdout)
    assert [m["status"] for m in listing if m["id"] == match] == ["open"]
    second = whist(runner, db, "record", "deal", str(match), "declarer=N", "bid=5S",
                   "contracts=5,4,3,0", "tricks=5,4,4,0")  # fmt: skip
    assert second.exit_code == 0, second.output
    assert "Score: Noa 70  Eli 61  Sara 1  Wim 10   (first to 30 points)" in second.stdout
    assert "the match is over" in second.stdout
    sheet = json.loads(whist(runner, db, "scores", str(match), "--json").stdout)
    assert (sheet["match"]["status"], sheet["match"]["winner"]) == ("finished", 0)
    assert sheet["totals"] == [70, 61, 1, 10]


# -- messages -----------------------------------------------------------------------------


def _israeli_record(catalog: Catalog, actions: list[str]) -> dict[str, Any]:
    """A record of one unfinished Israeli deal with these actions (as a checker gets it)."""
    variant = catalog.variant("israeli")
    engine = Engine(variant)
    progress = engine.start_match(0)
    return {
        "format": "openwhist.record/1",
        "variant": "israeli",
        "options": engine.options.model_dump(mode="json"),
        "players": [{"seat": s, "name": n, "kind": "human"} for s, n in enumerate("NESW")],
        "first_dealer": 0,
        "deals": [{"number": 1, "dealer": 0, "actions": actions}],
        "result": {
            "finished": False,
            "winner": None,
            "parties": list(progress.parties),
            "totals": list(progress.totals),
            "deals": 0,
            "summary": progress.summary,
        },
    }


DECK = " ".join(f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA")
"""The deck in card order: dealt one at a time from the dealer's left, E holds every 4th
card from 2C, S from 3C, W from 4C and N (the dealer) from 5C."""


def _replay_error(runner: CliRunner, tmp_path: Path, record: dict[str, Any]) -> str:
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record), "utf-8")
    result = whist(runner, tmp_path / "unused.sqlite3", "replay", str(path))
    assert result.exit_code == 6, result.output
    return " ".join(result.output.split())


def test_a_pass_where_a_frisch_selection_is_due_is_explained(
    catalog: Catalog, runner: CliRunner, tmp_path: Path
) -> None:
    """Everyone passed, so a Frisch is due: a fifth "pass" was reported as "'pass' is not a
    card"; it is refused as an illegal pass that says a Frisch selection is due, by whom
    and of how many cards -- and the 286 possible selections are counted, not listed."""
    record = _israeli_record(catalog, [f"deal {DECK}", "pass", "pass", "pass", "pass", "pass"])
    error = _replay_error(runner, tmp_path, record)
    assert "deal 1, action 6: illegal action 'pass'" in error
    assert "a Frisch is due: E puts down 3 cards" in error
    assert "not a card" not in error
    assert "286 legal choices" in error
    assert len(error) < 400


def test_a_refused_frisch_names_the_seat_and_the_wrong_cards(
    catalog: Catalog, runner: CliRunner, tmp_path: Path
) -> None:
    """E (first to put down, left of the dealer) holds 2C 6C TC ...; "frisch 2C 6C 3C"
    names 3C, which S holds: the refusal says E does not hold 3C and that a Frisch puts
    down 3 of E's cards, instead of listing every legal selection (4,654 characters)."""
    actions = [f"deal {DECK}", "pass", "pass", "pass", "pass", "frisch 2C 6C 3C"]
    error = _replay_error(runner, tmp_path, _israeli_record(catalog, actions))
    assert "E does not hold 3C: a Frisch puts down 3 cards of E's hand" in error
    assert "you do not hold" not in error
    assert "frisch 2C 6C TC" not in error  # no alternative is listed
    assert len(error) < 400


def test_a_card_not_held_in_trick_play_names_the_seat(
    catalog: Catalog, runner: CliRunner, tmp_path: Path
) -> None:
    """E bids 5S and the others pass; contracts 5, 0, 0, 0... E leads: a card E does not
    hold (3C, S's) is refused as "E does not hold 3C", not "you do not hold 3C"."""
    engine = Engine(catalog.variant("israeli"))
    state = engine.start_deal(dealer=0)
    actions = [f"deal {DECK}", "5S", "pass", "pass", "pass"]
    for text in actions:
        state = engine.apply(state, engine.parse_action(state, text))
    while state.phase != "play":  # the contracts: the first legal one each
        action = engine.legal_actions(state)[0]
        actions.append(action.notation())
        state = engine.apply(state, action)
    assert engine.observe(state, state.to_act).hand >> 1 & 1 == 0  # 3C is not the leader's
    leader = "NESW"[state.to_act]
    error = _replay_error(runner, tmp_path, _israeli_record(catalog, [*actions, "3C"]))
    assert f"illegal action '3C': {leader} does not hold 3C" in error
    assert "you do not hold" not in error


def test_a_misdeal_is_entered_with_no_tricks(runner: CliRunner, tmp_path: Path) -> None:
    """docs/variants/english.md: a score-keeper records a misdeal "with no tricks":
    ``misdeal=true`` alone is accepted (it was refused: "tricks: Field required"), scores
    nothing, and the deal passes to the next dealer; tricks with a misdeal are refused."""
    db = tmp_path / "e.sqlite3"
    match = started(runner, db, "english", "-p", "a", "-p", "b", "-p", "c", "-p", "d")
    misdeal = whist(runner, db, "record", "deal", str(match), "misdeal=true", "--json")
    assert misdeal.exit_code == 0, misdeal.output
    data = json.loads(misdeal.stdout)
    assert data["score"]["lines"] == []
    assert data["score"]["facts"]["void"] is True
    assert data["progress"]["dealer"] == 1  # deal_passes: the next player deals
    assert data["progress"]["totals"] == [0, 0]
    wrong = whist(runner, db, "record", "deal", str(match), "misdeal=true", "tricks=7,6")
    assert wrong.exit_code == 2
    assert "a misdeal is void" in wrong.stderr
    normal = whist(runner, db, "record", "deal", str(match), "honours=2,2")
    assert normal.exit_code == 2  # without a misdeal the tricks are still required
    assert "tricks" in normal.stderr


# -- German Whist's stock on the play screen ----------------------------------------------


def test_the_stock_is_counted_after_every_drawing_trick(runner: CliRunner) -> None:
    """German players count the stock: after trick k of phase 1 the play log says that the
    winner took the face-up card and the loser drew, how many cards are left (26 − 2k) and
    the new face-up card -- even when no human is at the table to see the full screen;
    after trick 13 it says the stock is empty, and the play-out mentions no stock."""
    result = runner.invoke(
        app,
        ["play", "german", "--seed", "3", "--no-ledger", "--ascii", "--pause", "0",
         "--bot-delay", "0", "--seat", "A=bot:random", "--seat", "B=bot:random"],
        env={"NO_COLOR": "1", "OPENWHIST_LANG": "en", "COLUMNS": "200"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    after: dict[int, tuple[str, str]] = {}
    for i, line in enumerate(lines):
        found = re.match(r"Trick (\d+): .* -> (\w) wins the trick", line)
        if found and i + 1 < len(lines):
            after[int(found.group(1))] = (found.group(2), lines[i + 1])
    assert sorted(after) == list(range(1, 27))
    for k in range(1, 13):
        winner, line = after[k]
        loser = "B" if winner == "A" else "A"
        expected = (
            rf"{winner} takes the face-up card, {loser} draws from the stock: "
            rf"{26 - 2 * k} cards left; face up: (10|[2-9JQKA])[SHDC]"
        )
        assert re.fullmatch(expected, line), (k, line)
    winner, line = after[13]
    assert line.startswith(f"{winner} takes the last face-up card")
    assert "the stock is empty" in line
    assert not any("stock" in after[k][1].lower() for k in range(14, 27))
