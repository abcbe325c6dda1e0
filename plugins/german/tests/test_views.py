"""What each German Whist seat may see (docs/variants/german.md §1.6 "Information model",
docs/architecture.md views)."""

from __future__ import annotations

from typing import Any

from openwhist import Deal, DealState, Engine, PlayerView, card_name, parse_card
from openwhist_german import GERMAN
from openwhist_german.arrange import arrange_deck

A, B = 0, 1
# The worked example of seed 000: A leads J♠, B wins with A♠, takes K♥; A draws the hidden 5♠.
EX_A = "JS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
EX_B = "AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD AD"


def after_first_trick(stock: str) -> tuple[Engine, DealState[Any]]:
    engine = Engine(GERMAN)
    state = engine.apply(engine.start_deal(dealer=B), Deal(arrange_deck(EX_A, EX_B, stock)))
    for card in ("JS", "AS"):
        state = engine.apply(state, engine.parse_action(state, card))
    return engine, state


def mentions(view: PlayerView, card: int) -> bool:
    """Whether ``card`` appears anywhere in ``view`` (as a card or in a card mask)."""
    bit = 1 << card
    masks = [view.hand, view.public["known"][0], view.public["known"][1]]
    masks += [view.private.get("drawn_blind", 0)]
    cards = [*view.trick, *(x for t in view.completed for x in t.cards), view.public["face_up"]]
    return any(m & bit for m in masks) or card in cards or card_name(card) in " ".join(view.history)


def test_loser_drawn_card_is_private_to_the_loser() -> None:
    """The loser (A) sees the hidden 5♠ it drew, in its hand and as privately drawn; the
    winner (B) sees it nowhere."""
    engine, state = after_first_trick("KH 5S QD")
    five = parse_card("5S")
    loser, winner = engine.observe(state, A), engine.observe(state, B)
    assert loser.hand >> five & 1
    assert loser.private["drawn_blind"] >> five & 1
    assert not mentions(winner, five)
    assert winner.private["drawn_blind"] == 0


def test_winner_view_is_the_same_whatever_the_loser_drew() -> None:
    """States that differ only in the loser's hidden card give the winner equal views."""
    engine, first = after_first_trick("KH 5S QD")
    _, second = after_first_trick("KH 7H QD 5S")  # A drew 7♥ instead of 5♠
    assert first.hands[A] != second.hands[A]
    assert engine.observe(first, B) == engine.observe(second, B)
    assert engine.observe(first, A) != engine.observe(second, A)


def test_face_up_card_is_public_and_stays_known_while_held() -> None:
    """Both seats see the face-up card; the K♥ that B took face up is known to A while B
    holds it, and leaves the known cards once B plays it."""
    engine, state = after_first_trick("KH 5S QD")
    king = parse_card("KH")
    for seat in (A, B):
        view = engine.observe(state, seat)
        assert view.public["face_up"] == parse_card("QD")
        assert view.public["stock"] == 24
        assert view.public["known"][B] == 1 << king
        assert view.public["known"][A] == 0
    state = engine.apply(state, engine.parse_action(state, "KH"))  # B leads the K♥
    assert engine.observe(state, A).public["known"][B] == 0
    assert state.trick == (king,)


def test_opponent_hand_is_hidden_before_the_first_trick() -> None:
    engine = Engine(GERMAN)
    state = engine.apply(engine.start_deal(dealer=B), Deal(arrange_deck(EX_A, EX_B, "KH")))
    view = engine.observe(state, A)
    assert view.hand == state.hands[A]
    assert view.hand_sizes == (13, 13)
    assert not any(mentions(view, card) for card in (parse_card(n) for n in EX_B.split()))
    assert view.history == ("?",)  # the deck order is hidden
