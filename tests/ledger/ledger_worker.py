"""A separate process writing to a ledger, for the multi-process and SIGKILL tests.

Usage (``python ledger_worker.py MODE ...``):

* ``record URL MATCH SHARED ACTIONS_JSON DEALS SEED GO_FILE READY_FILE`` -- open the ledger,
  create READY_FILE (the test's barrier: it touches GO_FILE once every worker is ready),
  wait for GO_FILE (at most GO_WAIT seconds), then enter DEALS real-card German deals into
  MATCH (random facts from SEED) and, between them, try to log the shared deal's actions
  (ACTIONS_JSON) into match SHARED. Prints one JSON line: the facts entered and how many
  shared actions this process logged itself.
* ``start URL NAME OTHER GO_FILE READY_FILE`` -- open the ledger, create READY_FILE, wait
  for GO_FILE, then start a German match of NAME against OTHER (both possibly new players)
  and print the match id.
* ``play URL MATCH SEED`` -- play MATCH to its end with random legal actions, logging each
  action; prints ``deal N action K`` after every committed action.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

GO_WAIT = 120.0
"""Seconds a ready worker waits for the go signal before giving up (the test died)."""


def record(
    url: str,
    match_id: int,
    shared: int,
    actions_file: str,
    deals: int,
    seed: int,
    go: str,
    ready: str,
) -> None:
    from openwhist.services.ledger import Ledger

    actions = json.loads(Path(actions_file).read_text())
    rng = random.Random(seed)
    entered = []
    logged = 0
    with Ledger(url) as ledger:
        Path(ready).touch()
        deadline = time.monotonic() + GO_WAIT
        while not Path(go).exists():
            if time.monotonic() > deadline:
                raise SystemExit(f"no go signal ({go}) within {GO_WAIT} s")
            time.sleep(0.005)
        for i in range(deals):
            a2 = rng.randint(0, 13)
            a1 = rng.randint(0, 13)
            facts = {"phase1_tricks": [a1, 13 - a1], "phase2_tricks": [a2, 13 - a2]}
            ledger.record_real_deal(match_id, facts)
            entered.append(facts)
            for index in range(1 + i * len(actions) // deals, 1 + (i + 1) * len(actions) // deals):
                logged += ledger.record_action(shared, index, actions[index - 1])
    print(json.dumps({"facts": entered, "logged": logged}), flush=True)


def _wait_for(go: str) -> None:
    deadline = time.monotonic() + GO_WAIT
    while not Path(go).exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"no go signal ({go}) within {GO_WAIT} s")
        time.sleep(0.001)


def start(url: str, name: str, other: str, go: str, ready: str) -> None:
    from openwhist.services.ledger import Ledger

    with Ledger(url) as ledger:
        Path(ready).touch()
        _wait_for(go)
        print(ledger.start_match("german", [name, other]), flush=True)


def play(url: str, match_id: int, seed: int) -> None:
    from openwhist.game.state import TERMINAL
    from openwhist.services.ledger import Ledger

    rng = random.Random(seed)
    with Ledger(url) as ledger:
        while True:
            resumed = ledger.resume(match_id)
            engine, state = resumed.engine, resumed.state
            if state is None:
                break
            number = resumed.point.deal_number
            while state.to_act != TERMINAL:
                legal = engine.legal_actions(state)
                action = engine.sample_chance(state, rng) if not legal else rng.choice(legal)
                state = engine.apply(state, action)
                ledger.record_action(match_id, len(state.history), action.notation())
                print(f"deal {number} action {len(state.history)}", flush=True)
            score = engine.score(state)
            ledger.complete_deal(
                match_id, score, engine.advance_match(resumed.point.progress, score)
            )
            print(f"deal {number} complete", flush=True)


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "record":
        record(
            args[0], int(args[1]), int(args[2]), args[3], int(args[4]), int(args[5]), args[6],
            args[7],
        )  # fmt: skip
    elif mode == "start":
        start(*args[:5])
    elif mode == "play":
        play(args[0], int(args[1]), int(args[2]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")
