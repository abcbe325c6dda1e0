"""English Whist's rule options (docs/variants/english.md §2.9) and the American preset
(docs/variants/american.md §3).

Every option of docs/variants/english.md §2.9 and docs/variants/american.md §3 is a field with the
default the rules give. The combinations that make no sense are rejected with a message that says
what to change.
"""

from __future__ import annotations

from typing import Literal

from openwhist import N_, FactsProblemError, Message, VariantOptions
from pydantic import Field, field_validator, model_validator

Penalty = Literal["transfer_tricks", "deduct", "add"]
"""The three revoke penalties of docs/variants/english.md §2.8: (a) take three tricks from the
revoking side, (b) deduct three points from the revoking side's score, (c) add three to one's own
score."""

PENALTIES: tuple[Penalty, ...] = ("transfer_tricks", "deduct", "add")

HonoursRule = Literal["blocked_at_start_score_target_minus_1", "never_reach_game"]
GameValues = Literal["treble_double_single", "margin", "flat"]

TREBLE_DOUBLE_SINGLE_TARGET = 5
"""Treble/double/single is defined for a game of five only (docs/variants/english.md §2.7,
docs/variants/american.md §3: do not extrapolate the thresholds to other targets)."""


class EnglishOptions(VariantOptions):
    """Every option of English (short) Whist, defaults per docs/variants/english.md §2.9.

    American Whist is this model with the preset of docs/variants/american.md §3 (see
    ``AMERICAN_PRESET``).
    """

    game_target: int = Field(
        5,
        ge=1,
        le=50,
        description=N_("points that win a game (5 short whist, 7 American, 10 long whist)"),
    )
    honours: bool = Field(
        True, description=N_("whether the trump A, K, Q, J held by one side score (4 or 2)")
    )
    honours_rule: HonoursRule = Field(
        "blocked_at_start_score_target_minus_1",
        description=N_(
            "when honours do not count: blocked_at_start_score_target_minus_1 (a side at "
            "game_target-1 when the deal starts cannot score honours, 'at the score of four') "
            "or never_reach_game (honours are ignored whenever they would bring a side to game)"
        ),
    )
    game_values: GameValues = Field(
        "treble_double_single",
        description=N_(
            "what a won game is worth, by the losers' score: treble_double_single (0 -> 3, "
            "1-2 -> 2, 3-4 -> 1; game to 5 only), margin (game_target minus the losers' "
            "score) or flat (1)"
        ),
    )
    rubber: bool = Field(
        True, description=N_("play rubbers (best of three games); false: the match is games")
    )
    rubber_bonus: int = Field(
        2, ge=0, le=100, description=N_("game points added for winning a rubber")
    )
    rubbers: int = Field(
        1, ge=1, le=100, description=N_("rubbers in the match (a series when more than 1)")
    )
    games: int = Field(
        1,
        ge=1,
        le=100,
        description=N_("games in the match when rubber=false (a series when more than 1)"),
    )
    misdeal: Literal["deal_passes", "same_dealer"] = Field(
        "deal_passes",
        description=N_(
            "who redeals after a misdeal recorded in score-keeping: the next player "
            "(deal_passes) or the same dealer (same_dealer, e.g. a faulty pack)"
        ),
    )
    mutual_revoke: Literal["both_penalised", "new_deal"] = Field(
        "both_penalised",
        description=N_(
            "both sides revoked in one deal: each is penalised and neither can win the game "
            "in that deal (both_penalised), or the deal is void and the same dealer redeals "
            "(new_deal)"
        ),
    )
    first_dealer: Literal["cut_lowest", "random"] = Field(
        "random",
        description=N_(
            "who deals first in a new match: cut_lowest (everyone cuts, the lowest "
            "card deals, ace low) or random"
        ),
    )
    revoke_penalty_options: tuple[Penalty, ...] = Field(
        PENALTIES,
        description=N_(
            "the penalties the non-offending side may choose for a declared revoke: "
            "transfer_tricks (3 tricks), deduct (3 points), add (3 points)"
        ),
    )

    @field_validator("revoke_penalty_options", mode="before")
    @classmethod
    def _split_penalties(cls, value: object) -> object:
        # The CLI passes "-o revoke_penalty_options=deduct,add" as one string.
        if isinstance(value, str):
            return tuple(p.strip() for p in value.split(",") if p.strip())
        return value

    @field_validator("revoke_penalty_options")
    @classmethod
    def _check_penalties(cls, value: tuple[Penalty, ...]) -> tuple[Penalty, ...]:
        if not value:
            raise FactsProblemError(
                Message(
                    N_("at least one revoke penalty must be allowed (transfer_tricks, deduct, add)")
                )
            )
        if len(set(value)) != len(value):
            raise FactsProblemError(Message(N_("each revoke penalty may be listed only once")))
        return value

    @model_validator(mode="after")
    def _check_combinations(self) -> EnglishOptions:
        if (
            self.game_values == "treble_double_single"
            and self.game_target != TREBLE_DOUBLE_SINGLE_TARGET
        ):
            raise FactsProblemError(
                Message(
                    N_(
                        "game_values=treble_double_single is defined only for game_target=5 "
                        "(got {target}); use game_values=margin or flat"
                    ),
                    {"target": self.game_target},
                )
            )
        if self.rubber and self.games != 1:
            raise FactsProblemError(
                Message(
                    N_(
                        "games counts the games of a match without rubbers; with rubber=true "
                        "set rubbers instead (or set rubber=false)"
                    )
                )
            )
        if not self.rubber and self.rubbers != 1:
            raise FactsProblemError(
                Message(
                    N_(
                        "rubbers counts rubbers, but rubber=false; set games instead (or "
                        "rubber=true)"
                    )
                )
            )
        # rubber_bonus is simply unused when rubber=false. It is not refused: a game
        # record stores every option, defaults included, and must validate again on replay.
        return self

    @property
    def cap(self) -> int:
        """The most a side that revoked may hold after the deal: game_target − 1 (§2.8, §3)."""
        return self.game_target - 1


AMERICAN_PRESET: dict[str, object] = {
    "game_target": 7,
    "honours": False,
    "game_values": "margin",
    "rubber_bonus": 0,
}
"""docs/variants/american.md §3: game to 7, no honours, games worth 7 minus the losers' score,
best-of-three rubbers without a bonus; everything else (the revoke cap becomes 6) follows from
these."""
