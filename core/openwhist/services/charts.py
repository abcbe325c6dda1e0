"""What the club pages chart, as plain data: no renderer, no web library (decision (an)).

Three charts, each read from the ledger through `openwhist.services.ledger.Ledger` and
knowing no variant:

* `score_chart`: the score over a match -- a line per party (a side or a player), the
  running totals after each deal exactly as the score sheet has them (a correction counts
  in the deal it corrects, a void deal's points come back out, adjustments after every
  deal), so its last point is the sheet's totals;
* `player_chart`: a player's results over time -- their party's points in each finished
  match, oldest first, with who won;
* `breakdown_charts`: each `openwhist.Breakdown` the variant declares (contracts made by
  contract size, say), summed over the stored scores of its matches' deals.

Labels stay the declarations' untranslated templates (``N_``): the page translates them with
the plugins' catalogues, as it translates a variant's title.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from openwhist.game.scoresheet import Breakdown

if TYPE_CHECKING:
    from openwhist.services.ledger import Ledger

MAX_POINTS: Final = 1000
"""Most deals a score chart draws: a longer match is thinned to every k-th deal (always
keeping its last deal, and every deal a correction or a void changed), since a line of
100,000 points draws no better than one of 1,000 and costs the browser seconds."""

VOID_CATEGORY: Final = "void"
"""The category of the ledger's marker entry of a void deal (docs/ledger.md)."""


@dataclass(frozen=True)
class ScorePoint:
    """One point of every line of a `ScoreChart`: the running totals after a deal.

    Attributes:
        deal: the deal's number; 0 for the start (every total 0); ``None`` for the
            adjustments, counted after every deal.
        totals: per party, its running total there.
        corrected: a correction of one of this deal's entries moved the line here.
        void: the deal was voided: its points no longer count.
        played: the deal was played at a table (its cards are in the ledger), not
            entered from real cards.
    """

    deal: int | None
    totals: tuple[int, ...]
    corrected: bool = False
    void: bool = False
    played: bool = False


@dataclass(frozen=True)
class ScoreChart:
    """The score over a match: a line per party.

    Attributes:
        match_id, variant, status: the match.
        parties: each party's label as the sheet has it (``"NS"``, ``"N"``).
        players: per party, its players' names in seat order.
        points: the start, each deal drawn, then the adjustments if there are any.
        totals: the match's totals (the sheet's), which the last point always equals.
        deals: how many deals the match has; ``thinned``: fewer than those are drawn
            (`MAX_POINTS`).
    """

    match_id: int
    variant: str
    status: str
    parties: tuple[str, ...]
    players: tuple[tuple[str, ...], ...]
    points: tuple[ScorePoint, ...]
    totals: tuple[int, ...]
    deals: int
    thinned: bool


def score_chart(ledger: Ledger, match_id: int) -> ScoreChart:
    """The score over a match, from its score sheet (`Ledger.score_sheet`).

    Raises:
        LedgerNotFoundError: no such match.
    """
    sheet = ledger.score_sheet(match_id)
    parties = tuple(str(p) for p in sheet["parties"])
    count = len(parties)
    players: list[list[str]] = [[] for _ in parties]
    for player in sheet["match"]["players"]:
        if 0 <= player["party"] < count:
            players[player["party"]].append(str(player["name"]))
    points = [ScorePoint(0, (0,) * count)]
    for deal in sheet["deals"]:
        if deal["status"] != "complete":
            continue  # the deal in progress has no points yet
        lines = deal["lines"]
        void = any(line["category"] == VOID_CATEGORY for line in lines)
        corrected = not void and any(line["corrects"] is not None for line in lines)
        points.append(
            ScorePoint(
                deal["number"],
                tuple(deal["totals"]),
                corrected,
                void,
                played=deal["source"] == "played",
            )
        )
    totals = tuple(int(t) for t in sheet["totals"])
    drawn = _thinned(points)
    if sheet["adjustments"]:
        drawn.append(ScorePoint(None, totals))
    return ScoreChart(
        match_id=match_id,
        variant=str(sheet["match"]["variant"]),
        status=str(sheet["match"]["status"]),
        parties=parties,
        players=tuple(tuple(names) for names in players),
        points=tuple(drawn),
        totals=totals,
        deals=int(sheet["page"]["deals"]),
        thinned=len(drawn) < len(points) + bool(sheet["adjustments"]),
    )


def _thinned(points: list[ScorePoint]) -> list[ScorePoint]:
    """At most about `MAX_POINTS` deals: every k-th, the last, and every changed one."""
    if len(points) <= MAX_POINTS + 1:
        return points
    step = -(-(len(points) - 1) // MAX_POINTS)
    last = len(points) - 1
    return [p for i, p in enumerate(points) if i % step == 0 or i == last or p.corrected or p.void]


@dataclass(frozen=True)
class MatchResult:
    """A player's result in one finished match.

    Attributes:
        match_id, variant, finished_at (ISO 8601, UTC), label: the match.
        points: their party's total (the entries', corrections and adjustments included).
        won: their party won the match; ``None``: the match has no winner (a draw).
        partners: the other players of their party.
        parties: how many parties the match had (a points total of 2 parties and of 4
            read differently).
    """

    match_id: int
    variant: str
    finished_at: str
    label: str
    points: int
    won: bool | None
    partners: tuple[str, ...]
    parties: int


@dataclass(frozen=True)
class PlayerChart:
    """A player's results over time: every finished match they played, oldest first
    (matches of several variants are charted as a line per variant)."""

    player: str
    results: tuple[MatchResult, ...]

    def variants(self) -> tuple[str, ...]:
        """The variants played, in the order first played."""
        return tuple(dict.fromkeys(r.variant for r in self.results))


def player_chart(ledger: Ledger, player: str) -> PlayerChart:
    """A player's results in their finished matches (`Ledger.list_matches`): an unknown
    player has none."""
    results = []
    for match in ledger.list_matches(player=player):
        if match["status"] != "finished":
            continue
        seats = [p for p in match["players"] if p["name"] == player]
        if not seats:
            continue
        party = seats[0]["party"]
        totals = match.get("totals") or []
        winner = match.get("winner")
        results.append(
            MatchResult(
                match_id=int(match["id"]),
                variant=str(match["variant"]),
                finished_at=str(match.get("finished_at") or match.get("started_at") or ""),
                label=str(match.get("label") or ""),
                points=int(totals[party]) if party < len(totals) else 0,
                won=None if winner is None else winner == party,
                partners=tuple(
                    p["name"]
                    for p in match["players"]
                    if p["party"] == party and p["name"] != player
                ),
                parties=len(match.get("parties") or totals),
            )
        )
    results.sort(key=lambda r: (r.finished_at, r.match_id))
    return PlayerChart(player, tuple(results))


@dataclass(frozen=True)
class BreakdownRow:
    """One key of a `BreakdownChart`: the summed tally there."""

    key: str
    shown: str
    value: int
    out_of: int

    @property
    def rate(self) -> float | None:
        """``value / out_of``; ``None`` when nothing was counted out of anything."""
        return self.value / self.out_of if self.out_of else None


@dataclass(frozen=True)
class BreakdownChart:
    """A declared `Breakdown` summed over a variant's deals (of one player's seats, when
    asked): a row per declared key, in order.

    Attributes:
        breakdown: the declaration (labels untranslated).
        variant, player: what was summed (``player`` ``None``: every player).
        rows: per key.
        deals: the deals summed.
    """

    breakdown: Breakdown
    variant: str
    player: str | None
    rows: tuple[BreakdownRow, ...]
    deals: int

    @property
    def is_rate(self) -> bool:
        """The tallies count ``value`` of ``out_of``: the chart shows a rate."""
        return any(row.out_of for row in self.rows)

    @property
    def empty(self) -> bool:
        """Nothing was counted under any key."""
        return not any(row.value or row.out_of for row in self.rows)


BREAKDOWN_DEALS: Final = 5000
"""The most deals `breakdown_charts` sums when asked with ``at_most=True``: a pass over the
stored scores costs about 0.1 ms a deal (docs/performance.md, "Club charts"), so a page that
must answer quickly (the standings) charts a variant of more deals on a page of its own."""


class TooManyDeals(Exception):  # noqa: N818 - a signal, not an error shown to anyone
    """`breakdown_charts(at_most=True)`: the variant has more than `BREAKDOWN_DEALS`."""

    def __init__(self, deals: int) -> None:
        super().__init__(deals)
        self.deals = deals


def breakdown_charts(
    ledger: Ledger, variant: str, *, player: str | None = None, at_most: bool = False
) -> tuple[BreakdownChart, ...]:
    """Each breakdown ``variant`` declares, summed over the stored scores of its matches'
    completed deals that are not void (`Ledger.scored_deals`) -- of every party, or of
    ``player``'s parties only. A variant that declares none, or is not installed, has
    none (``()``). ``at_most``: refuse (`TooManyDeals`) rather than sum more than
    `BREAKDOWN_DEALS` deals.

    Raises:
        PluginContractError: a breakdown's function broke its contract on a stored deal.
        TooManyDeals: see ``at_most``.
    """
    declared = ledger.declared_breakdowns(variant)
    if not declared:
        return ()
    if at_most:
        count = ledger.scored_deal_count(variant, player=player)
        if count > BREAKDOWN_DEALS:
            raise TooManyDeals(count)
    deals, parties = ledger.scored_deals(variant, player=player)
    sums = [{key: [0, 0] for key in b.keys} for b in declared]
    for match_id, score in deals:
        counted = _counted_parties(parties.get(match_id, {}), player, len(score.parties))
        for breakdown, table in zip(declared, sums, strict=True):
            for party, item in enumerate(breakdown.of_deal(score)):
                if item is None or party not in counted:
                    continue
                key, tally = item
                table[key][0] += tally.value
                table[key][1] += tally.out_of
    return tuple(
        BreakdownChart(
            breakdown=b,
            variant=variant,
            player=player,
            rows=tuple(
                BreakdownRow(key, shown, *table[key])
                for key, shown in zip(b.keys, b.shown_keys(), strict=True)
            ),
            deals=len(deals),
        )
        for b, table in zip(declared, sums, strict=True)
    )


def _counted_parties(
    names: Mapping[int, Sequence[str]], player: str | None, count: int
) -> frozenset[int]:
    if player is None:
        return frozenset(range(count))
    return frozenset(party for party, seated in names.items() if player in seated)


def chart_json(chart: ScoreChart | PlayerChart | BreakdownChart) -> dict[str, Any]:
    """A chart as JSON-safe data (what a page embeds; labels untranslated)."""
    if isinstance(chart, ScoreChart):
        return {
            "match": chart.match_id,
            "variant": chart.variant,
            "parties": list(chart.parties),
            "players": [list(p) for p in chart.players],
            "points": [
                {
                    "deal": p.deal,
                    "totals": list(p.totals),
                    "corrected": p.corrected,
                    "void": p.void,
                    "played": p.played,
                }
                for p in chart.points
            ],
            "totals": list(chart.totals),
            "deals": chart.deals,
            "thinned": chart.thinned,
        }
    if isinstance(chart, PlayerChart):
        return {
            "player": chart.player,
            "results": [
                {
                    "match": r.match_id,
                    "variant": r.variant,
                    "finished_at": r.finished_at,
                    "points": r.points,
                    "won": r.won,
                    "partners": list(r.partners),
                }
                for r in chart.results
            ],
        }
    return {
        "name": chart.breakdown.name,
        "variant": chart.variant,
        "player": chart.player,
        "deals": chart.deals,
        "rows": [
            {"key": r.key, "value": r.value, "out_of": r.out_of, "rate": r.rate} for r in chart.rows
        ],
    }


__all__ = [
    "BREAKDOWN_DEALS",
    "MAX_POINTS",
    "BreakdownChart",
    "BreakdownRow",
    "MatchResult",
    "PlayerChart",
    "ScoreChart",
    "ScorePoint",
    "TooManyDeals",
    "breakdown_charts",
    "chart_json",
    "player_chart",
    "score_chart",
]
