"""Claims (issue 17 item 3): `openwhist.claims`, and claims in game records.

* German Whist, phase 2 (every hand known): a claim of exactly what best play gives is
  accepted, one more is refused with the reason naming the defence; in phase 1 the stock
  hides cards and every claim is refused, saying so.
* English Whist, late in seeded deals: a claim of ``k`` tricks is accepted exactly when
  the plain minimax (`openwhist.solver.brute`) gives the claimant's side at least ``k`` on
  *every* deal of the unseen cards consistent with what it has seen (enumerated here
  independently: the hand sizes, the voids shown).
* A record holding claims is written as ``openwhist.record/2`` and replays, re-checking
  each claim; a tampered verdict or a version-1 record with claims is refused; a record
  without claims stays version 1 and has no ``claims`` key.
"""

from __future__ import annotations

import json
import random
import re
from itertools import combinations
from typing import Any

import pytest
from openwhist.bots.heuristic import shown_voids
from openwhist.claims import check_claim, claim_playout, remaining_tricks
from openwhist.game.engine import Engine
from openwhist.game.errors import RecordError
from openwhist.game.state import CHANCE, TERMINAL, DealState
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import (
    CLAIMS_FORMAT,
    RECORD_FORMAT,
    RecordBuilder,
    claim_record,
    load_record,
    replay_record,
)
from openwhist.solver import Solver
from openwhist.solver.brute import side0_tricks


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _drive(
    catalog: Catalog, variant: str, seed: int, stop: Any
) -> tuple[Engine, DealState[Any], random.Random]:
    """A seeded deal played by the heuristic bots until ``stop(state)`` holds."""
    engine = Engine(catalog.variant(variant))
    bot = catalog.bot("heuristic", variant).factory(variant, random.Random(seed))
    rng = random.Random(seed)
    state = engine.next_deal(engine.start_match(0))
    while state.to_act != TERMINAL and not (state.to_act >= 0 and stop(state)):
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        legal = engine.legal_actions(state)
        state = engine.apply(state, bot.choose(engine.observe(state, state.to_act), legal))
    return engine, state, rng


def _phase2(catalog: Catalog, seed: int) -> tuple[Engine, DealState[Any]]:
    engine, state, _ = _drive(catalog, "german", seed, lambda s: len(s.completed) >= 16)
    assert state.to_act >= 0
    return engine, state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_german_phase_two_claims_are_exact(catalog: Catalog, seed: int) -> None:
    engine, state = _phase2(catalog, seed)
    seat = state.to_act
    best = (
        Solver(seats=2, trump=state.trump)
        .solve(state.hands, state.leader, trick=state.trick)
        .tricks_for(seat)
    )
    remaining = remaining_tricks(state)
    assert remaining == 10
    right = check_claim(engine, state, seat, best)
    assert right.accepted, right.reason.render()
    assert right.distributions == 1
    assert "every hand is known" in right.reason.render()
    if best < remaining:
        wrong = check_claim(engine, state, seat, best + 1)
        assert not wrong.accepted
        text = wrong.reason.render()
        assert f"best defence holds your side to {best} of the {remaining}" in text
        assert check_claim(engine, state, seat).accepted is False  # all of them
    # Out of turn, out of range: refused with the reason.
    other = check_claim(engine, state, 1 - seat, 0)
    assert not other.accepted
    assert "your turn" in other.reason.render()
    assert "not 11" in check_claim(engine, state, seat, 11).reason.render()


def test_german_phase_one_claims_are_refused_because_of_the_stock(catalog: Catalog) -> None:
    engine, state, _ = _drive(catalog, "german", 4, lambda s: len(s.completed) >= 5)
    verdict = check_claim(engine, state, state.to_act, 0)
    assert not verdict.accepted
    assert "stock" in verdict.reason.render()


def _consistent_deals(engine: Engine, state: DealState[Any], seat: int) -> list[list[int]]:
    """Every way to deal the cards ``seat`` has not seen to the other seats: their hand
    sizes, and no card of a suit a seat has shown void in (written out plainly)."""
    view = engine.observe(state, seat)
    played = {c for r in view.completed for c in r.cards} | set(view.trick)
    unseen = [c for c in range(52) if not view.hand >> c & 1 and c not in played]
    voids = shown_voids(view)
    others = [s for s in range(4) if s != seat]
    out: list[list[int]] = []

    def deal(i: int, left: list[int], hands: list[int]) -> None:
        if i == len(others):
            out.append(list(hands))
            return
        s = others[i]
        for combo in combinations(left, view.hand_sizes[s]):
            if any(voids[s] >> (c // 13) & 1 for c in combo):
                continue
            hands[s] = sum(1 << c for c in combo)
            deal(i + 1, [c for c in left if c not in combo], hands)

    hands = [0] * 4
    hands[seat] = view.hand
    deal(0, unseen, hands)
    return out


@pytest.mark.parametrize("seed", [5, 6, 7, 8])
def test_english_claims_hold_however_the_unseen_cards_lie(catalog: Catalog, seed: int) -> None:
    engine, state, _ = _drive(catalog, "english", seed, lambda s: len(s.completed) >= 10)
    seat = state.to_act
    deals = _consistent_deals(engine, state, seat)
    assert len(deals) > 1
    side = seat % 2
    worst = min(
        side0_tricks(h, state.trump, state.leader, state.trick)
        if side == 0
        else remaining_tricks(state) - side0_tricks(h, state.trump, state.leader, state.trick)
        for h in deals
    )
    for k in range(remaining_tricks(state) + 1):
        verdict = check_claim(engine, state, seat, k)
        assert verdict.accepted == (k <= worst), (k, worst, verdict.reason.render())
        assert verdict.distributions == len(deals)


def test_israeli_claims_are_refused_with_the_reason(catalog: Catalog) -> None:
    engine, state, _ = _drive(
        catalog, "israeli", 2, lambda s: s.phase == "play" and len(s.completed) >= 11
    )
    verdict = check_claim(engine, state, state.to_act, 0)
    assert not verdict.accepted
    assert "plays for itself" in verdict.reason.render()


def test_a_claimed_deal_records_replays_and_rejects_tampering(catalog: Catalog) -> None:
    engine, state = _phase2(catalog, 1)
    seat = state.to_act
    after = len(state.history)
    best = (
        Solver(seats=2, trump=state.trump)
        .solve(state.hands, state.leader, trick=state.trick)
        .tricks_for(seat)
    )
    verdict = check_claim(engine, state, seat, best)
    assert verdict.accepted
    refused = check_claim(engine, state, seat, best + 1) if best < 10 else None
    final, _ = claim_playout(engine, state)
    assert final.to_act == TERMINAL
    taken = sum(1 for r in final.completed[len(state.completed) :] if r.winner == seat)
    assert taken >= best
    progress = engine.start_match(0)
    score = engine.score(final)
    progress = engine.advance_match(progress, score)
    claims = [claim_record(verdict, after=after)]
    if refused is not None:
        claims.insert(0, claim_record(refused, after=after))
    builder = RecordBuilder(engine, first_dealer=0, seed=None)
    builder.add_deal(final, score, progress, claims=claims)
    record = builder.build(progress)
    assert record.format == CLAIMS_FORMAT
    text = record.to_json()
    replay = replay_record(load_record(text), {"german": catalog.variant("german")})
    assert [v.accepted for v in replay.deals[0].claims] == [c.accepted for c in claims]
    # Tampering: the accepted claim recorded as refused.
    data = json.loads(text)
    data["deals"][0]["claims"][-1]["accepted"] = False
    with pytest.raises(RecordError, match="recorded as refused, but checking it again"):
        replay_record(load_record(json.dumps(data)), {"german": catalog.variant("german")})
    # Claims in a version-1 record.
    data = json.loads(text)
    data["format"] = RECORD_FORMAT
    with pytest.raises(
        RecordError, match=re.escape("claims, which need format 'openwhist.record/2'")
    ):
        load_record(json.dumps(data))
    # Without claims: version 1, no claims key, as before.
    plain = RecordBuilder(engine, first_dealer=0, seed=None)
    plain.add_deal(final, score, progress)
    plain_text = plain.build(progress).to_json()
    assert json.loads(plain_text)["format"] == RECORD_FORMAT
    assert '"claims"' not in plain_text


# -- at the table: PlaySession.claim and the auto-play modes -------------------------------


def _to_phase_two_turn(session: Any) -> Any:
    from openwhist.services.play import HumanTurn

    while True:
        event = session.next_event()
        if isinstance(event, HumanTurn):
            if len(session.state.completed) >= 15:
                return event
            session.act(event.legal[0])


def test_a_claim_at_the_table_is_checked_played_out_and_recorded(catalog: Catalog) -> None:
    from openwhist.services.play import DealScored, HumanTurn, start_session

    session = start_session(
        catalog, "german", seats=["human", "bot:heuristic"], seed=9, autoplay=True
    )
    turn = _to_phase_two_turn(session)
    state = session.state
    best = (
        Solver(seats=2, trump=state.trump)
        .solve(state.hands, state.leader, trick=state.trick)
        .tricks_for(turn.seat)
    )
    refusable = best < remaining_tricks(state)
    if refusable:
        refused = session.claim(best + 1)
        assert not refused.accepted
        assert isinstance(session.next_event(), HumanTurn)  # play goes on
    accepted = session.claim(best)
    assert accepted.accepted
    while not isinstance(event := session.next_event(), DealScored):
        assert not isinstance(event, HumanTurn), "an accepted claim plays the deal out"
    record = session.record()
    assert record.format == CLAIMS_FORMAT
    claims = record.deals[0].claims
    assert [c.accepted for c in claims] == ([False] if refusable else []) + [True]
    replay = replay_record(load_record(record.to_json()), catalog)
    assert replay.deals[0].claims[-1].accepted


def test_equivalent_auto_play_never_asks_when_the_choice_cannot_matter(catalog: Catalog) -> None:
    from openwhist.services.autoplay import EQUIVALENT, autoplay_action
    from openwhist.services.play import ActionPlayed, DealScored, HumanTurn, start_session

    session = start_session(
        catalog, "english", seats=["human"] + ["bot:heuristic"] * 3, seed=4, autoplay=EQUIVALENT
    )
    autoplayed = 0
    while not isinstance(event := session.next_event(), DealScored):
        if isinstance(event, HumanTurn):
            assert autoplay_action(event.view, event.legal, EQUIVALENT) is None
            session.act(event.legal[-1])
        elif isinstance(event, ActionPlayed) and event.auto:
            autoplayed += 1
    assert autoplayed > 0
    assert session.record().table == {"undo": True, "autoplay": "equivalent"}
