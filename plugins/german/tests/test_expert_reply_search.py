"""The reply search of German Whist's ``expert`` (``reply_search``, measured as a level 3 in
docs/bots.md "The German ladder, session 11" and used by no level): each phase-1 lead is played
out against every reply the opponent may make on each sampled deal, and the worst for us
counts.

The position is the last trick of phase 1 (docs/variants/german.md §1.6) with every card
accounted for -- the opponent's thirteen cards are all face-up cards it took, so the view
knows them, and the stock is the face-up ♠4 over the ♣8 -- so each lead's true worth is the
opponent's best reply followed by the exact phase-2 value (`openwhist.solver`). Level 2's
play-outs let the opponent answer with the heuristic, which ducks the ♦T and so lets us take
the ♠4: ♦T looks as good as anything. Against its best reply (♦J, taking the ♠4 and handing
us the ♣8) the ♦T loses the deal; the ♦A wins it against every reply.
"""

from __future__ import annotations

import random
from dataclasses import replace

from openwhist import SUIT_MASKS, CardSet, Play, PlayerView, TrickRecord, parse_card
from openwhist.solver import Solver
from openwhist_german.expert import DEFAULT_SAMPLES, WIN_TRICKS, GermanExpertBot

SPADES = 3
ME, OPPONENT = 1, 0
OUR_HAND = CardSet.parse("7D 8D TD AD TH KH AH 6S 7S 8S 9S QS KS").mask
THEIR_HAND = CardSet.parse("6C 7C 9C AC 9D JD JH 2S 3S 5S TS JS AS").mask
FACE_UP, UNDER = parse_card("4S"), parse_card("8C")
TRICKS = [  # (leader, lead, reply, winner): the first 12 tricks, 7 of them ours
    (0, "2H", "4H", 1), (1, "KD", "3D", 1), (1, "2C", "3C", 0), (0, "KC", "JC", 0),
    (0, "9H", "5H", 0), (0, "QH", "7H", 0), (0, "4D", "2D", 0), (0, "5C", "QC", 1),
    (1, "QD", "5D", 1), (1, "6H", "3H", 1), (1, "TC", "4C", 1), (1, "8H", "6D", 1),
]  # fmt: skip


def _view() -> PlayerView:
    completed = tuple(
        TrickRecord(leader, (parse_card(a), parse_card(b)), winner, (leader, 1 - leader))
        for leader, a, b, winner in TRICKS
    )
    won = [sum(1 for r in completed if r.winner == seat) for seat in (0, 1)]
    return PlayerView(
        seat=ME,
        seats=2,
        dealer=1,
        phase="play",
        to_act=ME,
        hand=OUR_HAND,
        hand_sizes=(13, 13),
        trump=SPADES,
        leader=ME,
        trick=(),
        tricks=(won[0], won[1]),
        completed=completed,
        history=(),
        public={"phase": 1, "stock": 2, "face_up": FACE_UP, "known": [THEIR_HAND, 0]},
    )


def _phase2_tricks(lead: int, reply: int) -> int:
    """Our phase-2 tricks, exactly, after ``lead`` and ``reply`` end phase 1."""
    led = lead // 13
    beaten = (reply // 13 == led and reply > lead) or (reply // 13 != led and reply // 13 == SPADES)
    winner = OPPONENT if beaten else ME
    hands = [0, 0]
    hands[ME] = OUR_HAND & ~(1 << lead)
    hands[OPPONENT] = THEIR_HAND & ~(1 << reply)
    hands[winner] |= 1 << FACE_UP  # §1.6: the winner takes the face-up card,
    hands[1 - winner] |= 1 << UNDER  # the loser the next one
    taken = Solver(seats=2, trump=SPADES).value(tuple(hands), winner)
    return taken if winner == ME else 13 - taken


def _worst_reply(lead: int) -> int:
    """Our phase-2 tricks after ``lead`` against the opponent's best reply."""
    replies = THEIR_HAND & SUIT_MASKS[lead // 13] or THEIR_HAND
    return min(_phase2_tricks(lead, r) for r in CardSet(replies))


def test_the_reply_search_leads_a_card_that_wins_against_every_reply() -> None:
    view = _view()
    legal = tuple(Play(c) for c in CardSet(OUR_HAND))
    strong = GermanExpertBot(random.Random(1), samples=DEFAULT_SAMPLES, reply_search=True)
    default = GermanExpertBot(random.Random(1), samples=DEFAULT_SAMPLES)
    chosen = strong.choose(view, legal)
    assert isinstance(chosen, Play)
    # The deal is won with 7 of the 13 phase-2 tricks (§1.8): the choice wins it whatever
    # the opponent answers.
    assert _worst_reply(chosen.card) >= WIN_TRICKS
    # Level 2 is led astray by the heuristic reply in its play-outs: its lead loses the deal
    # against the best reply (the ♦J takes the ♠4).
    misled = default.choose(view, legal)
    assert isinstance(misled, Play)
    assert misled.card == parse_card("TD")
    assert _phase2_tricks(parse_card("TD"), parse_card("JD")) < WIN_TRICKS
    assert _worst_reply(misled.card) < WIN_TRICKS


def test_a_reply_is_not_searched_when_the_expert_answers_a_lead() -> None:
    # The reply search is for our leads: second to play, the trick ends with our card, so
    # with the same samples the search values every card as the default does.
    ace = parse_card("AC")
    answering = replace(
        _view(),
        leader=OPPONENT,
        trick=(ace,),
        hand_sizes=(12, 13),
        public={"phase": 1, "stock": 2, "face_up": FACE_UP, "known": [THEIR_HAND & ~(1 << ace), 0]},
    )
    legal = tuple(Play(c) for c in CardSet(OUR_HAND))
    searching = GermanExpertBot(random.Random(4), samples=DEFAULT_SAMPLES, reply_search=True)
    plain = GermanExpertBot(random.Random(4), samples=DEFAULT_SAMPLES)
    assert searching.choose(answering, legal) == plain.choose(answering, legal)
