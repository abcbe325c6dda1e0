"""German Whist play, one rule per test, on arranged deals (docs/variants/german.md §1.2–§1.7).

Seats: 0 = A, 1 = B. In most tests B deals, so A is the non-dealer who leads trick 1.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist import (
    FULL_DECK,
    NO_TRUMP,
    TERMINAL,
    Deal,
    DealState,
    Engine,
    IllegalActionError,
    TrickRecord,
    card_name,
    mask_of,
    parse_card,
    shuffled_deck,
)
from openwhist_german import GERMAN, GermanFacts
from openwhist_german.arrange import arrange_deck
from openwhist_german.rules import current_stock

A, B = 0, 1


def c(name: str) -> int:
    return parse_card(name)


def cards(text: str) -> int:
    return mask_of(parse_card(w) for w in text.split())


def dealt(
    non_dealer: str,
    dealer: str,
    stock: str = "",
    *,
    dealer_seat: int = B,
    **options: Any,
) -> tuple[Engine, DealState[Any]]:
    """An engine with ``options`` and a deal arranged as the rules describe it."""
    engine = Engine(GERMAN, options)
    state = engine.start_deal(dealer=dealer_seat)
    return engine, engine.apply(state, Deal(arrange_deck(non_dealer, dealer, stock)))


def play(engine: Engine, state: DealState[Any], moves: str) -> DealState[Any]:
    """Play the cards of ``moves`` in order, each checked for legality."""
    for word in moves.split():
        state = engine.apply(state, engine.parse_action(state, word))
    return state


def legal(engine: Engine, state: DealState[Any]) -> set[str]:
    return {a.notation() for a in engine.legal_actions(state)}


def lowest_legal(engine: Engine, state: DealState[Any]) -> DealState[Any]:
    return engine.apply(state, engine.legal_actions(state)[0])


# The worked example's deal (seed 000, section 08): A (non-dealer) holds J♠ and clubs;
# B (dealer) holds A♠ and diamonds without Q♦; the stock starts K♥ (face up), 5♠ (hidden),
# then Q♦ (the next face-up card).
EX_A = "JS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
EX_B = "AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD AD"
EX_STOCK = "KH 5S QD"


def test_worked_example_of_seed_000() -> None:
    """Seed 000 §08: hearts trump, K♥ face up; A leads J♠, B plays A♠ and wins; B takes K♥,
    A the next hidden card; the new face-up card Q♦ does not change trump; B leads next and
    both hold 13 cards; the two spades are set aside."""
    engine, state = dealt(EX_A, EX_B, EX_STOCK)
    assert state.trump == c("KH") // 13  # hearts
    assert engine.observe(state, A).public["face_up"] == c("KH")
    assert state.to_act == A  # the non-dealer leads
    state = play(engine, state, "JS")
    assert legal(engine, state) == {"AS"}  # B must follow suit with its only spade
    state = play(engine, state, "AS")
    assert state.completed[-1].winner == B
    assert state.completed[-1].cards == (c("JS"), c("AS"))  # set aside, out of both hands
    assert state.hands[B] >> c("KH") & 1  # B received the face-up K♥
    assert state.hands[A] >> c("5S") & 1  # A received the next (hidden) card
    assert engine.observe(state, A).public["face_up"] == c("QD")  # the new face-up card
    assert state.trump == c("KH") // 13  # still hearts
    assert state.to_act == B
    assert state.leader == B
    assert state.hands[A].bit_count() == 13
    assert state.hands[B].bit_count() == 13


@pytest.mark.parametrize("dealer_seat", [A, B])
def test_deal_order_alternates_from_the_non_dealer(dealer_seat: int) -> None:
    """§1.2: the non-dealer receives deck cards 1, 3, ..., 25, the dealer 2, 4, ..., 26; the
    other 26 are the stock, the 27th card face up on top."""
    order = shuffled_deck(random.Random(dealer_seat + 11))
    engine = Engine(GERMAN)
    state = engine.start_deal(dealer=dealer_seat)
    non_dealer = 1 - dealer_seat
    assert engine.observe(state, dealer_seat).leader == non_dealer  # shown before the deal
    state = engine.apply(state, Deal(order))
    # Deck card n (1-based) is order[n - 1].
    assert state.hands[non_dealer] == mask_of(order[n - 1] for n in range(1, 26, 2))
    assert state.hands[dealer_seat] == mask_of(order[n - 1] for n in range(2, 27, 2))
    assert current_stock(state) == order[26:]
    view = engine.observe(state, non_dealer)
    assert view.public["face_up"] == order[26]
    assert view.public["stock"] == 26
    assert state.to_act == non_dealer  # §1.4: the non-dealer leads trick 1


def test_arranged_deck_deals_the_named_hands() -> None:
    _engine, state = dealt(EX_A, EX_B, EX_STOCK)
    assert state.hands[A] == cards(EX_A)
    assert state.hands[B] == cards(EX_B)
    assert current_stock(state)[:3] == (c("KH"), c("5S"), c("QD"))
    with pytest.raises(ValueError, match="13 cards"):
        arrange_deck("AS KS", EX_B)
    with pytest.raises(ValueError, match="AS is named twice"):
        arrange_deck(EX_A, EX_B, "AS")


def test_trump_is_the_first_face_up_suit_for_the_whole_deal() -> None:
    """§1.3: later face-up cards of other suits never change trump, in either phase."""
    engine, state = dealt(EX_A, EX_B, "KH 5S QD 2S 3S 4S AC")
    hearts = c("KH") // 13
    face_ups = set()
    while state.to_act != TERMINAL:
        assert state.trump == hearts
        face_up = engine.observe(state, A).public["face_up"]
        if face_up is not None:
            face_ups.add(face_up // 13)
        state = lowest_legal(engine, state)
    assert state.trump == hearts
    assert face_ups - {hearts}, "the deal should have turned up cards of other suits"


def test_winner_takes_face_up_loser_takes_hidden_then_next_is_turned() -> None:
    """§1.6 steps 2–4 and counts: after every phase-1 trick the winner holds the old face-up
    card, the loser the old hidden card, the new face-up card is the one after, both hold
    13 cards, the winner leads, and the stock holds 26 - 2k cards after trick k."""
    for seed in range(5):
        engine = Engine(GERMAN)
        state = engine.apply(
            engine.start_deal(dealer=seed % 2), Deal(shuffled_deck(random.Random(seed)))
        )
        for k in range(1, 14):
            before = current_stock(state)
            assert len(before) == 26 - 2 * (k - 1)
            rng = random.Random(seed * 100 + k)
            while len(state.completed) < k:
                actions = engine.legal_actions(state)
                state = engine.apply(state, actions[rng.randrange(len(actions))])
            winner = state.completed[-1].winner
            assert state.hands[winner] >> before[0] & 1, "winner must take the face-up card"
            assert state.hands[1 - winner] >> before[1] & 1, "loser must take the hidden card"
            assert len(current_stock(state)) == 26 - 2 * k
            face_up = engine.observe(state, winner).public["face_up"]
            assert face_up == (before[2] if k < 13 else None)  # nothing turned after trick 13
            assert [h.bit_count() for h in state.hands] == [13, 13]
            assert state.to_act == winner


def test_phase_two_is_led_by_the_winner_of_trick_13_and_draws_nothing() -> None:
    """§1.4, §1.7: the winner of trick 13 leads trick 14; afterwards hands only shrink."""
    engine, state = dealt(EX_A, EX_B, EX_STOCK)
    while len(state.completed) < 13:
        state = lowest_legal(engine, state)
    assert not current_stock(state)
    assert state.to_act == state.completed[12].winner
    assert engine.observe(state, A).public["phase"] == 2
    for k in range(14, 27):
        state = lowest_legal(engine, state)
        state = lowest_legal(engine, state)
        assert [h.bit_count() for h in state.hands] == [26 - k, 26 - k]
        assert state.to_act in (state.completed[-1].winner, TERMINAL)
    assert state.to_act == TERMINAL
    assert len(state.completed) == 26


def test_reply_must_follow_suit_in_phase_one() -> None:
    """§1.5: holding the led suit, the reply must play that suit."""
    engine, state = dealt(
        "9S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "2S AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD",
        "KH",
    )
    state = play(engine, state, "9S")
    assert legal(engine, state) == {"2S", "AS"}
    with pytest.raises(IllegalActionError) as error:
        play(engine, state, "2D")
    assert set(error.value.legal) == {"2S", "AS"}


def test_reply_must_follow_suit_in_phase_two() -> None:
    """§1.5: following suit applies in phase 2 too (with the default options)."""
    engine, state = dealt(EX_A, EX_B, EX_STOCK)
    while len(state.completed) < 13:
        state = lowest_legal(engine, state)
    checked = 0
    while state.to_act != TERMINAL:
        if state.trick:
            led = state.trick[0] // 13
            hand = state.hands[state.to_act]
            suit_cards = {card_name(x) for x in range(led * 13, led * 13 + 13) if hand >> x & 1}
            if suit_cards:
                assert legal(engine, state) == suit_cards
                checked += 1
        state = lowest_legal(engine, state)
    assert checked, "the deal should have a phase-2 reply that can follow suit"


def test_no_obligation_to_overtake() -> None:
    """§1.5: the reply may follow with a low card; a card of the led suit need not beat."""
    engine, state = dealt(
        "9S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "2S AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD",
        "KH",
    )
    state = play(engine, state, "9S 2S")
    assert state.completed[-1].winner == A


def test_no_obligation_to_trump() -> None:
    """§1.5: a reply void in the led suit may discard instead of trumping (hearts trump)."""
    b_hand = "2H AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD"
    engine, state = dealt("9S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", b_hand, "KH")
    state = play(engine, state, "9S")
    assert legal(engine, state) == set(b_hand.split())  # no spade: anything, trump or not
    state = play(engine, state, "2D")  # a discard, legal although B holds trumps
    assert state.completed[-1].winner == A
    # ... and a trump would have won.
    engine, state = dealt("9S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", b_hand, "KH")
    state = play(engine, state, "9S 2H")
    assert state.completed[-1].winner == B


def test_phase1_must_follow_suit_false_frees_the_phase_one_reply_only() -> None:
    """§1.5 option: with phase1_must_follow_suit=false the reply is free while the stock
    lasts, and follow suit is required again in phase 2."""
    b_hand = "2S AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD"
    engine, state = dealt(
        "9S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", b_hand, "KH", phase1_must_follow_suit="false"
    )
    state = play(engine, state, "9S")
    assert legal(engine, state) == set(b_hand.split())  # any card, spades or not
    state = play(engine, state, "2D")  # would be a revoke under the default rules
    assert state.completed[-1].winner == A  # a discard of another suit cannot win
    while len(state.completed) < 13:
        state = lowest_legal(engine, state)
    checked = 0
    while state.to_act != TERMINAL:
        if state.trick:
            led = state.trick[0] // 13
            hand = state.hands[state.to_act]
            follow = {card_name(x) for x in range(led * 13, led * 13 + 13) if hand >> x & 1}
            if follow:
                assert legal(engine, state) == follow
                checked += 1
        state = lowest_legal(engine, state)
    assert checked


def test_trump_mode_none_has_no_trump_but_keeps_the_prize() -> None:
    """§1.3 option trump_mode=none: the face-up suit is not trump (a heart discard does not
    beat a spade lead), yet the trick winner still takes the face-up card."""
    a_hand = "2S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    b_hand = "AH 3H 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD"
    engine, state = dealt(a_hand, b_hand, "KH 5S", trump_mode="none")
    assert state.trump == NO_TRUMP
    state = play(engine, state, "2S AH")
    assert state.completed[-1].winner == A
    assert state.hands[A] >> c("KH") & 1
    assert state.hands[B] >> c("5S") & 1
    # The same cards with the default turn-up trump: the heart wins.
    engine, state = dealt(a_hand, b_hand, "KH 5S")
    state = play(engine, state, "2S AH")
    assert state.completed[-1].winner == B


def test_cards_are_conserved_with_the_stock() -> None:
    """Hands, played cards and the stock (conformance_cards_elsewhere) always make the deck."""
    engine = Engine(GERMAN)
    rules = GERMAN.rules
    for seed in range(20):
        state = engine.apply(
            engine.start_deal(dealer=seed % 2), Deal(shuffled_deck(random.Random(seed)))
        )
        rng = random.Random(seed)
        while True:
            played = mask_of(x for t in state.completed for x in t.cards) | mask_of(state.trick)
            stock = rules.conformance_cards_elsewhere(state)  # type: ignore[attr-defined]
            parts = (state.hands[0], state.hands[1], played, stock)
            assert sum(p.bit_count() for p in parts) == 52
            assert parts[0] | parts[1] | played | stock == FULL_DECK
            if state.to_act == TERMINAL:
                break
            actions = engine.legal_actions(state)
            state = engine.apply(state, actions[rng.randrange(len(actions))])


def sweep_deal(dealer_seat: int) -> tuple[int, tuple[int, ...]]:
    """A deal the non-dealer wins 26–0 whatever either player does.

    The non-dealer holds all 13 hearts, the dealer all 13 clubs; the face-up stock cards
    are the 13 spades (the first fixes spades as trump), the hidden ones the 13 diamonds.
    The dealer never holds a heart or a spade, so it can neither follow a heart nor trump,
    and the non-dealer wins every phase-1 trick, so it takes every spade and keeps leading
    hearts or spades through phase 2.
    """
    spades = [c(f"{r}S") for r in "23456789TJQKA"]
    diamonds = [c(f"{r}D") for r in "23456789TJQKA"]
    stock = [card for pair in zip(spades, diamonds, strict=True) for card in pair]
    hearts = [c(f"{r}H") for r in "23456789TJQKA"]
    clubs = [c(f"{r}C") for r in "23456789TJQKA"]
    return 1 - dealer_seat, arrange_deck(hearts, clubs, stock)


@pytest.mark.parametrize("dealer_seat", [A, B])
def test_deal_facts_count_tricks_by_phase_and_seat(dealer_seat: int) -> None:
    """A played deal's facts are the tricks each seat won per phase; engine.score chains
    deal facts -> score facts (the standard whist_score_deal)."""
    sweeper, order = sweep_deal(dealer_seat)
    for options in ({}, {"scoring_profile": "all26"}):
        engine = Engine(GERMAN, options)
        state = engine.apply(engine.start_deal(dealer=dealer_seat), Deal(order))
        rng = random.Random(dealer_seat)
        while state.to_act != TERMINAL:
            actions = engine.legal_actions(state)
            state = engine.apply(state, actions[rng.randrange(len(actions))])
        facts = engine.rules.deal_facts(state)
        swept = (13, 0) if sweeper == A else (0, 13)
        assert facts == GermanFacts(phase1_tricks=swept, phase2_tricks=swept)
        score = engine.score(state)
        assert score.winner == sweeper
        # last13/win_loss: 1 point; all26/excess_over_book: 26 - 13 = 13 points.
        assert score.points(sweeper) == (1 if not options else 13)
        assert score.points(1 - sweeper) == 0


def test_deal_facts_split_the_tricks_at_trick_13() -> None:
    """Tricks 1–13 are phase 1 and 14–26 phase 2: A winning tricks 1–10 and 24–26 has
    10 + 3 tricks (the finished deal's trick records are rewritten to that pattern)."""
    engine = Engine(GERMAN)
    state = engine.apply(engine.start_deal(dealer=B), Deal(shuffled_deck(random.Random(3))))
    while state.to_act != TERMINAL:
        state = lowest_legal(engine, state)
    winners = [A] * 10 + [B] * 3 + [B] * 10 + [A] * 3
    records = tuple(
        TrickRecord(r.leader, r.cards, w, r.seats)
        for r, w in zip(state.completed, winners, strict=True)
    )
    facts = engine.rules.deal_facts(state._replace(completed=records))
    assert facts == GermanFacts(phase1_tricks=(10, 3), phase2_tricks=(3, 10))
