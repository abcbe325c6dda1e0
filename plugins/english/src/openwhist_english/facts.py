"""The facts of an English Whist deal: what scoring needs, played or entered by hand.

A deal played through openwhist produces these facts from its state (`deal_facts`); a
score-keeper recording a game played with real cards enters the same model, revokes
included (engine play rejects revokes, so only entered facts carry them). Both are scored by
the same `openwhist_english.scoring.score_facts`.

Sides: 0 = N–S (seats 0 and 2), 1 = E–W (seats 1 and 3).
"""

from __future__ import annotations

from typing import Any

from openwhist import N_, DealState, FactsProblemError, Message, side_of
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from openwhist_english.options import Penalty

TRICKS_PER_DEAL = 13
MAX_REVOKES_PER_SIDE = 2 * TRICKS_PER_DEAL
"""A revoke is a card played to a trick: each of a side's two players revokes at most once a
trick, so a side has at most 26 established revokes in a deal."""
SIDE_NAMES = (N_("N–S"), N_("E–W"))
"""The sides as facts problems name them (translated: ``E–O`` in Spanish)."""
HONOUR_RANKS = (11, 12, 13, 14)
"""J, Q, K, A (docs/variants/english.md §2.5: the honours are the A, K, Q, J of trumps)."""


class DeclaredRevoke(BaseModel):
    """One established revoke (docs/variants/english.md §2.8) and the penalty the other side
    chose."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: int = Field(
        ge=0,
        le=1,
        description=N_("the revoking side: 0 = N–S, 1 = E–W"),
        json_schema_extra={"openwhist": "party"},
    )
    penalty: Penalty = Field(
        description=N_(
            "chosen by the non-offending side: transfer_tricks (take 3 of the revoking "
            "side's tricks), deduct (3 points off the revoking side) or add (3 to their own)"
        )
    )


class EnglishFacts(BaseModel):
    """The facts of one deal that English Whist scoring reads.

    Attributes:
        tricks: tricks won per side (N–S, E–W) as played; they sum to 13.
        honours: trump honours (A, K, Q, J) held per side as dealt, the turned-up card
            counting for the dealer's side; at most four in all (fewer when honours were
            not claimed in time, docs/variants/english.md §2.5).
        revokes: established revokes in the order they happened, each with its penalty.
        seat_tricks: tricks per seat (N, E, S, W) when known (always, for played deals).
        misdeal: the deal was a misdeal and is void (score-keeping only); then tricks,
            honours and revokes must be empty, and tricks may be left out (a misdeal is
            entered "with no tricks", docs/variants/english.md).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    tricks: tuple[int, int] = Field(
        description=N_(
            "tricks won by N–S and by E–W (a misdeal: 0,0, or leave out with misdeal=true)"
        ),
        json_schema_extra={"openwhist": "per_party"},
    )
    honours: tuple[int, int] = Field(
        (0, 0),
        description=N_("trump honours dealt to N–S and to E–W (the turn-up is the dealer's)"),
        json_schema_extra={"openwhist": "per_party"},
    )
    revokes: tuple[DeclaredRevoke, ...] = Field(
        (), description=N_("established revokes, in order, each with the chosen penalty")
    )
    seat_tricks: tuple[int, int, int, int] | None = Field(
        None,
        description=N_("tricks per seat N, E, S, W, when known"),
        json_schema_extra={"openwhist": "per_seat"},
    )
    misdeal: bool = Field(False, description=N_("a misdeal: the deal is void and redealt"))

    @model_validator(mode="before")
    @classmethod
    def _misdeal_has_no_tricks(cls, data: Any) -> Any:
        # A misdeal is entered with no tricks (nothing was played): supply the 0-0 the
        # void deal records, so `misdeal=true` alone is a complete entry.
        if isinstance(data, dict) and "tricks" not in data and _is_true(data.get("misdeal")):
            return {**data, "tricks": (0, 0)}
        return data

    @model_validator(mode="after")
    def _check(self) -> EnglishFacts:
        # Every problem at once, each a translatable message (the ledger lists each one).
        problems: list[Message] = []
        if self.misdeal:
            if any(self.tricks) or any(self.honours) or self.revokes:
                problems.append(
                    Message(
                        N_(
                            "a misdeal is void: enter it with no tricks (or 0,0), no honours "
                            "and no revokes"
                        )
                    )
                )
        else:
            if min(self.tricks) < 0 or sum(self.tricks) != TRICKS_PER_DEAL:
                problems.append(
                    Message(
                        N_("tricks must be two non-negative counts summing to 13, got {tricks}"),
                        {"tricks": str(list(self.tricks))},
                    )
                )
            if min(self.honours) < 0 or sum(self.honours) > len(HONOUR_RANKS):
                problems.append(
                    Message(
                        N_(
                            "honours must be two non-negative counts of at most 4 in all "
                            "(A, K, Q, J of trumps), got {honours}"
                        ),
                        {"honours": str(list(self.honours))},
                    )
                )
            if self.seat_tricks is not None:
                by_side = (
                    self.seat_tricks[0] + self.seat_tricks[2],
                    self.seat_tricks[1] + self.seat_tricks[3],
                )
                if min(self.seat_tricks) < 0 or by_side != self.tricks:
                    problems.append(
                        Message(
                            N_(
                                "seat_tricks {seat_tricks} do not add up to the side tricks "
                                "{tricks} (N+S, E+W)"
                            ),
                            {
                                "seat_tricks": str(list(self.seat_tricks)),
                                "tricks": str(list(self.tricks)),
                            },
                        )
                    )
        for side, name in enumerate(SIDE_NAMES):
            count = sum(1 for r in self.revokes if r.side == side)
            if count > MAX_REVOKES_PER_SIDE:
                problems.append(
                    Message(
                        N_(
                            "revokes: each of a side's two players can revoke at most once a "
                            "trick, so {side} revoke at most {most} times a deal, not {count}"
                        ),
                        {"side": Message(name), "most": MAX_REVOKES_PER_SIDE, "count": count},
                    )
                )
        if problems:
            raise FactsProblemError(*problems)
        return self

    def as_json(self) -> dict[str, Any]:
        """JSON-safe form (lists, strings and ints only), as ``model_dump(mode="json")``."""
        return {
            "tricks": list(self.tricks),
            "honours": list(self.honours),
            "revokes": [{"side": r.side, "penalty": r.penalty} for r in self.revokes],
            "seat_tricks": None if self.seat_tricks is None else list(self.seat_tricks),
            "misdeal": self.misdeal,
        }


def _is_true(value: Any) -> bool:
    """Whether ``value`` reads as true the way the ``misdeal`` field will read it."""
    try:
        return TypeAdapter(bool).validate_python(value)
    except ValidationError:
        return False  # not a boolean: the field's own validation reports it


def honours_as_dealt(state: DealState[Any]) -> tuple[int, int]:
    """Trump honours held per side as dealt (docs/variants/english.md §2.5), from a finished deal.

    Every card is played exactly once and English Whist exchanges no cards, so the seat
    that played a card is the seat it was dealt to; the turned-up card, the dealer's last
    card, is played by the dealer and therefore counts for the dealer's side.
    """
    trump = state.trump
    counts = [0, 0]
    if trump < 0:
        return (0, 0)
    low = trump * 13 + HONOUR_RANKS[0] - 2
    high = trump * 13 + HONOUR_RANKS[-1] - 2
    honours = frozenset(range(low, high + 1))
    for record in state.completed:
        if honours.isdisjoint(record.cards):
            continue  # most tricks hold no honour: one C-level test instead of a loop
        for seat, card in zip(record.seats, record.cards, strict=True):
            if low <= card <= high:
                counts[side_of(seat)] += 1
    return counts[0], counts[1]


def deal_facts(state: DealState[Any]) -> EnglishFacts:
    """The facts of a finished deal played through the engine (no revokes: play rejects them).

    Built without re-validation (``model_construct``): the engine guarantees 13 tricks and
    four honours dealt, and validating would double the cost of scoring a played deal.
    """
    t = state.tricks
    return EnglishFacts.model_construct(
        tricks=(t[0] + t[2], t[1] + t[3]),
        honours=honours_as_dealt(state),
        revokes=(),
        seat_tricks=(t[0], t[1], t[2], t[3]),
        misdeal=False,
    )
