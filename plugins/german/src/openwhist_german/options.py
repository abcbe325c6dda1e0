"""German Whist's rule options (RULES.md §1.3, §1.5, §1.8, §1.9, §1.10)."""

from __future__ import annotations

from typing import Literal

from openwhist import VariantOptions
from pydantic import Field, model_validator

ResultMode = Literal["win_loss", "difference", "excess_over_book", "points_per_trick", "weighted"]

PROFILE_DEFAULT_MODE: dict[str, ResultMode] = {
    "last13": "win_loss",
    "all26": "excess_over_book",
}


class GermanOptions(VariantOptions):
    """Every option of German Whist, with the defaults of RULES.md §1."""

    scoring_profile: Literal["last13", "all26"] = Field(
        "last13",
        description="which tricks count: the last 13 (phase 2) or all 26",
    )
    hand_result_mode: ResultMode | None = Field(
        None,
        description=(
            "how a deal scores: win_loss, difference, excess_over_book, points_per_trick or "
            "weighted; unset means the profile's default (last13: win_loss, "
            "all26: excess_over_book)"
        ),
    )
    phase1_must_follow_suit: bool = Field(
        True, description="whether the reply must follow suit while the stock lasts"
    )
    trump_mode: Literal["turn_up", "none"] = Field(
        "turn_up",
        description="turn_up: the first face-up stock card fixes trump; none: no trump",
    )
    match_format: Literal["single_deal", "best_of_3", "best_of_5", "target_points"] = Field(
        "single_deal", description="what makes a match: one deal, best of 3 or 5, or points"
    )
    target_points: int = Field(
        50, ge=1, le=10_000, description="the target for match_format=target_points"
    )
    late_revoke_policy: Literal["stands", "void_deal"] = Field(
        "stands",
        description=(
            "score-keeping of real-card games: a revoke noticed late stands or voids the "
            "deal (engine play rejects revokes outright)"
        ),
    )

    @property
    def result_mode(self) -> ResultMode:
        """The hand-result mode in force (the profile's default when unset)."""
        return self.hand_result_mode or PROFILE_DEFAULT_MODE[self.scoring_profile]

    @model_validator(mode="after")
    def _check_target_format(self) -> GermanOptions:
        if self.match_format == "target_points" and self.result_mode == "win_loss":
            raise ValueError(
                "match_format=target_points needs a points-scoring hand_result_mode "
                "(points_per_trick, difference, excess_over_book or weighted)"
            )
        return self
