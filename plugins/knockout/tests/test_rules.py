"""Knockout Whist's rules on hand-built deals (docs/variants/knockout.md §1-§7).

Each test sets up the deal a table would meet -- the match's state before it is what
`MatchProgress.detail` carries between deals -- and checks what a player sees happen:
how many cards are dealt, who chooses trump (and the cut), who may knock, who leads, and
what the deal's tricks do to the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from openwhist import (
    PLAYS,
    Deal,
    Engine,
    IllegalActionError,
    MatchProgress,
    OptionsError,
    card_name,
    parse_card,
)
from openwhist_knockout import KNOCK, KNOCKOUT, TRUMPS, KnockoutOptions
from openwhist_knockout.rules import PHASE_TRUMP, cut_order, outcome

A, B, C, D, E = range(5)


def _cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def _progress(engine: Engine, dealer: int, deals: int, **detail: Any) -> MatchProgress:
    base = {"out": [], "dogs": [], "dog_used": False, "choosers": [], "knocked_out": []}
    return MatchProgress(
        parties=engine.seat_names,
        deals=deals,
        dealer=dealer,
        totals=(0,) * engine.seats,
        detail={**base, **detail},
    )


def _deal(
    engine: Engine, state: Any, hands: dict[int, list[int]], first: int, rest: str = ""
) -> Any:
    """Deal ``hands`` one card at a time clockwise from ``first`` (the dealer's left, the
    seats in the deal), then the undealt pack: ``rest`` first, the other cards after."""
    seats = [s for s in ((first + i) % engine.seats for i in range(engine.seats)) if s in hands]
    order: list[int] = []
    for i in range(max(len(h) for h in hands.values())):
        order += [hands[s][i] for s in seats if i < len(hands[s])]
    order += _cards(rest)
    order += [c for c in range(52) if c not in order]
    return engine.apply(state, Deal(tuple(order)))


def _play(engine: Engine, state: Any, *moves: str) -> Any:
    for move in moves:
        state = engine.apply(state, engine.parse_action(state, move))
    return state


def test_deal_one_deals_seven_each_and_turns_up_the_next_card_for_trump() -> None:
    engine = Engine(KNOCKOUT, seats=3)
    state = engine.start_deal(dealer=C, number=1, progress=_progress(engine, C, 0))
    hands = {
        A: _cards("AS KS QS JS TS 9S 8S"),
        B: _cards("AH KH QH JH TH 9H 8H"),
        C: _cards("AC KC QC JC TC 9C 8C"),
    }
    state = _deal(engine, state, hands, A, rest="4D")
    assert [h.bit_count() for h in state.hands] == [7, 7, 7]
    assert state.phase == "play"
    assert state.trump == 1  # diamonds: the 4♦ turned up
    assert state.to_act == A  # left of the dealer leads
    view = engine.observe(state, B)
    assert view.public["turn_up"] == "4D"
    assert view.public["cards"] == 7
    assert view.hand == sum(1 << c for c in hands[B])  # the view shows B its own cards only


def test_deal_four_deals_four_cards_each_and_the_top_trick_taker_chooses_trump() -> None:
    engine = Engine(KNOCKOUT, seats=4)
    progress = _progress(engine, A, 3, choosers=[C])
    state = engine.start_deal(dealer=A, number=4, progress=progress)
    hands = {
        B: _cards("AS KS QS JS"),
        C: _cards("AH KH QH JH"),
        D: _cards("AC KC QC JC"),
        A: _cards("AD KD QD JD"),
    }
    state = _deal(engine, state, hands, B)
    assert [h.bit_count() for h in state.hands] == [4, 4, 4, 4]
    assert state.phase == PHASE_TRUMP
    assert state.to_act == C
    assert engine.legal_actions(state) == TRUMPS
    assert engine.observe(state, A).public["chooser"] == C
    state = _play(engine, state, "trump h")
    assert state.trump == 2
    assert state.to_act == B  # option lead=left_of_dealer


def test_the_lead_goes_to_the_trump_chooser_under_option_lead() -> None:
    engine = Engine(KNOCKOUT, {"lead": "trump_chooser"}, seats=4)
    state = engine.start_deal(dealer=A, number=2, progress=_progress(engine, A, 1, choosers=[D]))
    hands = {s: _cards(" ".join(f"{r}{'SHCD'[s]}" for r in "AKQJT9")) for s in range(4)}
    state = _play(engine, _deal(engine, state, hands, B), "trump s")
    assert state.to_act == D


def test_players_tied_for_most_tricks_cut_and_the_highest_card_chooses() -> None:
    engine = Engine(KNOCKOUT, seats=4)
    # B and D took most tricks; the undealt pack starts 7♠ (B cuts), 7♥ (D: equal rank,
    # so both cut again), 2♣ (B), Q♦ (D): D chooses.
    state = engine.start_deal(dealer=A, number=6, progress=_progress(engine, A, 5, choosers=[B, D]))
    hands = {s: _cards(f"A{'SHCD'[s]} K{'SHCD'[s]}") for s in range(4)}
    state = _deal(engine, state, hands, B, rest="7S 7H 2C QD")
    assert state.to_act == D
    cut = engine.observe(state, A).public["cut"]
    assert cut[B] == (1 << parse_card("7S")) | (1 << parse_card("2C"))
    assert cut[D] == (1 << parse_card("7H")) | (1 << parse_card("QD"))
    assert cut[A] == cut[C] == 0
    assert cut_order([B, D], _cards("7S 7H 2C QD"), 4)[1] == D


def test_the_documented_alternative_to_the_cut_lets_the_first_tied_player_choose() -> None:
    engine = Engine(KNOCKOUT, {"trump_tie": "left_of_dealer"}, seats=4)
    state = engine.start_deal(dealer=A, number=6, progress=_progress(engine, A, 5, choosers=[B, D]))
    hands = {s: _cards(f"A{'SHCD'[s]} K{'SHCD'[s]}") for s in range(4)}
    state = _deal(engine, state, hands, B, rest="7S 7H 2C QD")
    assert state.to_act == B
    assert not any(engine.observe(state, A).public["cut"])


def _dog_deal(engine: Engine, dog_card: str) -> Any:
    """Deal 5 (three cards each) at four seats: D is on a dog's life with one card, A
    deals, B chose clubs."""
    progress = _progress(engine, A, 4, dogs=[D], dog_used=True, choosers=[B])
    state = engine.start_deal(dealer=A, number=5, progress=progress)
    hands = {
        B: _cards("AS 2H 3H"),
        C: _cards("KS 4H 5H"),
        D: _cards(dog_card),
        A: _cards("QS 6H 7H"),
    }
    state = _deal(engine, state, hands, B)
    return _play(engine, state, "trump c")


def test_a_dog_gets_one_card_and_may_knock_at_every_trick_but_the_last() -> None:
    engine = Engine(KNOCKOUT, seats=4)
    state = _dog_deal(engine, "2S")
    assert state.hands[D].bit_count() == 1
    assert state.to_act == B
    state = _play(engine, state, "AS", "KS")
    assert state.to_act == D
    assert KNOCK in engine.legal_actions(state)
    state = _play(engine, state, "knock", "QS")  # D waits; the trick is B's, C's and A's
    assert state.completed[0].seats == (B, C, A)
    state = _play(engine, state, "2H", "4H", "knock", "6H")
    assert state.completed[1].seats == (B, C, A)
    assert state.to_act == A  # A's 6♥ took trick 2
    state = _play(engine, state, "7H", "3H", "5H")
    # The last trick: the dog must play its card now.
    assert state.to_act == D
    assert KNOCK not in engine.legal_actions(state)
    with pytest.raises(IllegalActionError):
        engine.apply(state, KNOCK)
    state = _play(engine, state, "2S")
    assert state.phase == "end"
    score = engine.score(state)
    assert score.facts["knocked_out"] == [C, D]  # the dog's card took no trick, C none
    assert score.facts["dogs_next"] == []


def test_a_dog_whose_card_wins_a_trick_is_back_in() -> None:
    engine = Engine(KNOCKOUT, seats=4)
    state = _dog_deal(engine, "2C")  # the two of trumps
    state = _play(engine, state, "AS", "KS", "2C", "QS")
    assert state.completed[0].winner == D
    # The dog has no card left: the lead passes on to the next player, A.
    assert state.to_act == A
    state = _play(engine, state, "6H", "2H", "4H", "7H", "3H", "5H")
    score = engine.score(state)
    assert score.tricks[D] == 1
    assert score.facts["back_in"] == [D]
    assert D not in score.facts["knocked_out"]
    assert score.facts["knocked_out"] == [B, C]  # no trick, and the dog's life is used


def test_several_players_blank_in_one_deal_each_get_a_dog_s_life() -> None:
    options = KnockoutOptions()
    first = outcome(
        [3, 0, 4, 0], options=options, number=1, dealer=A, out=[], dogs=[], dog_used=False
    )
    assert first.dogs == (B, D)
    assert first.knocked_out == ()
    assert first.dog_used
    # Later, with the dog's life used, a blank player is simply out.
    later = outcome(
        [5, 0, 1, 0], options=options, number=2, dealer=B, out=[], dogs=[], dog_used=True
    )
    assert later.knocked_out == (B, D)
    assert later.dogs == ()


def test_without_the_dog_s_life_a_blank_player_is_out_at_once() -> None:
    options = KnockoutOptions(dogs_life=False)
    result = outcome(
        [7, 0, 0], options=options, number=1, dealer=A, out=[], dogs=[], dog_used=False
    )
    assert result.knocked_out == (B, C)
    assert result.winners == (A,)  # one player remains: the game is over


def test_the_seventh_deal_s_trick_winner_wins_the_game() -> None:
    result = outcome(
        [0, 1, 0, 0], options=KnockoutOptions(), number=7, dealer=A, out=[], dogs=[], dog_used=False
    )
    assert result.winners == (B,)
    assert result.knocked_out == ()
    assert result.dogs == ()  # no dog's life after the last deal


def test_the_next_trump_chooser_is_the_top_trick_taker_of_those_still_in() -> None:
    result = outcome(
        [2, 2, 1, 0, 0],
        options=KnockoutOptions(),
        number=2,
        dealer=A,
        out=[E],
        dogs=[],
        dog_used=True,
    )
    assert result.knocked_out == (D,)
    assert result.choosers == (A, B)  # clockwise from the left of B, who deals next
    assert result.next_dealer == B


def test_misere_knockout_puts_out_two_tricks_and_spares_the_fewest_when_all_would_go() -> None:
    options = KnockoutOptions(misere=True)
    assert not options.dogs_life
    result = outcome(
        [2, 1, 3, 1], options=options, number=1, dealer=A, out=[], dogs=[], dog_used=False
    )
    assert result.knocked_out == (A, C)
    wiped = outcome([3, 4], options=options, number=1, dealer=A, out=[], dogs=[], dog_used=False)
    assert wiped.knocked_out == (B,)
    assert wiped.winners == (A,)
    last = outcome([0, 1, 0], options=options, number=7, dealer=A, out=[], dogs=[], dog_used=False)
    assert last.knocked_out == (B,)
    assert last.winners == (A, C)  # the survivors share the game


def test_misere_with_a_dog_s_life_is_refused_with_a_reason() -> None:
    with pytest.raises(OptionsError, match="dog's life has no meaning in misère"):
        Engine(KNOCKOUT, {"misere": "true", "dogs_life": "true"}, seats=4)


def test_trumps_must_be_broken_refuses_a_trump_lead_and_says_why() -> None:
    engine = Engine(KNOCKOUT, {"trumps_must_be_broken": "true"}, seats=2)
    state = engine.start_deal(dealer=B, number=5, progress=_progress(engine, B, 4, choosers=[A]))
    hands = {A: _cards("AS KS 2H"), B: _cards("AH KH QH")}
    state = _play(engine, _deal(engine, state, hands, A), "trump s")
    assert state.to_act == A
    assert PLAYS[parse_card("AS")] not in engine.legal_actions(state)
    with pytest.raises(IllegalActionError, match="may not lead a trump before trumps are broken"):
        engine.apply(state, PLAYS[parse_card("AS")])
    state = _play(engine, state, "2H", "AH", "KH")
    # B (who won) leads on; A trumps the heart: trumps are broken, A may now lead one.
    state = _play(engine, state, "AS")
    assert state.to_act == A
    assert PLAYS[parse_card("KS")] in engine.legal_actions(state)


def test_a_player_out_of_the_game_is_dealt_nothing_and_never_deals() -> None:
    engine = Engine(KNOCKOUT, seats=3)
    progress = _progress(engine, A, 2, out=[B], choosers=[C])
    state = engine.start_deal(dealer=A, number=3, progress=progress)
    hands = {C: _cards("AS KS QS JS TS"), A: _cards("AH KH QH JH TH")}
    state = _deal(engine, state, hands, C)
    assert state.hands[B] == 0
    assert engine.observe(state, C).public["out"] == [B]
    assert card_name(next(iter(_cards("AS")))) == "AS"
