"""The latency benchmark (bench/bench_latency.py, issue 19 item 7) runs on a tiny count and
prints a figure for every installed variant and every level asked for.

Nothing here measures time against a limit (the machine is shared): the figures are the
benchmark's to print and docs/performance.md's to record. What a reader of that table relies
on is checked: every variant has a row per bot, each row timed real decisions, its figures
are ordered (median <= p95 <= slowest), Knockout is played at five players, and the decks do
not depend on the clock (two runs play the same actions).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from openwhist.plugins import load_catalog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_latency import main


def test_every_variant_and_level_gets_a_row(capsys: pytest.CaptureFixture[str]) -> None:
    rows = main(["--deals", "1", "--bot", "heuristic", "--bot", "expert:1"])
    out = capsys.readouterr().out
    variants = sorted(load_catalog().variants)
    assert {(r["variant"], r["bot"]) for r in rows} == {
        (v, b) for v in variants for b in ("heuristic", "expert:1")
    }
    for row in rows:
        assert row["decisions"] > 0, row
        for clock in ("cpu", "wall"):
            f = row[clock]
            assert 0 <= f["median_ms"] <= f["p95_ms"] <= f["max_ms"], row
        # The printed table has the row, with its decision count.
        line = f"| {row['variant']} | {row['players']} | {row['bot']} | {row['decisions']} |"
        assert line in out
    players = {r["variant"]: r["players"] for r in rows}
    assert players["knockout"] == 5
    assert players["german"] == 2


def test_same_seed_plays_the_same_deals(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--deals", "2", "--bot", "heuristic", "--variant", "german", "--json"]
    first = main(args)
    second = main(args)
    again = [(r["actions"], r["decisions"]) for r in first]
    assert again == [(r["actions"], r["decisions"]) for r in second]
    capsys.readouterr()


def test_a_bot_a_variant_lacks_is_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    rows = main(
        ["--deals", "1", "--bot", "israeli-random", "--variant", "israeli", "--variant", "german"]
    )
    assert [(r["variant"], r["bot"]) for r in rows] == [("israeli", "israeli-random")]
    capsys.readouterr()
