"""What a variant plugin registers: `Variant` (with its `RuleChange` history) and `HouseRule`.

Bots are registered as `openwhist.bots.base.BotSpec`.

A plugin's ``whist_register_variants`` hook calls ``register(Variant(...))``. The variant
object is metadata plus a *rules plugin*: an object whose ``whist_*`` rule hooks are stacked
on the core's standard rules for every match of that variant (see hookspecs.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from openwhist.game.errors import SeatCountError, count_range
from openwhist.game.messages import N_, Message
from openwhist.game.options import VariantOptions, validate_options
from openwhist.game.presentation import Presentation, presentation_of
from openwhist.game.scoresheet import (
    POINTS_SHEET,
    Breakdown,
    ScoreCategory,
    ScoreSheet,
    Statistic,
)


@dataclass(frozen=True)
class Variant:
    """A playable variant.

    Attributes:
        name: the unique id used on the command line and in the ledger (``german``).
        title: the display name (``German Whist``).
        description: one line for menus and listings.
        seat_names: one short name per seat at the variant's default seat count
            (``("A", "B")``, ``("N", "E", "S", "W")``); its length is that count.
        rules: the rules plugin object (its ``whist_*`` methods are rule hookimpls).
        options: the options model (a `VariantOptions` subclass).
        preset: option values that differ from the model's defaults (a preset variant
            such as ``american`` reuses ``english``'s rules and model).
        partnerships: the sides as tuples of seats, or ``()`` when each plays alone.
        max_actions: an upper bound on actions in one deal (termination check).
        aliases: other accepted names.
        default_bot: the bot that fills seats when none is named (``whist simulate``): a
            variant whose uniformly random calls would almost never pass (Israeli) names
            a better-behaved random bot here.
        facts: the deal-facts model a score-keeper fills in for a real-card deal (what the
            variant's ``whist_deal_facts`` returns and ``whist_score_facts`` reads).
        rule_changes: the changes of this variant's rules that make a match recorded by an
            older version of its distribution score differently now (`RuleChange`), oldest
            first. Replay refuses such a record, and the ledger refuses to add deals to such
            a match, naming the change, instead of mixing two scorings (see
            `Variant.changed_rules`).
        presentation: how screens show the variant's table (`Presentation`): its public
            and private facts, its calls, its card exchanges and private actions. A variant
            that declares nothing still shows every fact, labelled by its key.
        sheet: how ``whist scores`` lays out its matches (`ScoreSheet`; default: a column
            per party with running totals).
        statistics: the figures standings and the arena report beside the points
            (`Statistic`), in the order shown.
        categories: score categories of its own beyond the core's `Category`
            (`ScoreCategory`, with labels).
        breakdowns: figures split by a property of each deal that the club pages chart
            (`Breakdown`: Israeli contracts made by contract size); most variants declare
            none.
        seat_counts: every number of players the variant may be played by, with the seat
            names at that count: ``{3: ("A", "B", "C"), 4: ("A", "B", "C", "D"), ...}``.
            Empty (the default): only ``len(seat_names)``. When given it must include the
            default count with ``seat_names`` as its names. The count is chosen per match
            (``--players N``; `Engine` ``seats=``); `seats` is the default one.

    Raises:
        ValueError: ``seat_counts`` that omits the default count, names a count below 1, or
            gives a count the wrong number of names or a name twice; partnerships declared
            for a variant of several seat counts (the sides are fixed for one table size).
    """

    name: str
    title: str
    description: str
    seat_names: tuple[str, ...]
    rules: object
    options: type[BaseModel] = VariantOptions
    preset: Mapping[str, Any] = field(default_factory=dict)
    partnerships: tuple[tuple[int, ...], ...] = ()
    max_actions: int = 200
    aliases: tuple[str, ...] = ()
    facts: type[BaseModel] | None = None
    default_bot: str = "random"
    rule_changes: tuple[RuleChange, ...] = ()
    presentation: Presentation = field(default_factory=Presentation)
    # The score sheet and statistics (issue 12): what the score-keeping side reports.
    sheet: ScoreSheet = POINTS_SHEET
    statistics: tuple[Statistic, ...] = ()
    categories: tuple[ScoreCategory, ...] = ()
    breakdowns: tuple[Breakdown, ...] = ()
    seat_counts: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    def category_names(self) -> frozenset[str]:
        """Every category its score lines may carry: the core's and its own."""
        from openwhist.game.scoresheet import CORE_CATEGORIES

        return CORE_CATEGORIES | {c.name for c in self.categories}

    def __post_init__(self) -> None:
        default = len(self.seat_names)
        counts = self.seat_counts
        if not counts:
            _check_names(self.name, default, self.seat_names)
            return
        if counts.get(default) != tuple(self.seat_names):
            raise ValueError(
                f"variant {self.name!r}: seat_counts must include its default count "
                f"{default} with seat_names {tuple(self.seat_names)!r}"
            )
        for count, names in counts.items():
            _check_names(self.name, count, names)
        if self.partnerships and len(counts) > 1:
            raise ValueError(
                f"variant {self.name!r}: partnerships are fixed for one table size; a variant "
                "played by several seat counts plays without them"
            )

    @property
    def seats(self) -> int:
        """The default number of seats (``len(seat_names)``): a match that names none."""
        return len(self.seat_names)

    @property
    def allowed_seats(self) -> tuple[int, ...]:
        """Every seat count the variant may be played by, smallest first."""
        return tuple(sorted(self.seat_counts)) if self.seat_counts else (self.seats,)

    def names_for(self, seats: int | None = None) -> tuple[str, ...]:
        """The seat names of a match of ``seats`` players (``None``: the default count).

        Raises:
            SeatCountError: a count the variant does not allow, naming those it does.
        """
        if seats is None or seats == len(self.seat_names):
            return self.seat_names
        names = self.seat_counts.get(seats) if type(seats) is int else None
        if names is None:
            allowed = self.allowed_seats
            raise SeatCountError(
                self.name,
                seats,
                allowed,
                message=Message(
                    N_("{variant} is played by {counts} players, not {seats}"),
                    {"variant": self.title, "counts": count_range(allowed), "seats": seats},
                ),
            )
        return names

    def make_options(self, raw: Mapping[str, Any] | None = None) -> BaseModel:
        """The validated options: model defaults, then the preset, then ``raw``.

        Raises:
            OptionsError: field by field.
        """
        return validate_options(self.options, raw or {}, variant=self.name, preset=self.preset)

    def match_presentation(self, house_rules: Sequence[HouseRule] = ()) -> Presentation:
        """What screens show of a match of this variant with ``house_rules``: the standard
        view's facts, then this variant's `presentation`, then each house rule's
        (`openwhist.game.presentation.presentation_of`)."""
        return presentation_of(self.presentation, [r.presentation for r in house_rules])

    def changed_rules(self, options: BaseModel, version: str | None) -> RuleChange | None:
        """The first of `rule_changes` that a match with ``options`` (validated), recorded by
        version ``version`` of this variant's distribution, falls under: a change made in a
        later version whose ``affects(options)`` is true. ``None`` when nothing changed for
        these options since that version, or when the version is unknown (``None``, empty)
        or not a plain release number (``0.1.0``, ``2.0``) -- then nothing can be said.
        """
        recorded = release_number(version) if version else None
        if recorded is None:
            return None
        for change in self.rule_changes:
            since = release_number(change.version)
            if since is not None and recorded < since and change.affects(options):
                return change
        return None


def _check_names(variant: str, count: int, names: tuple[str, ...]) -> None:
    if type(count) is not int or count < 1:
        raise ValueError(f"variant {variant!r}: seat count {count!r} is not a positive number")
    if len(names) != count:
        raise ValueError(
            f"variant {variant!r}: {count} seats need {count} seat names, not {len(names)}"
        )
    if len(set(names)) != count:
        raise ValueError(f"variant {variant!r}: a seat name is used twice in {names!r}")


@dataclass(frozen=True)
class RuleChange:
    """A change of a variant's rules after which older records of some matches no longer
    replay to their stored scores (`Variant.rule_changes`).

    Attributes:
        version: the first version of the variant's distribution with the new rule
            (a release number: ``0.2.0``).
        affects: whether a match with these validated options scores differently since
            the change (``lambda o: o.scoring_profile == "all26"``).
        description: what changed and why, one English sentence for the refusal message
            (``points_per_trick counts all 26 tricks under all26
            (docs/variants/decisions.md §7.0)``).
    """

    version: str
    affects: Callable[[BaseModel], bool]
    description: str


_RELEASE = re.compile(r"(\d+(?:\.\d+)*)")


def release_number(version: str) -> tuple[int, ...] | None:
    """``"0.2.0"`` as ``(0, 2)``: the release part of a version, trailing zeros dropped so
    ``0.2`` equals ``0.2.0``; a suffix (``0.2.0rc1``, ``0.2.0+local``) counts as its release.
    ``None`` for text that does not start with a number."""
    found = _RELEASE.match(version.strip())
    if found is None:
        return None
    parts = [int(p) for p in found.group(1).split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


HOUSE_RULE_INPUTS: tuple[str, ...] = ("played", "facts")
"""The kinds of match a house rule may support (`HouseRule.inputs`): ``"played"``, cards
played through the engine (``whist play``, ``simulate``, ``arena``, ``resume``); ``"facts"``,
real-card deals whose facts are entered with ``whist record`` (only the variant's
``whist_score_facts`` runs there, no deal is dealt or played)."""


@dataclass(frozen=True)
class HouseRule:
    """A house rule: a small rules plugin stacked above a variant's rules.

    Attributes:
        name: unique id (``--house-rule NAME``).
        title: display name.
        description: one line.
        rules: the rules plugin object; its hooks run before the variant's.
        variants: names of the variants it applies to (empty: any).
        inputs: the kinds of match it supports, from `HOUSE_RULE_INPUTS`: ``("played",)``
            (the default) for a rule that changes the deal, the play or the scoring of a
            played deal -- hooks a real-card match never runs; add ``"facts"`` only when
            its hooks change what ``whist record`` runs (``whist_score_facts``,
            ``whist_start_match``, ``whist_advance_match``), so a score-kept match is
            scored by it as a played one would be. A command given a rule for an input it
            does not support refuses it.
        presentation: the facts (and calls, exchanges...) the rule adds to its variant's
            table (`Presentation.extended`): declare every key the rule adds to the views.

    Raises:
        ValueError: ``inputs`` empty, not a tuple, or holding an unknown or repeated kind.
    """

    name: str
    title: str
    description: str
    rules: object
    variants: tuple[str, ...] = ()
    inputs: tuple[str, ...] = ("played",)
    presentation: Presentation = field(default_factory=Presentation)

    def __post_init__(self) -> None:
        inputs = self.inputs
        if not isinstance(inputs, tuple) or not inputs:
            raise ValueError(
                f"house rule {self.name!r}: inputs must be a non-empty tuple of "
                f"{', '.join(map(repr, HOUSE_RULE_INPUTS))}, not {inputs!r}"
            )
        for kind in inputs:
            if kind not in HOUSE_RULE_INPUTS:
                raise ValueError(
                    f"house rule {self.name!r}: unknown input kind {kind!r} "
                    f"(known: {', '.join(map(repr, HOUSE_RULE_INPUTS))})"
                )
        if len(set(inputs)) != len(inputs):
            raise ValueError(f"house rule {self.name!r}: an input kind is declared twice")

    def applies_to(self, variant: str) -> bool:
        """True when the rule may be enabled for ``variant`` (it names it, or names none)."""
        return not self.variants or variant in self.variants

    def supports(self, kind: str) -> bool:
        """True when the rule supports matches of input ``kind`` (`HOUSE_RULE_INPUTS`)."""
        return kind in self.inputs
