"""Check: the German expert's phase-2 move is among the best moves for what it plays for.

Run: ``uv run python bench/german_phase2_check.py [--positions N] [--seed S] [--brute K]
[--json]`` (defaults: 1,000 positions, seed 19, brute force up to 5 cards a hand).

Phase 2 of German Whist (docs/variants/german.md §1.7) is a perfect-information two-hand
ending: every card is in a hand or played. So the best move is a fact of the position, and
the ``expert`` (default level) must always play one. For each position this script

1. **samples** a phase-2 position reproducibly: a real deal through the engine under one
   of `OPTION_SETS` (the defaults and every option value that changes what a deal is worth,
   plus the two that change the play: ``trump_mode=none`` and a free phase-1 reply), played
   by two seeded bots (each seat ``heuristic`` or ``random``, drawn per deal) until a drawn
   number of phase-2 tricks is complete and 0 or 1 card of the next is on the table -- so
   trick boundaries and mid-trick replies, either seat to move. Positions with one legal
   card are drawn again (they test nothing);
2. asks a fresh `GermanExpertBot` for its card from the player's **view**
   (``engine.observe(state, seat)``), never the state;
3. **checks** it on the true position (``state.hands``): a separate, fresh `Solver` gives
   every legal card's exact trick count (`Solver.move_values`, the exact per-card search --
   the bot itself asks `Solver.solve`, which only proves which cards are best), and with at
   most ``--brute`` cards a hand the plain minimax of `openwhist.solver.brute` gives them
   again, independently of the solver (a disagreement there is counted as a solver fault).
   Each card's final result -- the phase-1 tricks, the phase-2 tricks already taken plus the
   card's count -- is then valued by `objective`, the deal's worth under the options as
   `openwhist_german.scoring.score_facts` scores it (deals won, ties broken by counted tricks,
   where the match counts deals; the points margin in the points modes), and the bot's card
   must be one of those of the highest worth.

It prints the counts (positions by option set, mid-trick or not, seat to move, cards in
hand), the disagreements with each position spelled out, and timing figures: CPU time of
the expert's decision (a fresh bot, so its solver starts with an empty table: a cold solve,
the worst case; in a game the table carries over from move to move), of a fresh
`Solver.solve` (what the bot asks), and of the checking `move_values`. It exits with 1 if
any disagreement was found. ``plugins/german/tests/test_expert_phase2.py`` runs the same
check on 40 positions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from openwhist import CardSet, Engine, Play, card_name
from openwhist.bots.base import Bot
from openwhist.bots.random_player import RandomBot
from openwhist.game.state import CHANCE, TERMINAL, DealState
from openwhist.plugins import load_catalog
from openwhist.solver import Solver
from openwhist.solver.brute import brute_move_values
from openwhist_german.expert import GermanExpertBot
from openwhist_german.heuristic import GermanHeuristicBot
from openwhist_german.options import GermanOptions
from openwhist_german.scoring import GermanFacts, score_facts

PHASE1 = 13
"""Tricks of phase 1 (docs/variants/german.md §1.6); phase 2 is tricks 14-26."""

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},  # last13, win_loss: deals won
    {"scoring_profile": "all26"},  # excess_over_book, book 13, phase-1 tricks count
    {"scoring_profile": "all26", "hand_result_mode": "win_loss"},  # 13-13 ties
    {"hand_result_mode": "difference"},
    {"hand_result_mode": "excess_over_book"},  # book 6
    {"hand_result_mode": "points_per_trick"},
    {"hand_result_mode": "weighted"},  # phase-1 tricks 1 point, phase-2 tricks 2
    {"match_format": "target_points"},  # points_per_trick, a points margin
    {"match_format": "best_of_3", "scoring_profile": "all26"},  # deals won, excess mode
    {"trump_mode": "none"},
    {"phase1_must_follow_suit": False},
)
"""The options the positions are played under, in turn: the defaults and the values that
change the objective (docs/variants/german.md §1.8, §1.9), and the two that change the play."""


def option_label(options: Mapping[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"


def objective(options: GermanOptions, phase1: int, phase2: int) -> tuple[float, ...]:
    """What a deal in which our seat takes ``phase1`` phase-1 and ``phase2`` phase-2 tricks is
    worth to us under ``options``, as a comparable tuple, from the plugin's own scoring.

    docs/bots.md "What the bots read from the options": deals won where the match counts
    deals (``win_loss``, every ``best_of_*`` match), the counted tricks breaking ties; the
    points the deal scores us less the opponent's otherwise. Our seat is seat 0 of the facts.
    """
    facts = GermanFacts(
        phase1_tricks=(phase1, PHASE1 - phase1), phase2_tricks=(phase2, PHASE1 - phase2)
    )
    score = score_facts(facts, options)
    if options.result_mode == "win_loss" or options.match_format.startswith("best_of"):
        outcome = 0.5 if score.winner is None else 1.0 if score.winner == 0 else 0.0
        return (outcome, float(facts.counted(options.scoring_profile)[0]))
    return (float(score.points(0) - score.points(1)),)


@dataclass(frozen=True)
class Position:
    """One sampled phase-2 position: the true state and how it was made."""

    index: int
    seed: int
    option_set: int
    state: DealState[Any]
    bots: tuple[str, str]


def _play_to(
    engine: Engine, rng: random.Random, tricks: int, mid: int
) -> tuple[DealState[Any], tuple[str, str]] | None:
    """A deal played by two seeded bots (heuristic or random, drawn per seat) until ``tricks``
    tricks are complete and ``mid`` cards of the next are on the table."""
    kinds = tuple(rng.choice(("heuristic", "random")) for _ in range(2))
    bots: list[Bot] = [
        GermanHeuristicBot(random.Random(rng.getrandbits(32)))
        if kind == "heuristic"
        else RandomBot(random.Random(rng.getrandbits(32)))
        for kind in kinds
    ]
    state = engine.start_deal(dealer=rng.randrange(2))
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        if len(state.completed) == tricks and len(state.trick) == mid:
            return state, (kinds[0], kinds[1])
        seat = state.to_act
        legal = engine.legal_actions(state)
        state = engine.apply_unchecked(state, bots[seat].choose(engine.observe(state, seat), legal))
    return None  # pragma: no cover - 26 tricks are always played


def sample_positions(count: int, seed: int) -> list[Position]:
    """``count`` phase-2 positions with at least two legal cards, reproducibly from ``seed``
    (position ``i`` depends only on ``seed`` and ``i``)."""
    catalog = load_catalog()
    variant = catalog.variant("german")
    engines = [Engine(variant, options=opts) for opts in OPTION_SETS]
    out: list[Position] = []
    i = 0
    while len(out) < count:
        option_set = i % len(OPTION_SETS)
        sub = random.Random(f"german-phase2:{seed}:{i}").getrandbits(64)
        i += 1
        rng = random.Random(sub)
        played = _play_to(engines[option_set], rng, PHASE1 + rng.randrange(13), rng.randrange(2))
        if played is None:  # pragma: no cover
            continue
        state, kinds = played
        if len(engines[option_set].legal_actions(state)) < 2:
            continue
        out.append(Position(i - 1, sub, option_set, state, kinds))
    return out


@dataclass
class Checked:
    """The outcome of checking one position."""

    position: Position
    card: int
    best: tuple[int, ...]
    values: dict[int, int]
    expert_cpu: float
    solve_cpu: float
    check_cpu: float
    brute_agrees: bool | None
    tricks_best: tuple[int, ...] = field(default=())
    solve_nodes: int = 0

    @property
    def agrees(self) -> bool:
        return self.card in self.best


def expert(seed: int) -> Bot:
    """The bot checked: the German expert at its default level, seeded per position."""
    return GermanExpertBot(random.Random(seed))


def check(
    position: Position,
    engine: Engine,
    *,
    brute_upto: int = 5,
    make_bot: Callable[[int], Bot] = expert,
) -> Checked:
    """Ask the bot (`expert` unless ``make_bot`` says otherwise) for its card from the view
    and check it on the true position."""
    state = position.state
    seat = state.to_act
    legal = engine.legal_actions(state)
    view = engine.observe(state, seat)
    bot = make_bot(position.seed)
    start = time.process_time()
    action = bot.choose(view, legal)
    expert_cpu = time.process_time() - start
    if not isinstance(action, Play) or action not in legal:
        raise AssertionError(
            f"position {position.index}: the expert chose {action!r}, not a legal card"
        )
    # What the bot asks (a fresh solver, for its time only).
    start = time.process_time()
    solver = Solver(seats=2, trump=state.trump)
    solver.solve(state.hands, state.leader, trick=state.trick)
    solve_cpu = time.process_time() - start
    # The check: every legal card's exact count, from a separate fresh solver on the true hands.
    start = time.process_time()
    values = Solver(seats=2, trump=state.trump).move_values(
        state.hands, state.leader, trick=state.trick
    )
    check_cpu = time.process_time() - start
    brute_agrees: bool | None = None
    if state.hands[seat].bit_count() <= brute_upto:
        brute_agrees = (
            brute_move_values(state.hands, state.trump, state.leader, state.trick) == values
        )
    options = engine.options
    assert isinstance(options, GermanOptions)
    phase1 = sum(1 for r in state.completed[:PHASE1] if r.winner == seat)
    done2 = sum(1 for r in state.completed[PHASE1:] if r.winner == seat)
    worth = {c: objective(options, phase1, done2 + v) for c, v in values.items()}
    top = max(worth.values())
    most = max(values.values())
    return Checked(
        position,
        action.card,
        tuple(sorted(c for c, w in worth.items() if w == top)),
        values,
        expert_cpu,
        solve_cpu,
        check_cpu,
        brute_agrees,
        tuple(sorted(c for c, v in values.items() if v == most)),
        solver.nodes,
    )


def describe(result: Checked) -> str:
    """A disagreement spelled out: options, seed, hands, trick, the card and the best ones."""
    p = result.position
    s = p.state
    seat = s.to_act
    values = ", ".join(f"{card_name(c)}={v}" for c, v in sorted(result.values.items()))
    table = " ".join(card_name(c) for c in s.trick)
    return (
        f"position {p.index} (seed {p.seed}, {option_label(OPTION_SETS[p.option_set])}, "
        f"bots {p.bots[0]}/{p.bots[1]}): trick {len(s.completed) + 1}, trump {s.trump}, "
        f"seat {seat} to move, leader {s.leader}, on the table [{table}]\n"
        f"  hands: A {CardSet(s.hands[0])} | B {CardSet(s.hands[1])}\n"
        f"  expert played {card_name(result.card)}; best {[card_name(c) for c in result.best]}; "
        f"tricks from here per card: {values}"
    )


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e3, 1)


def timing(values: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(values) * 1e3, 1),
        "p95_ms": _ms(values, 0.95),
        "max_ms": round(max(values) * 1e3, 1),
    }


def run(count: int, seed: int, brute_upto: int) -> dict[str, Any]:
    catalog = load_catalog()
    variant = catalog.variant("german")
    engines = [Engine(variant, options=opts) for opts in OPTION_SETS]
    positions = sample_positions(count, seed)
    results = [check(p, engines[p.option_set], brute_upto=brute_upto) for p in positions]
    bad = [r for r in results if not r.agrees]
    brute_bad = [r for r in results if r.brute_agrees is False]
    wider = sum(1 for r in results if set(r.best) != set(r.tricks_best))
    by_size: dict[str, list[Checked]] = {"13": [], "8-12": [], "2-7": []}
    for r in results:
        n = r.position.state.hands[r.position.state.to_act].bit_count()
        by_size["13" if n == 13 else "8-12" if n >= 8 else "2-7"].append(r)
    return {
        "positions": len(results),
        "seed": seed,
        # The bot's cards, in order: equal digests mean the same choices (before/after runs).
        "choices_digest": hashlib.sha256(bytes(r.card for r in results)).hexdigest()[:16],
        "disagreements": len(bad),
        "disagreement_positions": [describe(r) for r in bad],
        "brute_checked": sum(1 for r in results if r.brute_agrees is not None),
        "brute_disagreements": len(brute_bad),
        "objective_best_differs_from_most_tricks": wider,
        "by_options": dict(
            Counter(option_label(OPTION_SETS[r.position.option_set]) for r in results)
        ),
        "mid_trick": sum(1 for r in results if r.position.state.trick),
        "at_trick_boundary": sum(1 for r in results if not r.position.state.trick),
        "seat_to_move": dict(Counter(f"seat {r.position.state.to_act}" for r in results)),
        "cards_in_hand": dict(
            sorted(
                Counter(
                    r.position.state.hands[r.position.state.to_act].bit_count() for r in results
                ).items()
            )
        ),
        "expert": timing([r.expert_cpu for r in results]),
        "solve": timing([r.solve_cpu for r in results]),
        "check_move_values": timing([r.check_cpu for r in results]),
        # Nodes of the fresh `Solver.solve` (deterministic: compares solver versions exactly).
        "solve_nodes": sum(r.solve_nodes for r in results),
        "solve_nodes_13_cards": sum(
            r.solve_nodes
            for r in results
            if r.position.state.hands[r.position.state.to_act].bit_count() == 13
        ),
        "expert_by_cards": {
            k: timing([r.expert_cpu for r in v]) | {"n": len(v)} for k, v in by_size.items() if v
        },
        "solve_by_cards": {
            k: timing([r.solve_cpu for r in v]) | {"n": len(v)} for k, v in by_size.items() if v
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument(
        "--brute", type=int, default=5, help="brute-force check up to this many cards a hand"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = run(args.positions, args.seed, args.brute)
    report["wall_s"] = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(
            f"positions: {report['positions']} (seed {report['seed']}); "
            f"disagreements: {report['disagreements']}"
        )
        for text in report["disagreement_positions"]:
            print(text)
        print(
            f"brute force checked {report['brute_checked']} (disagreeing with the solver: "
            f"{report['brute_disagreements']}); objective-best set differs from most tricks: "
            f"{report['objective_best_differs_from_most_tricks']}"
        )
        print(
            f"mid-trick {report['mid_trick']}, at a trick boundary "
            f"{report['at_trick_boundary']}; {report['seat_to_move']}"
        )
        print(f"cards in hand to move: {report['cards_in_hand']}")
        print(f"choices digest: {report['choices_digest']}")
        print(
            f"solve nodes: {report['solve_nodes']} "
            f"({report['solve_nodes_13_cards']} in the 13-card positions)"
        )
        for label, n in report["by_options"].items():
            print(f"  {n:5d}  {label}")
        for key in ("expert", "solve", "check_move_values"):
            print(f"{key} CPU: {report[key]}")
        for key in ("expert_by_cards", "solve_by_cards"):
            for size, figures in report[key].items():
                print(f"{key} {size}: {figures}")
        print(f"wall {report['wall_s']} s")
    return 1 if report["disagreements"] or report["brute_disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
