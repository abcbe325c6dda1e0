"""English Whist's heuristic bot decides under the options in force (``view.options``):
honours it is sure of bring the game nearer only when honours count and may complete a
game (docs/variants/english.md §2.5, §2.7)."""

from __future__ import annotations

import dataclasses

from openwhist import CardSet, PlayerView
from openwhist_english.heuristic import sure_honours, tricks_for_game
from openwhist_english.options import EnglishOptions

SPADES = 3
SIDE = (0, 2)


def lead_view(hand: str, score: list[int], options: EnglishOptions | None) -> PlayerView:
    """N to lead trick 1, spades trump, the game score ``score`` (N-S first), target 5."""
    mask = CardSet.parse(hand).mask
    return PlayerView(
        seat=0, seats=4, dealer=3, phase="play", to_act=0, hand=mask,
        hand_sizes=(13, 13, 13, 13), trump=SPADES, leader=0, trick=(), tricks=(0, 0, 0, 0),
        completed=(), history=(), public={"game_score": score, "game_target": 5},
        options=options,
    )  # fmt: skip


FOUR_HONOURS = "AS KS QS JS 2H 3H 4H 5D 6D 7D 8C 9C TC"


def test_four_honours_in_hand_are_four_sure_points_when_honours_count() -> None:
    view = lead_view(FOUR_HONOURS, [0, 0], EnglishOptions())
    assert sure_honours(view, SIDE) == 4
    assert sure_honours(dataclasses.replace(view, options=EnglishOptions(honours=False)), SIDE) == 0


def test_sure_honours_shorten_the_road_to_game_only_where_the_rules_let_them() -> None:
    view = lead_view(FOUR_HONOURS, [0, 0], EnglishOptions())
    # 5 points for game: honours give 4, so one trick over book (7 tricks) is enough.
    assert tricks_for_game(view, SIDE) == 7
    # Without honours the side needs 5 by tricks: 11 tricks.
    plain = dataclasses.replace(view, options=EnglishOptions(honours=False))
    assert tricks_for_game(plain, SIDE) == 11
    # never_reach_game: honours never complete a game, so tricks must do it all.
    never = EnglishOptions(honours_rule="never_reach_game")
    assert tricks_for_game(dataclasses.replace(view, options=never), SIDE) == 11
    # At the score of four (4 when the deal started) honours do not count at all.
    at_four = lead_view(FOUR_HONOURS, [4, 0], EnglishOptions())
    assert tricks_for_game(at_four, SIDE) == 7
    # At 3 honours may bring the side to game (5): it then needs one trick point, not two.
    at_three = lead_view(FOUR_HONOURS, [3, 0], EnglishOptions())
    assert tricks_for_game(at_three, SIDE) == 7
    assert (
        tricks_for_game(dataclasses.replace(at_three, options=EnglishOptions(honours=False)), SIDE)
        == 8
    )
