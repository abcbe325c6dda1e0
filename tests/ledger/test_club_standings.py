"""The club's standings on a club-shaped ledger (issue 16; bench/bench_club.py builds it).

What a secretary notices: the standings page shows, for every member, the matches,
finished matches, wins, deals, deals won and points that the match sheets add up to --
corrections, adjustments and voided deals included -- and it answers as fast with two
years of evenings as with one, because it reads the sums the ledger keeps
(``party_totals``, ``party_statistics``) and never walks the deals or their entries.

The ledger is the benchmark's: matches of every variant written through the services
(real-card facts and played deals, with corrections, adjustments, voids and closed
evenings), then copied in bulk with other members in the seats. No wall-clock assert: the
time is the benchmark's to print (docs/performance.md, "The club's standings page").
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from openwhist.plugins import Catalog
from openwhist.services.ledger import Ledger
from openwhist.services.ledger_check import check_ledger

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from bench_club import Built, build_club_ledger


def _plain_standings(ledger: Ledger) -> dict[tuple[str, str], dict[str, int]]:
    """Standings recomputed the long way: every match's whole score sheet, read as a
    player reads it (the party's total, its completed deals and those it won)."""
    out: dict[tuple[str, str], dict[str, int]] = defaultdict(
        lambda: dict.fromkeys(("matches", "finished", "wins", "deals", "deals_won", "points"), 0)
    )
    for match in ledger.list_matches():
        sheet = ledger.score_sheet(int(match["id"]))
        complete = [d for d in sheet["deals"] if d["status"] == "complete"]
        for player in match["players"]:
            party = player["party"]
            row = out[(match["variant"], player["name"])]
            row["matches"] += 1
            row["finished"] += match["status"] == "finished"
            row["wins"] += match["status"] == "finished" and match["winner"] == party
            row["deals"] += len(complete)
            row["deals_won"] += sum(1 for d in complete if d["winner"] == party)
            row["points"] += sheet["totals"][party]
    return dict(out)


@pytest.fixture
def club(ledger_url: str, catalog: Catalog) -> tuple[str, Built]:
    """A small club ledger: ~130 deals through the services, copied to ~600."""
    with Ledger(ledger_url, catalog=catalog) as ledger:
        built = build_club_ledger(
            ledger, catalog, deals=600, template_deals=130, members=14, seed=3, edit_rate=4.0
        )
    return ledger_url, built


def test_club_standings_add_up_to_the_match_sheets(
    club: tuple[str, Built], catalog: Catalog
) -> None:
    url, built = club
    # The generated ledger is one the ledger's own check accepts: every match replays
    # from its records, the kept sums equal the entries (the copies' too).
    checked = check_ledger(url, catalog=catalog)
    assert checked["ok"], checked["findings"][:3]
    assert checked["deals"] == built.deals >= 600
    assert built.corrections, built
    assert built.adjustments, built
    assert built.voids, built
    assert set(built.by_variant) >= {"israeli", "english", "german"}
    with Ledger(url, catalog=catalog) as ledger:
        plain = _plain_standings(ledger)
        rows = ledger.standings()
        shown = {
            (r["variant"], r["name"]): {k: r[k] for k in next(iter(plain.values()))} for r in rows
        }
        assert shown == plain
        # Per variant, the page's view: the same rows as the whole standings (which read
        # every kept statistic; one variant's read only those it shows), best first, each
        # with its variant's declared statistics.
        for variant in built.by_variant:
            page = ledger.standings(variant=variant)
            assert page == [r for r in rows if r["variant"] == variant]
            assert [r["points"] for r in page] == sorted((r["points"] for r in page), reverse=True)
            declared = [s.name for s in ledger.declared_statistics(variant, "standings") or ()]
            assert all(list(r["statistics"]) == declared for r in page)
    with Ledger(url, catalog=catalog, read_only=True) as reader:  # `whist standings`' path
        assert reader.standings(variant="english") == [r for r in rows if r["variant"] == "english"]


def test_club_standings_read_the_kept_sums_only(club: tuple[str, Built], catalog: Catalog) -> None:
    """Two statements per standings, whatever the ledger's size, neither reading the
    deals or their score entries: a page over two years of evenings costs what one over
    a month costs (the figures are in docs/performance.md)."""
    url, _built = club
    with Ledger(url, catalog=catalog) as ledger:
        israeli = _selects(ledger, "israeli")
        german = _selects(ledger, "german")
    assert len(israeli) == 2, israeli
    assert len(german) == 1, german  # German declares no statistic: none is read
    for statement in israeli + german:
        tables = set(re.findall(r"\b(?:FROM|JOIN)\s+(\w+)", statement, re.IGNORECASE))
        assert tables <= {"seats", "players", "matches", "party_totals", "party_statistics"}, (
            statement
        )


def _selects(ledger: Ledger, variant: str) -> list[str]:
    """The SELECT statements ``ledger.standings(variant=variant)`` sends."""
    import sqlalchemy as sa

    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    engine = ledger._sqlalchemy()[1]
    sa.event.listen(engine, "before_cursor_execute", seen)
    try:
        ledger.standings(variant=variant)
    finally:
        sa.event.remove(engine, "before_cursor_execute", seen)
    return [s for s in statements if s.lstrip().upper().startswith("SELECT")]
