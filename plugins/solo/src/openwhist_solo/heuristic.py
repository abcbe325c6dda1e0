"""Solo Whist's ``heuristic`` bot (docs/variants/solo.md), built on `openwhist.bots.heuristic`.

* **Hand evaluation** (`estimate_tricks`, `misere_danger`): the tricks a hand should take
  with a given trump (aces, guarded kings and queens, trump length, ruffing values) and,
  for the misères, how many of its cards are exposed -- a suit is safe for misère when its
  i-th lowest card ranks at most ``2 + 2i`` (the 2, then at most the 4, the 6...), so every
  lead of it can be ducked.
* **Auction** (§3): the highest call the hand supports among the legal ones: abundance
  declared from 12.5 estimated tricks, open misère with no exposed card and short high
  cards, royal abundance / abundance from 9.5 tricks, misère with at most one exposed card
  in a short suit, solo from 5.5, a proposal from 4, an acceptance from 3.5 (a partner
  brings about four), else pass.
  Each call is judged with the trumps the options give it (``royal_abundance``,
  ``declared_trump``: `hand_calls`).
* **Trump** (§4): the suit (or no trump) with the highest estimate.
* **Play** (§5): the core's trick policy with the deal's temporary sides -- the declarer
  (and his partner in a proposal) against the others -- everyone trying to win tricks; a
  misère declarer (and every seat of a general misère) tries to lose every trick; the
  defenders of a misère try to give the declarer a trick (`misere_defence`): they play
  under his card once he has played, lowest while he is still to play, and lead their
  lowest card of a suit he still follows.
"""

from __future__ import annotations

import random
from typing import Final

from openwhist import N_, NO_TRUMP, SUIT_MASKS, Action, Bot, BotSpec, Play, PlayerView, parse_card
from openwhist.bots.heuristic import Counter, TrickPolicy, highest, lowest, rank, shown_voids

from openwhist_solo.actions import (
    ABUNDANCE,
    COP,
    DECLARED,
    MISERE,
    OPEN_MISERE,
    PASS,
    PROP,
    ROYAL,
    SOLO,
    Call,
    TrumpChoice,
)
from openwhist_solo.options import SoloOptions

ACE, KING, QUEEN, JACK = 14, 13, 12, 11
SEATS: Final = 4
THRESHOLDS: Final = {
    DECLARED: 12.5,
    ROYAL: 9.5,
    ABUNDANCE: 9.5,
    SOLO: 5.5,
    PROP: 4.0,
    COP: 3.5,
}
"""Estimated tricks a call needs (see the module docstring)."""
MISERE_CONTRACTS: Final = frozenset({"misere", "open_misere", "general_misere"})
DEFAULT_OPTIONS: Final = SoloOptions()
"""The options a view built by hand (``view.options`` is ``None``) is played under."""


def _suit_estimate(cards: int, *, is_trump: bool, no_trump: bool, trump_length: int) -> float:
    n = cards.bit_count()
    if n == 0:
        return 0.0 if is_trump or no_trump else min(1.5, 0.75 * max(0, trump_length - 1))
    ranks = sorted((rank(c) for c in _bits(cards)), reverse=True)
    value = 0.0
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
        value += max(0, n - 3) * 0.95
    elif no_trump:
        value += max(0, n - 4) * 0.7
    else:
        value += max(0, n - 5) * 0.4
        if trump_length >= 3:
            value += {1: 0.5, 2: 0.2}.get(n, 0.0)
    return value


def estimate_tricks(hand: int, trump: int) -> float:
    """Tricks ``hand`` should take alone with ``trump`` (0..3, or `NO_TRUMP`)."""
    no_trump = trump == NO_TRUMP
    length = 0 if no_trump else (hand & SUIT_MASKS[trump]).bit_count()
    return sum(
        _suit_estimate(
            hand & SUIT_MASKS[s], is_trump=s == trump, no_trump=no_trump, trump_length=length
        )
        for s in range(4)
    )


def best_trump(hand: int, choices: tuple[int, ...]) -> tuple[float, int]:
    """The best of ``choices`` (suits, `NO_TRUMP`) for ``hand``: (estimate, trump)."""
    return max((estimate_tricks(hand, t), t) for t in choices)


def misere_danger(hand: int) -> int:
    """How many cards of ``hand`` are exposed at misère: in each suit, the cards whose rank
    is above ``2 + 2i`` for the i-th lowest (docs/variants/solo.md §5.3)."""
    danger = 0
    for suit in range(4):
        for position, card in enumerate(_bits(hand & SUIT_MASKS[suit])):
            if rank(card) > 2 + 2 * position:
                danger += 1
    return danger


def misere_ok(hand: int, *, open_: bool = False) -> bool:
    """Whether ``hand`` is worth a misère (an open misère with ``open_``): at most one
    exposed card, and it in a suit of at most three cards (none at all when open, nor a
    card above the 9 in a suit of one or two)."""
    danger = misere_danger(hand)
    if open_:
        if danger:
            return False
        return all(
            not (hand & SUIT_MASKS[s]) or highest(hand & SUIT_MASKS[s]) % 13 + 2 <= 9
            for s in range(4)
            if (hand & SUIT_MASKS[s]).bit_count() <= 2
        )
    if danger == 0:
        return True
    if danger > 1:
        return False
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        if misere_danger(cards) and cards.bit_count() > 3:
            return False
    return True


def hand_calls(
    hand: int, turn_up_suit: int, options: SoloOptions = DEFAULT_OPTIONS
) -> dict[int, bool]:
    """Which calls ``hand`` supports (see the module docstring), by call code, judged with
    the trumps ``options`` allow each call (docs/variants/solo.md §4): a plain abundance in
    any suit but the turn-up's while ``royal_abundance`` is played (in any suit when it is
    not), an abundance declared in the declarer's best denomination -- or at no trump
    under ``declared_trump=no_trump``."""
    turn = estimate_tricks(hand, turn_up_suit)
    declared = (0, 1, 2, 3, NO_TRUMP) if options.declared_trump == "declarer" else (NO_TRUMP,)
    best, _ = best_trump(hand, declared)
    plain = tuple(s for s in range(4) if not (options.royal_abundance and s == turn_up_suit))
    suits, _ = best_trump(hand, plain)
    return {
        DECLARED: best >= THRESHOLDS[DECLARED],
        OPEN_MISERE: misere_ok(hand, open_=True),
        ROYAL: turn >= THRESHOLDS[ROYAL],
        ABUNDANCE: suits >= THRESHOLDS[ABUNDANCE],
        MISERE: misere_ok(hand),
        SOLO: turn >= THRESHOLDS[SOLO],
        PROP: turn >= THRESHOLDS[PROP],
        COP: turn >= THRESHOLDS[COP],
    }


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def turn_up_suit(view: PlayerView) -> int:
    """The suit of the turned-up card (the public fact), or the view's trump."""
    name = view.public.get("turn_up")
    return parse_card(str(name)) // 13 if name else view.trump


def sides(view: PlayerView) -> tuple[tuple[int, ...], ...]:
    """The deal's temporary sides (docs/variants/solo.md §1): the declarer, with his partner
    in a proposal, against the others; none in a general misère or before the auction ends."""
    declarer = view.public.get("declarer")
    if declarer is None:
        return ()
    side = [int(declarer)]
    partner = view.public.get("partner")
    if partner is not None:
        side.append(int(partner))
    return (tuple(side), tuple(s for s in range(view.seats) if s not in side))


def misere_defence(view: PlayerView, legal: int, declarer: int) -> int:
    """A defender's card against a misère: make the declarer take a trick (module doc)."""
    trick = view.trick
    seats = view.trick_seats
    if declarer in seats:
        led = trick[0] // 13
        his = trick[seats.index(declarer)]
        same = legal & SUIT_MASKS[led]
        if same:
            # Stay under his card so it can win; beaten already (by a defender): play high.
            under = [c for c in _bits(same) if c < his]
            best = max(c for c in trick if c // 13 == led)
            if best == his and under:
                return max(under)
            return highest(same)
        return highest(legal)  # a discard: our highest, keeping low cards to duck with
    if not trick:
        voids = shown_voids(view)
        void = voids[declarer] if declarer < len(voids) else 0
        for card in sorted(_bits(legal), key=rank):
            if not void >> (card // 13) & 1:
                return card
        return lowest(legal)
    return min(_bits(legal), key=rank)


def card_policy(view: PlayerView, legal: int) -> int:
    """The heuristic's card for the seat of ``view`` (the module docstring's play)."""
    contract = view.public.get("contract")
    declarer = view.public.get("declarer")
    count = Counter.from_view(view)
    if contract in MISERE_CONTRACTS:
        if contract != "general_misere" and declarer is not None and declarer != view.seat:
            return misere_defence(view, legal, int(declarer))
        return TrickPolicy().choose(view, legal, counter=count, want=False)
    return TrickPolicy(sides(view)).choose(view, legal, counter=count, want=True)


class SoloHeuristicBot(Bot):
    """Plays Solo Whist from its view (see the module docstring)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """Pick a call, a trump or a card among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, Play):
            return self._play(view, legal)
        if isinstance(first, TrumpChoice):
            return self._trump(view, legal)
        return self._call(view, legal)

    def _call(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        options = view.options if isinstance(view.options, SoloOptions) else DEFAULT_OPTIONS
        supported = hand_calls(view.hand, turn_up_suit(view), options)
        calls = [a for a in legal if isinstance(a, Call) and a.code != 0]
        for call in sorted(calls, key=lambda c: -c.code):
            if supported.get(call.code):
                return call
        return PASS if PASS in legal else legal[0]

    def _trump(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        choices = [a for a in legal if isinstance(a, TrumpChoice)]
        _, trump = best_trump(view.hand, tuple(a.suit for a in choices))
        return next(a for a in choices if a.suit == trump)

    def _play(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        mask = 0
        for action in legal:
            if isinstance(action, Play):
                mask |= 1 << action.card
        card = card_policy(view, mask)
        for action in legal:
            if isinstance(action, Play) and action.card == card:
                return action
        return legal[0]  # pragma: no cover - the policy always picks a legal card


def make_heuristic_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `SoloHeuristicBot`."""
    return SoloHeuristicBot(rng)


HEURISTIC_BOT = BotSpec(
    "heuristic",
    N_("calls from a hand evaluation, plays with the deal's temporary sides, ducks at misère"),
    make_heuristic_bot,
    variants=("solo",),
)

__all__ = [
    "HEURISTIC_BOT",
    "SoloHeuristicBot",
    "best_trump",
    "card_policy",
    "estimate_tricks",
    "hand_calls",
    "make_heuristic_bot",
    "misere_danger",
    "misere_defence",
    "misere_ok",
    "sides",
    "turn_up_suit",
]
