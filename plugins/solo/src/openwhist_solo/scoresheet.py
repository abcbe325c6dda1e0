"""The score sheet and statistics of Solo Whist (docs/variants/solo.md §6-§7).

The sheet has a column per player, in units: each deal's contract and declarer (``N solo
(7 tricks)``), then per player a mark -- ``D`` the declarer, ``P`` his partner in a
proposal, ``-`` an opponent -- before the tricks taken and the units won or lost, and the
running totals a session keeps. The statistics count the contracts each player made, of
those he played as declarer or partner: all together, and by kind (proposals, solos,
misères, abundances), in standings and the arena.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from openwhist import N_, DealDetail, DealScore, ScoreSheet, Statistic, Tally

SEATS = 4
KINDS: dict[str, frozenset[str]] = {
    "prop": frozenset({"prop"}),
    "solo": frozenset({"solo"}),
    "misere": frozenset({"misere", "open_misere"}),
    "abundance": frozenset({"abundance", "royal_abundance", "declared"}),
}
"""The contract kinds counted by statistic (a misère open or not, every abundance)."""
SHORT = {
    "prop": "prop",
    "solo": "solo",
    "misere": "misère",
    "abundance": "abundance",
    "royal_abundance": "royal abundance",
    "open_misere": "open misère",
    "declared": "abundance declared",
    "general_misere": "general misère",
}


def deal_detail(facts: Mapping[str, Any], parties: Sequence[str]) -> DealDetail:
    """The contract, declarer and result of a deal and each player's role in it, from the
    deal's stored facts (`openwhist_solo.scoring.score_facts`)."""
    if facts.get("passed_out"):
        return DealDetail(N_("all passed"))
    contract = str(facts.get("contract") or "")
    declarer = facts.get("declarer")
    partner = facts.get("partner")
    if contract == "general_misere" or not isinstance(declarer, int):
        return DealDetail(SHORT.get(contract, contract), tuple("-" for _ in parties))
    who = parties[declarer] if 0 <= declarer < len(parties) else "?"
    if isinstance(partner, int) and 0 <= partner < len(parties):
        who += "+" + parties[partner]
    result = "made" if facts.get("made") else "lost"
    what = f"{who} {SHORT.get(contract, contract)} {result} ({facts.get('side_tricks')})"
    marks = tuple(
        "D" if seat == declarer else "P" if seat == partner else "-" for seat in range(len(parties))
    )
    return DealDetail(what, marks)


SHEET = ScoreSheet(
    layout="parties",
    deal_detail=deal_detail,
    detail_heading=N_("contract"),
    detail_note=N_(
        "(each player: D declarer, P partner, - opponent / tricks taken, and the units won or lost)"
    ),
)
"""A column per player: role/tricks units, running totals."""


def made_tally(kinds: frozenset[str] | None) -> Callable[[DealScore], Sequence[Tally | None]]:
    """A per-deal statistic: for the declaring side of a contract of ``kinds`` (any when
    ``None``), one contract played and made or not; nothing for the others."""

    def tally(score: DealScore) -> Sequence[Tally | None]:
        facts = score.facts
        contract = facts.get("contract")
        declarer = facts.get("declarer")
        out: list[Tally | None] = [None] * SEATS
        if not isinstance(declarer, int) or contract is None:
            return out
        if kinds is not None and contract not in kinds:
            return out
        made = 1 if facts.get("made") else 0
        for seat in (declarer, facts.get("partner")):
            if isinstance(seat, int) and 0 <= seat < SEATS:
                out[seat] = Tally(made, 1)
        return out

    return tally


STATISTICS = (
    Statistic(
        "contracts_made",
        N_("contracts made"),
        per_deal=made_tally(None),
        description=N_("contracts made, of those played as declarer or partner"),
    ),
    Statistic(
        "props_made",
        N_("proposals made"),
        per_deal=made_tally(KINDS["prop"]),
        description=N_("proposals and acceptances made, as proposer or acceptor"),
    ),
    Statistic(
        "solos_made",
        N_("solos made"),
        per_deal=made_tally(KINDS["solo"]),
        description=N_("solos made, of those called"),
    ),
    Statistic(
        "miseres_made",
        N_("misères made"),
        per_deal=made_tally(KINDS["misere"]),
        description=N_("misères and open misères made, of those called"),
    ),
    Statistic(
        "abundances_made",
        N_("abundances made"),
        per_deal=made_tally(KINDS["abundance"]),
        description=N_("abundances, royal abundances and abundances declared made"),
    ),
)
"""Contracts made (of contracts played), all and by kind, in standings and the arena."""

__all__ = ["KINDS", "SHEET", "STATISTICS", "deal_detail", "made_tally"]
