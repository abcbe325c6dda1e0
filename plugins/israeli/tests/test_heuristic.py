"""Israeli Whist's heuristic bot: hand evaluation, auction, Frisch, contracts
(docs/variants/israeli.md §4.3-§4.5) and exact-contract play (§4.7: overtricks cost as much as
undertricks)."""

from __future__ import annotations

import random
from typing import Any

from openwhist import NO_TRUMP, PLAYS, CardSet, PlayerView, parse_card
from openwhist_israeli.actions import CONTRACTS, PASS, Bid, FrischSelection
from openwhist_israeli.heuristic import IsraeliHeuristicBot, estimate_tricks, frisch_cards

STRONG = "AS KS QS JS TS 9S AH KH AD KD 2C 3C 4C"
WEAK = "2S 3S 4H 5H 6H 2D 3D 4D 5D 7C 8C 9C 3H"


def view(
    hand: str,
    phase: str,
    *,
    trick: str = "",
    leader: int = 0,
    trump: int = NO_TRUMP,
    public: dict[str, Any] | None = None,
    tricks: tuple[int, ...] = (0, 0, 0, 0),
) -> PlayerView:
    mask = CardSet.parse(hand).mask
    played = tuple(parse_card(c) for c in trick.split())
    return PlayerView(
        seat=0, seats=4, dealer=3, phase=phase, to_act=0, hand=mask,
        hand_sizes=(mask.bit_count(), 13, 13, 13), trump=trump, leader=leader, trick=played,
        tricks=tricks, completed=(), history=("?",), public=public or {},
    )  # fmt: skip


def bot() -> IsraeliHeuristicBot:
    return IsraeliHeuristicBot(random.Random(1))


def test_estimate_grows_with_high_cards_and_trump_length() -> None:
    spades = 3
    assert estimate_tricks(CardSet.parse(STRONG).mask, spades) >= 8
    assert estimate_tricks(CardSet.parse(WEAK).mask, spades) < 1
    # The same hand is worth more with its long suit as trump than at no trump.
    assert estimate_tricks(CardSet.parse(STRONG).mask, spades) > estimate_tricks(
        CardSet.parse(STRONG).mask, NO_TRUMP
    )


def test_auction_bids_the_strong_suit_and_passes_a_weak_hand() -> None:
    legal = (PASS, *(Bid(n, d) for n in range(5, 14) for d in range(5)))
    call = bot().choose(view(STRONG, "auction"), legal)
    assert isinstance(call, Bid)
    assert call.denomination == 3  # spades
    assert call.number == 5  # the cheapest bid: the declarer must contract at least this
    assert bot().choose(view(WEAK, "auction"), legal) is PASS


def test_frisch_passes_low_cards_of_short_suits_and_keeps_honours() -> None:
    hand = CardSet.parse("AS KS QS 9S 5S 2H AD 7D 3D KC 8C 6C 4C").mask
    passed = CardSet(frisch_cards(hand, 3))
    assert str(passed) == "3D 7D 2H"  # the singleton heart, then the short diamonds
    legal = tuple(FrischSelection(m) for m in (passed.mask, hand & 0b111 << 39))
    choice = bot().choose(view("AS KS QS 9S 5S 2H AD 7D 3D KC 8C 6C 4C", "frisch"), legal)
    assert choice == FrischSelection(passed.mask)


def test_contract_aims_at_the_estimate_and_avoids_the_forbidden_total() -> None:
    hand_view = view(STRONG, "contracts", trump=3)
    target = round(estimate_tricks(hand_view.hand, 3))
    assert bot().choose(hand_view, CONTRACTS).number == target
    # The last bidder may not make the total 13: with the target forbidden, a neighbour.
    legal = tuple(c for c in CONTRACTS if c.number != target)
    assert abs(bot().choose(hand_view, legal).number - target) == 1
    assert bot().choose(view(WEAK, "contracts", trump=3), CONTRACTS).number == 0


def play(v: PlayerView) -> str:
    mask = v.hand
    if v.trick:
        mask = v.hand & (0x1FFF << (13 * (v.trick[0] // 13))) or v.hand
    return bot().choose(v, tuple(PLAYS[c] for c in CardSet(mask))).notation()


def test_tries_to_win_while_short_and_to_lose_once_made() -> None:
    hand = "KH 9H 3H 7D"
    short = {"contracts": [2, 3, 3, 3]}
    made = {"contracts": [1, 3, 3, 3]}
    # Last to play to 5H 8H TH, spades trump: short of the contract, win with the king.
    assert play(view(hand, "play", trick="5H 8H TH", leader=1, trump=3, public=short,
                     tricks=(1, 0, 0, 0))) == "KH"  # fmt: skip
    # Contract made: duck with the highest heart that still loses (the nine).
    assert play(view(hand, "play", trick="5H 8H TH", leader=1, trump=3, public=made,
                     tricks=(1, 0, 0, 0))) == "9H"  # fmt: skip


def test_zero_contract_discards_its_dangerous_cards() -> None:
    # Void in the suit led, zero bid: throw the ace (a sure trick later), not a low card.
    assert play(view("AH 2D 3D", "play", trick="5S", leader=1, trump=NO_TRUMP,
                     public={"contracts": [0, 3, 3, 3]})) == "AH"  # fmt: skip
