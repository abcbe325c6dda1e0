"""German Whist's rule hooks (docs/variants/german.md §1). Only what differs from standard whist.

Seats: 0 = ``A``, 1 = ``B``. ``state.extra`` holds the stock *as dealt* (deck cards 27–52,
top first) and never changes during the deal: phase-1 trick ``k`` (1-based) gives
``stock[2k - 2]`` (the face-up prize) to its winner and ``stock[2k - 1]`` (the hidden card)
to its loser, so after ``k`` tricks the cards still in the stock are ``stock[2k:]`` and the
face-up card is ``stock[2k]``. Phase 1 is tricks 1–13, phase 2 (the play-out) tricks 14–26.
Trick winners and "the winner leads" are the core's standard rules.

Hot hooks (`GermanRules.whist_legal_plays`, `GermanRules.whist_after_trick`) run once per
card or trick in every simulated deal, so they do plain bitmask and index work, never
rebuild ``extra``, and `whist_after_trick` returns only the hands it changes. Everything the views
need (who took which stock card) is derived from the stock and the trick records when a
view is asked for.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from openwhist import (
    NO_TRUMP,
    PHASE_END,
    PHASE_PLAY,
    SUIT_MASKS,
    TERMINAL,
    DealChanges,
    DealContext,
    DealScore,
    DealState,
    DealView,
    MatchProgress,
    PlayerView,
    TrickRecord,
    deal_round_robin,
    hookimpl,
    initial_state,
    public_history,
    standard_view,
)
from pydantic import BaseModel

from openwhist_german import scoring
from openwhist_german.options import GermanOptions
from openwhist_german.scoring import TRICKS_PER_PHASE, GermanFacts

DEALT: int = 2 * TRICKS_PER_PHASE
"""Cards dealt to the two hands (docs/variants/german.md §1.2): 13 each; the other 26 are the
stock."""

LAST_TRICK: int = 2 * TRICKS_PER_PHASE
"""The deal ends after trick 26 (docs/variants/german.md §1.7)."""


class GermanExtra(NamedTuple):
    """German Whist's own deal field (``state.extra``), fixed when the cards are dealt.

    Attributes:
        stock: the stock as dealt, top first (deck cards 27–52; ``()`` before the deal).
            Use `current_stock` for the cards still in it.
    """

    stock: tuple[int, ...]


_NEW_EXTRA = GermanExtra(())


def german_options(state: DealState[Any]) -> GermanOptions:
    """The deal's options, typed (the engine only ever gives a German deal these)."""
    options = state.context.options
    if not isinstance(options, GermanOptions):
        raise TypeError(f"a German Whist deal needs GermanOptions, not {type(options).__name__}")
    return options


def drawn_pairs(state: DealState[GermanExtra]) -> int:
    """How many prize/hidden pairs have left the stock: one per finished phase-1 trick."""
    return min(len(state.completed), TRICKS_PER_PHASE)


def current_stock(state: DealState[GermanExtra]) -> tuple[int, ...]:
    """The cards still in the stock, top (the face-up card) first; empty in phase 2."""
    return state.extra.stock[2 * drawn_pairs(state) :]


def face_up_card(state: DealState[GermanExtra]) -> int | None:
    """The face-up card on top of the stock, or ``None`` when the stock is empty."""
    stock = current_stock(state)
    return stock[0] if stock else None


def taken_from_stock(state: DealState[GermanExtra]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Masks per seat of the face-up cards it took and of the hidden cards it drew.

    Returns ``((face_up_a, face_up_b), (hidden_a, hidden_b))``, played cards included.
    """
    stock = state.extra.stock
    completed = state.completed
    # Every view asks this and the completed tricks change only every other card: the
    # last answer is kept (keyed by the very tuples it came from; both are immutable).
    last = _TAKEN[0]
    if last[0] is stock and last[1] is completed:
        return last[2]
    up = [0, 0]
    hidden = [0, 0]
    for k in range(drawn_pairs(state)):
        winner = completed[k].winner
        up[winner] |= 1 << stock[2 * k]
        hidden[1 - winner] |= 1 << stock[2 * k + 1]
    taken = (up[0], up[1]), (hidden[0], hidden[1])
    _TAKEN[0] = (stock, completed, taken)
    return taken


_TAKEN: list[tuple[Any, Any, tuple[tuple[int, int], tuple[int, int]]]] = [
    (None, None, ((0, 0), (0, 0)))
]


def stock_mask(state: DealState[GermanExtra]) -> int:
    """The cards still in the stock, face-up card included, as a mask."""
    mask = 0
    for card in current_stock(state):
        mask |= 1 << card
    return mask


def phase_of(state: DealState[GermanExtra]) -> int:
    """1 while the stock lasts (and before the deal), 2 during the play-out."""
    return 1 if len(state.completed) < TRICKS_PER_PHASE else 2


class GermanRules:
    """The rules plugin of German Whist (stacked on the core's standard rules)."""

    # These hooks always answer, so the facade calls them without a fall-through loop.
    complete_hooks: ClassVar[frozenset[str]] = frozenset(
        {"whist_legal_plays", "whist_after_trick", "whist_start_deal", "whist_deal_cards"}
    )

    def standard_steps(self, options: BaseModel) -> frozenset[str]:
        """The hooks this plugin answers exactly as the standard rules do under ``options``
        (a plain method the facade reads once per match, docs/plugins/hooks.md): the legal
        plays are standard follow-suit unless ``phase1_must_follow_suit`` is off, so the
        deal in play checks them itself instead of calling the hook for every card."""
        if isinstance(options, GermanOptions) and options.phase1_must_follow_suit:
            return frozenset({"whist_legal_plays"})
        return frozenset()

    # -- setup (docs/variants/german.md §1.2–§1.4)
    # --------------------------------------------------------

    @hookimpl
    def whist_start_deal(self, context: DealContext) -> DealState[GermanExtra]:
        state: DealState[GermanExtra] = initial_state(context, _NEW_EXTRA)
        # docs/variants/german.md §1.4: the non-dealer leads trick 1.
        return state._replace(leader=1 - context.dealer)

    @hookimpl
    def whist_deal_cards(
        self, state: DealState[GermanExtra], order: tuple[int, ...]
    ) -> DealChanges:
        # docs/variants/german.md §1.2: 13 each, one at a time, starting with the non-dealer: deck
        # cards 1, 3, ..., 25 to the non-dealer and 2, 4, ..., 26 to the dealer. The other 26 are
        # the stock; its top card (the 27th) is turned face up and stays a stock card.
        # docs/variants/german.md §1.3: its suit is trump for the whole deal (unless trump_mode is
        # "none").
        non_dealer = 1 - state.context.dealer
        hands = deal_round_robin(order, seats=2, first=non_dealer, count=DEALT)
        stock = order[DEALT:]
        trump = stock[0] // 13 if german_options(state).trump_mode == "turn_up" else NO_TRUMP
        return {
            "phase": PHASE_PLAY,
            "to_act": non_dealer,
            "hands": (hands[0], hands[1]),
            "trump": trump,
            "leader": non_dealer,
            "extra": GermanExtra(stock),
        }

    # -- legality (docs/variants/german.md §1.5)
    # ----------------------------------------------------------

    @hookimpl
    def whist_legal_plays(self, state: DealState[GermanExtra]) -> int:
        # Core §0.3.6: the leader may lead anything; the reply follows suit when able, in
        # both phases -- unless phase1_must_follow_suit is false, which frees the reply
        # while the stock lasts. Never an obligation to trump or to beat the lead.
        hand = state.hands[state.to_act]
        trick = state.trick
        if not trick:
            return hand
        same = hand & SUIT_MASKS[trick[0] // 13]
        if not same:
            return hand  # void in the led suit: any card, whatever the options
        if len(state.completed) < TRICKS_PER_PHASE:
            options = state.context.options
            if type(options) is not GermanOptions:  # the exact type skips a call (hot path)
                options = german_options(state)
            if not options.phase1_must_follow_suit:
                return hand
        return same

    # -- after a trick (docs/variants/german.md §1.6, §1.7)
    # -----------------------------------------------

    @hookimpl
    def whist_after_trick(self, state: DealView, record: TrickRecord) -> DealChanges:
        # ``state`` already has the trick collected and the winner set to lead (core
        # collect_trick), which is docs/variants/german.md §1.4 for both phases. Only what changes
        # is returned; in a LiveDeal it is set in place (docs/plugins/hooks.md).
        k = len(state.completed)
        if k > TRICKS_PER_PHASE:
            # Phase 2: no drawing; the deal ends after trick 26 (§1.7).
            return {} if k < LAST_TRICK else {"phase": PHASE_END, "to_act": TERMINAL}
        # Phase 1, in this order (§1.6): the winner takes the face-up card, the loser the
        # next card face down; only then is the new top card (stock[2k]) turned, and its
        # suit does not change trump. Both hold 13 again; the winner leads.
        stock = state.extra.stock
        prize = 1 << stock[2 * k - 2]
        hidden = 1 << stock[2 * k - 1]
        a, b = state.hands
        if record.winner == 0:
            return {"hands": (a | prize, b | hidden)}
        return {"hands": (a | hidden, b | prize)}

    # -- observation (docs/variants/german.md §1.6 "Information model")
    # -----------------------------------

    @hookimpl
    def whist_observe(self, state: DealState[GermanExtra], seat: int) -> PlayerView:
        """A seat sees its hand, the face-up card, the stock's size, the face-up cards each
        seat took and still holds ("known", public: both saw them taken), and privately
        the face-down cards it drew itself. The opponent's drawn cards are never shown."""
        hands = state.hands
        stock = current_stock(state)
        up, hidden = taken_from_stock(state)
        public: dict[str, Any] = {
            "phase": phase_of(state),
            "stock": len(stock),
            "face_up": stock[0] if stock else None,
            "known": [up[0] & hands[0], up[1] & hands[1]],
        }
        private: dict[str, Any] = {"drawn_blind": hidden[seat]}
        return standard_view(
            state, seat, history=public_history(state), public=public, private=private
        )

    # -- scoring and match (docs/variants/german.md §1.8, §1.9)
    # -------------------------------------------

    @hookimpl
    def whist_deal_facts(self, state: DealState[GermanExtra]) -> GermanFacts:
        completed = state.completed
        if len(completed) != 2 * TRICKS_PER_PHASE:
            raise ValueError(
                f"a German Whist deal has 26 tricks; this one has {len(completed)} "
                "(score a finished deal)"
            )
        a1 = sum(1 for r in completed[:TRICKS_PER_PHASE] if r.winner == 0)
        a2 = sum(1 for r in completed[TRICKS_PER_PHASE:] if r.winner == 0)
        return GermanFacts(
            phase1_tricks=(a1, TRICKS_PER_PHASE - a1),
            phase2_tricks=(a2, TRICKS_PER_PHASE - a2),
        )

    @hookimpl
    def whist_score_facts(self, facts: BaseModel, context: DealContext) -> DealScore:
        if not isinstance(facts, GermanFacts):
            raise TypeError(f"German Whist scores GermanFacts, not {type(facts).__name__}")
        options = context.options
        if not isinstance(options, GermanOptions):
            raise TypeError(f"German Whist needs GermanOptions, not {type(options).__name__}")
        return scoring.score_facts(facts, options)

    @hookimpl
    def whist_start_match(self, options: BaseModel, first_dealer: int) -> MatchProgress:
        if not isinstance(options, GermanOptions):
            raise TypeError(f"German Whist needs GermanOptions, not {type(options).__name__}")
        return scoring.start_match(options, first_dealer)

    @hookimpl
    def whist_advance_match(
        self, progress: MatchProgress, score: DealScore, options: BaseModel
    ) -> MatchProgress:
        if not isinstance(options, GermanOptions):
            raise TypeError(f"German Whist needs GermanOptions, not {type(options).__name__}")
        return scoring.advance_match(progress, score, options)

    # -- conformance kit convention (not a hook) -------------------------------------------

    def conformance_public_cards(self, state: DealState[GermanExtra]) -> int:
        """The cards whose place both players know (docs/variants/german.md §1.6 "Information
        model"): the face-up stock card and every face-up card taken. A plain method for the
        conformance kit's strict hidden-card check."""
        stock = current_stock(state)
        up, _ = taken_from_stock(state)
        return (1 << stock[0] if stock else 0) | up[0] | up[1]

    def conformance_cards_elsewhere(self, state: DealState[GermanExtra]) -> int:
        """The cards neither in a hand nor played: the stock (face-up card included).

        A plain method the conformance kit looks for, so it can check that hands, played
        cards and these account for all 52 cards at every step.
        """
        return stock_mask(state)
