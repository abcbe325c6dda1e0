"""Israeli Whist's rule options (docs/variants/israeli.md §4.3–§4.9), validated with clear messages.

Every field has the default docs/variants/israeli.md gives; the pagat-style alternatives are
options, not defaults (docs/variants/decisions.md §7.0).

>>> IsraeliOptions().min_bid, IsraeliOptions().match_format
(5, ('open', 0))
>>> IsraeliOptions(match="fixed_deals:8").match_format
('fixed_deals', 8)
"""

from __future__ import annotations

import re
from typing import Literal

from openwhist import N_, FactsProblemError, Message, VariantOptions
from pydantic import Field, field_validator, model_validator

MATCH_PATTERN = re.compile(r"^(open|fixed_deals:(\d+)|target:(-?\d+))$")
"""Accepted spellings of the ``match`` option."""

MAX_TRICKS = 13
"""Tricks in a four-handed deal: the highest bid, contract and the forbidden total."""


class IsraeliOptions(VariantOptions):
    """Every option of Israeli Whist, with the defaults of docs/variants/israeli.md §4."""

    min_bid: int = Field(
        5,
        ge=1,
        le=MAX_TRICKS,
        description=N_("the lowest trump bid in the first auction of a deal"),
    )
    first_caller: Literal["left_of_dealer", "dealer"] = Field(
        "left_of_dealer",
        description=N_("who calls first in every trump auction of the deal"),
    )
    auction_end: Literal["three_passes", "four_passes"] = Field(
        "three_passes",
        description=N_(
            "three_passes: a bid followed by three passes wins; four_passes (pagat): the "
            "auction ends after four passes, so the high bidder may raise his own bid"
        ),
    )
    pass_is_final: bool = Field(
        False,
        description=N_("a seat that passes may not bid again in the same auction"),
    )
    frisch_enabled: bool = Field(
        True,
        description=N_("an auction where all four pass leads to a Frisch; false: redeal"),
    )
    frisch_min_increase: int = Field(
        1,
        ge=0,
        le=MAX_TRICKS,
        description=N_("how much the minimum bid rises after each Frisch"),
    )
    frisch_direction: Literal["left", "rotate"] = Field(
        "left",
        description=N_(
            "left: every Frisch passes to the next seat clockwise; rotate: 1st left, "
            "2nd across, 3rd right (then again left, across, right)"
        ),
    )
    frisch_max_rounds: int = Field(
        3,
        ge=1,
        le=10,
        description=N_(
            "Frisch rounds allowed per deal; a passed-out auction after the last redeals"
        ),
    )
    frisch_cards: int = Field(
        3,
        ge=1,
        le=6,
        description=N_("how many cards each seat passes in a Frisch"),
    )
    passed_out_redeal_by: Literal["same", "next"] = Field(
        "same",
        description=N_(
            "after the last Frisch is passed out the deal is cancelled: same = the same dealer "
            "redeals within the deal; next = the deal ends unscored and the next dealer deals"
        ),
    )
    contract_order: Literal["declarer_first", "declarer_last"] = Field(
        "declarer_first",
        description=N_("who bids the first contract: the declarer, or the seat at his left"),
    )
    opening_leader: Literal["declarer", "left_of_dealer"] = Field(
        "declarer",
        description=N_("who leads to trick one"),
    )
    fail_per_trick: int = Field(
        10,
        ge=0,
        le=1000,
        description=N_("points lost per trick of difference on a missed contract"),
    )
    zero_over_bonus: int = Field(
        25,
        ge=0,
        le=1000,
        description=N_("a made zero contract in an over deal (contracts total more than 13)"),
    )
    zero_under_bonus: int = Field(
        50,
        ge=0,
        le=1000,
        description=N_("a made zero contract in an under deal (contracts total less than 13)"),
    )
    revoke_fine: int = Field(
        100,
        ge=0,
        le=10_000,
        description=N_("points deducted per declared revoke, besides the deal's scoring"),
    )
    match: str = Field(
        "open",
        description=N_(
            "open (running totals), fixed_deals:N (N scored deals; multiples of 4 let "
            "everyone deal equally) or target:N (until a player has N points or more and "
            "leads alone)"
        ),
    )

    @field_validator("match")
    @classmethod
    def _check_match(cls, value: str) -> str:
        text = value.strip().lower()
        found = MATCH_PATTERN.match(text)
        if found is None:
            raise FactsProblemError(
                Message(N_("match must be open, fixed_deals:N or target:N (N a whole number)"))
            )
        if found.group(2) is not None and int(found.group(2)) < 1:
            raise FactsProblemError(Message(N_("fixed_deals:N needs at least one deal")))
        if found.group(3) is not None and int(found.group(3)) < 1:
            raise FactsProblemError(Message(N_("target:N needs a positive target")))
        return text

    @model_validator(mode="after")
    def _check_minimum_reachable(self) -> IsraeliOptions:
        if not self.frisch_enabled:
            return self
        last = self.min_bid + self.frisch_max_rounds * self.frisch_min_increase
        if last > MAX_TRICKS:
            raise FactsProblemError(
                Message(
                    N_(
                        "min_bid {min_bid} + frisch_max_rounds {rounds} x frisch_min_increase "
                        "{increase} = {last}: after the last Frisch no bid of at most {most} "
                        "tricks would be possible"
                    ),
                    {
                        "min_bid": self.min_bid,
                        "rounds": self.frisch_max_rounds,
                        "increase": self.frisch_min_increase,
                        "last": last,
                        "most": MAX_TRICKS,
                    },
                )
            )
        return self

    @property
    def match_format(self) -> tuple[str, int]:
        """``("open", 0)``, ``("fixed_deals", N)`` or ``("target", N)``."""
        kind, _, number = self.match.partition(":")
        return kind, int(number) if number else 0


__all__ = ["MAX_TRICKS", "IsraeliOptions"]
