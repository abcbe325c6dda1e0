"""The deal state: an immutable value that `apply` replaces, never mutates.

A `DealState` holds everything about one deal: the hands, trump, the current trick, the
tricks won, the history of actions and the variant's own fields (``extra``). Transitions are
pure (``new = engine.apply(old, action)``), so a bot can search by keeping old states and a
record replays by applying its actions again.

Design decision (docs/architecture.md, "State as a NamedTuple"): the design guide
(docs/architecture.md) asks for frozen, slotted dataclasses. On our machines constructing a 13-field
frozen dataclass costs about 1.4 µs against 0.4 µs for a NamedTuple, and a German deal creates 53
states; with the dataclass the ≥ 10,000 deals/s target was out of reach. `DealState` is therefore a
typed ``NamedTuple``: just as immutable, cheaper to build. Variant-specific fields live in
``extra``, a value of the variant's own immutable type (German: the stock and face-up card;
Israeli: the auction), which changes far less often than the hot fields.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Generic, NamedTuple, Protocol, TypedDict, TypeVar

from pydantic import BaseModel

from openwhist.game.actions import Action
from openwhist.game.errors import PluginContractError

CHANCE: Final = -1
"""``state.to_act`` when the next action is chance (the deal)."""
TERMINAL: Final = -2
"""``state.to_act`` when the deal is over."""
NO_TRUMP: Final = -1
"""``state.trump`` when no suit is trump."""

PHASE_DEAL: Final = "deal"
"""Waiting for the chance action that deals the cards."""
PHASE_PLAY: Final = "play"
"""Trick play: the legality, trick and after-trick hooks apply."""
PHASE_END: Final = "end"
"""The deal is over; the scoring hook applies."""
STANDARD_PHASES: Final = frozenset({PHASE_DEAL, PHASE_PLAY, PHASE_END})
"""Any other phase name belongs to the variant's bidding hooks (auctions, Frisch, ...)."""

X = TypeVar("X")


@dataclass(frozen=True, slots=True)
class DealContext:
    """What a deal needs to know about its match. Fixed for the whole deal.

    Attributes:
        options: the variant's validated options model.
        seats: number of seats at the table.
        dealer: the dealing seat.
        number: 1-based deal number within the match.
        progress: the match progress before this deal (variant-defined, JSON-safe dict);
            English Whist's "at the score of four" rule reads it.
    """

    options: BaseModel
    seats: int
    dealer: int
    number: int = 1
    progress: dict[str, Any] | None = None


class TrickRecord(NamedTuple):
    """A completed trick: who led, the cards in play order, who won it, and who played each.

    Attributes:
        leader: the seat that led (``seats[0]``).
        cards: the cards in play order.
        winner: the seat that won the trick.
        seats: the seat that played each card of ``cards``, in the same order. Every seat
            clockwise from the leader under the standard rules; fewer when a seat is out of
            the deal or knocked instead of playing (`DealState.trick_order`). Read the
            player of a card here, never by counting seats from the leader.
    """

    leader: int
    cards: tuple[int, ...]
    winner: int
    seats: tuple[int, ...]


class DealState(NamedTuple, Generic[X]):
    """One deal's complete state (hidden cards included: never show it to a seat).

    Attributes:
        phase: ``"deal"``, ``"play"``, ``"end"`` or a variant's own bidding phase.
        to_act: the seat to act, `CHANCE` or `TERMINAL`.
        hands: one card bitmask per seat.
        trump: the trump suit (0..3) or `NO_TRUMP`.
        leader: the seat that led (or will lead) the current trick.
        trick: cards of the current trick, in play order from ``leader``.
        tricks: tricks won per seat in this deal.
        completed: the completed tricks, in order.
        history: every action applied so far, the chance deal included.
        context: the deal's fixed context (options, dealer, match progress).
        extra: the variant's own immutable fields (``None`` for none).
        trick_order: the seats that play the current trick, in play order (those that
            played ``trick``'s cards first, then those still to play), when a rules plugin
            of the match decides it (`whist_trick_order`); ``()`` when the standard rules
            do: every seat, clockwise from ``leader``. The engine's to set, when a trick
            starts and after a trick action (a knock); read it through `trick_order_of`.
    """

    phase: str
    to_act: int
    hands: tuple[int, ...]
    trump: int
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[int, ...]
    completed: tuple[TrickRecord, ...]
    history: tuple[Action, ...]
    context: DealContext
    extra: X
    trick_order: tuple[int, ...] = ()

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return self.context.seats

    @property
    def dealer(self) -> int:
        """The dealing seat."""
        return self.context.dealer

    @property
    def is_terminal(self) -> bool:
        """True once the deal is over."""
        return self.to_act == TERMINAL


class DealView(Protocol):
    """What a read-only rule hook may read of a deal: `DealState`'s fields, read-only.

    `whist_legal_plays`, `whist_trick_winner` and `whist_after_trick` run for every card or
    trick, so the engine hands them the deal in play itself (a `openwhist.game.deal.LiveDeal`)
    rather than building a state for each call; a `DealState` has the same fields. Read
    them, or build a new `DealState` with ``_replace``; never keep the object.
    """

    @property
    def phase(self) -> str: ...
    @property
    def to_act(self) -> int: ...
    @property
    def hands(self) -> tuple[int, ...]: ...
    @property
    def trump(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def trick(self) -> tuple[int, ...]: ...
    @property
    def tricks(self) -> tuple[int, ...]: ...
    @property
    def completed(self) -> tuple[TrickRecord, ...]: ...
    @property
    def history(self) -> tuple[Action, ...]: ...
    @property
    def context(self) -> DealContext: ...
    @property
    def extra(self) -> Any: ...
    @property
    def trick_order(self) -> tuple[int, ...]: ...
    @property
    def _replace(self) -> Callable[..., DealState[Any]]:
        """``_replace(**changes)``: a `DealState` with ``changes``; the deal is unchanged."""
        ...


class DealChanges(TypedDict, total=False):
    """What a step changes: a few fields and their new values.

    Three hooks may return one instead of a whole `DealState`: `whist_deal_cards` (the
    hands, trump, first phase and seat), `whist_apply_bid` (the seat to act, the variant's
    ``extra``, the next phase) and `whist_after_trick` (``{}`` when nothing changes,
    ``{"hands": ...}`` when cards are drawn, ``{"phase": PHASE_END, "to_act": TERMINAL}``
    when the deal ends); `whist_apply_trick_action` too (a knock: usually only ``extra``).
    A `LiveDeal` sets these fields in place; the pure API builds
    ``state._replace(**changes)``. The history (the engine adds the action), the trick, the
    tricks won, the completed tricks, the trick's order and the context are the engine's to
    change, never a hook's: changes naming them are a `PluginContractError`.
    """

    phase: str
    to_act: int
    hands: tuple[int, ...]
    trump: int
    leader: int
    extra: Any


CHANGEABLE: Final = frozenset(DealChanges.__annotations__)
"""The fields a `DealChanges` may name."""


def with_changes(state: DealState[X], result: DealState[X] | DealChanges) -> DealState[X]:
    """``state`` after a hook's result: a whole new state, or the changes to make.

    Raises:
        PluginContractError: the changes name a field a hook may not change.
    """
    if isinstance(result, dict):
        if not result:
            return state
        if not result.keys() <= CHANGEABLE:
            raise changes_error(result)
        return state._replace(**result)
    return result


def changes_error(changes: DealChanges) -> PluginContractError:
    """The error for `DealChanges` that name a field no hook may change."""
    wrong = ", ".join(sorted(changes.keys() - CHANGEABLE))
    return PluginContractError(
        f"a rule hook's changes may name only {', '.join(sorted(CHANGEABLE))}, not {wrong}"
    )


state_from_fields: Final[Callable[[tuple[Any, ...]], DealState[Any]]] = functools.partial(
    tuple.__new__, DealState
)
"""The `DealState` of a tuple of all twelve fields, in order (internal: the pure inner step).

The same value as ``DealState(*fields)`` at about half the cost: the class constructor runs
a Python-level ``__new__``; this is ``tuple.__new__`` itself. For hot paths that build a
state per card (the standard `whist_apply_play`); it does not check the field count, so
pass exactly twelve (``trick_order`` last, ``()`` for the standard order).
"""

record_from_fields: Final[
    Callable[[tuple[int, tuple[int, ...], int, tuple[int, ...]]], TrickRecord]
] = functools.partial(tuple.__new__, TrickRecord)
"""The `TrickRecord` of ``(leader, cards, winner, seats)``, as `state_from_fields` builds
states."""


def clockwise_orders(seats: int) -> tuple[tuple[int, ...], ...]:
    """For each leader, every seat clockwise from it: the standard trick order of a table
    of ``seats`` (``clockwise_orders(3)[1] == (1, 2, 0)``). Built once per table size."""
    if 0 < seats < len(CLOCKWISE):
        return CLOCKWISE[seats]
    return tuple(tuple((leader + i) % seats for i in range(seats)) for leader in range(seats))


CLOCKWISE: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple((leader + i) % n for i in range(n)) for leader in range(n)) for n in range(14)
)
"""``CLOCKWISE[seats][leader]``, 1 to 13 seats (`clockwise_orders` for any): a look-up per
trick in the hot paths instead of a tuple built."""


def trick_order_of(state: DealView | DealState[Any]) -> tuple[int, ...]:
    """The seats that play ``state``'s current trick, in play order: its `trick_order`, or
    every seat clockwise from its leader when the standard rules decide it (``()``)."""
    return state.trick_order or clockwise_orders(state.context.seats)[state.leader]


def trick_seats_of(state: DealView | DealState[Any]) -> tuple[int, ...]:
    """The seat that played each card of ``state``'s current trick, in play order."""
    return trick_order_of(state)[: len(state.trick)]


def next_seat(seat: int, seats: int, step: int = 1) -> int:
    """The seat ``step`` places to the left (clockwise, docs/variants/core.md §0.2)."""
    return (seat + step) % seats
