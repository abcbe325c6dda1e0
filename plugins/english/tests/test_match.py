"""English and American Whist match progression, one rule per test
(docs/variants/english.md §2.3, §2.7, docs/variants/american.md §3).

Deals are entered as facts and scored through the facts hook with the match progress, as
the ledger does for real-card games; the same path serves played deals.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from english_helpers import EW, NS, english, facts, record
from openwhist import Category, Engine, MatchProgress, OptionsError, VariantError
from openwhist_english import (
    AMERICAN,
    ENGLISH,
    DeclaredRevoke,
    EnglishFacts,
    choose_first_dealer,
    cut_for_deal,
)

SLAM_NS = facts(13, 0)  # 7 over six: N–S reach game from any score
SLAM_EW = facts(0, 13)


def to(engine: Engine, progress: MatchProgress, *deals: EnglishFacts) -> MatchProgress:
    for deal in deals:
        _, progress = record(engine, progress, deal)
    return progress


def ew_points(n: int) -> EnglishFacts:
    """E–W win 6 + n tricks: n points (n ≤ 7)."""
    return facts(7 - n, 6 + n)


# -- points within a game -----------------------------------------------------------------


def test_points_accumulate_within_a_game() -> None:
    """§2.7: a game is the first side to 5 points; deal points add up until then."""
    engine = english()
    progress = to(engine, engine.start_match(0), facts(8, 5), ew_points(1), facts(7, 6))
    assert progress.detail["game_score"] == [3, 1]
    assert progress.detail["games"] == []
    assert "NS 3 – EW 1" in progress.summary


def test_at_four_rule_reads_the_match_progress() -> None:
    """§2.5: with N–S at 4, a deal with their four honours and 6 tricks leaves them at 4."""
    engine = english()
    progress = to(engine, engine.start_match(0), facts(10, 3))  # N–S 4
    score, progress = record(engine, progress, facts(6, 7, honours=(4, 0)))
    assert score.points(NS) == 0
    assert progress.detail["game_score"] == [4, 1]


@pytest.mark.parametrize(
    ("losers", "value", "name"),
    [(0, 3, "treble"), (1, 2, "double"), (2, 2, "double"), (3, 1, "single"), (4, 1, "single")],
)
def test_treble_double_single_by_the_losers_score(losers: int, value: int, name: str) -> None:
    """§2.7 (CL): losers 0 → treble 3; 1 or 2 → double 2; 3 or 4 → single 1."""
    engine = english()
    progress = engine.start_match(0)
    if losers:
        progress = to(engine, progress, ew_points(losers))
    progress = to(engine, progress, SLAM_NS)
    game = progress.detail["games"][0]
    assert (game["winner_side"], game["score"], game["value"]) == (NS, [5, losers], value)
    assert game["value_name"] == name
    assert progress.totals == (value, 0)
    assert progress.detail["game_score"] == [0, 0]  # a new game starts at love all


def test_margin_game_values() -> None:
    """§3 game_values=margin: a game is worth the target minus the losers' score."""
    engine = english(game_target=7, game_values="margin")
    progress = to(engine, engine.start_match(0), ew_points(3), SLAM_NS)
    assert progress.detail["games"][0]["value"] == 7 - 3


def test_flat_game_values() -> None:
    """§2.9 game_values=flat: every game is worth 1."""
    engine = english(game_values="flat")
    progress = to(engine, engine.start_match(0), SLAM_NS)
    assert progress.detail["games"][0]["value"] == 1


# -- rubbers --------------------------------------------------------------------------------


def test_rubber_won_two_nil_third_game_not_played() -> None:
    """§2.7: N–S win games 1 (5–0, treble 3) and 2 (5–2, double 2): the rubber is over
    without a third game; value 3 + 2 + bonus 2 − 0 = 7."""
    engine = english()
    progress = to(engine, engine.start_match(0), SLAM_NS, ew_points(2), SLAM_NS)
    assert progress.finished
    assert progress.winner == NS
    assert len(progress.detail["games"]) == 2
    rubber = progress.detail["rubbers"][0]
    assert rubber["games"] == [2, 0]
    assert rubber["game_points"] == [5, 0]
    assert rubber["bonus"] == 2
    assert rubber["value"] == 7
    assert progress.totals == (7, 0)
    with pytest.raises(VariantError, match="match is over"):
        record(engine, progress, SLAM_NS)


def test_rubber_won_two_games_to_one() -> None:
    """§2.7: N–S win game 1 treble (3), E–W game 2 single (5–3: 1), N–S game 3 double
    (5–1: 2). Rubber to N–S: 3 + 2 + bonus 2 − 1 = 6."""
    engine = english()
    progress = to(
        engine,
        engine.start_match(0),
        SLAM_NS,
        facts(9, 4),  # N–S 3
        SLAM_EW,  # E–W win 5–3
        ew_points(1),
        SLAM_NS,  # N–S win 5–1
    )
    assert progress.finished
    assert progress.winner == NS
    assert [g["winner_side"] for g in progress.detail["games"]] == [NS, EW, NS]
    assert [g["value"] for g in progress.detail["games"]] == [3, 1, 2]
    rubber = progress.detail["rubbers"][0]
    assert (rubber["games"], rubber["game_points"], rubber["value"]) == ([2, 1], [5, 1], 6)
    assert progress.totals == (7, 1)
    assert "NS win rubber 1 by 2 games to 1" in progress.summary


def test_rubber_bonus_option() -> None:
    """§2.7 rubber_bonus: 0 allowed; the rubber value then is the game-point difference."""
    engine = english(rubber_bonus=0)
    progress = to(engine, engine.start_match(0), SLAM_NS, SLAM_NS)
    assert progress.detail["rubbers"][0]["value"] == 6
    assert progress.totals == (6, 0)


def test_series_of_rubbers_won_on_points() -> None:
    """A match of 2 rubbers: N–S win the first 2–0 (3 + 3 + 2 = 8), E–W the second 2–1
    (E–W 3 + 3 + 2 = 8 against N–S 3): match points N–S 11, E–W 8: N–S win."""
    engine = english(rubbers=2)
    progress = to(engine, engine.start_match(0), SLAM_NS, SLAM_NS)
    assert not progress.finished
    assert progress.detail["rubber_number"] == 2
    assert progress.detail["rubber_games"] == [0, 0]
    progress = to(engine, progress, SLAM_NS, SLAM_EW, SLAM_EW)
    assert progress.finished
    assert [r["value"] for r in progress.detail["rubbers"]] == [8, 5]
    assert progress.totals == (11, 8)
    assert progress.winner == NS


def test_games_without_rubbers() -> None:
    """§2.9 rubber=false: a match of ``games`` games, no bonus; won on game points."""
    engine = english(rubber=False, games=3)
    progress = to(engine, engine.start_match(0), SLAM_NS, SLAM_NS)
    assert not progress.finished  # a 2–0 lead does not end a series of three games
    assert "rubber_number" not in progress.detail
    assert progress.totals == (6, 0)  # two trebles, no rubber bonus
    progress = to(engine, progress, ew_points(4), SLAM_EW)  # E–W win game 3 from 4: 5–0
    assert progress.finished
    assert [g["value"] for g in progress.detail["games"]] == [3, 3, 3]
    assert progress.totals == (6, 3)
    assert progress.winner == NS
    single = english(rubber=False)
    assert to(single, single.start_match(0), SLAM_EW).winner == EW


# -- the deal rotation ------------------------------------------------------------------------


def test_deal_passes_left_every_deal_across_games_and_rubbers() -> None:
    """§2.3: the deal passes to the left after every deal, and the rotation continues over
    game and rubber boundaries (W deals first, then N, E, S, W, ...)."""
    engine = english(rubbers=2)
    progress = engine.start_match(3)
    dealers = [progress.dealer]
    for deal in [SLAM_NS, facts(8, 5), SLAM_EW, SLAM_NS, SLAM_EW, facts(8, 5), SLAM_EW]:
        assert engine.next_deal(progress).context.dealer == progress.dealer
        progress = to(engine, progress, deal)
        dealers.append(progress.dealer)
    assert progress.finished
    assert len(progress.detail["rubbers"]) == 2
    assert dealers == [3, 0, 1, 2, 3, 0, 1, 2]


@pytest.mark.parametrize(("option", "moves"), [("deal_passes", 1), ("same_dealer", 0)])
def test_misdeal_redealt_by_next_or_same_dealer(option: str, moves: int) -> None:
    """§2.3 misdeal option: a void misdeal scores nothing and the deal passes or not."""
    engine = english(misdeal=option)
    progress = to(engine, engine.start_match(2), facts(8, 5))
    progress = to(engine, progress, EnglishFacts(tricks=(0, 0), misdeal=True))
    assert progress.dealer == (3 + moves) % 4
    assert progress.detail["game_score"] == [2, 0]
    assert progress.deals == 2


def test_mutual_revoke_new_deal_is_redealt_by_the_same_dealer() -> None:
    """§2.8 mutual_revoke=new_deal: void, and the same dealer deals again [D]."""
    engine = english(mutual_revoke="new_deal")
    both = facts(
        8,
        5,
        revokes=[
            DeclaredRevoke(side=NS, penalty="add"),
            DeclaredRevoke(side=EW, penalty="add"),
        ],
    )
    progress = to(engine, engine.start_match(1), both)
    assert progress.dealer == 1
    assert progress.detail["game_score"] == [0, 0]


def test_first_dealer_must_be_a_seat() -> None:
    engine = english()
    with pytest.raises(VariantError, match=r"seat 0\.\.3"):
        engine.start_match(4)


def test_cut_lowest_card_deals_ace_low() -> None:
    """§2.1: each seat cuts; the lowest card deals; the ace is low; ties cut again."""
    for seed in range(200):
        dealer, rounds = cut_for_deal(random.Random(seed))
        last = rounds[-1]
        low = [(c % 13 + 1) % 13 for c in last]  # ace lowest
        assert low.count(min(low)) == 1
        if len(rounds) == 1:
            assert dealer == low.index(min(low))
    # An ace beats (is lower than) a two in the cut.
    ace_of_spades, two_of_clubs = 51, 0
    assert (ace_of_spades % 13 + 1) % 13 < (two_of_clubs % 13 + 1) % 13
    options = ENGLISH.make_options({"first_dealer": "cut_lowest"})
    seats = {choose_first_dealer(options, random.Random(s)) for s in range(50)}  # type: ignore[arg-type]
    assert seats == {0, 1, 2, 3}


# -- American preset ----------------------------------------------------------------------


def test_american_preset_game_seven_no_honours_margin_no_bonus() -> None:
    """§3: game to 7, honours off, margin values, rubbers best of three without bonus."""
    options: Any = AMERICAN.make_options()
    assert (options.game_target, options.honours, options.game_values) == (7, False, "margin")
    assert (options.rubber, options.rubber_bonus, options.cap) == (True, 0, 6)
    engine = Engine(AMERICAN)
    # Game 1: E–W take 2 points, N–S 7 (13 tricks): margin 7 − 2 = 5.
    progress = to(engine, engine.start_match(0), ew_points(2), SLAM_NS)
    assert progress.detail["games"][0]["value"] == 5
    # Five points do not win an American game; honours never score.
    score, progress = record(engine, progress, facts(11, 2, honours=(4, 0)))
    assert score.points(NS) == 5
    assert not progress.detail["games"][1:]
    progress = to(engine, progress, SLAM_NS)  # N–S win 7–0: 7
    assert progress.finished
    assert progress.detail["rubbers"][0]["value"] == 5 + 7


# -- options ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"game_target": 7}, "treble_double_single is defined only for game_target=5"),
        ({"rubber": False, "rubbers": 2}, "set games instead"),
        ({"games": 3}, "set rubbers instead"),
        ({"revoke_penalty_options": []}, "at least one revoke penalty"),
        ({"revoke_penalty_options": "add,add"}, "only once"),
        ({"revoke_penalty_options": "fine"}, "revoke_penalty_options"),
        ({"honours_rule": "sometimes"}, "honours_rule"),
        ({"game_target": 0}, "game_target"),
        ({"first_dealer": "youngest"}, "first_dealer"),
        ({"tricks": 13}, "unknown option 'tricks'"),
    ],
)
def test_invalid_options_are_rejected_clearly(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        ENGLISH.make_options(options)


def test_options_from_the_command_line() -> None:
    """Strings as the CLI passes them are accepted."""
    options: Any = ENGLISH.make_options(
        {"revoke_penalty_options": "deduct, add", "honours": "false", "game_values": "flat"}
    )
    assert options.revoke_penalty_options == ("deduct", "add")
    assert options.honours is False
    american: Any = AMERICAN.make_options({"rubber": "false"})
    assert american.rubber is False
    assert american.game_target == 7


def test_game_points_and_the_rubber_bonus_are_awarded_as_score_lines() -> None:
    """§2.7: the deal that wins a game awards its game value to the winners, and the deal
    that wins the rubber also its bonus -- as explained lines the ledger can store."""
    engine = english()
    progress = to(engine, engine.start_match(0), SLAM_NS)  # game 1: 5–0, treble
    assert [(a.party, a.category, a.points) for a in progress.awards] == [(NS, Category.GAME, 3)]
    progress = to(engine, progress, ew_points(2))  # no game won: nothing awarded
    assert progress.awards == ()
    progress = to(engine, progress, SLAM_NS)  # game 2 (5–2, double) and the rubber
    assert [(a.party, a.category, a.points) for a in progress.awards] == [
        (NS, Category.GAME, 2),
        (NS, Category.RUBBER, 2),
    ]
    # The awards survive the JSON round trip the ledger and records use.
    again = MatchProgress.from_dict(progress.as_dict())
    assert again.awards == progress.awards
