"""Forms drawn from a model's schema (`openwhist.services.forms`): every installed
variant's deal facts, as a played deal produced them, are shown by the form and read back
as the same facts; seats and sides are chosen and typed by the players' names."""

from __future__ import annotations

import random

import pytest
from openwhist.game.engine import Engine
from openwhist.game.state import CHANCE, TERMINAL
from openwhist.plugins import Catalog, load_catalog
from openwhist.services.forms import FactsForm, Seating

CATALOG: Catalog = load_catalog()
SCORE_KEPT = sorted(n for n, e in CATALOG.variants.items() if e.variant.facts is not None)


def _seating(engine: Engine) -> Seating:
    seats = engine.seats
    players = tuple(f"P{i}" for i in range(seats))
    sides = engine.variant.partnerships
    parties = tuple(
        next((k for k, side in enumerate(sides) if seat in side), seat) for seat in range(seats)
    )
    count = len(sides) if sides else seats
    return Seating(players, parties, tuple(f"party{k}" for k in range(count)))


@pytest.mark.parametrize("name", SCORE_KEPT)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_played_deal_s_facts_read_back_through_the_form(name: str, seed: int) -> None:
    variant = CATALOG.variant(name)
    engine = Engine(variant)
    rng = random.Random(seed)
    state = engine.start_deal(dealer=0)
    while state.to_act != TERMINAL:
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
        else:
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
    facts = engine.rules.deal_facts(state)
    assert variant.facts is not None
    form = FactsForm(variant.facts.model_json_schema(), _seating(engine))
    dumped = facts.model_dump(mode="json")
    values = form.values_of(dumped)
    # Every input the form shows has a name the values can fill.
    names = {
        f.name for g in form.groups(values) for f in (*g.fields, *(x for r in g.rows for x in r))
    }
    assert set(values) <= names, sorted(set(values) - names)
    read, problems = form.read(values)
    assert problems == []
    assert variant.facts.model_validate(read) == facts


def test_declared_seats_and_sides_are_the_players() -> None:
    israeli = CATALOG.variant("israeli")
    assert israeli.facts is not None
    seating = Seating(("Noa", "Eli", "Sara", "Wim"), (0, 1, 2, 3), ("N", "E", "S", "W"))
    groups = {g.fact: g for g in FactsForm(israeli.facts.model_json_schema(), seating).groups()}
    declarer = groups["declarer"].fields[0]
    assert declarer.kind == "select"
    assert [str(c.label) for c in declarer.choices[1:]] == ["Noa", "Eli", "Sara", "Wim"]
    assert [f.label for f in groups["contracts"].fields] == ["Noa", "Eli", "Sara", "Wim"]
    assert all(f.kind == "number" for f in groups["tricks"].fields)
    english = CATALOG.variant("english")
    assert english.facts is not None
    sides = Seating(("Ann", "Bob", "Cy", "Di"), (0, 1, 0, 1), ("NS", "EW"))
    english_groups = {
        g.fact: g for g in FactsForm(english.facts.model_json_schema(), sides).groups()
    }
    assert [f.label for f in english_groups["tricks"].fields] == ["Ann & Cy", "Bob & Di"]
    side = english_groups["revokes"].rows[0][0]
    assert [str(c.label) for c in side.choices[1:]] == ["Ann & Cy", "Bob & Di"]
    penalty = english_groups["revokes"].rows[0][1]
    assert [c.value for c in penalty.choices[1:]] == ["transfer_tricks", "deduct", "add"]


def test_an_item_left_empty_among_given_ones_is_named() -> None:
    israeli = CATALOG.variant("israeli")
    assert israeli.facts is not None
    seating = Seating(("Noa", "Eli", "Sara", "Wim"), (0, 1, 2, 3), ("N", "E", "S", "W"))
    form = FactsForm(israeli.facts.model_json_schema(), seating)
    facts, problems = form.read({"tricks.0": "5", "tricks.2": "x"})
    assert "tricks" not in facts
    assert [p.render() for p in problems] == ["tricks: give a value for each (Eli, Wim left empty)"]
    assert form.read({"frisch_rounds": "two"})[0]["frisch_rounds"] == "two"  # the model says why
