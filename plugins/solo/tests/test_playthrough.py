"""A golden playthrough: a seeded Solo Whist session as a readable transcript.

The transcript (``playthroughs/solo_session_seed_<SEED>.txt``) shows every deal: the hands,
the turn-up, each call, the contract with its declarer (and partner), the trump named,
every trick, and the explained units with the running totals. The test regenerates it and
compares it with the file, so any change in the rules shows up as a readable diff. After
an intended change, regenerate with
``OPENWHIST_REGENERATE=1 pytest plugins/solo/tests/test_playthrough.py`` and review it.

A second test reads the transcript as a referee would, with nothing from the plugin: it
re-derives every trick's winner (docs/variants/core.md §0.3) and every deal's units
(docs/variants/solo.md §6) from the lines, so a wrong golden file cannot be blessed.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from openwhist import CHANCE, NO_TRUMP, TERMINAL, Deal, DealState, Engine, card_name, cards_of
from openwhist_solo import SOLO, Call, TrumpChoice
from openwhist_solo.heuristic import SoloHeuristicBot

SEED = 7
DEALS = 8
GOLDEN = Path(__file__).parent / "playthroughs" / f"solo_session_seed_{SEED}.txt"
NAMES = ("N", "E", "S", "W")
SUITS = (("S", 3), ("H", 2), ("D", 1), ("C", 0))
TRUMP_NAMES = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades", NO_TRUMP: "no trump"}


def hand_text(mask: int) -> str:
    parts = []
    for letter, suit in SUITS:
        ranks = [card_name(c)[0] for c in reversed(cards_of(mask)) if c // 13 == suit]
        parts.append(f"{letter}: {' '.join(ranks) or '-'}")
    return "  ".join(parts)


def transcript() -> str:
    rng = random.Random(SEED)
    bot = SoloHeuristicBot(rng)
    engine = Engine(SOLO, {"match": f"fixed_deals:{DEALS}", "all_pass": "general_misere"})
    progress = engine.start_match(first_dealer=0)
    out = [
        f"Solo Whist: a session of {DEALS} deals, seed {SEED}, the heuristic bot in every seat",
        "Options: defaults (stakes 1 1 2 3 4 6, 1 unit a trick over or under), "
        "all_pass=general_misere",
    ]
    while not progress.finished:
        state: DealState[Any] = engine.next_deal(progress)
        out.append("")
        out.append(f"== Deal {progress.deals + 1}: dealer {NAMES[state.dealer]}")
        auction: list[str] = []
        while state.to_act != TERMINAL:
            seat = state.to_act
            if seat == CHANCE:
                action: Any = engine.sample_chance(state, rng)
            else:
                action = bot.choose(engine.observe(state, seat), engine.legal_actions(state))
            before = state
            state = engine.apply(state, action)
            if isinstance(action, Deal):
                out.append("  Hands:")
                out.extend(f"    {NAMES[s]}  {hand_text(state.hands[s])}" for s in range(4))
                out.append(f"  Turn-up: {card_name(state.extra.turn_up)}")
            elif isinstance(action, Call):
                auction.append(f"{NAMES[seat]} {action.notation()}")
                if state.phase != "auction":
                    out.append(f"  Auction: {', '.join(auction)}")
                    x = state.extra
                    if x.passed_out:
                        out.append("    -> all passed")
                    elif x.declarer < 0:
                        out.append("    -> all passed: general misère")
                    else:
                        contract = engine.observe(state, 0).public["contract"]
                        pair = f" with {NAMES[x.partner]}" if x.partner >= 0 else ""
                        out.append(f"    -> {NAMES[x.declarer]}{pair}: {contract}")
            elif isinstance(action, TrumpChoice):
                out.append(f"  {NAMES[seat]} names {action.notation()}")
            elif len(state.completed) > len(before.completed):
                trick = state.completed[-1]
                plays = ", ".join(
                    f"{NAMES[s]} {card_name(c)}"
                    for s, c in zip(trick.seats, trick.cards, strict=True)
                )
                out.append(f"  Trick {len(state.completed):2}: {plays} -> {NAMES[trick.winner]}")
            if state.phase == "play" and before.phase != "play":
                out.append(f"  Trump: {TRUMP_NAMES[state.trump]}; {NAMES[state.to_act]} leads")
        score = engine.score(state)
        out.append("  Tricks: " + ", ".join(f"{NAMES[s]} {state.tricks[s]}" for s in range(4)))
        for line in score.lines:
            out.append(f"  Units: {NAMES[line.party]} {line.points:+} {line.note}")
        progress = engine.advance_match(progress, score)
        out.append(f"  => {progress.summary}")
    winner = "none (tie)" if progress.winner is None else NAMES[progress.winner]
    out.append("")
    out.append(f"Session winner: {winner}")
    return "\n".join(out) + "\n"


def test_golden_session() -> None:
    text = transcript()
    if os.environ.get("OPENWHIST_REGENERATE") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
        pytest.fail(f"regenerated {GOLDEN.name}; review the diff and run the tests again")
    assert GOLDEN.exists(), f"the golden transcript {GOLDEN} is missing"
    assert text == GOLDEN.read_text(encoding="utf-8"), (
        f"the seeded session no longer plays as {GOLDEN.name} records; review the "
        "difference and regenerate with OPENWHIST_REGENERATE=1 if the change is intended"
    )
    assert "Session winner:" in text


RANKS = "23456789TJQKA"
TRUMP_LETTER = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S", "no trump": None}
STAKES = {
    "prop": (1, 8), "solo": (1, 5), "misere": (2, 0), "abundance": (3, 9),
    "royal_abundance": (3, 9), "open_misere": (4, 0), "declared": (6, 13),
}  # fmt: skip
TRICK_RE = re.compile(r"  Trick +\d+: (.*) -> (\w)$")


def _winner(plays: list[tuple[str, str]], trump: str | None) -> str:
    led = plays[0][1][1]

    def strength(card: str) -> tuple[int, int]:
        return (2 if card[1] == trump else 1 if card[1] == led else 0, RANKS.index(card[0]))

    return max(plays, key=lambda p: strength(p[1]))[0]


def _units(contract: str, side: list[str], tricks: dict[str, int]) -> dict[str, int]:
    """docs/variants/solo.md §6 with the default stakes: each opponent pays each player of
    a lone declarer; in a proposal each player pays one of the other pair."""
    stake, target = STAKES[contract]
    took = sum(tricks[s] for s in side)
    if contract in ("misere", "open_misere"):
        per = stake if took == 0 else -stake
    elif contract == "declared":
        per = stake if took == 13 else -stake
    else:
        per = stake + abs(took - target) if took >= target else -(stake + target - took)
    others = [s for s in NAMES if s not in side]
    return {s: (per * len(others) // len(side) if s in side else -per) for s in NAMES}


def test_the_golden_session_follows_the_rules() -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    totals = dict.fromkeys(NAMES, 0)
    trump: str | None = None
    contract = ""
    side: list[str] = []
    deals = 0
    seen: set[str] = set()
    for line in lines:
        if line.startswith("    -> "):
            found = re.match(r"    -> (\w)(?: with (\w))?: (\w+)", line)
            if found:
                side = [found.group(1), *([found.group(2)] if found.group(2) else [])]
                contract = found.group(3)
            else:
                side, contract = [], "general_misere"
            seen.add(contract)
        elif line.startswith("  Trump: "):
            trump = TRUMP_LETTER[line[len("  Trump: ") :].split(";")[0]]
        elif (trick := TRICK_RE.match(line)) is not None:
            plays = [tuple(p.split()) for p in trick.group(1).split(", ")]
            assert _winner(plays, trump) == trick.group(2), line  # type: ignore[arg-type]
        elif line.startswith("  Tricks: "):
            tricks = {p.split()[0]: int(p.split()[1]) for p in line[10:].split(", ")}
            units: dict[str, int] = {}
        elif line.startswith("  Units: "):
            seat, points = line.split()[1:3]
            units[seat] = int(points)
        elif line.startswith("  => "):
            deals += 1
            if contract == "general_misere":
                most = max(tricks.values())
                losers = [s for s in NAMES if tricks[s] == most]
                expected = {s: -(4 - len(losers)) if s in losers else len(losers) for s in NAMES}
            else:
                expected = _units(contract, side, tricks)
            assert units == expected, (deals, contract, side, tricks)
            for seat in NAMES:
                totals[seat] += units[seat]
            assert line.startswith("  => " + ", ".join(f"{s} {totals[s]:+d}" for s in NAMES))
    assert deals == DEALS
    assert len(seen) >= 3, f"the session should show several contracts, not only {seen}"
