"""The score sheet and statistics of Israeli Whist (docs/variants/israeli.md §4.7).

The sheet has a column per player: each deal's declarer and trump, then per player the
contract, the tricks taken and the points (``4/5 -10``), and the running totals. Contracts
made -- a player took exactly the tricks contracted, zero bids included -- are the figure
standings and the arena report beside the points, counted from the score lines: a contract
or zero-bid line that scored points (the literal rule's failed zero of 7 or more tricks
scores above zero, docs/variants/israeli.md §4.7, and counts too). The club pages chart
contracts made by contract size (`BREAKDOWNS`): how often a player who contracted for N
tricks took exactly N.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openwhist import N_, Breakdown, Category, DealDetail, DealScore, ScoreSheet, Statistic, Tally


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
        description=N_("contract and zero-bid lines that scored, of the contracts played"),
    ),
)
"""Contracts made (of contracts played), in standings and the arena."""


CONTRACT_SIZES = tuple(str(n) for n in range(14))
"""Every contract a player may make, 0 to 13 tricks."""


def contract_made(score: DealScore) -> list[tuple[str, Tally] | None]:
    """Per player, the size of its contract and whether it took exactly that many tricks
    (``Tally(1, 1)`` made, ``Tally(0, 1)`` not); a passed-out deal counts for nobody.

    Read from the stored score: the facts' ``contracts`` and the tricks taken, which a
    played deal and a deal entered from real cards both store."""
    facts = score.facts
    contracts = facts.get("contracts") or []
    if facts.get("passed_out") or len(contracts) != len(score.parties):
        return [None] * len(score.parties)
    out: list[tuple[str, Tally] | None] = []
    for seat, contract in enumerate(contracts):
        taken = score.tricks[seat] if seat < len(score.tricks) else None
        if not isinstance(contract, int) or str(contract) not in CONTRACT_SIZES or taken is None:
            out.append(None)
            continue
        out.append((str(contract), Tally(int(taken == contract), 1)))
    return out


BREAKDOWNS = (
    Breakdown(
        "contracts_by_size",
        N_("contracts made by contract size"),
        CONTRACT_SIZES,
        contract_made,
        key_label=N_("contract (tricks)"),
        value_label=N_("made"),
        out_of_label=N_("played"),
        description=N_("contracts made exactly, of those played, per number of tricks contracted"),
    ),
)
"""Bid accuracy: contracts made of those played, per contract size (the club pages)."""
