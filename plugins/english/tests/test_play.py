"""English Whist deal and play, one rule per test, on arranged deals
(docs/variants/english.md §2.3, §2.4).

Seed 002 numbers its players 1 to 4; here player k sits in seat k − 1, so its example
"player 2 deals, player 3 leads" is E (seat 1) dealing and S (seat 2) leading, and its
partnership "players 1 and 3" is N–S.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from english_helpers import E, N, S, W, cards, play, play_out
from openwhist import (
    TERMINAL,
    CardSet,
    Deal,
    DealState,
    Engine,
    IllegalActionError,
    Play,
    PlayerView,
    Suit,
    mask_of,
    parse_card,
)
from openwhist_english import AMERICAN, ENGLISH, honours_as_dealt
from openwhist_english.arrange import arrange_deck

# The seed 002 example deal: E deals and turns up the 8♥; S holds K♠ and A♥ K♥ Q♥; W holds
# 3♠ and J♥; N holds no spade (but has trumps); E holds A♠.
SEED_HANDS = [
    "2D 3D 4D 5D 6D 7D 2H 3H 4H 5H 2C 3C 4C",
    "AS 8H 9H TH 8D 9D TD 5C 6C 7C 8C 9C TC",
    "KS QS JS TS AH KH QH JD QD KD AD JC QC",
    "2S 3S 4S 5S 6S 7S 8S 9S 6H 7H JH KC AC",
]


def seed_deal(variant: Any = ENGLISH) -> tuple[Engine, DealState[Any]]:
    engine = Engine(variant)
    state = engine.start_deal(dealer=E)
    order = arrange_deck(SEED_HANDS, dealer=E, turn_up="8H")
    return engine, engine.apply(state, Deal(order))


def test_deal_one_at_a_time_from_eldest_hand() -> None:
    """§2.3: 52 cards one at a time clockwise from the dealer's left; 13 each; the 52nd card
    (the dealer's last) is the dealer's."""
    engine = Engine(ENGLISH)
    order = tuple(range(52))
    state = engine.apply(engine.start_deal(dealer=W), Deal(order))
    # Dealer W: N (eldest) gets deck cards 0, 4, 8, ...; W gets 3, 7, ..., 51.
    for seat in (N, E, S, W):
        assert state.hands[seat] == sum(1 << c for c in range(seat, 52, 4))
    assert all(CardSet(h).__len__() == 13 for h in state.hands)
    assert state.hands[W] >> 51 & 1


def test_seed_002_dealer_turns_up_the_eight_of_hearts_and_eldest_leads() -> None:
    """Seed 002: player 2 deals and turns up 8♥: hearts are trumps and player 3 leads."""
    _engine, state = seed_deal()
    assert state.trump == Suit.HEARTS
    assert state.to_act == S
    assert state.leader == S
    # The turn-up is an ordinary card of the dealer's hand in the engine.
    assert state.hands[E] >> parse_card("8H") & 1


def test_seed_002_trick_ace_of_spades_wins_over_a_discard() -> None:
    """Seed 002: S leads K♠, W follows 3♠, N (no spades; partner winning) discards 2♦
    instead of trumping, E plays A♠ and wins the trick; the winner leads next."""
    engine, state = seed_deal()
    state = play(engine, state, "KS 3S")
    n_legal = {a.notation() for a in engine.legal_actions(state)}
    # N is void in spades: any card, trumps included, and the discard too.
    assert n_legal == set(SEED_HANDS[N].split())
    assert "2H" in n_legal
    assert "2D" in n_legal
    state = play(engine, state, "2D AS")
    assert state.completed[-1].winner == E
    assert state.tricks == (0, 1, 0, 0)
    assert state.to_act == E
    assert state.leader == E


def test_must_follow_suit_a_revoke_is_rejected() -> None:
    """§0.3.3 and §2.8: W holds spades, so playing J♥ to a spade lead is a revoke; the
    engine rejects it and names the legal cards."""
    engine, state = seed_deal()
    state = play(engine, state, "KS")
    with pytest.raises(IllegalActionError) as info:
        engine.apply(state, engine.parse_action(state, "JH"))
    assert set(info.value.legal) == {"2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"}
    assert state.hands[W] >> parse_card("JH") & 1  # nothing changed


def test_highest_trump_wins_a_ruffed_trick() -> None:
    """§0.3.4: a trump beats the led suit's ace; the highest trump wins."""
    engine, state = seed_deal()
    state = play(engine, state, "KS 3S 2H AS")  # N ruffs with the 2♥
    assert state.completed[-1].winner == N


def test_turn_up_is_public_for_the_whole_deal_and_face_up_until_the_dealer_plays() -> None:
    """§2.3: every seat knows the turn-up; it lies face up until the dealer's first play,
    then it is an ordinary card of the dealer's hand (still remembered by everybody)."""
    engine, state = seed_deal()
    turn = parse_card("8H")
    for seat in (N, E, S, W):
        view = engine.observe(state, seat)
        assert view.public["turn_up"] == turn
        assert view.public["turn_up_on_table"] is True
    state = play(engine, state, "KS 3S 2D")
    assert engine.observe(state, N).public["turn_up_on_table"] is True  # E to play
    state = play(engine, state, "AS")
    view = engine.observe(state, W)
    assert view.public["turn_up"] == turn
    assert view.public["turn_up_on_table"] is False
    assert view.public["turn_up_held"] is True
    state = play(engine, state, "8H")  # E leads the turn-up itself
    assert engine.observe(state, S).public["turn_up_held"] is False
    state = play_out(engine, state)
    assert engine.observe(state, N).public["turn_up"] == turn


def test_a_seat_sees_its_own_hand_only_partner_included() -> None:
    """§2.4 / DESIGN: a view holds the seat's own hand; the deal itself is hidden in the
    history; the other hands show only as counts."""
    engine, state = seed_deal()
    state = play(engine, state, "KS 3S")
    view = engine.observe(state, N)
    assert view.hand == cards(SEED_HANDS[N])
    others = cards(SEED_HANDS[S]) & ~(1 << parse_card("KS"))
    assert not any(getattr(view, f) == others for f in view.__dataclass_fields__)
    assert view.history[0] == "?"
    assert view.history[1:] == ("KS", "3S")
    assert view.hand_sizes == (13, 13, 12, 12)


CARD_WORD = re.compile(r"(?:10|[2-9TJQKA])[CDHS]", re.IGNORECASE)
# Public facts whose ints are known not to be cards: scores and the target. "turn_up" is a
# single card. Every other int anywhere in a view is read both as a card and as a mask.
NUMBER_KEYS = frozenset({"game_score", "game_target"})
CARD_KEYS = frozenset({"turn_up"})
ALL_CARDS = (1 << 52) - 1


def named_in_view(value: object, key: str = "") -> int:
    """The cards a JSON-like view value could be naming: notation in strings; ints as a
    single card and as a card mask (except under NUMBER_KEYS / CARD_KEYS); recursive."""
    if isinstance(value, bool) or key in NUMBER_KEYS:
        return 0
    if isinstance(value, int):
        single = 1 << value if 0 <= value < 52 else 0
        return single if key in CARD_KEYS else single | (value & ALL_CARDS)
    if isinstance(value, str):
        return mask_of(parse_card(w) for w in CARD_WORD.findall(value))
    if isinstance(value, dict):
        out = 0
        for k, v in value.items():
            out |= named_in_view(v, str(k))
        return out
    if isinstance(value, (list, tuple)):
        out = 0
        for v in value:
            out |= named_in_view(v, key)
        return out
    return 0


def assert_views_show_no_other_hand(engine: Engine, state: DealState[Any]) -> None:
    """§2.3 / DESIGN: no view names a card of another seat's current hand, except the
    turn-up, which every seat knows while it lies in the dealer's hand."""
    turn_up = engine.observe(state, N).public.get("turn_up")
    allowed = 0 if turn_up is None else 1 << turn_up
    for seat in (N, E, S, W):
        view = engine.observe(state, seat)
        assert view.hand == state.hands[seat]
        named = named_in_view([view.public, view.private])
        for other in (N, E, S, W):
            if other != seat:
                leaked = named & state.hands[other] & ~allowed
                assert leaked == 0, (seat, other, CardSet(leaked), view)


def _random_deals(count: int) -> Iterator[tuple[Engine, DealState[Any], list[Play]]]:
    """``count`` seeded random deals as (engine, dealt state, card plays to the end)."""
    rng = random.Random(2024)
    for number in range(count):
        engine = Engine(ENGLISH)
        state = engine.start_deal(dealer=number % 4)
        state = engine.apply(state, engine.sample_chance(state, rng))
        dealt_state, plays = state, []
        while state.to_act >= 0:
            action = rng.choice(engine.legal_actions(state))
            assert isinstance(action, Play)
            plays.append(action)
            state = engine.apply(state, action)
        yield engine, dealt_state, plays


def test_no_view_names_a_card_of_another_seats_hand_at_any_point() -> None:
    """Every state of 20 random deals and of the seed deal, every seat against every other."""
    engine, state = seed_deal()
    while state.to_act >= 0:
        assert_views_show_no_other_hand(engine, state)
        state = engine.apply(state, engine.legal_actions(state)[0])
    for engine, state, plays in _random_deals(20):
        for action in plays:
            assert_views_show_no_other_hand(engine, state)
            state = engine.apply(state, action)


def assert_views_blind_to_hidden_swaps(
    engine: Engine,
    state: DealState[Any],
    plays: list[Play],
    rng: random.Random,
    seats: tuple[int, int] | None = None,
) -> None:
    """Swap two unplayed cards (not the turn-up) between two seats (``seats``, else a random
    pair) in the deck order, replay a random prefix of ``plays`` and check that the two
    other seats' views stay equal throughout."""
    deal = state.history[0]
    assert isinstance(deal, Deal)
    order = deal.order
    dealer = state.dealer
    prefix = rng.randrange(len(plays))
    played = {p.card for p in plays[:prefix]}
    a, b = seats if seats is not None else rng.sample((N, E, S, W), 2)
    seat_of = [(dealer + 1 + i) % 4 for i in range(52)]
    turn_up_position = 51  # the dealer's last card is turned up (§2.3)
    spots = {
        seat: [i for i in range(51) if seat_of[i] == seat and order[i] not in played]
        for seat in (a, b)
    }
    assert seat_of[turn_up_position] == dealer
    i, j = rng.choice(spots[a]), rng.choice(spots[b])
    swapped = list(order)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    other = engine.apply(engine.start_deal(dealer=dealer), Deal(tuple(swapped)))
    current = state
    observers = [s for s in (N, E, S, W) if s not in (a, b)]
    for step in range(prefix + 1):
        for seat in observers:
            assert engine.observe(current, seat) == engine.observe(other, seat), (seat, step)
        if step < prefix:
            current = engine.apply_unchecked(current, plays[step])
            other = engine.apply_unchecked(other, plays[step])
    assert engine.observe(current, a) != engine.observe(other, a)  # a's own hand changed


def test_views_do_not_depend_on_cards_the_seat_cannot_know() -> None:
    """DESIGN views: two deals that differ only in where two still-hidden cards lie (held
    by two other seats) look the same to a seat, at every point up to a random one."""
    rng = random.Random(7)
    for engine, state, plays in _random_deals(30):
        assert_views_blind_to_hidden_swaps(engine, state, plays, rng)


def _leaky_engine(seat: int) -> Engine:
    """An English engine whose views also show ``seat``'s hand as a mask."""
    engine = Engine(ENGLISH)
    observe = engine.rules.observe

    def leaky(state: DealState[Any], viewer: int) -> PlayerView:
        view = observe(state, viewer)
        return dataclasses.replace(view, private={"peek": [state.hands[seat]]})

    engine.rules.observe = leaky  # type: ignore[method-assign]
    return engine


def test_the_view_checks_catch_a_leaked_hand() -> None:
    """The two checks above are not vacuous: a view that shows N's hand fails both (the
    swap check as soon as one of N's cards moves: S and W then see different views)."""
    engine = _leaky_engine(N)
    _engine, state = seed_deal()
    with pytest.raises(AssertionError):
        assert_views_show_no_other_hand(engine, state)
    rng = random.Random(1)
    for _engine, state, plays in _random_deals(5):
        with pytest.raises(AssertionError):
            assert_views_blind_to_hidden_swaps(engine, state, plays, rng, seats=(N, E))


def test_honours_counted_as_dealt_with_the_turn_up_for_the_dealer_side() -> None:
    """§2.5: honours count as dealt; the turned-up card counts for the dealer's side. E
    deals and turns up J♥, W holds A♥ K♥, N holds Q♥: E–W hold three honours."""
    hands = [
        "QH 2D 3D 4D 5D 6D 7D 2H 3H 4H 2C 3C 4C",
        "JH AS 9H TH 8D 9D TD 5C 6C 7C 8C 9C TC",
        "KS QS JS TS 5H 8H 7H JD QD KD AD JC QC",
        "2S 3S 4S 5S 6S 7S 8S 9S 6H AH KH KC AC",
    ]
    engine = Engine(ENGLISH)
    state = engine.apply(
        engine.start_deal(dealer=E), Deal(arrange_deck(hands, dealer=E, turn_up="JH"))
    )
    final = play_out(engine, state)
    assert honours_as_dealt(final) == (1, 3)
    score = engine.score(final)
    assert score.facts["honours"] == [1, 3]
    honour_lines = [line for line in score.lines if line.category == "honours"]
    assert [(line.party, line.points) for line in honour_lines] == [(1, 2)]


def test_seed_deal_facts_give_three_honours_to_north_south() -> None:
    """Seed 002: N–S "had the ace, king and queen of hearts": three honours."""
    engine, state = seed_deal()
    final = play_out(engine, state)
    assert final.to_act == TERMINAL
    deal_facts = engine.rules.deal_facts(final)
    assert deal_facts.honours == (3, 1)  # type: ignore[attr-defined]
    assert sum(deal_facts.tricks) == 13  # type: ignore[attr-defined]


def test_american_deals_and_plays_like_english_but_scores_no_honours() -> None:
    """§3: deal, turn-up, lead and play as English; honours do not score."""
    engine, state = seed_deal(AMERICAN)
    assert state.trump == Suit.HEARTS
    assert state.to_act == S
    score = engine.score(play_out(engine, state))
    assert all(line.category != "honours" for line in score.lines)
    assert score.facts["honours"] == [3, 1]  # still recorded as facts


def test_every_seat_sees_the_game_score_written_on_the_table() -> None:
    """§2.5/§2.6: the score of the game in progress is public (it decides the at-four rule),
    so the view of every seat carries it with the game target."""
    engine = Engine(ENGLISH)
    progress = engine.start_match(first_dealer=0)
    state = engine.next_deal(progress)
    state = engine.apply(state, engine.sample_chance(state, random.Random(9)))
    state = play_out(engine, state)
    score = engine.score(state)
    progress = engine.advance_match(progress, score)
    expected = progress.detail["game_score"]
    assert expected != [0, 0]  # with this seed the first deal scores without ending the game
    state = engine.next_deal(progress)
    for seat in (N, E, S, W):
        view = engine.observe(state, seat)
        assert view.public["game_score"] == expected
        assert view.public["game_target"] == 5
