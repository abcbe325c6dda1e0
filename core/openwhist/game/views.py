"""What one seat may see: `PlayerView`.

Bots and screens receive views, never a `DealState`. A view holds the seat's own hand and
public information only; the variant adds its public facts (German face-up card, Israeli
auction) to ``public`` and the seat's private knowledge (the German loser's drawn card,
Frisch cards received) to ``private``. Two states that differ only in cards hidden from a
seat must give that seat equal views -- the conformance kit checks it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from openwhist.game.actions import Action, Deal
from openwhist.game.errors import PluginContractError
from openwhist.game.state import DealView, TrickRecord


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of a deal.

    Attributes:
        seat: whose view this is.
        seats: number of seats.
        dealer: the dealing seat.
        phase: the deal's phase.
        to_act: the seat to act, or CHANCE / TERMINAL.
        hand: this seat's cards (bitmask).
        hand_sizes: how many cards each seat holds (public).
        trump: trump suit or NO_TRUMP.
        leader: who led the current trick.
        trick: the current trick's cards in play order from ``leader``.
        tricks: tricks won per seat.
        completed: completed tricks (played cards are public).
        history: the actions this seat may know about, in notation; hidden ones appear as
            ``"?"`` placeholders (the deal always does).
        public: the variant's public facts (JSON-safe).
        private: this seat's private knowledge beyond its hand (JSON-safe).
        trick_order: the seats that play the current trick, in play order (those that
            played its cards first): every seat clockwise from ``leader`` unless a seat is
            out or knocked (public, `DealState.trick_order`). ``()`` -- the standard order,
            and any view built by hand -- means every seat clockwise from ``leader``.
        options: the match's validated options model (public: every player knows the
            rules in force), so that a bot decides under them; ``None`` only in a view
            built by hand (a bot then assumes the variant's defaults).
        progress: the match's progress before this deal (`DealContext.progress`, the
            variant's public match state such as English game scores), or ``None``.
    """

    seat: int
    seats: int
    dealer: int
    phase: str
    to_act: int
    hand: int
    hand_sizes: tuple[int, ...]
    trump: int
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[int, ...]
    completed: tuple[TrickRecord, ...]
    history: tuple[str, ...]
    public: dict[str, Any] = field(default_factory=dict)
    private: dict[str, Any] = field(default_factory=dict)
    trick_order: tuple[int, ...] = ()
    options: BaseModel | None = None
    progress: dict[str, Any] | None = None

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seat that played each card of the current trick, in play order."""
        order = self.trick_order
        if order:
            return order[: len(self.trick)]
        return tuple((self.leader + i) % self.seats for i in range(len(self.trick)))

    @property
    def to_play(self) -> tuple[int, ...]:
        """The seats still to play to the current trick after the seat to act, in order."""
        order = self.trick_order or tuple((self.leader + i) % self.seats for i in range(self.seats))
        return order[len(self.trick) + 1 :]


class BlindView(PlayerView):
    """The view a table passes to a bot that declares ``reads_view = False`` (`Bot`): a
    `PlayerView` that holds nothing. Reading any field raises `PluginContractError` naming
    the bot, so a bot that declares it does not read its view and reads anyway fails at
    once instead of deciding on nothing; it can never learn anything from it.

    >>> view = BlindView("RandomBot")
    >>> try:
    ...     view.hand
    ... except PluginContractError as error:
    ...     print(error)
    RandomBot declares reads_view = False but read view.hand
    """

    __slots__ = ("_reader",)

    def __init__(self, reader: str) -> None:  # the view's fields stay unset: it has none
        object.__setattr__(self, "_reader", reader)

    def __getattribute__(self, name: str) -> Any:
        if name.startswith("__"):  # the interpreter's own look-ups (isinstance, pickle...)
            return object.__getattribute__(self, name)
        reader = object.__getattribute__(self, "_reader")
        raise PluginContractError(f"{reader} declares reads_view = False but read view.{name}")

    def __repr__(self) -> str:
        return f"BlindView({object.__getattribute__(self, '_reader')!r})"


HIDDEN = "?"
"""The placeholder for an action a seat may not see."""


def _public_notation(action: Action) -> str:
    return HIDDEN if isinstance(action, Deal) else action.notation()


class HistoryNotes:
    """Notation of a growing history, rendered incrementally: O(1) amortised per action.

    A seat is shown the history at every decision, and it only ever grows by the actions
    played since (or is another deal's). Rendering it whole each time made a bot's deal
    cost O(n²) notation calls -- 68 % of an arena's time. `render` remembers the last
    history it rendered: when the next one starts with it (compared in C, element by
    element, identity first), only the new actions are rendered. Equal actions have equal
    notation, so the result is exactly the full rendering.

    One instance per kind of rendering; it holds one history, so interleaving two deals
    only costs a full rendering on each switch. The remembered pair is replaced in one
    assignment, so threads sharing an instance at worst miss.
    """

    __slots__ = ("_last", "_render")

    def __init__(self, render: Callable[[Action], str]) -> None:
        self._render = render
        self._last: tuple[tuple[Action, ...], tuple[str, ...]] = ((), ())

    def render(self, history: tuple[Action, ...]) -> tuple[str, ...]:
        """``tuple(render(a) for a in history)``, reusing the last call's work."""
        seen, notes = self._last
        n = len(seen)
        if history is seen:
            return notes
        render = self._render
        if len(history) >= n and history[:n] == seen:
            notes = notes + tuple(render(a) for a in history[n:])
        else:
            notes = tuple(render(a) for a in history)
        self._last = (history, notes)
        return notes


_PUBLIC_NOTES = HistoryNotes(_public_notation)


def public_history(state: DealView) -> tuple[str, ...]:
    """The history with the chance deal hidden; every other action is public.

    Rendered incrementally (`HistoryNotes`). Variants with private actions (Israeli Frisch
    selections) build their own history.
    """
    return _PUBLIC_NOTES.render(state.history)


def standard_view(
    state: DealView,
    seat: int,
    *,
    history: tuple[str, ...] | None = None,
    public: dict[str, Any] | None = None,
    private: dict[str, Any] | None = None,
) -> PlayerView:
    """The default view: own hand, public play, and whatever the variant adds."""
    return PlayerView(
        seat=seat,
        seats=state.context.seats,
        dealer=state.context.dealer,
        phase=state.phase,
        to_act=state.to_act,
        hand=state.hands[seat],
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        trump=state.trump,
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        completed=state.completed,
        history=public_history(state) if history is None else history,
        public=public or {},
        private=private or {},
        # Only a variant's own order is carried: ``()`` means every seat clockwise from
        # ``leader``, so a bot that moves the leader in a copy of its view (an expert's
        # rollout from the auction: ``replace(view, leader=declarer)``) keeps a true order.
        trick_order=state.trick_order,
        options=state.context.options,
        progress=state.context.progress,
    )
