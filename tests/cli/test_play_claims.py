"""``whist play`` with claims, equivalent auto-play and ``--review`` (issue 17 item 5).

A scripted German match: a claim in the first half is refused because of the stock (the
reason shown, play goes on), ``claim 0`` in the second half is accepted and the deal is
played out; ``--review`` shows the honest review of the human seat after the deal; the
record written with ``--records`` holds every claim (format 2) and replays.
"""

from __future__ import annotations

import json
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
