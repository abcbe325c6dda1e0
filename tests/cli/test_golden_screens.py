"""Golden screens: what ``whist play`` prints for seeded games of every built-in variant.

Each case plays a seeded game through the CLI exactly as a player would (scripted input from
`play_script.make_script`: a mistyped card, an illegal card, ``?``, ``hint`` and ``undo``
where ``mistakes`` is on; hot-seat games with the pass screens) and compares the whole
output, byte for byte, with ``tests/cli/golden_screens/<case>.txt``. The screens are drawn
from each variant's declared presentation (`openwhist.Presentation`); a change of what a
player sees -- a fact's label, its place, a call's look -- shows here as a diff.

After a deliberate change of the screens, rewrite the files and review the diff:
``OPENWHIST_UPDATE_GOLDEN=1 uv run pytest tests/cli/test_golden_screens.py``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from openwhist.plugins import Catalog, load_catalog
from openwhist_cli.app import app
from typer.testing import CliRunner

from tests.script_support import load_script

GOLDEN = Path(__file__).with_name("golden_screens")


script_helper = load_script(Path(__file__).with_name("play_script.py"))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


# (case, variant, options, seats, seed, mistakes, extra CLI arguments)
CASES: list[tuple[str, str, dict[str, str], dict[str, str], int, bool, list[str]]] = [
    ("german-vs-bot-seed7", "german", {}, {"A": "human"}, 7, True, []),
    (
        "german-hot-seat-ascii-seed21",
        "german",
        {},
        {"A": "human:Ann", "B": "human:Bob"},
        21,
        False,
        ["--ascii"],
    ),
    ("english-vs-bots-seed11", "english", {}, {"N": "human"}, 11, True, []),
    ("american-vs-bots-seed3", "american", {}, {"N": "human"}, 3, False, ["--four-color"]),
    ("israeli-vs-bots-seed4", "israeli", {"match": "fixed_deals:1"}, {"N": "human"}, 4, True, []),
    (
        "israeli-hot-seat-frisch-seed5",
        "israeli",
        {"match": "fixed_deals:1"},
        {"N": "human:Noa", "E": "human:Eli", "S": "human:Sara", "W": "human:Wim"},
        5,
        False,
        [],
    ),
    (
        "israeli-vs-bots-es-seed9",
        "israeli",
        {"match": "fixed_deals:1"},
        {"S": "human"},
        9,
        False,
        ["--lang", "es"],
    ),
    (
        "german-vs-bot-it-seed12",
        "german",
        {},
        {"B": "human"},
        12,
        False,
        ["--lang", "it"],
    ),
]


def _frisch_once(turn: Any) -> tuple[Any, str] | None:
    """Israeli hot-seat: everyone passes into one Frisch, passing the cards typed by their
    numbers in the shown hand (``3 1 2``) or by name; then the first caller bids the minimum
    in clubs and the others pass. ``None``: the first legal action."""
    from openwhist_cli.render import hand_order

    view = turn.view
    if view.phase == "frisch":
        first = turn.legal[0]
        if view.seat % 2:
            return first, first.notation()
        order = hand_order(view.hand)
        cards = first.notation().split()[1:]
        from openwhist.game.cards import card_name

        numbers = [next(i + 1 for i, c in enumerate(order) if card_name(c) == n) for n in cards]
        return first, " ".join(str(n) for n in reversed(numbers))
    if view.phase == "auction" and view.public.get("frisch_rounds") and not view.public["auction"]:
        return turn.legal[1], turn.legal[1].notation()
    return None


CHOOSERS = {"israeli-hot-seat-frisch-seed5": _frisch_once}


@pytest.mark.parametrize(
    ("case", "variant", "options", "seats", "seed", "mistakes", "extra"),
    CASES,
    ids=[c[0] for c in CASES],
)
def test_the_screens_of_a_seeded_game_are_unchanged(
    catalog: Catalog,
    case: str,
    variant: str,
    options: dict[str, str],
    seats: dict[str, str],
    seed: int,
    mistakes: bool,
    extra: list[str],
) -> None:
    names = catalog.variant(variant).seat_names
    script = script_helper.make_script(
        catalog,
        variant,
        seed=seed,
        seats={names.index(k): v for k, v in seats.items()},
        options=options,
        mistakes=mistakes,
        choose=CHOOSERS.get(case),
    )
    args = ["play", variant, "--seed", str(seed), "--deals", "1", "--no-ledger", *extra]
    for key, value in options.items():
        args += ["-o", f"{key}={value}"]
    for key, value in seats.items():
        args += ["--seat", f"{key}={value}"]
    env: dict[str, Any] = {"NO_COLOR": "1", "COLUMNS": "100", "OPENWHIST_LANG": "en"}
    result = CliRunner().invoke(app, args, input=script.text, env=env)
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 0, result.output
    path = GOLDEN / f"{case}.txt"
    if os.environ.get("OPENWHIST_UPDATE_GOLDEN"):
        path.write_text(result.output, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert result.output == expected, f"the screens of {case} changed; see the module doc"
