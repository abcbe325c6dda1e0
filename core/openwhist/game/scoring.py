"""Score values: what a finished deal scores and where the match stands.

A *party* is whoever scores: a seat in German and Israeli Whist, a side (0 = N–S,
1 = E–W) in English Whist. Variants produce these values from their scoring and
match-progression hooks; the ledger stores the lines as append-only score entries and the
CLI explains them line by line.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from openwhist.game.messages import N_, Message

if TYPE_CHECKING:
    from openwhist.game.scoresheet import ScoreCategory


class Category(enum.StrEnum):
    """What a score line is for: the core's categories. Stored in the ledger; values never
    change. A variant may declare categories of its own (`Variant.categories`, a
    `openwhist.game.scoresheet.ScoreCategory` with a label); a line's ``category`` is then
    that name, a plain ``str``."""

    DEAL = "deal"
    TRICKS = "tricks"
    HONOURS = "honours"
    CONTRACT = "contract"
    ZERO_BID = "zero_bid"
    PENALTY = "penalty"
    GAME = "game"
    RUBBER = "rubber"


CATEGORY_LABELS: Final[Mapping[str, str]] = {
    Category.DEAL: N_("deal"),
    Category.TRICKS: N_("tricks"),
    Category.HONOURS: N_("honours"),
    Category.CONTRACT: N_("contract"),
    Category.ZERO_BID: N_("zero bid"),
    Category.PENALTY: N_("penalty"),
    Category.GAME: N_("game"),
    Category.RUBBER: N_("rubber"),
}
"""The core categories as a player reads them (English, marked for translation): the
stored name is a key (``zero_bid``), not a word to print."""


def category_label(name: str, declared: Iterable[ScoreCategory] = ()) -> str:
    """What a score table prints for category ``name`` (English; translate it with the
    catalogues): the core category's label, else the label of the variant's declared
    category of that name, else the name itself."""
    if name in CATEGORY_LABELS:
        return CATEGORY_LABELS[name]
    for category in declared:
        if category.name == name:
            return category.label
    return name


def as_category(name: str) -> str:
    """``name`` as the core's `Category` when it is one (so it compares and prints the same
    either way), else the variant's own category name unchanged."""
    try:
        return Category(name)
    except ValueError:
        return name


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One explained item of a deal's score: ``party`` gets ``points`` for ``category``.

    ``category`` is a `Category` or the name of one the variant declares
    (`Variant.categories`). ``note`` is the explanation in English (what records and the
    ledger store);
    ``message``, when the variant gives one, is the same explanation as a translatable
    `Message` whose English rendering is ``note``. Build such a line with `explained`.
    """

    party: int
    category: str
    points: int
    note: str = ""
    # The note again, translatable: not part of a line's identity (equal notes, equal lines).
    message: Message | None = field(default=None, compare=False)

    @classmethod
    def explained(cls, party: int, category: str, points: int, message: Message) -> ScoreLine:
        """A line whose note is ``message`` (rendered in English for ``note``)."""
        return cls(party, category, points, message.render(), message)

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form (``message`` only when there is one)."""
        data: dict[str, Any] = {
            "party": self.party,
            "category": str(self.category),
            "points": self.points,
            "note": self.note,
        }
        if self.message is not None:
            data["message"] = self.message.as_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScoreLine:
        """Rebuild from `as_dict` output."""
        message = data.get("message")
        return cls(
            int(data["party"]),
            as_category(str(data["category"])),
            int(data["points"]),
            str(data["note"]),
            Message.from_dict(message) if message is not None else None,
        )


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

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DealScore:
        """Rebuild from `as_dict` output (a stored deal's score)."""
        return cls(
            parties=tuple(str(p) for p in data.get("parties", [])),
            lines=tuple(ScoreLine.from_dict(line) for line in data.get("lines", [])),
            winner=data.get("winner"),
            tricks=tuple(int(t) for t in data.get("tricks", [])),
            facts=dict(data.get("facts") or {}),
        )


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
        summary: one human-readable line in English, e.g. ``"A leads 2–1 (best of 3)"``.
        summary_message: the same line as a translatable `Message` (its English rendering
            is ``summary``), when the variant gives one; build both with `summarised`.
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
    summary_message: Message | None = field(default=None, compare=False)

    @staticmethod
    def summarised(message: Message) -> dict[str, Any]:
        """The ``summary`` and ``summary_message`` keyword arguments for ``message``:
        ``MatchProgress(..., **MatchProgress.summarised(message))``."""
        return {"summary": message.render(), "summary_message": message}

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe form, as stored in records and the ledger (``summary_message`` only
        when there is one)."""
        data: dict[str, Any] = {
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
        if self.summary_message is not None:
            data["summary_message"] = self.summary_message.as_dict()
        return data

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
            awards=tuple(ScoreLine.from_dict(a) for a in data.get("awards", [])),
            summary_message=Message.from_dict(data["summary_message"])
            if data.get("summary_message") is not None
            else None,
        )
