"""Knockout Whist's ``heuristic`` and ``expert`` bots (docs/bots.md; docs/variants/knockout.md).

Both read only their seat's `PlayerView` -- the hand, the cards played, the public facts
(the dogs, the turned-up and cut cards) and the options in force.

**heuristic**: names as trump its longest suit (ties: the stronger cards); plays cards by
the core's whist policy (`openwhist.bots.heuristic.TrickPolicy`), trying to win tricks --
or, in misère knockout, to lose them; on a dog's life it plays its card when the card wins
the trick as it stands and no player still to play can beat it (`TrickPolicy.holds`), and
knocks otherwise.

**expert**: at every decision with a choice (a trump suit, a card, knock or play) it deals
the unseen cards among the other hands and the undealt pack, consistently with its view
(hand sizes, shown voids, the cards played, the turn-up and cut cards:
`openwhist.bots.sampling.deal_hidden`), and values every candidate on each sample (common
random numbers) by a *policy play-out* (`heuristic_playout`): the rest of the deal is
played with the heuristic's own policy at every seat, each seat counting only what it
could see in that deal (its hand, the cards played, the voids shown). That is a one-step
improvement of the heuristic: the expert plays the card that does best when the table,
itself included, plays on by the rules of thumb afterwards. (Perfect-information play-outs
and an exact max-n search of the last 15 cards were measured against it and did no better:
docs/bots.md, "Knockout Whist".) The candidate with the best mean value wins; on a tie the
heuristic's own choice stands, and for the trump suit the heuristic's suit stands unless
another beats it by `TRUMP_MARGIN` per sample. Candidates are one card of each run of equal
cards, where a card on the table keeps two cards apart (with the 9♥ led, the 10♥ and the
8♥ are both tried). The value (`Utility`) is what the deal does to the seat in the game:
1 for staying in (a trick taken; in misère fewer than two, in its last deal none; in the
seventh deal, taking its trick), 0.3 for a dog's life still to come, plus `MOST_TRICKS`
for taking most tricks alone (the next trump choice) and `PER_TRICK` per trick. In a
two-player deal with no dog the play-out is exact: the core solver
(`openwhist.solver.Solver`) counts each card's tricks on each sample.

**Honesty**: the expert's generator is seeded from its own seed and the view
(`openwhist.bots.sampling.view_rng`), so its choice is a function of what it may know.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from openwhist import (
    FULL_DECK,
    N_,
    PLAYS,
    SUIT_MASKS,
    Action,
    Bot,
    BotLevel,
    BotSpec,
    Play,
    PlayerView,
    parse_card,
)
from openwhist.bots.heuristic import Counter, TrickPolicy, beats, played_mask, shown_voids
from openwhist.bots.sampling import NO_CAP, deal_hidden, view_rng
from openwhist.solver import Solver, representatives

from openwhist_knockout.options import KnockoutOptions
from openwhist_knockout.position import KNOCKED, Position, Utility, legal_cards, play
from openwhist_knockout.rules import DEALS, KNOCK, ChooseTrump, Knock

DEFAULT_SAMPLES = 32
"""Sampled deals per decision at the expert's default level."""
QUICK_SAMPLES = 12
"""Sampled deals per decision at level 1."""
STRONG_SAMPLES = 64
"""Sampled deals per decision at level 3."""
TRUMP_MARGIN = 0.1
"""How much better per sample another trump must do than the heuristic's suit."""
STAY = 1.0
"""Value of staying in the game (a trick taken; in misère, fewer than two)."""
DOG_VALUE = 0.3
"""Value of a dog's life still to come (no trick, but the dog's life unused)."""
MOST_TRICKS = 0.25
"""Value of taking most tricks alone (the next deal's trump choice)."""
PER_TRICK = 1.0
"""Value of each trick beyond staying in (a margin for the next deals, and the totals)."""


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def options_of(view: PlayerView) -> KnockoutOptions:
    """The options in force (the defaults for a view built by hand)."""
    return view.options if isinstance(view.options, KnockoutOptions) else KnockoutOptions()


def trump_for(hand: int) -> int:
    """The heuristic's trump: the longest suit, ties to the higher cards."""

    def strength(suit: int) -> tuple[int, int]:
        cards = hand & SUIT_MASKS[suit]
        return cards.bit_count(), sum(max(0, c % 13 - 7) for c in _cards(cards))

    return max(range(4), key=strength)


def wants_tricks(view: PlayerView) -> bool:
    """Whether the seat tries to win tricks: always, but never in misère knockout (where
    two tricks, or the last deal's trick, put a player out)."""
    return not options_of(view).misere


def dog_plays(view: PlayerView, card: int, policy: TrickPolicy) -> bool:
    """A dog plays its card when it wins the trick as it stands and nobody still to play
    can beat it (by the cards they may hold)."""
    trick = view.trick
    if not trick:
        return True
    led = trick[0] // 13
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, led, view.trump):
            best = c
    if not beats(card, best, led, view.trump):
        return False
    opps = [s for s in view.to_play]
    return policy.holds(card, led, view.trump, Counter.from_view(view), opps)


class KnockoutHeuristicBot(Bot):
    """Plays Knockout Whist by rules of thumb (the module docstring)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.policy = TrickPolicy()

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        if len(legal) == 1:
            return legal[0]
        trumps = [a for a in legal if isinstance(a, ChooseTrump)]
        if trumps:
            suit = trump_for(view.hand)
            return next((a for a in trumps if a.suit == suit), trumps[0])
        mask = 0
        for action in legal:
            if isinstance(action, Play):
                mask |= 1 << action.card
        if any(isinstance(a, Knock) for a in legal):
            card = mask.bit_length() - 1
            return PLAYS[card] if dog_plays(view, card, self.policy) else KNOCK
        if not mask:
            return legal[0]
        return PLAYS[self.policy.choose(view, mask, want=wants_tricks(view))]


# -- the expert ----------------------------------------------------------------------------

POLICY = TrickPolicy()
"""The heuristic's card policy, as every seat of a play-out plays it."""


def _dog_holds(card: int, position: Position, count: Counter) -> bool:
    """The heuristic dog's rule (`dog_plays`) on a position: the card wins the trick as it
    stands and no seat still to play can beat it by the cards it may hold."""
    trick = position.trick
    if not trick:
        return True
    led = trick[0] // 13
    if not beats(card, _best_of(trick, position.trump), led, position.trump):
        return False
    return POLICY.holds(card, led, position.trump, count, position.order[1:])


def _best_of(trick: Sequence[int], trump: int) -> int:
    led = trick[0] // 13
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, led, trump):
            best = c
    return best


def heuristic_playout(
    position: Position, *, played: int, voids: Sequence[int], misere: bool
) -> tuple[int, ...]:
    """The tricks per seat at the end of the deal from ``position`` when every seat plays
    on by the heuristic's policy (`KnockoutHeuristicBot`), each seat counting only what it
    could see: its own hand, ``played`` (every card played so far in the deal, the current
    trick's included) and ``voids`` (per seat, the suits it has shown void in, bit ``s``),
    both kept up to date as the play-out goes. A dog plays its card by the heuristic's rule
    and must in the deal's last trick. The play-out is deterministic: the policy is."""
    voids = list(voids)
    seats = len(position.hands)
    while position.order:
        seat = position.order[0]
        hand = position.hands[seat]
        trick = position.trick
        count = Counter(
            seat=seat, seats=seats, hand=hand, played=played,
            unseen=FULL_DECK & ~hand & ~played, voids=voids,
        )  # fmt: skip
        if seat in position.dogs:
            card = hand.bit_length() - 1
            if trick and position.done < position.n - 1 and not _dog_holds(card, position, count):
                position = play(position, KNOCKED)
                continue
        else:
            legal = legal_cards(position, seat)
            if not legal & (legal - 1):
                card = legal.bit_length() - 1
            else:
                view = PlayerView(
                    seat=seat, seats=seats, dealer=seat, phase="play", to_act=seat, hand=hand,
                    hand_sizes=(), trump=position.trump,
                    leader=(position.trick_seats or position.order)[0], trick=trick,
                    tricks=position.tricks, completed=(), history=(),
                    trick_order=position.trick_seats + position.order,
                )  # fmt: skip
                card = POLICY.choose(view, legal, counter=count, want=not misere)
        if trick and card // 13 != trick[0] // 13:
            voids[seat] |= 1 << trick[0] // 13
        played |= 1 << card
        position = play(position, card)
    return position.tricks


def rollout(
    hands: list[int],
    *,
    seats: int,
    trump: int,
    leader: int,
    trick: tuple[int, ...],
    trick_seats: tuple[int, ...],
    to_play: tuple[int, ...],
    tricks: list[int],
    done: int,
    n: int,
    dogs: Sequence[int],
    misere: bool,
    must_break: bool,
    broken: bool,
    played: int = 0,
) -> list[int]:
    """The tricks per seat at the end of the deal by `heuristic_playout`; ``to_play`` are
    the seats still to play to the current trick (in order; at a trick's start, every seat
    holding cards from ``leader`` on), ``done`` the completed tricks, ``played`` the cards
    of the completed tricks (the current trick's are added)."""
    order = to_play or tuple(s for s in ((leader + i) % seats for i in range(seats)) if hands[s])
    position = Position(
        hands=list(hands), trump=trump, trick=trick, trick_seats=trick_seats, order=order,
        tricks=tuple(tricks), done=done, n=n, dogs=frozenset(dogs), must_break=must_break,
        broken=broken,
    )  # fmt: skip
    for card in trick:
        played |= 1 << card
    voids = [0] * seats
    if trick:
        for s, card in zip(trick_seats, trick, strict=True):
            if card // 13 != trick[0] // 13:
                voids[s] |= 1 << trick[0] // 13
    return list(heuristic_playout(position, played=played, voids=voids, misere=misere))


def utility_for(view: PlayerView) -> Utility:
    """What the deal's tricks are worth to each seat, from what ``view`` shows (the module
    docstring): the deal's number, the dogs, whether a dog's life is still to be had."""
    options = options_of(view)
    deal = int(view.public.get("deal", 1))
    dogs = frozenset(int(d) for d in view.public.get("dogs") or [])
    return Utility(
        last=deal >= DEALS,
        misere=options.misere,
        dogs=dogs,
        dog_life=options.dogs_life and not _dog_used(view),
        stay=STAY,
        dog_value=DOG_VALUE,
        most=MOST_TRICKS,
        per_trick=PER_TRICK,
    )


def deal_value(view: PlayerView, tricks: Sequence[int]) -> float:
    """What the deal's tricks are worth to the seat (the module docstring)."""
    return utility_for(view).of(tricks, view.seat)


def _dog_used(view: PlayerView) -> bool:
    progress = view.progress or {}
    return bool((progress.get("detail") or {}).get("dog_used", False)) or bool(
        view.public.get("dogs")
    )


def completed_mask(view: PlayerView) -> int:
    """The cards of the completed tricks: gone for good. The current trick's cards are not
    -- they still decide this trick -- so they never make two cards of a hand equal."""
    mask = 0
    for record in view.completed:
        for card in record.cards:
            mask |= 1 << card
    return mask


def candidate_cards(view: PlayerView, legal: int) -> int:
    """One card of each run of equal legal cards: cards whose every card between is in
    the hand or in a completed trick (the 10♥ and the 8♥ are not equal with the 9♥ on the
    table: one beats it, the other does not)."""
    return representatives(legal, completed_mask(view)) & legal


class KnockoutExpertBot(Bot):
    """Chooses trump, cards and knocks by sampled play-outs (the module docstring)."""

    def __init__(self, rng: random.Random | None = None, *, samples: int | None = None) -> None:
        samples = DEFAULT_SAMPLES if samples is None else samples
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        self.seed = (rng or random.Random(0)).getrandbits(64)
        self.samples = samples
        self.fallback = KnockoutHeuristicBot()
        self._solvers: dict[int, Solver] = {}

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        if len(legal) == 1:
            return legal[0]
        rng = view_rng(self.seed, view)
        samples = [s for s in (self.sample(view, rng) for _ in range(self.samples)) if s]
        if not samples:
            return self.fallback.choose(view, legal)
        if any(isinstance(a, ChooseTrump) for a in legal):
            return self._choose_trump(view, legal, samples)
        return self._choose_play(view, legal, samples)

    # -- sampling --------------------------------------------------------------------------

    def sample(self, view: PlayerView, rng: random.Random) -> list[int] | None:
        """The other seats' hands (by seat; ours as it is) for one deal of the unseen cards."""
        seats = view.seats
        known = 0
        turn_up = view.public.get("turn_up")
        if isinstance(turn_up, str):
            known |= 1 << parse_card(turn_up)
        for mask in view.public.get("cut") or []:
            known |= int(mask)
        pool = FULL_DECK & ~view.hand & ~played_mask(view) & ~known
        others = [s for s in range(seats) if s != view.seat]
        sizes = [view.hand_sizes[s] for s in others]
        rest = pool.bit_count() - sum(sizes)
        if rest < 0:
            return None
        voids = shown_voids(view)
        caps = [[0 if voids[s] >> u & 1 else NO_CAP for u in range(4)] for s in others]
        caps.append([NO_CAP] * 4)
        dealt = deal_hidden(rng, pool, [*sizes, rest], caps=caps)
        if dealt is None:
            dealt = deal_hidden(rng, pool, [*sizes, rest])
        if dealt is None:  # pragma: no cover - sizes were checked
            return None
        hands = [0] * seats
        hands[view.seat] = view.hand
        for s, mask in zip(others, dealt, strict=False):
            hands[s] = mask
        return hands

    # -- positions and play-outs -----------------------------------------------------------

    def _position(self, view: PlayerView, hands: list[int], trump: int) -> Position:
        """The sampled deal as it stands, every hand known."""
        options = options_of(view)
        if view.trick:
            # Our turn in a trick: we play, then the seats still to play after us.
            to_play: tuple[int, ...] = (view.seat, *view.to_play)
        else:
            to_play = tuple(
                s for s in ((view.leader + i) % view.seats for i in range(view.seats)) if hands[s]
            )
        dead = played_mask(view)
        return Position(
            hands=list(hands),
            trump=trump,
            trick=tuple(view.trick),
            trick_seats=tuple(view.trick_seats),
            order=to_play,
            tricks=tuple(view.tricks),
            done=len(view.completed),
            n=int(view.public.get("cards", 1)),
            dogs=frozenset(int(d) for d in view.public.get("dogs") or []),
            must_break=options.trumps_must_be_broken,
            broken=trump >= 0 and any(c // 13 == trump for c in _cards(dead)),
        )

    def _values(self, view: PlayerView, root: Position, moves_: Sequence[int]) -> list[float]:
        """The seat's worth of each move (a card, or `KNOCKED`) from ``root`` on one sample,
        the rest of the deal played out by `heuristic_playout`."""
        utility = utility_for(view)
        played = played_mask(view)
        voids = shown_voids(view)
        misere = options_of(view).misere
        led = root.trick[0] // 13 if root.trick else -1
        out = []
        for move in moves_:
            after_voids = voids
            after_played = played
            if move != KNOCKED:
                after_played |= 1 << move
                if root.trick and move // 13 != led:
                    after_voids = list(voids)
                    after_voids[view.seat] |= 1 << led
            tricks = heuristic_playout(
                play(root, move), played=after_played, voids=after_voids, misere=misere
            )
            out.append(utility.of(tricks, view.seat))
        return out

    # -- decisions -------------------------------------------------------------------------

    def _choose_trump(
        self, view: PlayerView, legal: tuple[Action, ...], samples: list[list[int]]
    ) -> Action:
        utility = utility_for(view)
        suits = [a.suit for a in legal if isinstance(a, ChooseTrump)]
        totals = dict.fromkeys(suits, 0.0)
        played = played_mask(view)
        voids = shown_voids(view)
        misere = options_of(view).misere
        for hands in samples:
            for suit in suits:
                root = self._position(view, hands, suit)
                tricks = heuristic_playout(root, played=played, voids=voids, misere=misere)
                totals[suit] += utility.of(tricks, view.seat)
        heuristic = trump_for(view.hand)
        top = max(totals.values())
        # The heuristic's suit stands unless another does clearly better on the samples.
        if heuristic in totals and totals[heuristic] >= top - TRUMP_MARGIN * len(samples):
            suit = heuristic
        else:
            suit = next(u for u in suits if totals[u] >= top - 1e-9)
        return next(a for a in legal if isinstance(a, ChooseTrump) and a.suit == suit)

    def _choose_play(
        self, view: PlayerView, legal: tuple[Action, ...], samples: list[list[int]]
    ) -> Action:
        mask = 0
        for action in legal:
            if isinstance(action, Play):
                mask |= 1 << action.card
        candidates: list[Action] = [PLAYS[c] for c in _cards(candidate_cards(view, mask))]
        if any(isinstance(a, Knock) for a in legal):
            candidates.append(KNOCK)
        if len(candidates) == 1:
            return candidates[0]
        dogs = tuple(view.public.get("dogs") or [])
        exact = self._exact_seats(view, dogs, samples[0])
        preferred = self.fallback.choose(view, legal)
        if isinstance(preferred, Play) and preferred not in candidates:
            # The heuristic's card stands for its run of equal cards.
            preferred = next(
                (
                    c
                    for c in candidates
                    if isinstance(c, Play) and _equal(c.card, preferred.card, view)
                ),
                preferred,
            )
        moves_ = [a.card if isinstance(a, Play) else KNOCKED for a in candidates]
        totals: dict[Action, float] = dict.fromkeys(candidates, 0.0)
        for hands in samples:
            if exact is not None:
                self._score_exact(view, hands, exact, candidates, totals)
                continue
            root = self._position(view, hands, view.trump)
            for action, value in zip(candidates, self._values(view, root, moves_), strict=True):
                totals[action] += value
        top = max(totals.values())
        # On a tie the heuristic's choice stands: the play-outs cannot tell the cards apart.
        if preferred in totals and totals[preferred] >= top - 1e-9:
            return preferred
        return next(a for a in candidates if totals[a] >= top - 1e-9)

    # -- the exact two-player play-out -----------------------------------------------------

    def _exact_seats(
        self, view: PlayerView, dogs: Sequence[int], hands: list[int]
    ) -> tuple[int, int] | None:
        """The two seats of an exact play-out: two players hold cards, neither is a dog,
        and trumps need not be broken (the solver knows standard play only)."""
        holding = [s for s in range(view.seats) if hands[s]]
        if len(holding) != 2 or dogs or options_of(view).trumps_must_be_broken:
            return None
        if options_of(view).misere:
            return None
        return holding[0], holding[1]

    def _score_exact(
        self,
        view: PlayerView,
        hands: list[int],
        pair: tuple[int, int],
        candidates: Sequence[Action],
        totals: dict[Action, float],
    ) -> None:
        """Each card's value on one sample, from the solver's trick count."""
        solver = self._solvers.get(view.trump)
        if solver is None:
            solver = Solver(seats=2, trump=view.trump, table_limit=200_000)
            self._solvers[view.trump] = solver
        local = {pair[0]: 0, pair[1]: 1}
        me = local[view.seat]
        two = (hands[pair[0]], hands[pair[1]])
        values = solver.move_values(two, local[view.leader], trick=view.trick)
        remaining = max(h.bit_count() for h in two)
        for action in candidates:
            if not isinstance(action, Play) or action.card not in values:
                continue
            mine_more = values[action.card]
            tricks = list(view.tricks)
            other = pair[1 - me]
            tricks[view.seat] += mine_more
            tricks[other] += remaining - mine_more
            totals[action] += deal_value(view, tricks)


def _equal(a: int, b: int, view: PlayerView) -> bool:
    """Whether cards ``a`` and ``b`` of the hand are equal (`candidate_cards`)."""
    if a // 13 != b // 13:
        return False
    low, high = min(a, b), max(a, b)
    between = ((1 << high) - 1) & ~((2 << low) - 1)
    return not between & ~(view.hand | completed_mask(view))


def make_heuristic_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `KnockoutHeuristicBot`."""
    return KnockoutHeuristicBot(rng)


def make_expert_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `KnockoutExpertBot` at its default strength."""
    return KnockoutExpertBot(rng)


def _quick(variant: str, rng: random.Random) -> Bot:
    return KnockoutExpertBot(rng, samples=QUICK_SAMPLES)


def _strong(variant: str, rng: random.Random) -> Bot:
    return KnockoutExpertBot(rng, samples=STRONG_SAMPLES)


HEURISTIC_BOT = BotSpec(
    "heuristic",
    N_("longest suit for trump, whist card play; a dog plays its card when it must win"),
    make_heuristic_bot,
    variants=("knockout",),
)
EXPERT_BOT = BotSpec(
    "expert",
    N_("plays each choice out on sampled deals by the heuristic's rules; two players: solved"),
    make_expert_bot,
    variants=("knockout",),
    levels=(
        BotLevel("1", N_("quicker, weaker: 12 sampled deals per decision"), _quick),
        BotLevel("2", N_("balanced: 32 sampled deals per decision")),
        BotLevel("3", N_("stronger, slower: 64 sampled deals per decision"), _strong),
    ),
)

__all__ = [
    "EXPERT_BOT",
    "HEURISTIC_BOT",
    "KnockoutExpertBot",
    "KnockoutHeuristicBot",
    "deal_value",
    "heuristic_playout",
    "rollout",
    "trump_for",
]
