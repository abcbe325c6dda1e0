"""Israeli Whist's ``heuristic`` bot (docs/variants/israeli.md §4), built on
`openwhist.bots.heuristic`.

Israeli Whist pays for *exact* contracts (docs/variants/israeli.md §4.7: b² + 10 for making b, −10
per trick over or under), so the bot plays to hit its number:

* **Evaluation** (`estimate_tricks`): the tricks a hand should take with a given trump (or
  no trump): aces, guarded kings and queens, trump length beyond three, long plain suits
  at no trump, and ruffing values of short plain suits when holding trumps.
* **Trump auction** (§4.3): bid the cheapest legal bid in the denomination where the hand
  is strongest when the estimate reaches the bid's number (the declarer must later contract
  at least that many, §4.5.2); otherwise pass. Under ``auction_end=four_passes``, asked
  again while its own bid stands, it passes (`holds_the_auction`).
* **Frisch** (§4.4): pass the lowest cards of the shortest plain suits -- keeping honours,
  long suits and trumps-to-be, and shortening suits for ruffs.
* **Contract** (§4.5): the estimate with the actual trump, rounded; a hand worth next to
  nothing bids zero -- "next to nothing" scaled by what a made zero pays under the options
  in force against the defaults (``zero_over_bonus``, ``zero_under_bonus``: with no bonus a
  zero is never chosen for its own sake; `zero_threshold`). Only legal contracts are offered
  (the declarer's minimum, the last bidder's forbidden total), so the bot takes the legal
  value nearest its estimate.
* **Play** (§4.6): while short of its contract it tries to win each trick; once the
  contract is made (or on a zero bid) it tries to lose every trick -- ducking under the
  winning card, discarding its high cards and trumps -- to avoid overtricks.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from openwhist import N_, NO_TRUMP, SUIT_MASKS, Action, Bot, BotSpec, Play, PlayerView
from openwhist.bots.heuristic import Counter, TrickPolicy, rank, top_winners

from openwhist_israeli.actions import NT, PASS, Bid, Contract, FrischSelection
from openwhist_israeli.options import IsraeliOptions

ACE, KING, QUEEN, JACK = 14, 13, 12, 11
ZERO_BID_BELOW: Final = 0.75
"""A hand estimated below this many tricks bids zero (docs/variants/israeli.md §4.7: +50 or +25 if
made)."""
DEFAULT_OPTIONS: Final = IsraeliOptions()
"""The options a view built by hand (``view.options`` is ``None``) is played under."""
AUCTION_MARGIN: Final = 0.5
"""The estimate must exceed a trump bid's number by this much before the bot makes it."""


@lru_cache(maxsize=1 << 16)
def _suit_estimate(cards: int, *, is_trump: bool, no_trump: bool, trump_length: int) -> float:
    """Expected tricks from one suit's holding (see `estimate_tricks`). Cached: a pure
    function of its arguments, asked again and again by the expert's weighting of sampled
    deals (`openwhist_israeli.expert.call_fit`)."""
    n = cards.bit_count()
    if n == 0:
        # A void in a plain suit ruffs when we hold trumps to spare.
        return 0.0 if is_trump or no_trump else min(1.2, 0.6 * max(0, trump_length - 1))
    ranks = []
    mask = cards
    while mask:
        top = mask.bit_length() - 1
        ranks.append(rank(top))
        mask &= ~(1 << top)
    value = 0.0
    # Honours (ranks come highest first; a lower honour needs guards beneath it).
    for position, r in enumerate(ranks[:4]):
        if r == ACE:
            value += 1.0
        elif r == KING:
            value += (0.9 if is_trump else 0.75) if n >= 2 else 0.3
        elif r == QUEEN and position <= 2:
            value += (0.7 if is_trump else 0.45) if n >= 3 else 0.15
        elif r == JACK and position <= 3 and n >= 4:
            value += 0.4 if is_trump else 0.2
    if is_trump:
        # Trumps beyond the third are winners once the others' trumps are gone.
        value += max(0, n - 3) * 0.9
    elif no_trump:
        value += max(0, n - 4) * 0.7
    else:
        value += max(0, n - 5) * 0.3
        if trump_length >= 3:
            value += {1: 0.5, 2: 0.2}.get(n, 0.0)  # a singleton or doubleton to ruff
    return value


def estimate_tricks(hand: int, trump: int) -> float:
    """Tricks ``hand`` should take with ``trump`` (0..3, or `NO_TRUMP`) as trump."""
    no_trump = trump == NO_TRUMP
    trump_length = 0 if no_trump else (hand & SUIT_MASKS[trump]).bit_count()
    return sum(
        _suit_estimate(
            hand & SUIT_MASKS[suit],
            is_trump=suit == trump,
            no_trump=no_trump,
            trump_length=trump_length,
        )
        for suit in range(4)
    )


def israeli_options(view: PlayerView) -> IsraeliOptions:
    """The options in force for ``view`` (the defaults for a view built by hand)."""
    options = view.options
    return options if isinstance(options, IsraeliOptions) else DEFAULT_OPTIONS


def zero_threshold(options: IsraeliOptions) -> float:
    """The estimate below which the bot bids zero: `ZERO_BID_BELOW` under the default zero
    bonuses (+25 over, +50 under), scaled by the mean bonus the options pay for a made zero
    (docs/variants/israeli.md §4.7) -- a house that pays double for a zero makes a weak
    hand's zero twice as tempting, one that pays nothing never tempts. Capped at two
    tricks."""
    default = (DEFAULT_OPTIONS.zero_over_bonus + DEFAULT_OPTIONS.zero_under_bonus) / 2
    bonus = (options.zero_over_bonus + options.zero_under_bonus) / 2
    return min(2.0, ZERO_BID_BELOW * bonus / default)


def holds_the_auction(view: PlayerView, legal: tuple[Action, ...]) -> bool:
    """True when the seat to call already holds the high bid and may pass.

    Only ``auction_end=four_passes`` (pagat, docs/variants/israeli.md §4.3.5) asks the high
    bidder again: the auction ends when he passes too, or he may raise his own bid. A raise
    in the same denomination only binds him to more tricks (the declarer contracts at least
    his bid's number, §4.5.2), so both bots pass and let the bid stand; a raise into another
    denomination could pay now and then, and is not weighed."""
    return PASS in legal and view.public.get("high_bidder") == view.seat


def denomination_trump(denomination: int) -> int:
    """The trump suit of a bid's denomination (`NO_TRUMP` for NT)."""
    return NO_TRUMP if denomination == NT else denomination


def frisch_cards(hand: int, count: int) -> int:
    """The ``count`` cards to pass in a Frisch: non-honours of the shortest suits first,
    lowest first (docs/variants/israeli.md §4.4); honours only if nothing else is left."""

    def key(card: int) -> tuple[int, int, int]:
        length = (hand & SUIT_MASKS[card // 13]).bit_count()
        return (1 if rank(card) >= QUEEN else 0, length, rank(card))

    cards = []
    mask = hand
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    chosen = sorted(cards, key=key)[:count]
    out = 0
    for card in chosen:
        out |= 1 << card
    return out


class IsraeliHeuristicBot(Bot):
    """Plays Israeli Whist from its view (see the module docstring)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)
        self.policy = TrickPolicy()

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """Pick a call, a Frisch selection, a contract or a card among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, Play):
            return self._play(view, legal)
        if isinstance(first, FrischSelection):
            return self._frisch(view, legal)
        if isinstance(first, Contract):
            return self._contract(view, legal)
        return self._call(view, legal)

    # -- auction -------------------------------------------------------------------------

    def _call(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """Bid the cheapest legal bid of the best denomination if the hand is worth it; pass
        when our bid already stands (`holds_the_auction`)."""
        if holds_the_auction(view, legal):
            return PASS
        cheapest: dict[int, Bid] = {}
        for action in legal:
            if isinstance(action, Bid) and action.denomination not in cheapest:
                cheapest[action.denomination] = action
        best: tuple[float, int] | None = None
        choice: Action = PASS if PASS in legal else legal[0]
        for denomination, bid in cheapest.items():
            estimate = estimate_tricks(view.hand, denomination_trump(denomination))
            if estimate < bid.number + AUCTION_MARGIN:
                continue
            key = (estimate - bid.number, denomination)
            if best is None or key > best:
                best, choice = key, bid
        return choice

    def _frisch(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """The selection matching `frisch_cards` (every selection of the hand is legal)."""
        first = legal[0]
        assert isinstance(first, FrischSelection)
        wanted = frisch_cards(view.hand, first.cards.bit_count())
        for action in legal:
            if isinstance(action, FrischSelection) and action.cards == wanted:
                return action
        return first  # pragma: no cover - every selection of the hand is legal

    # -- contract ------------------------------------------------------------------------

    def target(self, view: PlayerView) -> int:
        """The contract the hand is worth with the deal's trump: 0 for a hand worth less than
        `zero_threshold` under the options in force, else the rounded estimate (at least 1)."""
        estimate = estimate_tricks(view.hand, view.trump)
        if estimate < zero_threshold(israeli_options(view)):
            return 0
        return max(1, round(estimate))

    def _contract(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """The legal contract nearest the target (ties: the smaller, easier to steer to by
        losing tricks)."""
        target = self.target(view)
        contracts = [a for a in legal if isinstance(a, Contract)]
        if not contracts:
            return legal[0]
        return min(contracts, key=lambda c: (abs(c.number - target), c.number))

    # -- play ----------------------------------------------------------------------------

    def _play(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """Try to win tricks while short of the contract, to lose them once it is made."""
        mask = 0
        for action in legal:
            if isinstance(action, Play):
                mask |= 1 << action.card
        contracts = view.public.get("contracts") or []
        contract = contracts[view.seat] if view.seat < len(contracts) else None
        won = view.tricks[view.seat]
        needed = 1 if contract is None else int(contract) - won
        count = Counter.from_view(view)
        # Holding more top winners than the tricks still needed, spend high cards first:
        # every spare winner kept would force an overtrick later.
        spare = needed > 0 and top_winners(view.hand, count.unseen) >= needed
        card = self.policy.choose(view, mask, counter=count, want=needed > 0, spend_high=spare)
        for action in legal:
            if isinstance(action, Play) and action.card == card:
                return action
        return legal[0]  # pragma: no cover - the policy always picks a legal card


def make_heuristic_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `IsraeliHeuristicBot`."""
    return IsraeliHeuristicBot(rng)


HEURISTIC_BOT = BotSpec(
    "heuristic",
    N_("bids from a hand evaluation, aims at the exact contract, avoids overtricks once made"),
    make_heuristic_bot,
    variants=("israeli",),
)

__all__ = [
    "HEURISTIC_BOT",
    "IsraeliHeuristicBot",
    "estimate_tricks",
    "frisch_cards",
    "holds_the_auction",
    "israeli_options",
    "make_heuristic_bot",
    "zero_threshold",
]
