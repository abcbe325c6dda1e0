"""German Whist's ``heuristic`` bot (docs/variants/german.md §1), built on
`openwhist.bots.heuristic`.

Phase 1 (tricks 1-13, docs/variants/german.md §1.6): the trick's winner takes the face-up card, the
loser the next hidden card. Under the default ``last13`` profile these tricks count for nothing
(§1.8), so a phase-1 trick is an exchange: the winner gives up the card it played and gains
the face-up card, the loser gives up its card and gains an unknown one. The bot values a
card by its chance to take a trick later, trumps above plain cards (`card_value`), and

* contests a good face-up card (one worth more than an average hidden card) -- leading a
  sure winner, or winning a reply as cheaply as it can -- when what it spends is worth less
  than what it gains;
* ducks a poor one -- leading and following with its least useful card.

It counts trumps and other cards from the public play: the face-up card lies in the stock
(no opponent holds it), and the face-up cards the opponent took and still holds are known
(``view.public["known"]``).

Phase 2 (tricks 14-26, §1.7): every card is accounted for -- the opponent holds exactly the
cards neither in our hand nor played -- so the endgame is an open two-hand position. With
few cards left the bot solves it exactly (`openwhist.solver`); before that it plays the
generic policy with the exact count.

The bot reads only its `PlayerView`, and decides under the options it carries
(``view.options``, `german_options`):

* ``scoring_profile=all26``: a phase-1 trick counts as much as a phase-2 one, so winning it
  is worth `TRICK_WORTH` on top of the face-up card -- the bot contests and leads winners
  far more readily;
* ``phase1_must_follow_suit=false``: any card is a legal reply, and the bot loses a trick
  with its least useful card of any suit (an off-suit reply proves no void, and the card
  count never takes it for one);
* ``trump_mode=none``: there is no trump (``view.trump``), so no card gets the trump bonus
  and an unknown stock card is worth only the average plain card (`hidden_card_value`).
"""

from __future__ import annotations

import random

from openwhist import FULL_DECK, N_, NO_TRUMP, SUIT_MASKS, Bot, BotSpec, CardBot, PlayerView
from openwhist.bots.heuristic import (
    Counter,
    FollowRule,
    TrickPolicy,
    always_follow,
    beats,
    lowest_equivalent,
)
from openwhist.solver import Solver

from openwhist_german.options import GermanOptions

PHASE1_TRICKS = 13
"""Tricks of phase 1 (docs/variants/german.md §1.6)."""
RANK_VALUE = (0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1.0, 1.5, 2.5, 4.0, 6.0, 8.0, 10.0)
"""What a card of each rank (2..A) is worth: a card's worth is its chance to take a trick
later, so it grows steeply with rank -- a two and a nine are both likely losers, an ace a
sure winner of its suit."""
TRUMP_BONUS = 6.0
"""Added to a trump's worth by `card_value`: any trump can win a trick by ruffing."""
HIDDEN_CARD_VALUE = sum(RANK_VALUE) / 13 + TRUMP_BONUS / 4
"""What an unknown stock card is worth on `card_value`'s scale: the average plain card
(about 2.8), plus the trump bonus a quarter of the time (about 4.3 in all). A face-up card
worth more is worth contesting."""
TRICK_WORTH = RANK_VALUE[-1]
"""Under ``all26``, what taking a phase-1 trick is worth on `card_value`'s scale: as much as
a sure winner later (an ace), since every trick counts the same."""
NO_TRUMP_HIDDEN_VALUE = sum(RANK_VALUE) / 13
"""What an unknown stock card is worth without a trump suit: the average plain card."""
SOLVE_AT = 7
"""Phase-2 positions with at most this many cards per hand are solved exactly (a few
milliseconds at most in pure Python; larger ones cost up to a few hundred)."""
SOLVER_TABLE_LIMIT = 200_000
"""Bound on the solver's transposition table (memory) kept across a bot's decisions."""


DEFAULT_OPTIONS = GermanOptions()
"""The options a view built by hand (``view.options`` is ``None``) is played under."""


def german_options(view: PlayerView) -> GermanOptions:
    """The options in force for ``view``: the match's (``view.options``), or the defaults of
    docs/variants/german.md §1 for a view built by hand."""
    options = view.options
    return options if isinstance(options, GermanOptions) else DEFAULT_OPTIONS


def follow_rule(view: PlayerView) -> FollowRule:
    """In which tricks following suit is compulsory under the options in force
    (docs/variants/german.md §1.5): every trick by default; under
    ``phase1_must_follow_suit=false`` only the phase-2 tricks (from trick 14), so a free
    phase-1 reply off the led suit proves no void (`openwhist.bots.heuristic.void_proofs`)."""
    if german_options(view).phase1_must_follow_suit:
        return always_follow
    return _phase2_only


def _phase2_only(trick: int) -> bool:
    return trick >= PHASE1_TRICKS


def card_value(card: int, trump: int) -> float:
    """A card's worth for phase-1 exchanges: `RANK_VALUE` of its rank, plus `TRUMP_BONUS`
    for a trump."""
    return RANK_VALUE[card % 13] + (TRUMP_BONUS if card // 13 == trump else 0.0)


def hidden_card_value(trump: int) -> float:
    """What an unknown stock card is worth: `HIDDEN_CARD_VALUE`, or `NO_TRUMP_HIDDEN_VALUE`
    when there is no trump (``trump_mode=none``)."""
    return NO_TRUMP_HIDDEN_VALUE if trump == NO_TRUMP else HIDDEN_CARD_VALUE


class GermanHeuristicBot(CardBot):
    """Plays German Whist from its view (see the module docstring)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)
        self.policy = TrickPolicy()
        self._solvers: dict[int, Solver] = {}

    # -- cards -------------------------------------------------------------------------

    def counter(self, view: PlayerView) -> Counter:
        """The card count: the face-up card is in the stock, the opponent's known face-up
        cards are in its hand; voids prove nothing until the stock is gone (a drawn card
        can refill a suit), so only phase-2 discards count."""
        face_up = view.public.get("face_up")
        exclude = 0 if face_up is None else 1 << int(face_up)
        known_raw = view.public.get("known") or [0, 0]
        opponent = 1 - view.seat
        return Counter.from_view(
            view,
            exclude=exclude,
            known={opponent: int(known_raw[opponent])},
            voids_from=PHASE1_TRICKS,
            must_follow=follow_rule(view),
        )

    def choose_card(self, view: PlayerView, legal: int) -> int:
        """The card to play from the legal cards ``legal`` (a mask)."""
        count = self.counter(view)
        face_up = view.public.get("face_up")
        if len(view.completed) < PHASE1_TRICKS and face_up is not None:
            return self._phase1(view, legal, count, int(face_up))
        # Phase 2: the unseen cards are exactly the opponent's hand.
        if view.hand.bit_count() <= SOLVE_AT:
            solved = self._solve(view, legal, count)
            if solved is not None:
                return solved
        return self.policy.choose(view, legal, counter=count)

    def _phase1(self, view: PlayerView, legal: int, count: Counter, face_up: int) -> int:
        trump = view.trump
        hidden = hidden_card_value(trump)
        # Under all26 the trick itself counts: winning it gains a trick as well as the card.
        trick_worth = TRICK_WORTH if german_options(view).scoring_profile == "all26" else 0.0
        prize = card_value(face_up, trump)
        contest = prize + trick_worth > hidden
        opponent_cards = count.against([1 - view.seat])
        if not view.trick:
            if contest:
                winner = self._sure_lead(
                    legal,
                    trump,
                    count,
                    opponent_cards,
                    prize + trick_worth,
                    free_reply=not german_options(view).phase1_must_follow_suit,
                )
                if winner is not None:
                    return winner
            # Duck (or nothing cheap wins): lead the least useful card.
            return self.policy.discard(legal, trump, count)
        # Reply: compare winning (spend the cheapest winning card, gain the face-up card)
        # with losing (spend the least useful card, gain an unknown card).
        led_card = view.trick[0]
        led = led_card // 13
        beaters = [c for c in _cards(legal) if beats(c, led_card, led, trump)]
        losers = legal & ~_mask(beaters)
        if losers:
            if legal & SUIT_MASKS[led]:
                lose_card = min(_cards(losers), key=lambda c: card_value(c, trump))
            else:
                lose_card = self.policy.discard(losers, trump, count)
        else:
            lose_card = min(_cards(legal), key=lambda c: card_value(c, trump))
        if not beaters:
            return lose_card
        win_card = min(beaters, key=lambda c: card_value(c, trump))
        gain_win = prize + trick_worth - card_value(win_card, trump)
        gain_lose = hidden - card_value(lose_card, trump)
        if not losers or gain_win >= gain_lose:
            return win_card
        return lose_card

    def _sure_lead(
        self,
        legal: int,
        trump: int,
        count: Counter,
        theirs: int,
        prize: float,
        *,
        free_reply: bool = False,
    ) -> int | None:
        """A lead that wins the face-up card for less than it is worth: the cheapest card
        that no card the opponent may hold can beat in its suit. A plain master could still be
        ruffed, but only by an opponent void in the suit -- rare while it holds 13 cards
        (about 1 % for a given suit) -- unless the reply is free (``free_reply``,
        ``phase1_must_follow_suit=false``): then any trump it may hold beats it."""
        best: tuple[float, int] | None = None
        choice = None
        their_trumps = theirs & SUIT_MASKS[trump] if trump != NO_TRUMP else 0
        for card in _cards(legal):
            suit = card // 13
            if theirs & SUIT_MASKS[suit] & ~((2 << card) - 1):
                continue  # the opponent may hold a higher card of the suit
            if free_reply and suit != trump and their_trumps:
                continue  # a free reply may ruff it
            played = lowest_equivalent(card, count.hand, FULL_DECK & ~(theirs | count.hand))
            value = card_value(played, trump)
            if value > prize:
                continue  # too dear for this prize
            key = (value, played)
            if best is None or key < best:
                best, choice = key, played
        return choice

    def _solve(self, view: PlayerView, legal: int, count: Counter) -> int | None:
        """An exactly best card of the open phase-2 endgame, or ``None`` if the count does
        not give a consistent position (it always does once the stock is empty)."""
        seat = view.seat
        opponent_hand = count.unseen
        hands = [0, 0]
        hands[seat] = view.hand
        hands[1 - seat] = opponent_hand
        # The opponent holds as many cards as we do, less the one it put on the trick.
        if opponent_hand.bit_count() != view.hand.bit_count() - len(view.trick):
            return None
        solver = self._solvers.get(view.trump)
        if solver is None:
            solver = Solver(seats=2, trump=view.trump, table_limit=SOLVER_TABLE_LIMIT)
            self._solvers[view.trump] = solver
        try:
            solution = solver.solve(tuple(hands), view.leader, trick=view.trick)
        except ValueError:
            return None
        best = [c for c in solution.best_moves if legal >> c & 1]
        if not best:
            return None
        preferred = self.policy.choose(view, legal, counter=count)
        return preferred if preferred in best else best[0]


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def make_heuristic_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `GermanHeuristicBot`."""
    return GermanHeuristicBot(rng)


HEURISTIC_BOT = BotSpec(
    "heuristic",
    N_("contests good face-up cards and ducks poor ones, counts trumps, solves the endgame"),
    make_heuristic_bot,
    variants=("german",),
)

__all__ = [
    "HEURISTIC_BOT",
    "GermanHeuristicBot",
    "card_value",
    "german_options",
    "hidden_card_value",
    "make_heuristic_bot",
]
