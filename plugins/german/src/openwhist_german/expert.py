"""German Whist's ``expert`` bot (docs/variants/german.md §1): exact phase 2, determinised phase 1.

**Phase 2** (tricks 14-26, §1.7). The stock is empty, so every card is accounted for: the
opponent holds exactly the cards that are neither in our hand nor played (§1.6 "Information
model"). The position is an open two-hand endgame and the bot plays one of the solver's best
moves (`openwhist.solver`), preferring the heuristic's card among them -- it never plays a
card the solver proves worse.

**Phase 1** (tricks 1-13, §1.6). The bot does not know the opponent's hidden cards nor the
order of the face-down stock. It *determinises*: it deals the unseen cards (all cards
neither in its hand, nor played, nor the face-up card) between the opponent's hand and the
stock, consistently with its view --

* the face-up cards the opponent took and still holds (``view.public["known"]``) are in its
  hand;
* a reply that did not follow suit proves the opponent void in the led suit at that moment
  *when following suit is compulsory* (§1.5, the default); since then it can have picked
  that suit up only through the hidden cards it drew, so it holds at most that many of the
  suit. Under ``phase1_must_follow_suit=false`` a phase-1 reply is free and an off-suit reply
  proves nothing, so no suit is capped (`opponent_suit_caps`);

then, for each legal card (equal cards merged), plays the rest of the deal on every sample
with the ``heuristic`` policy for both players (the winner takes the face-up card, the loser
the next stock card, §1.6), under the legal plays of the options in force (a free phase-1
reply when ``phase1_must_follow_suit`` is off), counting the last phase-2 tricks exactly
(`EXACT_FROM`). A card's value is the mean over samples of what the deal is worth under the
options (`deal_value`): with ``last13`` and ``win_loss`` (the default) ``won + tricks / 26``
where ``won`` is 1 when we take at least 7 of the 13 phase-2 tricks (§1.8); under ``all26``
the phase-1 tricks count as well; under a points-scoring hand-result mode (and in a
``target_points`` match) the points the deal scores us less the opponent's. So the face-up
card we win or lose, the trick itself when it counts, and what the exchange does to both
hands are valued by what they do to the result. Every card is tried on the same samples
(common random numbers).

**Explanation** (`GermanExpertBot.explain`, for hints): in phase 2 the solver's count --
"with K♠ you take 9 of the remaining 13 tricks against best defence"; in phase 1 the
chosen card's result on the sampled deals (deals won, mean phase-2 tricks, and whether a
reply takes the face-up card).

**Reply search** (``reply_search``, off at every level): on each sample a phase-1 *lead* is
played out against every reply the opponent may make there (equal cards merged), and the
reply worst for us is the lead's result on that sample -- instead of the heuristic's reply,
which may duck a lead it should take and so make a lead look better than it is. The reply is
chosen seeing the whole sample -- our hand and the order of the stock, which the opponent
cannot know -- a pessimistic bias. Answering a lead, nothing changes. Measured as level 3
(16 samples) against level 2 it was not stronger (docs/bots.md, "The German ladder, session
11"), so no level uses it; nor ``exact_from`` above `EXACT_FROM` (the play-out's phase 2
solved from more cards per hand), which is exact but too slow for a level in pure Python.

**Strength**: ``samples`` (default `DEFAULT_SAMPLES`) deals per decision. **Honesty**: the
bot sees only its `PlayerView`; its generator is seeded from its own seed and the view
(`openwhist.bots.sampling.view_rng`), so its choice is a function of what it may know.
**Options**: the view carries the match's options (``view.options``; the defaults when a
view built by hand has none) and the bot decides under them: the scoring profile and
hand-result mode (`deal_value`), whether the phase-1 reply must follow suit (sampling and
rollouts), and the trump mode (``view.trump``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from openwhist import (
    FULL_DECK,
    N_,
    SUIT_MASKS,
    Bot,
    BotLevel,
    BotSpec,
    PlayerView,
    Reason,
    TrickRecord,
    winning_index,
)
from openwhist.bots.heuristic import void_proofs
from openwhist.bots.rating import EXACT, SAMPLED, TRICKS, CardRating
from openwhist.bots.sampling import (
    NO_CAP,
    CardSearchBot,
    deal_hidden,
    equal_in_hand,
    sampling_factory,
    view_rng,
)
from openwhist.solver import Solver, representatives

from openwhist_german.heuristic import SOLVE_AT, GermanHeuristicBot, follow_rule, german_options
from openwhist_german.options import GermanOptions
from openwhist_german.scoring import GermanFacts, score_facts

PHASE1_TRICKS = 13
"""Tricks of phase 1 (docs/variants/german.md §1.6)."""
WIN_TRICKS = 7
"""Phase-2 tricks that win the deal under ``last13`` (docs/variants/german.md §1.8)."""
DEFAULT_SAMPLES = 12
"""Sampled deals per phase-1 decision at the default strength."""
QUICK_SAMPLES = 4
"""Sampled deals per decision at level 1 (quicker, weaker)."""
STRONG_SAMPLES = 36
"""Sampled deals per decision at level 3 (stronger, slower). Not shown stronger than level 2,
and neither was the reply search (`GermanExpertBot` ``reply_search``) in its place: docs/bots.md,
"The German ladder, session 11"."""
ROLLOUT_SOLVE_AT = 5
"""In rollouts, phase-2 positions with at most this many cards per hand are solved exactly."""
EXACT_FROM = max(ROLLOUT_SOLVE_AT, SOLVE_AT)
"""In rollouts, a phase-2 trick boundary with at most this many cards per hand ends the
play-out with the solver's count. From there both players' policies play only solver-best
cards (the heuristic solves from `SOLVE_AT` cards, `_rollout_solve` from `ROLLOUT_SOLVE_AT`),
and play that keeps to best cards on both sides ends with exactly the solver's value -- so
the rollout's result is the same, for one search instead of one `solve` per card (and the
views and policy calls around it). Measured: p95 decision CPU 245 -> 113 ms, median 23 ->
11 ms at 12 samples (docs/performance.md "Bots")."""
SOLVER_TABLE_LIMIT = 300_000
"""Bound on each solver's transposition table."""

# The reasons `GermanExpertBot.explain` gives (English templates, see `openwhist.bots.base.Reason`).
SOLVER_REASON = N_(
    "with {card} you take {tricks} of the remaining {remaining} tricks against best defence "
    "(exact solver)"
)
"""Phase 2: the solver's count for the side to move (the hinted seat)."""
SAMPLED_REASON = N_(
    "best in {samples} sampled deals: with {card} you win the deal in {wins} and take "
    "{tricks} of the last 13 tricks on average"
)
"""Phase 1, leading: the rollouts' result for the chosen card."""
TAKE_REASON = N_(
    "best in {samples} sampled deals: {card} takes the face-up {face_up}; you win the deal "
    "in {wins} and take {tricks} of the last 13 tricks on average"
)
"""Phase 1, answering a lead with a card that wins the trick (and the face-up card)."""
LET_GO_REASON = N_(
    "best in {samples} sampled deals: {card} lets the face-up {face_up} go; you win the "
    "deal in {wins} and take {tricks} of the last 13 tricks on average"
)
"""Phase 1, answering a lead with a card that loses the trick (and the face-up card)."""
RATING_SCOPE = Reason(N_("of the last 13 tricks"))
"""What a review's figure counts (`GermanExpertBot.rate_cards`): the seat's phase-2 tricks."""
RATING_SCOPE_ALL = Reason(N_("of the 26 tricks"))
"""The same under the ``all26`` profile (§1.8), where every trick counts: the seat's tricks of
the whole deal."""


def counts_all_tricks(view: PlayerView) -> bool:
    """True when the match's options (public, `PlayerView.options`) count all 26 tricks
    (``scoring_profile`` ``all26``, §1.8); a view without options counts the last 13."""
    return german_options(view).scoring_profile == "all26"


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def played_mask(view: PlayerView) -> int:
    """Every card played so far (public, docs/variants/core.md §0.3)."""
    mask = 0
    for record in view.completed:
        for card in record.cards:
            mask |= 1 << card
    for card in view.trick:
        mask |= 1 << card
    return mask


def opponent_suit_caps(view: PlayerView) -> list[int]:
    """Per suit, the most cards of it the opponent may hold beyond its known face-up cards.

    A phase-1 reply off the led suit shows a void at that moment when the reply must follow
    suit (docs/variants/german.md §1.5, the default). Afterwards the opponent drew one card per
    trick: a face-up card (then it is public, in ``known`` while held) or a hidden one. So its
    unknown cards of that suit are at most the hidden cards it drew from that trick on. In
    phase 2 (no more drawing) a void is final.

    Under ``phase1_must_follow_suit=false`` (``view.options``) a phase-1 reply may be any
    card, so an off-suit phase-1 reply proves nothing and caps nothing; a phase-2 reply
    must still follow suit, so an off-suit phase-2 reply still proves a void.
    """
    opponent = 1 - view.seat
    caps = [NO_CAP] * 4
    completed = view.completed
    for k, seat, led in void_proofs(view, must_follow=follow_rule(view)):
        if seat != opponent or k >= len(completed):
            continue  # the trick in progress: the opponent only ever leads to it
        hidden_draws = sum(
            1
            for j in range(k, min(len(completed), PHASE1_TRICKS))
            if completed[j].winner != opponent
        )
        caps[led] = min(caps[led], hidden_draws)
    return caps


def deal_value(options: GermanOptions, phase1: int, phase2: int) -> float:
    """What a deal in which our seat takes ``phase1`` tricks of phase 1 and ``phase2`` of
    phase 2 is worth to us under ``options`` (docs/variants/german.md §1.8, §1.9) -- the
    quantity the expert's rollouts maximise.

    * Where a match is decided by deals won (``win_loss``, and every ``best_of_*`` match
      whatever the mode): 1 for a won deal, 0.5 for a tie (13-13 under ``all26``), 0 for a
      lost one, plus the counted tricks over twice their number (26 or 52) to break ties
      between cards that win or lose alike. With the defaults (``last13``) that is
      ``won + phase2 / 26``.
    * Otherwise (points modes in a single deal or a ``target_points`` match): the points the
      deal scores us less the opponent's (`score_facts`), over the most a deal can score (39).
    """
    key = (id(options), phase1, phase2)
    cached = _VALUES.get(key)
    if cached is not None and cached[0] is options:
        return cached[1]
    facts = GermanFacts(
        phase1_tricks=(phase1, PHASE1_TRICKS - phase1),
        phase2_tricks=(phase2, PHASE1_TRICKS - phase2),
    )
    score = score_facts(facts, options)
    counted = facts.counted(options.scoring_profile)[0]
    by_deals = options.result_mode == "win_loss" or options.match_format.startswith("best_of")
    if by_deals:
        outcome = 0.5 if score.winner is None else 1.0 if score.winner == 0 else 0.0
        total = PHASE1_TRICKS * (2 if options.scoring_profile == "all26" else 1)
        value = outcome + counted / (2 * total)
    else:
        value = (score.points(0) - score.points(1)) / MAX_DEAL_POINTS
    if len(_VALUES) > 4096:
        _VALUES.clear()
    _VALUES[key] = (options, value)
    return value


def _wins(options: GermanOptions, phase1: int, phase2: int) -> bool:
    """Whether our seat wins a deal of these tricks under ``options`` (`score_facts`)."""
    facts = GermanFacts(
        phase1_tricks=(phase1, PHASE1_TRICKS - phase1),
        phase2_tricks=(phase2, PHASE1_TRICKS - phase2),
    )
    return score_facts(facts, options).winner == 0


MAX_DEAL_POINTS = 39
"""The most points one deal can score (``weighted``: 13 + 2 x 13), the scale of `deal_value`
for the points modes."""

_VALUES: dict[tuple[int, int, int], tuple[GermanOptions, float]] = {}
"""`deal_value`'s results, keyed by the options' identity (kept alive in the value)."""


class GermanExpertBot(CardSearchBot):
    """Plays German Whist by exact search in phase 2 and determinised rollouts in phase 1."""

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        samples: int = DEFAULT_SAMPLES,
        exact_from: int = EXACT_FROM,
        reply_search: bool = False,
    ) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        if not EXACT_FROM <= exact_from <= PHASE1_TRICKS:
            raise ValueError(f"exact_from must be {EXACT_FROM}..{PHASE1_TRICKS}, not {exact_from}")
        super().__init__()
        self.seed = (rng or random.Random(0)).getrandbits(64)
        self.samples = samples
        self.exact_from = exact_from
        self.reply_search = reply_search
        self.rollout = GermanHeuristicBot(random.Random(0))
        self._solvers: dict[int, Solver] = {}

    # -- entry point ---------------------------------------------------------------------

    def evaluate_card(self, view: PlayerView, legal: int) -> tuple[int, Reason | None]:
        """In phase 2 the solver's best card and the tricks it takes; in phase 1 the best
        card over the sampled deals (module docstring)."""
        face_up = view.public.get("face_up")
        if face_up is None or len(view.completed) >= PHASE1_TRICKS:
            return self._phase2(view, legal)
        return self._phase1(view, legal, int(face_up))

    # -- phase 2: open endgame -----------------------------------------------------------

    def solver(self, trump: int) -> Solver:
        """The bot's solver for ``trump`` (its table is kept across decisions)."""
        solver = self._solvers.get(trump)
        if solver is None:
            solver = Solver(seats=2, trump=trump, table_limit=SOLVER_TABLE_LIMIT)
            self._solvers[trump] = solver
        return solver

    def _phase2(self, view: PlayerView, legal: int) -> tuple[int, Reason | None]:
        """One of the solver's best cards -- the heuristic's if it is among them, else the
        lowest -- and the tricks it takes (`SOLVER_REASON`). `Solver.best_move` finds the
        value and then tests only the heuristic's card (and, if it falls short, the others
        from the lowest until one is best), not every legal card as `Solver.solve` does: the
        same card for less search (docs/bots.md, "The phase-2 check")."""
        opponent_hand = FULL_DECK & ~view.hand & ~played_mask(view)
        hands = [0, 0]
        hands[view.seat] = view.hand
        hands[1 - view.seat] = opponent_hand
        preferred = self.rollout.choose_card(view, legal)
        tricks, card = self.solver(view.trump).best_move(
            tuple(hands), view.leader, trick=view.trick, prefer=preferred
        )
        reason = Reason(
            SOLVER_REASON,
            {"card": card, "tricks": tricks, "remaining": view.hand.bit_count()},
            cards=("card",),
        )
        return card, reason

    # -- phase 1: determinised rollouts --------------------------------------------------

    def sample(self, view: PlayerView, rng: random.Random) -> tuple[int, list[int]] | None:
        """One deal of the unseen cards consistent with ``view``: (the opponent's hand, the
        stock from the top, face-up card first), or ``None`` if none was found."""
        face_up = int(view.public["face_up"])
        stock_size = int(view.public.get("stock", 0))
        opponent = 1 - view.seat
        unseen = FULL_DECK & ~view.hand & ~played_mask(view) & ~(1 << face_up)
        known_raw = view.public.get("known") or [0, 0]
        known = int(known_raw[opponent]) & unseen
        opp_size = view.hand_sizes[opponent]
        sizes = (opp_size, stock_size - 1)
        if sum(sizes) != unseen.bit_count():
            return None
        caps = [[NO_CAP] * 4, [NO_CAP] * 4]
        caps[0] = opponent_suit_caps(view)
        dealt = deal_hidden(rng, unseen, sizes, known=(known, 0), caps=caps)
        if dealt is None:
            dealt = deal_hidden(rng, unseen, sizes, known=(known, 0))
        if dealt is None:  # pragma: no cover - sizes were checked
            return None
        stock = _cards(dealt[1])
        rng.shuffle(stock)
        return dealt[0], [face_up, *stock]

    def _phase1(self, view: PlayerView, legal: int, face_up: int) -> tuple[int, Reason | None]:
        rng = view_rng(self.seed, view)
        dead = 0
        for record in view.completed:
            for card in record.cards:
                dead |= 1 << card
        candidates = _cards(representatives(view.hand, dead) & legal)
        # A legal card merged away has a lower equal among the candidates.
        if len(candidates) == 1:
            return candidates[0], None
        samples = []
        for _ in range(self.samples):
            sample = self.sample(view, rng)
            if sample is not None:
                samples.append(sample)
        if not samples:
            return self.rollout.choose_card(view, legal), None
        options = german_options(view)
        totals = dict.fromkeys(candidates, 0.0)
        results: dict[int, list[tuple[int, int]]] = {card: [] for card in candidates}
        known_raw = view.public.get("known") or [0, 0]
        search_reply = self.reply_search and not view.trick
        for opp_hand, stock in samples:
            for card in candidates:
                if search_reply:
                    tricks = self._answered(view, opp_hand, stock, card, known_raw, dead)
                else:
                    tricks = self.play_out(view, opp_hand, stock, card, known_raw)
                totals[card] += deal_value(options, *tricks)
                results[card].append(tricks)
        preferred = self.rollout.choose_card(view, legal)
        preferred = min(c for c in candidates if equal_in_hand(c, preferred, view.hand, dead))
        best = max(totals.values())
        # Ties (within float noise) go to the heuristic's card, then the lowest card.
        if totals.get(preferred, -1.0) >= best - 1e-9:
            chosen = preferred
        else:
            chosen = min(c for c in candidates if totals[c] >= best - 1e-9)
        return chosen, _phase1_reason(view, chosen, face_up, results[chosen])

    def _answered(
        self, view: PlayerView, opp_hand: int, stock: list[int], card: int, known: Any, dead: int
    ) -> tuple[int, int]:
        """Our lead ``card`` on one sampled deal, answered by the opponent's best reply on
        that deal: every reply it may make (equal cards merged) is played out, and the one
        worth least to us (`deal_value`) is the lead's result."""
        must = follow_rule(view)(len(view.completed))
        replies = opp_hand & SUIT_MASKS[card // 13] if must else 0
        replies = representatives(replies or opp_hand, dead)
        if replies & (replies - 1) == 0:
            return self.play_out(view, opp_hand, stock, card, known)
        options = german_options(view)
        worst: tuple[int, int] | None = None
        worst_value = 0.0
        for reply in _cards(replies):
            tricks = self.play_out(view, opp_hand, stock, card, known, reply=reply)
            value = deal_value(options, *tricks)
            if worst is None or value < worst_value:
                worst, worst_value = tricks, value
        assert worst is not None
        return worst

    def simulate(
        self,
        view: PlayerView,
        opp_hand: int,
        stock: list[int],
        card: int,
        known: Any,
        *,
        exact_from: int | None = None,
    ) -> float:
        """Play ``card`` now and the rest of the deal with the heuristic policy on one
        sampled deal; the value for our seat under the options in force (`deal_value`).

        From a phase-2 trick boundary with at most ``exact_from`` cards per hand the rest is
        counted by the solver instead of played (the same result, see `EXACT_FROM`; 0
        plays every card)."""
        options = german_options(view)
        p1, p2 = self.play_out(view, opp_hand, stock, card, known, exact_from=exact_from)
        return deal_value(options, p1, p2)

    def play_out(
        self,
        view: PlayerView,
        opp_hand: int,
        stock: list[int],
        card: int,
        known: Any,
        *,
        exact_from: int | None = None,
        reply: int | None = None,
    ) -> tuple[int, int]:
        """Play ``card`` now and the rest of the deal (see `simulate`) under the legal plays
        of the options in force; our seat's tricks of phase 1 and of phase 2, the tricks
        already completed included."""
        if exact_from is None:
            exact_from = self.exact_from
        me = view.seat
        # docs/variants/german.md §1.5: with phase1_must_follow_suit off, a phase-1 reply is
        # any card; phase 2 always follows suit -- the same rule the sampling reads voids by.
        must_follow = follow_rule(view)
        options = german_options(view)
        hands = [0, 0]
        hands[me] = view.hand & ~(1 << card)
        hands[1 - me] = opp_hand
        known_masks = [int(known[0]), int(known[1])]
        known_masks[me] &= ~(1 << card)
        trick: tuple[int, ...] = (*view.trick, card)
        if reply is not None:
            # The opponent's answer to our lead, chosen by the caller (`_answered`).
            hands[1 - me] &= ~(1 << reply)
            known_masks[1 - me] &= ~(1 << reply)
            trick = (card, reply)
        leader = view.leader
        completed = view.completed
        k = len(completed)
        won1 = [0, 0]
        for record in completed[:PHASE1_TRICKS]:
            won1[record.winner] += 1
        pos = 0  # index into ``stock`` of the face-up card
        won2 = [0, 0]
        for record in completed[PHASE1_TRICKS:]:
            won2[record.winner] += 1
        policy = self.rollout
        trump = view.trump
        while True:
            if len(trick) == 2:
                led = trick[0]
                reply = trick[1]
                if reply // 13 == led // 13:
                    win_i = 1 if reply > led else 0
                else:
                    win_i = 1 if reply // 13 == trump else 0
                winner = (leader + win_i) % 2
                completed = (*completed, TrickRecord(leader, trick, winner, (leader, 1 - leader)))
                k += 1
                if k <= PHASE1_TRICKS:
                    won1[winner] += 1
                    # docs/variants/german.md §1.6: the winner takes the face-up card, the loser the
                    # next.
                    hands[winner] |= 1 << stock[pos]
                    known_masks[winner] |= 1 << stock[pos]
                    hands[1 - winner] |= 1 << stock[pos + 1]
                    pos += 2
                else:
                    won2[winner] += 1
                if k >= PHASE1_TRICKS:
                    left = 2 * PHASE1_TRICKS - k
                    if left == 0:
                        break
                    if left <= exact_from:
                        # Both sides play best cards from here on (`EXACT_FROM`).
                        taken = self.solver(trump).value(tuple(hands), winner)
                        won2[winner] += taken
                        won2[1 - winner] += left - taken
                        break
                leader = winner
                trick = ()
            seat = (leader + len(trick)) % 2
            hand = hands[seat]
            legal = hand & SUIT_MASKS[trick[0] // 13] or hand if trick and must_follow(k) else hand
            if legal & (legal - 1) == 0:
                played = legal.bit_length() - 1
            else:
                in_stock = len(stock) - pos
                seat_view = PlayerView(
                    seat=seat,
                    seats=2,
                    dealer=view.dealer,
                    phase="play",
                    to_act=seat,
                    hand=hand,
                    hand_sizes=(hands[0].bit_count(), hands[1].bit_count()),
                    trump=trump,
                    leader=leader,
                    trick=trick,
                    tricks=(0, 0),
                    completed=completed,
                    history=(),
                    public={
                        "phase": 1 if k < PHASE1_TRICKS else 2,
                        "stock": in_stock,
                        "face_up": stock[pos] if in_stock else None,
                        "known": [known_masks[0] & hands[0], known_masks[1] & hands[1]],
                    },
                    options=options,
                )
                if k >= PHASE1_TRICKS and hand.bit_count() <= ROLLOUT_SOLVE_AT:
                    played = self._rollout_solve(seat_view, hands, legal)
                else:
                    played = policy.choose_card(seat_view, legal)
            hands[seat] &= ~(1 << played)
            known_masks[seat] &= ~(1 << played)
            trick = (*trick, played)
        return won1[me], won2[me]

    def _rollout_solve(self, view: PlayerView, hands: list[int], legal: int) -> int:
        """A best card of a small open phase-2 position inside a rollout (the lowest)."""
        solution = self.solver(view.trump).solve(tuple(hands), view.leader, trick=view.trick)
        for card in solution.best_moves:
            if legal >> card & 1:
                return card
        return legal.bit_length() - 1  # pragma: no cover

    # -- ratings for a review (openwhist.bots.rating) -----------------------------------

    def rate_cards(
        self, view: PlayerView, legal: int, *, samples: int | None = None
    ) -> CardRating | None:
        """Every legal card rated by what it does to the tricks of the seat that count --
        the last 13, or all 26 under the ``all26`` profile (`counts_all_tricks`): in phase 2
        exactly (the opponent's hand is known, `EXACT`), in phase 1 on the same sampled
        deals as `evaluate_card` (``samples`` of them, `SAMPLED`)."""
        face_up = view.public.get("face_up")
        if face_up is None or len(view.completed) >= PHASE1_TRICKS:
            return self._rate_phase2(view, legal)
        return self._rate_phase1(view, legal, samples or self.samples)

    def rate_cards_open(
        self, view: PlayerView, legal: int, hands: Sequence[int]
    ) -> CardRating | None:
        """Phase 2: the exact rating (every hand is known anyway). Phase 1: ``None`` -- the
        solver cannot search the draws from the stock, whose order stays hidden."""
        face_up = view.public.get("face_up")
        if face_up is None or len(view.completed) >= PHASE1_TRICKS:
            return self._rate_phase2(view, legal)
        return None

    def _rate_phase2(self, view: PlayerView, legal: int) -> CardRating:
        opponent_hand = FULL_DECK & ~view.hand & ~played_mask(view)
        hands = [0, 0]
        hands[view.seat] = view.hand
        hands[1 - view.seat] = opponent_hand
        values = self.solver(view.trump).move_values(tuple(hands), view.leader, trick=view.trick)
        every = counts_all_tricks(view)
        counted = view.completed if every else view.completed[PHASE1_TRICKS:]
        done = sum(1 for r in counted if r.winner == view.seat)
        return CardRating(
            {c: (float(done + v),) for c, v in values.items() if legal >> c & 1},
            unit=TRICKS,
            scope=RATING_SCOPE_ALL if every else RATING_SCOPE,
            method=EXACT,
            total=2 * PHASE1_TRICKS if every else PHASE1_TRICKS,
        )

    def _rate_phase1(self, view: PlayerView, legal: int, samples: int) -> CardRating | None:
        rng = view_rng(self.seed, view)
        dead = 0
        for record in view.completed:
            for card in record.cards:
                dead |= 1 << card
        candidates = _cards(representatives(view.hand, dead) & legal)
        drawn = [s for s in (self.sample(view, rng) for _ in range(samples)) if s is not None]
        if not drawn:
            return None
        known_raw = view.public.get("known") or [0, 0]
        every = counts_all_tricks(view)
        per_rep: dict[int, tuple[float, ...]] = {}
        for card in candidates:
            tricks = []
            for opp_hand, stock in drawn:
                phase1, phase2 = self.play_out(view, opp_hand, stock, card, known_raw)
                # The tricks that count (the completed ones included): all 26 under all26.
                tricks.append(float(phase1 + phase2 if every else phase2))
            per_rep[card] = tuple(tricks)
        values = {
            c: per_rep[min(r for r in candidates if equal_in_hand(r, c, view.hand, dead))]
            for c in _cards(legal)
        }
        return CardRating(
            values,
            unit=TRICKS,
            scope=RATING_SCOPE_ALL if every else RATING_SCOPE,
            method=SAMPLED,
            total=2 * PHASE1_TRICKS if every else PHASE1_TRICKS,
        )


def _phase1_reason(
    view: PlayerView, card: int, face_up: int, results: list[tuple[int, int]]
) -> Reason:
    """What ``card`` did on the sampled deals (``results``: our phase-1 and phase-2 tricks
    in each, `GermanExpertBot.play_out`): the deals won under the options in force, the mean
    phase-2 tricks, and -- when it answers a lead -- whether it takes the face-up card (the
    trick's winner takes it, docs/variants/german.md §1.6)."""
    options = german_options(view)
    wins = sum(1 for p1, p2 in results if _wins(options, p1, p2))
    tricks = sum(p2 for _, p2 in results)
    data: dict[str, int | float | str] = {
        "card": card,
        "samples": len(results),
        "wins": wins,
        "tricks": round(tricks / len(results), 1),
    }
    if len(view.trick) != 1:
        return Reason(SAMPLED_REASON, data, cards=("card",))
    data["face_up"] = face_up
    takes = winning_index((view.trick[0], card), view.trump) == 1
    return Reason(TAKE_REASON if takes else LET_GO_REASON, data, cards=("card", "face_up"))


def make_expert_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `GermanExpertBot` at its default strength."""
    return GermanExpertBot(rng)


def expert_factory(samples: int) -> Callable[[str, random.Random], Bot]:
    """A factory for `GermanExpertBot` with ``samples`` deals per decision (one of its levels)."""
    return sampling_factory(GermanExpertBot, samples)


EXPERT_BOT = BotSpec(
    "expert",
    N_("solves the play-out exactly; samples the stock and the hidden hand in phase 1"),
    make_expert_bot,
    variants=("german",),
    # Levels vary the sampled deals per decision; level 2, the default, is the strength
    # measured in docs/bots.md (and the hint bot's). The descriptions spell out
    # QUICK_SAMPLES, DEFAULT_SAMPLES and STRONG_SAMPLES as literals, for the catalogue
    # (tests/cli/test_bot_levels.py checks that they agree).
    levels=(
        BotLevel(
            "1",
            N_("quicker, weaker: 4 sampled deals per decision"),
            expert_factory(QUICK_SAMPLES),
        ),
        BotLevel("2", N_("balanced: 12 sampled deals per decision")),
        BotLevel(
            "3",
            N_("stronger, slower: 36 sampled deals per decision"),
            expert_factory(STRONG_SAMPLES),
        ),
    ),
)

__all__ = [
    "DEFAULT_SAMPLES",
    "EXPERT_BOT",
    "LET_GO_REASON",
    "QUICK_SAMPLES",
    "SAMPLED_REASON",
    "SOLVER_REASON",
    "STRONG_SAMPLES",
    "TAKE_REASON",
    "GermanExpertBot",
    "expert_factory",
    "make_expert_bot",
    "opponent_suit_caps",
]
