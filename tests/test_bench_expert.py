"""The expert benchmark (bench/bench_expert.py) plays each variant under its own default
options: American Whist is English Whist with the American preset (game to 7, no honours),
and a figure for ``american`` is one of American play, not of English play under another name.

Nothing here plays a deal or measures time (the machine is shared): the deal is stubbed, and
what is checked is the engine every board of a run is played on, and the options the run
reports.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from openwhist import DealScore

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import bench_expert


@pytest.mark.parametrize(
    ("variant", "target", "honours"), [("american", 7, False), ("english", 5, True)]
)
def test_each_variant_is_benchmarked_under_its_own_default_options(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    variant: str,
    target: int,
    honours: bool,
) -> None:
    played: list[Any] = []

    def deal(engine: Any, *args: Any) -> DealScore:
        played.append(engine.options)
        return DealScore(parties=("NS", "EW"), lines=(), winner=None, tricks=(0, 0, 0, 0))

    monkeypatch.setattr(bench_expert, "play_deal", deal)
    out = bench_expert.main([variant, "--deals", "1", "--json"])
    capsys.readouterr()
    assert len(played) == 2  # one board, both rotations
    assert all(o.game_target == target and o.honours is honours for o in played), played
    assert out["options"]["game_target"] == target
    assert out["options"]["honours"] is honours
