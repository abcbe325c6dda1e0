"""English (and American) Whist's ``heuristic`` bot (docs/variants/english.md §2,
docs/variants/american.md §3).

Card play is the generic partnership policy of `openwhist.bots.heuristic` with the sides of
docs/variants/english.md §2.1 (N-S against E-W): second hand low, third hand high, never overtake a
partner who is winning, win cheaply, discard low from short suits, lead from long suits,
draw trumps when long in them.

What English Whist adds:

* the turned-up trump card (docs/variants/english.md §2.3) is public: the dealer is known to hold it
  until played, so it counts for the dealer's side when deciding whether a card is master;
* playing to the score: a side needs only ``game_target`` minus its game score to win the
  game, and points above the target are discarded (docs/variants/english.md §2.6, §2.7). When the
  view publishes the game score (``view.public["game_score"]`` and ``["game_target"]``) and the
  tricks still needed for game are no more than the sure winners in hand, the bot cashes
  them at once instead of drawing trumps or establishing suits -- the safe line that makes
  the game. Without those keys it plays plain good whist.
* honours under the options in force (``view.options``: ``honours``, ``honours_rule``,
  ``game_target``; docs/variants/english.md §2.5): when honours count, are not blocked for
  the side (the score of four) and may complete a game, the honours the side is *sure* to
  score -- all four trump honours, or three with the fourth seen in an opponent's hand --
  lower the tricks it still needs for game (`sure_honours`).
"""

from __future__ import annotations

import random
from typing import Any

from openwhist import (
    FULL_DECK,
    N_,
    NO_TRUMP,
    SUIT_MASKS,
    Bot,
    BotSpec,
    CardBot,
    PlayerView,
    TrickRecord,
)
from openwhist.bots.heuristic import Counter, TrickPolicy, is_master, lowest_equivalent

from openwhist_english.options import EnglishOptions

PARTNERSHIPS = ((0, 2), (1, 3))
"""The sides, partners opposite (docs/variants/english.md §2.1)."""
BOOK = 6
"""Tricks a side must win before each trick scores a point (docs/variants/english.md §2.6 item
2)."""


COUNT_CACHE = 4096
"""Completed-trick tuples `EnglishHeuristicBot` remembers before it forgets them all (a
play-out makes about a dozen; forgetting only costs a re-read)."""

HONOUR_RANKS = (9, 10, 11, 12)
"""Rank indexes (0 = two) of the trump honours J, Q, K, A (docs/variants/english.md §2.5)."""


def sure_honours(view: PlayerView, side: tuple[int, ...]) -> int:
    """The honours points ``side`` is sure to hold this deal (4 for all four trump honours,
    2 for three), from what ``view`` shows: the seat's own hand and cards, its partner's
    played cards, and the turned-up card in the dealer's hand. 0 when unsure, when there is
    no trump, or when the options in force give no honours (``honours=false``)."""
    options = view.options
    if isinstance(options, EnglishOptions) and not options.honours:
        return 0
    trump = view.trump
    if trump == NO_TRUMP:
        return 0
    ours = view.hand
    theirs = 0
    for record in view.completed:
        for seat, card in zip(record.seats, record.cards, strict=False):
            if seat in side:
                ours |= 1 << card
            else:
                theirs |= 1 << card
    for seat, card in zip(view.trick_seats, view.trick, strict=False):
        if seat in side:
            ours |= 1 << card
        else:
            theirs |= 1 << card
    turn_up = view.public.get("turn_up")
    if turn_up is not None:
        if view.dealer in side:
            ours |= 1 << int(turn_up)
        else:
            theirs |= 1 << int(turn_up)
    held = sum(1 for r in HONOUR_RANKS if ours >> (13 * trump + r) & 1)
    seen_against = sum(1 for r in HONOUR_RANKS if theirs >> (13 * trump + r) & 1)
    if held == 4:
        return 4
    if held == 3 and seen_against == 1:
        return 2
    return 0


def tricks_for_game(view: PlayerView, side: tuple[int, ...]) -> int | None:
    """How many more tricks ``side`` must win this deal to reach game, or ``None`` if the
    view does not publish the game score (or game is out of reach by tricks). Honours the
    side is sure of count toward game when the options let them (`sure_honours`): not under
    ``honours_rule=never_reach_game`` (honours never complete a game), nor for a side at the
    score of ``game_target - 1`` when the deal started (``blocked_at_start...``)."""
    public: dict[str, Any] = view.public
    score = public.get("game_score")
    target = public.get("game_target")
    if not isinstance(score, list | tuple) or not isinstance(target, int):
        return None
    party = side[0] % 2
    needed_points = target - int(score[party])
    options = view.options
    rule = options.honours_rule if isinstance(options, EnglishOptions) else None
    if rule == "blocked_at_start_score_target_minus_1" and needed_points > 1:
        needed_points -= min(sure_honours(view, side), needed_points - 1)
    won = sum(view.tricks[s] for s in side)
    needed = BOOK + needed_points - won
    remaining = view.hand_sizes[view.seat]
    if needed_points <= 0 or needed > remaining:
        return None
    return max(0, needed)


class EnglishHeuristicBot(CardBot):
    """Plays English or American Whist from its view (see the module docstring)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)
        self.policy = TrickPolicy(PARTNERSHIPS)
        # `_completed_count`'s memory: id -> (the tuple itself, cards, voids); the tuple is
        # kept so that its id cannot be reused while remembered.
        self._by_tuple: dict[int, tuple[tuple[TrickRecord, ...], int, tuple[int, ...]]] = {}
        self._by_last: dict[int, tuple[tuple[TrickRecord, ...], int, tuple[int, ...]]] = {}

    def counter(self, view: PlayerView) -> Counter:
        """The card count, with the turned-up card placed in the dealer's hand while held:
        exactly ``Counter.from_view(view, known=...)`` (the standard rule, every off-suit
        card a proof of a void), but the completed tricks' part -- cards gone and voids
        shown -- is kept per tuple of completed tricks (`_completed_count`), so a play-out
        that asks at every card does not re-read the whole deal each time."""
        known: dict[int, int] = {}
        turn_up = view.public.get("turn_up")
        if turn_up is not None and view.public.get("turn_up_held", True):
            known[view.dealer] = 1 << int(turn_up)
        played, completed_voids = self._completed_count(view.completed, view.seats)
        voids = list(completed_voids)
        trick = view.trick
        if trick:
            for card in trick:
                played |= 1 << card
            if len(trick) >= 2:
                led = trick[0] // 13
                seats = view.trick_seats
                for i in range(1, len(trick)):
                    if trick[i] // 13 != led:
                        voids[seats[i]] |= 1 << led
        hand = view.hand
        return Counter(
            seat=view.seat,
            seats=view.seats,
            hand=hand,
            played=played,
            unseen=FULL_DECK & ~hand & ~played,
            voids=voids,
            known={s: m & ~played for s, m in known.items() if s != view.seat},
        )

    def _completed_count(
        self, completed: tuple[TrickRecord, ...], seats: int
    ) -> tuple[int, tuple[int, ...]]:
        """The cards of ``completed`` and, per seat, the suits it showed void in there (a
        card off the suit led, docs/variants/core.md §0.3) -- what `played_mask` and
        `shown_voids` read from the completed tricks.

        Remembered by the identity of the tuple (and of its last trick, so the tuple one
        trick longer is one trick's work): a play-out passes the same tuple to every seat
        of a trick and extends it by one record per trick. A pure cache -- the answer is
        the same as reading the tricks afresh -- and bounded by `COUNT_CACHE`."""
        hit = self._by_tuple.get(id(completed))
        if hit is not None and hit[0] is completed:
            return hit[1], hit[2]
        n = len(completed)
        played = 0
        voids = [0] * seats
        start = 0
        if n >= 2:
            prev = self._by_last.get(id(completed[-2]))
            if (
                prev is not None
                and len(prev[0]) == n - 1
                and all(a is b for a, b in zip(prev[0], completed, strict=False))
            ):
                played, voids, start = prev[1], list(prev[2]), n - 1
        for k in range(start, n):
            record = completed[k]
            cards = record.cards
            for card in cards:
                played |= 1 << card
            if len(cards) >= 2:
                led = cards[0] // 13
                for i in range(1, len(cards)):
                    if cards[i] // 13 != led:
                        voids[record.seats[i]] |= 1 << led
        if len(self._by_tuple) >= COUNT_CACHE:
            self._by_tuple.clear()
            self._by_last.clear()
        entry = (completed, played, tuple(voids))
        self._by_tuple[id(completed)] = entry
        if n:
            self._by_last[id(completed[-1])] = entry
        return played, entry[2]

    def choose_card(self, view: PlayerView, legal: int) -> int:
        """The card to play from the legal cards ``legal`` (a mask)."""
        count = self.counter(view)
        if not view.trick:
            side = next(s for s in PARTNERSHIPS if view.seat in s)
            needed = tricks_for_game(view, side)
            if needed:
                cash = self._sure_winners(view, legal, count, side)
                if cash and len(cash) >= needed:
                    return lowest_equivalent(cash[0], count.hand, count.played)
        return self.policy.choose(view, legal, counter=count)

    @staticmethod
    def _sure_winners(
        view: PlayerView, legal: int, count: Counter, side: tuple[int, ...]
    ) -> list[int]:
        """Cards that win whenever led now: masters of trumps, and masters of plain suits
        the opponents cannot ruff (they hold no trump, or no shown void in the suit)."""
        opponents = [s for s in range(view.seats) if s not in side]
        theirs = count.against(opponents)
        trump = view.trump
        their_trumps = theirs & SUIT_MASKS[trump] if trump != NO_TRUMP else 0
        out = []
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            while cards:
                top = cards.bit_length() - 1
                if not is_master(top, theirs):
                    break
                if (
                    suit != trump
                    and their_trumps
                    and (
                        any(count.voids[s] >> suit & 1 for s in opponents)
                        or not theirs & SUIT_MASKS[suit]
                    )
                ):
                    break
                out.append(top)
                cards &= ~(1 << top)
        # Trumps first (they cannot be ruffed), then by suit.
        out.sort(key=lambda c: (c // 13 != trump, -c))
        return out


def make_heuristic_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `EnglishHeuristicBot` (``english`` and ``american``)."""
    return EnglishHeuristicBot(rng)


HEURISTIC_BOT = BotSpec(
    "heuristic",
    N_("partnership whist: second hand low, third hand high, draws trumps, plays to the score"),
    make_heuristic_bot,
    variants=("english", "american"),
)

__all__ = ["HEURISTIC_BOT", "EnglishHeuristicBot", "make_heuristic_bot", "tricks_for_game"]
