"""Determinisation helpers for search bots: deals consistent with a view, seeded by the view.

A bot that searches (the ``expert`` bots) cannot see the other hands, so it *samples* them:
it deals the cards it cannot see among the places they may be (other hands, a stock) so that
everything its `PlayerView` reveals holds, then evaluates its options on each sample. This
module is variant-agnostic; a variant's bot tells it which cards are hidden, how many cards
each place holds, which cards a place is known to hold and how many cards of each suit a place
may hold at most (a shown void is a cap of 0, docs/variants/core.md §0.3: following suit is
compulsory).

* `deal_hidden` -- one random deal of hidden cards honouring those constraints.
* `view_digest` / `view_rng` -- a generator seeded from the view and the bot's own seed, so a
  bot's decision is a deterministic function of (view, legal actions, seed): two states that
  differ only in cards hidden from the seat give the same view, hence the same decision
  (honesty by construction, issue 7 item 4).
* `play_out` -- play standard trick play (docs/variants/core.md §0.3) to the end of the deal from
  known hands, asking a policy for each card through a `PlayerView` built for the seat to play, so
  view-based policies (`openwhist.bots.heuristic`) can drive rollouts.

Nothing here reads a `DealState`.
"""

from __future__ import annotations

import abc
import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from openwhist.bots.base import CardBot, Reason
from openwhist.bots.heuristic import played_mask
from openwhist.game.actions import Action, Play
from openwhist.game.cards import SUIT_MASKS
from openwhist.game.state import TrickRecord, clockwise_orders
from openwhist.game.tricks import winning_index
from openwhist.game.views import PlayerView

__all__ = [
    "NO_CAP",
    "CardSearchBot",
    "Policy",
    "deal_hidden",
    "deal_other_hands",
    "equal_in_hand",
    "play_mask",
    "play_out",
    "sampling_factory",
    "view_after_card",
    "view_digest",
    "view_rng",
    "void_caps",
]

NO_CAP = 13
"""A per-suit cap that never binds (no place holds more than 13 cards of a suit)."""

Policy = Callable[[PlayerView, int], int]
"""A card-play policy: (the view of the seat to play, mask of its legal cards) -> a card."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def deal_hidden(
    rng: random.Random,
    pool: int,
    sizes: Sequence[int],
    *,
    known: Sequence[int] | None = None,
    caps: Sequence[Sequence[int]] | None = None,
    tries: int = 40,
) -> list[int] | None:
    """Deal the cards of ``pool`` among places (hands, a stock) consistently with what is known.

    Args:
        rng: the generator to draw from.
        pool: every card to place (a mask), the ``known`` ones included.
        sizes: how many cards of ``pool`` each place receives; they must add up to the
            number of cards in ``pool``.
        known: per place, cards of ``pool`` it is known to hold (placed first, and not
            counted against its ``caps``).
        caps: per place, per suit 0..3, the most *other* cards of that suit it may receive
            (0 for a shown void, `NO_CAP` for no constraint).
        tries: attempts before giving up.

    Returns:
        One mask per place, or ``None`` if no attempt met every cap (the constraints may be
        contradictory; callers then fall back, e.g. to ``caps=None``).

    Cards are placed most-constrained suit first, each to a place drawn with probability
    proportional to its remaining room among the places whose cap allows the card: close to
    uniform among consistent deals, and exact when no cap binds.

    Raises:
        ValueError: sizes that do not add up, or a known card outside ``pool`` or given twice.
    """
    n = len(sizes)
    known_masks = list(known) if known is not None else [0] * n
    if len(known_masks) != n or (caps is not None and len(caps) != n):
        raise ValueError("known and caps need one entry per place")
    seen = 0
    for mask in known_masks:
        if mask & ~pool:
            raise ValueError("a known card is not among the cards to place")
        if mask & seen:
            raise ValueError("a card is known to be in two places")
        seen |= mask
    room0 = [sizes[i] - known_masks[i].bit_count() for i in range(n)]
    if min(room0, default=0) < 0 or sum(sizes) != pool.bit_count():
        raise ValueError(
            f"cannot place {pool.bit_count()} cards into places of sizes {list(sizes)} "
            f"with {seen.bit_count()} known"
        )
    free = _bits(pool & ~seen)
    cap_rows = [list(c) for c in caps] if caps is not None else [[NO_CAP] * 4 for _ in range(n)]
    # The suits fewest places may take go first (ties: random order from the shuffle).
    eligible = [sum(1 for i in range(n) if cap_rows[i][s] > 0) for s in range(4)]
    for _ in range(max(1, tries)):
        rng.shuffle(free)
        free.sort(key=lambda c: eligible[c // 13])
        room = room0[:]
        left = [row[:] for row in cap_rows]
        out = known_masks[:]
        ok = True
        for card in free:
            suit = card // 13
            weights = [room[i] if left[i][suit] > 0 else 0 for i in range(n)]
            total = sum(weights)
            if total == 0:
                ok = False
                break
            pick = rng.randrange(total)
            i = 0
            while pick >= weights[i]:
                pick -= weights[i]
                i += 1
            out[i] |= 1 << card
            room[i] -= 1
            left[i][suit] -= 1
        if ok:
            return out
    return None


def void_caps(voids: Sequence[int]) -> list[list[int]]:
    """Per-suit caps from shown voids (bit ``s`` of ``voids[i]``: place ``i`` is void in
    suit ``s``): 0 for a void suit, `NO_CAP` otherwise."""
    return [[0 if v >> s & 1 else NO_CAP for s in range(4)] for v in voids]


def view_digest(view: PlayerView) -> str:
    """A stable digest of everything in ``view`` (equal views, equal digests)."""
    payload: dict[str, Any] = {
        "seat": view.seat,
        "seats": view.seats,
        "dealer": view.dealer,
        "phase": view.phase,
        "to_act": view.to_act,
        "hand": view.hand,
        "sizes": view.hand_sizes,
        "trump": view.trump,
        "leader": view.leader,
        "trick": view.trick,
        "tricks": view.tricks,
        "completed": [(r.leader, r.cards, r.winner) for r in view.completed],
        "history": view.history,
        "public": view.public,
        "private": view.private,
    }
    text = json.dumps(payload, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def view_rng(seed: int, view: PlayerView) -> random.Random:
    """A generator seeded from the bot's own ``seed`` and ``view`` only -- never from global
    state or from earlier decisions -- so the decision it drives depends on nothing hidden."""
    return random.Random(f"{seed}:{view_digest(view)}")


def play_out(
    view: PlayerView,
    hands: Sequence[int],
    policies: Sequence[Policy],
    *,
    extra_public: Callable[[int, tuple[int, ...]], dict[str, Any]] | None = None,
) -> tuple[int, ...]:
    """Play the deal of ``view`` to its end from the full ``hands`` (standard trick play,
    docs/variants/core.md §0.3: follow suit if able, highest trump else highest of the led suit, the
    winner leads) and return the tricks won per seat over the whole deal.

    The current trick is finished in its own order (``view.trick_order``: a seat out or
    knocked plays no card to it); later tricks are played by every seat that still holds
    cards, clockwise from the winner -- a rollout knows no variant's knocks.

    A card that is the seat's only legal one is played without asking its policy. Otherwise
    the policy receives a plain `PlayerView` of the seat to play: ``view`` with that seat as
    ``seat`` and ``to_act``, its hand, every seat's current hand size, the position so far
    (leader, trick, tricks won, completed tricks, ``trick_order``), ``private`` empty, and
    ``dealer``, ``phase``, ``trump``, ``history``, ``options`` and ``progress`` as in
    ``view``. The views are built directly, not by ``dataclasses.replace`` at every card (a
    rollout's main cost besides the policies themselves, docs/performance.md).

    Args:
        view: the view the rollout starts from (its trick, leader, completed tricks and
            tricks won are the starting position; its ``public`` is handed to the policies).
        hands: every seat's cards (not those already on the table).
        policies: one policy per seat, each called with a view of its own seat.
        extra_public: if given, ``extra_public(seat, tricks)`` updates ``public`` before a
            policy is called (e.g. nothing, or facts that change as tricks are won).
    """
    seats = view.seats
    orders = clockwise_orders(seats)
    hs = list(hands)
    sizes = [h.bit_count() for h in hs]
    trick = view.trick
    leader = view.leader
    order = view.trick_order or orders[leader]
    every_seat = len(order) == seats  # the standard order: no filtering per trick
    tricks = list(view.tricks)
    completed = view.completed
    trump = view.trump
    # The fields every view of this play-out shares with ``view``.
    dealer, phase, history = view.dealer, view.phase, view.history
    public, options, progress = view.public, view.options, view.progress
    while trick or hs[order[0]]:
        seat = order[len(trick)]
        hand = hs[seat]
        legal = hand & SUIT_MASKS[trick[0] // 13] if trick else hand
        legal = legal or hand
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        else:
            card = policies[seat](
                PlayerView(
                    seat,
                    seats,
                    dealer,
                    phase,
                    seat,
                    hand,
                    tuple(sizes),
                    trump,
                    leader,
                    trick,
                    tuple(tricks),
                    completed,
                    history,
                    public if extra_public is None else public | extra_public(seat, tuple(tricks)),
                    {},
                    order,
                    options,
                    progress,
                ),
                legal,
            )
        hs[seat] = hand & ~(1 << card)
        sizes[seat] -= 1
        trick = (*trick, card)
        if len(trick) == len(order):
            winner = order[winning_index(trick, trump)]
            completed = (*completed, TrickRecord(leader, trick, winner, order))
            tricks[winner] += 1
            leader = winner
            trick = ()
            order = orders[winner]
            if not every_seat:
                order = tuple(s for s in order if hs[s]) or order
    return tuple(tricks)


def deal_other_hands(
    view: PlayerView,
    rng: random.Random,
    *,
    known: dict[int, int] | None = None,
    voids: Sequence[int] | None = None,
    tries: int = 40,
) -> list[int] | None:
    """Deal the cards hidden from ``view``'s seat among the other seats of a deal without a
    stock (every card is in a hand or played): each seat receives ``view.hand_sizes[seat]``
    cards; ``known`` maps a seat to cards it is known to hold (played ones are ignored);
    ``voids`` (bit ``s`` per seat) are suits a seat has shown void in. Returns one hand per
    seat, the viewer's own hand included, or ``None`` if the constraints cannot be met (then
    the voids are dropped and another attempt made before giving up)."""
    unseen = ((1 << 52) - 1) & ~view.hand & ~played_mask(view)
    others = [s for s in range(view.seats) if s != view.seat]
    sizes = [view.hand_sizes[s] for s in others]
    known_masks = [(known or {}).get(s, 0) & unseen for s in others]
    caps = void_caps([voids[s] for s in others]) if voids is not None else None
    dealt = deal_hidden(rng, unseen, sizes, known=known_masks, caps=caps, tries=tries)
    if dealt is None and caps is not None:
        dealt = deal_hidden(rng, unseen, sizes, known=known_masks, tries=tries)
    if dealt is None:
        return None
    hands = [0] * view.seats
    hands[view.seat] = view.hand
    for s, mask in zip(others, dealt, strict=True):
        hands[s] = mask
    return hands


def view_after_card(view: PlayerView, card: int) -> PlayerView:
    """``view`` as it stands once its seat has played ``card``: the card joins the trick,
    and a completed trick is collected (won, counted, and the winner to lead). For
    rollouts from a decision point; the hand is not updated (rollouts carry their own)."""
    trick = (*view.trick, card)
    order = view.trick_order or clockwise_orders(view.seats)[view.leader]
    if len(trick) < len(order):
        return replace(view, trick=trick, trick_order=order)
    winner = order[winning_index(trick, view.trump)]
    tricks = list(view.tricks)
    tricks[winner] += 1
    return replace(
        view,
        trick=(),
        leader=winner,
        tricks=tuple(tricks),
        completed=(*view.completed, TrickRecord(view.leader, trick, winner, order)),
        trick_order=clockwise_orders(view.seats)[winner],
    )


# -- a base for bots that search over their cards ---------------------------------------


def play_mask(legal: Sequence[Action]) -> int:
    """The cards among ``legal`` (its `Play` actions) as a bitmask."""
    mask = 0
    for action in legal:
        if isinstance(action, Play):
            mask |= 1 << action.card
    return mask


def equal_in_hand(a: int, b: int, hand: int, dead: int) -> bool:
    """True if ``a`` and ``b`` are equal cards of ``hand``: the same suit, and every card
    between them is in ``hand`` too or already played (``dead``)."""
    if a // 13 != b // 13:
        return False
    lo, hi = min(a, b), max(a, b)
    between = ((1 << hi) - 1) & ~((2 << lo) - 1)
    return between & ~(hand | dead) == 0


class CardSearchBot(CardBot):
    """Base of the bots that choose a card by searching (the ``expert`` bots).

    A subclass implements `evaluate_card` -- the card to play from a mask of legal cards,
    and why. The base turns that into `choose` and `explain`, remembers the last decision
    (so a hint's explanation costs no second search), and answers a lone legal card at once.
    `CardBot` turns the card into a `Play`; a subclass with calls as well as cards (Israeli
    bids) overrides `choose` and calls `play` for the card phases.
    """

    def __init__(self) -> None:
        self._last: tuple[PlayerView, int, int, Reason | None] | None = None

    @abc.abstractmethod
    def evaluate_card(self, view: PlayerView, legal: int) -> tuple[int, Reason | None]:
        """The card to play from ``legal`` (at least two cards), and why (or ``None``)."""

    def decide(self, view: PlayerView, legal: int) -> tuple[int, Reason | None]:
        """The card to play and why; remembered for `explain`."""
        if legal & (legal - 1) == 0:
            decision: tuple[int, Reason | None] = (legal.bit_length() - 1, None)
        else:
            decision = self.evaluate_card(view, legal)
        self._last = (view, legal, *decision)
        return decision

    def choose_card(self, view: PlayerView, legal: int) -> int:
        """The card to play from ``legal`` (a mask of legal cards)."""
        return self.decide(view, legal)[0]

    def explain(self, view: PlayerView, legal: tuple[Action, ...], action: Action) -> Reason | None:
        """Why the card ``action`` was chosen; ``None`` for anything else or when there was
        no choice to make."""
        if not isinstance(action, Play):
            return None
        mask = play_mask(legal)
        last = self._last
        if last is not None and last[0] is view and last[1] == mask:
            card, reason = last[2], last[3]
        else:
            card, reason = self.decide(view, mask)
        return reason if card == action.card else None


def sampling_factory(
    bot: Callable[..., CardSearchBot], samples: int, **settings: Any
) -> Callable[[str, random.Random], CardSearchBot]:
    """A `BotSpec` factory building ``bot(rng, samples=samples, **settings)``: one level of
    a sampling bot. The experts' `BotLevel`s differ in their sampled deals per decision and,
    for some, in more of the bot's own keyword settings (the Israeli expert's card swaps
    towards the calls and its contract window), passed through as ``settings``."""

    def make(variant: str, rng: random.Random) -> CardSearchBot:
        return bot(rng, samples=samples, **settings)

    return make
