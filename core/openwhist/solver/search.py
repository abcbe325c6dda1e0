"""The exact double-dummy search (docs/variants/core.md §0.3 trick play) on raw card bitmasks.

Everything here works on plain ``int`` bitmasks -- a card is ``suit * 13 + rank - 2``, a hand
is a 52-bit mask -- and never calls the engine or the rule hooks
(docs/architecture.md#f-legal-plays-are-a-bitmask: "bots' inner search works on raw bitmasks"). The
rules it encodes are the core's standard trick play, docs/variants/core.md §0.3: follow suit if able
(3, 6); the highest trump wins, else the highest card of the led suit; a card neither of the led
suit nor a trump never wins (4); the winner leads (5). Seat ``s`` belongs to side ``s % 2``: with
four seats N–S (0, 2) against E–W (1, 3), with two seats each seat is its own side. Every seat plays
to every trick, clockwise: the solver does not model a variant's trick order (a seat out of the
deal, a knock; docs/plugins/hooks.md, "Who plays to each trick"), so only bots of variants whose
tricks are every seat's use it.

The search
----------
A *boolean* (zero-window) search answers "can side 0 take at least ``target`` of the
remaining tricks?"; the exact value is found by bisection over ``target`` (an MTD-style
driver), and each test reuses what the earlier ones stored in the transposition table.

* **Transposition table**, keyed on the position at a trick boundary (every hand and the
  leader; the trump is fixed per `Solver`). An entry holds a lower and an upper bound of the
  tricks side 0 takes from there, so tests with different targets share it, and so do
  successive `Solver.solve` calls during one deal (a bot asking at every card).
* **Equivalent cards.** Two cards of the same suit in the same hand are interchangeable when
  every card ranking between them has already been played in a *completed* trick: they
  beat, and lose to, exactly the same live cards from now on. Only the lowest card of each
  such run is searched. Cards on the table in the current trick are live (the card led is
  *not* a gap: with the 9 led, the 10 and the 8 of one hand differ), and cards of different
  hands are never merged.
* **Move ordering**: masters (cards no live card of their suit beats) are led first, then the
  other cards by suit, the suits the other hands hold fewest cards of first and a suit they
  are void in last, each suit highest first (against "highest first" alone: 26 % fewer nodes
  on the 1,000 German phase-2 positions of bench/german_phase2_check.py, docs/performance.md);
  a follower tries the cheapest card that wins the trick first, or its lowest card when it
  cannot win or its partner already wins; a void hand tries the cheapest winning ruff, then
  its lowest discards.
* **Cut-offs**: a side that already has ``target`` tricks, or cannot reach it even by
  winning every remaining trick, stops at once; the last trick is played out directly.

Exactness is checked against `openwhist.solver.brute` (plain minimax) in tests/solver/.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

NO_TRUMP: Final = -1
"""``trump`` when no suit is trump (the same value as `openwhist.NO_TRUMP`)."""

_FULL: Final = (1 << 52) - 1
_SUIT: Final = tuple(0x1FFF << (13 * s) for s in range(4))
_TOPS: Final = sum(1 << (13 * s + 12) for s in range(4))
"""The four aces: no card of their suit ranks above them."""
_NOT_BOTTOMS: Final = _FULL & ~sum(1 << (13 * s) for s in range(4))
"""Every card but the four twos (a left shift must not carry a suit into the next)."""
_StepFn = Callable[[int, int, int, int, int, int, int, int], bool]
"""(seat, pos, led, best, best_seat, card, target, dead) -> side 0 reaches target?"""
_BoundaryFn = Callable[[int, int], bool]
"""(leader, target) -> side 0 reaches target from this trick boundary?"""
DEFAULT_TABLE_LIMIT: Final = 2_000_000
"""Transposition-table entries a `Solver` keeps before it starts afresh (memory bound)."""


class SearchLimitError(RuntimeError):
    """Raised when a search visits more nodes than its `Solver`'s ``max_nodes``."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The double-dummy value of a position and the cards that achieve it.

    Attributes:
        seats: 2 or 4.
        to_move: the seat whose turn it is.
        remaining: tricks still to be decided, the current (possibly started) one included.
        tricks: how many of the ``remaining`` tricks the side of ``to_move`` takes when both
            sides play perfectly (its own seat with two seats, its partnership with four).
        best_moves: every legal card of ``to_move`` that achieves ``tricks``, ascending
            (empty only when no trick remains).
    """

    seats: int
    to_move: int
    remaining: int
    tricks: int
    best_moves: tuple[int, ...]

    def tricks_for(self, seat: int) -> int:
        """Tricks the side of ``seat`` takes (of ``remaining``) with best play by both sides.

        With two seats the side is the seat itself; with four, its partnership (seats 0 and
        2 are N–S, 1 and 3 E–W). The two sides' figures always add up to ``remaining``.
        """
        if not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat} is not one of the {self.seats} seats")
        if (seat - self.to_move) % 2 == 0:
            return self.tricks
        return self.remaining - self.tricks


def _bits(mask: int) -> list[int]:
    """The cards of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def representatives(hand: int, dead: int) -> int:
    """The cards of ``hand`` worth searching: the lowest card of each run of equivalent cards.

    ``dead`` is the mask of cards already played in completed tricks (not in any hand and
    not on the table). Two cards of ``hand`` are equivalent when every card of their suit
    ranking between them is dead.

    How: ``seed`` marks the place just above each card of ``hand``; adding it to ``dead``
    carries each mark up through the dead cards to the next live card, which is therefore
    "the next live card above a card of ``hand``". A card of ``hand`` so marked is not the
    lowest of its run. Aces are removed from ``dead`` and twos from ``seed``, so no carry
    crosses into the next suit.

    >>> from openwhist.game.cards import CardSet
    >>> hand = CardSet.parse("5S 7S 9S").mask
    >>> str(CardSet(representatives(hand, CardSet.parse("6S").mask)))  # 5S = 7S, 9S apart
    '5S 9S'
    >>> str(CardSet(representatives(hand, 0)))
    '5S 7S 9S'
    """
    dead_nt = dead & ~_TOPS
    marks = (dead_nt + ((hand << 1) & _NOT_BOTTOMS)) & ~dead_nt
    return hand & ~marks


class Solver:
    """An exact double-dummy solver for one table size and one trump suit.

    Keep one `Solver` for a whole deal (or for many positions with the same trump): its
    transposition table stays valid -- entries are exact bounds for positions, not for one
    question -- so later calls are much cheaper. Not thread-safe; one per process/thread.

    Spades trump; A must draw B's only trump before cashing the jack of diamonds:

    >>> from openwhist.game.cards import CardSet, card_name
    >>> hands = (CardSet.parse("JD 2H AS").mask, CardSet.parse("2C TH TS").mask)
    >>> solver = Solver(seats=2, trump=3)
    >>> sol = solver.solve(hands, leader=0)
    >>> sol.tricks, [card_name(c) for c in sol.best_moves], sol.tricks_for(1)
    (2, ['AS'], 1)
    >>> {card_name(c): v for c, v in solver.move_values(hands, 0).items()}
    {'JD': 1, '2H': 1, 'AS': 2}
    >>> from openwhist.game.cards import parse_card
    >>> tricks, card = solver.best_move(hands, 0, prefer=parse_card("JD"))  # JD is not best
    >>> tricks, card_name(card)
    (2, 'AS')
    """

    def __init__(
        self,
        *,
        seats: int,
        trump: int,
        table_limit: int = DEFAULT_TABLE_LIMIT,
        max_nodes: int | None = None,
    ) -> None:
        """A solver for ``seats`` (2 or 4) seats and ``trump`` (0..3, or `NO_TRUMP`).

        ``table_limit`` bounds the transposition table (it is emptied, at the start of a
        question, once larger). ``max_nodes``, if given, bounds the work of each question:
        past it `SearchLimitError` is raised (the table keeps what it learnt, so asking
        again later is not wasted).

        Raises:
            ValueError: for another number of seats or a trump outside -1..3.
        """
        if seats not in (2, 4):
            raise ValueError(f"the solver plays 2 or 4 seats, not {seats}")
        if not -1 <= trump <= 3:
            raise ValueError(f"trump must be a suit 0..3 or NO_TRUMP (-1), not {trump}")
        self.seats = seats
        self.trump = trump
        self.table_limit = table_limit
        self.table: dict[int, tuple[int, int, int]] = {}
        self.max_nodes = max_nodes
        self.nodes = 0
        """Nodes searched so far (trick-boundary and in-trick positions), a work measure."""
        self._limit = 0
        self._hands: list[int] = [0] * seats
        self._step, self._boundary = self._build()

    # -- public API ---------------------------------------------------------------------

    def solve(self, hands: Sequence[int], leader: int, *, trick: Sequence[int] = ()) -> Solution:
        """Solve a position: its value for the side to move and every best card.

        Args:
            hands: one bitmask per seat of the cards each seat still holds (not the cards
                already on the table).
            leader: the seat that led (or leads) the current trick.
            trick: the cards of the current trick played so far, in order from ``leader``.

        Raises:
            ValueError: for an impossible position (see `check_position`).
        """
        moves, values = self._root(hands, leader, trick, exact=False)
        seat = (leader + len(trick)) % self.seats
        remaining = hands[seat].bit_count()
        if not moves:
            return Solution(self.seats, seat, remaining, 0, ())
        best = max(values.values())
        return Solution(
            self.seats,
            seat,
            remaining,
            best,
            tuple(sorted(c for c, v in values.items() if v == best)),
        )

    def move_values(
        self, hands: Sequence[int], leader: int, *, trick: Sequence[int] = ()
    ) -> dict[int, int]:
        """The exact value of every legal card of the seat to move.

        Returns a mapping card -> tricks the side to move takes (of the remaining ones) if it
        plays that card and both sides play perfectly afterwards. Dearer than `solve`, which
        only proves which cards are best; use it to compare or to average over samples.

        Raises:
            ValueError: for an impossible position (see `check_position`).
        """
        return self._root(hands, leader, trick, exact=True)[1]

    def value(self, hands: Sequence[int], leader: int, *, trick: Sequence[int] = ()) -> int:
        """Tricks the side to move takes from here (of the remaining ones), with best play.

        At a trick boundary (no ``trick``) only the value is searched, not which cards
        achieve it: `solve` spends one more zero-window test per card for that.

        Raises:
            ValueError: for an impossible position (see `check_position`).
        """
        if trick:
            return self.solve(hands, leader, trick=trick).tricks
        n = self.seats
        check_position(hands, leader, trick, seats=n, trump=self.trump)
        if len(self.table) > self.table_limit:
            self.table.clear()
        self._limit = self.nodes + self.max_nodes if self.max_nodes is not None else 1 << 62
        remaining = hands[leader].bit_count()
        if remaining == 0:
            return 0
        self._hands[:] = hands
        value0 = self._bisect(leader, remaining)
        return value0 if leader % 2 == 0 else remaining - value0

    def _bisect(self, leader: int, remaining: int) -> int:
        """Side 0's tricks from the trick boundary in ``self._hands`` (``leader`` to lead),
        by zero-window tests stepping from the middle (each reuses the table)."""
        boundary = self._boundary
        return _step_search(lambda target: boundary(leader, target), remaining)

    # -- the root -------------------------------------------------------------------------

    def best_move(
        self,
        hands: Sequence[int],
        leader: int,
        *,
        trick: Sequence[int] = (),
        prefer: int | None = None,
    ) -> tuple[int, int]:
        """One best card of the side to move and the tricks it takes: ``prefer`` when it is
        among the best cards, else the lowest best card -- the card ``solve`` would give as
        ``prefer`` if best, else ``best_moves[0]``, found without proving every other card.

        `solve` tests every legal card for being best after finding the value; a player who
        needs one best card tests ``prefer`` (one zero-window search) and, if it falls
        short, the other cards from the lowest until one reaches the value.

        Returns ``(tricks, card)``; ``card`` is -1 when no trick remains.

        Raises:
            ValueError: for an impossible position (see `check_position`), or a ``prefer``
                that is not a legal card of the seat to move.
        """
        root = self._setup(hands, leader, trick)
        if root is None:
            return 0, -1
        remaining, legal, reps, side0, test, value0 = root
        if prefer is not None and not legal >> prefer & 1:
            raise ValueError(f"card {prefer} is not a legal card of the seat to move")
        tricks = value0 if side0 else remaining - value0

        def achieves(card: int) -> bool:
            return test(card, value0) if side0 else not test(card, value0 + 1)

        rep = -1
        if prefer is not None:
            # The representative of ``prefer``: the lowest card of its run (equal cards).
            rep = max(c for c in reps if c <= prefer)
            if achieves(rep):
                return tricks, prefer
        for c in reps:
            if c != rep and achieves(c):
                return tricks, c
        raise AssertionError("no card reaches the value")  # pragma: no cover

    def _setup(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], *, find_value: bool = True
    ) -> tuple[int, int, list[int], bool, Callable[[int, int], bool], int] | None:
        """Check the position, load it and find its value: ``None`` when no trick remains,
        else (remaining tricks, legal cards, their representatives, whether the side to move
        is side 0, ``test(card, target)`` -- does side 0 take >= target after ``card``? --,
        side 0's tricks with best play -- or -1 unless ``find_value``)."""
        n = self.seats
        check_position(hands, leader, trick, seats=n, trump=self.trump)
        if len(self.table) > self.table_limit:
            self.table.clear()
        self._limit = self.nodes + self.max_nodes if self.max_nodes is not None else 1 << 62
        seat = (leader + len(trick)) % n
        hand = hands[seat]
        remaining = hand.bit_count()
        if remaining == 0:
            return None
        self._hands[:] = hands
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        dead = _FULL & ~live
        # The trick so far: led suit, best card and its seat (docs/variants/core.md §0.3.4).
        if trick:
            led = trick[0] // 13
            best, best_seat = trick[0], leader
            for i in range(1, len(trick)):
                if _beats(trick[i], best, self.trump):
                    best, best_seat = trick[i], (leader + i) % n
            legal = (hand & _SUIT[led]) or hand
        else:
            led, best, best_seat = 0, 0, leader
            legal = hand
        reps = _bits(representatives(legal, dead))
        side0 = seat % 2 == 0
        pos = len(trick)
        step = self._step

        def test(card: int, target: int) -> bool:
            """Does side 0 take >= target tricks after ``card``?"""
            return step(seat, pos, led, best, best_seat, card, target, dead)

        if not find_value:
            return remaining, legal, reps, side0, test, -1

        # Value of the position for side 0 by bisection (zero-window tests from the middle).
        def reach(target: int) -> bool:
            if not trick:
                return self._boundary(leader, target)  # stored in the table
            if side0:
                return any(test(c, target) for c in reps)  # one card of side 0 does
            return all(test(c, target) for c in reps)  # every card of side 1 does

        return remaining, legal, reps, side0, test, _step_search(reach, remaining)

    def _root(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], *, exact: bool
    ) -> tuple[tuple[int, ...], dict[int, int]]:
        """Legal cards and their values for the side to move (best ones exact, others
        either exact or just "less" -- then given as -1 -- unless ``exact``)."""
        if exact:
            return self._root_exact(hands, leader, trick)
        setup = self._setup(hands, leader, trick)
        if setup is None:
            return (), {}
        remaining, legal, reps, side0, test, root = setup
        # One zero-window test per card: "does it reach the value too?"
        values0: dict[int, int] = {}
        for c in reps:
            if side0:
                values0[c] = root if test(c, root) else -1
            else:
                values0[c] = root if not test(c, root + 1) else -1
        return _spread(values0, legal, remaining, side0)

    def _root_exact(
        self, hands: Sequence[int], leader: int, trick: Sequence[int]
    ) -> tuple[tuple[int, ...], dict[int, int]]:
        """Every legal card's exact value (`move_values`): a bisection per card."""
        setup = self._setup(hands, leader, trick, find_value=False)
        if setup is None:
            return (), {}
        remaining, legal, reps, side0, test, _ = setup
        values0: dict[int, int] = {}
        for c in reps:
            lo, hi = 0, remaining
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if test(c, mid):
                    lo = mid
                else:
                    hi = mid - 1
            values0[c] = lo
        return _spread(values0, legal, remaining, side0)

    # -- the search -------------------------------------------------------------------------

    def _build(self) -> tuple[_StepFn, _BoundaryFn]:
        """Build the search as closures over the solver's state (fast local lookups)."""
        n = self.seats
        last = n - 1
        trump = self.trump
        tmask = _SUIT[trump] if trump >= 0 else 0
        hands = self._hands
        table = self.table
        suit_masks = _SUIT
        full = _FULL
        tops = _TOPS
        not_bottoms = _NOT_BOTTOMS
        solver = self

        def quick_bounds(leader: int, live: int, r: int) -> tuple[int, int]:
            """Cheap sure bounds on side 0's tricks at a trick boundary.

            * Top trumps: each card of the run of highest live trumps held by one seat wins
              a trick whenever it is played (only a higher trump beats a trump, and those
              are in the same hand, so never in the same trick).
            * Cashing: the leader leads, one after another, its cards that no live card of
              their suit beats ("masters"). A master of a plain suit is sure to win while
              every opponent holding a trump still has a card of that suit to follow with:
              so count, per plain suit, the leader's run of masters, cut to the shortest
              holding of that suit among the opponents that hold a trump. The opponents
              follow suit all along, so no suit's count depends on another's; the leader's
              top trumps are cashed last. Four seats: only when no other seat holds a trump,
              since a partner void in the suit and holding only trumps would have to ruff
              and take the lead (docs/variants/core.md §0.3.3-5).
            """
            lo, hi = 0, r
            lead_hand = hands[leader]
            if n == 2:
                opp = hands[1 - leader]
                opp_trumps = opp & tmask
            else:
                opp_trumps = (live & ~lead_hand) & tmask
            cash = 0
            for suit_mask in suit_masks:
                x = live & suit_mask
                run = 0
                while x:
                    top = 1 << (x.bit_length() - 1)
                    if not lead_hand & top:
                        break
                    run += 1
                    x ^= top
                if run and opp_trumps and suit_mask != tmask:
                    if n != 2:
                        continue
                    length = (opp & suit_mask).bit_count()
                    if length < run:
                        run = length
                cash += run
            if cash:
                if leader % 2 == 0:
                    lo = cash
                else:
                    hi = r - cash
            if tmask and opp_trumps:
                # The other side's top trumps.
                x = live & tmask
                top = 1 << (x.bit_length() - 1)
                if not lead_hand & top:
                    holder = 0
                    while not hands[holder] & top:
                        holder += 1
                    hand = hands[holder]
                    run = 0
                    while x:
                        top = 1 << (x.bit_length() - 1)
                        if not hand & top:
                            break
                        run += 1
                        x ^= top
                    if holder % 2 == 0:
                        if run > lo:
                            lo = run
                    elif r - run < hi:
                        hi = r - run
            return lo, hi

        def boundary(leader: int, target: int) -> bool:
            """At a trick boundary: does side 0 take >= ``target`` of the remaining tricks?"""
            if target <= 0:
                return True
            lead_hand = hands[leader]
            r = lead_hand.bit_count()
            if target > r:
                return False
            if r == 1:
                # The last trick: every seat plays its only card.
                return _last_trick_side0(hands, leader, n, trump) >= target
            if n == 2:
                h0 = hands[0]
                h1 = hands[1]
                live = h0 | h1
                key = (h0 << 53) | (h1 << 1) | leader
            else:
                h0, h1, h2, h3 = hands
                live = h0 | h1 | h2 | h3
                key = (((((h0 << 52) | h1) << 52 | h2) << 52 | h3) << 2) | leader
            entry = table.get(key)
            if entry is not None:
                lo, hi, hint = entry
                if lo >= target:
                    return True
                if hi < target:
                    return False
            else:
                lo, hi = quick_bounds(leader, live, r)
                hint = -1
                if lo >= target or hi < target:
                    table[key] = (lo, hi, -1)
                    return lo >= target
            solver.nodes += 1
            if solver.nodes > solver._limit:
                raise SearchLimitError(f"more than {solver.max_nodes} nodes")
            dead_nt = (full & ~live) & ~tops
            # Leading (docs/variants/core.md §0.3.2: any card). The table's last cut-off card first,
            # then masters (no live card of their suit beats them), then the others: first the
            # suits the other seats hold fewest cards of, a suit they are void in last, and
            # within a suit the highest first.
            reps = lead_hand & ~((dead_nt + ((lead_hand << 1) & not_bottoms)) & ~dead_nt)
            first: list[int] = []
            rest: list[int] = []
            others = live & ~lead_hand
            # Opponents' trumps (a master of a suit they are void in may be ruffed).
            ruffers = others & tmask if n == 2 else (hands[leader ^ 1] | hands[leader ^ 3]) & tmask
            m = reps
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                if c == hint:
                    continue
                suit_mask = suit_masks[c // 13]
                if others & suit_mask & ~((low << 1) - 1) or (ruffers and not others & suit_mask):
                    rest.append(c)
                else:
                    first.append(c)
            if hint >= 0 and reps >> hint & 1:
                first.insert(0, hint)
            maximizing = leader % 2 == 0
            nxt = leader + 1 if leader + 1 < n else 0
            if len(rest) > 1:
                weight = [16 * ((others & sm).bit_count() or 14) for sm in suit_masks]
                rest.sort(key=lambda c: weight[c // 13] - c % 13)
            for c in first + rest:
                bit = 1 << c
                hands[leader] = lead_hand ^ bit
                result = node(nxt, 1, c // 13, c, leader, target, dead_nt)
                hands[leader] = lead_hand
                if result == maximizing:
                    if result:
                        table[key] = (target, hi, c)
                    else:
                        table[key] = (lo, target - 1, c)
                    return result
            if maximizing:
                table[key] = (lo, target - 1, hint)
            else:
                table[key] = (target, hi, hint)
            return not maximizing

        def node(
            seat: int, pos: int, led: int, best: int, best_seat: int, target: int, dead_nt: int
        ) -> bool:
            """Seat ``seat`` plays the ``pos``-th card (``pos`` >= 1) of the trick (led suit
            ``led``, winning card ``best`` of ``best_seat`` so far). Does side 0 reach
            ``target`` (tricks counted from the start of this trick)?"""
            solver.nodes += 1
            hand = hands[seat]
            # Representatives of the hand (see `representatives`).
            reps = hand & ~((dead_nt + ((hand << 1) & not_bottoms)) & ~dead_nt)
            follow = reps & suit_masks[led]
            partner_wins = (best_seat - seat) % 2 == 0
            # Two groups: cards that would take the lead of the trick, and the others.
            if follow:
                if best // 13 == led:
                    beat = follow & ~((2 << best) - 1)
                    lose = _bits(follow ^ beat)
                else:
                    beat = 0  # already ruffed: following suit cannot win
                    lose = _bits(follow)
            else:
                trumps = reps & tmask
                beat = trumps & ~((2 << best) - 1) if best // 13 == trump else trumps
                lose = sorted(_bits(reps ^ beat), key=_rank)  # discards, lowest first
            beating = _bits(beat)  # cheapest first
            maximizing = seat % 2 == 0
            if pos == last:
                # The trick is complete once this card is played (docs/variants/core.md §0.3.4-5).
                won_if_beat = target - 1 if maximizing else target
                won_if_lose = target - 1 if best_seat % 2 == 0 else target
                if partner_wins:
                    for c in lose:
                        hands[seat] = hand ^ (1 << c)
                        if boundary(best_seat, won_if_lose) == maximizing:
                            hands[seat] = hand
                            return maximizing
                    for c in beating:
                        hands[seat] = hand ^ (1 << c)
                        if boundary(seat, won_if_beat) == maximizing:
                            hands[seat] = hand
                            return maximizing
                else:
                    for c in beating:
                        hands[seat] = hand ^ (1 << c)
                        if boundary(seat, won_if_beat) == maximizing:
                            hands[seat] = hand
                            return maximizing
                    for c in lose:
                        hands[seat] = hand ^ (1 << c)
                        if boundary(best_seat, won_if_lose) == maximizing:
                            hands[seat] = hand
                            return maximizing
                hands[seat] = hand
                return not maximizing
            nxt = seat + 1 if seat + 1 < n else 0
            pos += 1
            for c in beating:
                hands[seat] = hand ^ (1 << c)
                if node(nxt, pos, led, c, seat, target, dead_nt) == maximizing:
                    hands[seat] = hand
                    return maximizing
            for c in lose:
                hands[seat] = hand ^ (1 << c)
                if node(nxt, pos, led, best, best_seat, target, dead_nt) == maximizing:
                    hands[seat] = hand
                    return maximizing
            hands[seat] = hand
            return not maximizing

        def step(
            seat: int,
            pos: int,
            led: int,
            best: int,
            best_seat: int,
            card: int,
            target: int,
            dead_nt: int,
        ) -> bool:
            """``seat`` plays ``card``; does side 0 then reach ``target``?"""
            hand = hands[seat]
            hands[seat] = hand ^ (1 << card)
            suit = card // 13
            if pos == 0:
                led, best, best_seat = suit, card, seat
            elif (suit == best // 13 and card > best) or (suit == trump and best // 13 != trump):
                # docs/variants/core.md §0.3.4: a higher card of the best card's suit (led or
                # trump), or the first trump. A discard (neither led nor trump) never gets here.
                best, best_seat = card, seat
            if pos == last:
                won = 1 if best_seat % 2 == 0 else 0
                result = boundary(best_seat, target - won)
            else:
                nxt = seat + 1
                if nxt == n:
                    nxt = 0
                result = node(nxt, pos + 1, led, best, best_seat, target, dead_nt)
            hands[seat] = hand
            return result

        def root_step(
            seat: int,
            pos: int,
            led: int,
            best: int,
            best_seat: int,
            card: int,
            target: int,
            dead: int,
        ) -> bool:
            """`step` from the root, given the dead cards (aces not yet removed)."""
            return step(seat, pos, led, best, best_seat, card, target, dead & ~tops)

        return root_step, boundary


def _spread(
    values0: dict[int, int], legal: int, remaining: int, side0: bool
) -> tuple[tuple[int, ...], dict[int, int]]:
    """Side 0's values of the representatives, back to the mover's point of view and spread
    to every legal card (each takes its representative's, the next lower one in ``values0``)."""
    values: dict[int, int] = {}
    current = -1
    for c in _bits(legal):
        if c in values0:
            current = c
        v = values0[current]
        values[c] = v if v < 0 or side0 else remaining - v
    return tuple(values), values


def _rank(card: int) -> int:
    return card % 13


def _beats(card: int, best: int, trump: int) -> bool:
    """Does ``card`` beat the trick's ``best`` card so far (docs/variants/core.md §0.3.4)?"""
    suit = card // 13
    if suit == best // 13:
        return card > best
    return suit == trump


def _last_trick_side0(hands: Sequence[int], leader: int, n: int, trump: int) -> int:
    """1 if side 0 wins the last trick (each hand holds one card), else 0."""
    best = hands[leader].bit_length() - 1
    best_seat = leader
    for i in range(1, n):
        seat = (leader + i) % n
        card = hands[seat].bit_length() - 1
        if _beats(card, best, trump):
            best, best_seat = card, seat
    return 1 if best_seat % 2 == 0 else 0


def check_position(
    hands: Sequence[int], leader: int, trick: Sequence[int], *, seats: int, trump: int
) -> None:
    """Raise `ValueError` naming the problem if the position cannot arise in trick play.

    Checked: ``seats`` hands of cards 0..51, pairwise disjoint; a leader among the seats; a
    trick of fewer than ``seats`` distinct cards held by nobody; every seat that has played
    to the trick holding one card fewer than every seat still to play (all hands equal
    between tricks); and no revoke in the trick: a seat that did not follow the led suit
    holds no card of it (docs/variants/core.md §0.3.3).
    """
    if len(hands) != seats:
        raise ValueError(f"{len(hands)} hands given to a {seats}-seat solver")
    if not -1 <= trump <= 3:
        raise ValueError(f"trump must be a suit 0..3 or NO_TRUMP (-1), not {trump}")
    if not 0 <= leader < seats:
        raise ValueError(f"leader {leader} is not one of the {seats} seats")
    seen = 0
    for i, h in enumerate(hands):
        if h < 0 or h > _FULL:
            raise ValueError(f"hand {i} is not a 52-card bitmask: {h:#x}")
        if h & seen:
            raise ValueError(f"hand {i} shares cards with an earlier hand")
        seen |= h
    if len(trick) >= seats:
        raise ValueError(f"a trick in progress has at most {seats - 1} cards, not {len(trick)}")
    for c in trick:
        if not 0 <= c < 52:
            raise ValueError(f"{c} is not a card (0..51)")
        if seen >> c & 1:
            raise ValueError(f"card {c} is both on the table and in a hand")
        seen |= 1 << c
    if len(set(trick)) != len(trick):
        raise ValueError("the trick holds the same card twice")
    size = hands[(leader + len(trick)) % seats].bit_count()
    for i in range(seats):
        seat = (leader + i) % seats
        want = size - 1 if i < len(trick) else size
        if hands[seat].bit_count() != want:
            raise ValueError(
                f"seat {seat} holds {hands[seat].bit_count()} cards; it should hold {want} "
                f"(hands are equal between tricks, one card fewer once a seat has played)"
            )
    if trick:
        led = trick[0] // 13
        for i in range(1, len(trick)):
            seat = (leader + i) % seats
            if trick[i] // 13 != led and hands[seat] & _SUIT[led]:
                raise ValueError(
                    f"seat {seat} did not follow suit but still holds the led suit (a revoke)"
                )


def _step_search(reach: Callable[[int], bool], remaining: int) -> int:
    """The most tricks ``t`` in ``0..remaining`` for which ``reach(t)`` holds (``reach`` is
    monotone: true up to the value, false above it), by zero-window tests stepping from the
    middle towards the answer, so each test reuses what the previous one stored."""
    lo, hi = 0, remaining
    guess = (remaining + 1) // 2
    while lo < hi:
        if reach(guess):
            lo = guess
            guess += 1
        else:
            hi = guess - 1
            guess -= 1
        guess = min(max(guess, lo + 1 if lo < hi else lo), hi)
    return lo
