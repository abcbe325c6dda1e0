"""An illegal action is explained by the rule that refused it (issue 12, deliverable 4).

``whist play`` shows the engine's reason -- the ``whist_explain_illegal`` chain of the
match's stacked rules, carried by `IllegalActionError.reason` through the session -- in
the player's language, and re-derives nothing: a house rule whose legality is not
follow-suit (tests/plugins/fakeplugins/owfake_legality.py, no trump lead while holding
another suit) is explained in its own words, where a screen that worked out "follow suit"
itself said "You cannot play Q♥ now." or nothing true at all.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from openwhist import SUIT_MASKS, card_name, iter_cards
from openwhist.plugins import Catalog
from openwhist.services.play import HumanTurn, start_session
from openwhist_cli import runtime
from openwhist_cli.app import app
from typer.testing import CliRunner

FAKE = Path(__file__).parent.parent / "plugins" / "fakeplugins"


@pytest.fixture
def legality(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``whist`` with the installed plugins and owfake_legality."""
    monkeypatch.syspath_prepend(str(FAKE))
    import owfake_legality

    monkeypatch.setattr(runtime, "catalog_loader", owfake_legality.catalog)
    return owfake_legality


def _invoke(*args: str, input: str, lang: str = "en") -> Any:
    env = {"NO_COLOR": "1", "OPENWHIST_LANG": lang, "OPENWHIST_PAUSE": "0"}
    return CliRunner().invoke(app, list(args), input=input, env=env)


def _first_turn(
    catalog: Catalog, variant: str, human: int, seed: int, house_rules: list[str]
) -> HumanTurn:
    """The first turn of seat ``human`` (the others random bots) as `whist play` deals it
    with this seed: the same session the command builds."""
    seats = catalog.variant(variant).seats
    session = start_session(
        catalog,
        variant,
        house_rules=house_rules,
        seats={s: "human" if s == human else "bot:random" for s in range(seats)},
        seed=seed,
    )
    while True:
        event = session.next_event()
        if isinstance(event, HumanTurn):
            return event


def test_a_house_rule_refusal_is_shown_in_the_rule_s_own_words(legality: ModuleType) -> None:
    catalog = legality.catalog()
    seat_names = catalog.variant("english").seat_names
    # The seat that leads the first trick, holding a trump and another suit.
    for seed in range(40):
        for human in range(4):
            turn = _first_turn(catalog, "english", human, seed, ["no-trump-lead"])
            trumps = turn.view.hand & SUIT_MASKS[turn.view.trump]
            if not turn.view.trick and not turn.view.completed and trumps:
                break
        else:
            continue
        break
    else:  # pragma: no cover - the seeds above always hold such a lead
        pytest.fail("no seed gives a first lead holding trumps")
    trump = next(iter_cards(trumps))
    assert trump not in {a.card for a in turn.legal}  # type: ignore[attr-defined]
    result = _invoke(
        "play", "english", "--house-rule", "no-trump-lead", "--seed", str(seed), "--no-ledger",
        *[a for s in range(4) if s != human for a in ("--seat", f"{s + 1}=bot:random")],
        input=f"{card_name(trump)}\nquit\ny\n",
    )  # fmt: skip
    out = result.output
    assert "Traceback" not in out, out
    symbol = card_name(trump)[0].replace("T", "10")
    expected = f"Not allowed: {seat_names[human]} may not lead a trump ({symbol}"
    assert expected in out, out
    # Nothing of a reason the screen made up itself.
    assert "follow suit" not in out
    assert "You cannot play" not in out


def test_the_standard_follow_suit_reason_is_shown_translated(legality: ModuleType) -> None:
    catalog = legality.catalog()
    seat_names = catalog.variant("german").seat_names
    # Seat B replies to A's lead holding the led suit and another one: a revoke.
    for seed in range(40):
        turn = _first_turn(catalog, "german", 1, seed, [])
        if not turn.view.trick:
            continue
        led = turn.view.trick[0] // 13
        off_suit = turn.view.hand & ~SUIT_MASKS[led]
        if turn.view.hand & SUIT_MASKS[led] and off_suit:
            break
    else:  # pragma: no cover
        pytest.fail("no seed gives B a revoke to try")
    revoke = next(iter_cards(off_suit))
    result = _invoke(
        "play", "german", "--seed", str(seed), "--no-ledger", "--seat", "A=bot:random",
        "--seat", "B=human",
        input=f"{card_name(revoke)}\nquit\ny\n",
        lang="es",
    )  # fmt: skip
    out = result.output
    assert "Traceback" not in out, out
    # The standard rules' sentence, in Spanish, naming the seat that must follow.
    assert f"{seat_names[1]} debe asistir al palo:" in out, out


def test_a_call_the_variant_refuses_is_explained_by_the_variant(legality: ModuleType) -> None:
    catalog = legality.catalog()
    # Israeli Whist, seed 5: by the time N first calls, W has bid 7S.
    turn = _first_turn(catalog, "israeli", 0, 5, [])
    assert turn.view.phase == "auction"
    result = _invoke(
        "play", "israeli", "--seed", "5", "--no-ledger", "--seat", "N=human",
        *[a for seat in "ESW" for a in ("--seat", f"{seat}=bot:random")],
        input="5C\nquit\ny\n",
    )  # fmt: skip
    out = result.output
    assert "Traceback" not in out, out
    # Bids are written with suit symbols at the table (issue 18), in the refusal too.
    assert "Not allowed: not higher than 7♠ (W's bid)" in out, out
