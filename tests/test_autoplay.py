"""Auto-play modes (issue 17 item 4): what `openwhist.services.autoplay` plays for a seat.

A lone legal card is played under ``forced`` and ``equivalent``; cards that cannot differ
(one suit, every card between them in the hand or played in a completed trick) only
under ``equivalent``, the lowest of them; a card on the table in the current trick keeps
its neighbours apart; calls and ``off`` are never auto-played.
"""

from __future__ import annotations

import pytest
from openwhist.game.actions import PLAYS, Action
from openwhist.game.cards import CardSet, parse_card
from openwhist.game.state import TrickRecord
from openwhist.game.views import PlayerView
from openwhist.services import UsageError
from openwhist.services.autoplay import (
    EQUIVALENT,
    FORCED,
    OFF,
    autoplay_action,
    autoplay_mode,
)


def _view(hand: str, *, trick: str = "", done: str = "") -> PlayerView:
    played = tuple(parse_card(c) for c in done.split())
    completed = (
        tuple(TrickRecord(0, played[i : i + 2], 0, (0, 1)) for i in range(0, len(played), 2))
        if played
        else ()
    )
    return PlayerView(
        seat=1,
        seats=2,
        dealer=0,
        phase="play",
        to_act=1,
        hand=CardSet.parse(hand).mask,
        hand_sizes=(5, 5),
        trump=-1,
        leader=0,
        trick=tuple(parse_card(c) for c in trick.split()),
        tricks=(0, 0),
        completed=completed,
        history=(),
    )


def _plays(cards: str) -> tuple[Action, ...]:
    return tuple(PLAYS[c] for c in sorted(parse_card(x) for x in cards.split()))


def test_a_lone_card_is_played_unless_auto_play_is_off() -> None:
    view = _view("KS 2H 3H", trick="4S")
    legal = _plays("KS")
    assert autoplay_action(view, legal, FORCED) == PLAYS[parse_card("KS")]
    assert autoplay_action(view, legal, EQUIVALENT) == PLAYS[parse_card("KS")]
    assert autoplay_action(view, legal, OFF) is None


@pytest.mark.parametrize(
    ("hand", "trick", "done", "legal", "played"),
    [
        ("KS QS 2H", "4S", "", "KS QS", "QS"),  # touching cards: the lower
        ("KS JS 2H", "4S", "QS 3D", "KS JS", "JS"),  # the queen between them is played
        ("KS JS 2H", "QS", "", "KS JS", None),  # the queen is on the table: still live
        ("KS JS 2H", "4S", "", "KS JS", None),  # the queen is out: the king may win more
        ("KS 2H", "", "", "KS 2H", None),  # leading two suits
    ],
)
def test_equivalent_cards_are_played_only_when_the_choice_cannot_matter(
    hand: str, trick: str, done: str, legal: str, played: str | None
) -> None:
    view = _view(hand, trick=trick, done=done)
    actions = _plays(legal)
    expected = None if played is None else PLAYS[parse_card(played)]
    assert autoplay_action(view, actions, EQUIVALENT) == expected
    assert autoplay_action(view, actions, FORCED) is None
    # A trick winner that is not the standard one: equivalent acts as forced.
    assert autoplay_action(view, actions, EQUIVALENT, standard_ranking=False) is None


def test_the_table_setting_reads_old_booleans_and_refuses_other_values() -> None:
    assert autoplay_mode(True) == FORCED
    assert autoplay_mode(False) == OFF
    assert autoplay_mode(None) == OFF
    assert autoplay_mode("equivalent") == EQUIVALENT
    with pytest.raises(UsageError, match="auto-play is one of off, forced, equivalent"):
        autoplay_mode("always")
