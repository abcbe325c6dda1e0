"""``whist play`` with claims, equivalent auto-play and ``--review`` (issue 17 item 5).

A scripted German match: a claim in the first half is refused because of the stock (the
reason shown, play goes on), ``claim 0`` in the second half is accepted and the deal is
played out; ``--review`` shows the honest review of the human seat after the deal; the
record written with ``--records`` holds every claim (format 2) and replays.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from openwhist.game.actions import Play
from openwhist.game.cards import card_name
from openwhist.plugins import load_catalog
from openwhist.services.play import DealScored, HumanTurn, start_session
from openwhist_cli.app import app
from typer.testing import CliRunner


def _script() -> str:
    """The lines a player types: ``claim 0`` at every turn, then the lowest legal card
    while the claim is refused -- found by driving the same session the CLI builds."""
    session = start_session(
        load_catalog(),
        "german",
        seats=["human", "bot:heuristic"],
        seed=9,
        autoplay="equivalent",
    )
    lines = ["claim"]  # the first turn: a claim of every trick, refused like the others
    while not isinstance(event := session.next_event(), DealScored):
        if isinstance(event, HumanTurn):
            lines.append("claim 0")
            if session.claim(0).accepted:
                continue
            card = event.legal[0]
            assert isinstance(card, Play)
            lines.append(card_name(card.card))
            session.act(card)
    return "\n".join(lines) + "\n"


def test_claims_and_the_review_at_the_table(tmp_path: Path) -> None:
    records = tmp_path / "match.jsonl"
    script = _script()
    result = CliRunner().invoke(
        app,
        [
            "play", "german", "--seat", "B=bot:heuristic", "--seed", "9", "--no-ledger",
            "--deals", "1", "--pause", "0", "--bot-delay", "0", "--review",
            "--autoplay-equivalent", "--records", str(records),
        ],
        input=script,
        env={"NO_COLOR": "1"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.output
    assert "claim refused: cards are still to be drawn from the stock; play on" in out
    assert "claim accepted: every hand is known" in out
    assert "Review of this match (german), honest" in out
    assert "Deal 1, seat A" in out
    assert "Summary:" in out
    record = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    assert record["format"] == "openwhist.record/2"
    assert record["table"] == {"undo": True, "autoplay": "equivalent"}
    claims = record["deals"][0]["claims"]
    assert claims[-1]["accepted"] is True
    assert claims[-1]["tricks"] == 0
    assert all(not c["accepted"] and "stock" in c["reason"] for c in claims[:-1])
    replayed = CliRunner().invoke(app, ["replay", str(records)])
    assert replayed.exit_code == 0, replayed.output
    assert "ok -- german" in replayed.output


def _hot_seat_script(seed: int, answer: str) -> tuple[str, str]:
    """Two humans at German Whist: each plays its lowest legal card (an Enter at each pass
    screen) until A's first turn after trick 15, where A claims one trick more than best
    play gives and B answers ``answer``. Returns the lines typed and B's question."""
    from openwhist.claims import remaining_tricks
    from openwhist.solver import Solver

    session = start_session(load_catalog(), "german", seats=["human", "human"], seed=seed)
    lines: list[str] = []
    shown = None
    while not isinstance(event := session.next_event(), DealScored):
        if not isinstance(event, HumanTurn):
            continue
        if event.seat != shown:
            lines.append("")  # "Pass to B, press Enter when ready."
        shown = event.seat
        state = session.state
        assert state is not None
        if event.seat == 0 and len(state.completed) >= 15:
            best = (
                Solver(seats=2, trump=state.trump)
                .solve(state.hands, state.leader, trick=state.trick)
                .tricks_for(0)
            )
            claim = min(best + 1, remaining_tricks(state))
            lines += [f"claim {claim}", answer]
            verdict = session.claim(claim, ask=lambda seat, verdict: answer == "y")
            if verdict.accepted:
                continue
            lines.append("quit")
            lines.append("y")
            break
        card = event.legal[0]
        assert isinstance(card, Play)
        lines.append(card_name(card.card))
        session.act(card)
    question = f"B, A claims {claim} of the {remaining_tricks(state)} tricks left. Do you accept?"
    return "\n".join(lines) + "\n", question


def test_hot_seat_opponents_answer_a_claim_the_solver_cannot_prove(tmp_path: Path) -> None:
    for answer in ("y", "n"):
        records = tmp_path / f"match-{answer}.jsonl"
        script, question = _hot_seat_script(3, answer)
        result = CliRunner().invoke(
            app,
            [
                "play", "german", "--seat", "A=human", "--seat", "B=human", "--seed", "3",
                "--no-ledger", "--deals", "1", "--pause", "0", "--bot-delay", "0",
                "--records", str(records),
            ],
            input=script,
            env={"NO_COLOR": "1"},
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        out = " ".join(result.output.split())  # the screen wraps at 80 columns
        assert question in out
        assert "best defence holds your side to" in out  # why the solver did not prove it
        assert re.search(r"if B holds (\S+[♠♥♦♣],? )+best defence", out)  # cards as at the table
        record = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
        (claim,) = record["deals"][0]["claims"]
        assert claim["by"] == "opponents"
        if answer == "y":
            assert "claim accepted by B, though not proved" in out
            assert claim["accepted"] is True
            assert record["deals"][0]["score"] is not None  # played out as conceded
        else:
            assert "B does not accept it" in out
            assert claim["accepted"] is False
        replayed = CliRunner().invoke(app, ["replay", str(records)])
        assert replayed.exit_code == 0, replayed.output


def test_resume_takes_the_play_flags(tmp_path: Path) -> None:
    """``whist resume`` plays with ``--autoplay-equivalent``, shows ``--review`` after the
    deal and writes ``--records``, as ``whist play`` does."""
    db = str(tmp_path / "ledger.sqlite3")
    start = CliRunner().invoke(
        app,
        [
            "play", "german", "--seat", "B=bot:heuristic", "--seed", "9", "--db", db,
            "--pause", "0", "--bot-delay", "0",
        ],
        input="quit\ny\n",
        env={"NO_COLOR": "1"},
    )  # fmt: skip
    assert start.exit_code == 0, start.output
    records = tmp_path / "resumed.jsonl"
    script = _script().removeprefix("claim\n")
    result = CliRunner().invoke(
        app,
        [
            "resume", "1", "--db", db, "--deals", "1", "--pause", "0", "--bot-delay", "0",
            "--autoplay-equivalent", "--review", "--records", str(records),
        ],
        input=script,
        env={"NO_COLOR": "1"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Review of this match (german), honest" in result.output
    record = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    assert record["table"] == {"undo": True, "autoplay": "equivalent"}
    assert record["deals"][0]["claims"][-1]["accepted"] is True
    replayed = CliRunner().invoke(app, ["replay", str(records)])
    assert replayed.exit_code == 0, replayed.output
