"""English (and American) Whist's ``expert`` bot (docs/variants/english.md §2,
docs/variants/american.md §3): determinised search.

The bot cannot see the other three hands, so at each card it *samples* them: the cards
neither in its hand nor played are dealt to the other seats (each gets as many as it holds,
public) consistently with everything the view reveals --

* a seat that did not follow the led suit has none left (docs/variants/core.md §0.3: following suit
  is compulsory): its void is respected;
* the turned-up trump card (docs/variants/english.md §2.3, ``view.public["turn_up"]``) is in the
  dealer's hand while ``view.public["turn_up_held"]`` says the dealer still holds it --

and evaluates each legal card (equal cards merged) on the same samples:

* with at most `SOLVE_AT` cards in hand, exactly, with the double-dummy solver
  (`openwhist.solver.Solver.move_values`: the tricks our side takes after each card with
  best play by all);
* earlier, by a rollout: the rest of the deal played by the ``heuristic`` policy at every
  seat.

**Playing to the score** (docs/variants/english.md §2.6-§2.7): a deal's result is worth, to a side,
its trick points (tricks over six) up to what it still needs for game -- points beyond the
target are discarded -- plus `GAME_BONUS` for reaching game, minus the same for the
opponents; ``view.public["game_score"]`` and ``["game_target"]`` give the score. So once
game is safe the bot stops caring about overtricks, and it fights for the one trick that
makes or stops a game. The card with the best mean value wins; ties go to the heuristic's
card.

**Explanation** (`EnglishExpertBot.explain`, for hints): the chosen card's mean final
trick count for its side over the samples.

**Strength**: ``samples`` (default `DEFAULT_SAMPLES`) deals per decision. **Honesty**: the
bot sees only its `PlayerView`; its generator is seeded from its own seed and the view
(`openwhist.bots.sampling.view_rng`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from openwhist import N_, Bot, BotLevel, BotSpec, PlayerView, Reason
from openwhist.bots.heuristic import shown_voids
from openwhist.bots.rating import EVERY_DEAL, EXACT, SAMPLED, TRICKS, CardRating, all_other_hands
from openwhist.bots.sampling import (
    CardSearchBot,
    deal_other_hands,
    equal_in_hand,
    play_out,
    sampling_factory,
    view_after_card,
    view_rng,
)
from openwhist.solver import SearchLimitError, Solver, representatives

from openwhist_english.heuristic import EnglishHeuristicBot

PARTNERSHIPS = ((0, 2), (1, 3))
"""The sides, partners opposite (docs/variants/english.md §2.1)."""
BOOK = 6
"""Tricks a side must win before each trick scores a point (docs/variants/english.md §2.6 item
2)."""
DEFAULT_SAMPLES = 30
"""Sampled deals per decision at the default strength."""
QUICK_SAMPLES = 10
"""Sampled deals per decision at level 1 (quicker, weaker)."""
STRONG_SAMPLES = 90
"""Sampled deals per decision at level 3 (stronger, slower)."""
SOLVE_AT = 5
"""With at most this many cards in hand, sampled deals are solved exactly."""
SOLVER_NODES = 60_000
"""Node budget of one exact question; past it the bot falls back to rollouts."""
SAMPLED_REASON = N_(
    "best in {samples} sampled deals, playing to the score: with {card} your side ends the "
    "deal with {tricks} tricks on average"
)
"""`EnglishExpertBot.explain`: the chosen card's mean final tricks over rollouts."""
SOLVED_REASON = N_(
    "best in {samples} sampled deals, each solved exactly: with {card} your side ends the "
    "deal with {tricks} tricks on average"
)
"""`EnglishExpertBot.explain`: the same, every sample solved double-dummy."""
EVERY_DEAL_LIMIT = 200
"""A review rates a late decision exactly over every distribution of the unseen cards when
there are at most this many (and each is solved within `SOLVER_NODES`)."""
OPEN_NODES = 400_000
"""Node budget of one all-cards-open (double-dummy) question of a review."""
RATING_SCOPE = Reason(N_("tricks for your side at the end of the deal"))
"""What a review's figure counts (`EnglishExpertBot.rate_cards`)."""
GAME_BONUS = 2.0
"""Extra value, in points, of reaching game in this deal (a game is worth 1-3 game points
plus a step towards the rubber, docs/variants/english.md §2.7)."""


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def side_utility(our_tricks: int, view: PlayerView) -> float:
    """What finishing the deal with ``our_tricks`` (of 13) is worth to the viewer's side,
    playing to the score (see the module docstring)."""
    public: dict[str, Any] = view.public
    score = public.get("game_score")
    target = public.get("game_target")
    ours = view.seat % 2
    their_tricks = 13 - our_tricks
    our_points = max(0, our_tricks - BOOK)
    their_points = max(0, their_tricks - BOOK)
    if not isinstance(score, list | tuple) or not isinstance(target, int):
        return float(our_points - their_points)
    need_us = max(1, target - int(score[ours]))
    need_them = max(1, target - int(score[1 - ours]))
    value = min(our_points, need_us) + (GAME_BONUS if our_points >= need_us else 0.0)
    value -= min(their_points, need_them) + (GAME_BONUS if their_points >= need_them else 0.0)
    return value


class EnglishExpertBot(CardSearchBot):
    """Plays English or American Whist by sampling the hidden hands (module docstring)."""

    def __init__(self, rng: random.Random | None = None, *, samples: int = DEFAULT_SAMPLES) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        super().__init__()
        self.seed = (rng or random.Random(0)).getrandbits(64)
        self.samples = samples
        self.rollout = EnglishHeuristicBot(random.Random(0))
        self._solvers: dict[int, Solver] = {}
        self._open_solvers: dict[int, Solver] = {}

    def known_cards(self, view: PlayerView) -> dict[int, int]:
        """Cards another seat is known to hold: the turned-up trump, in the dealer's hand
        until played (docs/variants/english.md §2.3)."""
        turn_up = view.public.get("turn_up")
        if turn_up is None or not view.public.get("turn_up_held", True):
            return {}
        if view.dealer == view.seat:
            return {}
        return {view.dealer: 1 << int(turn_up)}

    def sample(self, view: PlayerView, rng: random.Random) -> list[int] | None:
        """One deal of the four hands consistent with ``view``."""
        return deal_other_hands(view, rng, known=self.known_cards(view), voids=shown_voids(view))

    def evaluate_card(self, view: PlayerView, legal: int) -> tuple[int, Reason | None]:
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1, None
        dead = 0
        for record in view.completed:
            for card in record.cards:
                dead |= 1 << card
        candidates = _cards(representatives(view.hand, dead) & legal)
        preferred = self.rollout.choose_card(view, legal)
        if len(candidates) == 1:
            return candidates[0], None
        rng = view_rng(self.seed, view)
        side = view.seat % 2
        won = sum(view.tricks[s] for s in PARTNERSHIPS[side])
        totals = dict.fromkeys(candidates, 0.0)
        tricks = dict.fromkeys(candidates, 0)
        used = solved = 0
        for _ in range(self.samples):
            hands = self.sample(view, rng)
            if hands is None:
                continue
            values = None
            if view.hand.bit_count() <= SOLVE_AT:
                values = self._solve(view, hands)
            if values is not None:
                solved += 1
                for card in candidates:
                    totals[card] += side_utility(won + values[card], view)
                    tricks[card] += won + values[card]
            else:
                for card in candidates:
                    ours = self._rollout(view, hands, card, side)
                    totals[card] += side_utility(ours, view)
                    tricks[card] += ours
            used += 1
        if not used:
            return preferred, None
        best = max(totals.values())
        chosen = min(c for c in candidates if totals[c] >= best - 1e-9)
        for card in candidates:
            if equal_in_hand(card, preferred, view.hand, dead) and totals[card] >= best - 1e-9:
                chosen = preferred
                break
        reason = Reason(
            SOLVED_REASON if solved == used else SAMPLED_REASON,
            {
                "card": chosen,
                "samples": used,
                "tricks": round(tricks[_rep(chosen, candidates, view.hand, dead)] / used, 1),
            },
            cards=("card",),
        )
        return chosen, reason

    def _solve(self, view: PlayerView, hands: list[int]) -> dict[int, int] | None:
        """Exact tricks our side takes (of the remaining ones) after each legal card, or
        ``None`` past the node budget."""
        solver = self._solvers.get(view.trump)
        if solver is None:
            solver = Solver(seats=4, trump=view.trump, max_nodes=SOLVER_NODES)
            self._solvers[view.trump] = solver
        try:
            return solver.move_values(hands, view.leader, trick=view.trick)
        except SearchLimitError:
            return None

    def _rollout(self, view: PlayerView, hands: list[int], card: int, side: int) -> int:
        """Play ``card`` and the rest of the deal with the heuristic at every seat: the
        tricks ``side`` ends the deal with."""
        seat = view.seat
        after = list(hands)
        after[seat] &= ~(1 << card)
        policy = self.rollout.choose_card
        start = view_after_card(view, card)
        final = play_out(start, after, [policy] * view.seats)
        return final[side] + final[side + 2]

    # -- ratings for a review (openwhist.bots.rating) -----------------------------------

    def rate_cards(
        self, view: PlayerView, legal: int, *, samples: int | None = None
    ) -> CardRating | None:
        """Every legal card rated by the tricks the seat's side ends the deal with. With at
        most `SOLVE_AT` cards in hand and at most `EVERY_DEAL_LIMIT` distributions of the
        unseen cards consistent with the view, exactly over all of them (`EVERY_DEAL`);
        otherwise on ``samples`` sampled deals as `evaluate_card` draws them (`SAMPLED`),
        each solved when small enough, else played out by the heuristic."""
        side = view.seat % 2
        won = sum(view.tricks[s] for s in PARTNERSHIPS[side])
        cards = _cards(legal)
        if view.hand.bit_count() <= SOLVE_AT:
            every = all_other_hands(
                view, known=self.known_cards(view), voids=shown_voids(view), limit=EVERY_DEAL_LIMIT
            )
            if every:
                solved = [self._solve(view, hands) for hands in every]
                if all(v is not None for v in solved):
                    values = {
                        c: tuple(float(won + v[c]) for v in solved if v is not None) for c in cards
                    }
                    return CardRating(values, TRICKS, RATING_SCOPE, EVERY_DEAL, total=13)
        rng = view_rng(self.seed, view)
        per_card: dict[int, list[float]] = {c: [] for c in cards}
        for _ in range(samples or self.samples):
            hands = self.sample(view, rng)
            if hands is None:
                continue
            values_now = self._solve(view, hands) if view.hand.bit_count() <= SOLVE_AT else None
            for card in cards:
                if values_now is not None:
                    per_card[card].append(float(won + values_now[card]))
                else:
                    per_card[card].append(float(self._rollout(view, hands, card, side)))
        if not per_card[cards[0]]:
            return None
        return CardRating(
            {c: tuple(v) for c, v in per_card.items()}, TRICKS, RATING_SCOPE, SAMPLED, total=13
        )

    def rate_cards_open(
        self, view: PlayerView, legal: int, hands: Sequence[int]
    ) -> CardRating | None:
        """The double-dummy rating on the real ``hands``: exact, or ``None`` past
        `OPEN_NODES` nodes."""
        solver = self._open_solvers.get(view.trump)
        if solver is None:
            solver = Solver(seats=4, trump=view.trump, max_nodes=OPEN_NODES)
            self._open_solvers[view.trump] = solver
        try:
            values = solver.move_values(list(hands), view.leader, trick=view.trick)
        except SearchLimitError:
            return None
        won = sum(view.tricks[s] for s in PARTNERSHIPS[view.seat % 2])
        return CardRating(
            {c: (float(won + v),) for c, v in values.items() if legal >> c & 1},
            TRICKS,
            RATING_SCOPE,
            EXACT,
            total=13,
        )


def _rep(card: int, candidates: list[int], hand: int, dead: int) -> int:
    """The candidate equal to ``card`` (``card`` itself when it is one)."""
    if card in candidates:
        return card
    return min(c for c in candidates if equal_in_hand(c, card, hand, dead))


def make_expert_bot(variant: str, rng: random.Random) -> Bot:
    """Factory for `EnglishExpertBot` (``english`` and ``american``)."""
    return EnglishExpertBot(rng)


def expert_factory(samples: int) -> Callable[[str, random.Random], Bot]:
    """A factory for `EnglishExpertBot` with ``samples`` deals per decision (one of its levels)."""
    return sampling_factory(EnglishExpertBot, samples)


EXPERT_BOT = BotSpec(
    "expert",
    N_(
        "samples the hidden hands consistently with the play, solves the late play, plays "
        "to the score"
    ),
    make_expert_bot,
    variants=("english", "american"),
    # Levels vary the sampled deals per decision; level 2, the default, is the strength
    # measured in docs/bots.md (and the hint bot's). The descriptions spell out
    # QUICK_SAMPLES, DEFAULT_SAMPLES and STRONG_SAMPLES as literals, for the catalogue
    # (tests/cli/test_bot_levels.py checks that they agree).
    levels=(
        BotLevel(
            "1",
            N_("quicker, weaker: 10 sampled deals per decision"),
            expert_factory(QUICK_SAMPLES),
        ),
        BotLevel("2", N_("balanced: 30 sampled deals per decision")),
        BotLevel(
            "3",
            N_("stronger, slower: 90 sampled deals per decision"),
            expert_factory(STRONG_SAMPLES),
        ),
    ),
)

__all__ = [
    "DEFAULT_SAMPLES",
    "EXPERT_BOT",
    "QUICK_SAMPLES",
    "SAMPLED_REASON",
    "SOLVED_REASON",
    "STRONG_SAMPLES",
    "EnglishExpertBot",
    "expert_factory",
    "make_expert_bot",
    "side_utility",
]
