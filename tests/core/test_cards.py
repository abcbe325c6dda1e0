"""Cards, card sets and card notation (docs/variants/core.md §0.2, §0.3.1).

`CardSet` must behave exactly like a Python ``frozenset`` of card ints (it is checked
against one with hypothesis), and notation must round-trip and accept every spelling a
player may type while rejecting nonsense with a reason.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openwhist import (
    FULL_DECK,
    NUM_CARDS,
    SUIT_MASKS,
    CardSet,
    InvalidNotationError,
    Rank,
    Suit,
    card_name,
    card_symbol,
    cards_of,
    make_card,
    mask_of,
    parse_card,
    rank_of,
    suit_of,
)

cards = st.integers(min_value=0, max_value=NUM_CARDS - 1)
card_sets = st.frozensets(cards)

RANK_TEXT = "23456789TJQKA"
SUIT_TEXT = "CDHS"
SYMBOLS = "♣♦♥♠"


# -- the layout ---------------------------------------------------------------------------


def test_layout_is_suit_by_suit_two_low_ace_high() -> None:
    # docs/variants/core.md §0.2: ranks A K Q ... 2 in every suit; suits in bridge order C D H S.
    assert make_card(Suit.CLUBS, Rank.TWO) == 0
    assert make_card(Suit.CLUBS, Rank.ACE) == 12
    assert make_card(Suit.DIAMONDS, Rank.TWO) == 13
    assert make_card(Suit.SPADES, Rank.ACE) == 51
    assert FULL_DECK.bit_count() == 52
    assert all(mask.bit_count() == 13 for mask in SUIT_MASKS)
    assert sum(SUIT_MASKS) == FULL_DECK


@given(st.sampled_from(list(Suit)), st.sampled_from(list(Rank)))
def test_make_card_inverts_suit_of_and_rank_of(suit: Suit, rank: Rank) -> None:
    card = make_card(suit, rank)
    assert (suit_of(card), rank_of(card)) == (suit, rank)
    assert SUIT_MASKS[suit] >> card & 1


# -- CardSet algebra against frozenset -----------------------------------------------------


@given(card_sets, card_sets)
def test_cardset_algebra_matches_frozenset(a: frozenset[int], b: frozenset[int]) -> None:
    x, y = CardSet(a), CardSet(b)
    assert set(x | y) == a | b
    assert set(x & y) == a & b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert (x <= y) == (a <= b)
    assert (x >= y) == (a >= b)
    assert (x == y) == (a == b)
    assert len(x) == len(a)
    assert bool(x) == bool(a)


@given(card_sets)
def test_cardset_iterates_lowest_first_and_contains_its_cards(a: frozenset[int]) -> None:
    s = CardSet(a)
    assert list(s) == sorted(a)
    assert list(reversed(s)) == sorted(a, reverse=True)
    assert cards_of(s.mask) == tuple(sorted(a))
    assert all(c in s for c in a)
    assert all(c not in s for c in set(range(NUM_CARDS)) - a)
    assert int(s) == mask_of(a)


@given(card_sets, st.sampled_from(list(Suit)))
def test_of_suit_and_count_suit(a: frozenset[int], suit: Suit) -> None:
    s = CardSet(a)
    expected = {c for c in a if suit_of(c) == suit}
    assert set(s.of_suit(suit)) == expected
    assert s.count_suit(suit) == len(expected)


@given(card_sets, cards)
def test_add_and_remove(a: frozenset[int], card: int) -> None:
    s = CardSet(a)
    assert set(s.add(card)) == a | {card}
    if card in a:
        assert set(s.remove(card)) == a - {card}
    else:
        with pytest.raises(KeyError, match=card_name(card)):
            s.remove(card)


def test_cardset_is_immutable_and_hashable() -> None:
    s = CardSet.parse("AS KS")
    with pytest.raises(AttributeError):
        s.mask = 0  # type: ignore[misc]
    assert {s: 1}[CardSet.parse("KS AS")] == 1


def test_cardset_does_not_contain_non_cards() -> None:
    s = CardSet.full()
    assert -1 not in s
    assert 52 not in s
    assert "AS" not in s


def test_cardset_mixes_with_ints_and_iterables() -> None:
    spades = SUIT_MASKS[Suit.SPADES]
    hand = CardSet.parse("AS 2C")
    assert hand & spades == CardSet.parse("AS")
    assert spades & hand == CardSet.parse("AS")
    assert hand | [parse_card("KH")] == CardSet.parse("AS 2C KH")


# -- notation ------------------------------------------------------------------------------


@given(cards)
def test_canonical_notation_round_trips(card: int) -> None:
    text = card_name(card)
    assert len(text) == 2
    assert text == RANK_TEXT[rank_of(card) - 2] + SUIT_TEXT[suit_of(card)]
    assert parse_card(text) == card


@given(cards, st.booleans(), st.booleans(), st.booleans())
def test_every_accepted_spelling_parses(card: int, ten: bool, symbol: bool, lower: bool) -> None:
    rank = RANK_TEXT[rank_of(card) - 2]
    if ten and rank == "T":
        rank = "10"
    suit = SYMBOLS[suit_of(card)] if symbol else SUIT_TEXT[suit_of(card)]
    text = rank + suit
    if lower:
        text = text.lower()
    assert parse_card(text) == card
    assert parse_card(f"  {text}\t") == card


def test_ten_spellings_and_symbols() -> None:
    ten_of_diamonds = make_card(Suit.DIAMONDS, Rank.TEN)
    for text in ("TD", "td", "10D", "10d", "10♦", "T♦", "t♢"):
        assert parse_card(text) == ten_of_diamonds, text
    assert card_symbol(ten_of_diamonds) == "10♦"
    assert card_symbol(make_card(Suit.SPADES, Rank.ACE)) == "A♠"


@given(card_sets)
def test_cardset_notation_round_trips(a: frozenset[int]) -> None:
    s = CardSet(a)
    assert CardSet.parse(s.notation()) == s
    assert CardSet.parse(", ".join(card_symbol(c) for c in s)) == s
    assert repr(s) == f"CardSet({s.notation()!r})"


@pytest.mark.parametrize(
    ("text", "culprit"),
    [
        ("AX", "suit 'X'"),
        ("1S", "rank '1'"),
        ("11H", "rank '11'"),
        ("ZC", "rank 'Z'"),
        ("S A", "suit 'A'"),
        ("10", "suit '0'"),
    ],
)
def test_bad_notation_names_the_bad_rank_or_suit(text: str, culprit: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message
    assert culprit in message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", ["", "A", "  "])
def test_too_short_notation_shows_how_to_write_a_card(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="rank then the suit"):
        parse_card(text)


def test_bad_card_in_a_set_names_that_card() -> None:
    with pytest.raises(InvalidNotationError, match="'QX'"):
        CardSet.parse("AS QX KH")
