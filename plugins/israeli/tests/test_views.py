"""Views (RULES.md §4 item 7 of the issue): bids and contracts public, Frisch selections
private, never another seat's hand."""

from __future__ import annotations

import re

from israeli_helpers import SUIT_HANDS, E, N, S, W, calls, cards, dealt, deck_for, engine
from openwhist import HIDDEN, Deal, parse_card

LOW_THREE = "frisch 2C 3C 4C, frisch 2D 3D 4D, frisch 2H 3H 4H, frisch 2S 3S 4S"
SCRIPT = f"pass, pass, pass, pass, {LOW_THREE}, 6S, pass, 7H, pass, pass, pass, 7, 3"
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def named_cards(value: object) -> int:
    """Cards named in notation anywhere in a JSON-like value."""
    if isinstance(value, str):
        return sum(1 << parse_card(m) for m in set(CARD.findall(value)))
    if isinstance(value, dict):
        return _union(named_cards(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return _union(named_cards(v) for v in value)
    return 0


def _union(masks):
    out = 0
    for m in masks:
        out |= m
    return out


def test_public_facts_are_the_same_for_every_seat_and_show_bids_and_contracts():
    eng = engine()
    state = calls(eng, dealt(eng), SCRIPT)
    views = [eng.observe(state, seat) for seat in range(4)]
    assert all(v.public == views[0].public for v in views)
    public = views[0].public
    assert public["auction"] == [[N, "6S"], [E, "pass"], [S, "7H"], [W, "pass"], [N, "pass"],
                                 [E, "pass"]]  # fmt: skip
    assert public["declarer"] == S
    assert public["bid"] == "7H"
    assert public["contracts"] == [None, None, 7, 3]
    assert public["frisch_rounds"] == 1
    assert public["min_bid"] == 6
    for view in views:
        assert view.hand == state.hands[view.seat]


def test_a_seat_sees_its_own_frisch_cards_and_no_other_hidden_card():
    eng = engine()
    state = calls(eng, dealt(eng), SCRIPT)
    for seat in range(4):
        view = eng.observe(state, seat)
        own_given = cards(LOW_THREE.split(", ")[seat].removeprefix("frisch "))
        giver = (seat - 1) % 4
        received = cards(LOW_THREE.split(", ")[giver].removeprefix("frisch "))
        assert view.private["frisch_given"] == [
            [c for c in LOW_THREE.split(", ")[seat].split()[1:]]
        ]
        assert named_cards(view.private["frisch_received"]) == received
        known = view.hand | own_given | received
        # Bids such as 6S look like cards: scan everything but the calls.
        calls_free = [h for h in view.history if h.startswith("frisch")]
        public = {k: v for k, v in view.public.items() if k not in ("auction", "high_bid", "bid")}
        assert named_cards([public, view.private, calls_free]) & ~known == 0
        # Everyone else's selection is a "?" in this seat's history.
        frisch_entries = [h for h in view.history if h.startswith("frisch") or h == HIDDEN]
        assert frisch_entries.count(HIDDEN) == 1 + 3  # the deal and three selections


def test_views_do_not_depend_on_cards_the_seat_cannot_know():
    # Swap two cards between E and W (neither passed in the Frisch): N's view must not change.
    eng = engine()
    swapped = dict(SUIT_HANDS)
    swapped[E] = SUIT_HANDS[E].replace("KD", "KS")
    swapped[W] = SUIT_HANDS[W].replace("KS", "KD")
    states = []
    for hands in (SUIT_HANDS, swapped):
        state = eng.apply(eng.start_deal(dealer=W), Deal(deck_for(hands, W)))
        states.append(calls(eng, state, "pass, pass, pass, pass, frisch 2C 3C 4C"))
    for seat in (N, S):
        assert eng.observe(states[0], seat) == eng.observe(states[1], seat)
    # Mid-Frisch, before E commits: E's own view of course differs.
    assert eng.observe(states[0], E) != eng.observe(states[1], E)
