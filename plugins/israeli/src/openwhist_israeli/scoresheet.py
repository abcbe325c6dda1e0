"""The score sheet and statistics of Israeli Whist (docs/variants/israeli.md §4.7).

The sheet has a column per player: each deal's declarer and trump, then per player the
contract, the tricks taken and the points (``4/5 -10``), and the running totals. Contracts
made -- a player took exactly the tricks contracted, zero bids included -- are the figure
standings and the arena report beside the points, counted from the score lines: a contract
or zero-bid line that scored points (the literal rule's failed zero of 7 or more tricks
scores above zero, docs/variants/israeli.md §4.7, and counts too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openwhist import N_, Category, DealDetail, ScoreSheet, Statistic


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
        categories=(Category.CONTRACT, Category.ZERO_BID),
        measure="made",
        description="contract and zero-bid lines that scored, of the contracts played",
    ),
)
"""Contracts made (of contracts played), in standings and the arena."""
