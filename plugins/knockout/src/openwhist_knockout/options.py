"""Knockout Whist's options (docs/variants/knockout.md, "Options").

Every open point of the rules (docs/variants/candidates.md §5.1) is an option with the
sources' reading as its default; the validator refuses a combination that has no meaning
(the dog's life in misère knockout, where a one-card hand can never take two tricks).
"""

from __future__ import annotations

from typing import Literal

from openwhist import N_, FactsProblemError, Message, VariantOptions
from pydantic import Field, model_validator


class KnockoutOptions(VariantOptions):
    """The options of Knockout Whist (docs/variants/knockout.md, "Options")."""

    lead: Literal["left_of_dealer", "trump_chooser"] = Field(
        "left_of_dealer",
        description=N_(
            "who leads the first trick of a deal: the player left of the dealer, "
            "or the player who chose trump (deal 1: left of the dealer)"
        ),
    )
    trump_tie: Literal["cut", "left_of_dealer"] = Field(
        "cut",
        description=N_(
            "when several took most tricks: they cut for the choice of trump, or "
            "the first of them left of the dealer chooses"
        ),
    )
    trumps_must_be_broken: bool = Field(
        False,
        description=N_("trumps may not be led until a trump has been played in the deal"),
    )
    misere: bool = Field(
        False,
        description=N_(
            "misère knockout: taking two or more tricks knocks a player out, the "
            "taker of the last deal's trick too"
        ),
    )
    dogs_life: bool = Field(
        True,
        description=N_(
            "the first player to take no trick gets a dog's life (one card, may "
            "knock) instead of going out; off in misère knockout"
        ),
    )

    @model_validator(mode="before")
    @classmethod
    def _no_dog_in_misere(cls, data: object) -> object:
        """In misère knockout the dog's life is off by default; asking for both is refused."""
        if not isinstance(data, dict):
            return data
        misere = str(data.get("misere", False)).lower() in ("true", "1", "yes", "on")
        if not misere:
            return data
        if "dogs_life" in data and str(data["dogs_life"]).lower() in ("true", "1", "yes", "on"):
            raise FactsProblemError(
                Message(
                    N_(
                        "dogs_life: a dog's life has no meaning in misère knockout (one card "
                        "never takes two tricks); leave it off"
                    )
                )
            )
        return {**data, "dogs_life": False}


__all__ = ["KnockoutOptions"]
