"""A generic card-play policy for standard trick play, working from a `PlayerView` only.

Variant bots (German, English, Israeli ``heuristic``) build on this module: it knows the
common whist practice that docs/variants/core.md §0.3's trick rules reward, and nothing about any
variant's bidding or scoring. Everything here reads the seat's own view -- its hand, the
cards played so far (public, docs/variants/core.md §0.3), the current trick -- plus what the caller
passes in (partnerships from the `Variant`, cards the variant makes public). It never sees a
`DealState`, so it cannot peek.

The policy (`TrickPolicy.choose`), when the seat *wants* tricks:

* second hand low: with the seat's partner still to play, follow low unless an honour led
  can be covered by a card that is sure to hold the trick;
* third hand high: when an opponent still plays after us, beat the current winner with a
  card sure to hold if we have one, else with our highest card (lowest of equals);
* never overtake a partner who is winning: play low when the partner's card is sure to
  hold (or nobody plays after us);
* win cheaply when we must: last to play, win with the cheapest card that wins;
* discard low from short suits, keeping winners and trumps;
* lead: draw trumps when long in them, cash safe winners, otherwise lead from the longest
  side suit (top of a sequence, else low).

When the seat wants to *lose* tricks (Israeli Whist once its contract is made, or a zero
bid) the mirror rules apply: duck under the winning card with the highest card that still
loses, discard high cards and trumps, lead the card most likely to be beaten.

Card counting (`Counter`): the cards still unseen (possibly held by another seat), the suits
each seat has shown void in, and cards a variant tells us a given seat holds.

Decisions take well under a millisecond: plain bitmask arithmetic, no search.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from openwhist.game.cards import FULL_DECK, SUIT_MASKS
from openwhist.game.state import NO_TRUMP
from openwhist.game.tricks import winning_index
from openwhist.game.views import PlayerView

__all__ = [
    "Counter",
    "FollowRule",
    "TrickPolicy",
    "always_follow",
    "beats",
    "highest",
    "is_master",
    "lowest",
    "lowest_equivalent",
    "played_mask",
    "rank",
    "shown_voids",
    "suit_cards",
    "top_winners",
    "void_proofs",
]

JACK = 11
"""Rank of the jack: a led card of this rank or higher is an honour worth covering."""


def rank(card: int) -> int:
    """The rank 2..14 of a card."""
    return card % 13 + 2


def highest(mask: int) -> int:
    """The highest card (by index) of a non-empty mask; within one suit, the top rank."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest card (by index) of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def suit_cards(mask: int, suit: int) -> int:
    """The cards of ``mask`` in ``suit``."""
    return mask & SUIT_MASKS[suit]


def beats(card: int, best: int, led: int, trump: int) -> bool:
    """True if ``card`` beats ``best`` (the trick's current winner) in a trick led in ``led``.

    docs/variants/core.md §0.3: the highest trump wins, else the highest card of the led suit.
    """
    suit, best_suit = card // 13, best // 13
    if suit == best_suit:
        return card > best
    if suit == trump:
        return True
    return False if best_suit == trump else suit == led and best_suit != led


def played_mask(view: PlayerView) -> int:
    """Every card played in this deal so far: completed tricks and the current trick."""
    mask = 0
    for record in view.completed:
        for card in record.cards:
            mask |= 1 << card
    for card in view.trick:
        mask |= 1 << card
    return mask


FollowRule = Callable[[int], bool]
"""``must_follow(k)``: whether, under the rules in force, a seat holding the suit led to
trick ``k`` (0-based; ``len(view.completed)`` is the trick in progress) had to follow it.
Only then does a card of another suit prove a void (`void_proofs`)."""


def always_follow(trick: int) -> bool:
    """The standard rule (docs/variants/core.md §0.3): following suit is compulsory in every
    trick."""
    return True


def void_proofs(
    view: PlayerView, *, first_trick: int = 0, must_follow: FollowRule = always_follow
) -> list[tuple[int, int, int]]:
    """Every ``(trick, seat, suit)`` where ``seat`` played off the ``suit`` led to ``trick``
    (0-based; the trick in progress included) *and* the rules in force make that a proof that
    it held no card of the suit at that moment: ``must_follow(trick)`` is true.

    This is the one place the bots infer voids from (`shown_voids`, `Counter`, and a
    variant's own caps such as German Whist's, which a drawn card can refill): a variant
    whose rules let a player discard while holding the suit led -- German Whist's
    ``phase1_must_follow_suit=false`` -- passes its `FollowRule`, so a free discard is
    never taken for a void. Tricks before ``first_trick`` are not read.
    """
    proofs = []
    records = [(k, r.seats, r.cards) for k, r in enumerate(view.completed) if k >= first_trick]
    if view.trick and len(view.completed) >= first_trick:
        records.append((len(view.completed), view.trick_seats, view.trick))
    for k, seats, cards in records:
        if len(cards) < 2 or not must_follow(k):
            continue
        led = cards[0] // 13
        for i in range(1, len(cards)):
            if cards[i] // 13 != led:
                proofs.append((k, seats[i], led))
    return proofs


def shown_voids(
    view: PlayerView, *, first_trick: int = 0, must_follow: FollowRule = always_follow
) -> list[int]:
    """Per seat, a bitmask of the suits (bit ``s``) it has shown void in (`void_proofs`).

    A seat that did not follow the led suit had none left where following is compulsory
    (docs/variants/core.md §0.3; ``must_follow`` says in which tricks it was). Only tricks from
    index ``first_trick`` on are read: a variant whose players draw cards during the deal
    (German Whist's phase 1) passes the first trick after the last draw, since a drawn card
    can refill a void.
    """
    voids = [0] * view.seats
    for _, seat, suit in void_proofs(view, first_trick=first_trick, must_follow=must_follow):
        voids[seat] |= 1 << suit
    return voids


def is_master(card: int, others: int) -> bool:
    """True if no card of ``others`` (cards another seat may hold) outranks ``card`` in its
    suit -- the card is the boss of its suit."""
    return not others & SUIT_MASKS[card // 13] & ~((2 << card) - 1)


def lowest_equivalent(card: int, hand: int, gone: int) -> int:
    """The lowest card of ``hand`` equivalent to ``card``: every card between them is in
    ``hand`` or ``gone`` (played), so they win or lose the same tricks (lowest of equals)."""
    base = card // 13 * 13
    best = card
    c = card - 1
    while c >= base and (hand | gone) >> c & 1:
        if hand >> c & 1:
            best = c
        c -= 1
    return best


def _lowest_beating_equal(card: int, beaters: list[int], count: Counter) -> int:
    """The lowest of ``card``'s equals that still beats the trick: the card on the table
    counts as gone for equality, so with the 9♥ led and the 10♥ 8♥ held, the 8♥ is "equal"
    to the 10♥ but does not beat the 9♥; the 10♥ is the card to play."""
    low = lowest_equivalent(card, count.hand, count.played)
    return min(b for b in beaters if low <= b <= card)


def top_winners(hand: int, others: int) -> int:
    """How many cards of ``hand`` outrank, in their suit, every card of ``others`` (the
    cards other seats may hold): the tricks it can cash from the top, ruffs aside."""
    count = 0
    for mask in SUIT_MASKS:
        theirs = others & mask
        ours = hand & mask
        if theirs:
            ours &= ~((2 << highest(theirs)) - 1)
        count += ours.bit_count()
    return count


@dataclass
class Counter:
    """What one seat knows about the cards it cannot see.

    Attributes:
        seat: the seat counting.
        seats: number of seats.
        hand: the seat's hand.
        played: cards played so far (public).
        unseen: cards some other seat may hold (or that lie in a stock), neither in
            ``hand`` nor played nor excluded by the caller.
        voids: per seat, the suits it has shown void in (bit ``s``).
        known: per seat, cards it is known to hold (e.g. a face-up card it took).
    """

    seat: int
    seats: int
    hand: int
    played: int
    unseen: int
    voids: list[int]
    known: dict[int, int] = field(default_factory=dict)

    @classmethod
    def from_view(
        cls,
        view: PlayerView,
        *,
        exclude: int = 0,
        known: Mapping[int, int] | None = None,
        voids_from: int = 0,
        must_follow: FollowRule = always_follow,
    ) -> Counter:
        """Count from ``view``: ``exclude`` are cards no other seat can hold (a face-up
        stock card), ``known`` cards a seat is known to hold, ``voids_from`` the first trick
        whose discards may prove a void, ``must_follow`` the tricks in which the rules in
        force make them a proof (see `void_proofs`)."""
        played = played_mask(view)
        held = {s: m & ~played for s, m in (known or {}).items() if s != view.seat}
        return cls(
            seat=view.seat,
            seats=view.seats,
            hand=view.hand,
            played=played,
            unseen=FULL_DECK & ~view.hand & ~played & ~exclude,
            voids=shown_voids(view, first_trick=voids_from, must_follow=must_follow),
            known=held,
        )

    def against(self, seats: Sequence[int]) -> int:
        """The unseen cards that ``seats`` might hold: all unseen cards minus those known
        to be held by some other seat, minus suits each of ``seats`` is void in."""
        if not seats:
            return 0
        elsewhere = 0
        for s, m in self.known.items():
            if s not in seats:
                elsewhere |= m
        pool = self.unseen & ~elsewhere
        mask = 0
        for s in seats:
            open_suits = pool
            for suit in range(4):
                if self.voids[s] >> suit & 1:
                    open_suits &= ~SUIT_MASKS[suit]
            mask |= open_suits | self.known.get(s, 0)
        return mask


@dataclass(frozen=True)
class TrickPolicy:
    """Standard whist card play for one seat (see the module docstring).

    Attributes:
        partnerships: the sides as tuples of seats (``Variant.partnerships``); empty when
            each seat plays for itself.
    """

    partnerships: tuple[tuple[int, ...], ...] = ()

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side (none without partnerships)."""
        for side in self.partnerships:
            if seat in side:
                return tuple(s for s in side if s != seat)
        return ()

    # -- entry point ---------------------------------------------------------------------

    def choose(
        self,
        view: PlayerView,
        legal: int,
        *,
        counter: Counter | None = None,
        want: bool = True,
        spend_high: bool = False,
    ) -> int:
        """The card to play from ``legal`` (a non-empty mask of legal cards).

        Args:
            view: the seat's view (it must be the seat to act in trick play).
            legal: the legal cards.
            counter: the card count; built from ``view`` if omitted.
            want: True to try to win this trick, False to try to lose it.
            spend_high: with ``want``, win with the highest card that wins when last to
                play and throw high cards when it cannot win -- for a seat holding more
                winners than it needs (Israeli Whist's exact contracts), whose spare
                high cards would otherwise force unwanted tricks later.
        """
        if not legal:
            raise ValueError("no legal card to choose from")
        if legal & (legal - 1) == 0:
            return lowest(legal)
        count = counter or Counter.from_view(view)
        if not view.trick:
            return self.lead(view, legal, count) if want else self.lead_to_lose(view, legal, count)
        if want:
            return self.follow(view, legal, count, spend_high=spend_high)
        return self.follow_to_lose(view, legal, count)

    # -- helpers -------------------------------------------------------------------------

    def _after(self, view: PlayerView) -> tuple[list[int], list[int]]:
        """(opponents, partners) who still play to the current trick after this seat."""
        partners = self.partners(view.seat)
        opps: list[int] = []
        mates: list[int] = []
        for s in view.to_play:  # the trick's order: a seat out or knocked plays no card
            (mates if s in partners else opps).append(s)
        return opps, mates

    def holds(self, card: int, led: int, trump: int, count: Counter, opps: Sequence[int]) -> bool:
        """True if ``card``, winning the trick now, cannot be beaten by ``opps`` (who play
        after it): no higher card of its suit among the cards they may hold, and -- for a
        card of a plain suit -- no trump they could ruff with once void in the led suit."""
        if not opps:
            return True
        theirs = count.against(opps)
        if not is_master(card, theirs):
            return False
        suit = card // 13
        if suit == trump or trump == NO_TRUMP:
            return True
        could_ruff = any(count.voids[s] >> led & 1 for s in opps) or not theirs & SUIT_MASKS[led]
        return not (could_ruff and theirs & SUIT_MASKS[trump])

    def discard(self, legal: int, trump: int, count: Counter) -> int:
        """A card to throw when not following suit and not trumping: the lowest card of a
        short side suit, keeping winners (masters) and trumps while possible."""
        others = count.unseen
        best: tuple[int, int, int, int] | None = None
        choice = lowest(legal)
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            if not cards:
                continue
            card = lowest(cards)
            key = (
                1 if suit == trump else 0,
                1 if is_master(card, others) else 0,
                cards.bit_count(),
                rank(card),
            )
            if best is None or key < best:
                best, choice = key, card
        return choice

    def discard_high(self, legal: int, trump: int, count: Counter) -> int:
        """A card to throw when trying to lose tricks: the most dangerous one -- the
        highest card (masters first), trumps before plain cards of equal rank."""
        best: tuple[int, int, int] | None = None
        choice = highest(legal)
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            if not cards:
                continue
            card = highest(cards)
            key = (1 if is_master(card, count.unseen) else 0, rank(card), 1 if suit == trump else 0)
            if best is None or key > best:
                best, choice = key, card
        return choice

    # -- following -------------------------------------------------------------------------

    def follow(
        self, view: PlayerView, legal: int, count: Counter, *, spend_high: bool = False
    ) -> int:
        """Play to a trick someone else led, trying to win it for our side (``spend_high``:
        see `choose`)."""
        trick, trump = view.trick, view.trump
        led = trick[0] // 13
        win_i = winning_index(trick, trump)
        win_card = trick[win_i]
        win_seat = view.trick_seats[win_i]
        opps, mates = self._after(view)
        following = bool(legal & SUIT_MASKS[led])
        beaters = [c for c in _cards(legal) if beats(c, win_card, led, trump)]
        if following:
            low = lowest(legal)
        elif spend_high:
            plain = legal & ~SUIT_MASKS[trump] if trump != NO_TRUMP else legal
            low = self.discard_high(plain or legal, trump, count)
        else:
            low = self.discard(legal, trump, count)

        if win_seat in self.partners(view.seat):
            # Do not overtake a partner who is winning: play low when the partner's card
            # holds (or nobody plays after us).
            if self.holds(win_card, led, trump, count, opps):
                return low
            # The partner's card may be beaten: third hand high, but never ruff a partner.
            if not following:
                return low
            return self._third_hand(beaters, led, trump, count, opps) or low
        if not beaters:
            return low
        if not opps:
            # Last to play for our side: win as cheaply as we can.
            if spend_high:
                return beaters[-1]
            return beaters[0] if following else _cheapest_trump(beaters)
        if mates and len(trick) == 1:
            # Second hand low (partner still to play), but cover an honour with a card that
            # holds, and ruff a plain-suit lead when void.
            if not following:
                return _cheapest_trump(beaters)
            holding = [c for c in beaters if self.holds(c, led, trump, count, opps)]
            if holding and rank(trick[0]) >= JACK:
                return holding[0]
            return low
        if not following:
            return _cheapest_trump(beaters)
        return self._third_hand(beaters, led, trump, count, opps) or low

    def _third_hand(
        self, beaters: list[int], led: int, trump: int, count: Counter, opps: Sequence[int]
    ) -> int | None:
        """Third hand high: the cheapest beater sure to hold, else the highest beater
        played as the lowest of its equals; ``None`` without a beater."""
        if not beaters:
            return None
        for c in beaters:
            if self.holds(c, led, trump, count, opps):
                return _lowest_beating_equal(c, beaters, count)
        return _lowest_beating_equal(beaters[-1], beaters, count)

    def follow_to_lose(self, view: PlayerView, legal: int, count: Counter) -> int:
        """Play to a trick someone else led, trying not to win it."""
        trick, trump = view.trick, view.trump
        led = trick[0] // 13
        win_card = trick[winning_index(trick, trump)]
        opps, _ = self._after(view)
        losers = [c for c in _cards(legal) if not beats(c, win_card, led, trump)]
        following = bool(legal & SUIT_MASKS[led])
        if losers:
            if not following:
                return self.discard_high(_mask(losers), trump, count)
            return max(losers)  # the highest card that still loses
        # Every legal card wins for now: last to play, win with the highest (it is lost
        # anyway); otherwise play the lowest so a later seat may still overtake.
        return highest(legal) if not opps else lowest(legal)

    # -- leading ---------------------------------------------------------------------------

    def lead(self, view: PlayerView, legal: int, count: Counter) -> int:
        """Lead to a trick, trying to win tricks for our side."""
        trump = view.trump
        opps = [
            s for s in range(view.seats) if s != view.seat and s not in self.partners(view.seat)
        ]
        theirs = count.against(opps)
        if trump != NO_TRUMP:
            trumps = legal & SUIT_MASKS[trump]
            their_trumps = theirs & SUIT_MASKS[trump]
            n = trumps.bit_count()
            # Draw trumps when long in them and the opponents may still hold some.
            if their_trumps and n and (n >= 4 or n > their_trumps.bit_count()):
                top = highest(trumps)
                if is_master(top, theirs):
                    return lowest_equivalent(top, count.hand, count.played)
                return self._lead_from(trumps, count)
        # Cash a safe winner of a side suit.
        safe = []
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            if not cards or suit == trump:
                continue
            top = highest(cards)
            if not is_master(top, theirs):
                continue
            ruffable = (
                trump != NO_TRUMP
                and theirs & SUIT_MASKS[trump]
                and (any(count.voids[s] >> suit & 1 for s in opps) or not theirs & SUIT_MASKS[suit])
            )
            if not ruffable:
                safe.append((-(theirs & SUIT_MASKS[suit]).bit_count(), top))
        if safe:
            return lowest_equivalent(min(safe)[1], count.hand, count.played)
        # Lead from the longest side suit (ties: the stronger suit).
        best: tuple[int, int] | None = None
        pick = 0
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            if not cards or suit == trump:
                continue
            key = (cards.bit_count(), highest(cards))
            if best is None or key > best:
                best, pick = key, cards
        if pick:
            return self._lead_from(pick, count)
        return self._lead_from(legal, count)

    @staticmethod
    def _lead_from(cards: int, count: Counter) -> int:
        """Top of a sequence of honours (two touching cards, the top a queen or better),
        else the lowest card of ``cards`` (one suit, or any cards)."""
        top = highest(cards)
        low_eq = lowest_equivalent(top, count.hand, count.played)
        if rank(top) >= 12 and low_eq != top:
            return top
        return lowest(cards)

    def lead_to_lose(self, view: PlayerView, legal: int, count: Counter) -> int:
        """Lead the card most likely to be beaten: the chance that one of (up to three)
        unseen cards of its suit, taken at random, outranks it -- so the lowest card of a
        suit the others still hold; plain suits before trumps on equal chances."""
        best: tuple[float, int, int] | None = None
        choice = lowest(legal)
        for card in _cards(legal):
            suit = card // 13
            unseen = count.unseen & SUIT_MASKS[suit]
            total = unseen.bit_count()
            above = (unseen & ~((2 << card) - 1)).bit_count()
            beaten = 1.0 - (1.0 - above / total) ** min(3, total) if total else 0.0
            key = (beaten, 0 if suit == view.trump else 1, -rank(card))
            if best is None or key > best:
                best, choice = key, card
        return choice


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _cheapest_trump(beaters: list[int]) -> int:
    """The cheapest of some winning cards (all trumps, when ruffing): the lowest."""
    return beaters[0]
