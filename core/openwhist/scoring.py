"""Score values: what a finished deal scores and where the match stands.

A *party* is whoever scores: a seat in German and Israeli Whist, a side (0 = N–S,
1 = E–W) in English Whist. Variants produce these values from their scoring and
match-progression hooks; the ledger stores the lines as append-only score entries and the
CLI explains them line by line.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Category(enum.StrEnum):
    """What a score line is for. Stored in the ledger; values never change."""

    DEAL = "deal"
    TRICKS = "tricks"
    HONOURS = "honours"
    CONTRACT = "contract"
    ZERO_BID = "zero_bid"
    PENALTY = "penalty"
    GAME = "game"
    RUBBER = "rubber"


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One explained item of a deal's score: ``party`` gets ``points`` for ``category``."""

    party: int
    category: Category
    points: int
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "party": self.party,
            "category": str(self.category),
            "points": self.points,
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class DealScore:
    """The result of one finished deal.

    Attributes:
        parties: the names of the scoring parties, e.g. ``("A", "B")`` or ``("NS", "EW")``.
        lines: the explained score lines, in the order the rules apply them.
        winner: the party that won the deal, or ``None`` for a tie or where deals have no
            winner (Israeli Whist).
        tricks: tricks won per seat.
        facts: variant-specific facts as JSON-safe data (counted tricks, honours, contracts).
            By convention ``facts["events"]`` may map event names to counts for the deal
            (Israeli ``{"frisch": 2, "redeal": 0}``); ``whist simulate`` totals them.
    """

    parties: tuple[str, ...]
    lines: tuple[ScoreLine, ...]
    winner: int | None
    tricks: tuple[int, ...]
    facts: dict[str, Any] = field(default_factory=dict)

    def points(self, party: int) -> int:
        """The sum of this party's lines."""
        return sum(line.points for line in self.lines if line.party == party)

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form, as stored in records and the ledger."""
        return {
            "parties": list(self.parties),
            "lines": [line.as_dict() for line in self.lines],
            "winner": self.winner,
            "tricks": list(self.tricks),
            "facts": self.facts,
        }


@dataclass(frozen=True, slots=True)
class MatchProgress:
    """Where a match stands between deals.

    Attributes:
        parties: the names of the scoring parties.
        deals: deals completed so far.
        dealer: the seat that deals next.
        totals: running points per party (variant-defined meaning, e.g. game points).
        finished: True when the match is over.
        winner: the winning party once finished (``None`` while running or for a tie).
        detail: variant-specific, JSON-safe state (games, rubbers, targets).
        summary: one human-readable line, e.g. ``"A leads 2–1 (best of 3)"``.
        awards: score lines the match progression awarded for the deal just scored, beyond
            the deal's own lines: English game points and the rubber bonus. The ledger
            stores them as score entries next to the deal's lines.
    """

    parties: tuple[str, ...]
    deals: int
    dealer: int
    totals: tuple[int, ...]
    finished: bool = False
    winner: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    summary: str = ""
    awards: tuple[ScoreLine, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form, as stored in records and the ledger."""
        return {
            "parties": list(self.parties),
            "deals": self.deals,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "finished": self.finished,
            "winner": self.winner,
            "detail": self.detail,
            "summary": self.summary,
            "awards": [line.as_dict() for line in self.awards],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchProgress:
        """Rebuild from `as_dict` output (e.g. when resuming a match)."""
        return cls(
            parties=tuple(data["parties"]),
            deals=int(data["deals"]),
            dealer=int(data["dealer"]),
            totals=tuple(int(t) for t in data["totals"]),
            finished=bool(data["finished"]),
            winner=data.get("winner"),
            detail=dict(data.get("detail", {})),
            summary=str(data.get("summary", "")),
            awards=tuple(
                ScoreLine(
                    int(a["party"]), Category(a["category"]), int(a["points"]), str(a["note"])
                )
                for a in data.get("awards", [])
            ),
        )
