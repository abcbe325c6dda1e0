"""The plugin contract: every hook openwhist calls, with its arguments and return contract.

There are two kinds of hooks, both in the pluggy project ``openwhist``:

**Discovery hooks** (`DiscoverySpecs`) are called once on the global plugin manager that
loads the ``openwhist`` entry points. They register variants, house rules, bots and CLI
commands.

**Rule hooks** (`RuleSpecs`) are called on a *per-match* plugin manager that stacks, from
the bottom: the core's standard trick-taking rules (`openwhist.game.standard`), the variant's
rules plugin, then each house rule the match enables. Every rule hook is ``firstresult``:
the topmost implementation that returns something other than ``None`` decides, so a
variant implements only what differs from standard whist and a house rule can override one
step of any variant (or adjust a result with a ``wrapper=True`` implementation).

Every rule hook receives ``rules``, the match's typed facade (`Rules`, below; built by
`openwhist.game.rules.MatchRules`), so
an implementation can call the other rules (``rules.trick_winner(state, trick)``); an
implementation may omit any argument it does not use. Rule hooks never mutate: they take a
state (or, for the per-card hooks, a read-only `DealView`) and return a value -- a new state,
or for `whist_deal_cards`, `whist_apply_bid` and `whist_after_trick` only the fields that
change (`DealChanges`), which the engine's deal in play sets in place. Code outside the
facade never calls ``pm.hook``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

if TYPE_CHECKING:
    from random import Random

    from pydantic import BaseModel

    from openwhist.game.actions import Action
    from openwhist.game.messages import Message
    from openwhist.game.scoring import DealScore, MatchProgress
    from openwhist.game.state import DealChanges, DealContext, DealState, DealView, TrickRecord
    from openwhist.game.variant import HouseRule, Variant
    from openwhist.game.views import PlayerView

PROJECT = "openwhist"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class Rules:
    """The typed facade every rule hook receives as ``rules``: the match's variant and
    house rules, and one callable per rule hook, named without the ``whist_`` prefix and
    taking the hook's arguments without ``rules`` (``rules.trick_winner(state, trick)``).

    `openwhist.game.rules.MatchRules` fills it in for a match's stacked rules;
    declaring the interface here keeps the hook contract below the code that builds it, so
    the standard rules and a plugin's hooks need not import the facade.
    """

    variant: Variant
    house_rules: tuple[HouseRule, ...]
    seats: int
    """The match's number of seats (one of `Variant.allowed_seats`; ``--players N``)."""
    seat_names: tuple[str, ...]
    """The seat names at that count (`Variant.names_for`): use these, not
    ``variant.seat_names``, which are the default count's."""
    standard_trick_order: bool
    """True when no rules plugin of the match implements `whist_trick_order`: every trick
    is every seat clockwise from its leader, and the engine keeps ``trick_order`` empty."""

    start_deal: Callable[[DealContext], DealState[Any]]
    deal_cards: Callable[[DealState[Any], tuple[int, ...]], DealState[Any] | DealChanges]
    bidding_actions: Callable[[DealState[Any]], Sequence[Action]]
    apply_bid: Callable[[DealState[Any], Action], DealState[Any] | DealChanges]
    legal_plays: Callable[[DealView], int]
    apply_play: Callable[[DealState[Any], int], DealState[Any]]
    trick_winner: Callable[[DealView, tuple[int, ...]], int]
    trick_order: Callable[[DealView], tuple[int, ...]]
    trick_actions: Callable[[DealState[Any]], Sequence[Action]]
    apply_trick_action: Callable[[DealState[Any], Action], DealState[Any] | DealChanges]
    after_trick: Callable[[DealView, TrickRecord], DealState[Any] | DealChanges]
    score_deal: Callable[[DealState[Any]], DealScore]
    deal_facts: Callable[[DealState[Any]], BaseModel]
    score_facts: Callable[[BaseModel, DealContext], DealScore]
    first_dealer: Callable[[BaseModel, Random], int]
    start_match: Callable[[BaseModel, int], MatchProgress]
    advance_match: Callable[[MatchProgress, DealScore, BaseModel], MatchProgress]
    observe: Callable[[DealState[Any], int], PlayerView]
    parse_action: Callable[[DealState[Any], str], Action]
    explain_illegal: Callable[[DealState[Any], Action], Message | str]


class RuleSpecs(Protocol):
    """Hooks called on a match's own plugin manager. All are ``firstresult``."""

    # -- setup --------------------------------------------------------------------------

    @hookspec(firstresult=True)
    def whist_start_deal(self, rules: Rules, context: DealContext) -> DealState[Any]:
        """The state before the cards are dealt: phase ``"deal"``, ``to_act`` CHANCE.

        Called once per deal. Set the variant's ``extra`` fields to their starting values.
        """
        ...

    @hookspec(firstresult=True)
    def whist_deal_cards(
        self, rules: Rules, state: DealState[Any], order: tuple[int, ...]
    ) -> DealChanges | DealState[Any]:
        """Apply the chance action: distribute ``order`` (all 52 cards, top first).

        Returns what the deal changes, as `DealChanges`: the hands, trump (if fixed now),
        the stock in ``extra``, the first phase and the first seat to act (a whole new
        `DealState` is accepted too). The engine appends the `Deal` to the history. Called
        again within one deal if the variant redeals (an Israeli passed-out Frisch).
        """
        ...

    # -- bidding ------------------------------------------------------------------------

    @hookspec(firstresult=True)
    def whist_bidding_actions(self, rules: Rules, state: DealState[Any]) -> Sequence[Action]:
        """The legal actions of ``state.to_act`` in a variant phase (auction, Frisch, ...).

        Called for any phase other than ``deal``, ``play`` and ``end``. Must be non-empty.
        A tuple must already be in `Action.sort_key` order (the engine returns it as it is;
        the conformance kit checks the order); any other sequence is sorted by the engine.
        """
        ...

    @hookspec(firstresult=True)
    def whist_apply_bid(
        self, rules: Rules, state: DealState[Any], action: Action
    ) -> DealChanges | DealState[Any]:
        """Apply a legal action of a variant phase: what changes, or the next state.

        Return `DealChanges` (the seat to act, ``extra``, the next phase...): the engine
        appends ``action`` to the history and a `LiveDeal` sets the fields in place. A whole
        `DealState` is accepted too; it must then have ``action`` appended to its history.
        The engine has already checked that ``action`` is among `whist_bidding_actions`.
        """
        ...

    # -- legality and trick play ----------------------------------------------------------

    @hookspec(firstresult=True)
    def whist_legal_plays(self, rules: Rules, state: DealView) -> int:
        """The cards ``state.to_act`` may play now, as a bitmask (docs/variants/core.md §0.3.6).

        ``state`` is a `DealView`: a `DealState` or the engine's `LiveDeal` (read only).

        Standard: the cards of the led suit if the seat holds any, else the whole hand.
        """
        ...

    @hookspec(firstresult=True)
    def whist_apply_play(self, rules: Rules, state: DealState[Any], card: int) -> DealState[Any]:
        """Play a legal ``card`` for ``state.to_act``; resolve the trick when it is complete.

        Standard: the card leaves the hand and joins the trick; the next seat of the
        trick's order (`DealState.trick_order`; every seat clockwise under the standard
        rules) is to play, and when every seat of that order has played,
        `whist_trick_winner` then `whist_after_trick` are called and the next trick's
        order is set. An override completes tricks with `openwhist.game.standard.collect`
        so the trick's seats, the next order and the after-trick hook stay the engine's.
        """
        ...

    @hookspec(firstresult=True)
    def whist_trick_order(self, rules: Rules, state: DealView) -> tuple[int, ...]:
        """The seats that play the current trick, in play order: the seats that played
        ``state.trick``'s cards (in that order), then those still to play. Non-empty.

        ``state`` is a `DealView`. The engine calls it when a trick starts (after the deal,
        a bid or the previous trick, with ``state.leader`` the seat to lead) and after each
        trick action (`whist_apply_trick_action`: a seat knocked), never per card; it keeps
        the answer in ``state.trick_order``. The trick is complete when every seat of the
        order has played; a seat left out (out of the deal, knocked) plays no card to it and
        the next seat of the order plays instead. After a trick action the order must
        still begin with the seats that played the trick's cards; its first seat leads an
        empty trick.

        Standard (not called: ``trick_order`` stays ``()``): every seat, clockwise from
        the leader. Implement it only when a seat can be left out of a trick.
        """
        ...

    @hookspec(firstresult=True)
    def whist_trick_actions(self, rules: Rules, state: DealState[Any]) -> Sequence[Action]:
        """The actions other than a card that ``state.to_act`` may take in trick play now
        (a knock), offered with its legal cards (empty: only cards).

        Called for every decision in trick play of a match whose rules implement it (the
        engine skips it otherwise). Standard: ``()``. A variant with such actions also
        implements `whist_apply_trick_action`, `whist_trick_order` (the seat that knocked
        is left out) and `whist_parse_action` (its notation).
        """
        ...

    @hookspec(firstresult=True)
    def whist_apply_trick_action(
        self, rules: Rules, state: DealState[Any], action: Action
    ) -> DealChanges | DealState[Any]:
        """Apply a legal trick action (one `whist_trick_actions` offered): what changes.

        Return `DealChanges` -- normally only ``extra``, where the variant notes that the
        seat knocked. The engine then adds ``action`` to the history, asks
        `whist_trick_order` again and moves the turn on: the next seat of the order plays,
        or, when every seat of the order has played, the trick is complete and is won and
        collected as after its last card. Standard: raises (no trick action exists).
        """
        ...

    @hookspec(firstresult=True)
    def whist_trick_winner(self, rules: Rules, state: DealView, trick: tuple[int, ...]) -> int:
        """The seat that wins ``trick`` (cards in play order from ``state.leader``).

        ``state`` is a `DealView`: a `DealState` or the engine's `LiveDeal` (read only).

        ``state`` is the deal just before the trick's last card was played (its leader and
        trump are the trick's); read the cards from ``trick``, not from ``state.trick``.

        Standard (docs/variants/core.md §0.3.4): the highest trump, else the highest card of the led
        suit.
        """
        ...

    @hookspec(firstresult=True)
    def whist_after_trick(
        self, rules: Rules, state: DealView, record: TrickRecord
    ) -> DealChanges | DealState[Any]:
        """What happens after a trick: ``state`` has the trick collected and counted.

        Decide what happens next: the winner leads (standard), cards are drawn (German),
        or the deal ends (phase ``end``, ``to_act`` TERMINAL). ``state`` is a `DealView`
        (a `DealState` or the engine's `LiveDeal`, read only). Return only the fields that
        change, as `DealChanges` (``{}``, ``{"hands": ...}``, ``{"phase": PHASE_END,
        "to_act": TERMINAL}``), which a `LiveDeal` sets in place; a whole new `DealState`
        is accepted too.
        """
        ...

    # -- scoring and match progression ----------------------------------------------------

    @hookspec(firstresult=True)
    def whist_score_deal(self, rules: Rules, state: DealState[Any]) -> DealScore:
        """Score a finished deal, as explained lines in the order the rules apply them.

        Standard: ``rules.score_facts(rules.deal_facts(state), state.context)``; a variant
        normally implements those two hooks rather than this one.
        """
        ...

    @hookspec(firstresult=True)
    def whist_deal_facts(self, rules: Rules, state: DealState[Any]) -> BaseModel:
        """The facts of a finished deal that scoring needs, as the variant's facts model.

        The same facts model is what a score-keeper enters for a game played with real
        cards (tricks per seat or side, honours held, contracts, declared revokes), so played
        and recorded deals are scored by the same `whist_score_facts`.
        """
        ...

    @hookspec(firstresult=True)
    def whist_score_facts(self, rules: Rules, facts: BaseModel, context: DealContext) -> DealScore:
        """Score a deal from its facts (played or entered by hand), in rule order.

        Standard: one point per trick over book to the side (or seat) with more than half.
        ``context.progress`` carries the match state before the deal (English "at four").
        """
        ...

    @hookspec(firstresult=True)
    def whist_first_dealer(self, rules: Rules, options: BaseModel, rng: Random) -> int:
        """The seat that deals the first deal of a new match, drawn from ``rng``.

        Called once per match, before `whist_start_match`; the result is recorded in the
        game record, so replay never calls it. Standard: a uniformly random seat. English
        Whist's ``first_dealer = "cut_lowest"`` cuts the pack instead
        (docs/variants/english.md §2.1).
        """
        ...

    @hookspec(firstresult=True)
    def whist_start_match(
        self, rules: Rules, options: BaseModel, first_dealer: int
    ) -> MatchProgress:
        """The progress of a new match, before its first deal."""
        ...

    @hookspec(firstresult=True)
    def whist_advance_match(
        self, rules: Rules, progress: MatchProgress, score: DealScore, options: BaseModel
    ) -> MatchProgress:
        """The progress after a scored deal: totals, games, rubbers, next dealer, the end."""
        ...

    # -- observation and notation ---------------------------------------------------------

    @hookspec(firstresult=True)
    def whist_observe(self, rules: Rules, state: DealState[Any], seat: int) -> PlayerView:
        """What ``seat`` may know of ``state``: its own hand and public facts, nothing else."""
        ...

    @hookspec(firstresult=True)
    def whist_parse_action(self, rules: Rules, state: DealState[Any], text: str) -> Action:
        """Parse ``text`` as an action of the current phase (raise InvalidNotationError)."""
        ...

    @hookspec(firstresult=True)
    def whist_explain_illegal(
        self, rules: Rules, state: DealState[Any], action: Action
    ) -> Message | str:
        """Why ``action`` is illegal for ``state.to_act`` now, in one sentence for a player.

        Called only on the error path, when the engine rejects an action; the sentence
        becomes the `IllegalActionError` message (the legal alternatives are added to it)
        and, when it is a `Message`, its ``reason``, which an interface shows translated.
        Standard: "N does not hold ...", "N must follow suit (...)" or "... is not legal
        now". A variant with calls explains its own rules (too low, forbidden total, ...).
        Return a `Message` so players read it in their language; a plain string shows as
        it is.
        """
        ...


RULE_HOOKS: tuple[str, ...] = tuple(n for n in vars(RuleSpecs) if n.startswith("whist_"))
