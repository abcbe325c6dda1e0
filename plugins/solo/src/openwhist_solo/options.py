"""Solo Whist's rule options (docs/variants/solo.md), validated with clear messages.

Every open point of the rules (docs/variants/candidates.md §5.2) is an option whose default
is the decision recorded in docs/variants/solo.md §8.

>>> SoloOptions().stakes()["abundance"], SoloOptions().match_format
(3, ('fixed_deals', 8))
>>> SoloOptions(solo_stake=2, match="open").stakes()["solo"], SoloOptions(match="open").match_format
(2, ('open', 0))
"""

from __future__ import annotations

import re
from typing import Literal

from openwhist import N_, FactsProblemError, Message, VariantOptions
from pydantic import Field, field_validator

MATCH_PATTERN = re.compile(r"^(open|fixed_deals:(\d+))$")
"""Accepted spellings of the ``match`` option."""


class SoloOptions(VariantOptions):
    """Every option of Solo Whist, with the defaults of docs/variants/solo.md."""

    prop_stake: int = Field(
        1, ge=1, le=100, description=N_("units a proposal and acceptance is worth")
    )
    solo_stake: int = Field(
        1, ge=1, le=100, description=N_("units a solo is worth (some tables play 2)")
    )
    misere_stake: int = Field(2, ge=1, le=100, description=N_("units a misère is worth"))
    abundance_stake: int = Field(
        3, ge=1, le=100, description=N_("units an abundance (and a royal abundance) is worth")
    )
    open_misere_stake: int = Field(4, ge=1, le=100, description=N_("units an open misère is worth"))
    declared_stake: int = Field(
        6, ge=1, le=100, description=N_("units an abundance declared is worth")
    )
    trick_unit: int = Field(
        1,
        ge=0,
        le=100,
        description=N_(
            "units per overtrick or undertrick in proposal, solo and abundance (0: none)"
        ),
    )
    royal_abundance: bool = Field(
        True,
        description=N_(
            "royal abundance (in the turn-up suit) overcalls a plain abundance, which then "
            "names another suit"
        ),
    )
    declared_trump: Literal["declarer", "no_trump"] = Field(
        "declarer",
        description=N_(
            "the trump in abundance declared: declarer = the declarer names a suit or no "
            "trump; no_trump = always no trump"
        ),
    )
    all_pass: Literal["redeal", "general_misere"] = Field(
        "redeal",
        description=N_(
            "when all four pass: redeal = the deal is void and the next dealer deals; "
            "general_misere = it is played at no trump, each for himself"
        ),
    )
    general_misere_loser: Literal["most_tricks", "last_trick"] = Field(
        "most_tricks",
        description=N_(
            "who pays each other player in a general misère: the most tricks (all tied "
            "pay), or the last trick"
        ),
    )
    general_misere_stake: int = Field(
        1, ge=1, le=100, description=N_("units the loser of a general misère pays each player")
    )
    match: str = Field(
        "fixed_deals:8",
        description=N_(
            "fixed_deals:N (N played deals; multiples of 4 let everyone deal equally) or "
            "open (a session kept until you stop)"
        ),
    )

    @field_validator("match")
    @classmethod
    def _check_match(cls, value: str) -> str:
        text = value.strip().lower()
        found = MATCH_PATTERN.match(text)
        if found is None:
            raise FactsProblemError(
                Message(N_("match must be open or fixed_deals:N (N a whole number)"))
            )
        if found.group(2) is not None and int(found.group(2)) < 1:
            raise FactsProblemError(Message(N_("fixed_deals:N needs at least one deal")))
        return text

    @property
    def match_format(self) -> tuple[str, int]:
        """``("open", 0)`` or ``("fixed_deals", N)``."""
        kind, _, number = self.match.partition(":")
        return kind, int(number) if number else 0

    def stakes(self) -> dict[str, int]:
        """Units per opponent of each contract, by contract name."""
        return {
            "prop": self.prop_stake,
            "solo": self.solo_stake,
            "misere": self.misere_stake,
            "abundance": self.abundance_stake,
            "royal_abundance": self.abundance_stake,
            "open_misere": self.open_misere_stake,
            "declared": self.declared_stake,
            "general_misere": self.general_misere_stake,
        }


__all__ = ["SoloOptions"]
