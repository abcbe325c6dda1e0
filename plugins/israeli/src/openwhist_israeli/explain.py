"""Why a call is illegal: `explain_illegal`, for prompts and error messages.

The engine rejects an illegal action with `IllegalActionError` and the list of legal
actions; this helper names the rule the action breaks (docs/variants/israeli.md §4.3–§4.6), so a
screen can say "too low", "not higher than 6H" or "out of turn" instead of only listing
alternatives.
"""

from __future__ import annotations

from typing import Any

from openwhist import (
    CHANCE,
    N_,
    PHASE_DEAL,
    PHASE_PLAY,
    TERMINAL,
    Action,
    Deal,
    DealState,
    Message,
    Play,
    card_name,
    cards_of,
    follow_suit,
    plural_message,
)

from openwhist_israeli.actions import DENOMINATION_NAMES, Bid, Contract, FrischSelection, Pass
from openwhist_israeli.options import MAX_TRICKS
from openwhist_israeli.rules import (
    PHASE_AUCTION,
    PHASE_CONTRACTS,
    PHASE_FRISCH,
    contract_choices,
    contract_limits,
    lowest_bid_code,
    options_of,
)
from openwhist_israeli.scoring import SEAT_NAMES

SUIT_WORDS = DENOMINATION_NAMES[:4]


def explain_illegal(state: DealState[Any], action: Action, *, seat: int | None = None) -> str:
    """The rule ``action`` breaks if ``seat`` (default: the seat to act) makes it now, in
    English with cards in notation; an empty string when the action is legal (see
    `illegal_reason` for the translatable form)."""
    reason = illegal_reason(state, action, seat=seat)
    return "" if reason is None else reason.render(card_name)


def illegal_reason(
    state: DealState[Any], action: Action, *, seat: int | None = None
) -> Message | None:
    """The rule ``action`` breaks if ``seat`` (default: the seat to act) makes it now, as a
    translatable `Message`, or ``None`` when the action is legal.

    Covers turn order, the auction's minimum and ranking, the declarer's minimum contract,
    the last bidder's forbidden total, Frisch selections and following suit.
    """
    to_act = state.to_act
    if to_act == TERMINAL:
        return Message(N_("the deal is over"))
    if to_act == CHANCE:
        return (
            None if isinstance(action, Deal) else Message(N_("the cards have not been dealt yet"))
        )
    if seat is not None and seat != to_act:
        return Message(
            N_("out of turn: it is {turn}'s turn, not {seat}'s"),
            {"turn": SEAT_NAMES[to_act], "seat": SEAT_NAMES[seat]},
        )
    phase = state.phase
    if phase == PHASE_AUCTION:
        return _explain_call(state, action)
    if phase == PHASE_CONTRACTS:
        return _explain_contract(state, action)
    if phase == PHASE_FRISCH:
        return _explain_selection(state, action)
    if phase == PHASE_PLAY:
        return _explain_play(state, action)
    if phase == PHASE_DEAL:  # pragma: no cover - to_act is CHANCE in this phase
        return Message(N_("the cards have not been dealt yet"))
    return Message(  # pragma: no cover
        N_("{action} is not legal in phase {phase}"), {"action": str(action), "phase": phase}
    )


def _explain_call(state: DealState[Any], action: Action) -> Message | None:
    extra = state.extra
    if isinstance(action, Pass):
        return None
    if not isinstance(action, Bid):
        return Message(
            N_(
                "{action} is not an auction call: the trump auction is running; call pass or "
                "a bid such as 5S or 7NT"
            ),
            {"action": str(action)},
        )
    if action.number < extra.min_bid:
        values = {"min": extra.min_bid, "rounds": extra.frisch}
        if extra.frisch:
            return plural_message(
                "too low: the minimum bid is {min} after {rounds} Frisch round",
                "too low: the minimum bid is {min} after {rounds} Frisch rounds",
                "rounds",
                values,
            )
        return Message(N_("too low: the minimum bid is {min}"), values)
    if action.code < lowest_bid_code(extra):
        values = {
            "high": Bid(extra.high // 5, extra.high % 5).notation(),
            "by": SEAT_NAMES[extra.high_seat],
        }
        if action.code == extra.high:
            return Message(N_("not higher than {high}: that is {by}'s bid already"), values)
        return Message(
            N_(
                "not higher than {high} ({by}'s bid): bid more tricks, or as many tricks in a "
                "higher denomination (NT > S > H > D > C)"
            ),
            values,
        )
    return None


def _explain_contract(state: DealState[Any], action: Action) -> Message | None:
    if not isinstance(action, Contract):
        return Message(
            N_(
                "{action} is not a contract: the contract round is running; bid a number of "
                "tricks from 0 to {max}, e.g. contract 4"
            ),
            {"action": str(action), "max": MAX_TRICKS},
        )
    low, forbidden = contract_limits(state)
    extra = state.extra
    if action.number < low:
        return Message(
            N_("the declarer must contract at least {low}, the number of his winning bid {bid}"),
            {"low": low, "bid": Bid(extra.bid // 5, extra.bid % 5).notation()},
        )
    if action not in contract_choices(low, forbidden):
        others = [c for c in extra.contracts if c >= 0]
        return Message(
            N_(
                "the last contract may not make the total exactly {max}: the others bid "
                "{spelled} = {sum}, so {forbidden} is forbidden"
            ),
            {
                "max": MAX_TRICKS,
                "spelled": " + ".join(str(c) for c in others),
                "sum": sum(others),
                "forbidden": forbidden,
            },
        )
    return None


def _explain_selection(state: DealState[Any], action: Action) -> Message | None:
    # The seat is named, not "you": a record's checker and a hot-seat table read these
    # too (docs/variants/israeli.md §4.4: every seat puts down its cards in turn).
    count = options_of(state).frisch_cards
    seat = SEAT_NAMES[state.to_act]
    example = "frisch 2C 7D QH" if count == 3 else "frisch 2C 7D ..."
    if isinstance(action, Pass):
        return Message(
            N_(
                "no pass now: all four players passed, so a Frisch is due: {seat} puts down "
                "{count} cards to pass on, e.g. {example}"
            ),
            {"seat": seat, "count": count, "example": example},
        )
    if not isinstance(action, FrischSelection):
        return Message(
            N_(
                "{action} is not a Frisch selection: a Frisch is due, so {seat} puts down "
                "{count} cards, e.g. {example}"
            ),
            {"action": str(action), "seat": seat, "count": count, "example": example},
        )
    if action.cards.bit_count() != count:
        return Message(
            N_("a Frisch passes exactly {count} cards, not {given}"),
            {"count": count, "given": action.cards.bit_count()},
        )
    missing = action.cards & ~state.hands[state.to_act]
    if missing:
        return Message(
            N_("{seat} does not hold {cards}: a Frisch puts down {count} cards of {seat}'s hand"),
            {
                "seat": seat,
                "cards": " ".join(card_name(c) for c in cards_of(missing)),
                "count": count,
            },
        )
    return None


def _explain_play(state: DealState[Any], action: Action) -> Message | None:
    if not isinstance(action, Play):
        return Message(
            N_("{action} is not a card: trick play is under way"), {"action": str(action)}
        )
    seat = SEAT_NAMES[state.to_act]
    hand = state.hands[state.to_act]
    card = action.card
    if not hand >> card & 1:
        return Message(
            N_("{seat} does not hold {card}"), {"seat": seat, "card": card}, cards=("card",)
        )
    if state.trick:
        led = state.trick[0] // 13
        if not follow_suit(hand, led) >> card & 1:
            # The refused card, drawn as a card (not the held ones in notation).
            return Message(
                N_("{seat} must follow suit: {card} is not one of the {suit} led"),
                {"seat": seat, "card": card, "suit": Message(SUIT_WORDS[led])},
                cards=("card",),
            )
    return None


__all__ = ["explain_illegal", "illegal_reason"]
