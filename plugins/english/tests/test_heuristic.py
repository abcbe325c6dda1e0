"""English Whist's heuristic bot on hand-built views: the partnership rules of thumb of the
generic policy (openwhist.bots.heuristic) and playing to the score.

Seats N=0, E=1, S=2, W=3; N-S against E-W (docs/variants/english.md §2.1). Clubs are trump. The bot
sits South; the cards not in its hand and not played are unseen (could be anywhere)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist import PLAYS, CardSet, PlayerView, parse_card
from openwhist.bots.heuristic import TrickPolicy, beats, lowest_equivalent, top_winners
from openwhist_english.heuristic import EnglishHeuristicBot

CLUBS = 0
SOUTH = 2


def view(
    hand: str,
    *,
    leader: int,
    trick: str = "",
    public: dict[str, Any] | None = None,
    tricks: tuple[int, ...] = (0, 0, 0, 0),
) -> PlayerView:
    played = tuple(parse_card(c) for c in trick.split())
    mask = CardSet.parse(hand).mask
    return PlayerView(
        seat=SOUTH,
        seats=4,
        dealer=1,
        phase="play",
        to_act=SOUTH,
        hand=mask,
        hand_sizes=(13, 13, mask.bit_count(), 13),
        trump=CLUBS,
        leader=leader,
        trick=played,
        tricks=tricks,
        completed=(),
        history=("?",),
        public=public or {},
    )


def choose(v: PlayerView) -> str:
    mask = v.hand
    if v.trick:
        mask = v.hand & (0x1FFF << (13 * (v.trick[0] // 13))) or v.hand
    legal = tuple(PLAYS[c] for c in CardSet(mask))
    return EnglishHeuristicBot(random.Random(1)).choose(v, legal).notation()


def test_second_hand_plays_low() -> None:
    # East leads a low heart; South is second hand with partner North still to play: the
    # king (not a sure winner, the ace is out) stays home.
    assert choose(view("KH 3H 7D 8S", leader=1, trick="5H")) == "3H"


def test_second_hand_covers_an_honour_with_a_sure_winner() -> None:
    assert choose(view("AH 3H 7D 8S", leader=1, trick="QH")) == "AH"


def test_third_hand_plays_high_lowest_of_equals() -> None:
    # North leads 4H, East plays 2H: South plays high to force West's ace -- the queen, the
    # lower of the touching king-queen.
    assert choose(view("KH QH 3H 7D", leader=0, trick="4H 2H")) == "QH"


def test_third_hand_never_plays_an_equal_that_does_not_beat_the_card_led() -> None:
    # North leads the 4H and East plays the 9H; West is still to play. South holds 10H 8H:
    # with the 9H gone the two are "equals" for later tricks, but only the ten beats the
    # nine, so third hand high plays the ten, not the eight.
    assert choose(view("TH 8H 7D", leader=0, trick="4H 9H")) == "TH"


def test_does_not_overtake_a_partner_who_is_winning() -> None:
    # North's ace holds the trick: South follows low instead of wasting the king.
    assert choose(view("KH 3H 7D", leader=0, trick="AH 2H")) == "3H"
    # Last to play, partner winning with the queen: nothing to gain by overtaking.
    assert choose(view("KH 3H 7D", leader=3, trick="4H QH 2H")) == "3H"


def test_wins_cheaply_when_last_to_play() -> None:
    # East's nine is winning: the jack is enough, the king is kept.
    assert choose(view("KH JH 3H 7D", leader=3, trick="4H 5H 9H")) == "JH"


def test_ruffs_with_the_lowest_trump_and_never_ruffs_the_partner() -> None:
    # Void in hearts, opponent winning: ruff with the smallest club.
    assert choose(view("2C 9C 7D 8S", leader=3, trick="4H 5H 9H")) == "2C"
    # Partner winning the trick with a sure winner: discard instead, low from a short suit.
    assert choose(view("2C 9C 7D 8S 9S", leader=0, trick="AH 2H")) == "7D"


def test_draws_trumps_when_long_in_them() -> None:
    card = choose(view("AC KC 7C 5C 3C 9D 8D 2H", leader=SOUTH))
    assert card in ("AC", "KC")  # the top of the clubs (equivalent cards)


def test_leads_from_the_long_suit_without_trumps_to_draw() -> None:
    # No trump to draw and no sure winner: lead low from the longest suit (diamonds).
    assert choose(view("KD 9D 7D 5D 8H 4S", leader=SOUTH)) == "5D"


def test_plays_to_the_score_by_cashing_the_tricks_needed_for_game() -> None:
    # With four trumps South would draw trumps ...
    hand = "2C 3C 4C 5C AS"
    assert choose(view(hand, leader=SOUTH)).endswith("C")
    # ... but N-S are at 4 of 5 with six tricks won: one more trick makes the game, and the
    # ace of spades is that trick -- cash it before anything can go wrong.
    score = {"game_score": [4, 0], "game_target": 5}
    assert choose(view(hand, leader=SOUTH, public=score, tricks=(3, 0, 3, 0))) == "AS"


@pytest.mark.parametrize(
    ("card", "best", "led", "expected"),
    [("KH", "QH", 2, True), ("2C", "AH", 2, True), ("AD", "2H", 2, False), ("3C", "5C", 2, False)],
)
def test_beats(card: str, best: str, led: int, expected: bool) -> None:
    assert beats(parse_card(card), parse_card(best), led, CLUBS) is expected


def test_counting_helpers() -> None:
    hand = CardSet.parse("AH KH 9H QS").mask
    played = CardSet.parse("QH JH").mask
    # Nothing lies between AH and KH, so they are equals; TH is unseen, so 9H is not.
    assert lowest_equivalent(parse_card("AH"), hand, played) == parse_card("KH")
    others = ~(hand | played) & ((1 << 52) - 1)
    assert top_winners(hand, others) == 2  # AH and KH; QS is beaten by KS/AS
    assert TrickPolicy(((0, 2), (1, 3))).partners(2) == (0,)


def test_counter_kept_from_trick_to_trick_is_the_count_read_afresh() -> None:
    # The heuristic keeps the completed tricks' part of its card count between calls (a
    # play-out asks at every card); a stale count would change the cards the expert's
    # play-outs choose. Over whole deals played out many times from shared positions -- the
    # way the expert's rollouts extend one tuple of tricks -- every count must equal the one
    # read afresh from the view (the turned-up card in the dealer's hand while held).
    from openwhist.bots.heuristic import Counter
    from openwhist.bots.sampling import play_out, view_after_card

    bot = EnglishHeuristicBot(random.Random(1))
    checked = 0

    def checking(v: PlayerView, legal: int) -> int:
        nonlocal checked
        known = {}
        if v.public.get("turn_up_held", True):
            known[v.dealer] = 1 << int(v.public["turn_up"])
        assert bot.counter(v) == Counter.from_view(v, known=known)
        checked += 1
        return bot.choose_card(v, legal)

    rng = random.Random(19)
    for _ in range(6):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[13 * s : 13 * s + 13]) for s in range(4)]
        start = PlayerView(
            seat=0,
            seats=4,
            dealer=3,
            phase="play",
            to_act=0,
            hand=hands[0],
            hand_sizes=(13, 13, 13, 13),
            trump=deck[51] // 13,
            leader=0,
            trick=(),
            tricks=(0, 0, 0, 0),
            completed=(),
            history=("?",),
            public={"turn_up": deck[51]},
        )
        for card in (c for c in range(52) if hands[0] >> c & 1):
            after = list(hands)
            after[0] &= ~(1 << card)
            final = play_out(view_after_card(start, card), after, [checking] * 4)
            assert sum(final) == 13
    assert checked > 2000
