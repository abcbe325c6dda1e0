"""A third-party variant that declares its own score sheet, category and statistics
(tests/plugins/test_declared_sheet.py).

"Tally Whist": four players, each for himself, the standard trick play; a deal scores each
player's tricks (``tricks``), and a player who takes seven or more gets a *grand* -- a line
of the variant's own category ``grand`` worth 5 (or, under the option ``grand_fine``, a
fine of 5 for the other players' lines: ``grand`` lines with negative points). A match is
three deals. It declares:

* its category ``grand`` (`ScoreCategory`, labelled "grand slam bonus");
* a ``"parties"`` sheet with a deal detail: the deal's top scorer, and per player a mark
  (``G`` for a grand, ``-`` otherwise) beside its tricks and points;
* two statistics: ``grands`` (the ``grand`` lines that scored, of all ``grand`` lines:
  measure ``"made"``, in standings and the arena) and ``blanks`` (deals in which the player
  took no trick, computed per deal by a typed function, out of the deals played).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from openwhist import (
    DealContext,
    DealDetail,
    DealScore,
    DealState,
    MatchProgress,
    Rules,
    ScoreCategory,
    ScoreLine,
    ScoreSheet,
    Statistic,
    Tally,
    Variant,
    VariantOptions,
    hookimpl,
)
from openwhist.plugins import Catalog, load_catalog
from pydantic import BaseModel, ConfigDict, Field

SEATS = ("N", "E", "S", "W")
GRAND = "grand"
DEALS = 3


class TallyOptions(VariantOptions):
    grand_fine: bool = Field(default=False, description="a grand fines the others instead")


class TallyFacts(BaseModel):
    """Tricks per seat (what a score-keeper enters)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tricks: list[int]


class TallyRules:
    @hookimpl
    def whist_deal_facts(self, state: DealState[Any]) -> BaseModel:
        return TallyFacts(tricks=list(state.tricks))

    @hookimpl
    def whist_score_facts(self, rules: Rules, facts: BaseModel, context: DealContext) -> DealScore:
        assert isinstance(facts, TallyFacts)
        fine = bool(getattr(context.options, "grand_fine", False))
        lines = [ScoreLine(s, "tricks", t, f"{t} tricks") for s, t in enumerate(facts.tricks)]
        for seat, taken in enumerate(facts.tricks):
            if taken >= 7:
                if fine:
                    lines.extend(
                        ScoreLine(o, GRAND, -5, f"{SEATS[seat]}'s grand")
                        for o in range(len(SEATS))
                        if o != seat
                    )
                else:
                    lines.append(ScoreLine(seat, GRAND, 5, "grand"))
        points = [sum(x.points for x in lines if x.party == p) for p in range(len(SEATS))]
        best = max(points)
        top = [p for p, x in enumerate(points) if x == best]
        return DealScore(
            parties=SEATS,
            lines=tuple(lines),
            winner=top[0] if len(top) == 1 else None,
            tricks=tuple(facts.tricks),
            facts={"top": top, "grands": [s for s, t in enumerate(facts.tricks) if t >= 7]},
        )

    @hookimpl
    def whist_advance_match(
        self, rules: Rules, progress: MatchProgress, score: DealScore, options: BaseModel
    ) -> MatchProgress:
        totals = tuple(t + score.points(p) for p, t in enumerate(progress.totals))
        done = progress.deals + 1 >= DEALS
        best = max(totals)
        return MatchProgress(
            parties=progress.parties,
            deals=progress.deals + 1,
            dealer=(progress.dealer + 1) % len(SEATS),
            totals=totals,
            finished=done,
            winner=totals.index(best) if done and totals.count(best) == 1 else None,
            summary=", ".join(f"{p} {t}" for p, t in zip(SEATS, totals, strict=True)),
        )


def deal_detail(facts: Mapping[str, Any], parties: Sequence[str]) -> DealDetail:
    """``top: N`` and per player ``G`` (a grand) or ``-``."""
    top = facts.get("top") or []
    grands = facts.get("grands") or []
    return DealDetail(
        "top: " + " ".join(parties[p] for p in top),
        tuple("G" if p in grands else "-" for p in range(len(parties))),
    )


def blanks(score: DealScore) -> list[Tally | None]:
    """Per player: 1 of 1 for a deal without a trick, 0 of 1 otherwise."""
    return [Tally(int(t == 0), 1) for t in score.tricks]


TALLY = Variant(
    name="tally",
    title="Tally Whist",
    description="four players each for himself; seven tricks make a grand",
    seat_names=SEATS,
    rules=TallyRules(),
    options=TallyOptions,
    max_actions=53,
    facts=TallyFacts,
    sheet=ScoreSheet(
        layout="parties",
        deal_detail=deal_detail,
        detail_heading="top scorer",
        detail_note="(each player: G for a grand / tricks taken and the deal's points)",
    ),
    statistics=(
        Statistic("grands", "grands won", categories=(GRAND,), measure="made"),
        Statistic("blanks", "deals without a trick", per_deal=blanks, reports=("standings",)),
    ),
    categories=(ScoreCategory(GRAND, "grand slam bonus"),),
)


class Plugin:
    @hookimpl
    def whist_register_variants(self, register: Callable[[Variant], None]) -> None:
        register(TALLY)


PLUGIN = Plugin()


def catalog() -> Catalog:
    """The installed plugins and this one."""
    return load_catalog(extra_plugins=[("owfake-tally", PLUGIN)])
