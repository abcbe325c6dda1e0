"""A golden playthrough: one seeded English Whist rubber as a readable transcript.

The transcript (``playthroughs/english_rubber_seed_25.txt``) shows every deal: the dealer,
the hands, the turn-up, every trick and its winner, the score lines in rule order, what was
not scored and why, and the game and rubber results. The test plays the same seeded rubber
again and compares, so any change in dealing, play, scoring or match progression shows up
as a readable diff. After an intended change, regenerate with
``OPENWHIST_REGENERATE=1 pytest plugins/english/tests/test_playthrough.py`` and review the
diff before committing it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

from openwhist import Deal, Engine, card_name
from openwhist_english import ENGLISH, PARTIES, choose_first_dealer

SEED = 25
GOLDEN = Path(__file__).parent / "playthroughs" / f"english_rubber_seed_{SEED}.txt"
SEATS = "NESW"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def hand_text(mask: int) -> str:
    """A hand as ``S: A K 7  H: ...``, spades first, high cards first."""
    parts = []
    for suit in (3, 2, 1, 0):
        ranks = [card_name(c)[0] for c in range(suit * 13 + 12, suit * 13 - 1, -1) if mask >> c & 1]
        parts.append(f"{SUITS[suit]}: {' '.join(ranks) or '-'}")
    return "  ".join(parts)


def transcript(seed: int = SEED) -> str:
    """Play one rubber with random legal cards from ``seed`` and describe it."""
    engine = Engine(ENGLISH)
    options: Any = engine.options
    rng = random.Random(seed)
    first = choose_first_dealer(options, rng)
    progress = engine.start_match(first)
    out = [
        f"English Whist: one rubber, seed {seed}, random legal play",
        "Options: " + ", ".join(f"{k}={v}" for k, v in options.model_dump().items()),
        f"First dealer ({options.first_dealer}): {SEATS[first]}",
    ]
    while not progress.finished:
        state = engine.next_deal(progress)
        state = engine.apply(state, engine.sample_chance(state, rng))
        deal = state.history[0]
        assert isinstance(deal, Deal)
        turn = deal.order[-1]
        score_before = progress.detail["game_score"]
        d = progress.detail
        out += [
            "",
            f"== Deal {progress.deals + 1}: dealer {SEATS[state.dealer]}; rubber "
            f"{d['rubber_number']}, game {d['game_number']} (games won NS "
            f"{d['rubber_games'][0]} – EW {d['rubber_games'][1]})",
        ]
        for seat in range(4):
            out.append(f"  {SEATS[seat]}  {hand_text(state.hands[seat])}")
        out.append(
            f"  Turn-up {card_name(turn)}: {SUIT_NAMES[state.trump]} are trumps; "
            f"{SEATS[state.to_act]} leads"
        )
        while state.to_act >= 0:
            legal = engine.legal_actions(state)
            state = engine.apply(state, legal[rng.randrange(len(legal))])
            if not state.trick:
                record = state.completed[-1]
                plays = ", ".join(
                    f"{SEATS[(record.leader + i) % 4]} {card_name(c)}"
                    for i, c in enumerate(record.cards)
                )
                out.append(f"  Trick {len(state.completed):2d}: {plays} -> {SEATS[record.winner]}")
        score = engine.score(state)
        facts = score.facts
        t = state.tricks
        out.append(
            f"  Tricks: NS {t[0] + t[2]} (N {t[0]}, S {t[2]}), "
            f"EW {t[1] + t[3]} (E {t[1]}, W {t[3]}); "
            f"honours as dealt: NS {facts['honours'][0]}, EW {facts['honours'][1]}"
        )
        out.append(f"  Game score before: NS {score_before[0]} – EW {score_before[1]}")
        for line in score.lines:
            out.append(
                f"  Score: {PARTIES[line.party]} {line.points:+d} {line.category}: {line.note}"
            )
        for note in facts["not_scored"]:
            out.append(f"  Not scored: {note}")
        progress = engine.advance_match(progress, score)
        out.append(f"  => {progress.summary}")
    out += ["", "== Result"]
    for game in progress.detail["games"]:
        out.append(
            f"  Game {game['game']}: {game['winner']} won {game['score'][0]}–{game['score'][1]} "
            f"(NS–EW), {game['value_name']}: {game['value']} game point(s)"
        )
    for rubber in progress.detail["rubbers"]:
        out.append(f"  {rubber['explanation']}")
    out.append(f"  Match points: NS {progress.totals[0]}, EW {progress.totals[1]}")
    winner = "none (drawn)" if progress.winner is None else PARTIES[progress.winner]
    out.append(f"  Match winner: {winner}; deals played: {progress.deals}")
    return "\n".join(out) + "\n"


def test_golden_playthrough_of_a_seeded_rubber() -> None:
    text = transcript()
    if os.environ.get("OPENWHIST_REGENERATE") == "1" or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert text == expected, (
        f"the seeded rubber no longer plays as {GOLDEN.name} records; review the difference "
        "and regenerate with OPENWHIST_REGENERATE=1 if the change is intended"
    )
    # The transcript itself must show a finished rubber.
    assert "win rubber 1 by 2 games to" in text
