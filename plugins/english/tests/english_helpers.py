"""Shared helpers of the English Whist tests (imported by the test modules)."""

from __future__ import annotations

from typing import Any

from openwhist import DealContext, DealScore, DealState, Engine, MatchProgress, mask_of, parse_card
from openwhist_english import ENGLISH, EnglishFacts

N, E, S, W = 0, 1, 2, 3
NS, EW = 0, 1


def cards(text: str) -> int:
    """The bitmask of some cards in notation."""
    return mask_of(parse_card(w) for w in text.split())


def play(engine: Engine, state: DealState[Any], moves: str) -> DealState[Any]:
    """Play the cards of ``moves`` in order, each checked for legality."""
    for word in moves.split():
        state = engine.apply(state, engine.parse_action(state, word))
    return state


def play_out(engine: Engine, state: DealState[Any]) -> DealState[Any]:
    """Finish the deal, each seat playing its lowest legal card."""
    while state.to_act >= 0:
        state = engine.apply(state, engine.legal_actions(state)[0])
    return state


def facts(ns: int, ew: int, honours: tuple[int, int] = (0, 0), revokes: Any = ()) -> EnglishFacts:
    """Entered facts: N–S won ``ns`` tricks, E–W ``ew``."""
    return EnglishFacts(tricks=(ns, ew), honours=honours, revokes=revokes)


def record(
    engine: Engine, progress: MatchProgress, deal: EnglishFacts
) -> tuple[DealScore, MatchProgress]:
    """Score ``deal`` as the ledger would (the facts hook with the match progress), then
    advance the match."""
    context = DealContext(
        options=engine.options,
        seats=4,
        dealer=progress.dealer,
        number=progress.deals + 1,
        progress=progress.as_dict(),
    )
    score = engine.rules.score_facts(deal, context)
    return score, engine.advance_match(progress, score)


def english(**options: Any) -> Engine:
    return Engine(ENGLISH, options)
