"""German Whist's rule options (docs/variants/german.md §1.3, §1.5, §1.8, §1.9, §1.10).

Every option of docs/variants/german.md §1 is a field here, with the default docs/variants/german.md
gives. Two options of §1.11 are deliberately absent because the sources leave them under-specified
(docs/variants/german.md marks them experimental): ``open_talon_size`` and ``race_to``;
docs/variants/german.md says so.

``hand_result_mode`` has no fixed default: its default depends on ``scoring_profile``
(docs/variants/german.md §1.8 and the "Decisions" list: ``last13`` -> ``win_loss``, ``all26`` ->
``excess_over_book``). Leaving it unset (``None``) means "the default of the chosen profile
and format", so changing the profile alone gives the right scoring; `GermanOptions.result_mode`
is the mode actually in force.
"""

from __future__ import annotations

from typing import Final, Literal

from openwhist import N_, FactsProblemError, Message, VariantOptions
from pydantic import Field, model_validator

ScoringProfile = Literal["last13", "all26"]
ResultMode = Literal["win_loss", "difference", "excess_over_book", "points_per_trick", "weighted"]
MatchFormat = Literal["single_deal", "best_of_3", "best_of_5", "target_points"]

PROFILE_DEFAULT_MODE: Final[dict[str, ResultMode]] = {
    "last13": "win_loss",
    "all26": "excess_over_book",
}
"""docs/variants/german.md §1.8: the hand-result mode of each profile when ``hand_result_mode`` is
unset."""

TARGET_DEFAULT_MODE: Final[ResultMode] = "points_per_trick"
"""docs/variants/german.md §1.9: ``target_points`` goes with ``points_per_trick`` (MeggieSoft) when
unset."""


class GermanOptions(VariantOptions):
    """Every option of German Whist, with the defaults of docs/variants/german.md §1."""

    scoring_profile: ScoringProfile = Field(
        "last13",
        description=N_(
            "which tricks count: last13 = only the 13 phase-2 tricks; "
            "all26 = all 26 tricks (13-13 is then a tie)"
        ),
    )
    hand_result_mode: ResultMode | None = Field(
        None,
        description=N_(
            "how a deal scores: win_loss, difference, excess_over_book, "
            "points_per_trick or weighted; unset = the default of the profile (last13: "
            "win_loss, all26: excess_over_book), or points_per_trick with "
            "match_format=target_points"
        ),
    )
    phase1_must_follow_suit: bool = Field(
        True,
        description=N_("whether the reply must follow suit while the stock lasts"),
    )
    trump_mode: Literal["turn_up", "none"] = Field(
        "turn_up",
        description=N_(
            "turn_up: the suit of the first face-up stock card is trump for the deal; "
            "none: no trump suit (the face-up card is still the prize)"
        ),
    )
    match_format: MatchFormat = Field(
        "single_deal",
        description=N_(
            "what makes a match: one deal, best of 3 or 5 deals (a tied deal "
            "counts for nobody), or points to target_points"
        ),
    )
    target_points: int = Field(
        50,
        ge=1,
        le=10_000,
        description=N_(
            "the target for match_format=target_points; if both players reach it on the "
            "same deal it rises by 10 until at most one has reached it (if neither has, play "
            "goes on to the raised target)"
        ),
    )
    late_revoke_policy: Literal["stands", "void_deal"] = Field(
        "stands",
        description=N_(
            "score-keeping of real-card games only: a revoke discovered too "
            "late to take back leaves the result standing or voids the deal; engine play "
            "rejects revokes outright"
        ),
    )

    @property
    def result_mode(self) -> ResultMode:
        """The hand-result mode in force: the explicit one, else the format's or profile's."""
        if self.hand_result_mode is not None:
            return self.hand_result_mode
        if self.match_format == "target_points":
            return TARGET_DEFAULT_MODE
        return PROFILE_DEFAULT_MODE[self.scoring_profile]

    @property
    def book(self) -> int:
        """Book for ``excess_over_book`` (docs/variants/german.md §1.8): 13 for all26, 6 for
        last13."""
        return 13 if self.scoring_profile == "all26" else 6

    @model_validator(mode="after")
    def _check_target_format(self) -> GermanOptions:
        if self.match_format == "target_points" and self.result_mode == "win_loss":
            raise FactsProblemError(
                Message(
                    N_(
                        "match_format=target_points needs a points-scoring hand_result_mode "
                        "(points_per_trick, difference, excess_over_book or weighted), not "
                        "win_loss"
                    )
                )
            )
        return self
