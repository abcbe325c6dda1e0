"""Issue 19 item 2: the Israeli expert samples the hidden hands consistently with the calls.

A seat that contracted zero is rarely dealt the aces in the expert's sampled deals, a seat
that contracted seven is dealt a hand worth about seven, and a seat that bid six hearts in
the auction holds hearts -- while with no swaps towards the calls (the bot before the weighting)
the hidden cards are spread uniformly. Only the view is read: the weighting uses the public
calls and the cards played, never the hidden hands (tests/test_expert_honesty.py checks the
choices; here the samples themselves come out equal for two deals behind the same view).
"""

from __future__ import annotations

import random

from openwhist import PlayerView, parse_card
from openwhist.game.cards import CardSet
from openwhist.game.state import TrickRecord
from openwhist.plugins import load_catalog
from openwhist_israeli import expert
from openwhist_israeli.expert import (
    BID_CLAIM,
    CONTRACT_CLAIM,
    IsraeliExpertBot,
    call_claims,
    call_fit,
    seat_played,
)
from openwhist_israeli.heuristic import estimate_tricks

SPADES, HEARTS = 3, 2
ACES = sum(1 << parse_card(name) for name in ("AS", "AH", "AD", "AC"))
HAND = "QS 9S 5S QH 8H 4H JD 7D 3D JC 8C 5C 2C"
"""Seat 0 (the viewer): no ace, no king -- every ace and king is hidden from it."""
SAMPLES = 150
"""Sampled deals per measurement (a second or two)."""


def _play_view(contracts: list[int], auction: list[list[object]] | None = None) -> PlayerView:
    """Trick 1 of a spade deal, seat 1 (declarer) to lead."""
    return PlayerView(
        seat=0,
        seats=4,
        dealer=0,
        phase="play",
        to_act=1,
        hand=CardSet.parse(HAND).mask,
        hand_sizes=(13, 13, 13, 13),
        trump=SPADES,
        leader=1,
        trick=(),
        tricks=(0, 0, 0, 0),
        completed=(),
        history=(),
        public={
            "contracts": contracts,
            "declarer": 1,
            "deal_type": "over",
            "auction": auction or [],
        },
    )


def _samples(view: PlayerView, moves: int, seed: int = 7) -> list[list[int]]:
    bot = IsraeliExpertBot(random.Random(seed), moves=moves)
    rng = random.Random(seed)
    out = []
    for _ in range(SAMPLES):
        hands = bot.sample(view, rng)
        assert hands is not None
        out.append(hands)
    return out


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def test_a_zero_contract_is_rarely_dealt_the_aces_and_a_big_one_gets_strength() -> None:
    # Seat 2 contracted zero, seat 1 (declarer, spades) seven, seat 3 three.
    view = _play_view([4, 7, 0, 3])
    uniform = _samples(view, moves=0)
    fitted = _samples(view, moves=expert.DEFAULT_MOVES)
    aces_uniform = _mean([(h[2] & ACES).bit_count() for h in uniform])
    aces_fitted = _mean([(h[2] & ACES).bit_count() for h in fitted])
    # 4 aces among 39 hidden cards: a third of them to each seat, uniformly.
    assert 1.0 < aces_uniform < 1.7
    assert aces_fitted < 0.6 * aces_uniform, (aces_uniform, aces_fitted)
    worth_uniform = _mean([estimate_tricks(h[1], SPADES) for h in uniform])
    worth_fitted = _mean([estimate_tricks(h[1], SPADES) for h in fitted])
    assert worth_fitted > worth_uniform + 1.5, (worth_uniform, worth_fitted)
    assert abs(worth_fitted - 7) < abs(worth_uniform - 7) - 1.5
    zero_uniform = _mean([estimate_tricks(h[2], SPADES) for h in uniform])
    zero_fitted = _mean([estimate_tricks(h[2], SPADES) for h in fitted])
    assert zero_fitted < zero_uniform - 1.0, (zero_uniform, zero_fitted)
    # Every sample still deals exactly the hidden cards, 13 to a seat.
    for hands in fitted:
        assert [h.bit_count() for h in hands] == [13, 13, 13, 13]
        assert hands[0] == view.hand
        assert hands[1] | hands[2] | hands[3] | hands[0] == (1 << 52) - 1


def test_more_moves_fit_the_calls_more_closely() -> None:
    view = _play_view([4, 7, 0, 3])
    claims = call_claims(view)
    played = seat_played(view)
    fits = {
        moves: _mean([call_fit(h, played, claims) for h in _samples(view, moves)])
        for moves in (0, expert.QUICK_MOVES, expert.DEFAULT_MOVES, expert.STRONG_MOVES)
    }
    assert fits[0] < fits[expert.QUICK_MOVES] < fits[expert.DEFAULT_MOVES]
    assert fits[expert.DEFAULT_MOVES] < fits[expert.STRONG_MOVES]


def test_a_trump_bid_in_the_auction_means_length_in_its_suit() -> None:
    # Still in the auction: seat 3 has bid six hearts; no contract yet.
    view = PlayerView(
        seat=0,
        seats=4,
        dealer=2,
        phase="auction",
        to_act=0,
        hand=CardSet.parse(HAND).mask,
        hand_sizes=(13, 13, 13, 13),
        trump=-1,
        leader=3,
        trick=(),
        tricks=(0, 0, 0, 0),
        completed=(),
        history=(),
        public={"contracts": [None] * 4, "auction": [[3, "6H"]], "declarer": None},
    )
    assert call_claims(view) == [(3, BID_CLAIM, 6, HEARTS)]
    hearts = CardSet.parse("AH KH JH TH 9H 7H 6H 5H 3H 2H").mask
    uniform = _samples(view, moves=0)
    fitted = _samples(view, moves=expert.DEFAULT_MOVES)
    length = [_mean([(h[3] & hearts).bit_count() for h in deals]) for deals in (uniform, fitted)]
    assert length[1] > length[0] + 0.75, length
    worth = [_mean([estimate_tricks(h[3], HEARTS) for h in deals]) for deals in (uniform, fitted)]
    assert worth[1] > worth[0] + 1.5, worth
    # The other seats, who did not bid, are not pushed anywhere by the bid.
    others = [_mean([estimate_tricks(h[1], HEARTS) for h in deals]) for deals in (uniform, fitted)]
    assert others[1] < others[0] + 0.5, others


def test_claims_read_the_other_seats_calls_only_and_hands_include_cards_played() -> None:
    # Our own contract and bid say nothing about the hidden hands.
    view = _play_view([4, 7, 0, 3], auction=[[1, "5S"], [0, "5NT"], [1, "6S"], [2, "pass"]])
    assert call_claims(view) == [
        (1, CONTRACT_CLAIM, 7, SPADES),
        (2, CONTRACT_CLAIM, 0, SPADES),
        (3, CONTRACT_CLAIM, 3, SPADES),
        (1, BID_CLAIM, 6, SPADES),
    ]
    # After a trick the seats' hands are judged with the cards they played: the zero
    # bidder who dropped the ♠A under seat 1's lead fits its zero worse than before.
    trick = tuple(parse_card(c) for c in ("2S", "AS", "3S", "5S"))
    later = _play_view([4, 7, 0, 3])
    later = PlayerView(
        **{
            **{f: getattr(later, f) for f in later.__dataclass_fields__},
            "hand": later.hand & ~(1 << parse_card("5S")),
            "hand_sizes": (12, 12, 12, 12),
            "completed": (TrickRecord(1, trick, 2, (1, 2, 3, 0)),),
            "leader": 2,
            "to_act": 2,
        }
    )
    played = seat_played(later)
    assert played[2] == 1 << parse_card("AS")
    hands = [0, 0, 0, 0]
    claims = [(2, CONTRACT_CLAIM, 0, SPADES)]
    assert call_fit(hands, played, claims) < call_fit(hands, [0, 0, 0, 0], claims) == 0.0


def test_the_samples_depend_on_the_view_and_the_seed_only() -> None:
    view = _play_view([4, 7, 0, 3])
    assert _samples(view, moves=expert.DEFAULT_MOVES, seed=3) == _samples(
        view, moves=expert.DEFAULT_MOVES, seed=3
    )
    # The same bot asked twice about the same view deals the same samples (the candidates'
    # dealer it keeps for the view is not changed by drawing from it).
    bot = IsraeliExpertBot(random.Random(3))
    first = [bot.sample(view, rng) for rng in [random.Random(1)] * 5]
    second = [bot.sample(view, rng) for rng in [random.Random(1)] * 5]
    assert first == second


def test_the_level_descriptions_name_the_draws_and_the_window() -> None:
    spec = load_catalog().bot("expert", "israeli")
    for name, moves in (
        ("1", expert.QUICK_MOVES),
        ("2", expert.DEFAULT_MOVES),
        ("3", expert.STRONG_MOVES),
    ):
        assert f", {moves} card swaps each" in spec.level(name).description
    assert f"within {expert.STRONG_WINDOW} tricks" in spec.level("3").description
    assert expert.QUICK_MOVES < expert.DEFAULT_MOVES < expert.STRONG_MOVES
    bots = {name: spec.with_level(name).factory("israeli", random.Random(0)) for name in "123"}
    assert [b.moves for b in bots.values()] == [  # type: ignore[attr-defined]
        expert.QUICK_MOVES,
        expert.DEFAULT_MOVES,
        expert.STRONG_MOVES,
    ]
    assert [b.window for b in bots.values()] == [  # type: ignore[attr-defined]
        expert.CONTRACT_WINDOW,
        expert.CONTRACT_WINDOW,
        expert.STRONG_WINDOW,
    ]
