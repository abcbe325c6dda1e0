"""The engine contract (OpenSpiel's state contract, docs/architecture.md#the-state-model "State and
rules machinery").

Played on the core's own toy variant (plain four-handed whist, docs/variants/core.md §0.3 and the
standard deal of §2.3) with hand-built decks, so every expected result follows from the
rules, not from running the code.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from openwhist import (
    CHANCE,
    HIDDEN,
    NUM_CARDS,
    TERMINAL,
    CardSet,
    Deal,
    DealState,
    Engine,
    IllegalActionError,
    InvalidNotationError,
    Play,
    card_name,
    parse_card,
)
from openwhist.testing.toy import TOY

N, E, S, W = range(4)


def deck_for(hands: Mapping[int, str], *, dealer: int = N, trump_card: str) -> tuple[int, ...]:
    """A deck order that deals ``hands`` (seat -> 13 cards) under the standard deal: one
    card at a time from the dealer's left; the 52nd card (the dealer's) is turned up."""
    cards = {seat: [parse_card(t) for t in text.split()] for seat, text in hands.items()}
    turned = parse_card(trump_card)
    assert turned in cards[dealer]
    cards[dealer].remove(turned)
    cards[dealer].append(turned)
    order = []
    for i in range(NUM_CARDS):
        seat = (dealer + 1 + i) % 4
        order.append(cards[seat][i // 4])
    assert sorted(order) == list(range(NUM_CARDS))
    return tuple(order)


# North holds every spade; the rest is shared out suit by suit.
HANDS = {
    N: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    E: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    S: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    W: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
}


@pytest.fixture
def engine() -> Engine:
    return Engine(TOY)


@pytest.fixture
def dealt(engine: Engine) -> DealState[None]:
    state = engine.start_deal(dealer=N)
    return engine.apply(state, Deal(deck_for(HANDS, trump_card="AS")))


# -- chance --------------------------------------------------------------------------------


def test_a_new_deal_waits_for_chance_and_nobody_may_act(engine: Engine) -> None:
    state = engine.start_deal(dealer=N)
    assert engine.actor(state) == CHANCE
    assert engine.legal_actions(state) == ()
    assert all(engine.legal_actions(state, seat) == () for seat in range(4))
    with pytest.raises(IllegalActionError):
        engine.apply(state, Play(parse_card("AS")))


@pytest.mark.parametrize(
    "order",
    [
        tuple(range(51)),  # a card short
        (*range(51), 0),  # 2C twice, AS missing
        (*range(52), 0),  # 53 cards
    ],
    ids=["51-cards", "duplicate", "53-cards"],
)
def test_chance_must_deal_a_permutation_of_the_deck(engine: Engine, order: tuple[int, ...]) -> None:
    state = engine.start_deal(dealer=N)
    with pytest.raises(IllegalActionError, match="permutation"):
        engine.apply(state, Deal(order))


def test_sample_chance_is_seeded_and_only_at_chance(engine: Engine) -> None:
    state = engine.start_deal(dealer=N)
    first = engine.sample_chance(state, random.Random(5))
    assert first == engine.sample_chance(state, random.Random(5))
    assert sorted(first.order) == list(range(NUM_CARDS))
    dealt = engine.apply(state, first)
    with pytest.raises(IllegalActionError):
        engine.sample_chance(dealt, random.Random(5))


def test_the_deal_gives_each_seat_its_cards_and_turns_the_dealers_last(
    dealt: DealState[None],
) -> None:
    # docs/variants/english.md §2.3: the dealer's last card is turned up and fixes trump; eldest
    # leads.
    for seat, text in HANDS.items():
        assert CardSet(dealt.hands[seat]) == CardSet.parse(text)
    assert dealt.trump == 3  # spades: North's AS was turned
    assert dealt.to_act == E
    assert dealt.leader == E
    assert isinstance(dealt.history[0], Deal)


# -- the seat to act -----------------------------------------------------------------------


def test_leader_may_lead_any_card_in_sorted_order(engine: Engine, dealt: DealState[None]) -> None:
    legal = engine.legal_actions(dealt)
    assert [a.notation() for a in legal] == HANDS[E].split()
    assert list(legal) == sorted(legal, key=lambda a: a.sort_key())
    assert engine.legal_actions(dealt, E) == legal


def test_other_seats_have_no_legal_actions(engine: Engine, dealt: DealState[None]) -> None:
    assert [engine.legal_actions(dealt, seat) for seat in (N, S, W)] == [(), (), ()]


def test_follow_suit_is_enforced_and_void_seats_play_anything(engine: Engine) -> None:
    hands = {
        N: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H",
        E: "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AS",
        S: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        W: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    }
    state = engine.start_deal(dealer=N)
    state = engine.apply(state, Deal(deck_for(hands, trump_card="KS")))
    state = engine.apply(state, Play(parse_card("AH")))  # East leads a heart
    # South has no heart: any card. West neither.
    assert CardSet(a.card for a in engine.legal_actions(state)) == CardSet.parse(hands[S])  # type: ignore[attr-defined]
    state = engine.apply(state, Play(parse_card("2D")))
    state = engine.apply(state, Play(parse_card("2C")))
    # North holds one heart: it must play it.
    assert [a.notation() for a in engine.legal_actions(state)] == ["2H"]


def test_an_illegal_card_is_rejected_with_the_legal_alternatives(engine: Engine) -> None:
    hands = {
        N: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H",
        E: "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AS",
        S: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        W: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    }
    state = engine.start_deal(dealer=N)
    state = engine.apply(state, Deal(deck_for(hands, trump_card="KS")))
    state = engine.apply(state, Play(parse_card("AS")))  # East leads a spade
    state = engine.apply(state, Play(parse_card("AD")))
    state = engine.apply(state, Play(parse_card("AC")))
    with pytest.raises(IllegalActionError) as info:
        engine.apply(state, Play(parse_card("2H")))  # North revokes
    spades = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    assert info.value.legal == tuple(spades)
    assert "2H" in str(info.value)
    assert "legal: 2S 3S" in str(info.value)


def test_a_card_the_seat_does_not_hold_is_rejected(engine: Engine, dealt: DealState[None]) -> None:
    with pytest.raises(IllegalActionError) as info:
        engine.apply(dealt, Play(parse_card("AS")))  # North's card, East to lead
    assert set(info.value.legal) == set(HANDS[E].split())


def test_out_of_turn_is_rejected_even_for_a_card_that_would_be_legal(
    engine: Engine, dealt: DealState[None]
) -> None:
    two_of_hearts = Play(parse_card("2H"))
    with pytest.raises(IllegalActionError, match="out of turn"):
        engine.apply(dealt, two_of_hearts, seat=N)
    # The same card from the right seat is fine.
    after = engine.apply(dealt, two_of_hearts, seat=E)
    assert after.trick == (parse_card("2H"),)
    assert after.to_act == S


def test_a_non_play_action_in_trick_play_is_rejected(
    engine: Engine, dealt: DealState[None]
) -> None:
    with pytest.raises(IllegalActionError):
        engine.apply(dealt, Deal(tuple(range(NUM_CARDS))))


# -- a whole deal --------------------------------------------------------------------------


def play_out(engine: Engine, state: DealState[None]) -> DealState[None]:
    """Everybody plays their lowest legal card."""
    while engine.actor(state) >= 0:
        state = engine.apply(state, engine.legal_actions(state)[0])
    return state


def test_north_with_every_trump_wins_every_trick(engine: Engine, dealt: DealState[None]) -> None:
    # North holds all 13 spades (trump): whatever is led, North follows with a trump or
    # ruffs, and nobody else has a trump. So N takes 13 tricks: N-S score 13 - 6 = 7.
    final = play_out(engine, dealt)
    assert engine.actor(final) == TERMINAL
    assert final.tricks == (13, 0, 0, 0)
    assert all(record.winner == N for record in final.completed)
    score = engine.score(final)
    assert score.parties == ("NS", "EW")
    assert score.winner == 0
    assert score.points(0) == 7
    assert score.points(1) == 0


def test_after_the_end_nothing_is_legal(engine: Engine, dealt: DealState[None]) -> None:
    final = play_out(engine, dealt)
    assert all(engine.legal_actions(final, seat) == () for seat in range(4))
    assert engine.legal_actions(final) == ()
    with pytest.raises(IllegalActionError, match="over"):
        engine.apply(final, Play(parse_card("2C")))
    with pytest.raises(InvalidNotationError):
        engine.parse_action(final, "2C")


def test_an_unfinished_deal_cannot_be_scored(engine: Engine, dealt: DealState[None]) -> None:
    with pytest.raises(IllegalActionError, match="not over"):
        engine.score(dealt)


def test_states_are_values_apply_never_mutates(engine: Engine, dealt: DealState[None]) -> None:
    before = tuple(dealt)
    after = engine.apply(dealt, engine.legal_actions(dealt)[0])
    assert tuple(dealt) == before
    assert after != dealt
    assert engine.apply_unchecked(dealt, engine.legal_actions(dealt)[0]) == after


def test_replaying_the_history_gives_the_same_state(engine: Engine, dealt: DealState[None]) -> None:
    final = play_out(engine, dealt)
    replay = engine.start_deal(dealer=N)
    for action in final.history:
        replay = engine.apply(replay, engine.parse_action(replay, action.notation()))
    assert replay == final
    assert engine.score(replay) == engine.score(final)


# -- notation and views --------------------------------------------------------------------


def test_parse_action_reads_every_spelling_of_a_card(
    engine: Engine, dealt: DealState[None]
) -> None:
    for text in ("10h", "TH", "10♥", "t♥"):
        assert engine.parse_action(dealt, text) == Play(parse_card("TH"))
    with pytest.raises(InvalidNotationError, match="'XH'"):
        engine.parse_action(dealt, "XH")


def test_the_deal_parses_back_from_its_notation(engine: Engine) -> None:
    state = engine.start_deal(dealer=N)
    deal = Deal(deck_for(HANDS, trump_card="AS"))
    assert engine.parse_action(state, deal.notation()) == deal
    assert deal.notation().startswith("deal ")
    with pytest.raises(InvalidNotationError, match="each of the 52 cards once"):
        engine.parse_action(state, "deal AS KS")


def test_a_view_shows_the_own_hand_and_hides_the_deal(
    engine: Engine, dealt: DealState[None]
) -> None:
    state = engine.apply(dealt, Play(parse_card("5H")))
    view = engine.observe(state, S)
    assert view.seat == S
    assert CardSet(view.hand) == CardSet.parse(HANDS[S])
    assert view.history == (HIDDEN, "5H")
    assert view.hand_sizes == (13, 12, 13, 13)
    assert view.trick == (parse_card("5H"),)
    assert view.trick_seats == (E,)
    # The dealer's turned-up card is public for the whole deal (docs/variants/english.md §2.3).
    deal = dealt.history[0]
    assert isinstance(deal, Deal)
    turn_up = view.public["turn_up"]
    assert turn_up == card_name(deal.order[-1])
    assert parse_card(turn_up) in CardSet(dealt.hands[dealt.context.dealer])
    # Nothing else in the view names a card of another seat's hand except what was played.
    text = repr(view.public) + repr(view.private) + " ".join(view.history)
    for seat in (N, E, W):
        for card in CardSet.parse(HANDS[seat]):
            if card not in (parse_card("5H"), parse_card(turn_up)):
                assert card_name(card) not in text


# -- asking for the legal actions first changes no verdict ---------------------------------


def test_apply_after_legal_actions_still_rejects_a_revoke_and_a_card_not_held(
    engine: Engine,
) -> None:
    # `apply` reuses the answer of `legal_actions` for the same state: the verdicts must be
    # those of a fresh check.
    hands = {
        N: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H",
        E: "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AS",
        S: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        W: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    }
    state = engine.start_deal(dealer=N)
    state = engine.apply(state, Deal(deck_for(hands, trump_card="KS")))
    for card in ("AS", "AD", "AC"):
        engine.legal_actions(state)
        state = engine.apply(state, Play(parse_card(card)))
    legal = engine.legal_actions(state)
    assert Play(parse_card("2H")) not in legal
    with pytest.raises(IllegalActionError, match="must follow suit"):
        engine.apply(state, Play(parse_card("2H")))  # North revokes
    with pytest.raises(IllegalActionError):
        engine.apply(state, Play(parse_card("AH")))  # East's card
    with pytest.raises(IllegalActionError, match="out of turn"):
        engine.apply(state, legal[0], seat=E)
    # An equal action built anew is as good as the listed object.
    after = engine.apply(state, Play(parse_card("2S")))
    assert after.completed[-1].cards == tuple(parse_card(c) for c in ("AS", "AD", "AC", "2S"))


def test_legal_actions_of_one_state_do_not_vouch_for_another(
    engine: Engine, dealt: DealState[None]
) -> None:
    # `apply` may reuse only the answer about the very same state: East's hearts, legal when
    # East led, must not pass for West two cards later.
    engine.legal_actions(dealt)
    after_lead = engine.apply(dealt, Play(parse_card("2H")))
    engine.legal_actions(dealt)  # the last answer is about the earlier state again
    after_south = engine.apply(after_lead, Play(parse_card("2D")))
    with pytest.raises(IllegalActionError):
        engine.apply(after_south, Play(parse_card("3H")))  # East's heart, West to act
    assert engine.apply(after_south, Play(parse_card("2C"))).to_act == N


def test_a_state_built_from_fields_is_the_state_itself(dealt: DealState[None]) -> None:
    # The pure inner step builds states with `state_from_fields`: same value, same type.
    from openwhist.game.state import state_from_fields

    rebuilt = state_from_fields(tuple(dealt))
    assert type(rebuilt) is DealState
    assert rebuilt == dealt
    assert rebuilt.hands == dealt.hands
    assert rebuilt.extra == dealt.extra
    assert rebuilt._replace(to_act=TERMINAL).to_act == TERMINAL
