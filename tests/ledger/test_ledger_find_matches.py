"""`Ledger.find_matches` and `Ledger.partners`, what the club's pages read: a page of the
matches a filter lets through with the count of all of them, and who sat on a player's
side -- on SQLite and PostgreSQL, against what `list_matches` says of the same ledger."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from openwhist.services.ledger import Ledger


@pytest.fixture
def ledger(ledger_url: str, catalog: Any) -> Any:
    with Ledger(ledger_url, catalog=catalog) as opened:
        yield opened


def _club(ledger: Ledger) -> dict[str, int]:
    english = ledger.start_match("english", ["Ann", "Bob", "Cy", "Di"])
    ledger.record_real_deal(english, {"tricks": [11, 2]})
    ledger.record_real_deal(english, {"tricks": [12, 1]})  # N-S (Ann & Cy) win the rubber
    second = ledger.start_match("english", ["Bob", "Ann", "Cy", "Di"])  # Ann with Di now
    ledger.record_real_deal(second, {"tricks": [2, 11]})
    ledger.record_real_deal(second, {"tricks": [1, 12]})  # E-W (Ann & Di) win
    german = [ledger.start_match("german", ["Ann", "Eli"]) for _ in range(3)]
    return {"english": english, "second": second, "german": german[-1]}


def test_a_page_and_the_count_agree_with_the_whole_list(ledger: Ledger) -> None:
    _club(ledger)
    everything = ledger.list_matches()
    total, first = ledger.find_matches(limit=2)
    assert total == len(everything) == 5
    assert first == everything[:2]
    assert ledger.find_matches(offset=2, limit=2) == (5, everything[2:4])
    assert ledger.find_matches(offset=4, limit=2) == (5, everything[4:])
    assert ledger.find_matches(limit=0) == (5, [])
    assert ledger.find_matches() == (5, everything)


def test_the_filters_are_list_matches_filters_and_more(ledger: Ledger) -> None:
    ids = _club(ledger)
    assert ledger.find_matches(variant="german")[0] == 3
    assert ledger.find_matches(player="Eli")[1] == ledger.list_matches(player="Eli")
    assert [m["id"] for m in ledger.find_matches(status="finished")[1]] == [
        ids["second"],
        ids["english"],
    ]
    assert ledger.find_matches(status="open", variant="english") == (0, [])
    today = dt.datetime.now(dt.UTC)
    assert ledger.find_matches(started_from=today - dt.timedelta(hours=1))[0] == 5
    assert ledger.find_matches(started_from=today + dt.timedelta(hours=1))[0] == 0
    assert ledger.find_matches(started_before=today - dt.timedelta(hours=1))[0] == 0


def test_partners_are_who_sat_on_the_players_side(ledger: Ledger) -> None:
    _club(ledger)
    assert ledger.partners("Ann") == [
        {"name": "Cy", "kind": "human", "variant": "english", "matches": 1, "won": 1, "lost": 0},
        {"name": "Di", "kind": "human", "variant": "english", "matches": 1, "won": 1, "lost": 0},
    ]
    assert ledger.partners("Bob") == [
        {"name": "Cy", "kind": "human", "variant": "english", "matches": 1, "won": 0, "lost": 1},
        {"name": "Di", "kind": "human", "variant": "english", "matches": 1, "won": 0, "lost": 1},
    ]
    assert ledger.partners("Eli") == []  # German is each for themselves
    assert ledger.partners("Nobody") == []
