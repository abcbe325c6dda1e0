"""The variant-agnostic engine: whose turn, legal actions, apply, observe, score.

An `Engine` serves one match of one variant with fixed options (and house rules). It follows
OpenSpiel's state contract:

* `actor` is a seat, `CHANCE` (the deal) or `TERMINAL`;
* `legal_actions` is sorted, non-empty for the seat to act and empty for every other seat
  (and for chance: draw chance outcomes with `sample_chance`);
* `apply` checks legality and raises `IllegalActionError` carrying the legal alternatives;
  `apply_unchecked` skips the check for trusted input (bots, replay of validated records);
* `observe` gives one seat's view; `score` scores a finished deal;
* `start_match` / `advance_match` carry the match from deal to deal.

>>> from openwhist.testing.toy import TOY
>>> import random
>>> engine = Engine(TOY)
>>> state = engine.start_deal(dealer=0)
>>> engine.actor(state) == CHANCE
True
>>> state = engine.apply(state, engine.sample_chance(state, random.Random(1)))
>>> engine.legal_actions(state, seat=state.to_act)[:2] != ()
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import repeat
from operator import is_
from typing import Any

from pydantic import BaseModel

from openwhist.game.actions import Action, Deal, Play, sort_actions
from openwhist.game.cards import NUM_CARDS, card_name, iter_cards
from openwhist.game.deal import _SUIT_PLAYS, LiveDeal, plays_of, suit_tables
from openwhist.game.errors import (
    IllegalActionError,
    InvalidNotationError,
    PluginContractError,
    SeatCountError,
    count_range,
)
from openwhist.game.messages import N_, Message
from openwhist.game.rules import MatchRules
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.standard import checked_order, collect, standard_deal_supports
from openwhist.game.state import (
    CHANCE,
    CHANGEABLE,
    PHASE_END,
    PHASE_PLAY,
    TERMINAL,
    DealChanges,
    DealContext,
    DealState,
    changes_error,
)
from openwhist.game.variant import HouseRule, Variant
from openwhist.game.views import PlayerView

__all__ = ["CHANCE", "TERMINAL", "Engine", "LiveDeal", "plays_of", "shuffled_deck"]


def bid_result(
    state: DealState[Any], action: Action, result: DealState[Any] | DealChanges
) -> DealState[Any]:
    """The state after a bid: `whist_apply_bid`'s state (its history written by the hook),
    or ``state`` with its changes and ``action`` added to the history."""
    if isinstance(result, dict):
        if not result.keys() <= CHANGEABLE:
            raise changes_error(result)
        return state._replace(**result, history=(*state.history, action))
    return result


def shuffled_deck(rng: random.Random) -> tuple[int, ...]:
    """A uniformly shuffled deck order from ``rng``."""
    order = list(range(NUM_CARDS))
    rng.shuffle(order)
    return tuple(order)


class Engine:
    """The rules engine for one match: a variant, its validated options, house rules and
    number of seats.

    Attributes:
        seats: the match's number of seats (``seats=`` or the variant's default).
        seat_names: the seat names at that count (`Variant.names_for`).
    """

    def __init__(
        self,
        variant: Variant,
        options: BaseModel | Mapping[str, Any] | None = None,
        *,
        house_rules: Sequence[HouseRule] = (),
        seats: int | None = None,
    ) -> None:
        """Build the match's rule stack, for ``seats`` players (``None``: the variant's
        default count, ``variant.seats``).

        Raises:
            OptionsError: when ``options`` is a mapping the variant's model rejects.
            SeatCountError: a seat count the variant does not allow, or one its rules cannot
                deal (the standard deal needs a count that divides 52).
            PluginContractError: when a rules plugin does not fit the hook contract.
        """
        self.variant = variant
        self.options = (
            options if isinstance(options, BaseModel) else variant.make_options(options or {})
        )
        if not isinstance(self.options, variant.options):
            raise PluginContractError(
                f"options of type {type(self.options).__name__} given to variant {variant.name}"
            )
        self.house_rules = tuple(house_rules)
        self.rules = MatchRules(variant, self.house_rules, seats)
        self.seats = self.rules.seats
        self.seat_names = self.rules.seat_names
        if "whist_deal_cards" in self.rules.standard_hooks and not standard_deal_supports(
            self.seats
        ):
            allowed = [n for n in variant.allowed_seats if standard_deal_supports(n)]
            raise SeatCountError(
                variant.name,
                self.seats,
                allowed,
                reason=(
                    f"{variant.name} cannot be played by {self.seats} players: it deals all "
                    f"52 cards, which needs {count_range(allowed) or 'a number that divides 52'}"
                    " players"
                ),
                message=Message(
                    N_("{variant} cannot be played by {seats} players: it deals all 52 cards"),
                    {"variant": variant.title, "seats": self.seats},
                ),
            )
        # The last state legal_actions answered, with its legal card mask (play) or its
        # legal actions (bidding), so apply(state, ...) right after need not ask the rules
        # again. States are immutable and held here, so identity means the same state.
        self._last: tuple[object, int] = (None, 0)
        self._last_bids: tuple[object, tuple[Action, ...]] = (None, ())
        # Bound once: the rule calls of every card play and every bid.
        self._legal_plays = self.rules.legal_plays
        self._apply_play = self.rules.apply_play
        self._apply_bid = self.rules.apply_bid
        self._trick_winner = self.rules.trick_winner
        self._after_trick = self.rules.after_trick
        # The steps a LiveDeal may do itself: those only the standard rules implement here,
        # or that every other implementation declares standard for these options.
        standard = self.rules.standard_steps(self.options)
        self._standard_order = self.rules.standard_trick_order
        self._standard_legal = "whist_legal_plays" in standard
        # The deal plays a card in place only under the standard trick order too: a
        # variant's order (a seat out, a knock) is followed by the pure step.
        self._standard_play = "whist_apply_play" in standard and self._standard_order
        self._standard_winner = "whist_trick_winner" in standard
        self._standard_after_trick = "whist_after_trick" in standard
        # A knock, or any action other than a card in trick play: asked of the rules only
        # in a match whose rules offer some (None: cards only, nothing to ask).
        self._trick_actions = (
            None if "whist_trick_actions" in self.rules.standard_hooks else self.rules.trick_actions
        )
        if self._trick_actions is not None and self._standard_order:
            raise PluginContractError(
                f"{variant.name}: whist_trick_actions needs a whist_trick_order that leaves "
                "out the seat that took one"
            )

    # -- deals ---------------------------------------------------------------------------

    def start_deal(
        self, *, dealer: int, number: int = 1, progress: MatchProgress | None = None
    ) -> DealState[Any]:
        """A new deal, waiting for the chance action (the shuffled deck)."""
        context = DealContext(
            options=self.options,
            seats=self.seats,
            dealer=dealer,
            number=number,
            progress=progress.as_dict() if progress is not None else None,
        )
        return self.rules.start_deal(context)

    def live_deal(
        self, *, dealer: int, number: int = 1, progress: MatchProgress | None = None
    ) -> LiveDeal:
        """A new deal in play (mutable), waiting for the chance action; see `LiveDeal`."""
        return LiveDeal(self, self.start_deal(dealer=dealer, number=number, progress=progress))

    @staticmethod
    def actor(state: DealState[Any]) -> int:
        """The seat to act, `CHANCE` or `TERMINAL`."""
        return state.to_act

    def legal_actions(self, state: DealState[Any], seat: int | None = None) -> tuple[Action, ...]:
        """The sorted legal actions of ``seat`` (default: the seat to act).

        Empty for a seat that is not to act, for chance and for a finished deal.
        """
        to_act = state.to_act
        if to_act < 0 or (seat is not None and seat != to_act):
            return ()
        if state.phase is PHASE_PLAY or state.phase == PHASE_PLAY:
            mask = self._legal_plays(state)
            self._last = (state, mask)
            c, d, h, s = _SUIT_PLAYS or suit_tables()
            plays = (
                c[mask & 0x1FFF] + d[mask >> 13 & 0x1FFF] + h[mask >> 26 & 0x1FFF] + s[mask >> 39]
            )
            if self._trick_actions is None:
                return plays
            others = self._trick_actions(state)
            return sort_actions([*plays, *others]) if others else plays
        actions = self.rules.bidding_actions(state)
        if not actions:
            raise PluginContractError(
                f"{self.variant.name}: no legal action for seat {to_act} in phase {state.phase!r}"
            )
        # A tuple from the hook is taken as already in sort_key order (the conformance
        # kit checks it); sorting 286 Frisch selections on every step cost ~9% of a deal.
        legal = actions if type(actions) is tuple else sort_actions(list(actions))
        self._last_bids = (state, legal)
        return legal

    def sample_chance(self, state: DealState[Any] | LiveDeal, rng: random.Random) -> Deal:
        """A chance outcome for ``state`` (or a deal in play): a uniformly shuffled deck."""
        if state.to_act != CHANCE:
            raise IllegalActionError("it is not chance's turn")
        return Deal(shuffled_deck(rng))

    def apply(
        self, state: DealState[Any], action: Action, *, seat: int | None = None
    ) -> DealState[Any]:
        """The state after ``action``; ``seat``, if given, must be the seat to act.

        Raises:
            IllegalActionError: out of turn, deal over, or an action the rules forbid now;
                carries the legal alternatives in notation.
        """
        # The common case, fused: a card play in the state `legal_actions` was just asked
        # about, checked against the legal mask computed there (one atomic tuple, so a
        # concurrent caller can never pair a state with another state's mask). Anything
        # else, an illegal card included, takes the full path below.
        last_state, mask = self._last
        if (
            last_state is state
            and type(action) is Play
            and mask >> action.card & 1
            and (seat is None or seat == state.to_act)
        ):
            return self._apply_play(state, action.card)
        # The same for a bid (auction, contract, Frisch) legal_actions just listed; a bot
        # passes one of the listed objects, found by identity without calling __eq__.
        last_bids, legal = self._last_bids
        if (
            last_bids is state
            and (seat is None or seat == state.to_act)
            and any(map(is_, legal, repeat(action)))
        ):
            new = bid_result(state, action, self._apply_bid(state, action))
            return new if self._standard_order else self._started(new)
        to_act = state.to_act
        if to_act == TERMINAL:
            raise IllegalActionError("the deal is over")
        if seat is not None and seat != to_act:
            who = self.seat_names[to_act] if to_act >= 0 else "chance"
            raise IllegalActionError(
                f"out of turn: it is {who}'s turn, not {self.seat_names[seat]}'s"
            )
        if to_act == CHANCE:
            if type(action) is not Deal or sorted(action.order) != list(range(NUM_CARDS)):
                raise IllegalActionError("chance must deal a permutation of the 52 cards")
            return self.apply_unchecked(state, action)
        if state.phase is PHASE_PLAY or state.phase == PHASE_PLAY:
            if type(action) is not Play and self._trick_actions is not None:
                offered = self._trick_actions(state)
                if action in offered:
                    return self._apply_trick_action(state, action)
            if last_state is not state:
                mask = self._legal_plays(state)
            if type(action) is not Play or not mask >> action.card & 1:
                raise self._illegal(state, action, self._legal_in_play(state, mask))
            return self._apply_play(state, action.card)
        if last_bids is not state:
            legal = self.legal_actions(state)
        if action not in legal:
            raise self._illegal(state, action, [a.notation() for a in legal])
        return self._started(bid_result(state, action, self._apply_bid(state, action)))

    def _started(self, state: DealState[Any]) -> DealState[Any]:
        """``state`` after a deal or a bid: when a trick starts under a rules plugin's trick
        order, with that order (`whist_trick_order`) set; as it is otherwise."""
        if self._standard_order or state.phase != PHASE_PLAY or state.trick or state.trick_order:
            return state
        order = checked_order(self.rules, state)
        return state._replace(trick_order=order)

    def _apply_trick_action(self, state: DealState[Any], action: Action) -> DealState[Any]:
        """Apply a trick action (a knock) that `whist_trick_actions` offered: the rules'
        changes, the action in the history, the trick's order asked again, then the turn
        moved on to the order's next seat -- or the trick won and collected when every
        seat of the order has played."""
        new = bid_result(state, action, self.rules.apply_trick_action(state, action))
        order = checked_order(self.rules, new)
        trick = new.trick
        if len(trick) < len(order):
            first = order[0] if not trick else new.leader
            return new._replace(trick_order=order, to_act=order[len(trick)], leader=first)
        if not trick:
            raise PluginContractError(
                f"{self.variant.name}: after {action.notation()!r} no seat is left to play "
                "the trick"
            )
        return collect(self.rules, new._replace(trick_order=order), trick, new.hands, new.history)

    def _legal_in_play(self, state: DealState[Any], mask: int) -> list[str]:
        """The legal alternatives in trick play, in notation: the legal cards, then any
        trick action the rules offer (a knock), in legal-action order (the error path)."""
        if self._trick_actions is None:
            return [card_name(c) for c in iter_cards(mask)]
        return [a.notation() for a in self.legal_actions(state)]

    def _illegal(
        self, state: DealState[Any], action: Action, legal: Sequence[str]
    ) -> IllegalActionError:
        """The error for ``action``: the rules' reason (kept as a `Message` for
        translation when they give one) and the legal alternatives."""
        reason = self.rules.explain_illegal(state, action)
        if isinstance(reason, Message):
            return IllegalActionError(reason.render(card_name), legal=legal, reason=reason)
        return IllegalActionError(reason, legal=legal)

    def apply_unchecked(self, state: DealState[Any], action: Action) -> DealState[Any]:
        """Apply a trusted action without the legality check."""
        if state.to_act == CHANCE:
            assert isinstance(action, Deal)
            dealt = self.rules.deal_cards(state, action.order)
            history = (*state.history, action)
            if isinstance(dealt, dict):
                if not dealt.keys() <= CHANGEABLE:
                    raise changes_error(dealt)
                return self._started(state._replace(**dealt, history=history))
            return self._started(dealt._replace(history=history))
        if state.phase is PHASE_PLAY or state.phase == PHASE_PLAY:
            if type(action) is not Play:
                return self._apply_trick_action(state, action)
            return self._apply_play(state, action.card)
        return self._started(bid_result(state, action, self._apply_bid(state, action)))

    def parse_action(self, state: DealState[Any], text: str) -> Action:
        """Read ``text`` as an action of the current phase.

        Raises:
            InvalidNotationError: with the reason.
        """
        if state.to_act == TERMINAL:
            raise InvalidNotationError("the deal is over")
        return self.rules.parse_action(state, text)

    def observe(self, state: DealState[Any], seat: int) -> PlayerView:
        """What ``seat`` may know of ``state``."""
        return self.rules.observe(state, seat)

    def score(self, state: DealState[Any]) -> DealScore:
        """Score a finished deal.

        Raises:
            IllegalActionError: if the deal is not over.
        """
        if state.phase != PHASE_END:
            raise IllegalActionError("the deal is not over yet")
        return self.rules.score_deal(state)

    # -- matches -------------------------------------------------------------------------

    def choose_first_dealer(self, rng: random.Random) -> int:
        """The first dealer of a new match, drawn from ``rng`` as the variant's rules say."""
        seat = self.rules.first_dealer(self.options, rng)
        if not 0 <= seat < self.seats:
            raise PluginContractError(f"{self.variant.name}: first dealer {seat} is not a seat")
        return seat

    def start_match(self, first_dealer: int) -> MatchProgress:
        """The progress of a new match whose first deal is dealt by ``first_dealer``."""
        return self.rules.start_match(self.options, first_dealer)

    def advance_match(self, progress: MatchProgress, score: DealScore) -> MatchProgress:
        """The progress after one more scored deal."""
        return self.rules.advance_match(progress, score, self.options)

    def next_deal(self, progress: MatchProgress) -> DealState[Any]:
        """The next deal of a running match (dealer and progress from ``progress``)."""
        return self.start_deal(dealer=progress.dealer, number=progress.deals + 1, progress=progress)
