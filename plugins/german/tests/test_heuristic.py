"""German Whist's heuristic bot on hand-built views (docs/variants/german.md §1.6: the trick's
winner takes the face-up card, the loser an unknown stock card)."""

from __future__ import annotations

import random

from openwhist import PLAYS, CardSet, PlayerView, parse_card
from openwhist_german.heuristic import HIDDEN_CARD_VALUE, GermanHeuristicBot, card_value

SPADES = 3


def phase1_view(hand: str, face_up: str, *, trick: str = "", seat: int = 0) -> PlayerView:
    """Seat ``seat`` at trick 1 of phase 1, spades trump, the stock full."""
    cards = CardSet.parse(hand).mask
    played = tuple(parse_card(c) for c in trick.split())
    return PlayerView(
        seat=seat,
        seats=2,
        dealer=seat if played else 1 - seat,
        phase="play",
        to_act=seat,
        hand=cards,
        hand_sizes=(13, 13 - len(played)) if seat == 0 else (13 - len(played), 13),
        trump=SPADES,
        leader=1 - seat if played else seat,
        trick=played,
        tricks=(0, 0),
        completed=(),
        history=("?",),
        public={"phase": 1, "stock": 26, "face_up": parse_card(face_up), "known": [0, 0]},
        private={"drawn_blind": 0},
    )


def choose(view: PlayerView) -> str:
    legal = tuple(PLAYS[c] for c in CardSet(view.hand & legal_mask(view)))
    return GermanHeuristicBot(random.Random(1)).choose(view, legal).notation()


def legal_mask(view: PlayerView) -> int:
    if not view.trick:
        return view.hand
    suit = 0x1FFF << (13 * (view.trick[0] // 13))
    return view.hand & suit or view.hand


HAND = "AD 2C 3C 4C 5D 6D 7H 8H 2S 9C TC 3H 4H"


def test_values_put_aces_and_trumps_above_an_unknown_card() -> None:
    assert card_value(parse_card("AH"), SPADES) > HIDDEN_CARD_VALUE
    assert card_value(parse_card("3S"), SPADES) > HIDDEN_CARD_VALUE  # any trump
    assert card_value(parse_card("5H"), SPADES) < HIDDEN_CARD_VALUE


def test_contests_a_good_face_up_card_with_a_sure_winner() -> None:
    # The ace of hearts is face up: worth winning, and AD wins the trick for sure.
    assert choose(phase1_view(HAND, "AH")) == "AD"


def test_ducks_a_poor_face_up_card_with_a_useless_card() -> None:
    # A face-up 3 of hearts is worth less than the unknown card the loser draws: keep the
    # ace and the trump, lead a low plain card (from the short diamonds: 5D).
    card = choose(phase1_view(HAND, "3H"))
    assert card not in ("AD", "2S")
    assert parse_card(card) % 13 + 2 <= 6


def test_wins_a_good_face_up_card_cheaply_when_replying() -> None:
    # The opponent leads 5D with the king of trumps face up: AD takes it for less than the
    # king of trumps is worth; a low heart or club would throw the prize away.
    view = phase1_view("AD 2C 3C 4C 7H 8H 2S 9C TC 3H 4H 5H 6H", "KS", trick="5D")
    assert choose(view) == "AD"


def test_keeps_its_ace_when_the_prize_is_poor() -> None:
    view = phase1_view("AD 2D 3C 4C 7H 8H 2S 9C TC 3H 4H 5H 6H", "2H", trick="5D")
    assert choose(view) == "2D"
