"""`CardBot`: a bot that decides on a mask of legal cards gets `choose` for free."""

from __future__ import annotations

from typing import Any

import pytest
from openwhist import PLAYS, CardBot, PlayerView, parse_card
from openwhist.game.actions import Action


class Highest(CardBot):
    def __init__(self) -> None:
        self.masks: list[int] = []

    def choose_card(self, view: PlayerView, legal: int) -> int:
        self.masks.append(legal)
        return legal.bit_length() - 1


class Cheats(CardBot):
    def choose_card(self, view: PlayerView, legal: int) -> int:
        return 0 if legal != 1 else 51


VIEW: Any = None  # the bots above never read the view


def plays(*cards: str) -> tuple[Action, ...]:
    return tuple(PLAYS[parse_card(c)] for c in cards)


def test_the_chosen_card_becomes_its_play_and_sees_exactly_the_legal_cards() -> None:
    bot = Highest()
    legal = plays("2C", "KH", "5S")
    assert bot.choose(VIEW, legal) == PLAYS[parse_card("5S")]
    assert bot.masks == [sum(1 << a.card for a in legal)]  # type: ignore[attr-defined]


def test_a_lone_legal_action_is_played_without_asking() -> None:
    bot = Highest()
    assert bot.choose(VIEW, plays("9D")) == PLAYS[parse_card("9D")]
    assert bot.masks == []


def test_a_card_that_is_not_legal_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="not legal"):
        Cheats().choose(VIEW, plays("KH", "5S"))
