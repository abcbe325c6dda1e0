"""No-Trump Whist's tests: hand-built deals for its two rules, then the conformance kit.

Run them with ``pytest`` in an environment where openwhist and this plugin are installed;
openwhist's pytest plugin provides the ``whist_conformance`` fixture.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from openwhist import NO_TRUMP, Deal, DealContext, Engine, FactKind, Play, Suit, iter_cards
from openwhist.testing import ConformanceReport, check_match, option_samples
from openwhist_notrump import NOTRUMP, NotrumpFacts, NotrumpOptions

N, E, S, W = range(4)


def suit(s: Suit) -> list[int]:
    """The 13 cards of suit ``s``, two first."""
    return [s * 13 + r for r in range(13)]


def deck_for(hands: dict[int, list[int]], dealer: int) -> tuple[int, ...]:
    """The deck order that deals ``hands`` (seat -> 13 cards) one at a time from eldest hand."""
    eldest = (dealer + 1) % 4
    order = [0] * 52
    for seat, cards in hands.items():
        for k, card in enumerate(cards):
            order[4 * k + (seat - eldest) % 4] = card
    return tuple(order)


# North holds every club, East every spade, South every diamond, West every heart.
# Dealt by West, the 52nd card (West's last) is the ace of hearts: standard whist would
# make hearts trump and West would win every trick; without trump North's clubs win them.
ONE_SUIT_EACH = deck_for(
    {N: suit(Suit.CLUBS), E: suit(Suit.SPADES), S: suit(Suit.DIAMONDS), W: suit(Suit.HEARTS)},
    dealer=W,
)


def play_lowest(engine: Engine) -> Any:
    """Deal ONE_SUIT_EACH and let every seat play its lowest legal card; the final state."""
    state = engine.apply(engine.start_deal(dealer=W), Deal(ONE_SUIT_EACH))
    while not state.is_terminal:
        state = engine.apply(state, engine.legal_actions(state)[0])
    return state


def test_the_deal_turns_no_trump() -> None:
    engine = Engine(NOTRUMP)
    state = engine.apply(engine.start_deal(dealer=W), Deal(ONE_SUIT_EACH))
    assert state.trump == NO_TRUMP
    assert state.to_act == N, "eldest hand, left of the dealer, leads"
    assert list(iter_cards(state.hands[N])) == suit(Suit.CLUBS)


def test_a_discard_never_wins_the_trick() -> None:
    engine = Engine(NOTRUMP)
    state = engine.apply(engine.start_deal(dealer=W), Deal(ONE_SUIT_EACH))
    for card in (0, 51, 25, 38):  # N leads 2C; E discards AS, S AD, W AH
        state = engine.apply(state, Play(card))
    assert state.completed[-1].winner == N
    assert state.to_act == N, "the winner leads the next trick"


def test_north_south_win_all_thirteen_tricks_and_score_seven() -> None:
    engine = Engine(NOTRUMP)
    score = engine.score(play_lowest(engine))
    assert score.tricks == (13, 0, 0, 0)
    assert score.winner == 0
    assert score.points(0) == 7  # 13 tricks, 7 over the book of six
    assert score.points(1) == 0


def test_the_last_trick_bonus_goes_to_the_side_that_won_it() -> None:
    engine = Engine(NOTRUMP, {"last_trick_bonus": "true"})  # as `-o last_trick_bonus=true`
    score = engine.score(play_lowest(engine))
    assert score.points(0) == 8  # 7 over book + 1 for the 13th trick


def test_entered_facts_are_scored_like_played_deals() -> None:
    # A score-keeper's real-card deal: N-S took 2 + 3 = 5 tricks, E-W 4 + 4 = 8; South
    # took the last trick.
    engine = Engine(NOTRUMP, {"last_trick_bonus": True})
    context = DealContext(options=engine.options, seats=4, dealer=N)
    score = engine.rules.score_facts(NotrumpFacts(tricks=(2, 4, 3, 4), last_trick=S), context)
    assert score.winner == 1
    assert (score.points(0), score.points(1)) == (1, 2)


def test_facts_that_do_not_add_up_to_thirteen_tricks_are_rejected() -> None:
    with pytest.raises(ValueError, match="add up to 13"):
        NotrumpFacts(tricks=(3, 3, 3, 3), last_trick=N)


def test_an_unknown_option_is_rejected_by_name() -> None:
    with pytest.raises(ValueError, match="unknown option 'trump'"):
        Engine(NOTRUMP, {"trump": "spades"})
    assert NotrumpOptions().last_trick_bonus is False


def test_every_seat_sees_whether_the_last_trick_scores_a_bonus() -> None:
    # The public fact the presentation declares (presentation.py): a flag, shown while on.
    for bonus in (False, True):
        engine = Engine(NOTRUMP, {"last_trick_bonus": bonus})
        state = engine.apply(engine.start_deal(dealer=W), Deal(ONE_SUIT_EACH))
        views = [engine.observe(state, seat) for seat in range(4)]
        assert all(v.public == {"last_trick_bonus": bonus} for v in views)
    fact = NOTRUMP.presentation.fact("last_trick_bonus")
    assert fact is not None
    assert fact.kind is FactKind.FLAG


# The conformance kit: every option choice (option_samples), then whole matches.
@pytest.mark.parametrize("options", [{}, *option_samples(NOTRUMP)], ids=str)
def test_notrump_passes_the_conformance_kit(
    whist_conformance: Callable[..., ConformanceReport],
    whist_deals: int,
    options: dict[str, Any],
) -> None:
    report = whist_conformance(NOTRUMP, seed=1, options=options)
    assert report.deals == whist_deals


def test_notrump_matches_finish() -> None:
    report = check_match(NOTRUMP, matches=5, seed=1)
    assert report.matches == 5
