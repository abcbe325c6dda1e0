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
(hand sizes, shown voids: `openwhist.bots.sampling.deal_hidden`), and values every
candidate on each sample (common random numbers): exactly, by the max-n search of
`openwhist_knockout.search` (each seat plays for itself), when at most `EXACT_CARDS` cards
are left in the hands; otherwise by a play-out (`playout`): every seat plays a quick
greedy policy that sees the sampled hands until `TAIL_CARDS` cards are left, and max-n
solves the rest. The candidate with the best mean value wins, except that the heuristic's
choice stands unless another beats it by `MARGIN` per sample (`EXACT_MARGIN` when every
sample was solved exactly; `TRUMP_MARGIN` for the trump suit). Candidates are one card of
each run of equal cards, where a card on the table keeps two cards apart (with the 9♥ led,
the 10♥ and the 8♥ are both tried). The value (`Utility`) is what the deal does to the
seat in the game: 1 for staying in (a trick taken; in misère fewer than two, in its last
deal none; in the seventh deal, taking its trick), 0.3 for a dog's life still to come,
plus `MOST_TRICKS` for taking most tricks alone (the next trump choice) and `PER_TRICK`
per trick. In a two-player deal with no dog the play-out is exact: the core solver
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
from openwhist_knockout.rules import DEALS, KNOCK, ChooseTrump, Knock
from openwhist_knockout.search import (
    KNOCKED,
    MaxN,
    Position,
    SearchTooBigError,
    Utility,
    moves,
    play,
)

DEFAULT_SAMPLES = 16
"""Sampled deals per decision at the expert's default level."""
QUICK_SAMPLES = 6
MARGIN = 0.15
"""How much better per sample another choice must do than the heuristic's to be played."""
EXACT_MARGIN = 0.05
"""The same when every sample was solved exactly (the values are then not rough)."""
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
EXACT_CARDS = 15
"""A sampled deal with at most this many cards left in the hands is solved exactly."""
EXACT_BUDGET = 4_000
"""The most positions one exact search may visit (beyond it: the play-out)."""
TAIL_CARDS = 10
"""A play-out solves the rest exactly once at most this many cards are left."""
TAIL_BUDGET = 600
STRONG_SAMPLES = 40


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


def _wins(card: int, best: int, led: int, trump: int) -> bool:
    return beats(card, best, led, trump)


def _best_of(trick: Sequence[int], trump: int) -> int:
    led = trick[0] // 13
    best = trick[0]
    for c in trick[1:]:
        if _wins(c, best, led, trump):
            best = c
    return best


def _can_beat(hand: int, best: int, led: int, trump: int) -> bool:
    """Whether a hand playing to a trick led in ``led`` can beat ``best`` (following suit)."""
    follow = hand & SUIT_MASKS[led]
    legal = follow or hand
    return any(_wins(c, best, led, trump) for c in _cards(legal))


def _greedy(
    hands: Sequence[int],
    seat: int,
    trick: Sequence[int],
    after: Sequence[int],
    trump: int,
    lose: bool,
    must_break: bool,
) -> int:
    """The rollout policy, on a sampled deal where every hand is known: lead a card nobody
    can beat if there is one, else the lowest of the longest plain suit; follow with the
    cheapest card that no one still to play can beat, else the lowest card (plain suits
    before trumps). ``lose`` mirrors it for misère: the highest card that still loses."""
    hand = hands[seat]
    others = [s for s in after if hands[s]]
    if not trick:
        legal = hand & ~SUIT_MASKS[trump] if must_break and trump >= 0 else hand
        legal = legal or hand
        cards = _cards(legal)
        if lose:
            return min(cards, key=lambda c: c % 13)
        sure = [c for c in cards if not any(_can_beat(hands[s], c, c // 13, trump) for s in others)]
        if sure:
            return min(sure, key=lambda c: (c // 13 == trump, c % 13))

        def length(c: int) -> tuple[bool, int, int]:
            return (c // 13 != trump, (legal & SUIT_MASKS[c // 13]).bit_count(), -(c % 13))

        return max(cards, key=length)
    led = trick[0] // 13
    legal = hand & SUIT_MASKS[led] or hand
    best = _best_of(trick, trump)
    cards = _cards(legal)
    winning = [c for c in cards if _wins(c, best, led, trump)]
    if lose:
        losing = [c for c in cards if c not in winning]
        if losing:
            return max(losing, key=lambda c: c % 13)
        return min(cards, key=lambda c: (c // 13 == trump, c % 13))
    holding = [c for c in winning if not any(_can_beat(hands[s], c, led, trump) for s in others)]
    if holding:
        return min(holding, key=lambda c: (c // 13 == trump, c % 13))
    return min(cards, key=lambda c: (c // 13 == trump, c % 13))


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
) -> list[int]:
    """The tricks per seat at the end of the deal by `playout` (greedy, the tail solved);
    ``to_play`` are the seats still to play to the current trick (in order; at a trick's
    start, every seat holding cards from ``leader`` on), ``done`` the completed tricks."""
    order = to_play or tuple(s for s in ((leader + i) % seats for i in range(seats)) if hands[s])
    position = Position(
        hands=list(hands), trump=trump, trick=trick, trick_seats=trick_seats, order=order,
        tricks=tuple(tricks), done=done, n=n, dogs=frozenset(dogs), must_break=must_break,
        broken=broken,
    )  # fmt: skip
    return list(playout(position, Utility(misere=misere, dogs=frozenset(dogs))))


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

    def _values(
        self, view: PlayerView, utility: Utility, root: Position, moves_: Sequence[int]
    ) -> list[float]:
        """The seat's worth of each move (a card, or `KNOCKED`) from ``root`` on one sample:
        the exact max-n value when the rest of the deal is small enough (`EXACT_CARDS`,
        within `EXACT_BUDGET` positions), else a play-out by `playout`."""
        seat = view.seat
        if sum(h.bit_count() for h in root.hands) <= EXACT_CARDS:
            search = MaxN(utility, budget=EXACT_BUDGET)
            try:
                return [search.value(play(root, m))[seat] for m in moves_]
            except SearchTooBigError:
                pass
        return [utility.of(playout(play(root, m), utility), seat) for m in moves_]

    # -- decisions -------------------------------------------------------------------------

    def _choose_trump(
        self, view: PlayerView, legal: tuple[Action, ...], samples: list[list[int]]
    ) -> Action:
        utility = utility_for(view)
        suits = [a.suit for a in legal if isinstance(a, ChooseTrump)]
        totals = dict.fromkeys(suits, 0.0)
        for hands in samples:
            for suit in suits:
                root = self._position(view, hands, suit)
                if sum(h.bit_count() for h in root.hands) <= EXACT_CARDS:
                    search = MaxN(utility, budget=EXACT_BUDGET)
                    try:
                        totals[suit] += search.value(root)[view.seat]
                        continue
                    except SearchTooBigError:
                        pass
                totals[suit] += utility.of(playout(root, utility), view.seat)
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
        utility = utility_for(view)
        moves_ = [a.card if isinstance(a, Play) else KNOCKED for a in candidates]
        totals: dict[Action, float] = dict.fromkeys(candidates, 0.0)
        exact_samples = 0
        for hands in samples:
            if exact is not None:
                self._score_exact(view, hands, exact, candidates, totals)
                exact_samples += 1
                continue
            root = self._position(view, hands, view.trump)
            if sum(h.bit_count() for h in root.hands) <= EXACT_CARDS:
                exact_samples += 1
            for action, value in zip(
                candidates, self._values(view, utility, root, moves_), strict=True
            ):
                totals[action] += value
        top = max(totals.values())
        # The heuristic's choice stands unless another does clearly better on the samples
        # (`MARGIN` of value per sample; `EXACT_MARGIN` when every sample was solved
        # exactly): the play-outs are rough, the heuristic's card counting is not, so a
        # small difference is noise more often than not.
        margin = EXACT_MARGIN if exact_samples == len(samples) else MARGIN
        if preferred in totals and totals[preferred] >= top - margin * len(samples):
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


def playout(position: Position, utility: Utility) -> tuple[int, ...]:
    """The tricks per seat at the end of the deal from ``position``: every seat plays the
    quick greedy policy (`_greedy`; a dog plays its card when it wins the trick as it
    stands, and must in the last trick) until `TAIL_CARDS` cards or fewer are left, and
    the rest is solved exactly by max-n (`MaxN`)."""
    tail = MaxN(utility, budget=TAIL_BUDGET)
    misere = utility.misere
    while position.order:
        if sum(h.bit_count() for h in position.hands) <= TAIL_CARDS and not position.trick:
            tail.reset()
            try:
                return _tricks_of(tail, position)
            except SearchTooBigError:
                pass
        seat = position.order[0]
        hand = position.hands[seat]
        if seat in position.dogs:
            card = hand.bit_length() - 1
            last = position.done >= position.n - 1
            if position.trick and not last:
                best = _best_of(position.trick, position.trump)
                if not _wins(card, best, position.trick[0] // 13, position.trump):
                    position = play(position, KNOCKED)
                    continue
        else:
            card = _greedy(
                position.hands,
                seat,
                position.trick,
                position.order[1:],
                position.trump,
                misere,
                position.must_break and not position.broken,
            )
        position = play(position, card)
    return position.tricks


def _tricks_of(search: MaxN, position: Position) -> tuple[int, ...]:
    """The tricks per seat at the end of the max-n line of play from ``position``."""
    while position.order:
        seat = position.order[0]
        best_move, best = None, None
        for move in moves(position, seat):
            value = search.value(play(position, move))
            if best is None or value[seat] > best[seat] + 1e-12:
                best_move, best = move, value
        assert best_move is not None
        position = play(position, best_move)
    return position.tricks


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
    N_("plays every choice out on sampled deals; exact two-player play-outs by the solver"),
    make_expert_bot,
    variants=("knockout",),
    levels=(
        BotLevel("1", N_("quicker, weaker: 6 sampled deals per decision"), _quick),
        BotLevel("2", N_("balanced: 16 sampled deals per decision")),
        BotLevel("3", N_("stronger, slower: 40 sampled deals per decision"), _strong),
    ),
)

__all__ = [
    "EXPERT_BOT",
    "HEURISTIC_BOT",
    "KnockoutExpertBot",
    "KnockoutHeuristicBot",
    "deal_value",
    "rollout",
    "trump_for",
]
