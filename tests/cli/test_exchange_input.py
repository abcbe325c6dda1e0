"""A declared card exchange at the terminal (`openwhist.Exchange`: the Israeli Frisch): the
player is asked for cards of the hand -- by their numbers or names, in any order -- and
``?`` says how to choose them instead of listing hundreds of combinations."""

from __future__ import annotations

import re

from openwhist_cli.app import app
from typer.testing import CliRunner

ENV = {"NO_COLOR": "1", "COLUMNS": "100", "OPENWHIST_LANG": "en"}
# Heuristic bots with min_bid=7 and seed 13 pass the first auction out: a Frisch.
ARGS = ["play", "israeli", "--seat", "N=human", "-o", "min_bid=7", "--seed", "13", "--no-ledger"]


def _play(text: str) -> str:
    result = CliRunner().invoke(app, ARGS, input=text, env=ENV)
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 0, result.output
    return result.output


def _hand(out: str) -> list[str]:
    """The cards of the hand shown for the Frisch, in their numbered order."""
    block = out.split("N, the cards you pass", 1)[0].rsplit("Your hand (N):", 1)[1]
    return re.findall(r"\d+:(\S+)", block)


def test_question_mark_says_how_to_choose_instead_of_listing_combinations() -> None:
    out = _play("pass\n?\nquit\ny\n")
    after = out.split("N, the cards you pass in the Frisch: ?", 1)[1]
    assert "Choose 3 cards of your hand: type their numbers (3 9 12) or their names" in after
    assert "choices in all" not in after  # not the 286 selections
    assert "frisch " not in after.split("Commands:")[0]


def test_too_few_or_repeated_cards_are_refused_with_the_count() -> None:
    out = _play("pass\n1 2\n2 2 1\nquit\ny\n")
    assert out.count("Choose 3 different cards of your hand.") == 2
    assert out.count("N, the cards you pass in the Frisch: ") == 3  # asked again each time


def test_cards_by_number_or_by_name_in_any_order_are_passed() -> None:
    by_number = _play("pass\n3 1 2\nquit\ny\n")
    assert "N puts cards face down for the Frisch" in by_number
    hand = _hand(by_number)
    names = " ".join(reversed(hand[:3])).replace("♠", "S").replace("♥", "H")
    names = names.replace("♣", "C").replace("♦", "D")
    by_name = _play(f"pass\n{names}\nquit\ny\n")
    assert "N puts cards face down for the Frisch" in by_name
    # The same three cards: the rest of the game is the same.
    mine = "N puts cards face down for the Frisch"
    assert by_name.split(mine, 1)[1] == by_number.split(mine, 1)[1]
