"""A house rule is a separate tiny plugin that overrides one rule of a variant (issue 2,
item 5; docs/architecture.md#the-plugin-contract "The plugin contract").

``lowball`` changes the trick winner of German Whist and nothing else: the *lowest* trump
wins if a trump was played, else the *lowest* card of the led suit. A discard still never
wins (docs/variants/core.md §0.3.4 otherwise unchanged). It is registered the way any plugin
registers house rules (``whist_register_house_rules``, here through
``load_catalog(extra_plugins=)``) and enabled per match with ``Engine(..., house_rules=[...])``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from openwhist import Deal, DealState, Engine, HouseRule, Play, hookimpl, parse_card
from openwhist.plugins import Catalog, load_catalog
from openwhist.testing import check_match, check_variant
from openwhist_german.arrange import arrange_deck

A, B = 0, 1


class LowballRules:
    """The house rule's rules plugin: one hook."""

    @hookimpl
    def whist_trick_winner(self, state: DealState[Any], trick: tuple[int, ...]) -> int:
        led = trick[0] // 13
        trumps = [i for i, card in enumerate(trick) if card // 13 == state.trump]
        candidates = trumps or [i for i, card in enumerate(trick) if card // 13 == led]
        lowest = min(candidates, key=lambda i: trick[i])
        return (state.leader + lowest) % state.context.seats


class LowballPlugin:
    """The discovery side: registers the house rule."""

    @hookimpl
    def whist_register_house_rules(self, register: Callable[[HouseRule], None]) -> None:
        register(
            HouseRule(
                name="lowball",
                title="Lowball tricks",
                description="the lowest trump, else the lowest card of the led suit, wins",
                rules=LowballRules(),
                variants=("german",),
            )
        )


def lowball_winner(trick: tuple[int, ...], leader: int, trump: int) -> int:
    """The rule restated independently: rank the cards that can win, lowest first."""

    def badness(card: int) -> tuple[int, int]:
        if card // 13 == trump:
            return (0, card % 13)
        if card // 13 == trick[0] // 13:
            return (1, card % 13)
        return (2, 0)

    best = min(range(len(trick)), key=lambda i: badness(trick[i]))
    return (leader + best) % 2


def standard_winner(trick: tuple[int, ...], leader: int, trump: int) -> int:
    def strength(card: int) -> tuple[int, int]:
        if card // 13 == trump:
            return (2, card % 13)
        if card // 13 == trick[0] // 13:
            return (1, card % 13)
        return (0, 0)

    best = max(range(len(trick)), key=lambda i: strength(trick[i]))
    return (leader + best) % 2


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(extra_plugins=[("lowball-plugin", LowballPlugin())])


@pytest.fixture(scope="module")
def lowball(catalog: Catalog) -> Engine:
    german = catalog.variant("german")
    return Engine(german, house_rules=[catalog.house_rule("lowball")])


@pytest.fixture(scope="module")
def plain(catalog: Catalog) -> Engine:
    return Engine(catalog.variant("german"))


def test_the_house_rule_is_registered_for_german(catalog: Catalog) -> None:
    rule = catalog.house_rule("lowball")
    assert rule.variants == ("german",)
    assert isinstance(rule.rules, LowballRules)


def test_the_rule_stack_puts_the_house_rule_on_top(lowball: Engine) -> None:
    chain = lowball.rules.hook_implementations()["whist_trick_winner"]
    assert chain == ["house-rule:lowball", "openwhist.game.standard"]
    # Every other hook is exactly German's.
    legal_chain = lowball.rules.hook_implementations()["whist_after_trick"]
    assert legal_chain == ["variant:german", "openwhist.game.standard"]


# B (the non-dealer) holds low hearts and low clubs, A (the dealer) high hearts and
# diamonds; the face-up card is the AS (spades are trump), the KS lies under it.
DECK = arrange_deck(
    non_dealer="2H 3H 4H 5H 6H 7H 8H 2C 3C 4C 5C 6C 7C",
    dealer="9H TH JH QH KH AH 2D 3D 4D 5D 6D 7D 8D",
    stock="AS KS",
)


def first_trick(engine: Engine) -> DealState[Any]:
    state = engine.start_deal(dealer=A)
    state = engine.apply(state, Deal(DECK))
    assert (state.trump, state.to_act) == (3, B)
    state = engine.apply(state, Play(parse_card("2H")))
    return engine.apply(state, Play(parse_card("AH")))


def test_the_lowest_card_of_the_led_suit_wins_and_takes_the_face_up_card(
    lowball: Engine, plain: Engine
) -> None:
    house = first_trick(lowball)
    assert house.completed[0].winner == B
    # German's draw is untouched: the winner takes the face-up AS, the loser the KS.
    assert house.hands[B] >> parse_card("AS") & 1
    assert house.hands[A] >> parse_card("KS") & 1
    assert house.to_act == B
    # Without the house rule German is unchanged: the AH wins and A takes the AS.
    german = first_trick(plain)
    assert german.completed[0].winner == A
    assert german.hands[A] >> parse_card("AS") & 1


def test_a_discard_still_never_wins(lowball: Engine) -> None:
    state = first_trick(lowball)
    state = lowball.apply(state, Play(parse_card("3C")))  # B leads a club; A has none
    legal = {a.notation() for a in lowball.legal_actions(state)}
    assert "2D" in legal  # void in clubs: A may discard anything
    state = lowball.apply(state, Play(parse_card("2D")))
    assert state.completed[1].winner == B  # the 2D is lower, but it is a discard


def test_the_lowest_trump_wins_when_trumps_are_played(lowball: Engine) -> None:
    state = first_trick(lowball)  # A now holds the KS
    state = lowball.apply(state, Play(parse_card("4C")))
    state = lowball.apply(state, Play(parse_card("KS")))  # A ruffs
    assert state.completed[1].winner == A


def test_only_the_trick_winner_changes(lowball: Engine, plain: Engine) -> None:
    """Over random deals: every trick is won per the house rule (and some differ from
    German), legality is German's at every step, and the scoring is German's."""
    differing = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = lowball.start_deal(dealer=seed % 2)
        state = lowball.apply(state, lowball.sample_chance(state, rng))
        while state.to_act >= 0:
            legal = lowball.legal_actions(state)
            assert legal == plain.legal_actions(state)
            state = lowball.apply(state, legal[rng.randrange(len(legal))])
        for record in state.completed:
            assert record.winner == lowball_winner(record.cards, record.leader, state.trump)
            differing += record.winner != standard_winner(record.cards, record.leader, state.trump)
        assert lowball.score(state) == plain.score(state)
        assert len(state.completed) == 26
    assert differing > 40 * 5


def test_german_with_the_house_rule_passes_the_conformance_kit(catalog: Catalog) -> None:
    german = catalog.variant("german")
    rule = catalog.house_rule("lowball")
    report = check_variant(german, house_rules=[rule], deals=150, seed=9)
    assert report.deals == 150
    matches = check_match(
        german, house_rules=[rule], matches=2, options={"match_format": "best_of_3"}
    )
    assert matches.matches == 2


def test_a_house_rule_object_can_also_be_enabled_directly() -> None:
    rule = HouseRule("lowball", "Lowball", "lowest wins", LowballRules())
    catalog = load_catalog()
    engine = Engine(catalog.variant("german"), house_rules=[rule])
    assert first_trick(engine).completed[0].winner == B
