"""Knockout Whist's bots decide from their view, legally, as docs/variants/knockout.md
("Bots") says: the heuristic's trump and dog's-life rules, the expert's honesty (its choice
depends only on what the seat may know), its exact two-player play-out, and a lead it makes
better than the heuristic."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from openwhist import PLAYS, Deal, Engine, MatchProgress, Play, parse_card
from openwhist_knockout import KNOCK, KNOCKOUT, TRUMPS
from openwhist_knockout.bots import KnockoutExpertBot, KnockoutHeuristicBot, rollout, trump_for

A, B, C, D, E = range(5)


def _cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def _mask(text: str) -> int:
    return sum(1 << c for c in _cards(text))


def _start(
    engine: Engine,
    number: int,
    dealer: int,
    hands: dict[int, str],
    turn_up: str | None = None,
    **detail: Any,
) -> Any:
    base = {"out": [], "dogs": [], "dog_used": False, "choosers": [], "knocked_out": []}
    progress = MatchProgress(
        parties=engine.seat_names, deals=number - 1, dealer=dealer,
        totals=(0,) * engine.seats, detail={**base, **detail},
    )  # fmt: skip
    state = engine.start_deal(dealer=dealer, number=number, progress=progress)
    seats = [(dealer + 1 + i) % engine.seats for i in range(engine.seats)]
    cards = {s: _cards(h) for s, h in hands.items()}
    order: list[int] = []
    for i in range(max(len(h) for h in cards.values())):
        order += [cards[s][i] for s in seats if s in cards and i < len(cards[s])]
    if turn_up is not None:  # the top card of the undealt pack (deal 1's trump)
        order.append(parse_card(turn_up))
    order += [c for c in range(52) if c not in order]
    return engine.apply(state, Deal(tuple(order)))


def test_the_heuristic_names_its_longest_suit() -> None:
    assert trump_for(_mask("2H 3H 4H AS KS")) == 2
    engine = Engine(KNOCKOUT, seats=3)
    state = _start(engine, 3, A, {B: "2H 3H 4H AS KS", C: "AC KC QC JC TC", A: "AD KD QD JD TD"},
                   choosers=[B])  # fmt: skip
    view = engine.observe(state, B)
    assert KnockoutHeuristicBot().choose(view, engine.legal_actions(state)) == TRUMPS[2]


def _dog_turn(dog_card: str) -> tuple[Engine, Any]:
    """Deal 5 at four seats, D on a dog's life, clubs trump; B leads the A♠, C plays K♠:
    D to act."""
    engine = Engine(KNOCKOUT, seats=4)
    state = _start(
        engine, 5, A, {B: "AS 2H 3H", C: "KS 4H 5H", D: dog_card, A: "QS 6H 7H"},
        dogs=[D], dog_used=True, choosers=[B],
    )  # fmt: skip
    for move in ("trump c", "AS", "KS"):
        state = engine.apply(state, engine.parse_action(state, move))
    assert state.to_act == D
    return engine, state


def test_a_heuristic_dog_plays_a_card_that_must_win_and_knocks_with_one_that_cannot() -> None:
    engine, state = _dog_turn("AC")  # the ace of trumps: it takes this trick for sure
    bot = KnockoutHeuristicBot()
    assert (
        bot.choose(engine.observe(state, D), engine.legal_actions(state)) == PLAYS[parse_card("AC")]
    )
    engine, state = _dog_turn("2S")  # it cannot beat the A♠
    assert bot.choose(engine.observe(state, D), engine.legal_actions(state)) == KNOCK


def test_the_expert_dog_waits_with_a_card_that_loses_now() -> None:
    engine, state = _dog_turn("2S")
    bot = KnockoutExpertBot(random.Random(1), samples=8)
    assert bot.choose(engine.observe(state, D), engine.legal_actions(state)) == KNOCK


def test_the_expert_leads_the_trump_the_turned_up_ace_has_made_the_master() -> None:
    """Five players, deal 1, the A♣ turned up: clubs are trump and the ace is in nobody's
    hand. After five tricks E leads from K♣ 2♣. The K♣ is the master trump and takes a
    trick whenever it is played; led now it also draws the others' clubs, so the 2♣ may take
    the last trick too. The heuristic counts the turned-up ace as a card someone may hold
    and leads the 2♣; the expert's sampled deals never give anyone the ace: it leads the
    K♣ (on no sampled deal is the 2♣ better)."""
    engine = Engine(KNOCKOUT, seats=5)
    state = _start(
        engine, 1, E,
        {A: "8D AD 3H 3S 5S 7S QS", B: "4C 6C JC 4D 5D TS AS", C: "7C 8C 3D TD TH QH 6S",
         D: "TC QC 2D 6D 2H 8S JS", E: "2C KC QD KD 7H JH 9S"},
        turn_up="AC",
    )  # fmt: skip
    tricks = "AD 4D 3D 2D QD  3S AS 6S 8S 9S  TS 7C JS 7H 5S  TH 2H JH 3H 4C  5D TD 6D KD 8D"
    for card in tricks.split():
        state = engine.apply(state, PLAYS[parse_card(card)])
    assert state.to_act == E
    view, legal = engine.observe(state, E), engine.legal_actions(state)
    assert parse_card(view.public["turn_up"]) == parse_card("AC")
    assert KnockoutHeuristicBot().choose(view, legal) == PLAYS[parse_card("2C")]
    assert KnockoutExpertBot(random.Random(3)).choose(view, legal) == PLAYS[parse_card("KC")]


def test_the_expert_s_choice_depends_only_on_its_view() -> None:
    """Two deals that differ only in cards the seat cannot see give it the same view and
    the same choice (its generator is seeded from its seed and the view)."""
    engine = Engine(KNOCKOUT, seats=3)
    mine = "AS 7S 2H 9D 5C"
    one = _start(engine, 3, C, {A: mine, B: "KS QS JS TS 9S", C: "AH KH QH JH TH"}, choosers=[A])
    two = _start(engine, 3, C, {A: mine, B: "AH KH QH JH TH", C: "KS QS JS TS 9S"}, choosers=[A])
    one = engine.apply(one, TRUMPS[3])
    two = engine.apply(two, TRUMPS[3])
    v1, v2 = engine.observe(one, A), engine.observe(two, A)
    assert replace(v1, history=()) == replace(v2, history=())
    choices = {
        KnockoutExpertBot(random.Random(5), samples=8).choose(v, engine.legal_actions(s))
        for v, s in ((v1, one), (v2, two))
    }
    assert len(choices) == 1


def test_the_expert_solves_a_two_player_ending_exactly() -> None:
    """Two players, deal 5 (three cards), spades trump, B leads the K♥: A, holding A♥ 2♠ 3♦,
    takes it with the ace and keeps the trump: the solver's play-out wins two tricks."""
    engine = Engine(KNOCKOUT, seats=2)
    state = _start(engine, 5, A, {B: "KH 4S 5D", A: "AH 2S 3D"}, choosers=[B])
    state = engine.apply(state, TRUMPS[3])
    state = engine.apply(state, PLAYS[parse_card("KH")])
    assert state.to_act == A
    bot = KnockoutExpertBot(random.Random(2), samples=6)
    choice = bot.choose(engine.observe(state, A), engine.legal_actions(state))
    assert isinstance(choice, Play)
    assert choice.card == parse_card("AH")


def test_a_rollout_counts_every_trick_of_the_deal() -> None:
    # Three players, three cards each, spades trump, A leads: the A♠ and K♠ are A's, B's
    # A♥ and C's nothing (the heuristic's play: A draws trumps with its masters).
    hands = [_mask("AS KS 2D"), _mask("AH 3D 4D"), _mask("5C 6C 7C")]
    tricks = rollout(
        hands, seats=3, trump=3, leader=A, trick=(), trick_seats=(), to_play=(A, B, C),
        tricks=[0, 0, 0], done=0, n=3, dogs=(), misere=False, must_break=False, broken=False,
    )  # fmt: skip
    assert sum(tricks) == 3
    assert tricks[C] == 0
    assert tricks[A] >= 2


@pytest.mark.parametrize(
    ("players", "option"),
    [(2, "lead=trump_chooser"), (5, "misere=true"), (4, "trumps_must_be_broken=true")],
)
def test_the_bots_play_whole_matches_under_the_options(players: int, option: str) -> None:
    """Every action a bot chooses is legal (the engine refuses any other) over whole
    matches, under the options the bots read from their views."""
    import json

    from openwhist_cli.app import app
    from typer.testing import CliRunner

    bots: list[str] = []
    for i in range(players):
        bots += ["--bot", ("expert:1", "heuristic", "random")[i % 3]]
    result = CliRunner().invoke(
        app,
        ["simulate", "knockout", "--players", str(players), *bots, "-o", option,
         "--deals", "7", "--seed", "4", "--json"],
        env={"NO_COLOR": "1", "OPENWHIST_LANG": "en"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["deals"] >= 1
