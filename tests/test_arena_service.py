"""The arena service (openwhist.services.arena): seating, duplicate replays, determinism
across worker counts and the statistics, checked against hand-computed figures."""

from __future__ import annotations

import itertools
import math
import multiprocessing
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

import pytest
from openwhist import (
    PLAYS,
    Action,
    Bot,
    BotSpec,
    PlayerView,
    PluginContractError,
    Statistic,
    hookimpl,
)
from openwhist.plugins import Catalog, load_catalog
from openwhist.services import UsageError
from openwhist.services.arena import (
    Lineup,
    PlayResult,
    make_lineup,
    mean_interval,
    run_arena,
    summarise,
    t_quantile_975,
    wilson_interval,
)
from openwhist.services.isolation import Isolation


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


# -- the interval functions, against textbook values ---------------------------------------


@pytest.mark.parametrize(
    ("df", "expected"),
    # Student t 0.975 quantiles from standard tables (beyond the module's own 1..30 table
    # the value comes from the Cornish-Fisher expansion).
    [(1, 12.7062), (4, 2.7764), (10, 2.2281), (30, 2.0423), (40, 2.0211), (60, 2.0003),
     (120, 1.9799), (1000, 1.9623)],
)  # fmt: skip
def test_t_quantiles_match_the_tables(df: int, expected: float) -> None:
    assert t_quantile_975(df) == pytest.approx(expected, abs=1e-4)


def test_t_quantiles_fall_towards_the_normal_quantile() -> None:
    values = [t_quantile_975(df) for df in range(1, 500)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert values[-1] > 1.959964
    with pytest.raises(ValueError, match="at least 1"):
        t_quantile_975(0)


def test_wilson_interval_of_8_out_of_10() -> None:
    # Wilson (1927) with z = 1.96: centre (0.8 + 1.92/10) / (1 + 3.8415/10) = 0.7167,
    # half-width 1.96 * sqrt(0.016 + 0.0096) / 1.3841 = 0.2266 -> [0.4902, 0.9433].
    est = wilson_interval(8, 10)
    assert est.value == 0.8
    assert est.low == pytest.approx(0.4902, abs=1e-4)
    assert est.high == pytest.approx(0.9433, abs=1e-4)
    assert est.n == 10


def test_wilson_interval_at_the_edges() -> None:
    # 0 of 10: the interval still has width (unlike the Wald interval): [0, 3.8415/13.8415].
    zero = wilson_interval(0, 10)
    assert zero.low == 0.0
    assert zero.high == pytest.approx(3.8415 / 13.8415, abs=1e-4)
    empty = wilson_interval(0, 0)
    assert (empty.value, empty.low, empty.high) == (None, None, None)
    with pytest.raises(ValueError, match="successes <= n"):
        wilson_interval(3, 2)


def test_mean_interval_of_one_to_five() -> None:
    # mean 3, sample variance 2.5, standard error sqrt(0.5), t(4) = 2.7764.
    est = mean_interval([1, 2, 3, 4, 5])
    half = 2.776445 * math.sqrt(0.5)
    assert est.value == 3
    assert est.low == pytest.approx(3 - half)
    assert est.high == pytest.approx(3 + half)
    assert est.contains(1.1)
    assert not est.contains(0.9)


def test_mean_interval_of_one_value_has_no_interval_and_bounds_clip() -> None:
    one = mean_interval([4.0])
    assert (one.value, one.low, one.high) == (4.0, None, None)
    assert not one.contains(4.0)
    clipped = mean_interval([0.0, 1.0], bounds=(-1.0, 1.0))
    assert (clipped.low, clipped.high) == (-1.0, 1.0)


# -- seating --------------------------------------------------------------------------------


def test_seating_rules(catalog: Catalog) -> None:
    german = catalog.variant("german")
    english = catalog.variant("english")
    israeli = catalog.variant("israeli")
    # Two seats: one bot each.
    assert make_lineup(german, ["a", "b"], duplicate=False).seats == (0, 1)
    # Partnerships: N-S the first bot, E-W the second; or one per seat.
    assert make_lineup(english, ["a", "b"], duplicate=False).seats == (0, 1, 0, 1)
    assert make_lineup(english, ["a", "b", "c", "d"], duplicate=False).seats == (0, 1, 2, 3)
    # Individual seats: fewer names repeat in seat order.
    assert make_lineup(israeli, ["a", "b"], duplicate=False).seats == (0, 1, 0, 1)
    assert make_lineup(israeli, ["a", "b", "c"], duplicate=False).seats == (0, 1, 2, 0)


def test_a_repeated_name_is_a_second_entrant(catalog: Catalog) -> None:
    lineup = make_lineup(catalog.variant("israeli"), ["x", "y", "x"], duplicate=False)
    assert lineup.labels == ("x", "y", "x#2")
    assert lineup.bots == ("x", "y", "x")


def test_duplicate_rotations(catalog: Catalog) -> None:
    german = make_lineup(catalog.variant("german"), ["a", "b"], duplicate=True)
    assert german.rotations == 2
    assert german.at(1) == (1, 0)
    english = make_lineup(catalog.variant("english"), ["a", "b"], duplicate=True)
    assert english.rotations == 2
    assert english.at(1) == (1, 0, 1, 0)
    four = make_lineup(catalog.variant("israeli"), ["a", "b", "c", "d"], duplicate=True)
    assert four.rotations == 4
    # Every entrant sits in every seat exactly once over the rotations.
    for entrant in range(4):
        assert sorted(four.at(r).index(entrant) for r in range(4)) == [0, 1, 2, 3]
    two = make_lineup(catalog.variant("israeli"), ["a", "b"], duplicate=True)
    assert two.rotations == 2
    assert two.at(1) == (1, 0, 1, 0)
    assert make_lineup(catalog.variant("german"), ["a", "b"], duplicate=False).rotations == 1


@pytest.mark.parametrize(
    ("variant", "names", "message"),
    [
        ("german", ["random"], "at least two bots"),
        ("german", ["random"] * 3, "german has 2 seats"),
        ("english", ["random"] * 3, "one per side: N-S, E-W"),
        ("israeli", ["random"] * 5, "2 to 4 bots"),
        ("german", ["random", ""], "empty bot name"),
    ],
)
def test_bad_bot_counts_are_usage_errors(
    catalog: Catalog, variant: str, names: list[str], message: str
) -> None:
    with pytest.raises(UsageError, match=message):
        run_arena(catalog, variant, bots=names, deals=1, seed=1, workers=1)


def test_unknown_bot_names_the_bots_of_the_variant(catalog: Catalog) -> None:
    available = sorted(spec.name for spec in catalog.bots_for("israeli"))
    with pytest.raises(UsageError) as info:
        run_arena(catalog, "israeli", bots=["random", "nobody"], deals=1, seed=1, workers=1)
    assert "'nobody'" in str(info.value)
    for name in available:
        assert name in str(info.value)
    # A bot with levels is listed with them, so the player sees what NAME:LEVEL can be.
    assert "expert (levels 1, 2, 3)" in str(info.value)


def test_bad_counts_are_usage_errors(catalog: Catalog) -> None:
    with pytest.raises(UsageError, match="--deals"):
        run_arena(catalog, "german", bots=["random", "random"], deals=0, seed=1)
    with pytest.raises(UsageError, match="--workers"):
        run_arena(catalog, "german", bots=["random", "random"], deals=1, seed=1, workers=0)


# -- determinism and duplicate replays -------------------------------------------------------


def test_the_same_seed_gives_the_same_result_for_any_worker_count(catalog: Catalog) -> None:
    # 25 boards in chunks of 7, 4 and 3 boards: the processes finish them in any order.
    runs = [
        run_arena(catalog, "english", bots=["random", "random"], deals=25, seed=7, workers=w)
        for w in (1, 2, 3)
    ]
    assert runs[0].summary == runs[1].summary == runs[2].summary
    assert runs[0].plays == runs[1].plays == runs[2].plays
    assert [p.board for p in runs[0].plays] == list(range(25))
    other = run_arena(catalog, "english", bots=["random", "random"], deals=25, seed=8, workers=1)
    assert [p.decks for p in other.plays] != [p.decks for p in runs[0].plays]


def test_every_board_has_its_own_deck_and_the_dealers_rotate(catalog: Catalog) -> None:
    run = run_arena(catalog, "israeli", bots=["random", "random"], deals=8, seed=3, workers=1)
    first_decks = [p.decks[0] for p in run.plays]
    assert len(set(first_decks)) == 8
    assert all(sorted(deck) == list(range(52)) for deck in first_decks)
    assert [p.dealer for p in run.plays] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_duplicate_replays_each_deck_with_the_seats_swapped(catalog: Catalog) -> None:
    run = run_arena(
        catalog, "german", bots=["random", "random"], deals=12, seed=5, workers=2, duplicate=True
    )
    plays = run.plays
    assert len(plays) == 24
    for board in range(12):
        first, second = plays[2 * board], plays[2 * board + 1]
        assert (first.board, first.rotation, second.board, second.rotation) == (
            board, 0, board, 1
        )  # fmt: skip
        assert first.decks == second.decks
        assert len(first.decks) == 1
        assert first.dealer == second.dealer
        assert first.seats == (0, 1)
        assert second.seats == (1, 0)
    assert len({plays[2 * b].decks for b in range(12)}) == 12
    # Each entrant therefore held each board's A hand once and its B hand once.
    summary = run.summary
    assert summary["rotations"] == 2
    assert summary["plays"] == 24
    assert [r["deals"] for r in summary["results"]] == [24, 24]
    digests = [d["deck"] for d in summary["deal_results"]]
    assert digests[0::2] == digests[1::2]


def test_duplicate_rotation_zero_is_the_plain_run(catalog: Catalog) -> None:
    bots = ["heuristic", "random"] if "heuristic" in _bot_names(catalog, "english") else None
    names = bots or ["random", "random"]
    plain = run_arena(catalog, "english", bots=names, deals=6, seed=9, workers=1)
    dup = run_arena(catalog, "english", bots=names, deals=6, seed=9, workers=1, duplicate=True)
    assert [p for p in dup.plays if p.rotation == 0] == plain.plays


def test_israeli_duplicate_seats_four_bots_in_every_seat_with_the_same_decks(
    catalog: Catalog,
) -> None:
    names = ["israeli-random", "random", "israeli-random", "random"]
    run = run_arena(catalog, "israeli", bots=names, deals=3, seed=2, workers=1, duplicate=True)
    assert run.summary["entrants"] == ["israeli-random", "random", "israeli-random#2", "random#2"]
    for board in range(3):
        rotations = [p for p in run.plays if p.board == board]
        assert [p.rotation for p in rotations] == [0, 1, 2, 3]
        assert len({p.dealer for p in rotations}) == 1
        # A passed-out deal is redealt: every rotation draws from the same deck sequence.
        longest = max((p.decks for p in rotations), key=len)
        for p in rotations:
            assert p.decks == longest[: len(p.decks)]
        for entrant in range(4):
            assert sorted(p.seats.index(entrant) for p in rotations) == [0, 1, 2, 3]


# -- statistics of a run, by hand ------------------------------------------------------------


def _play(
    board: int,
    rotation: int,
    seats: tuple[int, ...],
    points: tuple[int, ...],
    top: tuple[int, ...],
    tricks: tuple[int, ...],
    contracts: tuple[int, ...] | None = None,
) -> PlayResult:
    # Contracts made as a declared statistic's tallies: 1 of 1 when the tricks equal it.
    made = (
        ()
        if contracts is None
        else (tuple((int(t == c), 1) for t, c in zip(tricks, contracts, strict=True)),)
    )
    return PlayResult(
        board=board,
        rotation=rotation,
        dealer=0,
        seats=seats,
        decks=((),),
        parties=tuple("NESW"[: len(points)]),
        points=points,
        winner=top[0] if len(top) == 1 else None,
        top=top,
        tricks=tricks,
        statistics=made,
    )


def test_german_duplicate_statistics_by_hand() -> None:
    lineup = Lineup(("a", "b"), ("a", "b"), (0, 1), rotations=2)
    plays = [
        _play(0, 0, (0, 1), (1, 0), (0,), (14, 12)),  # a (seat 0) wins
        _play(0, 1, (1, 0), (1, 0), (0,), (14, 12)),  # same cards, b in seat 0 wins
        _play(1, 0, (0, 1), (1, 0), (0,), (20, 6)),  # a wins
        _play(1, 1, (1, 0), (0, 1), (1,), (10, 16)),  # a, now in seat 1, wins again
    ]
    summary = summarise(plays, lineup, (0, 1), boards=2, seat_names=("A", "B"))
    a, b = summary["results"]
    assert (a["wins"], a["ties"], a["losses"], a["deals"]) == (3, 0, 1, 4)
    assert (b["wins"], b["losses"]) == (1, 3)
    assert a["win_rate"]["value"] == 0.75
    assert a["win_rate"]["low"] == pytest.approx(wilson_interval(3, 4).low, abs=1e-6)
    assert a["score"]["value"] == 0.75  # one point per deal won
    # a's tricks: 14, 12, 20, 16.
    assert a["tricks"]["value"] == pytest.approx(15.5)
    # Board 0 split (1 of 2 rotations), board 1 won twice.
    assert a["boards_by_rotations_won"] == [0, 1, 1]
    assert b["boards_by_rotations_won"] == [1, 1, 0]
    assert a["board_win_share"]["value"] == 0.75
    (cmp,) = summary["comparisons"]
    assert (cmp["a"], cmp["b"], cmp["paired_by"]) == ("a", "b", "board")
    # Per board, a - b: board 0 (1+0)/2 - (0+1)/2 = 0; board 1: 1 - 0 = 1.
    diff = cmp["win_rate_difference"]
    assert (diff["value"], diff["n"]) == (0.5, 2)
    # t(1) = 12.706 times sd 0.7071 / sqrt 2 is far wider than [-1, 1]: clipped.
    assert (diff["low"], diff["high"]) == (-1.0, 1.0)


MADE = (Statistic("made", "made", categories=("contract",), measure="made"),)


def test_ties_shared_tops_and_contracts_by_hand() -> None:
    # Israeli-like: four individual parties; entrant 0 holds N and S, entrant 1 E and W.
    lineup = Lineup(("x", "y"), ("x", "y"), (0, 1, 0, 1), rotations=1)
    plays = [
        # N and E share the top score: each entrant holds one of them: a tie for both.
        _play(0, 0, (0, 1, 0, 1), (30, 30, -20, -10), (0, 1), (5, 4, 0, 4), (5, 4, 1, 3)),
        # N and S share the top: both are x's, but each seat only tied (per seat: x's
        # two seats are two players, not one side).
        _play(1, 0, (0, 1, 0, 1), (20, -10, 20, -30), (0, 2), (3, 4, 3, 3), (3, 5, 3, 0)),
    ]
    summary = summarise(plays, lineup, (0, 1, 2, 3), boards=2, seat_names="NESW", statistics=MADE)
    x, y = summary["results"]
    assert x["seats"] == ["N", "S"]
    assert y["seats"] == ["E", "W"]
    # Per seat: deal 0 N tie, S loss (x), E tie, W loss (y); deal 1 N, S tie, E, W loss.
    assert (x["wins"], x["ties"], x["losses"], x["seat_deals"]) == (0, 3, 1, 4)
    assert (y["wins"], y["ties"], y["losses"], y["seat_deals"]) == (0, 1, 3, 4)
    assert x["per_seat"]
    assert y["per_seat"]
    assert x["win_rate"]["value"] == 0.0
    assert x["tie_rate"]["value"] == pytest.approx(0.75)  # shares 1/2 and 2/2
    assert [(b["seat"], b["deals"], b["ties"]) for b in x["by_seat"]] == [("N", 2, 2), ("S", 2, 1)]
    # Score: the mean of the parties held: x (30 - 20) / 2 = 5 and (20 + 20) / 2 = 20.
    assert x["score"]["value"] == pytest.approx(12.5)
    assert y["score"]["value"] == pytest.approx(((30 - 10) / 2 + (-10 - 30) / 2) / 2)
    # Contracts made (tricks == contract): deal 0 N yes, S no, E yes, W no;
    # deal 1 N yes, S yes, E no, W no.
    made_x, made_y = x["statistics"]["made"], y["statistics"]["made"]
    assert (made_x["value"], made_x["out_of"]) == (3, 4)
    assert (made_y["value"], made_y["out_of"]) == (1, 4)
    assert made_x["rate"]["value"] == 0.75
    (cmp,) = summary["comparisons"]
    assert cmp["paired_by"] == "deal"
    assert cmp["win_rate_difference"]["value"] == 0.0  # no seat of either won alone
    # The contracts made, paired by deal: deal 0 x 1/2 - y 1/2 = 0, deal 1 2/2 - 0/2 = 1.
    made = cmp["statistics"]["made"]
    assert (made["value"], made["n"]) == (0.5, 2)


def test_a_rate_difference_is_paired_by_board_and_skips_boards_without_a_count() -> None:
    # Two rotations of two boards; x holds N and S in rotation 0, E and W in rotation 1.
    lineup = Lineup(("x", "y"), ("x", "y"), (0, 1, 0, 1), rotations=2)
    xy, yx = (0, 1, 0, 1), (1, 0, 1, 0)
    nothing = (((0, 0),) * 4,)
    plays = [
        # Board 0: x makes 2 of its 2 contracts (rotation 0) and 1 of 2 (rotation 1),
        # y makes 1 of 2, then 0 of 2: per board x 3/4, y 1/4, a difference of +0.5.
        _play(0, 0, xy, (10, 10, 10, -10), (0,), (3, 3, 3, 4), (3, 2, 3, 4)),
        _play(0, 1, yx, (-10, 10, -10, -10), (1,), (3, 3, 3, 4), (2, 3, 2, 3)),
        # Board 1: nobody's contract counts (out_of 0 everywhere): no difference to pair.
        replace(_play(1, 0, xy, (0, 0, 0, 0), (0, 1, 2, 3), (3, 3, 3, 4)), statistics=nothing),
        replace(_play(1, 1, yx, (0, 0, 0, 0), (0, 1, 2, 3), (3, 3, 3, 4)), statistics=nothing),
    ]
    summary = summarise(plays, lineup, (0, 1, 2, 3), boards=2, seat_names="NESW", statistics=MADE)
    made = summary["comparisons"][0]["statistics"]["made"]
    assert (made["value"], made["n"]) == (0.5, 1)


def _five(board: int, seats: tuple[int, ...], tricks: tuple[int, ...]) -> PlayResult:
    # A Knockout-like first deal: five players, a point a trick, the most tricks alone wins.
    best = max(tricks)
    top = tuple(s for s, t in enumerate(tricks) if t == best)
    return PlayResult(
        board=board,
        rotation=0,
        dealer=0,
        seats=seats,
        decks=((),),
        parties=tuple("ABCDE"),
        points=tricks,
        winner=top[0] if len(top) == 1 else None,
        top=top,
        tricks=tricks,
    )


def test_a_bot_holding_three_of_five_seats_is_counted_per_seat() -> None:
    # `expert,heuristic` at five seats: x at A, C and E, y at B and D. Counting "a deal any
    # of x's seats won" would give x 2 of 3 deals, y 1 of 3, by seat count alone.
    seats = (0, 1, 0, 1, 0)
    lineup = Lineup(("x", "y"), ("x", "y"), seats, rotations=1)
    plays = [
        _five(0, seats, (3, 1, 1, 1, 1)),  # A alone: one of x's three seats
        _five(1, seats, (1, 3, 1, 1, 1)),  # B alone: one of y's two
        _five(2, seats, (1, 1, 3, 1, 1)),  # C alone
    ]
    summary = summarise(plays, lineup, tuple(range(5)), boards=3, seat_names="ABCDE")
    x, y = summary["results"]
    assert (x["deals"], x["seat_deals"], x["wins"], x["losses"]) == (3, 9, 2, 7)
    assert (y["deals"], y["seat_deals"], y["wins"], y["losses"]) == (3, 6, 1, 5)
    # The win rate is the seats' wins out of the seats' deals: x 2 of 9, y 1 of 6.
    assert x["win_rate"] == wilson_interval(2, 9).as_dict()
    assert y["win_rate"] == wilson_interval(1, 6).as_dict()
    # Points are per seat too: x (3+1+1)/3, (1+1+1)/3, (1+3+1)/3; y 1, 2, 1.
    assert x["score"]["value"] == pytest.approx((5 / 3 + 1 + 5 / 3) / 3, abs=1e-6)
    assert y["score"]["value"] == pytest.approx(4 / 3, abs=1e-6)
    (cmp,) = summary["comparisons"]
    # Paired per deal: 1/3 - 0, 0 - 1/2, 1/3 - 0.
    assert cmp["win_rate_difference"]["value"] == pytest.approx(
        (1 / 3 - 1 / 2 + 1 / 3) / 3, abs=1e-6
    )
    # And by seat: each seat's own deals and wins.
    assert [(b["seat"], b["deals"], b["wins"]) for b in x["by_seat"]] == [
        ("A", 3, 1),
        ("C", 3, 1),
        ("E", 3, 0),
    ]
    assert [b["score"]["value"] for b in y["by_seat"]] == pytest.approx([5 / 3, 1.0])


def test_one_party_per_bot_keeps_its_wilson_win_rate() -> None:
    # Two seats (German-like): nothing changes for a bot with one seat a deal.
    lineup = Lineup(("a", "b"), ("a", "b"), (0, 1), rotations=1)
    plays = [_play(i, 0, (0, 1), (1, 0), (0,), (14, 12)) for i in range(3)]
    plays.append(_play(3, 0, (0, 1), (0, 1), (1,), (12, 14)))
    summary = summarise(plays, lineup, (0, 1), boards=4, seat_names=("A", "B"))
    a, _ = summary["results"]
    assert not a["per_seat"]
    assert a["win_rate"] == wilson_interval(3, 4).as_dict()
    assert a["by_seat"][0]["seat"] == "A"
    assert a["by_seat"][0]["wins"] == 3


def test_knockout_matches_are_won_per_seat(catalog: Catalog) -> None:
    # Whole five-player games: one player wins a game, so of all seats in all games at most
    # one per game is a winner, whichever bot holds three of them.
    run = run_arena(
        catalog, "knockout", bots=["heuristic", "random"], players=5, matches=6, seed=3, workers=1
    )
    matches = run.summary["matches"]
    h, r = matches["results"]
    assert (h["seat_matches"], r["seat_matches"]) == (18, 12)
    assert h["per_seat"]
    assert r["per_seat"]
    won = sum(1 for m in run.summary["match_results"] if m["winner"] is not None)
    assert h["wins"] + r["wins"] == won
    assert h["wins"] + h["ties"] + h["losses"] == 18
    assert h["win_rate"]["value"] == pytest.approx(h["wins"] / 18, abs=1e-6)
    deals = run.summary["results"]
    assert sum(e["wins"] for e in deals) <= run.summary["plays"]


# -- real bots -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "bots", "deals"),
    [("german", ["random", "random"], 300), ("english", ["random", "random"], 200)],
)
def test_random_against_random_is_even(
    catalog: Catalog, variant: str, bots: list[str], deals: int
) -> None:
    # A 95 % interval misses the truth for one seed in twenty. Seed 2024 held until the
    # bots got random streams of their own (issue 14); with them it is one of the twenty
    # (English 0.40-0.497, while ten other seeds average 0.505), so the test uses 2025.
    run = run_arena(catalog, variant, bots=bots, deals=deals, seed=2025, workers=1, duplicate=True)
    first = run.summary["results"][0]
    assert first["deals"] == 2 * deals
    low, high = first["win_rate"]["low"], first["win_rate"]["high"]
    assert low < 0.5 < high
    # The interval is informative, not [0, 1]: about +-5 points at 600 deals.
    assert high - low < 0.12
    diff = run.summary["comparisons"][0]["win_rate_difference"]
    assert diff["low"] < 0 < diff["high"]


def _bot_names(catalog: Catalog, variant: str) -> set[str]:
    return {spec.name for spec in catalog.bots_for(variant)}


@pytest.mark.parametrize("variant", ["german", "english", "israeli"])
def test_heuristic_bots_play_in_the_arena(catalog: Catalog, variant: str) -> None:
    # Every shipped variant ships a heuristic bot: a missing one fails rather than skips.
    assert "heuristic" in _bot_names(catalog, variant), f"no heuristic bot for {variant}"
    opponent = catalog.variant(variant).default_bot
    run = run_arena(
        catalog, variant, bots=["heuristic", opponent], deals=4, seed=1, workers=1, duplicate=True
    )
    rotations = run.summary["rotations"]
    heuristic = run.summary["results"][0]
    assert heuristic["bot"] == "heuristic"
    assert heuristic["deals"] == 4 * rotations
    # One outcome per party held: Israeli's two names hold two players each, an English
    # name one side (N-S is one party).
    parties = 1 if catalog.variant(variant).partnerships else len(heuristic["seats"])
    assert heuristic["seat_deals"] == 4 * rotations * parties
    assert heuristic["per_seat"] == (parties > 1)
    assert heuristic["wins"] + heuristic["ties"] + heuristic["losses"] == heuristic["seat_deals"]


# -- bots from a plugin, honesty, a cheating bot ---------------------------------------------


class _SpyBot(Bot):
    seen: ClassVar[list[type]] = []

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        _SpyBot.seen.append(type(view))
        return legal[self.rng.randrange(len(legal))]


class _Cheat(Bot):
    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        # A card it may not play (German has no calls: every action is a card).
        return next(play for play in PLAYS if play not in legal)


def _factory(cls: Callable[..., Bot]) -> Callable[[str, random.Random], Bot]:
    def make(variant: str, rng: random.Random) -> Bot:
        return cls(rng) if cls is _SpyBot else cls()

    return make


class _TestBots:
    @hookimpl
    def whist_register_bots(self, register: Callable[[BotSpec], None]) -> None:
        register(BotSpec("spy", "records what it is shown", _factory(_SpyBot)))
        register(BotSpec("cheat", "plays an illegal card", _factory(_Cheat), ("german",)))


@pytest.fixture(scope="module")
def test_catalog() -> Catalog:
    return load_catalog(extra_plugins=[("arena-test-bots", _TestBots())])


# These bots come from a third-party plugin, which the arena isolates by default; the tests
# below look at them in-process (the spy's class attribute), so they say so. Isolated bots
# are tested in tests/test_isolation.py.
IN_PROCESS = Isolation("none")


def test_bots_see_only_player_views(test_catalog: Catalog) -> None:
    _SpyBot.seen.clear()
    run_arena(
        test_catalog,
        "english",
        bots=["spy", "random"],
        deals=2,
        seed=4,
        workers=1,
        isolation=IN_PROCESS,
    )
    assert _SpyBot.seen
    assert set(_SpyBot.seen) == {PlayerView}


def test_an_illegal_action_names_the_bot(test_catalog: Catalog) -> None:
    with pytest.raises(PluginContractError, match="bot 'cheat' chose"):
        run_arena(
            test_catalog,
            "german",
            bots=["cheat", "random"],
            deals=1,
            seed=4,
            workers=1,
            isolation=IN_PROCESS,
        )


@pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork", reason="workers inherit the catalog by fork"
)
def test_worker_processes_play_a_plugin_catalogs_bots(test_catalog: Catalog) -> None:
    kwargs: dict[str, Any] = {"deals": 20, "seed": 6, "isolation": IN_PROCESS}
    one = run_arena(test_catalog, "german", bots=["spy", "random"], workers=1, **kwargs)
    two = run_arena(test_catalog, "german", bots=["spy", "random"], workers=2, **kwargs)
    assert one.summary == two.summary
    with pytest.raises(PluginContractError, match="bot 'cheat' chose"):
        run_arena(
            test_catalog,
            "german",
            bots=["random", "cheat"],
            deals=20,
            seed=4,
            workers=2,
            isolation=IN_PROCESS,
        )
