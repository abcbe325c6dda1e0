"""German Whist's bots decide under the options in force (``view.options``): the scoring
profile and hand-result mode (docs/variants/german.md §1.8), a free phase-1 reply (§1.5) and
the trump mode (§1.3). Each test is a position where the right play, or what a card proves,
differs by option."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from openwhist import (
    PLAYS,
    CardSet,
    Engine,
    Play,
    PlayerView,
    TrickRecord,
    parse_card,
    winning_index,
)
from openwhist.bots.sampling import NO_CAP
from openwhist.game.state import CHANCE, TERMINAL, DealState
from openwhist.plugins import load_catalog
from openwhist_german.expert import GermanExpertBot, deal_value, opponent_suit_caps
from openwhist_german.heuristic import GermanHeuristicBot, follow_rule
from openwhist_german.options import GermanOptions

SPADES, HEARTS, CLUBS = 3, 2, 0
ALL26 = GermanOptions(scoring_profile="all26")
FREE = GermanOptions(phase1_must_follow_suit=False)


def reply_view(hand: str, face_up: str, led: str, options: GermanOptions | None) -> PlayerView:
    """B answers A's lead at trick 1 of phase 1, spades trump, the stock full."""
    return PlayerView(
        seat=1,
        seats=2,
        dealer=1,
        phase="play",
        to_act=1,
        hand=CardSet.parse(hand).mask,
        hand_sizes=(12, 13),
        trump=SPADES,
        leader=0,
        trick=(parse_card(led),),
        tricks=(0, 0),
        completed=(),
        history=("?",),
        public={"phase": 1, "stock": 26, "face_up": parse_card(face_up), "known": [0, 0]},
        private={"drawn_blind": 0},
        options=options,
    )


def heuristic_reply(view: PlayerView, legal: str) -> str:
    actions = tuple(PLAYS[c] for c in CardSet.parse(legal))
    return GermanHeuristicBot(random.Random(1)).choose(view, actions).notation()


HAND = "3H 9H 2C 4C 5C 6D 7D 8D TC JC 2D 3D 4D"


def test_heuristic_takes_a_trick_that_counts_under_all26_and_lets_it_go_under_last13() -> None:
    # The face-up 2C is worth less than an unknown card: under last13 (phase-1 tricks count
    # for nothing) B keeps its 9H and lets the trick go with the 3H; under all26 the trick is
    # a counted trick, so 9H takes it.
    legal = "3H 9H"
    assert heuristic_reply(reply_view(HAND, "2C", "5H", None), legal) == "3H"
    assert heuristic_reply(reply_view(HAND, "2C", "5H", GermanOptions()), legal) == "3H"
    assert heuristic_reply(reply_view(HAND, "2C", "5H", ALL26), legal) == "9H"


def test_heuristic_with_a_free_reply_loses_with_its_least_useful_card_of_any_suit() -> None:
    # Must follow: only hearts are legal, B plays its lower heart. Free reply: every card is
    # legal, and the least useful loser is the 2C, not a heart.
    assert heuristic_reply(reply_view(HAND, "2C", "5H", None), "3H 9H") == "3H"
    assert heuristic_reply(reply_view(HAND, "2C", "5H", FREE), HAND) == "2C"


def caps_view(completed: tuple[TrickRecord, ...], options: GermanOptions | None) -> PlayerView:
    return PlayerView(
        seat=0,
        seats=2,
        dealer=1,
        phase="play",
        to_act=0,
        hand=CardSet.parse("2C").mask,
        hand_sizes=(13, 13),
        trump=SPADES,
        leader=0,
        trick=(),
        tricks=(0, 0),
        completed=completed,
        history=(),
        public={"phase": 1},
        options=options,
    )


def test_an_off_suit_reply_proves_a_void_only_when_following_suit_is_compulsory() -> None:
    # Issue 19: under phase1_must_follow_suit=false the expert took B's club on a heart lead
    # for proof that B had no heart. A free reply proves nothing: no suit is capped.
    discard = TrickRecord(0, (parse_card("KH"), parse_card("3C")), 0, (0, 1))
    assert opponent_suit_caps(caps_view((discard,), None))[HEARTS] == 1
    assert opponent_suit_caps(caps_view((discard,), FREE)) == [NO_CAP] * 4


def _advance(engine: Engine, rng: random.Random, tricks: int, mid: int) -> DealState[Any]:
    """A deal played by two heuristic bots until ``tricks`` tricks and ``mid`` cards."""
    state = engine.start_deal(dealer=rng.randrange(2))
    bots = [GermanHeuristicBot(random.Random(rng.getrandbits(32))) for _ in range(2)]
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        if len(state.completed) == tricks and len(state.trick) == mid:
            return state
        seat = state.to_act
        legal = engine.legal_actions(state)
        state = engine.apply_unchecked(state, bots[seat].choose(engine.observe(state, seat), legal))
    raise AssertionError("the deal ended early")


def test_the_bots_follow_rule_is_the_rules_own() -> None:
    # follow_rule(view) says in which tricks a discard proves a void; it must say exactly
    # what the engine's legal plays enforce: at every reply of whole deals, a seat holding
    # the led suit is offered another card iff the rule calls that trick free.
    for options in (GermanOptions(), FREE):
        engine = Engine(load_catalog().variant("german"), options)
        rng = random.Random(11)
        compelled = free = 0
        for _ in range(3):
            state = engine.start_deal(dealer=rng.randrange(2))
            bots = [GermanHeuristicBot(random.Random(rng.getrandbits(32))) for _ in range(2)]
            while state.to_act != TERMINAL:
                if state.to_act == CHANCE:
                    state = engine.apply(state, engine.sample_chance(state, rng))
                    continue
                seat = state.to_act
                view = engine.observe(state, seat)
                legal = engine.legal_actions(state)
                led = 0x1FFF << (13 * (view.trick[0] // 13)) if view.trick else 0
                if view.hand & led:
                    offered_off_suit = any(not (1 << a.card) & led for a in legal)  # type: ignore[attr-defined]
                    must = follow_rule(view)(len(view.completed))
                    assert offered_off_suit is not must
                    compelled += must
                    free += not must
                state = engine.apply_unchecked(state, bots[seat].choose(view, legal))
        assert compelled > 0
        assert (free > 0) is (options == FREE)


def test_expert_samples_a_discarder_holding_the_led_suit_under_a_free_reply() -> None:
    # A real free-reply deal: whenever B answered off suit, the expert's samples must still
    # give B cards of the led suit some of the time (its hidden cards are unconstrained).
    engine = Engine(load_catalog().variant("german"), FREE)
    rng = random.Random(4)
    found = 0
    for _ in range(30):
        state = _advance(engine, rng, rng.randrange(3, 12), 0)
        view = engine.observe(state, state.to_act)
        assert view.options == FREE
        opponent = 1 - view.seat
        led_suits = {
            r.cards[0] // 13
            for r in view.completed
            if r.leader != opponent and r.cards[0] // 13 != r.cards[1] // 13
        }
        if not led_suits:
            continue
        bot = GermanExpertBot(random.Random(1))
        srng = random.Random(2)
        hands = [s[0] for s in (bot.sample(view, srng) for _ in range(40)) if s is not None]
        for suit in led_suits:
            if CardSet(0x1FFF << (13 * suit)).mask & state.hands[opponent]:
                found += 1
                assert any(h >> (13 * suit) & 0x1FFF for h in hands), "a void was assumed"
    assert found >= 3


def test_expert_rollouts_reply_freely_under_a_free_reply_and_follow_suit_otherwise() -> None:
    # Issue 19: the expert's simulations made both sides follow suit under a free reply.
    for options, free in ((GermanOptions(), False), (FREE, True)):
        engine = Engine(load_catalog().variant("german"), options)
        state = _advance(engine, random.Random(9), 2, 0)
        view = engine.observe(state, state.to_act)
        bot = GermanExpertBot(random.Random(1), samples=3)
        offered: list[bool] = []
        inner = bot.rollout.choose_card

        def spy(
            seat_view: PlayerView, legal: int, inner: Any = inner, offered: list[bool] = offered
        ) -> int:
            trick = seat_view.trick
            if trick and len(seat_view.completed) < 13:
                led = 0x1FFF << (13 * (trick[0] // 13))
                offered.append(bool(seat_view.hand & led) and bool(legal & ~led))
            return int(inner(seat_view, legal))

        bot.rollout.choose_card = spy  # type: ignore[method-assign,assignment]
        legal = engine.legal_actions(state)
        bot.choose(view, legal)
        assert offered, "the rollouts answered leads"
        assert any(offered) is free


def test_deal_value_follows_the_profile_and_the_hand_result_mode() -> None:
    last13 = GermanOptions()
    # last13 win_loss: 7 phase-2 tricks win, phase-1 tricks do not matter.
    assert deal_value(last13, 0, 7) > 1.0 > deal_value(last13, 13, 6)
    assert deal_value(last13, 0, 7) == deal_value(last13, 13, 7)
    # all26 win_loss: 13-13 is a tie, worth half a win; phase-1 tricks count.
    all26_wl = GermanOptions(scoring_profile="all26", hand_result_mode="win_loss")
    assert deal_value(all26_wl, 6, 7) == 0.5 + 13 / 52
    assert deal_value(all26_wl, 7, 7) > 1.0 > deal_value(all26_wl, 6, 6)
    # all26's default mode, excess_over_book: the winner's tricks over a book of 13.
    assert deal_value(ALL26, 6, 7) == 0.0
    assert deal_value(ALL26, 9, 7) == 3 / 39 == -deal_value(ALL26, 4, 6)
    # A points mode: the points margin (difference mode: counted tricks difference).
    diff = GermanOptions(hand_result_mode="difference")
    assert deal_value(diff, 0, 10) > deal_value(diff, 0, 8) > 0 > deal_value(diff, 0, 6)
    # A best-of match is decided by deals won, whatever the mode.
    best = GermanOptions(hand_result_mode="difference", match_format="best_of_3")
    assert deal_value(best, 0, 7) - deal_value(best, 0, 13) < 1.0 < deal_value(best, 0, 7)


def test_expert_reads_the_profile_a_position_where_all26_changes_its_card() -> None:
    # The same views, the same samples: only the options differ. On real phase-1 positions
    # the expert must change its card somewhere (it values phase-1 tricks under all26), and
    # where it does, its all26 cards take more of those tricks than its last13 cards.
    engine = Engine(load_catalog().variant("german"))
    rng = random.Random(21)
    differ = 0
    taken = [0, 0]
    for i in range(40):
        state = _advance(engine, rng, rng.randrange(0, 13), 1)
        view = engine.observe(state, state.to_act)
        legal = engine.legal_actions(state)
        if len(legal) < 2:
            continue
        cards = []
        for options in (GermanOptions(), ALL26):
            bot = GermanExpertBot(random.Random(i), samples=6)
            action = bot.choose(dataclasses.replace(view, options=options), legal)
            assert isinstance(action, Play)
            cards.append(action.card)
        if cards[0] != cards[1]:
            differ += 1
            led = view.trick[0]
            takes = [winning_index((led, c), view.trump) == 1 for c in cards]
            taken[0] += takes[0]
            taken[1] += takes[1]
    assert differ >= 2
    assert taken[1] > taken[0], (differ, taken)


def test_phase2_moves_are_among_the_solvers_best_under_every_profile_and_reply_rule() -> None:
    # Phase 2 is an open two-hand endgame whatever the options (the reply always follows
    # suit there, §1.5, and the phase-1 tricks are already counted), so under all26, a free
    # phase-1 reply or no trump the expert still plays only solver-best cards.
    from openwhist.solver import Solver

    for options in (ALL26, FREE, GermanOptions(trump_mode="none")):
        engine = Engine(load_catalog().variant("german"), options)
        rng = random.Random(17)
        checked = 0
        for i in range(12):
            state = _advance(engine, rng, 13 + rng.randrange(0, 12), rng.randrange(2))
            legal = engine.legal_actions(state)
            if len(legal) < 2:
                continue
            best = (
                Solver(seats=2, trump=state.trump)
                .solve(state.hands, state.leader, trick=state.trick)
                .best_moves
            )
            action = GermanExpertBot(random.Random(i)).choose(
                engine.observe(state, state.to_act), legal
            )
            assert isinstance(action, Play)
            assert action.card in best, (options, i)
            checked += 1
        assert checked >= 6
