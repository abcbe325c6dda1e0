"""Solo Whist's ``expert`` bot (docs/variants/solo.md): calls and cards by sampling.

Every decision is taken by *determinisation*: the cards hidden from the bot are dealt to
the other seats consistently with its view -- the cards played, the voids shown in play
(docs/variants/core.md §0.3), the turned-up card (the dealer's until he plays it, §2) and an
open misère's hand once it lies face up (§5.2) -- and on each sampled deal the rest of the
deal is played out by the heuristic's card policy at every seat
(`openwhist_solo.heuristic.card_policy`, `openwhist.bots.sampling.play_out`), which knows
the deal's temporary sides and the misère play of declarer and defenders.

* **Auction** (§3): each legal call from solo up that the hand evaluation does not rule
  out (`SoloExpertBot._plausible`: far wider than the heuristic's own thresholds) is
  played out on the same samples with the bot as declarer (an abundance with its best
  trump); the call with the best mean units, if it promises `CALL_MARGIN` of its stake a
  head, is made. Otherwise the heuristic decides among proposal, acceptance and pass.
* **Trump** (§4): the heuristic's best suit.
* **Play** (§5): each legal card (equal cards merged, `openwhist.solver.representatives`)
  is played out on the same samples; the card with the best mean units for the bot's
  side (`deal_units`) is played when it beats the heuristic's own card by `PLAY_MARGIN`
  a sample -- so over- and undertricks count where they are paid,
  and a misère is played to take no trick (defenders: to give the declarer one).

The core's double-dummy solver is not used: it scores partnerships N-S against E-W,
while a Solo deal's sides are one against three, or any two seats against the other two
(docs/variants/solo.md §9).

**Strength**: ``samples`` deals per decision (`DEFAULT_SAMPLES`). **Honesty**: the bot sees
only its `PlayerView`; its generators are seeded from its own seed and what the view shows
(`openwhist.bots.sampling.view_rng`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Final

from openwhist import (
    N_,
    NO_TRUMP,
    Action,
    Bot,
    BotLevel,
    BotSpec,
    Play,
    PlayerView,
    Reason,
    parse_card,
)
from openwhist.bots.heuristic import shown_voids
from openwhist.bots.sampling import (
    CardSearchBot,
    deal_other_hands,
    play_out,
    sampling_factory,
    view_after_card,
    view_rng,
)
from openwhist.solver import representatives

from openwhist_solo.actions import (
    ABUNDANCE,
    CONTRACT_NAMES,
    DECLARED,
    MISERE,
    OPEN_MISERE,
    ROYAL,
    SOLO,
    TARGETS,
    Call,
    TrumpChoice,
)
from openwhist_solo.heuristic import (
    SoloHeuristicBot,
    best_trump,
    card_policy,
    estimate_tricks,
    misere_danger,
    turn_up_suit,
)
from openwhist_solo.options import SoloOptions
from openwhist_solo.scoring import SoloFacts, contract_units

SEATS: Final = 4
TRICKS: Final = 13
DEFAULT_SAMPLES: Final = 8
QUICK_SAMPLES: Final = 3
STRONG_SAMPLES: Final = 24
CALL_MARGIN: Final = 0.2
"""Mean units per opponent, as a share of the call's stake, a call must promise before the
bot makes it (a pass is not worth nothing, but close to it for one seat of four)."""
PLAY_MARGIN: Final = 0.3
"""Mean units a sample by which a card must beat the heuristic's choice to be played
instead."""
MISERE_DANGER: Final = 3
"""A misère is simulated with at most this many exposed cards (`misere_danger`)."""
ABUNDANCE_NEAR: Final = 8.0
"""An abundance is simulated from this many estimated tricks (it needs 9)."""
DECLARED_NEAR: Final = 11.0
"""An abundance declared is simulated from this many estimated tricks (it needs 13)."""
PLAY_REASON = N_(
    "best in {samples} sampled deals: with {card} your side wins {units} units on average"
)


def deal_units(
    contract: str,
    declarer: int,
    partner: int | None,
    tricks: Sequence[int],
    seat: int,
    options: SoloOptions,
) -> float:
    """The units ``seat`` wins (negative: loses) when a deal of ``contract`` ends with
    ``tricks`` per seat (docs/variants/solo.md §6); in a general misère, minus its tricks
    (each for himself, the fewest is best)."""
    if contract == "general_misere":
        return -float(tricks[seat])
    facts = SoloFacts(
        contract=contract,
        declarer=declarer,
        partner=partner,
        tricks=list(tricks),
    )
    units, _ = contract_units(facts, options)
    side = facts.side
    if seat in side:
        return float(units * (SEATS - len(side)) // len(side))
    return -float(units)


class SoloExpertBot(CardSearchBot):
    """Plays Solo Whist by simulation (see the module docstring)."""

    def __init__(self, rng: random.Random | None = None, *, samples: int = DEFAULT_SAMPLES) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        super().__init__()
        self.seed = (rng or random.Random(0)).getrandbits(64)
        self.samples = samples
        self.heuristic = SoloHeuristicBot(random.Random(0))

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """Pick a call, a trump or a card among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, Play):
            return self.play(view, legal)
        if isinstance(first, TrumpChoice):
            return self.heuristic.choose(view, legal)
        return self._call(view, legal)

    # -- knowledge -----------------------------------------------------------------------

    @staticmethod
    def known_cards(view: PlayerView) -> dict[int, int]:
        """Cards another seat is known to hold: the turned-up card (the dealer's) and an
        open misère's face-up hand (played cards are dropped by the sampler)."""
        known: dict[int, int] = {}
        name = view.public.get("turn_up")
        if name and view.dealer != view.seat:
            known[view.dealer] = 1 << parse_card(str(name))
        shown = view.public.get("open_hand")
        declarer = view.public.get("declarer")
        if shown and declarer is not None and int(declarer) != view.seat:
            known[int(declarer)] = known.get(int(declarer), 0) | int(shown)
        return known

    def sample(self, view: PlayerView, rng: random.Random) -> list[int] | None:
        """One deal of the four hands consistent with ``view``."""
        return deal_other_hands(view, rng, known=self.known_cards(view), voids=shown_voids(view))

    def _deals(self, view: PlayerView) -> list[list[int]]:
        rng = view_rng(self.seed, view)
        return [d for d in (self.sample(view, rng) for _ in range(self.samples)) if d]

    # -- auction -------------------------------------------------------------------------

    def _call(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        options = view.options if isinstance(view.options, SoloOptions) else SoloOptions()
        turn = turn_up_suit(view)
        candidates = [
            a
            for a in legal
            if isinstance(a, Call) and a.code >= SOLO and self._plausible(a.code, view.hand, turn)
        ]
        fallback = self.heuristic.choose(
            view, tuple(a for a in legal if not (isinstance(a, Call) and a.code >= SOLO))
        )
        if not candidates:
            return fallback
        deals = self._deals(view)
        if not deals:
            return self.heuristic.choose(view, legal)
        best: tuple[float, int] | None = None
        choice: Action = fallback
        stakes = options.stakes()
        for call in candidates:
            mean = self.call_value(view, deals, call.code, options)
            contract = CONTRACT_NAMES[call.code]
            if mean < CALL_MARGIN * stakes[contract] * (SEATS - 1):
                continue
            key = (mean, call.code)
            if best is None or key > best:
                best, choice = key, call
        return choice

    @staticmethod
    def _plausible(code: int, hand: int, turn: int) -> bool:
        """Whether to simulate ``code``: a solo always; a misère with at most
        `MISERE_DANGER` exposed cards; an abundance (royal: in the turn-up suit) from
        `ABUNDANCE_NEAR` estimated tricks, an abundance declared from `DECLARED_NEAR`."""
        if code == SOLO:
            return True
        if code in (MISERE, OPEN_MISERE):
            return misere_danger(hand) <= (MISERE_DANGER if code == MISERE else 0)
        if code == ROYAL:
            return estimate_tricks(hand, turn) >= ABUNDANCE_NEAR
        best = best_trump(hand, (0, 1, 2, 3, NO_TRUMP))[0]
        return best >= (DECLARED_NEAR if code == DECLARED else ABUNDANCE_NEAR)

    def call_value(
        self, view: PlayerView, deals: list[list[int]], code: int, options: SoloOptions
    ) -> float:
        """Mean units the seat wins on ``deals`` as declarer of the call ``code``."""
        me = view.seat
        contract = CONTRACT_NAMES[code]
        turn = turn_up_suit(view)
        if code in (MISERE, OPEN_MISERE):
            trump = NO_TRUMP
        elif code == ABUNDANCE:
            choices = tuple(s for s in range(4) if not (options.royal_abundance and s == turn))
            trump = best_trump(view.hand, choices)[1]
        elif code == DECLARED:
            trump = (
                best_trump(view.hand, (0, 1, 2, 3, NO_TRUMP))[1]
                if options.declared_trump == "declarer"
                else NO_TRUMP
            )
        else:
            trump = turn  # solo, royal abundance
        leader = me if code == DECLARED else (view.dealer + 1) % SEATS
        public: dict[str, Any] = dict(view.public)
        public.update(contract=contract, declarer=me, partner=None, target=TARGETS[contract])
        start = replace(
            view,
            phase="play",
            trump=trump,
            leader=leader,
            to_act=leader,
            trick=(),
            tricks=(0,) * SEATS,
            completed=(),
            hand_sizes=(TRICKS,) * SEATS,
            public=public,
            trick_order=(),
        )
        total = 0.0
        for hands in deals:
            tricks = play_out(start, hands, [card_policy] * SEATS)
            total += deal_units(contract, me, None, tricks, me, options)
        return total / len(deals)

    # -- play ----------------------------------------------------------------------------

    def evaluate_card(self, view: PlayerView, legal: int) -> tuple[int, Reason | None]:
        preferred = card_policy(view, legal)
        contract = view.public.get("contract")
        declarer = view.public.get("declarer")
        if contract is None:
            return preferred, None
        dead = 0
        for record in view.completed:
            for card in record.cards:
                dead |= 1 << card
        candidates = _cards(representatives(view.hand, dead) & legal)
        if len(candidates) == 1:
            return candidates[0], None
        options = view.options if isinstance(view.options, SoloOptions) else SoloOptions()
        partner = view.public.get("partner")
        rng = view_rng(self.seed, view)
        totals = dict.fromkeys(candidates, 0.0)
        used = 0
        for _ in range(self.samples):
            hands = self.sample(view, rng)
            if hands is None:
                continue
            used += 1
            for card in candidates:
                after = list(hands)
                after[view.seat] &= ~(1 << card)
                tricks = play_out(view_after_card(view, card), after, [card_policy] * SEATS)
                totals[card] += deal_units(
                    str(contract),
                    int(declarer) if declarer is not None else -1,
                    int(partner) if partner is not None else None,
                    tricks,
                    view.seat,
                    options,
                )
        if not used:
            return preferred, None
        best = max(totals.values())
        # The heuristic's own card stands unless a candidate beats it by `PLAY_MARGIN` a
        # sample: the rollouts are played by that same policy, so a smaller gain is as
        # likely the samples' noise as a better card.
        own = next((c for c in candidates if _same(c, preferred, view.hand, dead)), None)
        if own is not None and totals[own] >= best - PLAY_MARGIN * used:
            chosen, card = own, preferred
        else:
            chosen = min(c for c in candidates if totals[c] >= best - 1e-9)
            card = chosen
        reason = Reason(
            PLAY_REASON,
            {"card": card, "samples": used, "units": round(totals[chosen] / used, 1)},
            cards=("card",),
        )
        return card, reason


def _same(a: int, b: int, hand: int, dead: int) -> bool:
    if a // 13 != b // 13:
        return False
    lo, hi = min(a, b), max(a, b)
    between = ((1 << hi) - 1) & ~((2 << lo) - 1)
    return between & ~(hand | dead) == 0


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def make_expert_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `SoloExpertBot` at its default strength."""
    return SoloExpertBot(rng)


def expert_factory(samples: int) -> Callable[[str, random.Random], Bot]:
    """A factory for `SoloExpertBot` with ``samples`` deals per decision (one of its levels)."""
    return sampling_factory(SoloExpertBot, samples)


EXPERT_BOT = BotSpec(
    "expert",
    N_("calls and plays by sampling the hidden hands and playing each choice out"),
    make_expert_bot,
    variants=("solo",),
    levels=(
        BotLevel(
            "1", N_("quicker, weaker: 3 sampled deals per decision"), expert_factory(QUICK_SAMPLES)
        ),
        BotLevel("2", N_("balanced: 8 sampled deals per decision")),
        BotLevel(
            "3",
            N_("stronger, slower: 24 sampled deals per decision"),
            expert_factory(STRONG_SAMPLES),
        ),
    ),
)

__all__ = [
    "DEFAULT_SAMPLES",
    "EXPERT_BOT",
    "QUICK_SAMPLES",
    "STRONG_SAMPLES",
    "SoloExpertBot",
    "deal_units",
    "expert_factory",
    "make_expert_bot",
]
