"""Issue 6, done-when: a rubber of English Whist played over three runs of ``whist`` (quit
once, killed once mid-deal) is recorded whole; ``whist scores`` shows it exactly.

The ``whist`` console script runs in a pseudo-terminal (pexpect, as in
tests/cli/test_play_terminal.py): a human in seat N plays the first legal card each turn
(read from ``?``), takes one card back with ``undo``, and the heuristic bot plays E, S, W.

* run 1: ``whist play english --seed S`` -- two deals, then ``q`` at the next-deal prompt;
* run 2: ``whist resume`` -- one more deal, then SIGKILL in the middle of the next one;
* run 3: ``whist resume`` -- continues at the last logged action and plays to the end of
  the rubber.

The score sheet is then checked against an independent computation of English Whist's
scoring (docs/variants/english.md §2.5-§2.7) from the stored deals' tricks and honours, and every
stored deal is replayed through the engine to the stored score.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

WHIST = Path(sys.executable).with_name("whist")
LEGAL = re.compile(r"Legal now: (\S+)")
CARD = r"N, your card: "
NEXT = r"Press Enter for the next deal \(q to stop\): "
SEED = 4

pytestmark = pytest.mark.skipif(not WHIST.exists(), reason="the whist console script is missing")


def _env(db: Path) -> dict[str, str]:
    return {
        **os.environ,
        "NO_COLOR": "1",
        "TERM": "dumb",
        "OPENWHIST_LANG": "en",
        "OPENWHIST_PAUSE": "0",
        "OPENWHIST_BOT_DELAY": "0",
        "OPENWHIST_DB": str(db),
        "COLUMNS": "120",
    }


class Player:
    """Drives one ``whist`` process as the human in seat N."""

    def __init__(self, args: list[str], db: Path) -> None:
        self.child = pexpect.spawn(
            str(WHIST), args, env=_env(db), encoding="utf-8", timeout=60, dimensions=(50, 120)
        )
        self.cards: list[str] = []  # the cards this process played for N, in order

    def play_card(self, *, undo: bool = False) -> None:
        """At N's prompt: ask for the legal cards, play the first (optionally take a
        previous card back first)."""
        child = self.child
        if undo:
            child.sendline("undo")
            child.expect("Taken back.")
            self.cards.pop()
            child.expect(CARD)
        child.sendline("?")
        child.expect(LEGAL)
        card = child.match.group(1)
        child.expect(CARD)
        child.sendline(card)
        self.cards.append(card)

    def next_stop(self) -> int:
        """Wait for N's turn (0), the next-deal prompt (1) or the end of the match (2)."""
        return int(self.child.expect([CARD, NEXT, "Match over"]))


def _ledger(db: Path) -> Any:
    from openwhist.services.ledger import Ledger

    return Ledger(str(db))


def _english_by_hand(records: list[dict[str, Any]]) -> dict[str, Any]:
    """English Whist with its default options, computed from each deal's tricks and
    honours alone (docs/variants/english.md §2.5-§2.7; short whist, rubber bonus 2)."""
    target = 5
    score = [0, 0]
    games: list[tuple[int, int]] = []  # (winner, value)
    per_deal = []
    rubber_bonus = 0
    rubber_winner = None
    for record in records:
        tricks = record["score"]["tricks"]
        sides = (tricks[0] + tricks[2], tricks[1] + tricks[3])
        honours = record["score"]["facts"]["honours"]
        at_start = score[:]
        below = [0, 0]
        winner = None
        # §2.6: tricks first (one point per trick over six), then honours; points above
        # the target are discarded (a line counts what it added to the game score).
        for side in (0, 1):
            if sides[side] >= 7:
                counted = min(sides[side] - 6, target - score[side])
                below[side] += counted
                score[side] += counted
                if score[side] >= target:
                    winner = side
        if winner is None:
            for side in (0, 1):
                held = honours[side]
                points = 4 if held == 4 else 2 if held == 3 else 0
                if points and at_start[side] != target - 1:  # §2.5: "at the score of four"
                    counted = min(points, target - score[side])
                    below[side] += counted
                    score[side] += counted
                    if score[side] >= target:
                        winner = side
        per_deal.append(below)
        if winner is not None:
            loser_score = score[1 - winner]
            value = 3 if loser_score == 0 else 2 if loser_score <= 2 else 1  # §2.7
            games.append((winner, value))
            score = [0, 0]
            if sum(1 for w, _ in games if w == winner) == 2:
                rubber_winner = winner
                rubber_bonus = 2
                break
    game_points = [sum(v for w, v in games if w == side) for side in (0, 1)]
    return {
        "per_deal": per_deal,
        "games": games,
        "game_points": game_points,
        "rubber_winner": rubber_winner,
        "rubber_bonus": rubber_bonus,
        "deals": len(per_deal),
    }


def test_a_rubber_over_three_runs_quit_and_killed_is_scored_exactly(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"

    # -- run 1: two deals (one card taken back), then stop at the next-deal prompt --------
    run1 = Player(["play", "english", "--seed", str(SEED)], db)
    deals_done = 0
    turns = 0
    try:
        while True:
            stop = run1.next_stop()
            if stop == 0:
                turns += 1
                run1.play_card(undo=turns == 3)
            elif stop == 1:
                deals_done += 1
                if deals_done == 2:
                    run1.child.sendline("q")
                    run1.child.expect(r"Stop the match here\? \[y/N\] ")
                    run1.child.sendline("y")
                    run1.child.expect("Match stopped")
                    break
                run1.child.sendline("")
            else:
                pytest.fail("the rubber ended within two deals: choose another SEED")
        run1.child.expect(pexpect.EOF)
    finally:
        run1.child.close()
    assert run1.child.exitstatus == 0
    with _ledger(db) as ledger:
        (match,) = ledger.list_matches()
        assert match["status"] == "open"
        assert match["deals"] == 2
        match_id = match["id"]
        # The undone card is not in the record: each deal holds 13 cards per seat.
        for deal in ledger.get_match(match_id)["deal_records"]:
            assert len(deal["record"]["actions"]) == 1 + 52

    # -- run 2: resume, finish deal 3, kill the process in the middle of deal 4 ----------
    run2 = Player(["resume"], db)
    in_deal4 = 0
    try:
        run2.child.expect(r"resuming match \d+, deal 3")
        while True:
            stop = run2.next_stop()
            if stop == 1:
                run2.child.sendline("")
                continue
            assert stop == 0, "the rubber ended before deal 4: choose another SEED"
            with _ledger(db) as ledger:
                point = ledger.resume_point(match_id)
            if point.deal_number == 4:
                if in_deal4 == 5:
                    break
                in_deal4 += 1
            run2.play_card()
        # N has played five cards of deal 4; each was logged before the bots went on.
        run2.child.kill(signal.SIGKILL)
        run2.child.expect(pexpect.EOF)
    finally:
        run2.child.close(force=True)
    assert run2.child.signalstatus == signal.SIGKILL
    with _ledger(db) as ledger:
        point = ledger.resume_point(match_id)
        assert point.deal_number == 4
        assert point.progress.deals == 3
        logged = list(point.actions)
        played_n = run2.cards[-5:]
        resumed = ledger.resume(match_id)  # the log replays legally
        assert resumed.state is not None
        n_cards = [
            _card(text)
            for text, seat in zip(logged[1:], _actors(resumed), strict=True)
            if seat == 0
        ]
    assert len(logged) > 1 + 5
    # The five cards N played in deal 4 before the kill are N's logged cards, in order.
    assert n_cards == [_card(c) for c in played_n]

    # -- run 3: resume at the last action and play the rubber out ---------------------------
    run3 = Player(["resume", str(match_id)], db)
    try:
        run3.child.expect(rf"resuming match {match_id}, deal 4 \({len(logged) - 1} actions")
        while True:
            stop = run3.next_stop()
            if stop == 0:
                run3.play_card()
            elif stop == 1:
                run3.child.sendline("")
            else:
                break
        run3.child.expect(r"wins? the match|is a tie")  # "NS win the match!"
        run3.child.expect(pexpect.EOF)
    finally:
        run3.child.close()
    assert run3.child.exitstatus == 0

    # -- the ledger holds the whole rubber, once -------------------------------------------
    done = subprocess.run(
        [str(WHIST), "scores", str(match_id), "--json"],
        env=_env(db),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    sheet = json.loads(done.stdout)
    with _ledger(db) as ledger:
        records = [d["record"] for d in ledger.get_match(match_id)["deal_records"]]
        summary = ledger.list_matches()[0]
        first_dealer = summary["first_dealer"]
    assert summary["status"] == "finished"
    assert [r["number"] for r in records] == list(range(1, len(records) + 1))
    assert all(len(r["actions"]) == 53 for r in records)  # nothing logged twice or lost
    _replays_to_the_stored_scores(records, first_dealer)

    hand = _english_by_hand(records)
    assert hand["rubber_winner"] is not None
    assert hand["deals"] == len(sheet["deals"]) == len(records)
    for deal, below in zip(sheet["deals"], hand["per_deal"], strict=True):
        got = [0, 0]
        for line in deal["lines"]:
            if line["category"] in ("tricks", "honours"):
                got[line["party"]] += line["points"]
        assert got == below, f"deal {deal['number']}"
    game_lines = [
        (line["party"], line["points"])
        for deal in sheet["deals"]
        for line in deal["lines"]
        if line["category"] == "game"
    ]
    assert game_lines == hand["games"]
    rubber_lines = [
        (line["party"], line["points"])
        for deal in sheet["deals"]
        for line in deal["lines"]
        if line["category"] == "rubber"
    ]
    assert rubber_lines == [(hand["rubber_winner"], 2)]
    winner = hand["rubber_winner"]
    expected_totals = [hand["game_points"][side] + (2 if side == winner else 0) for side in (0, 1)]
    # The rules' tally (game points + bonus) and the same from the entries; every point of
    # the entries (below the line too) is the summary's total, as on the sheet.
    assert summary["rules_totals"] == expected_totals
    assert summary["game_points"] == expected_totals
    assert summary["totals"] == sheet["totals"]

    text = subprocess.run(
        [str(WHIST), "scores", str(match_id)],
        env=_env(db),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    assert "We (NS)" in text
    assert "They (EW)" in text
    assert text.count("GAME: ") == len(hand["games"])
    assert text.count("RUBBER: ") == 1
    match_points = re.search(r"match points \(games \+ rubber bonus\)\s+(\d+)\s+(\d+)", text)
    assert match_points is not None
    assert [int(match_points.group(1)), int(match_points.group(2))] == expected_totals


def _card(text: str) -> int:
    """A card as typed (``10♦``, ``Q♥``) or logged (``QH``) as the engine's card number."""
    from openwhist.game.cards import parse_card

    return parse_card(text)


def _actors(resumed: Any) -> list[int]:
    """The seat that made each non-chance action of the resumed deal, by replaying it."""
    engine = resumed.engine
    state = engine.next_deal(resumed.point.progress)
    seats = []
    for index, text in enumerate(resumed.point.actions):
        if index:
            seats.append(state.to_act)
        state = engine.apply(state, engine.parse_action(state, text))
    return seats


def _replays_to_the_stored_scores(records: list[dict[str, Any]], first_dealer: int) -> None:
    """Every stored deal, replayed through a fresh engine from the progress before it,
    scores what the ledger stored and advances the match to the stored progress."""
    from openwhist.game.engine import Engine
    from openwhist.plugins import load_catalog

    engine = Engine(load_catalog().variant("english"), {})
    progress = engine.start_match(first_dealer)
    for record in records:
        state = engine.next_deal(progress)
        for text in record["actions"]:
            state = engine.apply(state, engine.parse_action(state, text))
        score = engine.score(state)
        assert score.as_dict() == record["score"], f"deal {record['number']}"
        progress = engine.advance_match(progress, score)
        assert progress.as_dict() == record["progress"], f"deal {record['number']}"
