"""The score sheet and statistics of Israeli Whist (RULES.md §4.7).

The sheet has a column per player: each deal's declarer and trump, then per player the
contract, the tricks taken and the points (``4/5 -10``), and the running totals. Contracts
made -- a player took exactly the tricks contracted, zero bids included -- are the figure
standings and the arena report beside the points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openwhist import N_, DealDetail, DealScore, ScoreSheet, Statistic, Tally


def deal_detail(facts: Mapping[str, Any], parties: Sequence[str]) -> DealDetail:
    """The declarer and trump of a deal (``N 4H (over 14)``) and each player's contract,
    from the deal's stored facts (`openwhist_israeli.scoring.score_facts`)."""
    if facts.get("passed_out"):
        return DealDetail(N_("passed out"))
    declarer = facts.get("declarer")
    what = (
        f"{parties[declarer]} {facts.get('bid')}"
        if isinstance(declarer, int) and 0 <= declarer < len(parties)
        else ""
    )
    kind = facts.get("deal_type")
    if kind:
        what += f" ({kind} {facts.get('contract_total', '')})"
    contracts = facts.get("contracts") or []
    marks = tuple(
        str(contracts[seat]) if seat < len(contracts) else "?" for seat in range(len(parties))
    )
    return DealDetail(what, marks)


def contracts_made(score: DealScore) -> list[Tally | None]:
    """Per player: 1 of 1 when the tricks taken equal the contract, 0 of 1 when not;
    nothing for a passed-out deal (no contracts)."""
    contracts = score.facts.get("contracts")
    count = len(score.parties)
    if (
        not isinstance(contracts, list)
        or len(contracts) != count
        or not all(isinstance(c, int) for c in contracts)
    ):
        return [None] * count
    return [
        Tally(int(seat < len(score.tricks) and score.tricks[seat] == bid), 1)
        for seat, bid in enumerate(contracts)
    ]


SHEET = ScoreSheet(
    layout="parties",
    deal_detail=deal_detail,
    detail_heading=N_("declarer, trump"),
    detail_note=N_("(each player: contract/tricks taken and the deal's points)"),
)
"""A column per player: contract/tricks points, running totals."""

STATISTICS = (
    Statistic(
        "contracts_made",
        N_("contracts made"),
        per_deal=contracts_made,
        description="contracts made exactly, zero bids included, of the contracts played",
    ),
)
"""Contracts made (of contracts played), in standings and the arena."""
