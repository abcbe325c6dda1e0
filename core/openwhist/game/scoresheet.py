"""What a variant declares about keeping its score: its sheet, its statistics, its categories.

The score-keeping side -- ``whist scores``, ``whist standings``, ``whist arena`` and the
ledger -- knows no variant. A variant tells it, through three fields of its `Variant`:

* ``sheet`` (`ScoreSheet`): how ``whist scores`` lays the match out. ``"sides"``: the
  "We / They" sheet of two parties, each deal's lines *below the line* and the categories
  named in ``above_the_line`` (games won, the rubber bonus) *above* it, a ruled line after
  every deal that scored above the line, and the totals of each; ``"parties"``: a column per
  party with its points and running total, and, when ``deal_detail`` is given, a column
  describing each deal (declarer, trump) and per party a mark (its contract) beside its
  tricks and points;
* ``statistics`` (`Statistic`): named, translatable figures that standings and the arena
  report beside the points -- declared by categories (the sum of the points of some
  categories' entries: English game points; or how many of them scored: Israeli contracts
  made) or computed from each scored deal by a typed function (bid accuracy);
* ``categories`` (`ScoreCategory`): score categories of the variant's own, beyond the
  core's `openwhist.game.scoring.Category` (a Knockout variant's ``knockout``), with their
  labels; the ledger stores any category by its name;
* ``breakdowns`` (`Breakdown`): a figure split by a property of each deal -- Israeli
  contracts made by contract size -- which the club pages chart from the stored scores.

Labels are English text marked with ``N_`` and translated by the plugin's own catalogue, as
a variant's title is (docs/plugins/writing-a-variant.md, "Translations"). Nothing here
imports a storage or UI library; everything is plain, immutable data and pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from openwhist.game.errors import PluginContractError
from openwhist.game.scoring import Category, DealScore, ScoreLine

NAME_PATTERN: Final = re.compile(r"[a-z][a-z0-9_]{0,31}")
"""A statistic's or category's name: lower case, digits and ``_``, at most 32 characters,
starting with a letter (what the ledger stores; a ``:`` never occurs in one)."""

SHEET_LAYOUTS: Final = ("sides", "parties")
"""`ScoreSheet.layout`: the We/They sheet of two sides, or a column per party."""

STATISTIC_REPORTS: Final = ("standings", "arena")
"""Where a `Statistic` may be reported (`Statistic.reports`)."""

CATEGORY_KEY: Final = "points:"
"""The prefix of a kept category sum's name in the ledger's statistics store: the sum of the
points of a party's entries of category ``game`` is kept as ``points:game`` (docs/ledger.md)."""

MADE_KEY: Final = "made:"
"""The prefix of a kept category count: ``made:contract`` keeps, as ``value``, the party's
entries of category ``contract`` with positive points that are not corrections, and as
``out_of`` all its entries of the category that are not corrections."""

STATISTIC_MEASURES: Final = ("points", "made")
"""`Statistic.measure` for a statistic declared by categories."""


MATCH_POINT_CATEGORIES: Final = (Category.GAME, Category.RUBBER)
"""The core's categories of match points, which a match progression awards
(`MatchProgress.awards`: games won, a rubber bonus): a match summary's ``game_points`` is
the sum of a party's entries of these, whatever the variant."""


def _check_name(kind: str, name: str) -> None:
    if not isinstance(name, str) or NAME_PATTERN.fullmatch(name) is None:
        raise ValueError(
            f"{kind} name {name!r}: use lower-case letters, digits and '_', starting with a "
            "letter, at most 32 characters"
        )


@dataclass(frozen=True)
class ScoreCategory:
    """A score category a variant declares (`Variant.categories`).

    Attributes:
        name: what its score lines carry as ``ScoreLine.category`` and the ledger stores
            (`NAME_PATTERN`); must not be one of the core's `Category` values.
        label: the category as a player reads it (English, marked with ``N_``).
    """

    name: str
    label: str

    def __post_init__(self) -> None:
        _check_name("score category", self.name)
        if self.name in CORE_CATEGORIES:
            raise ValueError(f"score category {self.name!r} is one of the core's categories")


CORE_CATEGORIES: Final = frozenset(str(c) for c in Category)
"""The core's categories, which every variant may use without declaring them."""


@dataclass(frozen=True)
class AboveTheLine:
    """A category a ``"sides"`` sheet writes above the line (`ScoreSheet.above_the_line`).

    Attributes:
        category: the score category (``"game"``).
        marker: what the sheet writes before such a line's note (``"GAME"``).
        total: the label of its row in the sheet's totals (``"game points (above the
            line)"``).
    """

    category: str
    marker: str
    total: str


@dataclass(frozen=True)
class DealDetail:
    """How a ``"parties"`` sheet describes one deal (`ScoreSheet.deal_detail`).

    Attributes:
        summary: the deal's description column (``"N 4H (over 14)"``, ``"passed out"``).
        marks: per party, what is written before its tricks (its contract): the cell reads
            ``MARK/TRICKS POINTS``; ``None``: the deal scored nothing, every cell is ``.``.
    """

    summary: str
    marks: tuple[str, ...] | None = None


@dataclass(frozen=True)
class ScoreSheet:
    """A variant's score sheet: how ``whist scores`` lays out a match (`Variant.sheet`).

    Attributes:
        layout: ``"sides"`` (two parties, We and They, above and below the line) or
            ``"parties"`` (a column per party with the deal's points and the running total).
        above_the_line: for ``"sides"``: the categories written above the line, in the
            order of the totals' rows (a game, the rubber bonus); every other line goes
            below it. The sum of every above-the-line row is the match points.
        below_total: for ``"sides"``: the label of the totals' row of the lines below the
            line.
        match_total: for ``"sides"``: the label of the totals' row of the match points.
        deal_detail: for ``"parties"``: the deal's description and each party's mark,
            from the deal's facts (``DealScore.facts`` as stored) and the parties' names;
            ``None`` (the default): points and running totals only.
        detail_heading: the heading of the description column (``"declarer, trump"``).
        detail_note: a line above the sheet saying what a cell holds.

    The match's state -- games, rubbers, who leads -- is the variant's own
    ``MatchProgress.summary``, which every sheet prints at its end.
    """

    layout: Literal["sides", "parties"] = "parties"
    above_the_line: tuple[AboveTheLine, ...] = ()
    below_total: str = "below the line"
    match_total: str = "match points"
    deal_detail: Callable[[Mapping[str, Any], Sequence[str]], DealDetail] | None = None
    detail_heading: str = ""
    detail_note: str = ""

    def __post_init__(self) -> None:
        if self.layout not in SHEET_LAYOUTS:
            raise ValueError(f"sheet layout {self.layout!r}: one of {', '.join(SHEET_LAYOUTS)}")
        if self.above_the_line and self.layout != "sides":
            raise ValueError("above_the_line needs the 'sides' layout")
        if self.deal_detail is not None and self.layout != "parties":
            raise ValueError("deal_detail needs the 'parties' layout")

    @property
    def above_categories(self) -> frozenset[str]:
        """The categories written above the line."""
        return frozenset(item.category for item in self.above_the_line)


POINTS_SHEET: Final = ScoreSheet()
"""The sheet of a variant that declares none: a column per party, points, running totals."""


@dataclass(frozen=True)
class Tally:
    """One party's count in one deal for a `Statistic`: ``value``, and ``out_of`` when the
    figure is a rate (contracts made *of contracts played*); ``out_of`` 0 otherwise."""

    value: int
    out_of: int = 0


DealStatistic = Callable[[DealScore], Sequence[Tally | None]]
"""A per-deal statistic: per party, its `Tally` for this scored deal (``None``: nothing)."""


@dataclass(frozen=True)
class Statistic:
    """A named figure that standings and the arena report (`Variant.statistics`).

    Declared one of two ways:

    * by ``categories``, with a ``measure``: ``"points"``, the sum of the points of the
      party's entries of these categories -- every entry, corrections and adjustments
      included, as every total is (English game points: ``("game", "rubber")``); or
      ``"made"``, how many of its entries of these categories scored positive points, of
      how many (corrections, which only amend an entry, are not counted): Israeli contracts
      made, ``("contract", "zero_bid")``. The ledger keeps every category's sum and count
      as the entries are written, so these are checked against the entries and read anew
      if the declaration changes;
    * by ``per_deal``: a typed function of each scored `DealScore` giving every party's
      `Tally`, summed over the deals; the ledger keeps the sums as each deal is recorded
      (corrections do not change them), and ``whist ledger check`` recomputes them from the
      stored deals.

    A tally with ``out_of`` (``"made"``, or a ``per_deal`` that gives one) is a rate: the
    arena reports it with its 95 % interval; standings report the ``value``.

    Attributes:
        name: the key in ``--json`` outputs and the ledger (`NAME_PATTERN`).
        label: the column heading (English, marked with ``N_``).
        categories, measure / per_deal: see above.
        reports: where it is shown, from `STATISTIC_REPORTS` (game points mean nothing
            in the arena, whose deals are each a match's first).
        description: one line for plugin documentation.

    Raises:
        ValueError: a bad name, both or neither of ``categories`` and ``per_deal``, an
            unknown measure or report.
    """

    name: str
    label: str
    categories: tuple[str, ...] = ()
    measure: Literal["points", "made"] = "points"
    per_deal: DealStatistic | None = field(default=None, compare=False)
    reports: tuple[str, ...] = STATISTIC_REPORTS
    description: str = ""

    def __post_init__(self) -> None:
        _check_name("statistic", self.name)
        if bool(self.categories) == (self.per_deal is not None):
            raise ValueError(
                f"statistic {self.name!r}: give exactly one of categories and per_deal"
            )
        for category in self.categories:
            _check_name("score category", category)
        if self.measure not in STATISTIC_MEASURES:
            raise ValueError(
                f"statistic {self.name!r}: measure is one of {', '.join(STATISTIC_MEASURES)}"
            )
        if not self.reports or any(r not in STATISTIC_REPORTS for r in self.reports):
            raise ValueError(
                f"statistic {self.name!r}: reports is some of {', '.join(STATISTIC_REPORTS)}"
            )

    def reported_in(self, report: str) -> bool:
        """True when the statistic is shown by ``report`` (``"standings"``, ``"arena"``)."""
        return report in self.reports

    def of_deal(self, score: DealScore, awards: Iterable[ScoreLine] = ()) -> list[Tally]:
        """Every party's tally for one scored deal (``awards``: the match progression's
        lines for it, which the ledger stores as the deal's entries too).

        Raises:
            PluginContractError: ``per_deal`` returned the wrong number of tallies.
        """
        count = len(score.parties)
        if self.per_deal is None:
            wanted = set(self.categories)
            value = [0] * count
            out_of = [0] * count
            for line in (*score.lines, *awards):
                if str(line.category) in wanted and 0 <= line.party < count:
                    if self.measure == "points":
                        value[line.party] += line.points
                    else:
                        value[line.party] += line.points > 0
                        out_of[line.party] += 1
            return [Tally(v, o) for v, o in zip(value, out_of, strict=True)]
        found = list(self.per_deal(score))
        if len(found) != count:
            raise PluginContractError(
                f"statistic {self.name!r} gave {len(found)} tallies for {count} parties"
            )
        return [t if t is not None else Tally(0) for t in found]

    def kept_names(self) -> tuple[str, ...]:
        """The names of the kept sums `from_kept` reads (``"points:game"``,
        ``"made:contract"``, or the statistic's own name for a ``per_deal`` one): what a
        report must fetch of the ledger's statistics store to show this statistic."""
        if self.per_deal is not None:
            return (self.name,)
        key = CATEGORY_KEY if self.measure == "points" else MADE_KEY
        return tuple(key + c for c in self.categories)

    def from_kept(self, kept: Mapping[str, tuple[int, int]]) -> Tally:
        """The statistic from a party's kept sums (the ledger's statistics store:
        ``{"points:game": (12, 0), "made:contract": (5, 9), "accuracy": (3, 4)}``)."""
        if self.per_deal is not None:
            value, out_of = kept.get(self.name, (0, 0))
            return Tally(value, out_of)
        if self.measure == "points":
            return Tally(sum(kept.get(CATEGORY_KEY + c, (0, 0))[0] for c in self.categories))
        made = [kept.get(MADE_KEY + c, (0, 0)) for c in self.categories]
        return Tally(sum(m[0] for m in made), sum(m[1] for m in made))


DealBreakdown = Callable[[DealScore], Sequence[tuple[str, Tally] | None]]
"""A breakdown's function: per party, the key its deal falls under and its `Tally` there
(``None``: the party counts nowhere in this deal)."""


@dataclass(frozen=True)
class Breakdown:
    """A figure split by a property of each deal, which the club pages chart
    (`Variant.breakdowns`): Israeli Whist's contracts made by contract size.

    Each scored deal gives every party a key -- one of ``keys`` -- and a `Tally` under it
    (``per_deal``); the chart sums the tallies per key over the stored deals of the
    variant's matches (voided deals left out) and shows, per key in the declared order,
    ``value`` of ``out_of`` as a rate (``out_of`` 0 everywhere: the plain sums). Nothing is
    kept in the ledger for it: a changed declaration charts every old match anew.

    Attributes:
        name: its key in the pages' JSON and element ids (`NAME_PATTERN`).
        label: the chart's title (English, marked with ``N_``).
        keys: every key, in the order shown along the axis (``"0"`` ... ``"13"``).
        per_deal: see above; a pure, cheap function of the stored `DealScore`.
        key_label: the axis title of the keys (``"contract (tricks)"``).
        value_label: what ``value`` counts (``"made"``).
        out_of_label: what ``out_of`` counts (``"played"``).
        key_labels: the keys as a reader sees them, each marked with ``N_`` (default: the
            keys as written, fitting numbers).
        description: one line for plugin documentation.

    Raises:
        ValueError: a bad name, no keys, a key twice, ``key_labels`` of another length.
    """

    name: str
    label: str
    keys: tuple[str, ...]
    per_deal: DealBreakdown = field(compare=False)
    key_label: str = ""
    value_label: str = ""
    out_of_label: str = ""
    key_labels: tuple[str, ...] = ()
    description: str = ""

    def __post_init__(self) -> None:
        _check_name("breakdown", self.name)
        if not self.keys:
            raise ValueError(f"breakdown {self.name!r}: declare its keys")
        if len(set(self.keys)) != len(self.keys):
            raise ValueError(f"breakdown {self.name!r}: a key is declared twice")
        if self.key_labels and len(self.key_labels) != len(self.keys):
            raise ValueError(f"breakdown {self.name!r}: give a label for every key, or none")

    def shown_keys(self) -> tuple[str, ...]:
        """The keys as a reader sees them (untranslated): ``key_labels`` or the keys."""
        return self.key_labels or self.keys

    def of_deal(self, score: DealScore) -> list[tuple[str, Tally] | None]:
        """Every party's key and tally for one scored deal.

        Raises:
            PluginContractError: ``per_deal`` gave the wrong number of items, or a key it
                does not declare.
        """
        found = list(self.per_deal(score))
        if len(found) != len(score.parties):
            raise PluginContractError(
                f"breakdown {self.name!r} gave {len(found)} items for {len(score.parties)} parties"
            )
        for item in found:
            if item is not None and item[0] not in self.keys:
                raise PluginContractError(
                    f"breakdown {self.name!r} gave key {item[0]!r}, which it does not declare"
                )
        return found


def check_declarations(
    statistics: Sequence[Statistic],
    categories: Sequence[ScoreCategory],
    sheet: ScoreSheet | None = None,
    breakdowns: Sequence[Breakdown] = (),
) -> None:
    """Refuse declarations of a variant that cannot all hold: a statistic, breakdown or
    category declared twice (a breakdown may not share a statistic's name either), or a
    statistic or the sheet naming a category that is neither the core's nor declared (a
    typo would otherwise count nothing, silently). The catalog calls it when a variant is
    registered, so a plugin with such a mistake is reported as failed by ``whist
    plugins``.

    Raises:
        ValueError: the first problem found.
    """
    known = set(CORE_CATEGORIES)
    for declared in categories:
        if declared.name in known and declared.name not in CORE_CATEGORIES:
            raise ValueError(f"score category {declared.name!r} is declared twice")
        known.add(declared.name)
    seen: set[str] = set()
    for stat in statistics:
        if stat.name in seen:
            raise ValueError(f"statistic {stat.name!r} is declared twice")
        seen.add(stat.name)
        for category in stat.categories:
            if category not in known:
                raise ValueError(
                    f"statistic {stat.name!r} counts category {category!r}, which is neither "
                    "a core category nor one the variant declares"
                )
    for breakdown in breakdowns:
        if breakdown.name in seen:
            raise ValueError(f"breakdown {breakdown.name!r} is declared twice")
        seen.add(breakdown.name)
    for item in sheet.above_the_line if sheet is not None else ():
        if item.category not in known:
            raise ValueError(
                f"the sheet writes category {item.category!r} above the line, which is "
                "neither a core category nor one the variant declares"
            )


def deal_statistics(
    statistics: Sequence[Statistic], score: DealScore
) -> dict[tuple[int, str], tuple[int, int]]:
    """What recording ``score`` adds to the ledger's kept per-deal statistics:
    ``{(party, name): (value, out_of)}`` for the ``per_deal`` statistics (the category
    ones are kept as category sums with the entries)."""
    out: dict[tuple[int, str], tuple[int, int]] = {}
    for stat in statistics:
        if stat.per_deal is None:
            continue
        for party, tally in enumerate(stat.of_deal(score)):
            if tally.value or tally.out_of:
                out[(party, stat.name)] = (tally.value, tally.out_of)
    return out


__all__ = [
    "CATEGORY_KEY",
    "CORE_CATEGORIES",
    "MADE_KEY",
    "MATCH_POINT_CATEGORIES",
    "NAME_PATTERN",
    "POINTS_SHEET",
    "SHEET_LAYOUTS",
    "STATISTIC_MEASURES",
    "STATISTIC_REPORTS",
    "AboveTheLine",
    "Breakdown",
    "DealBreakdown",
    "DealDetail",
    "DealStatistic",
    "ScoreCategory",
    "ScoreSheet",
    "Statistic",
    "Tally",
    "check_declarations",
    "deal_statistics",
]
