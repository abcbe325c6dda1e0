"""Why a call is illegal: `explain_illegal`, for prompts and error messages.

The engine rejects an illegal action with `IllegalActionError` and the list of legal
actions; this helper names the rule the action breaks (RULES.md §4.3–§4.6), so a screen can
say "too low", "not higher than 6H" or "out of turn" instead of only listing alternatives.
"""

from __future__ import annotations

from typing import Any

from openwhist import (
    CHANCE,
    PHASE_DEAL,
    PHASE_PLAY,
    SUIT_MASKS,
    TERMINAL,
    Action,
    Deal,
    DealState,
    Play,
    card_name,
    cards_of,
    follow_suit,
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
    """The rule ``action`` breaks if ``seat`` (default: the seat to act) makes it now.

    Returns an empty string when the action is legal. Covers turn order, the auction's
    minimum and ranking, the declarer's minimum contract, the last bidder's forbidden total,
    Frisch selections and following suit.
    """
    to_act = state.to_act
    if to_act == TERMINAL:
        return "the deal is over"
    if to_act == CHANCE:
        return "" if isinstance(action, Deal) else "the cards have not been dealt yet"
    if seat is not None and seat != to_act:
        return f"out of turn: it is {SEAT_NAMES[to_act]}'s turn, not {SEAT_NAMES[seat]}'s"
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
        return "the cards have not been dealt yet"
    return f"{action} is not legal in phase {phase!r}"  # pragma: no cover


def _explain_call(state: DealState[Any], action: Action) -> str:
    extra = state.extra
    if isinstance(action, Pass):
        return ""
    if not isinstance(action, Bid):
        return (
            f"{action} is not an auction call: the trump auction is running; call pass or a "
            "bid such as 5S or 7NT"
        )
    if action.number < extra.min_bid:
        after = ""
        if extra.frisch:
            after = f" after {extra.frisch} Frisch round{'s' if extra.frisch > 1 else ''}"
        return f"too low: the minimum bid is {extra.min_bid}{after} (RULES §4.3.3, §4.4)"
    if action.code < lowest_bid_code(extra):
        high = Bid(extra.high // 5, extra.high % 5)
        by = SEAT_NAMES[extra.high_seat]
        if action.code == extra.high:
            return f"not higher than {high.notation()}: that is {by}'s bid already"
        return (
            f"not higher than {high.notation()} ({by}'s bid): bid more tricks, or as many "
            "tricks in a higher denomination (NT > S > H > D > C)"
        )
    return ""


def _explain_contract(state: DealState[Any], action: Action) -> str:
    if not isinstance(action, Contract):
        return (
            f"{action} is not a contract: the contract round is running; bid a number of "
            f"tricks from 0 to {MAX_TRICKS}, e.g. contract 4"
        )
    low, forbidden = contract_limits(state)
    extra = state.extra
    if action.number < low:
        bid = Bid(extra.bid // 5, extra.bid % 5).notation()
        return (
            f"the declarer must contract at least {low}, the number of his winning bid {bid} "
            "(RULES §4.5.2)"
        )
    if action not in contract_choices(low, forbidden):
        others = [c for c in extra.contracts if c >= 0]
        spelled = " + ".join(str(c) for c in others)
        return (
            f"the last contract may not make the total exactly {MAX_TRICKS}: the others bid "
            f"{spelled} = {sum(others)}, so {forbidden} is forbidden (RULES §4.5.4)"
        )
    return ""


def _explain_selection(state: DealState[Any], action: Action) -> str:
    count = options_of(state).frisch_cards
    example = "frisch 2C 7D QH" if count == 3 else "frisch 2C 7D ..."
    if not isinstance(action, FrischSelection):
        return f"{action} is not a Frisch selection: put down {count} cards, e.g. {example}"
    if action.cards.bit_count() != count:
        return f"a Frisch passes exactly {count} cards, not {action.cards.bit_count()}"
    missing = action.cards & ~state.hands[state.to_act]
    if missing:
        names = " ".join(card_name(c) for c in cards_of(missing))
        return f"you do not hold {names}"
    return ""


def _explain_play(state: DealState[Any], action: Action) -> str:
    if not isinstance(action, Play):
        return f"{action} is not a card: trick play is under way"
    hand = state.hands[state.to_act]
    card = action.card
    if not hand >> card & 1:
        return f"you do not hold {card_name(card)}"
    if state.trick:
        led = state.trick[0] // 13
        if not follow_suit(hand, led) >> card & 1:
            held = " ".join(card_name(c) for c in cards_of(hand & SUIT_MASKS[led]))
            return f"you must follow suit: {SUIT_WORDS[led]} were led and you hold {held}"
    return ""


__all__ = ["explain_illegal"]
