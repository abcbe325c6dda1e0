"""Solo Whist's rule hooks (docs/variants/solo.md). Only what differs from standard whist.

Seats 0..3 are N, E, S, W; there are no fixed partners. A deal runs through these phases:

``deal`` (§2: in threes, the last round singly; the dealer's last card is turned up) →
``auction`` (§3) → [an abundance, or an abundance declared under ``declared_trump =
declarer``: ``trump``, the declarer names the trump (§4)] → ``play`` (§5: the core's trick
rules; eldest leads, the declarer in an abundance declared) → ``end``. All four passing
ends the deal void (``all_pass = redeal``) or starts a general misère (§3.4).

Play stops as soon as a contract is lost beyond repair (§5.3): a misère declarer takes a
trick, or an abundance declared loses one; the cards still held stay in the hands.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, NamedTuple

from openwhist import (
    N_,
    NO_TRUMP,
    PHASE_END,
    PHASE_PLAY,
    TERMINAL,
    Action,
    DealChanges,
    DealContext,
    DealScore,
    DealState,
    DealView,
    MatchProgress,
    Message,
    PlayerView,
    TrickRecord,
    card_name,
    hookimpl,
    initial_state,
    standard_view,
)
from pydantic import BaseModel

from openwhist_solo.actions import (
    ABUNDANCE,
    CALLS,
    CONTRACT_NAMES,
    COP,
    DECLARED,
    GENERAL_MISERE,
    MISERE,
    NOTATIONS,
    OPEN_MISERE,
    PASS,
    PASS_CODE,
    PROP,
    ROYAL,
    SOLO,
    SUIT_LETTERS,
    TARGETS,
    TRUMPS,
    Call,
    TrumpChoice,
    parse_call,
    parse_trump,
)
from openwhist_solo.options import SoloOptions
from openwhist_solo.scoring import SEAT_NAMES, SoloFacts, advance_match, score_facts, start_match

PHASE_AUCTION: Final = "auction"
"""The auction (docs/variants/solo.md §3)."""
PHASE_TRUMP: Final = "trump"
"""The declarer of an abundance names the trump (docs/variants/solo.md §4)."""

SEATS: Final = 4
TRICKS: Final = 13
SUIT_NAMES: Final = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))


class SoloExtra(NamedTuple):
    """Solo Whist's own deal fields (immutable; replaced, never mutated).

    Attributes:
        turn_up: the dealer's last card, turned up (§2); -1 before the deal.
        calls: the auction as ``(seat, code)`` pairs (`openwhist_solo.actions.Call.code`).
        high: the code of the highest call so far (0: none; an acceptance joins a proposal
            and is never the highest call itself).
        high_seat: who made it, -1 before any call.
        acceptor: who accepted the proposal standing as the highest call, -1 if none.
        passed: bitmask of the seats that have passed (§3.3: they may not call again).
        eldest_done: eldest hand used its right to accept after passing (§3.3).
        proposer_done: an unaccepted proposer had his turn to pass or call solo (§3.3).
        contract: the contract's code once the auction ends (`GENERAL_MISERE` when all
            passed by agreement), -1 before.
        declarer: the winning caller (the proposer in a proposal), -1 if none.
        partner: the acceptor of a winning proposal, -1 if none.
        passed_out: all four passed and the deal is void (``all_pass = redeal``).
    """

    turn_up: int
    calls: tuple[tuple[int, int], ...]
    high: int
    high_seat: int
    acceptor: int
    passed: int
    eldest_done: bool
    proposer_done: bool
    contract: int
    declarer: int
    partner: int
    passed_out: bool


FRESH: Final = SoloExtra(-1, (), 0, -1, -1, 0, False, False, -1, -1, -1, False)


def options_of(state: DealView) -> SoloOptions:
    """The deal's options, typed."""
    options = state.context.options
    assert isinstance(options, SoloOptions)
    return options


def eldest_of(state: DealView) -> int:
    """Eldest hand: the dealer's left (§3.1)."""
    return (state.context.dealer + 1) % SEATS


def deal_in_threes(order: tuple[int, ...], dealer: int) -> list[int]:
    """The hands of the deck ``order`` dealt from the dealer's left in four rounds of three
    cards, then a round of single cards, so the 52nd card -- the turn-up -- is the dealer's
    (docs/variants/solo.md §2)."""
    hands = [0] * SEATS
    position = 0
    for size in (3, 3, 3, 3, 1):
        for step in range(1, SEATS + 1):
            seat = (dealer + step) % SEATS
            for card in order[position : position + size]:
                hands[seat] |= 1 << card
            position += size
    return hands


# -- the auction ---------------------------------------------------------------------------


def is_proposers_turn(x: SoloExtra, seat: int) -> bool:
    """Whether ``seat`` acts as an unaccepted proposer whom everyone else has passed (§3.3:
    he may now pass or call solo or higher)."""
    return x.high == PROP and x.acceptor < 0 and seat == x.high_seat


def _eligible(x: SoloExtra, seat: int, eldest: int) -> bool:
    if x.high and seat in (x.high_seat, x.acceptor):
        return False  # a holder of the highest call waits for the others
    if x.passed >> seat & 1:
        # §3.3: a seat that passed never calls again, except that eldest hand may still
        # accept a proposal nobody has accepted and nobody has overcalled.
        return seat == eldest and x.high == PROP and x.acceptor < 0 and not x.eldest_done
    return True


def next_caller(x: SoloExtra, after: int, eldest: int) -> int | None:
    """The next seat to call after ``after``, clockwise, or ``None`` when the auction is
    over (docs/variants/solo.md §3.2-§3.3)."""
    for step in range(1, SEATS + 1):
        seat = (after + step) % SEATS
        if _eligible(x, seat, eldest):
            return seat
    if x.high == PROP and x.acceptor < 0 and not x.proposer_done:
        return x.high_seat
    return None


def legal_calls(state: DealState[SoloExtra]) -> tuple[Call, ...]:
    """The calls the seat to act may make (docs/variants/solo.md §3)."""
    x = state.extra
    seat = state.to_act
    royal = options_of(state).royal_abundance
    if x.passed >> seat & 1:
        return (PASS, CALLS[COP])  # eldest hand's late acceptance
    if is_proposers_turn(x, seat):
        low = SOLO
        calls = [PASS]
    else:
        calls = [PASS]
        if x.high == 0:
            calls.append(CALLS[PROP])
        elif x.high == PROP and x.acceptor < 0:
            calls.append(CALLS[COP])
        low = max(SOLO, x.high + 1)
    calls.extend(CALLS[c] for c in range(low, DECLARED + 1) if royal or c != ROYAL)
    return tuple(calls)


def apply_call(state: DealState[SoloExtra], action: Action) -> DealChanges:
    """Apply one call of the auction: what changes."""
    assert type(action) is Call
    x = state.extra
    seat = state.to_act
    code = action.code
    eldest = eldest_of(state)
    own_turn = is_proposers_turn(x, seat)
    late = bool(x.passed >> seat & 1)
    calls = (*x.calls, (seat, code))
    if code == PASS_CODE:
        x = x._replace(passed=x.passed | 1 << seat, calls=calls)
    elif code == PROP:
        x = x._replace(high=PROP, high_seat=seat, acceptor=-1, calls=calls)
    elif code == COP:
        x = x._replace(acceptor=seat, calls=calls)
    else:
        x = x._replace(high=code, high_seat=seat, acceptor=-1, calls=calls)
    if late:
        x = x._replace(eldest_done=True)
    if own_turn:
        x = x._replace(proposer_done=True)
    nxt = next_caller(x, seat, eldest)
    if nxt is not None:
        return {"to_act": nxt, "extra": x}
    return _auction_over(state, x)


def _auction_over(state: DealState[SoloExtra], x: SoloExtra) -> DealChanges:
    options = options_of(state)
    eldest = eldest_of(state)
    turn_up_suit = x.turn_up // 13
    if x.high == 0 or (x.high == PROP and x.acceptor < 0):
        # §3.4: all passed (a proposer nobody accepted passed too).
        if options.all_pass == "redeal":
            return {"phase": PHASE_END, "to_act": TERMINAL, "extra": x._replace(passed_out=True)}
        x = x._replace(contract=GENERAL_MISERE)
        return {
            "phase": PHASE_PLAY,
            "to_act": eldest,
            "leader": eldest,
            "trump": NO_TRUMP,
            "extra": x,
        }
    contract = x.high
    x = x._replace(
        contract=contract,
        declarer=x.high_seat,
        partner=x.acceptor if contract == PROP else -1,
    )
    if contract == ABUNDANCE or (contract == DECLARED and options.declared_trump == "declarer"):
        return {"phase": PHASE_TRUMP, "to_act": x.declarer, "extra": x}
    trump = NO_TRUMP if contract in (MISERE, OPEN_MISERE, DECLARED) else turn_up_suit
    leader = x.declarer if contract == DECLARED else eldest
    return {"phase": PHASE_PLAY, "to_act": leader, "leader": leader, "trump": trump, "extra": x}


def trump_choices(state: DealState[SoloExtra]) -> tuple[TrumpChoice, ...]:
    """The trumps the declarer may name (docs/variants/solo.md §4): in an abundance any suit
    but the turn-up's while royal abundance is played (that one is the royal abundance's),
    in an abundance declared any suit or no trump."""
    x = state.extra
    if x.contract == DECLARED:
        return (*(TRUMPS[s] for s in range(4)), TRUMPS[NO_TRUMP])
    turn_up_suit = x.turn_up // 13
    royal = options_of(state).royal_abundance
    return tuple(TRUMPS[s] for s in range(4) if not (royal and s == turn_up_suit))


def apply_trump(state: DealState[SoloExtra], action: Action) -> DealChanges:
    """The declarer names the trump; play begins (§4, §5.1)."""
    assert type(action) is TrumpChoice
    x = state.extra
    leader = x.declarer if x.contract == DECLARED else eldest_of(state)
    return {"phase": PHASE_PLAY, "to_act": leader, "leader": leader, "trump": action.suit}


def contract_lost(x: SoloExtra, winner: int) -> bool:
    """Whether a trick won by ``winner`` loses the contract beyond repair (§5.3)."""
    if x.contract in (MISERE, OPEN_MISERE):
        return winner == x.declarer
    if x.contract == DECLARED:
        return winner != x.declarer
    return False


# -- views ---------------------------------------------------------------------------------


def open_hand(state: DealView) -> int:
    """The cards of an open misère's declarer that lie face up: his hand from the end of the
    first trick on (docs/variants/solo.md §5.2), else 0."""
    x = state.extra
    if x.contract != OPEN_MISERE or not state.completed:
        return 0
    return int(state.hands[x.declarer])


def public_facts(state: DealState[SoloExtra]) -> dict[str, Any]:
    """What every seat knows (JSON-safe): the turn-up, the auction, the contract, the
    declaring side and its target, an open misère's hand."""
    x = state.extra
    contract = CONTRACT_NAMES[x.contract] if x.contract >= 0 else None
    high = x.high if x.high else None
    return {
        "turn_up": card_name(x.turn_up) if x.turn_up >= 0 else None,
        "auction": [[s, NOTATIONS[c]] for s, c in x.calls],
        "high_call": NOTATIONS[high] if high is not None else None,
        "high_caller": x.high_seat if high is not None else None,
        "acceptor": x.acceptor if x.acceptor >= 0 else None,
        "contract": contract,
        "declarer": x.declarer if x.declarer >= 0 else None,
        "partner": x.partner if x.partner >= 0 else None,
        "target": TARGETS.get(contract or ""),
        "open_hand": open_hand(state),
        "passed_out": x.passed_out,
    }


# -- explanations --------------------------------------------------------------------------


def illegal_reason(state: DealState[SoloExtra], action: Action) -> Message | None:
    """Why ``action`` is not legal now, for the auction and the trump (else ``None``)."""
    seat = SEAT_NAMES[state.to_act]
    x = state.extra
    if state.phase == PHASE_AUCTION and isinstance(action, Call):
        values: dict[str, Any] = {"seat": seat, "call": action.notation()}
        if x.passed >> state.to_act & 1:
            return Message(
                N_(
                    "{seat} has passed and may not call again, except to accept the proposal: "
                    "cop or pass"
                ),
                values,
            )
        if is_proposers_turn(x, state.to_act):
            return Message(
                N_("nobody accepted {seat}'s proposal: pass, or call solo or higher"), values
            )
        if action.code == ROYAL and not options_of(state).royal_abundance:
            return Message(N_("royal abundance is not played at this table"), values)
        if action.code == COP:
            if x.high != PROP:
                return Message(N_("{seat} cannot accept: there is no proposal to accept"), values)
            return Message(N_("the proposal is {seat}'s own"), values)
        if action.code == PROP:
            return Message(
                N_("a proposal is only possible before any other call; {high} stands"),
                {**values, "high": NOTATIONS[x.high]},
            )
        return Message(
            N_("{call} does not outrank {high}: call higher or pass"),
            {**values, "high": NOTATIONS[x.high]},
        )
    if state.phase == PHASE_TRUMP and isinstance(action, TrumpChoice):
        if action.suit == NO_TRUMP:
            return Message(N_("an abundance names a suit as trump, not no trump"), {})
        return Message(
            N_("{suit}, the turn-up suit, is royal abundance's trump: name another suit"),
            {"suit": Message(SUIT_NAMES[action.suit])},
        )
    return None


# -- the rules plugin ----------------------------------------------------------------------


class SoloRules:
    """The rules plugin of Solo Whist (docs/variants/solo.md)."""

    complete_hooks: ClassVar[frozenset[str]] = frozenset(
        {"whist_bidding_actions", "whist_apply_bid"}
    )

    @hookimpl
    def whist_start_deal(self, context: DealContext) -> DealState[SoloExtra]:
        return initial_state(context, FRESH)

    @hookimpl
    def whist_deal_cards(self, state: DealState[SoloExtra], order: tuple[int, ...]) -> DealChanges:
        dealer = state.context.dealer
        eldest = (dealer + 1) % SEATS
        turn_up = order[-1]
        return {
            "phase": PHASE_AUCTION,
            "to_act": eldest,
            "hands": tuple(deal_in_threes(order, dealer)),
            "trump": turn_up // 13,
            "leader": eldest,
            "extra": FRESH._replace(turn_up=turn_up),
        }

    @hookimpl
    def whist_bidding_actions(self, state: DealState[SoloExtra]) -> tuple[Action, ...] | None:
        if state.phase == PHASE_AUCTION:
            return legal_calls(state)
        if state.phase == PHASE_TRUMP:
            return trump_choices(state)
        return None

    @hookimpl
    def whist_apply_bid(self, state: DealState[SoloExtra], action: Action) -> DealChanges | None:
        if state.phase == PHASE_AUCTION:
            return apply_call(state, action)
        if state.phase == PHASE_TRUMP:
            return apply_trump(state, action)
        return None

    @hookimpl
    def whist_after_trick(self, state: DealView, record: TrickRecord) -> DealChanges:
        if contract_lost(state.extra, record.winner) or not any(state.hands):
            return {"phase": PHASE_END, "to_act": TERMINAL}
        return {}

    @hookimpl
    def whist_explain_illegal(self, state: DealState[SoloExtra], action: Action) -> Message | None:
        return illegal_reason(state, action)

    @hookimpl
    def whist_deal_facts(self, state: DealState[SoloExtra]) -> SoloFacts:
        x = state.extra
        if x.passed_out:
            return SoloFacts(passed_out=True)
        trump = "NT" if state.trump == NO_TRUMP else SUIT_LETTERS[state.trump]
        general = x.contract == GENERAL_MISERE
        return SoloFacts(
            contract=CONTRACT_NAMES[x.contract],
            declarer=None if general else x.declarer,
            partner=x.partner if x.partner >= 0 else None,
            trump=trump,
            tricks=list(state.tricks),
            last_trick=state.completed[-1].winner if state.completed else None,
        )

    @hookimpl
    def whist_score_facts(self, facts: BaseModel, context: DealContext) -> DealScore:
        if not isinstance(facts, SoloFacts):
            raise TypeError(f"Solo Whist scores SoloFacts, not {type(facts).__name__}")
        options = context.options
        assert isinstance(options, SoloOptions)
        return score_facts(facts, options)

    @hookimpl
    def whist_start_match(self, options: BaseModel, first_dealer: int) -> MatchProgress:
        assert isinstance(options, SoloOptions)
        return start_match(options, first_dealer)

    @hookimpl
    def whist_advance_match(
        self, progress: MatchProgress, score: DealScore, options: BaseModel
    ) -> MatchProgress:
        assert isinstance(options, SoloOptions)
        return advance_match(progress, score, options)

    @hookimpl
    def whist_observe(self, state: DealState[SoloExtra], seat: int) -> PlayerView:
        return standard_view(state, seat, public=public_facts(state))

    @hookimpl
    def whist_parse_action(self, state: DealState[SoloExtra], text: str) -> Action | None:
        if state.phase == PHASE_AUCTION:
            return parse_call(text)
        if state.phase == PHASE_TRUMP:
            return parse_trump(text)
        return None

    def conformance_public_cards(self, state: DealState[SoloExtra]) -> int:
        """The turned-up card, which every seat saw (§2), and an open misère's hand from the
        end of the first trick (§5.2). A plain method for the conformance kit's strict
        hidden-card check."""
        turn_up = state.extra.turn_up
        return (1 << turn_up if turn_up >= 0 else 0) | open_hand(state)

    def conformance_match_options(self) -> list[dict[str, str]]:
        """Kit-level protocol: the match formats random play must finish."""
        return [
            {"match": "fixed_deals:4"},
            {"match": "fixed_deals:3", "all_pass": "general_misere"},
        ]


__all__ = [
    "FRESH",
    "PHASE_AUCTION",
    "PHASE_TRUMP",
    "SoloExtra",
    "SoloRules",
    "apply_call",
    "apply_trump",
    "contract_lost",
    "deal_in_threes",
    "illegal_reason",
    "legal_calls",
    "next_caller",
    "open_hand",
    "options_of",
    "public_facts",
    "trump_choices",
]
