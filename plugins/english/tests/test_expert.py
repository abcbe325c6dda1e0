"""English Whist's ``expert`` bot (docs/variants/english.md §2): consistent samples, playing to the
score."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from openwhist import Engine, PlayerView
from openwhist.bots.heuristic import shown_voids
from openwhist.game.state import CHANCE, TERMINAL, DealState
from openwhist.plugins import load_catalog
from openwhist.solver import Solver
from openwhist_english.expert import EnglishExpertBot, side_utility
from openwhist_english.heuristic import EnglishHeuristicBot
from openwhist_english.options import EnglishOptions
from openwhist_english.rules import turned_up_card


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(load_catalog().variant("english"))


def _advance(engine: Engine, rng: random.Random, cards: int) -> DealState[Any]:
    """A seeded deal played by heuristic bots until ``cards`` cards have been played."""
    state = engine.start_deal(dealer=rng.randrange(4))
    bots = [EnglishHeuristicBot(random.Random(rng.getrandbits(32))) for _ in range(4)]
    played = 0
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        if played == cards:
            return state
        seat = state.to_act
        legal = engine.legal_actions(state)
        state = engine.apply_unchecked(state, bots[seat].choose(engine.observe(state, seat), legal))
        played += 1
    raise AssertionError("the deal ended early")


def test_samples_respect_voids_the_turn_up_and_hand_sizes(engine: Engine) -> None:
    # docs/variants/core.md §0.3: a seat that did not follow suit has none of it left; §2.3: the
    # turned-up trump is the dealer's until played. Every sample must agree, and deal exactly the
    # cards the seat cannot see.
    rng = random.Random(5)
    for i in range(30):
        state = _advance(engine, rng, rng.randrange(0, 48))
        seat = state.to_act
        view = engine.observe(state, seat)
        voids = shown_voids(view)
        turn_up = turned_up_card(state)
        bot = EnglishExpertBot(random.Random(i))
        hidden = 0
        for s in range(4):
            if s != seat:
                hidden |= state.hands[s]
        for _ in range(5):
            hands = bot.sample(view, rng)
            assert hands is not None
            assert hands[seat] == view.hand
            union = 0
            for s in range(4):
                if s == seat:
                    continue
                assert hands[s].bit_count() == state.hands[s].bit_count()
                for suit in range(4):
                    if voids[s] >> suit & 1:
                        assert not hands[s] & (0x1FFF << 13 * suit), "a shown void refilled"
                union |= hands[s]
            assert union == hidden
            dealer = state.context.dealer
            if turn_up is not None and state.hands[dealer] >> turn_up & 1 and dealer != seat:
                assert hands[dealer] >> turn_up & 1, "the turn-up left the dealer's hand"


def _score_view(score: list[int], target: int = 5) -> PlayerView:
    return PlayerView(
        seat=0,
        seats=4,
        dealer=3,
        phase="play",
        to_act=0,
        hand=0,
        hand_sizes=(13, 13, 13, 13),
        trump=0,
        leader=0,
        trick=(),
        tricks=(0, 0, 0, 0),
        completed=(),
        history=(),
        public={"game_score": score, "game_target": target},
    )


def test_tricks_beyond_game_are_worth_nothing() -> None:
    # docs/variants/english.md §2.6: points above the game target are discarded. At 4-0, the odd
    # trick (7 tricks = 1 point) makes game, and 13 tricks do no better.
    at_four = _score_view([4, 0])
    assert side_utility(7, at_four) == side_utility(13, at_four)
    assert side_utility(7, at_four) > side_utility(6, at_four)
    # At love all every trick over six counts: 9 tricks beat 8.
    love = _score_view([0, 0])
    assert side_utility(9, love) > side_utility(8, love)
    # And the opponents' game is ours to stop: at 0-4, holding them to 6 tricks (our 7)
    # is worth more than the one point difference between 6 and 5 of their tricks.
    behind = _score_view([0, 4])
    gain_stop = side_utility(7, behind) - side_utility(6, behind)
    gain_plain = side_utility(8, behind) - side_utility(7, behind)
    assert gain_stop > gain_plain


def test_late_choices_are_double_dummy_best_when_the_deal_is_known(engine: Engine) -> None:
    # With 5 cards or fewer in hand the expert solves each sampled deal. When the view pins
    # the hidden cards down (every sample is the true deal), its card must be a best one
    # (these deals start at love all, where more tricks are always worth more to a side
    # short of 11 tricks, so the score-aware value agrees with the trick count).
    rng = random.Random(9)
    checked = 0
    for i in range(200):
        state = _advance(engine, rng, 40 + rng.randrange(0, 8))
        seat = state.to_act
        view = engine.observe(state, seat)
        bot = EnglishExpertBot(random.Random(i), samples=4)
        samples = {tuple(bot.sample(view, random.Random(k)) or ()) for k in range(12)}
        legal = engine.legal_actions(state)
        if len(samples) != 1 or len(legal) < 2:
            continue
        solution = Solver(seats=4, trump=state.trump).solve(
            state.hands, state.leader, trick=state.trick
        )
        assert bot.choose(view, legal).card in solution.best_moves  # type: ignore[attr-defined]
        checked += 1
        if checked == 5:
            break
    assert checked >= 1


def _match_view(
    score: list[int], options: EnglishOptions, rubber_games: list[int] | None = None
) -> PlayerView:
    view = _score_view(score, options.game_target)
    return replace(
        view,
        options=options,
        progress={"detail": {"game_score": score, "rubber_games": rubber_games or [0, 0]}},
    )


def test_honours_held_in_a_sample_count_as_the_rules_count_them() -> None:
    # docs/variants/english.md §2.5-2.6: at 3-3 four honours (4 points) take N-S out even
    # with only 6 tricks -- unless the opponents go out first on tricks.
    at_three = _match_view([3, 3], EnglishOptions())
    assert side_utility(6, at_three, (4, 0)) > side_utility(6, at_three, (2, 2))
    assert side_utility(6, at_three, (4, 0)) > 0 > side_utility(6, at_three, (0, 4))
    # E-W's 8 tricks (2 points) take them out first: N-S's honours never count.
    assert side_utility(5, at_three, (4, 0)) == side_utility(5, at_three, (2, 2))
    # At the score of four (the default rule) a side cannot score honours in this deal.
    at_four = _match_view([4, 0], EnglishOptions())
    assert side_utility(6, at_four, (4, 0)) == side_utility(6, at_four, (2, 2))
    # never_reach_game: honours that would make game are ignored; honours off: never count.
    strict = _match_view([1, 0], EnglishOptions(honours_rule="never_reach_game"))
    assert side_utility(6, strict, (4, 0)) == side_utility(6, strict, (2, 2))
    assert side_utility(6, strict, (3, 1)) > side_utility(6, strict, (2, 2))
    off = _match_view([3, 3], EnglishOptions(honours=False))
    assert side_utility(6, off, (4, 0)) == side_utility(6, off, (2, 2))


def test_a_game_that_wins_the_rubber_is_worth_the_rubber_bonus_more() -> None:
    # §2.7: with a game already won in the rubber, going out wins the rubber too.
    first = _match_view([4, 0], EnglishOptions())
    deciding = _match_view([4, 0], EnglishOptions(), rubber_games=[1, 0])
    bonus = EnglishOptions().rubber_bonus
    gain_first = side_utility(7, first) - side_utility(6, first)
    gain_deciding = side_utility(7, deciding) - side_utility(6, deciding)
    assert gain_deciding == pytest.approx(gain_first + bonus)
    # And the game's value follows game_values: a treble (opponents at 0) beats a single.
    single = _match_view([4, 3], EnglishOptions())
    assert side_utility(7, first) - side_utility(6, first) > side_utility(7, single) - side_utility(
        6, single
    )


def test_a_game_is_worth_what_the_options_game_values_say() -> None:
    # Issue 19 item 3: going out from 4-0 against opponents at 0 is a treble by default
    # (§2.7), one game point under game_values=flat, and the margin 5 - 0 under margin.
    def gain(options: EnglishOptions) -> float:
        view = _match_view([4, 0], options)
        return side_utility(7, view) - side_utility(6, view)

    treble, flat = gain(EnglishOptions()), gain(EnglishOptions(game_values="flat"))
    assert treble == pytest.approx(flat + 2)
    assert gain(EnglishOptions(game_values="margin")) == pytest.approx(flat + 4)


def test_without_endplay_the_expert_still_plays_by_rollouts(
    engine: Engine, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A machine without endplay: one notice, then the pure solver late and rollouts early
    -- the expert still plays every decision legally."""
    import logging

    from openwhist.solver import dds

    def missing() -> Any:
        raise ImportError("No module named 'endplay'")

    dds._reset_for_tests()
    monkeypatch.setattr(dds, "_import_binding", missing)
    try:
        with caplog.at_level(logging.WARNING, logger="openwhist.solver"):
            rng = random.Random(4)
            for cards in (0, 30, 45):
                state = _advance(engine, rng, cards)
                view = engine.observe(state, state.to_act)
                legal = engine.legal_actions(state)
                bot = EnglishExpertBot(random.Random(cards), samples=3)
                assert bot._four(view.trump).backend == "python"
                assert bot.choose(view, legal) in legal
        assert len([r for r in caplog.records if r.name == "openwhist.solver"]) == 1
    finally:
        monkeypatch.undo()
        dds._reset_for_tests()


def test_the_level_buys_fewer_samples_of_whole_deals_and_all_of_them_late(engine: Engine) -> None:
    """The time budget (samples x BUDGET_PER_SAMPLE of DDS time, by the cost table), for a
    bot solving from the first card (``dds_from=13``): a full 13-card deal is dear, so the
    opening decisions solve a few samples (at least MIN_SAMPLES), the later ones every
    sample the level asks for; a stronger level always solves at least as many."""
    from openwhist_english.expert import MIN_SAMPLES

    rng = random.Random(2)
    early = engine.observe(_advance(engine, rng, 1), 2)
    late = engine.observe(_advance(engine, rng, 30), 2)
    for samples in (10, 30, 90):
        bot = EnglishExpertBot(random.Random(0), samples=samples, dds_from=13)
        assert MIN_SAMPLES <= bot.samples_for(early) < samples
        assert bot.samples_for(late) == samples
    weak, strong = (EnglishExpertBot(random.Random(0), samples=k, dds_from=13) for k in (10, 90))
    # The default solves from 8 cards: whole early deals are rolled out, every sample.
    assert EnglishExpertBot(random.Random(0), samples=30).samples_for(early) == 30
    assert weak.samples_for(early) < strong.samples_for(early)
