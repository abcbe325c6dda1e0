"""The mutable deal: `LiveDeal`, one deal in play, updated in place as actions are pushed.

A `LiveDeal` is to a `DealState` what python-chess's ``Board`` is to a FEN string: the
object you play on. ``push(action)`` checks the action against the rules and applies it in
place; ``pop()`` takes it back; ``copy()`` gives an independent deal for search;
``snapshot()`` gives the immutable `DealState` value (built on demand and kept until the
next push); ``observe(seat)`` gives a seat's `PlayerView`; ``score()`` scores the finished
deal. The rule hooks are the same as for the pure API (``engine.apply(state, action)``),
so both play exactly the same deals.

>>> import random
>>> from openwhist.testing.toy import TOY
>>> from openwhist.game.engine import Engine
>>> engine = Engine(TOY)
>>> deal = engine.live_deal(dealer=0)
>>> deal.push(engine.sample_chance(deal, random.Random(1)))
>>> card = deal.legal_actions()[0]
>>> deal.push(card)
>>> deal.pop() == card and deal.snapshot() == engine.apply(
...     engine.start_deal(dealer=0), engine.sample_chance(deal, random.Random(1)))
True

**Where the speed comes from** (docs/architecture.md, "One performance policy"): the
play of a card is the engine's inner step. When the match's stack answers a step with the
core's standard rule alone (or by a variant that declares it standard for the match's
options, `Rules.standard_steps`), the deal does that step itself, in place -- removing the
card, adding it to the trick, the trick winner, collecting the trick, ending the deal --
with the legality check on every card; any step a variant or house rule overrides is asked
of its hook exactly as the pure API asks it. Read-only hooks (`whist_legal_plays`,
`whist_trick_winner`, `whist_after_trick`) are given the deal itself, which has
`DealState`'s fields, read-only; the other hooks are given a snapshot. The hooks that move
the deal on -- dealing, bidding, after a trick -- may return only the fields that change
(`DealChanges`), which the deal sets in place, adding the action to the history itself; a
whole new state returned instead is taken on (docs/plugins/hooks.md).

Every field is an immutable value (ints and tuples) that a push replaces, so a snapshot or
a field a caller kept is never changed under it, and ``pop()`` restores a push by putting
back the references it replaced (an undo record per push), except for a card that does not
end its trick: that push leaves no record, and ``pop()`` returns the card from the history
to the hand of the seat before.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

from openwhist.game.actions import PLAYS, Action, Deal, Play
from openwhist.game.cards import NUM_CARDS, SUIT_MASKS
from openwhist.game.errors import IllegalActionError
from openwhist.game.standard import checked_order
from openwhist.game.state import (
    CHANCE,
    CHANGEABLE,
    PHASE_END,
    PHASE_PLAY,
    STANDARD_PHASES,
    TERMINAL,
    DealChanges,
    DealContext,
    DealState,
    TrickRecord,
    changes_error,
    clockwise_orders,
)
from openwhist.game.tricks import winning_index

if TYPE_CHECKING:
    from openwhist.game.engine import Engine
    from openwhist.game.scoring import DealScore
    from openwhist.game.views import PlayerView

__all__ = ["LiveDeal", "plays_of"]

_SUIT_PLAYS: list[list[tuple[Play, ...]]] = []
_new_state = tuple.__new__  # DealState's value without its Python-level __new__ (inner step)
# The same for the TrickRecord of every trick: 0.4 µs against 1.1 µs for TrickRecord(...)
# (timeit at load 8).
_new_record = tuple.__new__
_DECK = list(range(NUM_CARDS))


def _build_suit_plays() -> None:
    # For each suit, the Play tuple of each of the 8192 subsets of its 13 cards, built
    # once (about 17 ms) on first use rather than at import, so `whist --help` stays fast.
    for suit in range(4):
        base = 13 * suit
        table: list[tuple[Play, ...]] = [()] * 8192
        for bits in range(1, 8192):
            top = bits.bit_length() - 1
            table[bits] = (*table[bits ^ (1 << top)], PLAYS[base + top])
        _SUIT_PLAYS.append(table)


def suit_tables() -> list[list[tuple[Play, ...]]]:
    """The per-suit tables of `plays_of`, built on first use."""
    if not _SUIT_PLAYS:
        _build_suit_plays()
    return _SUIT_PLAYS


def plays_of(mask: int) -> tuple[Play, ...]:
    """The `Play` actions of a card mask, lowest card first.

    Four table look-ups and three tuple concatenations: building the tuple card by card
    dominated the engine's profile.
    """
    c, d, h, s = _SUIT_PLAYS or suit_tables()
    return c[mask & 0x1FFF] + d[mask >> 13 & 0x1FFF] + h[mask >> 26 & 0x1FFF] + s[mask >> 39]


class LiveDeal:
    """One deal in play, updated in place; see the module docstring.

    Build one with ``engine.live_deal(dealer=...)`` (a new deal) or ``LiveDeal(engine,
    state)`` (from any state). The attributes ``phase``, ``to_act``, ``hands``, ``trump``,
    ``leader``, ``trick``, ``tricks``, ``completed``, ``history``, ``context`` and ``extra``
    read like a `DealState`'s (see it for their meaning) and are immutable values. They are
    plain attributes, read at full speed by the per-card hooks; **never assign one**: only
    `push` and `pop` change a deal (a hook that assigns fails on the `DealState` the pure
    API and the conformance kit give it).
    """

    phase: str
    to_act: int
    hands: tuple[int, ...]
    trump: int
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[int, ...]
    completed: tuple[TrickRecord, ...]
    context: DealContext
    extra: Any
    _engine: Engine
    _snapshot: DealState[Any] | None
    _mask: int
    _undo: list[tuple[Any, ...]]
    _base: int
    _seats: int
    _orders: tuple[tuple[int, ...], ...]
    _history: list[Action]
    trick_order: tuple[int, ...]

    __slots__ = (
        "_base",
        "_engine",
        "_history",
        "_mask",
        "_orders",
        "_seats",
        "_snapshot",
        "_undo",
        "completed",
        "context",
        "extra",
        "hands",
        "leader",
        "phase",
        "to_act",
        "trick",
        "trick_order",
        "tricks",
        "trump",
    )  # fmt: skip

    def __new__(cls, engine: Engine, state: DealState[Any]) -> LiveDeal:
        # A match whose rules offer trick actions (a knock) gets the subclass that lists
        # them with the cards, so the plain deal's per-card listing pays nothing for them.
        if cls is LiveDeal and engine._trick_actions is not None:
            cls = _TrickActionDeal
        return object.__new__(cls)

    def __init__(self, engine: Engine, state: DealState[Any]) -> None:
        self._engine = engine
        self._seats = state.context.seats
        self._orders = clockwise_orders(self._seats)
        self._undo = []
        self._adopt(state)
        self._base = len(state.history)  # what pop() never takes back

    # -- reading (the fields of a DealState) ------------------------------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action pushed so far, the chance deal included."""
        return self.snapshot().history

    @property
    def seats(self) -> int:
        """Number of seats at the table."""
        return self._seats

    @property
    def dealer(self) -> int:
        """The dealing seat."""
        return self.context.dealer

    @property
    def is_terminal(self) -> bool:
        """True once the deal is over."""
        return self.to_act == TERMINAL

    @property
    def engine(self) -> Engine:
        """The engine (variant, options, house rules) whose rules this deal follows."""
        return self._engine

    def __len__(self) -> int:
        """How many actions have been pushed (the length of the history)."""
        return len(self._history)

    def __repr__(self) -> str:
        return (
            f"<LiveDeal {self._engine.variant.name} phase={self.phase!r} "
            f"to_act={self.to_act} actions={len(self._history)}>"
        )

    # -- legal actions ----------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The cards the seat to act may play now, as a mask (0 outside trick play).

        A caller that chooses a card itself (a bot picking an index, a search) can take the
        mask and push ``PLAYS[card]`` without a tuple of actions being built.
        """
        mask = self._mask
        if mask >= 0:
            return mask
        if self.phase is not PHASE_PLAY and self.phase != PHASE_PLAY:
            return 0
        if self._engine._standard_legal:
            hand = self.hands[self.to_act]
            trick = self.trick
            mask = hand & SUIT_MASKS[trick[0] // 13] or hand if trick else hand
        else:
            mask = self._engine._legal_plays(self)
        self._mask = mask
        return mask

    def legal_actions(self) -> tuple[Action, ...]:
        """The sorted legal actions of the seat to act (empty for chance and at the end)."""
        if self.to_act < 0:
            return ()
        if self.phase is PHASE_PLAY or self.phase == PHASE_PLAY:
            # legal_mask's code again (the inner step: one call less per card, about
            # 0.1 µs, 5 µs per deal).
            mask = self._mask
            if mask < 0:
                if self._engine._standard_legal:
                    hand = self.hands[self.to_act]
                    trick = self.trick
                    mask = hand & SUIT_MASKS[trick[0] // 13] or hand if trick else hand
                else:
                    mask = self._engine._legal_plays(self)
                self._mask = mask
            c, d, h, s = _SUIT_PLAYS or suit_tables()
            return (
                c[mask & 0x1FFF] + d[mask >> 13 & 0x1FFF] + h[mask >> 26 & 0x1FFF] + s[mask >> 39]
            )
        return self._engine.legal_actions(self.snapshot())

    # -- push and pop -----------------------------------------------------------------------

    def push(self, action: Action, *, seat: int | None = None) -> None:
        """Apply ``action`` in place; ``seat``, if given, must be the seat to act.

        Raises:
            IllegalActionError: out of turn, deal over, or an action the rules forbid now,
                with the rules' reason and the legal alternatives; the deal is unchanged.
        """
        to_act = self.to_act
        if (
            type(action) is Play
            and (self.phase is PHASE_PLAY or self.phase == PHASE_PLAY)
            and (seat is None or seat == to_act)
        ):
            # The inner step: the legality check, then the card played in place.
            engine = self._engine
            hands = self.hands
            trick = self.trick
            mask = self._mask
            if mask < 0:
                if engine._standard_legal:
                    hand = hands[to_act]
                    mask = hand & SUIT_MASKS[trick[0] // 13] or hand if trick else hand
                else:
                    mask = engine._legal_plays(self)
            card = action.card
            if not mask >> card & 1:
                state = self.snapshot()
                raise engine._illegal(state, action, engine._legal_in_play(state, mask))
            if len(trick) + 1 < self._seats and engine._standard_play:
                # A card that does not end its trick changes three fields and adds one
                # action, and leaves no undo record: `pop` takes it back from the history
                # (the record cost about 0.15 µs per card, 4 µs per German deal).
                keep = ~(1 << card)
                if len(hands) == 2:
                    self.hands = (
                        (hands[0] & keep, hands[1]) if to_act == 0 else (hands[0], hands[1] & keep)
                    )
                elif len(hands) == 4:
                    # Unrolled as in the standard whist_apply_play: 0.1 µs less than the
                    # list round trip, per card of every four-seat deal.
                    h0, h1, h2, h3 = hands
                    if to_act < 2:
                        self.hands = (
                            (h0 & keep, h1, h2, h3) if to_act == 0 else (h0, h1 & keep, h2, h3)
                        )
                    else:
                        self.hands = (
                            (h0, h1, h2 & keep, h3) if to_act == 2 else (h0, h1, h2, h3 & keep)
                        )
                else:
                    held = list(hands)
                    held[to_act] &= keep
                    self.hands = tuple(held)
                self._history.append(PLAYS[card])
                self._snapshot = None
                self._mask = -1
                self.trick = (*trick, card)
                self.to_act = (to_act + 1) % self._seats
                return
            if engine._standard_play:
                self._complete_trick(card)  # it saves its own undo record
            else:
                self._save()
                self._adopt(engine._apply_play(self.snapshot(), card))
            return
        if type(action) is Deal and to_act == CHANCE and (seat is None or seat == CHANCE):
            # The chance step in place: the deck checked, then the variant's
            # `whist_deal_cards` (its changes set on the deal, or a whole state taken on).
            if sorted(action.order) != _DECK:
                raise IllegalActionError("chance must deal a permutation of the 52 cards")
            result = self._engine.rules.deal_cards(self.snapshot(), action.order)
            self._save()
            self._take(result, action)
            return
        if to_act >= 0 and (seat is None or seat == to_act) and self.phase not in STANDARD_PHASES:
            # A bid (auction, contract, Frisch...): checked against the legal actions the
            # engine listed for this very snapshot (by identity, as engine.apply does), then
            # `whist_apply_bid`, whose changes are set in place.
            state = self.snapshot()
            engine = self._engine
            last, bids = engine._last_bids
            if last is not state:
                bids = engine.legal_actions(state)
            if not any(map(is_, bids, repeat(action))) and action not in bids:
                raise engine._illegal(state, action, [a.notation() for a in bids])
            result = engine._apply_bid(state, action)
            self._save()
            self._take(result, action)
            return
        # Anything else (out of turn, the deal over, a wrong kind of action): the pure,
        # checked path, which raises the rules' error or returns the next state.
        new = self._engine.apply(self.snapshot(), action, seat=seat)
        self._save()
        self._adopt(new)

    def pop(self) -> Action:
        """Take back the last action pushed and return it.

        Raises:
            IllegalActionError: nothing to take back (the deal as it was given).
        """
        history = self._history
        length = len(history)
        undo = self._undo
        self._mask = -1
        if undo and undo[-1][-1] == length - 1:
            (
                self.phase, self.to_act, self.hands, self.trump, self.leader, self.trick,
                self.tricks, self.completed, self.extra, self.trick_order, self._snapshot, _,
            ) = undo.pop()  # fmt: skip
            action: Action = history.pop()
            return action
        if length <= self._base:
            raise IllegalActionError("no action to take back")
        # A card that did not end its trick (pushed in place, no record): put it back.
        played = history.pop()
        assert type(played) is Play
        seat = (self.to_act - 1) % self._seats
        held = list(self.hands)
        held[seat] |= 1 << played.card
        self.hands = tuple(held)
        self.trick = self.trick[:-1]
        self.to_act = seat
        self._snapshot = None
        return played

    def copy(self) -> LiveDeal:
        """An independent deal at the same point, with the same actions to take back."""
        other = object.__new__(type(self))
        other._engine = self._engine
        other._seats = self._seats
        other._orders = self._orders
        other.trick_order = self.trick_order
        other.phase, other.to_act, other.hands = self.phase, self.to_act, self.hands
        other.trump, other.leader, other.trick = self.trump, self.leader, self.trick
        other.tricks, other.completed = self.tricks, self.completed
        other.context, other.extra = self.context, self.extra
        other._history = list(self._history)
        other._undo = list(self._undo)
        other._base = self._base
        other._snapshot = self._snapshot
        other._mask = self._mask
        return other

    def snapshot(self) -> DealState[Any]:
        """The immutable `DealState` of the deal now (built once per push, then kept)."""
        state = self._snapshot
        if state is None:
            state = self._snapshot = _new_state(
                DealState,
                (
                    self.phase, self.to_act, self.hands, self.trump, self.leader,
                    self.trick, self.tricks, self.completed, tuple(self._history),
                    self.context, self.extra, self.trick_order,
                ),
            )  # fmt: skip
        return state

    @property
    def _replace(self) -> Callable[..., DealState[Any]]:
        """``_replace(**changes)``: a `DealState` of the deal now with ``changes``; the deal
        itself is unchanged (so a hook written for states, ``state._replace(...)``, works)."""
        return self.snapshot()._replace

    # -- views and scores -------------------------------------------------------------------

    def observe(self, seat: int) -> PlayerView:
        """What ``seat`` may know of the deal now (the same view as ``engine.observe``)."""
        return self._engine.rules.observe(self.snapshot(), seat)

    def score(self) -> DealScore:
        """Score the finished deal.

        Raises:
            IllegalActionError: if the deal is not over.
        """
        return self._engine.score(self.snapshot())

    # -- the inner step ---------------------------------------------------------------------

    def _save(self) -> None:
        self._undo.append(
            (
                self.phase, self.to_act, self.hands, self.trump, self.leader, self.trick,
                self.tricks, self.completed, self.extra, self.trick_order, self._snapshot,
                len(self._history),
            )
        )  # fmt: skip

    def _adopt(self, state: DealState[Any]) -> None:
        """Take on every field of ``state`` (the result of a hook or of the pure path)."""
        (
            self.phase, self.to_act, self.hands, self.trump, self.leader, self.trick,
            self.tricks, self.completed, history, self.context, self.extra, self.trick_order,
        ) = state  # fmt: skip
        self._history = list(history)
        self._snapshot = state
        self._mask = -1

    def _set(self, changes: DealChanges) -> None:
        """Set the fields a hook's `DealChanges` names (checked against the contract)."""
        if not changes.keys() <= CHANGEABLE:
            raise changes_error(changes)
        for name, value in changes.items():
            setattr(self, name, value)

    def _take(self, result: DealState[Any] | DealChanges, action: Action) -> None:
        """Take on a dealing or bidding hook's result for ``action``: its changes, then
        ``action`` added to the history; or a whole state (whose history the hook wrote
        for a bid, and the engine writes for a deal, as the pure API does)."""
        if type(result) is dict:
            self._set(result)
            self._history.append(action)
            self._snapshot = None
            self._mask = -1
        else:
            assert isinstance(result, DealState)
            if type(action) is Deal:
                result = result._replace(history=(*self.snapshot().history, action))
            self._adopt(result)
        if (
            not self._engine._standard_order
            and self.phase == PHASE_PLAY
            and not self.trick
            and not self.trick_order
        ):
            # A trick starts under a rules plugin's order: asked once, as the pure API does.
            self.trick_order = checked_order(self._engine.rules, self)
            self._snapshot = None

    def _complete_trick(self, card: int) -> None:
        """The standard play of ``card``, the last of its trick (docs/variants/core.md §0.3), in
        place.

        The same step as the standard `whist_apply_play`, field for field (the tests play
        every variant through both and compare the states).
        """
        seat = self.to_act
        seats = self._seats
        leader = self.leader
        hands = self.hands
        tricks = self.tricks
        completed = self.completed
        history = self._history
        # `_save`, inlined (one call less per trick).
        self._undo.append(
            (
                self.phase, seat, hands, self.trump, leader, self.trick,
                tricks, completed, self.extra, self.trick_order, self._snapshot, len(history),
            )
        )  # fmt: skip
        trick = (*self.trick, card)
        # The trick is complete. Its winner is asked of the deal as it was before the last
        # card (the hook's contract), then the card is played and the trick collected.
        engine = self._engine
        if engine._standard_winner:
            if seats == 2:
                # winning_index's two-card case, inlined (German Whist's every trick: one
                # call less, about 0.2 µs per trick).
                first, second = trick
                suit = second // 13
                won = second > first if suit == first // 13 else suit == self.trump
                winner = (leader + won) % 2
            else:
                winner = (leader + winning_index(trick, self.trump)) % seats
        else:
            winner = engine._trick_winner(self, trick)
        keep = ~(1 << card)
        if seats == 2:
            self.hands = (hands[0] & keep, hands[1]) if seat == 0 else (hands[0], hands[1] & keep)
            self.tricks = (tricks[0] + 1, tricks[1]) if winner == 0 else (tricks[0], tricks[1] + 1)
        else:
            held = list(hands)
            held[seat] &= keep
            self.hands = tuple(held)
            count = list(tricks)
            count[winner] += 1
            self.tricks = tuple(count)
        history.append(PLAYS[card])
        self._snapshot = None
        self._mask = -1
        record = _new_record(TrickRecord, (leader, trick, winner, self._orders[leader]))
        self.completed = (*completed, record)
        self.trick = ()
        self.leader = self.to_act = winner
        if engine._standard_after_trick:
            if not any(self.hands):
                self.phase = PHASE_END
                self.to_act = TERMINAL
            return
        # What happens next is the variant's: changes set in place (German Whist's drawing
        # from the stock), or a whole new state, which the deal takes on.
        after: object = engine._after_trick(self, record)
        if type(after) is dict:
            # Set as given, unchecked: the pure API checks the names (`with_changes`) and
            # the conformance kit plays every deal through both, so a hook naming a field it
            # may not change is caught there; the check here cost 0.15 µs per trick.
            for name, value in after.items():
                setattr(self, name, value)
            return
        if after is self or after is None:
            return
        assert isinstance(after, DealState)
        if after.history != self.snapshot().history:
            self._adopt(after)
            return
        (
            self.phase, self.to_act, self.hands, self.trump, self.leader, self.trick,
            self.tricks, self.completed, _, self.context, self.extra, self.trick_order,
        ) = after  # fmt: skip
        self._snapshot = after


class _TrickActionDeal(LiveDeal):
    """A `LiveDeal` of a match whose rules offer actions other than a card in trick play
    (`whist_trick_actions`: a knock): its legal actions are the engine's, cards and trick
    actions together. Built by ``LiveDeal(engine, state)`` itself for such a match."""

    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        if self.to_act < 0:
            return ()
        return self._engine.legal_actions(self.snapshot())
