"""Game records are byte-identical across engine changes (issue 11, "Done when").

The files in tests/golden/ were written by ``whist simulate`` before the engine's core was
rebuilt around a mutable deal. A player replaying an old record, or a club comparing two
runs of the same seed, relies on the same seed giving the same deals, the same bots'
choices and the same scores, byte for byte. Random bots pin the rules; the heuristic and
expert bots pin what each seat is shown (a bot seeing anything else would choose
differently). Regenerate only for a deliberate change of rules or bots, and say so.

Regenerated once, on merging issue 11's engine with issue 14's bot streams: each bot seat
now draws from its own random stream (``openwhist.bots.bot_rng``), which changed the
choices of the random and expert bots but no deck, and no rule; the engine rebuild itself
changed no byte (the records of ``whist simulate V --seed 7 --deals 200`` compared before
and after the merge for all four variants).

Regenerated ``bots-israeli`` once more for issue 18: the Israeli view gained public facts (the
lowest bid, the contract floor, the forbidden contract, the auctions before each Frisch),
and the expert seeds its sampling from a digest of the whole view
(`openwhist.bots.sampling.view_rng`), so its samples, and one deal's result, changed; no
deck and no rule did (the random-bot records are unchanged).

Regenerated ``bots-english`` and ``bots-israeli`` for issue 19: the English expert solves its
samples with DDS from 8 cards and respects its partner's sure winners, and the Israeli
expert throws the card most easily forced to win when it must not take tricks; the same
decks (each deal's first action) and the same rules, different bot choices.

Regenerated ``bots-israeli`` for issue 19's third-hand fix: the generic heuristic no longer
plays an "equal" card that does not beat the trick (the 8♥ under a 9♥ holding the 10♥,
``openwhist.bots.heuristic._lowest_beating_equal``); same decks, same rules.

Regenerated ``bots-israeli`` (and the Israeli screens of test_golden_screens.py and
test_table_screens.py) for issue 19 item 2: the Israeli expert's sampled deals now read the
calls (`openwhist_israeli.expert.fit_to_calls`); same decks, same rules, different bot
choices.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openwhist_cli.app import app
from typer.testing import CliRunner

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

CASES = {
    "random-german": ["german", "--seed", "7", "--deals", "12"],
    "random-english": ["english", "--seed", "7", "--deals", "12"],
    "random-american": ["american", "--seed", "7", "--deals", "12"],
    "random-israeli": ["israeli", "--seed", "7", "--deals", "12"],
    "bots-german": ["german", "--bot", "expert", "--bot", "heuristic", "--seed", "3",
                    "--deals", "2"],
    "bots-english": ["english", "--bot", "expert", "--bot", "heuristic", "--bot", "expert",
                     "--bot", "heuristic", "--seed", "3", "--deals", "1"],
    "bots-israeli": ["israeli", "--bot", "expert", "--bot", "heuristic", "--bot", "random",
                     "--bot", "heuristic", "--seed", "3", "--deals", "2"],
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CASES))
def test_simulate_records_are_byte_identical(name: str, tmp_path: Path) -> None:
    out = tmp_path / f"{name}.jsonl"
    result = CliRunner().invoke(app, ["simulate", *CASES[name], "--records", str(out)])
    assert result.exit_code == 0, result.output
    expected = (GOLDEN / f"{name}.jsonl").read_bytes()
    assert out.read_bytes() == expected, f"records of {name} changed"
