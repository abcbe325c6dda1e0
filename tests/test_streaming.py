"""Streaming in `whist simulate` and `whist arena` (issue 11, deliverable 4): each record is
written when its match ends, and neither service keeps a list of records or plays, so a
long run needs the memory of a short one. No test here times or measures memory: each one
checks an order of events or which objects are alive."""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openwhist import Action, Bot, BotSpec, PlayerView, hookimpl
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import GameRecord
from openwhist.services.arena import PlayResult, _Sample, mean_interval, run_arena
from openwhist.services.simulate import simulate
from openwhist.services.spool import Spool
from openwhist_cli import runtime
from openwhist_cli.app import app
from openwhist_cli.jsonstream import echo_json
from typer.testing import CliRunner

WHIST = Path(sys.executable).with_name("whist")
EVENTS: list[str] = []


class _First(Bot):
    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return legal[0]


def _logged(variant: str, rng: random.Random) -> Bot:
    EVENTS.append("bot built")
    return _First()


class _LoggingBots:
    @hookimpl
    def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
        register(BotSpec("logged", "notes when a match builds it", _logged))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(extra_plugins=[("streaming-test-bots", _LoggingBots())])


def _live(kind: type) -> int:
    gc.collect()
    return sum(isinstance(o, kind) for o in gc.get_objects())


def _materialised(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, Spool) else v for k, v in summary.items()}


# -- simulate -----------------------------------------------------------------------------


def test_each_record_is_handed_over_before_the_next_match_starts(catalog: Catalog) -> None:
    EVENTS.clear()
    simulate(
        catalog,
        "german",
        bots=["logged"],
        deals=5,
        seed=3,
        on_record=lambda record: EVENTS.append("record"),
        stream=True,
    )
    # German matches are one deal: two bots built, then that match's record, five times.
    assert EVENTS == ["bot built", "bot built", "record"] * 5


def test_a_streamed_simulation_keeps_no_record(catalog: Catalog) -> None:
    alive: list[int] = []

    def count(record: GameRecord) -> None:
        alive.append(_live(GameRecord))

    run = simulate(catalog, "german", deals=30, seed=5, on_record=count, stream=True)
    # Only the record being handed over exists at each call: none of the earlier ones.
    assert alive == [1] * 30
    assert run.records == []
    assert isinstance(run.summary["results"], Spool)
    assert len(run.summary["results"]) == 30


def test_a_streamed_simulation_summarises_exactly_as_a_kept_one(catalog: Catalog) -> None:
    options = {"match_format": "best_of_3"}
    streamed: list[str] = []
    kept = simulate(catalog, "german", options=options, deals=25, seed=11)
    run = simulate(
        catalog,
        "german",
        options=options,
        deals=25,
        seed=11,
        on_record=lambda record: streamed.append(record.to_json()),
        stream=True,
    )
    assert _materialised(run.summary) == kept.summary
    assert streamed == [record.to_json() for record in kept.records]


def test_whist_simulate_writes_each_record_to_the_file_as_its_match_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When a match's bots are built, the file already holds every earlier match's record,
    read from the disk (each record is flushed, not left in a write buffer)."""
    records = tmp_path / "records.jsonl"
    seen: list[int] = []

    def peek(variant: str, rng: random.Random) -> Bot:
        text = records.read_text(encoding="utf-8") if records.exists() else ""
        seen.append(text.count("\n"))
        return _First()

    class _PeekBots:
        @hookimpl
        def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
            register(BotSpec("peek", "reads the records file", peek))

    monkeypatch.setattr(
        runtime, "catalog_loader", lambda: load_catalog(extra_plugins=[("peek", _PeekBots())])
    )
    argv = ["simulate", "german", "--bot", "peek", "--deals", "4", "--seed", "2"]
    result = CliRunner().invoke(app, [*argv, "--records", str(records)])
    assert result.exit_code == 0, result.output
    assert seen == [0, 0, 1, 1, 2, 2, 3, 3]
    assert len(records.read_text(encoding="utf-8").splitlines()) == 4


def test_the_records_file_holds_the_first_match_while_the_run_goes_on(tmp_path: Path) -> None:
    """A ``whist`` process playing a million deals is started and stopped: its first record
    is in the file, complete, while the run is still playing, and every line the file holds
    is a whole record."""
    records = tmp_path / "records.jsonl"
    argv = [str(WHIST), "simulate", "german", "--deals", "1000000", "--seed", "1"]
    proc = subprocess.Popen(
        [*argv, "--records", str(records)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        first = ""
        deadline = time.monotonic() + 120  # only a bound on waiting; no speed is asserted
        while time.monotonic() < deadline and proc.poll() is None:
            text = records.read_text(encoding="utf-8") if records.exists() else ""
            if "\n" in text:
                first = text.split("\n", 1)[0]
                break
            time.sleep(0.05)
        assert proc.poll() is None, "the run ended (or failed) before its first record showed"
        assert first, "no complete record in the file within two minutes"
    finally:
        proc.terminate()
        proc.wait()
    expected = simulate(load_catalog(), "german", deals=1, seed=1).records[0].to_json()
    assert first == expected
    lines = records.read_text(encoding="utf-8").splitlines()
    assert all(GameRecord.model_validate(json.loads(line)) for line in lines)


# -- arena --------------------------------------------------------------------------------


@pytest.mark.parametrize(("duplicate", "workers"), [(False, 1), (True, 1), (True, 2)])
def test_a_streamed_arena_reports_exactly_what_a_kept_one_does(
    catalog: Catalog, duplicate: bool, workers: int
) -> None:
    args: dict[str, Any] = {"bots": ["random", "heuristic"], "deals": 30, "seed": 8}
    kept = run_arena(catalog, "israeli", duplicate=duplicate, workers=workers, **args)
    streamed = run_arena(
        catalog, "israeli", duplicate=duplicate, workers=workers, stream=True, **args
    )
    assert streamed.plays == []
    assert isinstance(streamed.summary["deal_results"], Spool)
    assert _materialised(streamed.summary) == kept.summary
    # Two entrants at four seats: duplicate swaps N-S and E-W (two rotations).
    assert (
        len(kept.summary["deal_results"]) == kept.summary["plays"] == 30 * (2 if duplicate else 1)
    )


def test_the_arena_keeps_no_play_while_it_runs(catalog: Catalog) -> None:
    alive: list[int] = []
    run_arena(
        catalog,
        "german",
        bots=["random", "random"],
        deals=200,
        seed=2,
        duplicate=True,
        workers=1,
        on_progress=lambda done, total: alive.append(_live(PlayResult)),
        stream=True,
    )
    # Boards are played ten at a time (two rotations each): between chunks nothing of the
    # chunks before is alive, however many boards are done.
    assert len(alive) == 21
    assert max(alive) == 0


def test_running_samples_give_the_intervals_of_the_whole_list() -> None:
    rng = random.Random(4)
    for values in (
        [rng.choice([-3.5, 0.0, 1.0, 2.0, 10.0]) for _ in range(2000)],
        [rng.gauss(0, 1e6) for _ in range(500)],
        [1.0 / rng.randint(1, 7) for _ in range(300)],
        [5.0],
        [],
    ):
        sample = _Sample()
        shuffled = values[:]
        rng.shuffle(shuffled)
        for value in shuffled:
            sample.add(value)
        for bounds in (None, (-1.0, 1.0)):
            assert sample.estimate(bounds) == mean_interval(values, bounds)


# -- JSON written piece by piece ----------------------------------------------------------


def test_json_written_in_pieces_is_json_dumps_byte_for_byte(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spool, empty = Spool(), Spool()
    items = [{"board": 0, "seats": {"N": "é"}, "points": [1, -2.5], "none": None}, "x", [], {}]
    for item in items:
        spool.append(item)
    data = {"a": 1, "s": 'a\nb"ü', "nested": {"l": [1, [2, {}]], "e": []}, "spool": spool}
    data |= {"empty": empty, "flag": True}
    echo_json(data)
    expected = {**data, "spool": items, "empty": []}
    assert capsys.readouterr().out == json.dumps(expected, indent=2, ensure_ascii=False) + "\n"
    # A spool reads back as often as asked, and takes values after being read.
    spool.append(7)
    assert list(spool) == [*items, 7]
    assert len(spool) == 5
