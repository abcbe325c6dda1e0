"""The expert's play-outs (openwhist_knockout.bots.heuristic_playout on the positions of
openwhist_knockout.position; docs/variants/knockout.md, "Bots"): a play-out plays the
deal exactly as the heuristic bots would at the table, a dog in it knocks when its card
would be wasted and plays in the last trick, and the expert never merges two cards that
the trick on the table tells apart."""

from __future__ import annotations

import random

import pytest
from openwhist import Deal, Engine, PlayerView, TrickRecord, parse_card
from openwhist.game.state import TERMINAL
from openwhist_knockout import KNOCKOUT
from openwhist_knockout.bots import KnockoutHeuristicBot, candidate_cards, heuristic_playout
from openwhist_knockout.position import KNOCKED, Position, Utility, play


def _mask(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


@pytest.mark.parametrize("option", [{}, {"trumps_must_be_broken": True}, {"misere": True}])
def test_a_play_out_plays_the_deal_as_the_heuristic_bots_do_at_the_table(
    option: dict[str, bool],
) -> None:
    """What the expert expects of the table is what heuristic players do: from the first
    lead, the play-out's tricks are those of heuristic bots playing the deal through the
    engine, each from its own view."""
    for seats, seed in ((5, 1), (5, 2), (3, 3), (7, 4)):
        engine = Engine(KNOCKOUT, KNOCKOUT.make_options(dict(option)), seats=seats)
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        state = engine.apply(engine.next_deal(engine.start_match(seed % seats)), Deal(tuple(deck)))
        start = state
        bots = [KnockoutHeuristicBot() for _ in range(seats)]
        while state.to_act != TERMINAL:
            seat = state.to_act
            action = bots[seat].choose(engine.observe(state, seat), engine.legal_actions(state))
            state = engine.apply(state, action)
        order = tuple((start.leader + i) % seats for i in range(seats))
        position = Position(
            list(start.hands), start.trump, (), (), order, (0,) * seats, done=0, n=7,
            must_break=bool(option.get("trumps_must_be_broken")),
        )  # fmt: skip
        tricks = heuristic_playout(
            position, played=0, voids=[0] * seats, misere=bool(option.get("misere"))
        )
        assert tricks == engine.score(state).tricks


def test_a_dog_in_a_play_out_knocks_rather_than_waste_its_card() -> None:
    # Three players, two tricks left, spades trump; C is a dog holding the K♥. A leads the
    # A♥ and B follows: C's king would lose to the ace, so C knocks and keeps it for the
    # last trick, where A's 5♥ is led, B has no heart and the king wins: C is back in.
    position = Position(
        [_mask("AH 5H"), _mask("3H 4C"), _mask("KH")], trump=3, trick=(), trick_seats=(),
        order=(0, 1, 2), tricks=(0, 0, 0), done=5, n=7, dogs=frozenset({2}),
    )  # fmt: skip
    tricks = heuristic_playout(position, played=0, voids=[0, 0, 0], misere=False)
    assert tricks == (1, 0, 1)
    assert Utility(dogs=frozenset({2}), dog_life=False).of(tricks, 2) == 2.0  # back in
    # A dog that knocks last completes the trick: it plays no card to it.
    after_b = play(play(position, parse_card("AH")), parse_card("3H"))
    assert after_b.order == (2,)
    knocked = play(after_b, KNOCKED)
    assert knocked.tricks == (1, 0, 0)
    assert knocked.hands[2] == _mask("KH")


def test_a_dog_in_a_play_out_must_play_its_card_in_the_last_trick() -> None:
    # The last trick: A leads the 5♥; the dog C's 2♦ cannot win, but it may not knock.
    position = Position(
        [_mask("5H"), _mask("4C"), _mask("2D")], trump=3, trick=(), trick_seats=(),
        order=(0, 1, 2), tricks=(1, 0, 0), done=6, n=7, dogs=frozenset({2}),
    )  # fmt: skip
    tricks = heuristic_playout(position, played=0, voids=[0, 0, 0], misere=False)
    assert tricks == (2, 0, 0)


def _view(trick: str, completed: tuple[TrickRecord, ...]) -> PlayerView:
    return PlayerView(
        seat=1, seats=3, dealer=2, phase="play", to_act=1, hand=_mask("TH 8H 2C"),
        hand_sizes=(1, 3, 1), trump=3, leader=0,
        trick=tuple(parse_card(c) for c in trick.split()), tricks=(0, 0, 0),
        completed=completed, history=(),
    )  # fmt: skip


def test_a_card_on_the_table_keeps_two_cards_of_the_expert_s_hand_apart() -> None:
    # The 9♥ led: the 10♥ beats it and the 8♥ does not, so both are tried.
    hearts = _mask("TH 8H")
    assert candidate_cards(_view("9H", ()), hearts) == hearts
    # Once the 9♥ is gone in a completed trick, the two are equal: one stands for both.
    done = TrickRecord(0, (parse_card("9H"), parse_card("2S"), parse_card("3S")), 0, (0, 1, 2))
    assert candidate_cards(_view("4H", (done,)), hearts).bit_count() == 1
