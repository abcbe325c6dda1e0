"""German Whist's rule hooks (RULES.md §1). Only what differs from standard whist.

Seats: 0 = ``A``, 1 = ``B``. The stock is kept as a tuple, top card first; its first card is
the face-up prize. Phase 1 is "the stock is not empty"; phase 2 is the play-out.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from openwhist import (
    NO_TRUMP,
    Category,
    DealContext,
    DealScore,
    DealState,
    MatchProgress,
    PlayerView,
    Rules,
    ScoreLine,
    TrickRecord,
    deal_round_robin,
    end_deal,
    hookimpl,
    initial_state,
    public_history,
    standard_view,
)
from pydantic import BaseModel

from openwhist_german.options import GermanOptions

PHASE1_TRICKS = 13
"""Tricks 1–13 are phase 1 (drawing); tricks 14–26 phase 2 (RULES.md §1.6, §1.7)."""


class GermanExtra(NamedTuple):
    """German Whist's own deal fields.

    Attributes:
        stock: the stock, top card first; ``stock[0]`` is the face-up prize.
        face_up_taken: per seat, the face-up cards it took (public knowledge), played or not.
        blind_taken: per seat, the face-down cards it drew (known only to that seat).
    """

    stock: tuple[int, ...]
    face_up_taken: tuple[int, int]
    blind_taken: tuple[int, int]


def _options(state: DealState[Any]) -> GermanOptions:
    options = state.context.options
    assert isinstance(options, GermanOptions)
    return options


class GermanRules:
    """The rules plugin of German Whist."""

    @hookimpl
    def whist_start_deal(self, context: DealContext) -> DealState[GermanExtra]:
        state = initial_state(context, GermanExtra((), (0, 0), (0, 0)))
        # RULES.md §1.4: the non-dealer leads trick 1.
        return state._replace(leader=1 - context.dealer)

    @hookimpl
    def whist_deal_cards(
        self, state: DealState[GermanExtra], order: tuple[int, ...]
    ) -> DealState[GermanExtra]:
        # RULES.md §1.2: 13 each, one at a time, starting with the non-dealer (deck cards
        # 1, 3, ..., 25 to the non-dealer, 2, 4, ..., 26 to the dealer); the rest is the
        # stock, whose top card (the 27th) is turned face up. §1.3: its suit is trump for
        # the whole deal, unless trump_mode is "none".
        non_dealer = 1 - state.context.dealer
        hands = deal_round_robin(order, seats=2, first=non_dealer, count=26)
        stock = order[26:]
        trump = stock[0] // 13 if _options(state).trump_mode == "turn_up" else NO_TRUMP
        return state._replace(
            phase="play",
            to_act=non_dealer,
            leader=non_dealer,
            hands=tuple(hands),
            trump=trump,
            extra=state.extra._replace(stock=stock),
        )

    @hookimpl
    def whist_legal_plays(self, state: DealState[GermanExtra]) -> int | None:
        # RULES.md §1.5: follow suit in both phases unless phase1_must_follow_suit is false,
        # which frees the reply while the stock lasts.
        if state.trick and state.extra.stock and not _options(state).phase1_must_follow_suit:
            return state.hands[state.to_act]
        return None

    @hookimpl
    def whist_after_trick(
        self, state: DealState[GermanExtra], record: TrickRecord
    ) -> DealState[GermanExtra]:
        extra = state.extra
        stock = extra.stock
        if not stock:
            # Phase 2: no drawing; the deal ends when both hands are empty (§1.7).
            return end_deal(state) if not any(state.hands) else state
        # RULES.md §1.6: the winner takes the face-up card, the loser the next card face
        # down, and only then is the new top card turned (it does not change trump).
        winner = record.winner
        loser = 1 - winner
        prize, blind = stock[0], stock[1]
        hands = list(state.hands)
        hands[winner] |= 1 << prize
        hands[loser] |= 1 << blind
        face_up = list(extra.face_up_taken)
        face_up[winner] |= 1 << prize
        blinds = list(extra.blind_taken)
        blinds[loser] |= 1 << blind
        return state._replace(
            hands=tuple(hands),
            extra=GermanExtra(stock[2:], (face_up[0], face_up[1]), (blinds[0], blinds[1])),
        )

    @hookimpl
    def whist_observe(self, state: DealState[GermanExtra], seat: int) -> PlayerView:
        extra = state.extra
        played = 0
        for trick in state.completed:
            for card in trick.cards:
                played |= 1 << card
        for card in state.trick:
            played |= 1 << card
        public: dict[str, Any] = {
            "stock": len(extra.stock),
            "face_up": extra.stock[0] if extra.stock else None,
            "phase": 1 if extra.stock or state.phase == "deal" else 2,
            # The face-up cards each seat took and still holds: both players saw them.
            "known": [extra.face_up_taken[s] & state.hands[s] & ~played for s in (0, 1)],
        }
        private: dict[str, Any] = {"drawn_blind": extra.blind_taken[seat]}
        return standard_view(
            state, seat, history=public_history(state), public=public, private=private
        )

    @hookimpl
    def whist_score_deal(self, state: DealState[GermanExtra]) -> DealScore:
        return score_deal(state)

    @hookimpl
    def whist_start_match(self, options: BaseModel, first_dealer: int) -> MatchProgress:
        assert isinstance(options, GermanOptions)
        detail: dict[str, Any] = {"format": options.match_format}
        if options.match_format == "target_points":
            detail["target"] = options.target_points
        return MatchProgress(
            parties=("A", "B"), deals=0, dealer=first_dealer, totals=(0, 0), detail=detail
        )

    @hookimpl
    def whist_advance_match(
        self, progress: MatchProgress, score: DealScore, options: BaseModel
    ) -> MatchProgress:
        assert isinstance(options, GermanOptions)
        return advance_match(progress, score, options)


def tricks_won(records: tuple[TrickRecord, ...]) -> tuple[int, int]:
    """How many of ``records`` each seat won."""
    a = sum(1 for r in records if r.winner == 0)
    return a, len(records) - a


def counted_tricks(state: DealState[Any], profile: str) -> tuple[int, int]:
    """Tricks that count per seat: phase 2 only (``last13``) or all 26 (``all26``)."""
    records = state.completed if profile == "all26" else state.completed[PHASE1_TRICKS:]
    return tricks_won(records)


def score_deal(state: DealState[Any]) -> DealScore:
    """Score a finished deal per RULES.md §1.8 (profile and hand-result mode)."""
    options = _options(state)
    profile = options.scoring_profile
    mode = options.result_mode
    counted = counted_tricks(state, profile)
    phase1 = tricks_won(state.completed[:PHASE1_TRICKS])
    phase2 = tricks_won(state.completed[PHASE1_TRICKS:])
    book = 13 if profile == "all26" else 6
    lines: list[ScoreLine] = []
    winner: int | None = None
    if counted[0] != counted[1]:
        winner = 0 if counted[0] > counted[1] else 1
    facts: dict[str, Any] = {
        "profile": profile,
        "mode": mode,
        "counted": list(counted),
        "phase1": list(phase1),
        "phase2": list(phase2),
    }
    names = ("A", "B")
    if mode in ("win_loss", "difference", "excess_over_book"):
        if winner is not None:
            won, lost = counted[winner], counted[1 - winner]
            if mode == "win_loss":
                points, note = 1, f"won the deal {won}–{lost}"
            elif mode == "difference":
                points, note = won - lost, f"{won} tricks against {lost}: difference {won - lost}"
            else:
                points, note = won - book, f"{won} tricks, {won - book} over {book}"
            lines.append(ScoreLine(winner, Category.DEAL, points, note))
    elif mode == "points_per_trick":
        # MeggieSoft: one point per counted trick to its winner.
        for seat in (0, 1):
            lines.append(
                ScoreLine(seat, Category.TRICKS, counted[seat], f"{counted[seat]} tricks")
            )
    else:  # weighted (Guardian): phase-1 tricks 1 point, phase-2 tricks 2 points.
        for seat in (0, 1):
            lines.append(
                ScoreLine(seat, Category.TRICKS, phase1[seat], f"{phase1[seat]} phase-1 tricks x1")
            )
            lines.append(
                ScoreLine(
                    seat, Category.TRICKS, 2 * phase2[seat], f"{phase2[seat]} phase-2 tricks x2"
                )
            )
        points = [phase1[s] + 2 * phase2[s] for s in (0, 1)]
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    if mode == "points_per_trick" and counted[0] == counted[1]:
        winner = None
    if winner is None:
        facts["tie"] = True
    return DealScore(
        parties=names, lines=tuple(lines), winner=winner, tricks=state.tricks, facts=facts
    )


WINS_NEEDED = {"best_of_3": 2, "best_of_5": 3}


def advance_match(
    progress: MatchProgress, score: DealScore, options: GermanOptions
) -> MatchProgress:
    """RULES.md §1.9: single deal, best of N (a tied deal counts for nobody), or points to
    a target (if both reach it on one deal, the target rises by 10 until one alone does).
    The dealer alternates every deal regardless of results."""
    fmt = options.match_format
    deals = progress.deals + 1
    dealer = 1 - progress.dealer
    detail = dict(progress.detail)
    if fmt == "single_deal":
        totals = tuple(t + score.points(p) for p, t in enumerate(progress.totals))
        finished, winner = True, score.winner
        summary = _deal_summary(score)
    elif fmt in WINS_NEEDED:
        need = WINS_NEEDED[fmt]
        wins = list(progress.totals)
        if score.winner is not None:
            wins[score.winner] += 1
        totals = (wins[0], wins[1])
        winner = next((p for p in (0, 1) if wins[p] >= need), None)
        finished = winner is not None
        summary = f"A {wins[0]}–{wins[1]} B ({fmt.replace('_', ' ')})"
    else:  # target_points
        totals = (
            progress.totals[0] + score.points(0),
            progress.totals[1] + score.points(1),
        )
        target = int(detail.get("target", options.target_points))
        while totals[0] >= target and totals[1] >= target:
            target += 10
        detail["target"] = target
        reached = [p for p in (0, 1) if totals[p] >= target]
        winner = reached[0] if len(reached) == 1 else None
        finished = winner is not None
        summary = f"A {totals[0]}, B {totals[1]} (target {target})"
    return MatchProgress(
        parties=progress.parties,
        deals=deals,
        dealer=dealer,
        totals=totals,
        finished=finished,
        winner=winner,
        detail=detail,
        summary=summary,
    )


def _deal_summary(score: DealScore) -> str:
    counted = score.facts.get("counted", [0, 0])
    if score.winner is None:
        return f"tie {counted[0]}–{counted[1]}"
    return f"{score.parties[score.winner]} wins {counted[score.winner]}–{counted[1 - score.winner]}"
