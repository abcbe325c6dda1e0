"""A golden playthrough: a seeded Israeli Whist match as a readable transcript.

The transcript (``playthroughs/israeli_match_seed_11.txt``) shows every deal: the hands, each
auction call, every Frisch (all selections: the transcript is the omniscient record, not a
seat's view), the hands after the exchange, the contracts with the forbidden value, every
trick, and the explained score lines with the running totals. The test regenerates it and
compares it with the file, so any change in the rules shows up as a readable diff. After an
intended change, regenerate with
``OPENWHIST_REGENERATE=1 pytest plugins/israeli/tests/test_playthrough.py`` and review the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

from openwhist import CHANCE, TERMINAL, Deal, DealState, Engine, card_name, cards_of
from openwhist_israeli import ISRAELI, Bid, Contract, FrischSelection, Pass, PassingRandomBot
from openwhist_israeli.rules import frisch_step

SEED = 11
DEALS = 4
GOLDEN = Path(__file__).parent / "playthroughs" / f"israeli_match_seed_{SEED}.txt"
NAMES = ("N", "E", "S", "W")
DIRECTIONS = {1: "to the left", 2: "across", 3: "to the right"}
SUITS = (("S", 3), ("H", 2), ("D", 1), ("C", 0))


def hand_text(mask: int) -> str:
    parts = []
    for letter, suit in SUITS:
        ranks = [card_name(c)[0] for c in reversed(cards_of(mask)) if c // 13 == suit]
        parts.append(f"{letter}: {' '.join(ranks) or '-'}")
    return "  ".join(parts)


def hands_block(state: DealState[Any], title: str) -> list[str]:
    out = [f"  {title}"]
    out.extend(f"    {NAMES[s]}  {hand_text(state.hands[s])}" for s in range(4))
    return out


def transcript() -> str:
    rng = random.Random(SEED)
    bot = PassingRandomBot(rng)
    engine = Engine(ISRAELI, {"match": f"fixed_deals:{DEALS}"})
    progress = engine.start_match(first_dealer=0)
    out = [
        f"Israeli Whist: a match of {DEALS} deals, seed {SEED}, the israeli-random bot "
        "(passes 3 calls in 4) in every seat",
        "Options: defaults (min_bid 5, three passes end the auction, Frisch 3 cards to the "
        "left, at most 3), match=fixed_deals:4",
    ]
    while not progress.finished:
        state = engine.next_deal(progress)
        out.append("")
        out.append(f"== Deal {progress.deals + 1}: dealer {NAMES[state.dealer]}")
        line: list[str] = []
        while state.to_act != TERMINAL:
            seat = state.to_act
            phase = state.phase
            if seat == CHANCE:
                action: Any = engine.sample_chance(state, rng)
            else:
                action = bot.pick(engine.legal_actions(state))
            before = state
            state = engine.apply(state, action)
            if isinstance(action, Deal):
                if before.extra.redeals:
                    out.append(f"  Redeal {before.extra.redeals} by the same dealer")
                out.extend(hands_block(state, "Hands:"))
            elif isinstance(action, (Pass, Bid)):
                if not before.extra.calls:
                    line = []
                line.append(f"{NAMES[seat]} {action.notation()}")
                if state.phase != phase:
                    if state.phase == "contracts":
                        bid = Bid(state.extra.bid // 5, state.extra.bid % 5)
                        end = f"{NAMES[state.extra.declarer]} declares {bid.describe()}"
                    elif state.phase == "frisch":
                        end = "all passed: Frisch"
                    else:
                        end = "passed out again: the deal is cancelled"
                    out.append(f"  Auction (minimum {before.extra.min_bid}): {', '.join(line)}")
                    out.append(f"    -> {end}")
            elif isinstance(action, FrischSelection):
                if state.phase == "auction":  # the fourth selection: the exchange happened
                    rnd = state.extra.frisch
                    step = frisch_step(engine.options, rnd - 1)
                    gives = state.extra.given[-1]
                    out.append(f"  Frisch {rnd} ({DIRECTIONS[step]}):")
                    for giver in range(4):
                        names = " ".join(card_name(c) for c in cards_of(gives[giver]))
                        out.append(
                            f"    {NAMES[giver]} gives {names} to {NAMES[(giver + step) % 4]}"
                        )
                    out.extend(hands_block(state, "Hands after the exchange:"))
            elif isinstance(action, Contract):
                contracts = state.extra.contracts
                if min(contracts) >= 0:
                    order = [(state.extra.declarer + i) % 4 for i in range(4)]
                    total = sum(contracts)
                    kind = "over" if total > 13 else "under"
                    out.append(
                        "  Contracts: "
                        + ", ".join(f"{NAMES[s]} {contracts[s]}" for s in order)
                        + f" (total {total}: {kind})"
                    )
                    out.append(f"  {NAMES[state.to_act]} leads")
            elif state.completed and len(state.completed) > len(before.completed):
                trick = state.completed[-1]
                plays = ", ".join(
                    f"{NAMES[(trick.leader + i) % 4]} {card_name(c)}"
                    for i, c in enumerate(trick.cards)
                )
                out.append(f"  Trick {len(state.completed):2}: {plays} -> {NAMES[trick.winner]}")
        score = engine.score(state)
        out.append("  Tricks: " + ", ".join(f"{NAMES[s]} {state.tricks[s]}" for s in range(4)))
        for score_line in score.lines:
            out.append(
                f"  Score: {NAMES[score_line.party]} {score_line.points:+} "
                f"{score_line.category}: {score_line.note}"
            )
        progress = engine.advance_match(progress, score)
        out.append(f"  => {progress.summary}")
    winner = "none (tie)" if progress.winner is None else NAMES[progress.winner]
    out.append("")
    out.append(f"Match winner: {winner}")
    return "\n".join(out) + "\n"


def test_golden_playthrough_with_a_frisch() -> None:
    text = transcript()
    if os.environ.get("OPENWHIST_REGENERATE") == "1" or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text == expected, (
        f"the seeded match no longer plays as {GOLDEN.name} records; review the difference "
        "and regenerate with OPENWHIST_REGENERATE=1 if the change is intended"
    )
    # The transcript must contain what it is for: a Frisch and a finished match.
    assert "Frisch 1 (to the left):" in text
    assert "Auction (minimum 6):" in text
    assert "Match winner:" in text
