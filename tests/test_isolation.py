"""Bots are a boundary only when isolated (issue 14, defect 4).

A peeking bot (tests/plugins/fakeplugins/owfake_peek.py) looks for hidden cards through its
callers' frames, the garbage collector and ``sys.argv``. In-process it finds them -- every
hand, the deck, the seed on the command line: in-process bots are trusted code
(docs/bots.md, "Trust"). With ``--isolate-bots`` it runs in a worker process that receives
only its view and the legal actions, and the same tricks find nothing but its own hand.
Isolation changes no result; a bot that crashes, dies, hangs or cheats is named.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from openwhist import Bot, BotSpec, Engine, hookimpl
from openwhist.bots import RandomBot, bot_rng
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import GameRecord
from openwhist.services.arena import run_arena
from openwhist.services.isolation import WORKER_ARGV, BotFailedError, Isolation
from openwhist.services.play import DealScored, MatchOver, start_session
from openwhist.services.simulate import simulate

FAKE = Path(__file__).parent / "plugins" / "fakeplugins"


@pytest.fixture
def peek(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[ModuleType]:
    """The cheating plugin, importable here and in spawned workers, logging to a file."""
    monkeypatch.syspath_prepend(str(FAKE))
    monkeypatch.setenv("OWFAKE_PEEK_OUT", str(tmp_path / "peek.jsonl"))
    import owfake_peek

    return owfake_peek


def peeks(tmp_path: Path) -> list[dict[str, Any]]:
    path = tmp_path / "peek.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    path.unlink(missing_ok=True)
    return [json.loads(line) for line in lines]


def isolated(module: ModuleType, timeout: float = 60.0) -> Isolation:
    return Isolation("all", timeout=timeout, catalog_factory=module.catalog)


def dealt(catalog: Catalog, record: GameRecord, deal: int = 0) -> tuple[tuple[int, ...], str]:
    """The hands right after deal ``deal``'s chance action, and the deck order it dealt (the
    cards' numbers, as the peeking bot logs them)."""
    variant = catalog.variant(record.variant)
    engine = Engine(variant, variant.make_options(record.options))
    state = engine.next_deal(engine.start_match(record.deals[deal].dealer))
    action = engine.parse_action(state, record.deals[deal].actions[0])
    state = engine.apply(state, action)
    return state.hands, " ".join(map(str, action.order))  # type: ignore[attr-defined]


def assert_blind(seen: list[dict[str, Any]], hands: tuple[int, ...]) -> None:
    """Each decision found its own hand only: no deal state, no deck, no other hand, no
    command line; every seat in a process of its own, none in this one."""
    assert seen
    for line in seen:
        assert line["states"] == 0
        assert line["decks"] == []
        others = {h for s, h in enumerate(hands) if s != line["seat"]}
        assert not others & set(line["masks"])
        assert line["argv"] == WORKER_ARGV
        assert line["pid"] != os.getpid()
        assert "?" in line["history"]  # the deal itself is hidden in the view
    pids = {line["seat"]: line["pid"] for line in seen}
    assert len(set(pids.values())) == len(pids)


# -- the peeking bot, in-process and isolated -------------------------------------------------


def test_in_process_a_peeking_bot_sees_every_hand_and_the_deck(
    peek: ModuleType, tmp_path: Path
) -> None:
    catalog = peek.catalog()
    run = simulate(catalog, "german", bots=["peek"], deals=1, seed=13)
    hands, deck = dealt(catalog, run.records[0])
    first = peeks(tmp_path)[0]
    # The trusted-code caveat, demonstrated: both hands and the German stock...
    assert set(hands) <= set(first["hands"])
    assert first["states"] > 0
    # ... and the deck order of the deal, from the chance action in the state's history.
    assert deck in first["decks"]


def test_isolated_a_peeking_bot_finds_nothing_and_plays_the_same(
    peek: ModuleType, tmp_path: Path
) -> None:
    catalog = peek.catalog()
    plain = simulate(catalog, "german", bots=["peek"], deals=2, seed=13)
    peeks(tmp_path)
    run = simulate(catalog, "german", bots=["peek"], deals=2, seed=13, isolation=isolated(peek))
    seen = peeks(tmp_path)
    assert len(run.records) == 2
    for record in run.records:
        hands, _ = dealt(catalog, record)
        assert_blind([line for line in seen if line["hand"] == hands[line["seat"]]], hands)
    # Same generators, same choices: isolation changes no result.
    assert [r.to_json() for r in run.records] == [r.to_json() for r in plain.records]
    assert run.summary == plain.summary


def test_isolated_in_the_israeli_frisch_the_bot_sees_only_its_own_cards(
    peek: ModuleType, tmp_path: Path
) -> None:
    catalog = peek.catalog()
    run = simulate(catalog, "israeli", bots=["peek"], deals=1, seed=1, isolation=isolated(peek))
    actions = [a for r in run.records for d in r.deals for a in d.actions]
    assert any(a.startswith("frisch") for a in actions), "seed 1 reaches a Frisch"
    hands, _ = dealt(catalog, run.records[0])
    seen = peeks(tmp_path)
    # Every seat peeked while choosing its Frisch cards, and found only its own.
    frisch = [line for line in seen if line["frisch"]]
    assert {line["seat"] for line in frisch} == {0, 1, 2, 3}
    assert_blind(seen, hands)


def test_isolated_bots_at_the_table_whist_play(peek: ModuleType, tmp_path: Path) -> None:
    catalog = peek.catalog()
    session = start_session(
        catalog,
        "german",
        seats=["bot:peek", "bot:peek"],
        seed=13,
        isolation=isolated(peek),
    )
    while not isinstance(session.next_event(), DealScored | MatchOver):
        pass
    hands, _ = dealt(catalog, session.record())
    seen = peeks(tmp_path)
    assert_blind(seen, hands)
    assert {line["seat"] for line in seen} == {0, 1}


# -- failures are named ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("crash", r"bot 'crash' at seat A failed: RuntimeError: the crash bot gives up"),
        ("die", r"bot 'die' at seat A crashed: its worker process ended with exit code 9"),
        ("cheat", r"bot 'cheat' chose \w+ at seat A, which is not legal \(legal: "),
    ],
)
def test_an_isolated_bot_that_fails_is_named(peek: ModuleType, bot: str, message: str) -> None:
    with pytest.raises(BotFailedError, match=message):
        simulate(
            peek.catalog(),
            "german",
            bots=[bot, "random"],
            deals=1,
            seed=1,
            isolation=isolated(peek),
        )


def test_an_isolated_bot_that_hangs_is_stopped_after_the_timeout(peek: ModuleType) -> None:
    start = time.monotonic()
    with pytest.raises(BotFailedError, match=r"bot 'hang' at seat B did not answer within 1 s"):
        simulate(
            peek.catalog(),
            "german",
            bots=["random", "hang"],
            deals=1,
            seed=1,
            isolation=isolated(peek, timeout=1.0),
        )
    assert time.monotonic() - start < 30  # not the bot's hour-long sleep


# -- streams ----------------------------------------------------------------------------------


def test_bot_streams_are_apart_from_the_deck_and_each_other() -> None:
    """A bot's stream is its seat's own: not the deck generator's, not another seat's, and
    the same for the same seed and seat (so a match replays)."""

    deck = random.Random(13)
    deck.getrandbits(64)
    streams = [bot_rng(13, seat).getrandbits(64) for seat in range(4)]
    assert len(set(streams)) == 4
    assert bot_rng(13, 2).getrandbits(64) == streams[2]
    assert deck.getrandbits(64) not in streams
    assert bot_rng(13, 0, stream="rotation1").getrandbits(64) != streams[0]


class _Probe:
    """Registers ``probe``, a random bot that notes the state of the generator it is given."""

    def __init__(self) -> None:
        self.states: list[object] = []

    @hookimpl
    def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
        def make(variant: str, rng: random.Random) -> Bot:
            self.states.append(rng.getstate())
            return RandomBot(rng)

        register(BotSpec("probe", "notes its generator", make))


def test_each_seat_s_bot_gets_its_own_stream_in_simulate_play_and_arena() -> None:
    """Regression (issue 14, defect 4): the bots' generators were seeded from the same
    stream as the deck; now seat ``s`` of a match (or board) seeded ``S`` gets
    ``bot_rng(S, s)`` -- in `simulate`, at the table and in the arena."""
    probe = _Probe()
    catalog = load_catalog(extra_plugins=[("probe", probe)])
    run = simulate(catalog, "german", bots=["probe"], deals=1, seed=8)
    seed = run.records[0].seed
    assert seed is not None
    assert probe.states == [bot_rng(seed, s).getstate() for s in (0, 1)]

    probe.states.clear()
    start_session(catalog, "english", seats=["bot:probe"] * 4, seed=77)
    assert probe.states == [bot_rng(77, s).getstate() for s in range(4)]

    probe.states.clear()
    run_arena(
        catalog,
        "german",
        bots=["probe", "random"],
        deals=1,
        seed=5,
        workers=1,
        duplicate=True,
        isolation=Isolation("none"),
    )
    board = random.Random(5).getrandbits(63)
    assert probe.states == [
        bot_rng(board, 0).getstate(),
        bot_rng(board, 1, stream="rotation1").getstate(),
    ]


def test_simulate_decks_do_not_depend_on_the_bots(catalog: Catalog) -> None:
    """The deck stream is the match's alone: random and heuristic bots get the same cards."""
    a = simulate(catalog, "english", bots=["random"], deals=1, seed=21)
    b = simulate(catalog, "english", bots=["heuristic"], deals=1, seed=21)
    assert a.records[0].deals[0].actions[0] == b.records[0].deals[0].actions[0]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


# -- the command line, with the plugin installed as a real distribution ------------------------


@pytest.fixture
def installed(tmp_path: Path) -> dict[str, str]:
    """An environment in which ``owfake-peek`` is an installed third-party distribution."""
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(FAKE / "owfake_peek.py", site / "owfake_peek.py")
    info = site / "owfake_peek-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: owfake-peek\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[openwhist]\npeek = owfake_peek:PLUGIN\n", encoding="utf-8"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = str(site)
    env["OWFAKE_PEEK_OUT"] = str(tmp_path / "peek.jsonl")
    return env


def whist(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("whist")
    return subprocess.run(
        [str(exe), *args], env=env, capture_output=True, text=True, timeout=300, check=False
    )


def test_whist_simulate_in_process_leaks_the_seed_isolated_does_not(
    installed: dict[str, str], tmp_path: Path
) -> None:
    args = ["simulate", "german", "--bot", "peek", "--seed", "13", "--deals", "1", "--json"]
    plain = whist(installed, *args)
    assert plain.returncode == 0, plain.stderr
    leaked = peeks(tmp_path)
    assert "--seed" in leaked[0]["argv"]
    assert "13" in leaked[0]["argv"]

    guarded = whist(installed, *args, "--isolate-bots")
    assert guarded.returncode == 0, guarded.stderr
    assert json.loads(guarded.stdout) == json.loads(plain.stdout)
    for line in peeks(tmp_path):
        assert line["argv"] == WORKER_ARGV
        assert line["states"] == 0


def test_whist_arena_isolates_third_party_bots_by_default(
    installed: dict[str, str], tmp_path: Path
) -> None:
    args = ["arena", "german", "--bots", "peek,heuristic", "--deals", "2", "--seed", "3"]
    default = whist(installed, *args, "--workers", "1", "--json")
    assert default.returncode == 0, default.stderr
    assert json.loads(default.stdout)["isolated"] == ["peek"]
    seen = peeks(tmp_path)
    assert seen
    assert all(line["states"] == 0 for line in seen)
    assert all(line["argv"] == WORKER_ARGV for line in seen)

    trusted = whist(installed, *args, "--workers", "1", "--json", "--no-isolate-bots")
    assert trusted.returncode == 0, trusted.stderr
    assert json.loads(trusted.stdout)["isolated"] == []
    assert all(line["states"] > 0 for line in peeks(tmp_path))
    # Isolation changes nothing in the results.
    assert json.loads(trusted.stdout)["results"] == json.loads(default.stdout)["results"]

    everyone = whist(installed, *args, "--workers", "2", "--json", "--isolate-bots")
    assert everyone.returncode == 0, everyone.stderr
    assert json.loads(everyone.stdout)["isolated"] == ["peek", "heuristic"]
    assert json.loads(everyone.stdout)["results"] == json.loads(default.stdout)["results"]


def test_whist_play_names_a_crashing_isolated_bot(installed: dict[str, str]) -> None:
    result = whist(
        installed,
        "play",
        "german",
        "--seat",
        "A=bot:crash",
        "--seat",
        "B=bot:random",
        "--no-ledger",
        "--seed",
        "1",
        "--isolate-bots",
    )
    assert result.returncode == 1
    assert "bot 'crash' at seat A failed: RuntimeError: the crash bot gives up" in result.stderr
    assert "internal error" not in result.stderr
    assert "Traceback" not in result.stderr
