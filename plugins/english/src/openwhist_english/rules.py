"""English Whist's rule hooks (docs/variants/english.md §2, docs/variants/american.md §3): only what
differs from standard whist.

The core's standard rules already deal 52 cards one at a time from eldest hand, turn the
dealer's 52nd card for trump, let eldest hand lead, enforce following suit and resolve
tricks (docs/variants/english.md §2.3, §2.4, docs/variants/core.md §0.3). This plugin adds what
English Whist has on top:

* the view: the turned-up card stays public for the whole deal, with a flag saying
  whether it still lies face up on the table (before the dealer's first play);
* the deal facts (tricks per side, honours as dealt) and their scoring (§2.5, §2.6, §2.8);
* the match: games, rubbers and series (§2.7).

Play hooks (legal plays, applying a play) are deliberately not overridden: they are the
engine's hot path.
"""

from __future__ import annotations

import random
from typing import Any

from openwhist import (
    Deal,
    DealContext,
    DealScore,
    DealState,
    MatchProgress,
    PlayerView,
    card_name,
    hookimpl,
    standard_view,
)
from pydantic import BaseModel

from openwhist_english.facts import EnglishFacts, deal_facts
from openwhist_english.match import advance_match, choose_first_dealer, start_match
from openwhist_english.options import EnglishOptions
from openwhist_english.scoring import score_facts


def _options(options: BaseModel) -> EnglishOptions:
    if not isinstance(options, EnglishOptions):
        raise TypeError(f"English Whist needs EnglishOptions, got {type(options).__name__}")
    return options


def turned_up_card(state: DealState[Any]) -> int | None:
    """The dealer's turned-up card (the last card of the deal), once the cards are dealt."""
    for action in state.history:
        if isinstance(action, Deal):
            return action.order[-1]
    return None


def turn_up_on_table(state: DealState[Any]) -> bool:
    """Whether the turned-up card still lies face up: the dealer has not played yet.

    docs/variants/english.md §2.3: it stays on the table until the dealer's turn to play to the
    first trick, when the dealer picks it up. The dealer plays last to trick 1 (eldest leads).
    """
    if state.completed:
        return False
    return len(state.trick) < (state.context.dealer - state.leader) % state.context.seats + 1


class EnglishRules:
    """The rules plugin shared by ``english`` and its ``american`` preset."""

    @hookimpl
    def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
        # docs/variants/english.md §2.3: the turn-up's identity is public knowledge for the whole
        # deal.
        card = turned_up_card(state)
        # The score of the game in progress is written on the table for all to see
        # (it drives the at-four rule and "playing to the score").
        progress = state.context.progress or {}
        score = progress.get("detail", {}).get("game_score", [0, 0])
        public: dict[str, Any] = {
            "game_score": list(score),
            "game_target": _options(state.context.options).game_target,
        }
        if card is not None:
            public |= {
                "turn_up": card,
                "turn_up_name": card_name(card),
                "turn_up_on_table": turn_up_on_table(state),
                "turn_up_held": bool(state.hands[state.context.dealer] >> card & 1),
            }
        return standard_view(state, seat, public=public)

    def conformance_public_cards(self, state: DealState[Any]) -> int:
        """The turned-up trump card, whose place every seat knows (docs/variants/english.md §2.3). A
        plain method for the conformance kit's strict hidden-card check."""
        card = turned_up_card(state)
        return 0 if card is None else 1 << card

    @hookimpl
    def whist_deal_facts(self, state: DealState[Any]) -> BaseModel:
        return deal_facts(state)

    @hookimpl
    def whist_score_facts(self, facts: BaseModel, context: DealContext) -> DealScore:
        if not isinstance(facts, EnglishFacts):
            raise TypeError(f"English Whist scores EnglishFacts, got {type(facts).__name__}")
        return score_facts(facts, _options(context.options), context.progress)

    @hookimpl
    def whist_first_dealer(self, options: BaseModel, rng: random.Random) -> int:
        # docs/variants/english.md §2.1: by default a random seat; cut_lowest cuts the pack (ace
        # low).
        return choose_first_dealer(_options(options), rng)

    @hookimpl
    def whist_start_match(self, options: BaseModel, first_dealer: int) -> MatchProgress:
        return start_match(_options(options), first_dealer)

    @hookimpl
    def whist_advance_match(
        self, progress: MatchProgress, score: DealScore, options: BaseModel
    ) -> MatchProgress:
        return advance_match(progress, score, _options(options))
