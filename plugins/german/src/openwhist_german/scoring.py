"""German Whist scoring: the deal facts, a deal's score and the match
(docs/variants/german.md §1.8–§1.10).

A deal is scored from its *facts* (`GermanFacts`): the tricks each seat won in phase 1 and in
phase 2. A played deal yields them through ``whist_deal_facts``; a score-keeper recording a
game played with real cards enters the same facts, so both are scored by the same
`score_facts`. The match functions (`start_match`, `advance_match`) implement the formats of
docs/variants/german.md §1.9.
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from openwhist import N_, Category, DealScore, FactsProblemError, MatchProgress, Message, ScoreLine
from pydantic import BaseModel, ConfigDict, Field, field_validator

from openwhist_german.options import GermanOptions

SEATS: Final = ("A", "B")
"""Seat 0 is ``A``, seat 1 is ``B``; each seat is its own scoring party."""

TRICKS_PER_PHASE: Final = 13
"""Phase 1 is tricks 1–13, phase 2 tricks 14–26 (docs/variants/german.md §1.6, §1.7)."""

WINS_NEEDED: Final = {"best_of_3": 2, "best_of_5": 3}
"""Deals a player must win to take a best-of-N match (docs/variants/german.md §1.9)."""

TARGET_STEP: Final = 10
"""How far the target rises when both players reach it on one deal
(docs/variants/german.md §1.8)."""

TrickCount = Annotated[int, Field(ge=0, le=TRICKS_PER_PHASE)]


class GermanFacts(BaseModel):
    """What scoring needs to know of one German Whist deal.

    The model a score-keeper fills in for a deal played with real cards, and what
    ``whist_deal_facts`` extracts from a deal played in the engine.

    Attributes:
        phase1_tricks: tricks 1–13 won by A and by B (they sum to 13).
        phase2_tricks: tricks 14–26 won by A and by B (they sum to 13).
        late_revoke: a revoke was discovered after it could be taken back (table play only;
            docs/variants/german.md §1.10). What it does depends on the option
            ``late_revoke_policy``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    # ``per_seat``: a form asks each player's count by name (docs/plugins/hooks.md).
    phase1_tricks: tuple[TrickCount, TrickCount] = Field(
        description=N_("tricks 1-13 won by A and by B; they sum to 13"),
        json_schema_extra={"openwhist": "per_seat"},
    )
    phase2_tricks: tuple[TrickCount, TrickCount] = Field(
        description=N_("tricks 14-26 won by A and by B; they sum to 13"),
        json_schema_extra={"openwhist": "per_seat"},
    )
    late_revoke: bool = Field(
        False,
        description=N_("a revoke was discovered too late to take back (real-card play only)"),
    )

    @field_validator("phase1_tricks", "phase2_tricks")
    @classmethod
    def _thirteen_per_phase(cls, value: tuple[int, int]) -> tuple[int, int]:
        total = value[0] + value[1]
        if total != TRICKS_PER_PHASE:
            raise FactsProblemError(
                Message(
                    N_(
                        "A and B must win {tricks} tricks between them in each phase "
                        "(got {a} + {b} = {total})"
                    ),
                    {"tricks": TRICKS_PER_PHASE, "a": value[0], "b": value[1], "total": total},
                )
            )
        return value

    def counted(self, profile: str) -> tuple[int, int]:
        """Tricks that count per seat: phase 2 only (``last13``) or all 26 (``all26``)."""
        if profile == "all26":
            return (
                self.phase1_tricks[0] + self.phase2_tricks[0],
                self.phase1_tricks[1] + self.phase2_tricks[1],
            )
        return self.phase2_tricks


def _higher(values: tuple[int, int]) -> int | None:
    """The seat with the higher value, or ``None`` when they are equal."""
    if values[0] == values[1]:
        return None
    return 0 if values[0] > values[1] else 1


def score_facts(facts: GermanFacts, options: GermanOptions) -> DealScore:
    """Score one deal from its facts, by profile and hand-result mode
    (docs/variants/german.md §1.8).

    * ``win_loss``: 1 point to the seat with more counted tricks.
    * ``difference``: the winner scores own counted tricks minus the loser's.
    * ``excess_over_book``: the winner scores own counted tricks minus book (13 for all26,
      6 for last13).
    * ``points_per_trick``: every *counted* trick is 1 point to the seat that won it -- the
      13 phase-2 tricks under ``last13``, all 26 under ``all26`` (docs/variants/decisions.md §7.0,
      2026-12-01; openwhist-german 0.1.0 scored only the phase-2 tricks under ``all26``).
    * ``weighted``: phase-1 tricks 1 point, phase-2 tricks 2 points, whatever the profile
      (the Guardian's count weighs both phases by definition); 39 points, so never a tie.

    The deal's winner is the seat with more counted tricks (``weighted``: more points). A
    13–13 split of ``all26`` is a tie (docs/variants/decisions.md C-G1): no winner, and nothing is
    scored in the winner-takes modes. A late revoke under ``late_revoke_policy="void_deal"`` voids
    the deal: no winner, no score (docs/variants/german.md §1.10).
    """
    profile = options.scoring_profile
    mode = options.result_mode
    counted = facts.counted(profile)
    p1, p2 = facts.phase1_tricks, facts.phase2_tricks
    detail: dict[str, Any] = {
        "profile": profile,
        "mode": mode,
        "phase1": list(p1),
        "phase2": list(p2),
        "counted": list(counted),
    }
    tricks = (p1[0] + p2[0], p1[1] + p2[1])
    if facts.late_revoke:
        detail["late_revoke"] = True
        if options.late_revoke_policy == "void_deal":
            detail["void"] = True
            detail["tie"] = False
            return DealScore(parties=SEATS, lines=(), winner=None, tricks=tricks, facts=detail)

    lines: list[ScoreLine] = []
    winner = _higher(counted)
    if mode == "weighted":
        points = (p1[0] + 2 * p2[0], p1[1] + 2 * p2[1])
        winner = _higher(points)
        for seat in (0, 1):
            if p1[seat]:
                note = Message(N_("{count} phase-1 tricks x 1"), {"count": p1[seat]})
                lines.append(ScoreLine.explained(seat, Category.TRICKS, p1[seat], note))
            if p2[seat]:
                note = Message(N_("{count} phase-2 tricks x 2"), {"count": p2[seat]})
                lines.append(ScoreLine.explained(seat, Category.TRICKS, 2 * p2[seat], note))
        detail["points"] = list(points)
    elif mode == "points_per_trick":
        # docs/variants/decisions.md §7.0 (2026-12-01): one point per counted trick of the profile,
        # so the points always agree with the deal's winner (more counted tricks).
        for seat in (0, 1):
            if not counted[seat]:
                continue
            if profile == "all26":
                note = Message(
                    N_("{phase1} in phase 1 + {phase2} in phase 2 = {count}"),
                    {"count": counted[seat], "phase1": p1[seat], "phase2": p2[seat]},
                )
            else:
                note = Message(N_("{count} phase-2 tricks"), {"count": p2[seat]})
            lines.append(ScoreLine.explained(seat, Category.TRICKS, counted[seat], note))
    elif winner is not None:
        won, lost = counted[winner], counted[1 - winner]
        values = {"won": won, "lost": lost}
        if mode == "win_loss":
            points_won, note = 1, Message(N_("won the deal {won}-{lost}"), values)
        elif mode == "difference":
            points_won = won - lost
            note = Message(
                N_("{won} tricks against {lost}: difference {points}"),
                {**values, "points": points_won},
            )
        else:  # excess_over_book
            book = options.book
            points_won = won - book
            note = Message(
                N_("{won} tricks, {points} over a book of {book}"),
                {**values, "points": points_won, "book": book},
            )
        lines.append(ScoreLine.explained(winner, Category.DEAL, points_won, note))
    detail["tie"] = winner is None
    return DealScore(parties=SEATS, lines=tuple(lines), winner=winner, tricks=tricks, facts=detail)


def start_match(options: GermanOptions, first_dealer: int) -> MatchProgress:
    """A new match of ``options.match_format`` before its first deal."""
    fmt = options.match_format
    detail: dict[str, Any] = {"format": fmt, "tied_deals": 0}
    if fmt == "target_points":
        detail["target"] = options.target_points
    elif fmt in WINS_NEEDED:
        detail["wins_needed"] = WINS_NEEDED[fmt]
    return MatchProgress(
        parties=SEATS,
        deals=0,
        dealer=first_dealer,
        totals=(0, 0),
        detail=detail,
        **MatchProgress.summarised(_summary_start(fmt, detail)),
    )


def advance_match(
    progress: MatchProgress, score: DealScore, options: GermanOptions
) -> MatchProgress:
    """The match after one more scored deal (docs/variants/german.md §1.9).

    * ``single_deal``: the deal is the whole match; totals are its points, the winner is the
      deal's winner (``None`` for a tied ``all26`` deal).
    * ``best_of_3`` / ``best_of_5``: totals are deals won; a tied (or voided) deal counts for
      nobody and another deal is played; the first to 2 (3) deals wins.
    * ``target_points``: totals are running points; when both reach the target on the same
      deal the target rises by 10 until exactly one has reached it; the match ends when one
      player alone has reached the target.

    The dealer alternates every deal, whatever the result (docs/variants/german.md §1.2, §1.9).
    """
    fmt = options.match_format
    detail = dict(progress.detail)
    if score.winner is None:
        detail["tied_deals"] = int(detail.get("tied_deals", 0)) + 1
    winner: int | None
    if fmt == "single_deal":
        totals = (progress.totals[0] + score.points(0), progress.totals[1] + score.points(1))
        finished, winner = True, score.winner
        summary = _deal_summary(score)
    elif fmt in WINS_NEEDED:
        need = WINS_NEEDED[fmt]
        wins = [progress.totals[0], progress.totals[1]]
        if score.winner is not None:
            wins[score.winner] += 1
        totals = (wins[0], wins[1])
        winner = next((p for p in (0, 1) if wins[p] >= need), None)
        finished = winner is not None
        summary = Message(
            N_("A {a}-{b} B (best of {deals})"), {"a": wins[0], "b": wins[1], "deals": 2 * need - 1}
        )
    else:  # target_points
        totals = (progress.totals[0] + score.points(0), progress.totals[1] + score.points(1))
        target = int(detail.get("target", options.target_points))
        while totals[0] >= target and totals[1] >= target:
            target += TARGET_STEP
        detail["target"] = target
        reached = [p for p in (0, 1) if totals[p] >= target]
        winner = reached[0] if len(reached) == 1 else None
        finished = winner is not None
        summary = Message(
            N_("A {a}, B {b} (target {target})"), {"a": totals[0], "b": totals[1], "target": target}
        )
    if finished and fmt != "single_deal":
        summary = Message(
            N_("{summary}: {player} wins the match")
            if winner is not None
            else N_("{summary}: tied"),
            {"summary": summary, "player": SEATS[winner] if winner is not None else ""},
        )
    return MatchProgress(
        parties=progress.parties,
        deals=progress.deals + 1,
        dealer=1 - progress.dealer,
        totals=totals,
        finished=finished,
        winner=winner,
        detail=detail,
        **MatchProgress.summarised(summary),
    )


def standing(progress: MatchProgress) -> Message | None:
    """What the table's score line says beside the totals, which it shows itself
    (`openwhist.Presentation.standing`): a match of several deals says what its totals are
    played to (``first to 100 points``, ``best of 3 deals``), or who won it; a single deal
    says its result (``A wins 15-11``), as its summary does. The totals are said once, by
    the line; the summary (what the ledger's lists print) stays whole."""
    fmt = progress.detail.get("format")
    if fmt == "single_deal" or fmt is None:
        return progress.summary_message
    if progress.finished:
        if progress.winner is None:
            return Message(N_("the match is tied"))
        return Message(N_("{player} wins the match"), {"player": SEATS[progress.winner]})
    return _summary_start(str(fmt), progress.detail)


def _summary_start(fmt: str, detail: dict[str, Any]) -> Message:
    if fmt == "target_points":
        return Message(N_("first to {target} points"), {"target": detail["target"]})
    if fmt in WINS_NEEDED:
        return Message(N_("best of {deals} deals"), {"deals": 2 * WINS_NEEDED[fmt] - 1})
    return Message(N_("one deal"))


def _deal_summary(score: DealScore) -> Message:
    counted = score.facts.get("points", score.facts.get("counted", [0, 0]))
    if score.facts.get("void"):
        return Message(N_("deal void (late revoke)"))
    if score.winner is None:
        return Message(N_("tie {a}-{b}"), {"a": counted[0], "b": counted[1]})
    won, lost = counted[score.winner], counted[1 - score.winner]
    return Message(
        N_("{player} wins {won}-{lost}"), {"player": SEATS[score.winner], "won": won, "lost": lost}
    )
