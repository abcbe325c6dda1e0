"""No-Trump Whist's rules: only what differs from the core's standard whist.

Standard whist (``openwhist.game.standard``) already deals 13 cards to each of four seats,
makes eldest hand lead, enforces following suit, gives the trick to the highest trump or
else the highest card of the led suit, and lets the winner lead. No-Trump Whist changes
two things:

* no card is turned for trump, so every trick goes to the highest card of the led suit;
* scoring: the side with seven or more tricks scores one point per trick over six, and
  with the ``last_trick_bonus`` option the side that wins the 13th trick scores one more.
"""

from __future__ import annotations

from typing import Any

from openwhist import (
    N_,
    NO_TRUMP,
    PHASE_PLAY,
    Category,
    DealChanges,
    DealContext,
    DealScore,
    DealState,
    Message,
    PlayerView,
    ScoreLine,
    VariantOptions,
    deal_round_robin,
    hookimpl,
    next_seat,
    side_of,
    standard_view,
)
from pydantic import BaseModel, ConfigDict, Field, model_validator

BOOK = 6
"""Tricks a side must win before it scores (the first six are its "book")."""


class NotrumpOptions(VariantOptions):
    """The rule options (frozen, unknown keys rejected, every field defaulted)."""

    last_trick_bonus: bool = Field(
        False, description=N_("the side that wins the 13th trick scores one extra point")
    )


class NotrumpFacts(BaseModel):
    """What scoring needs to know about a finished deal.

    The engine builds it from a played deal (`NotrumpRules.whist_deal_facts`); a
    score-keeper fills in the same model for a deal played with real cards.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    tricks: tuple[int, int, int, int] = Field(description="tricks won by N, E, S and W")
    last_trick: int = Field(ge=0, le=3, description="the seat that won the 13th trick")

    @model_validator(mode="after")
    def _thirteen_tricks(self) -> NotrumpFacts:
        if any(t < 0 for t in self.tricks) or sum(self.tricks) != 13:
            raise ValueError(f"the four seats' tricks must add up to 13, got {self.tricks}")
        if self.tricks[self.last_trick] == 0:
            raise ValueError(f"seat {self.last_trick} won the last trick but no trick at all")
        return self


class NotrumpRules:
    """The rules plugin: its ``whist_*`` methods are stacked on the standard rules."""

    @hookimpl
    def whist_deal_cards(self, state: DealState[Any], order: tuple[int, ...]) -> DealChanges:
        # Deal as standard whist does -- one card at a time, clockwise from eldest hand --
        # but turn no card for trump. Only what the deal changes is returned: the engine
        # sets it on the deal in play (docs/plugins/hooks.md).
        eldest = next_seat(state.dealer, state.seats)
        hands = deal_round_robin(order, seats=state.seats, first=eldest, count=len(order))
        return {
            "phase": PHASE_PLAY,
            "to_act": eldest,
            "leader": eldest,
            "hands": tuple(hands),
            "trump": NO_TRUMP,
        }

    @hookimpl
    def whist_observe(self, state: DealState[Any], seat: int) -> PlayerView:
        # The standard view, with one public fact: whether the 13th trick scores a bonus.
        # Its kind, label and place are declared in presentation.py; screens show it from
        # there, and the conformance kit checks every view against that declaration.
        options = state.context.options
        bonus = isinstance(options, NotrumpOptions) and options.last_trick_bonus
        return standard_view(state, seat, public={"last_trick_bonus": bonus})

    @hookimpl
    def whist_deal_facts(self, state: DealState[Any]) -> NotrumpFacts:
        tricks = state.tricks
        return NotrumpFacts(
            tricks=(tricks[0], tricks[1], tricks[2], tricks[3]),
            last_trick=state.completed[-1].winner,
        )

    @hookimpl
    def whist_score_facts(self, facts: BaseModel, context: DealContext) -> DealScore:
        assert isinstance(facts, NotrumpFacts)
        options = context.options
        assert isinstance(options, NotrumpOptions)
        sides = (facts.tricks[0] + facts.tricks[2], facts.tricks[1] + facts.tricks[3])
        winner = 0 if sides[0] > BOOK else 1  # 13 tricks: exactly one side has seven or more
        over = sides[winner] - BOOK
        # Score lines carry a Message (an English template and its values), so players
        # read them in their language: the templates are translated in locale/ (and this
        # first one, shared with openwhist's standard scoring, in openwhist's catalogue).
        tricks = Message(N_("{won} tricks, {over} over book"), {"won": sides[winner], "over": over})
        lines = [ScoreLine.explained(winner, Category.TRICKS, over, tricks)]
        if options.last_trick_bonus:
            last = Message(N_("won the last trick"))
            lines.append(ScoreLine.explained(side_of(facts.last_trick), Category.TRICKS, 1, last))
        return DealScore(
            parties=("NS", "EW"),
            lines=tuple(lines),
            winner=winner,
            tricks=facts.tricks,
            facts=facts.model_dump(mode="json"),
        )
