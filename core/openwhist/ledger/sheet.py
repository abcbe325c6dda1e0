"""The ledger's reports shaped from the rows they read, whatever read them.

`openwhist.ledger.repository` reads them through SQLAlchemy and `openwhist.ledger.sqlite_read`
through the standard library's ``sqlite3`` (the reports' quick path, which loads neither
SQLAlchemy nor SQLModel); both hand their rows to these functions, so a report is laid out
by one piece of code. Nothing here touches a database.
"""

from __future__ import annotations

import contextlib
import gc
import json
import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol


class MatchLike(Protocol):
    """A stored match as the reports read it: the ORM row
    (`openwhist.ledger.models.Match`) or `openwhist.ledger.sqlite_read`'s plain one."""

    @property
    def id(self) -> int | None: ...
    @property
    def variant(self) -> str: ...
    @property
    def variant_distribution(self) -> str: ...
    @property
    def variant_version(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def house_rules(self) -> list[str]: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def progress(self) -> dict[str, Any]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def started_at(self) -> datetime: ...
    @property
    def finished_at(self) -> datetime | None: ...


def as_utc(value: datetime | None) -> datetime | None:
    """A stored time as an aware UTC datetime (SQLite hands them back naive)."""
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def iso(value: datetime | None) -> str | None:
    aware = as_utc(value)
    return aware.isoformat() if aware is not None else None


def match_summary(match: MatchLike, players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A JSON-safe summary of a match (what ``whist matches --json`` lists).

    ``seed`` is ``None`` while the match is open: every deck still to come, and the bots'
    choices, follow from it. It is shown once the match is finished or abandoned.
    """
    progress = match.progress
    return {
        "id": match.id,
        "variant": match.variant,
        "variant_distribution": match.variant_distribution,
        "variant_version": match.variant_version,
        "format": match.format,
        "status": match.status,
        "label": match.label,
        "seed": match.seed if match.status != "open" else None,
        "options": match.options,
        "house_rules": match.house_rules,
        "first_dealer": match.first_dealer,
        "players": [dict(p) for p in players],
        "parties": progress.get("parties", []),
        "deals": progress.get("deals", 0),
        "totals": progress.get("totals", []),
        "winner": match.winner if match.status == "finished" else None,
        "summary": progress.get("summary", ""),
        # The message the summary was rendered from (`openwhist.Message.as_dict`), for a
        # report in another language; None for a ledger written before it was stored.
        "summary_message": progress.get("summary_message"),
        "started_at": iso(match.started_at),
        "finished_at": iso(match.finished_at),
    }


def with_ledger_totals(summary: dict[str, Any], totals: Mapping[int, Any]) -> dict[str, Any]:
    """A `match_summary` whose totals are the entries' (`ledger_totals`), so that every
    report -- ``matches``, ``match close``, the export, the score sheet -- agrees.

    ``totals`` becomes the sum of the entries per party; the rules' own tally at the last
    deal stays as ``rules_totals`` and ``rules_summary`` (game points of a rubber,
    deals won in a best-of match: what the rules count, before any correction). When the
    match has corrections, voids or adjustments, which the rules' progression never saw,
    ``summary`` is the entries' totals (and game points, where there are any) followed by
    ``(corrected)`` instead of the rules' line, which would contradict them.
    """
    parties = [str(p) for p in summary.get("parties", [])]
    found = totals.get(int(summary["id"])) if summary.get("id") is not None else None
    points = [int((found or {}).get("points", {}).get(i, 0)) for i in range(len(parties))]
    game = [int((found or {}).get("game_points", {}).get(i, 0)) for i in range(len(parties))]
    out = dict(summary)
    out["rules_totals"] = summary.get("totals", [])
    out["rules_summary"] = summary.get("summary", "")
    out["totals"] = points
    out["game_points"] = game
    if found is not None and found["edited"]:
        text = ", ".join(f"{p} {t}" for p, t in zip(parties, points, strict=True))
        if any(game):
            text += "; game points " + ", ".join(
                f"{p} {t}" for p, t in zip(parties, game, strict=True)
            )
        out["summary"] = f"{text} (corrected)"
    return out


def padded(values: Any, count: int) -> list[int]:
    """``values`` (a stored list of ints, or nothing) as exactly ``count`` ints."""
    out = [int(v) for v in (values or [])[:count]]
    return out + [0] * (count - len(out))


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while building a large sheet.

    Kept because it pays (issue 11, measured 2026-12-01, CPU, best of 3-5, paused vs not):
    the whole sheet of a 10,000-deal match 105 ms vs 184 ms, of a 100,000-deal match
    1.32 s vs 2.24 s (the sheet is hundreds of thousands of small acyclic dicts and lists,
    and the collector's repeated full passes over them and over every imported module's
    objects cost that); a 500-deal page 8.3 ms vs 8.7 ms. Reference counting still frees
    everything; the collector resumes afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def build_sheet(
    *,
    match: MatchLike,
    players: list[dict[str, Any]],
    parties: list[str],
    deals: Sequence[Any],
    entries: Iterable[Sequence[Any]],
    adjustment_rows: Sequence[Any],
    carried: list[int],
    totals: list[int],
    deal_count: int,
) -> dict[str, Any]:
    """The sheet from the page's deal rows and entry rows (see `score_sheet`).

    Every deal and entry becomes a plain dict built by a literal -- the cheapest object
    Python makes -- because a whole 100,000-deal sheet is about 300,000 of them.
    """
    count = len(parties)
    sheet_deals: list[dict[str, Any]] = []
    lists_of: dict[int, tuple[list[dict[str, Any]], list[int]]] = {}
    for deal_id, number, dealer, status, source, winner, _tricks, summary in deals:
        lines: list[dict[str, Any]] = []
        points = [0] * count
        lists_of[deal_id] = (lines, points)
        sheet_deals.append(
            {
                "number": number,
                "dealer": dealer,
                "status": status,
                "source": source,
                "winner": winner,
                "tricks": None,  # decoded below, all at once
                "summary": summary or "",
                "lines": lines,
                "points": points,
                "totals": None,  # summed below, once every deal's points are in
            }
        )
    # The entries come deal by deal: the deal's lists are looked up when the deal changes.
    # A deal the deals query did not see (recorded between the two queries, which under
    # PostgreSQL's READ COMMITTED see different snapshots) is left out, lines and all.
    current = None
    for deal_id, entry_id, party, category, value, note, corrects in entries:
        if deal_id != current:
            current = deal_id
            lines, points = lists_of.get(deal_id) or ([], [0] * count)
        lines.append(
            {
                "id": entry_id,
                "party": party,
                "category": category,
                "points": value,
                "note": note,
                "corrects": corrects,
            }
        )
        points[party] += value
    # One decode of every tricks list: a single C-level parse instead of one json.loads
    # call (and its Python overhead) per deal. Each text is one stored JSON value, so the
    # array has one element per deal; anything else falls back to decoding them singly.
    texts = [row[6] or "[]" for row in deals]
    decoded = json.loads("[" + ",".join(texts) + "]") if texts else []
    if len(decoded) != len(texts):
        decoded = [json.loads(text) for text in texts]
    running = carried[:]
    for deal, tricks in zip(sheet_deals, decoded, strict=True):
        deal["tricks"] = tricks
        running = list(map(operator.add, running, deal["points"]))
        deal["totals"] = running
    keys = ("id", "party", "category", "points", "note", "corrects")
    adjustments = [dict(zip(keys, row[1:], strict=True)) for row in adjustment_rows]
    return {
        "match": match_summary(match, players),
        "parties": parties,
        "deals": sheet_deals,
        "adjustments": adjustments,
        "carried": carried,
        "totals": totals,
        "page": {
            "first": sheet_deals[0]["number"] if sheet_deals else None,
            "last": sheet_deals[-1]["number"] if sheet_deals else None,
            "deals": deal_count,
        },
    }


# Every seat of every match, with its party's kept sums (party_totals): the cost follows
# the number of seats, not of deals or entries.
_STANDINGS_SQL = """
SELECT m.variant AS variant, p.name AS name, p.kind AS kind,
       COUNT(*) AS matches,
       SUM(CASE WHEN m.status = 'finished' THEN 1 ELSE 0 END) AS finished,
       SUM(CASE WHEN m.status = 'finished' AND m.winner = s.party THEN 1 ELSE 0 END) AS wins,
       COALESCE(SUM(t.deals), 0) AS deals,
       COALESCE(SUM(t.deals_won), 0) AS deals_won,
       COALESCE(SUM(t.points), 0) AS points
FROM seats s
JOIN players p ON p.id = s.player_id
JOIN matches m ON m.id = s.match_id
LEFT JOIN party_totals t ON t.match_id = s.match_id AND t.party = s.party
{where}
GROUP BY m.variant, p.id, p.name, p.kind
ORDER BY m.variant, points DESC, p.name
"""

# The same seats with their party's kept statistics (party_statistics), summed by name.
_STATISTICS_SQL = """
SELECT m.variant AS variant, p.name AS name, st.name AS statistic,
       SUM(st.value) AS value, SUM(st.out_of) AS out_of
FROM seats s
JOIN players p ON p.id = s.player_id
JOIN matches m ON m.id = s.match_id
JOIN party_statistics st ON st.match_id = s.match_id AND st.party = s.party
{where}
GROUP BY m.variant, p.id, p.name, st.name
ORDER BY m.variant, p.name, st.name
"""


def standings_query(
    *,
    variant: str | None = None,
    player: str | None = None,
    statistics: Sequence[str] | None = None,
) -> tuple[str, str, dict[str, Any]]:
    """The standings statements and their parameters (``:name`` style, which SQLAlchemy's
    ``text()`` and ``sqlite3`` both bind): per variant and player, across matches, from the
    sums kept in ``party_totals``, then from those kept in ``party_statistics``.

    Each row (`standings_rows`): ``variant``, ``name``, ``kind``, ``matches`` (played in),
    ``finished``, ``wins`` (finished matches their party won), ``deals`` (completed deals of
    their matches), ``deals_won`` (deals their party won), ``points`` (sum of their party's
    entries, corrections included; partners share their side's points) and ``kept``: every
    kept statistic of their party's, summed over their matches, by name --
    ``{"points:game": [12, 0], "made:contract": [5, 9]}`` (``[value, out_of]``), from which
    the variant's declared statistics are read (`openwhist.game.scoresheet.Statistic`).
    Ordered by variant, then points, highest first.

    ``statistics``: only these kept statistics are read (`Statistic.kept_names` of the
    ones a report shows), not every one the matches keep: a party may keep a dozen (each
    category's points and count) where its standings show one statistic made of two, and
    summing all of them for each of a big ledger's seats was most of the standings' time
    (docs/performance.md, "The club's standings page"). An empty sequence reads none
    (the second statement is then ``""``); ``None`` reads all.
    """
    conditions = []
    params: dict[str, Any] = {}
    if variant is not None:
        conditions.append("m.variant = :variant")
        params["variant"] = variant
    if player is not None:
        conditions.append("p.name = :player")
        params["player"] = player
    where = ("WHERE " + " AND ".join(conditions)) if conditions else ""
    if statistics is not None:
        if not statistics:
            return _STANDINGS_SQL.format(where=where), "", params
        names = sorted(set(statistics))
        params.update({f"statistic_{i}": name for i, name in enumerate(names)})
        wanted = ", ".join(f":statistic_{i}" for i in range(len(names)))
        kept = ("WHERE " if not conditions else where + " AND ") + f"st.name IN ({wanted})"
        return _STANDINGS_SQL.format(where=where), _STATISTICS_SQL.format(where=kept), params
    return _STANDINGS_SQL.format(where=where), _STATISTICS_SQL.format(where=where), params


_STANDINGS_COLUMNS = (
    "variant",
    "name",
    "kind",
    "matches",
    "finished",
    "wins",
    "deals",
    "deals_won",
    "points",
)


def standings_rows(
    rows: Iterable[Sequence[Any]], statistics: Iterable[Sequence[Any]]
) -> list[dict[str, Any]]:
    """The standings from the rows of `standings_query`'s two statements (columns in
    their order)."""
    out = []
    by_key: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        item = dict(zip(_STANDINGS_COLUMNS, row, strict=True))
        for key in _STANDINGS_COLUMNS[3:]:
            item[key] = int(item[key])
        item["kept"] = {}
        by_key[(item["variant"], item["name"])] = item
        out.append(item)
    for variant, name, statistic, value, out_of in statistics:
        found = by_key.get((variant, name))
        if found is not None:
            found["kept"][str(statistic)] = [int(value or 0), int(out_of or 0)]
    return out


__all__ = [
    "MatchLike",
    "as_utc",
    "build_sheet",
    "collector_paused",
    "iso",
    "match_summary",
    "padded",
    "standings_query",
    "standings_rows",
    "with_ledger_totals",
]
