"""How many legal alternatives an `IllegalActionError` spells out in its text.

A hand of cards or an auction's bids are listed, as a prompt would; a choice among hundreds
(an Israeli Frisch: 286 selections of 3 cards out of 13) is counted instead, so a refusal
stays a sentence (issue 20: a refused Frisch was 4,654 characters). ``legal`` always holds
every alternative for a program to use.
"""

from __future__ import annotations

from itertools import combinations

from openwhist.game.errors import LISTED_ALTERNATIVES, IllegalActionError


def test_a_short_list_of_alternatives_is_spelled_out() -> None:
    error = IllegalActionError("N must follow suit", legal=["2S", "3S"])
    assert str(error) == "N must follow suit; legal: 2S 3S"


def test_hundreds_of_alternatives_are_counted_not_listed() -> None:
    selections = [" ".join(c) for c in combinations([f"{r}C" for r in "23456789TJQKA"], 3)]
    error = IllegalActionError("N does not hold AS", legal=selections)
    assert len(selections) == 286 > LISTED_ALTERNATIVES
    assert str(error) == "N does not hold AS; 286 legal choices, too many to list"
    assert error.legal == tuple(selections)


def test_the_limit_itself_is_still_listed() -> None:
    legal = [str(n) for n in range(LISTED_ALTERNATIVES)]
    assert str(IllegalActionError("no", legal=legal)).endswith(" ".join(legal))
