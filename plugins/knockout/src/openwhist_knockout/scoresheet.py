"""Knockout Whist's score sheet and statistics (docs/plugins/hooks.md, "Score sheet and
statistics"; docs/variants/knockout.md, "Score sheet").

There are no points in Knockout Whist: a deal's lines are the tricks each player took (so
the totals count tricks over the game), and what matters -- who went out when, who plays on
a dog's life, who won -- is in each deal's stored facts and the match's summary. The sheet
has a column per player; each cell's mark says what the deal did to that player:

* ``x`` out of the game before the deal, ``OUT`` knocked out by it,
* ``dog`` given a dog's life for the next deal, ``back`` a dog back in,
* ``in`` still in the game, ``WIN`` the winner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openwhist import N_, DealDetail, DealScore, ScoreSheet, Statistic, Tally


def deal_detail(facts: Mapping[str, Any], parties: Sequence[str]) -> DealDetail:
    """Who went out, who got a dog's life and which dog came back, and per player what the
    deal did to them (the module docstring)."""
    out = facts.get("out") or []
    knocked = facts.get("knocked_out") or []
    dogs = facts.get("dogs_next") or []
    back = facts.get("back_in") or []
    winners = facts.get("winners") or []
    marks = []
    for p in range(len(parties)):
        if p in out:
            marks.append("x")
        elif p in winners:
            marks.append("WIN")
        elif p in knocked:
            marks.append("OUT")
        elif p in dogs:
            marks.append("dog")
        elif p in back:
            marks.append("back")
        else:
            marks.append("in")
    parts = []
    if knocked:
        parts.append("out " + " ".join(parties[p] for p in knocked))
    if dogs:
        parts.append("dog " + " ".join(parties[p] for p in dogs))
    if back:
        parts.append("back " + " ".join(parties[p] for p in back))
    return DealDetail("; ".join(parts) or "-", tuple(marks))


def survivals(score: DealScore) -> list[Tally | None]:
    """Per player in the deal: 1 of 1 when it did not put them out, else 0 of 1."""
    out = score.facts.get("out") or []
    knocked = score.facts.get("knocked_out") or []
    return [None if p in out else Tally(int(p not in knocked), 1) for p in range(len(score.tricks))]


def trick_shares(score: DealScore) -> list[Tally | None]:
    """Per player in the deal: the tricks they took, of the deal's tricks."""
    out = score.facts.get("out") or []
    total = sum(score.tricks)
    return [None if p in out else Tally(t, total) for p, t in enumerate(score.tricks)]


SHEET = ScoreSheet(
    layout="parties",
    deal_detail=deal_detail,
    detail_heading=N_("knocked out"),
    detail_note=N_(
        "(each player: x out before the deal, OUT knocked out, dog a dog's life, back a dog "
        "back in, in still in, WIN the winner / tricks taken)"
    ),
)
STATISTICS = (
    Statistic(
        "survived",
        N_("deals survived"),
        per_deal=survivals,
        description=N_("deals after which the player was still in the game, of those they played"),
    ),
    Statistic(
        "trick_share",
        N_("tricks taken"),
        per_deal=trick_shares,
        description=N_("tricks the player took, of the tricks of the deals they played"),
    ),
)

__all__ = ["SHEET", "STATISTICS", "deal_detail", "survivals", "trick_shares"]
