"""Scoring one English Whist deal from its facts (docs/variants/english.md §2.5, §2.6, §2.8,
docs/variants/american.md §3).

`score_facts` applies the items in the exact order of docs/variants/english.md §2.6:

1. revoke penalties (§2.8), each in the order the revokes happened;
2. tricks: one point per trick over six to the side that won seven or more;
3. honours (§2.5): 4 for all four, 2 for three, subject to the honours rule;

starting from the game score before the deal (``context.progress``). The moment a side
reaches ``game_target`` it has won the game and nothing later is scored (so tricks beat
honours); points above the target are discarded; a side that revoked in the deal cannot end
it above ``game_target - 1``. Every item is one explained `ScoreLine` whose points are the
points that actually count; items that do not count are explained in
``DealScore.facts["not_scored"]``.
"""

from __future__ import annotations

from typing import Any

from openwhist import N_, Category, DealScore, Message, ScoreLine, VariantError

from openwhist_english.facts import EnglishFacts
from openwhist_english.options import EnglishOptions

PARTIES = ("NS", "EW")
"""Party names: side 0 is N–S, side 1 is E–W."""
BOOK = 6
"""Tricks that score nothing: the first six (docs/variants/english.md §2.6 item 2)."""
REVOKE_PENALTY = 3
"""Tricks or points per established revoke (docs/variants/english.md §2.8)."""
HONOURS_POINTS = {4: 4, 3: 2}
"""Points for honours held by one side: all four 4, three 2 (docs/variants/english.md §2.5)."""


def game_score_before(progress: dict[str, Any] | None, options: EnglishOptions) -> list[int]:
    """The current game's score per side before the deal, from a match progress dict.

    ``None`` (a deal outside any match) counts as a new game at 0–0.

    Raises:
        VariantError: when the progress holds a score that no running game can have.
    """
    if progress is None:
        return [0, 0]
    detail = progress.get("detail") or {}
    raw = detail.get("game_score", [0, 0])
    score = [int(raw[0]), int(raw[1])]
    if min(score) < 0 or max(score) >= options.game_target:
        raise VariantError(
            Message(
                N_(
                    "the match progress gives a game score of {score}, which no running game "
                    "to {target} can have"
                ),
                {"score": str(score), "target": options.game_target},
            )
        )
    return score


class _DealScorer:
    """The running score of one deal while the items of §2.6 are applied in order."""

    def __init__(
        self, options: EnglishOptions, before: list[int], offenders: frozenset[int]
    ) -> None:
        self.options = options
        self.target = options.game_target
        self.before = tuple(before)
        self.score = list(before)
        self.offenders = offenders
        self.lines: list[ScoreLine] = []
        self.not_scored: list[str] = []
        self.game_winner: int | None = None

    def limit(self, side: int) -> int:
        """The most ``side`` may hold: the target, or target − 1 for a revoking side (§2.8)."""
        return self.options.cap if side in self.offenders else self.target

    def stopped(self, side: int, what: Message) -> bool:
        """True (and explained) when the game is already won, so ``what`` is not scored."""
        if self.game_winner is None:
            return False
        self.not_scored.append(
            f"{PARTIES[side]} {what.render()}: not scored, {PARTIES[self.game_winner]} already "
            f"reached game ({self.target})"
        )
        return True

    def add(self, side: int, category: Category, points: int, note: Message) -> None:
        """Score ``points`` (>= 0) for ``side``, discarding what goes above its limit."""
        if self.stopped(side, note):
            return
        limit = self.limit(side)
        counted = max(0, min(points, limit - self.score[side]))
        if counted < points:
            why = (
                Message(
                    N_("a side that revoked cannot pass {limit} in that deal"), {"limit": limit}
                )
                if side in self.offenders
                else Message(
                    N_("points above game ({target}) are discarded"), {"target": self.target}
                )
            )
            note = Message(
                N_("{note}; {dropped} not counted: {why}"),
                {"note": note, "dropped": points - counted, "why": why},
            )
        self.score[side] += counted
        self.lines.append(ScoreLine.explained(side, category, counted, note))
        if self.score[side] >= self.target:
            self.game_winner = side

    def deduct(self, side: int, points: int, note: Message) -> None:
        """Take up to ``points`` off ``side``'s game score, never below 0 (§2.8 [D])."""
        if self.stopped(side, note):
            return
        taken = min(points, self.score[side])
        if taken < points:
            note = Message(
                N_("{note}; only {taken} taken: a score never goes below 0"),
                {"note": note, "taken": taken},
            )
        self.score[side] -= taken
        self.lines.append(ScoreLine.explained(side, Category.PENALTY, -taken, note))


def _void(
    facts: EnglishFacts, before: list[int], reason: str, options: EnglishOptions
) -> DealScore:
    return DealScore(
        parties=PARTIES,
        lines=(),
        winner=None,
        tricks=facts.seat_tricks or (),
        facts={
            **_base_facts(facts, before, options),
            "void": True,
            "void_reason": reason,
            "game_score_after": list(before),
            "game_won_by": None,
            "not_scored": [reason],
        },
    )


def _base_facts(facts: EnglishFacts, before: list[int], options: EnglishOptions) -> dict[str, Any]:
    return {
        **facts.as_json(),
        "game_target": options.game_target,
        "game_score_before": list(before),
        "void": False,
    }


def score_facts(
    facts: EnglishFacts, options: EnglishOptions, progress: dict[str, Any] | None
) -> DealScore:
    """Score one deal in the order of docs/variants/english.md §2.6 (see the module docstring).

    Args:
        facts: the deal's facts, played (`deal_facts`) or entered by a score-keeper.
        options: the match's options.
        progress: the match progress before the deal (``MatchProgress.as_dict()``), or
            ``None`` for a deal outside a match (scored from 0–0).

    Returns:
        The deal's score. ``winner`` is the side that took the odd trick (seven or more
        tricks after any transferred tricks); ``facts["game_won_by"]`` is the side that
        reached the game target in this deal, if any; ``facts["void"]`` marks a misdeal or
        a mutual revoke under ``mutual_revoke=new_deal`` (no lines; the deal is redealt).

    Raises:
        VariantError: a declared penalty that the match's options do not allow, or an
            impossible game score in ``progress``.
    """
    before = game_score_before(progress, options)
    if facts.misdeal:
        return _void(facts, before, N_("misdeal: the deal is void and dealt again"), options)
    for revoke in facts.revokes:
        if revoke.penalty not in options.revoke_penalty_options:
            allowed = ", ".join(options.revoke_penalty_options)
            raise VariantError(
                Message(
                    N_(
                        "revoke penalty '{penalty}' is not allowed in this match "
                        "(revoke_penalty_options: {allowed})"
                    ),
                    {"penalty": revoke.penalty, "allowed": allowed},
                )
            )
    offenders = frozenset(r.side for r in facts.revokes)
    if len(offenders) == 2 and options.mutual_revoke == "new_deal":
        # docs/variants/english.md §2.8, C-E2: the older rule voids the deal.
        return _void(
            facts, before, N_("both sides revoked: the deal is void and dealt again"), options
        )

    scorer = _DealScorer(options, before, offenders)
    tricks = list(facts.tricks)

    # 1. Revoke penalties (§2.8), before tricks and honours, in the order they happened.
    for revoke in facts.revokes:
        off, non = revoke.side, 1 - revoke.side
        values: dict[str, int | str] = {
            "off": PARTIES[off],
            "non": PARTIES[non],
            "count": REVOKE_PENALTY,
        }
        if revoke.penalty == "transfer_tricks":
            moved = min(REVOKE_PENALTY, tricks[off])  # never more than they won [D]
            what = Message(N_("revoke by {off}: {count} tricks transferred"), values)
            if scorer.stopped(non, what):
                continue
            tricks[off] -= moved
            tricks[non] += moved
            values["count"] = moved
            note = Message(
                N_("revoke by {off}: {count} tricks transferred from {off} to {non}")
                if moved == REVOKE_PENALTY
                else N_(
                    "revoke by {off}: {count} tricks transferred from {off} to {non} "
                    "(all the tricks {off} had)"
                ),
                values,
            )
            scorer.lines.append(ScoreLine.explained(non, Category.PENALTY, 0, note))
        elif revoke.penalty == "deduct":
            scorer.deduct(
                off, REVOKE_PENALTY, Message(N_("revoke by {off}: {count} points deducted"), values)
            )
        else:
            scorer.add(
                non,
                Category.PENALTY,
                REVOKE_PENALTY,
                Message(N_("revoke by {off}: {count} points added"), values),
            )

    # 2. Tricks (§2.6 item 2): each trick over six.
    odd_trick_side: int | None = None
    for side in (0, 1):
        if tricks[side] > BOOK:
            odd_trick_side = side
            over = tricks[side] - BOOK
            counts = {"tricks": tricks[side], "over": over, "won": facts.tricks[side]}
            note = Message(
                N_("{tricks} tricks, {over} over six")
                if tricks[side] == facts.tricks[side]
                else N_("{tricks} tricks, {over} over six ({won} won, the rest by revoke penalty)"),
                counts,
            )
            scorer.add(side, Category.TRICKS, over, note)

    # 3. Honours (§2.5), subject to the honours rule.
    if options.honours:
        for side in (0, 1):
            held = facts.honours[side]
            points = HONOURS_POINTS.get(held, 0)
            if not points:
                continue
            what = Message(N_("{held} honours"), {"held": held})
            if scorer.stopped(side, what):
                continue
            rule = options.honours_rule
            if rule == "blocked_at_start_score_target_minus_1" and before[side] == options.cap:
                scorer.not_scored.append(
                    f"{PARTIES[side]} {what.render()}: not scored, {PARTIES[side]} was at "
                    f"{options.cap} when the deal started (honours do not count at "
                    f"{options.cap})"
                )
                continue
            if rule == "never_reach_game" and scorer.score[side] + points >= options.game_target:
                scorer.not_scored.append(
                    f"{PARTIES[side]} {what.render()}: not scored, honours may not take a side "
                    "to game"
                )
                continue
            scorer.add(side, Category.HONOURS, points, what)

    return DealScore(
        parties=PARTIES,
        lines=tuple(scorer.lines),
        winner=odd_trick_side,
        tricks=facts.seat_tricks or (),
        facts={
            **_base_facts(facts, before, options),
            "tricks_scored": tricks,
            "game_score_after": list(scorer.score),
            "game_won_by": scorer.game_winner,
            "not_scored": scorer.not_scored,
        },
    )
