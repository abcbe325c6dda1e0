"""Claims the solver cannot prove, and the opponents accept (issue 17 item 3).

* Bot opponents: in a seeded English position the claimant's view admits a distribution
  that defeats a claim of 2 of the last 4 tricks, so the solver refuses it; each bot
  opponent, checking from *its own* view, finds it holds, and both accept. The answer of a
  bot depends only on its view (a twin deal with cards it cannot see swapped gets the same
  answer). The play-out gives the claimant's side exactly its claim; the record says the
  opponents accepted; replay reproduces the deal without proving the claim again.
* A German phase-2 claim of one trick more than best play: the bot opponent, whose view
  shows every hand, refuses it and says so.
* Hot-seat: a human opponent is asked; "yes" accepts the claim (played out as conceded,
  kept as the opponents' in the record), "no" refuses it, saying who.
* A concession the cards make impossible (an opponent's card must win a trick) gives the
  claimant's side all it can take, not a trick more; one they allow is given exactly.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from openwhist.claims import (
    OPPONENTS,
    SOLVER,
    bot_accepts,
    check_claim,
    concession_playout,
    opponents_accept,
    opponents_of,
    remaining_tricks,
)
from openwhist.game.engine import Engine
from openwhist.game.state import CHANCE, TERMINAL, DealState
from openwhist.plugins import Catalog, load_catalog
from openwhist.records import RecordBuilder, claim_record, load_record, replay_record
from openwhist.solver import Solver


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _drive(catalog: Catalog, variant: str, seed: int, tricks: int) -> tuple[Engine, DealState[Any]]:
    """A seeded deal played by the heuristic bots until ``tricks`` tricks are complete."""
    engine = Engine(catalog.variant(variant))
    bot = catalog.bot("heuristic", variant).factory(variant, random.Random(seed))
    rng = random.Random(seed)
    state = engine.next_deal(engine.start_match(0))
    while state.to_act != TERMINAL and not (
        state.to_act >= 0 and len(state.completed) >= tricks and not state.trick
    ):
        if state.to_act == CHANCE:
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        legal = engine.legal_actions(state)
        state = engine.apply(state, bot.choose(engine.observe(state, state.to_act), legal))
    return engine, state


def _side_tricks_after(
    engine: Engine, before: DealState[Any], final: DealState[Any], seat: int
) -> int:
    done = len(before.completed)
    return sum(1 for r in final.completed[done:] if (r.winner - seat) % 2 == 0)


def _twin_for(state: DealState[Any], viewer: int) -> DealState[Any] | None:
    """``state`` with two cards of one suit swapped between two seats other than
    ``viewer``: the same deal as far as ``viewer`` can see."""
    others = [s for s in range(len(state.hands)) if s != viewer]
    for a in others:
        for b in others:
            if a >= b:
                continue
            for suit in range(4):
                mask = 0x1FFF << (13 * suit)
                x, y = state.hands[a] & mask, state.hands[b] & mask
                if x and y:
                    cx, cy = x & -x, y & -y
                    hands = list(state.hands)
                    hands[a] ^= cx | cy
                    hands[b] ^= cx | cy
                    return state._replace(hands=tuple(hands))
    return None


def test_bot_opponents_accept_a_claim_that_holds_from_their_own_views(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine, state = _drive(catalog, "english", 20, 9)
    seat = state.to_act
    assert seat == 3
    assert remaining_tricks(state) == 4
    verdict = check_claim(engine, state, seat, 2)
    assert not verdict.accepted
    assert verdict.by == SOLVER
    assert verdict.opponents_may_accept
    opponents = opponents_of(engine, seat)
    assert opponents == (0, 2)
    for opponent in opponents:
        assert bot_accepts(engine, state, opponent, verdict) is True
        twin = _twin_for(state, opponent)
        assert twin is not None
        assert twin != state
        assert engine.observe(twin, opponent) == engine.observe(state, opponent)
        assert bot_accepts(engine, twin, opponent, verdict) is True
    consented = opponents_accept(engine, state, verdict, bots=opponents, ask=None)
    assert consented.accepted
    assert consented.by == OPPONENTS
    assert "claim accepted by N S, though not proved" in consented.reason.render()
    final, _actions = concession_playout(engine, state, seat, 2)
    assert final.to_act == TERMINAL
    assert _side_tricks_after(engine, state, final, seat) == 2
    # The record keeps the opponents' consent; replay reproduces the deal and its score
    # without proving the claim again.
    record = _record(engine, final, [claim_record(consented, after=len(state.history))])
    assert '"by":"opponents"' in record.to_json().replace(" ", "")
    import openwhist.claims

    def no_proof(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a consented claim is not proved again on replay")

    monkeypatch.setattr(openwhist.claims, "check_claim", no_proof)
    replay = replay_record(load_record(record.to_json()), catalog)
    (claim,) = replay.deals[0].claims
    assert claim.accepted
    assert claim.by == OPPONENTS
    assert replay.deals[0].score == engine.score(final)


def _record(engine: Engine, final: DealState[Any], claims: list[Any]) -> Any:
    builder = RecordBuilder(engine, first_dealer=0, seed=None)
    score = engine.score(final)
    progress = engine.advance_match(engine.start_match(0), score)
    builder.add_deal(final, score, progress, claims=claims)
    return builder.build(progress)


def test_a_bot_that_sees_the_claim_fail_refuses_it_and_says_so(catalog: Catalog) -> None:
    engine, state = _drive(catalog, "german", 2, 16)
    seat = state.to_act
    best = (
        Solver(seats=2, trump=state.trump)
        .solve(state.hands, state.leader, trick=state.trick)
        .tricks_for(seat)
    )
    assert best < remaining_tricks(state)
    verdict = check_claim(engine, state, seat, best + 1)
    answer = opponents_accept(engine, state, verdict, bots=(1 - seat,), ask=None)
    assert not answer.accepted
    assert answer.by == OPPONENTS
    name = engine.variant.seat_names[1 - seat]
    text = answer.reason.render()
    assert f"{name} does not accept it: on its own cards the claim can fail" in text
    assert "best defence holds your side to" in text  # the solver's reason stays


def _hot_seat_turn(catalog: Catalog, seed: int) -> Any:
    from openwhist.services.play import HumanTurn, start_session

    session = start_session(catalog, "german", seats=["human", "human"], seed=seed)
    while True:
        event = session.next_event()
        if isinstance(event, HumanTurn):
            if len(session.state.completed) >= 15 and event.seat == 0:
                return session, event
            session.act(event.legal[0])


@pytest.mark.parametrize("answer", [True, False])
def test_hot_seat_opponents_are_asked(catalog: Catalog, answer: bool) -> None:
    from openwhist.services.play import ClaimMade, DealScored, HumanTurn

    for seed in range(3, 30):
        session, _turn = _hot_seat_turn(catalog, seed)
        state = session.state
        best = (
            Solver(seats=2, trump=state.trump)
            .solve(state.hands, state.leader, trick=state.trick)
            .tricks_for(0)
        )
        if best + 1 < remaining_tricks(state):
            break
    changes: list[Any] = []
    session.on_change = changes.append
    asked: list[int] = []

    def ask(seat: int, verdict: Any) -> bool:
        asked.append(seat)
        assert not verdict.accepted  # asked about a claim the solver did not prove
        return answer

    verdict = session.claim(best + 1, ask=ask)
    assert asked == [1]
    assert verdict.accepted is answer
    assert verdict.by == OPPONENTS
    (made,) = [c for c in changes if isinstance(c, ClaimMade)]
    assert made.claim.by == "opponents"
    assert made.claim.accepted is answer
    if not answer:
        assert "B does not accept it" in verdict.reason.render()
        assert isinstance(session.next_event(), HumanTurn)  # play goes on
        return
    while not isinstance(event := session.next_event(), DealScored):
        assert not isinstance(event, HumanTurn)
    record = session.record()
    final = replay_record(load_record(record.to_json()), catalog).deals[0].state
    assert _side_tricks_after(session.engine, state, final, 0) == best + 1


def _most(hands: list[int], leader: int, trick: tuple[int, ...], trump: int, seat: int) -> int:
    """The most tricks ``seat``'s side can take from here with every seat helping
    (exhaustive; small positions only)."""
    from openwhist.solver.brute import legal_cards, trick_winner

    seats = len(hands)
    if len(trick) == seats:
        winner = (leader + trick_winner(trick, trump)) % seats
        return ((winner - seat) % 2 == 0) + _most(hands, winner, (), trump, seat)
    to = (leader + len(trick)) % seats
    if not hands[to]:
        return 0
    best = 0
    for card in legal_cards(hands[to], trick):
        hands[to] &= ~(1 << card)
        best = max(best, _most(hands, leader, (*trick, card), trump, seat))
        hands[to] |= 1 << card
    return best


def test_a_concession_the_cards_make_impossible_gives_what_can_be_taken(
    catalog: Catalog,
) -> None:
    """A claim of every trick left where the opponent holds a card that must win one (its
    top trump, say): the play-out gives the claimant all the others, not that one."""
    for seed in range(1, 60):
        engine, state = _drive(catalog, "german", seed, 22)
        seat = state.to_act
        left = remaining_tricks(state)
        most = _most(list(state.hands), state.leader, state.trick, state.trump, seat)
        if most < left:
            break
    else:  # pragma: no cover
        raise AssertionError("no seed gives an impossible concession")
    final, _ = concession_playout(engine, state, seat, left)
    assert final.to_act == TERMINAL
    assert _side_tricks_after(engine, state, final, seat) == most
    # And a claim the cards allow is given exactly.
    for claim in range(0, most + 1):
        final, _ = concession_playout(engine, state, seat, claim)
        lowest = left - _most(list(state.hands), state.leader, state.trick, state.trump, 1 - seat)
        assert _side_tricks_after(engine, state, final, seat) == max(claim, lowest)


def test_a_resumed_claim_whose_play_out_changed_goes_on_from_where_the_deal_stands(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deal stopped in the play-out of a proved claim, resumed by a version whose search
    finds another line from the claim's position: the play-out goes on from the cards as
    they lie, and the claimant's side still takes its claim."""
    import openwhist.services.play as play
    from openwhist.services.play import ActionPlayed, DealScored, HumanTurn, start_session

    session = start_session(catalog, "german", seats=["human", "bot:heuristic"], seed=9)
    while True:
        event = session.next_event()
        if isinstance(event, HumanTurn):
            if len(session.state.completed) >= 15:
                break
            session.act(event.legal[0])
    claim_at = session.state
    best = (
        Solver(seats=2, trump=claim_at.trump)
        .solve(claim_at.hands, claim_at.leader, trick=claim_at.trick)
        .tricks_for(0)
    )
    assert session.claim(best).accepted
    played = 0
    while played < 3:
        played += isinstance(session.next_event(), ActionPlayed)
    stopped = session.state
    real = play.claim_playout
    calls: list[int] = []

    def another_line(engine: Engine, state: DealState[Any]) -> Any:
        calls.append(len(state.history))
        if len(calls) == 1:  # from the claim's position: a line that is not the logged one
            return concession_playout(engine, state, 0, 0)
        return real(engine, state)

    monkeypatch.setattr(play, "claim_playout", another_line)
    resumed = play.resume_session(
        catalog,
        session.engine,
        seats=session.seats,
        seed=9,
        first_dealer=session.first_dealer,
        progress=session.progress,
        state=stopped,
        claims=session.record().deals[-1].claims,
    )
    assert calls == [len(claim_at.history), len(stopped.history)]
    while not isinstance(event := resumed.next_event(), DealScored):
        assert not isinstance(event, HumanTurn)
    final = replay_record(load_record(resumed.record().to_json()), catalog).deals[-1].state
    assert _side_tricks_after(session.engine, claim_at, final, 0) >= best
