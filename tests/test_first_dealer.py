"""The first-dealer rule hook: who deals first is the variant's rule, drawn from the match's
random generator (so a seed repeats it and a record stores it)."""

from __future__ import annotations

import random

from openwhist import Engine
from openwhist.plugins import load_catalog
from openwhist.services.simulate import play_match
from openwhist.testing.toy import TOY
from openwhist_english.match import choose_first_dealer


def test_hook_whist_first_dealer_standard_is_any_seat_from_the_rng() -> None:
    engine = Engine(TOY)
    seats = [engine.choose_first_dealer(random.Random(s)) for s in range(200)]
    assert set(seats) == {0, 1, 2, 3}
    # The same generator state gives the same dealer: a seeded match repeats exactly.
    assert engine.choose_first_dealer(random.Random(7)) == engine.choose_first_dealer(
        random.Random(7)
    )


def test_hook_whist_first_dealer_english_cut_lowest_is_the_lowest_cut() -> None:
    """docs/variants/english.md §2.1: with cut_lowest everyone cuts and the lowest card deals (ace
    low), so the dealer follows the cut, not a plain random seat."""
    catalog = load_catalog()
    english = catalog.variant("english")
    cut = Engine(english, {"first_dealer": "cut_lowest"})
    plain = Engine(english)
    cut_seats = [cut.choose_first_dealer(random.Random(s)) for s in range(200)]
    plain_seats = [plain.choose_first_dealer(random.Random(s)) for s in range(200)]
    assert set(cut_seats) == {0, 1, 2, 3}
    # The engine asks the variant's cut, and the option switches the procedure.
    assert cut_seats == [
        choose_first_dealer(cut.options, random.Random(s))  # type: ignore[arg-type]
        for s in range(200)
    ]
    assert cut_seats != plain_seats


def test_the_first_dealer_is_recorded_and_deals_the_first_deal() -> None:
    catalog = load_catalog()
    engine = Engine(catalog.variant("english"), {"first_dealer": "cut_lowest"})
    bots = catalog.bots_for("english")
    random_bot = next(b for b in bots if b.name == "random")
    outcome = play_match(engine, [random_bot] * 4, seed=11, max_deals=1)
    record = outcome.record
    assert record.deals[0].dealer == record.first_dealer
