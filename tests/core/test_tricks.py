"""Trick arithmetic (docs/variants/core.md §0.3.3, §0.3.4, §0.3.6): following suit and the trick
winner.

Includes the two bugs double-dummy solvers keep reinventing: comparing cards across suits
(so a high discard "wins"), and letting a suit win in a no-trump deal.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openwhist import NO_TRUMP, SUIT_MASKS, CardSet, Suit, follow_suit, parse_card, winning_index


def trick(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


# -- follow suit ---------------------------------------------------------------------------


def test_must_follow_the_led_suit_when_able() -> None:
    hand = CardSet.parse("AS 3S KH 2C").mask
    assert CardSet(follow_suit(hand, Suit.SPADES)) == CardSet.parse("3S AS")
    assert CardSet(follow_suit(hand, Suit.CLUBS)) == CardSet.parse("2C")


def test_void_in_the_led_suit_may_play_anything() -> None:
    # §0.3.3: nobody is obliged to trump; a void seat may ruff or discard.
    hand = CardSet.parse("AS 3S KH 2C").mask
    assert follow_suit(hand, Suit.DIAMONDS) == hand


@given(st.integers(min_value=1, max_value=(1 << 52) - 1), st.sampled_from(list(Suit)))
def test_follow_suit_is_the_legality_function(hand: int, led: Suit) -> None:
    # §0.3.6: legal(hand, led) = cards of the led suit if any, else the whole hand.
    legal = follow_suit(hand, led)
    same = hand & SUIT_MASKS[led]
    assert legal == (same if same else hand)
    assert legal & ~hand == 0


# -- trick winner --------------------------------------------------------------------------


def test_highest_of_the_led_suit_wins_without_trumps() -> None:
    assert winning_index(trick("9H QH 2H 5H"), Suit.SPADES) == 1


def test_any_trump_beats_the_led_suit_and_the_highest_trump_wins() -> None:
    assert winning_index(trick("AH 2S KH 3S"), Suit.SPADES) == 3
    assert winning_index(trick("AH 2S KH QH"), Suit.SPADES) == 1


def test_a_discard_never_wins_even_with_a_higher_card_index() -> None:
    # Solver bug pattern 1: comparing card ints across suits. The ace of spades (card 51,
    # the highest int) is a discard on a club lead with hearts trump: the 2C (card 0) wins.
    assert winning_index(trick("2C AS"), Suit.HEARTS) == 0
    assert winning_index(trick("3D AS KH 2D"), Suit.CLUBS) == 0
    assert winning_index(trick("3D AS 4D KH"), Suit.CLUBS) == 2


def test_no_trump_only_the_led_suit_can_win() -> None:
    # Solver bug pattern 2: a no-trump deal treated as "clubs are trump" (suit 0) or as
    # "any suit may win". With NO_TRUMP the 2D led beats the AC and the AS discards.
    assert winning_index(trick("2D AC AS 3D"), NO_TRUMP) == 3
    assert winning_index(trick("2D AC AS KC"), NO_TRUMP) == 0
    assert winning_index(trick("5C 2C"), NO_TRUMP) == 0


def test_leading_a_trump() -> None:
    assert winning_index(trick("2S AH 3S KS"), Suit.SPADES) == 3
    assert winning_index(trick("2S AH"), Suit.SPADES) == 0


@pytest.mark.parametrize("trump", [NO_TRUMP, *Suit])
@given(st.permutations(range(52)).map(lambda p: tuple(p[:4])))
def test_winner_is_the_best_card_by_the_rules(trump: int, cards: tuple[int, ...]) -> None:
    # An independent restatement of §0.3.4: rank the cards that can win, pick the best.
    led = cards[0] // 13

    def strength(card: int) -> int:
        if card // 13 == trump:
            return 200 + card % 13
        if card // 13 == led:
            return 100 + card % 13
        return -1

    best = max(range(4), key=lambda i: strength(cards[i]))
    assert winning_index(cards, trump) == best
    assert strength(cards[best]) >= 100
