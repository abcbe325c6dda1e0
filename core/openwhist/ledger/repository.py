"""Ledger queries and inserts. Every function takes ``session=`` by keyword and never commits.

The caller -- `openwhist.services.ledger.Ledger` -- opens one session per operation and
commits it as one unit of work, so an operation is recorded entirely or not at all.

Invariants kept here (docs/ledger.md, "Schema"):

* score entries are only ever inserted; a correction is a compensating entry that refers
  to the corrected entry (`correct`);
* the entries are the truth, and two sums of them are kept in the same transaction as
  the entries, so that reports cost the same at any match length: ``party_totals`` (per
  match and party: points, deals, deals won), ``party_statistics`` (per match, party and
  name: each category's sum of points, and the variant's per-deal statistics) and each
  completed deal's ``running`` totals of the match's own deal lines. Every entry is
  counted by `record_entries` or `correct`, every completed deal by `complete_deal`;
  nothing else writes entries. A deal's own lines are written once, when it completes;
  anything added to a deal later is a correction (``corrects_id``), which the running
  column leaves out and a page adds back (`score_sheet`);
* a match has at most one deal ``in_progress``, numbered one more than the deals its
  progress snapshot has completed; its actions are logged one row per action with a unique
  1-based index, so an action can never be logged twice (`append_action`);
* completing a deal folds the action log into the deal's record, deletes the log rows,
  inserts the deal's score lines and stores the progress snapshot -- all in the caller's
  one transaction (`complete_deal`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, SQLModel, col, select

from openwhist.game.messages import N_, Message
from openwhist.game.scoresheet import (
    CATEGORY_KEY,
    MADE_KEY,
    MATCH_POINT_CATEGORIES,
    NAME_PATTERN,
    Statistic,
    deal_statistics,
)
from openwhist.game.scoring import DealScore, MatchProgress, ScoreLine
from openwhist.ledger.errors import (
    AN_ENTRY,
    MAX_POINTS,
    LedgerConflictError,
    LedgerError,
    LedgerNotFoundError,
    LedgerStateError,
    PointsOutOfRangeError,
    status_word,
)
from openwhist.ledger.models import (
    MATCH_STATUSES,
    DealAction,
    DealRow,
    Match,
    PartyTotal,
    Player,
    ScoreEntry,
    Seat,
    utcnow,
)
from openwhist.ledger.sheet import (
    as_utc,
    match_summary,
    standings_query,
    standings_rows,
    with_ledger_totals,
)
from openwhist.ledger.sheet import build_sheet as _build_sheet
from openwhist.ledger.sheet import collector_paused as _collector_paused
from openwhist.ledger.sheet import iso as _iso
from openwhist.ledger.sheet import padded as _padded

_KIND_PREFIX = "bot:"


def _json(value: Any) -> Any:
    """``value`` as it reads back from a JSON column (tuples become lists)."""
    return json.loads(json.dumps(value))


# -- players --------------------------------------------------------------------------------


def _check_kind(kind: str) -> None:
    if kind != "human" and not (kind.startswith(_KIND_PREFIX) and len(kind) > len(_KIND_PREFIX)):
        raise LedgerError(
            Message(N_("a player's kind is 'human' or 'bot:NAME', not '{kind}'"), {"kind": kind})
        )


def get_player(*, session: Session, name: str) -> Player | None:
    """The player called ``name`` (exact, case-sensitive), or ``None``."""
    return session.exec(select(Player).where(Player.name == name)).first()


def create_player(*, session: Session, name: str, kind: str = "human") -> Player:
    """A new player.

    Raises:
        LedgerError: an empty name, or a kind other than ``human`` / ``bot:NAME``.
        LedgerConflictError: the name is taken.
    """
    name = name.strip()
    if not name:
        raise LedgerError(Message(N_("a player needs a name")))
    _check_kind(kind)
    if get_player(session=session, name=name) is not None:
        raise LedgerConflictError(
            Message(N_("there is already a player called '{name}'"), {"name": name})
        )
    player = Player(name=name, kind=kind)
    session.add(player)
    session.flush()
    return player


def get_or_create_player(*, session: Session, name: str, kind: str = "human") -> Player:
    """The player called ``name``, created with ``kind`` if new.

    Raises:
        LedgerConflictError: the name belongs to a player of another kind (a human name
            given to a bot, or another bot).
    """
    name = name.strip()
    player = get_player(session=session, name=name)
    if player is None:
        if not name:
            raise LedgerError(Message(N_("a player needs a name")))
        _check_kind(kind)
        # Two processes may create the same new player at once (a club's first evening on
        # a shared PostgreSQL ledger): insert unless the name exists -- waiting for a
        # concurrent insert of it to commit -- then read whichever row won.
        dialect = session.get_bind().dialect.name
        insert: Any
        if dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert
        else:
            from sqlalchemy.dialects.sqlite import insert
        session.execute(
            insert(Player)
            .values(name=name, kind=kind, created_at=utcnow())
            .on_conflict_do_nothing(index_elements=["name"])
        )
        player = get_player(session=session, name=name)
        if player is None:  # pragma: no cover - the row exists once the insert returns
            raise LedgerConflictError(
                Message(N_("player '{name}' could not be created; try again"), {"name": name})
            )
    if player.kind != kind:
        raise LedgerConflictError(
            Message(
                N_("player '{player}' is recorded as '{kind}', not '{kind2}'; choose another name"),
                {"player": player.name, "kind": player.kind, "kind2": kind},
            )
        )
    return player


get_or_create = get_or_create_player


# -- matches --------------------------------------------------------------------------------


def create_match(
    *,
    session: Session,
    variant: str,
    seats: Sequence[tuple[Player, int]],
    progress: MatchProgress,
    options: Mapping[str, Any],
    variant_distribution: str = "",
    variant_version: str = "",
    house_rules: Sequence[str] = (),
    format: str = "",
    seed: int | None = None,
    first_dealer: int = 0,
    label: str = "",
) -> Match:
    """A new open match with its seats (``(player, party)`` in seat order).

    Raises:
        LedgerError: a seed outside the signed 64-bit range, no seats.
    """
    if not seats:
        raise LedgerError(Message(N_("a match needs players")))
    if seed is not None and not -(2**63) <= seed < 2**63:
        raise LedgerError(Message(N_("the ledger stores seeds of at most 64 bits")))
    match = Match(
        variant=variant,
        variant_distribution=variant_distribution,
        variant_version=variant_version,
        options=_json(dict(options)),
        house_rules=list(house_rules),
        format=format,
        seed=seed,
        first_dealer=first_dealer,
        label=label,
        progress=_json(progress.as_dict()),
    )
    session.add(match)
    session.flush()
    assert match.id is not None
    for index, (player, party) in enumerate(seats):
        assert player.id is not None
        session.add(Seat(match_id=match.id, seat=index, player_id=player.id, party=party))
    for party in sorted({*range(len(progress.parties)), *(party for _p, party in seats)}):
        session.add(PartyTotal(match_id=match.id, party=party))
    session.flush()
    return match


def get_match(*, session: Session, match_id: int, for_update: bool = False) -> Match:
    """The match ``match_id``; ``for_update`` locks its row (PostgreSQL) for this unit of work.

    Raises:
        LedgerNotFoundError: no such match.
    """
    statement = select(Match).where(Match.id == match_id)
    if for_update:
        statement = statement.with_for_update()
    match = session.exec(statement).first()
    if match is None:
        raise LedgerNotFoundError(
            Message(N_("there is no match {match_id} in this ledger"), {"match_id": match_id})
        )
    return match


def match_players(*, session: Session, match_id: int) -> list[dict[str, Any]]:
    """The seats of a match in seat order: ``{"seat", "name", "kind", "party"}``."""
    rows = session.exec(
        select(Seat, Player)
        .where(Seat.match_id == match_id, Seat.player_id == Player.id)
        .order_by(col(Seat.seat))
    ).all()
    return [
        {"seat": seat.seat, "name": player.name, "kind": player.kind, "party": seat.party}
        for seat, player in rows
    ]


def match_seat_count(*, session: Session, match_id: int) -> int:
    """How many seats a match has: its rows in ``seats`` (one per seat, written when the
    match starts), which is the match's seat count -- no column repeats it."""
    return int(
        session.exec(
            select(sa.func.count()).select_from(Seat).where(Seat.match_id == match_id)
        ).one()
    )


def _require_open(match: Match) -> None:
    if match.status != "open":
        raise LedgerStateError(
            Message(
                N_("match {match} is {status}; nothing more can be recorded"),
                {"match": str(match.id), "status": status_word(match.status)},
            )
        )


def finish_match(*, session: Session, match_id: int, status: str = "finished") -> Match:
    """Close a match as ``finished`` or ``abandoned`` (its deal in progress stays logged).

    Raises:
        LedgerStateError: the match is not open.
        LedgerError: an unknown status.
    """
    if status not in MATCH_STATUSES or status == "open":
        raise LedgerError(
            Message(
                N_("a match is closed as 'finished' or 'abandoned', not '{status}'"),
                {"status": status},
            )
        )
    match = get_match(session=session, match_id=match_id, for_update=True)
    _require_open(match)
    match.status = status
    match.finished_at = utcnow()
    if status == "finished":
        match.winner = match.progress.get("winner")
    session.add(match)
    session.flush()
    return match


def ledger_totals(*, session: Session, match_ids: Sequence[int] | None = None) -> dict[int, Any]:
    """Each match's totals as its entries give them -- the one source of every total shown.

    Returns ``{match_id: {"points": [...], "game_points": [...], "edited": bool}}`` for the
    matches asked for (``None``: every match): ``points`` per party is the sum of
    every entry (deal lines, the rules' awards, corrections, voids, adjustments), what the
    score sheet's totals and the standings' points are; ``game_points`` the sum of the
    entries of the core's match-point categories (`MATCH_POINT_CATEGORIES`: the games and
    rubber bonus a match progression awards); ``edited`` is True when the match has
    entries the rules did not make (a correction, a void's compensating entries, an
    adjustment). The sums are the ones kept in ``party_totals`` and ``party_statistics``
    as the entries are written (a few rows per party, whatever the match's length);
    ``edited`` takes two lookups by ``ix_score_entries_corrects`` and
    ``ix_score_entries_deal``.
    """
    entries_t, totals_t, stats_t = (
        _T["score_entries"],
        _T["party_totals"],
        _T["party_statistics"],
    )
    where = [] if match_ids is None else [totals_t.c.match_id.in_(list(match_ids))]
    rows = session.execute(
        sa.select(totals_t.c.match_id, totals_t.c.party, totals_t.c.points).where(*where)
    ).all()
    out: dict[int, Any] = {}
    for match_id, party, points in rows:
        item = out.setdefault(int(match_id), {"points": {}, "game_points": {}, "edited": False})
        item["points"][int(party)] = int(points or 0)
        item["game_points"][int(party)] = 0
    names = [CATEGORY_KEY + c for c in MATCH_POINT_CATEGORIES]
    s_where = [] if match_ids is None else [stats_t.c.match_id.in_(list(match_ids))]
    for match_id, party, value in session.execute(
        sa.select(stats_t.c.match_id, stats_t.c.party, stats_t.c.value).where(
            stats_t.c.name.in_(names), *s_where
        )
    ):
        item = out.get(int(match_id))
        if item is not None:
            games = item["game_points"]
            games[int(party)] = games.get(int(party), 0) + int(value or 0)
    # ``corrects_id > 0`` (ids are positive), not IS NOT NULL, and no DISTINCT: SQLite
    # then searches ix_score_entries_corrects for the few corrections instead of scanning
    # every entry in match order (measured: 0.2 ms against 200-280 ms for 200,000 entries).
    for condition in (entries_t.c.corrects_id > 0, entries_t.c.deal_id.is_(None)):
        for (match_id,) in session.execute(sa.select(entries_t.c.match_id).where(condition)):
            if match_id is not None and int(match_id) in out:
                out[int(match_id)]["edited"] = True
    return out


def list_matches(
    *,
    session: Session,
    variant: str | None = None,
    player: str | None = None,
    open_only: bool = False,
) -> list[dict[str, Any]]:
    """Matches, newest first, optionally of one variant, with one player, or still open."""
    statement = select(Match)
    if variant is not None:
        statement = statement.where(Match.variant == variant)
    if open_only:
        statement = statement.where(Match.status == "open")
    if player is not None:
        statement = statement.where(
            col(Match.id).in_(
                select(Seat.match_id).where(Seat.player_id == Player.id, Player.name == player)
            )
        )
    matches = session.exec(statement.order_by(col(Match.id).desc())).all()
    ids = [m.id for m in matches]
    seats = _seats_of(session, ids)
    # Many matches: one pass over the whole index beats a long IN list (and SQLite's
    # limit on bound parameters).
    wanted = [int(i) for i in ids if i is not None]
    totals = ledger_totals(session=session, match_ids=wanted if len(wanted) <= 500 else None)
    return [with_ledger_totals(match_summary(m, seats[m.id or 0]), totals) for m in matches]


def _seats_of(session: Session, ids: Sequence[int | None]) -> dict[int, list[dict[str, Any]]]:
    """Each listed match's seats in seat order (``seat``, ``name``, ``kind``, ``party``),
    read in one statement; a match without seats maps to an empty list."""
    seats: dict[int, list[dict[str, Any]]] = defaultdict(list)
    if ids:
        rows = session.exec(
            select(Seat, Player)
            .where(col(Seat.match_id).in_(ids), Seat.player_id == Player.id)
            .order_by(col(Seat.match_id), col(Seat.seat))
        ).all()
        for seat, person in rows:
            seats[seat.match_id].append(
                {"seat": seat.seat, "name": person.name, "kind": person.kind, "party": seat.party}
            )
    return seats


def find_matches(
    *,
    session: Session,
    variant: str | None = None,
    player: str | None = None,
    status: str | None = None,
    started_from: datetime | None = None,
    started_before: datetime | None = None,
    offset: int = 0,
    limit: int | None = None,
) -> tuple[int, list[dict[str, Any]]]:
    """One page of the matches a filter lets through, newest first, and how many it lets
    through in all: of ``variant``, with ``player`` in a seat, of ``status``, started at or
    after ``started_from`` and before ``started_before`` (aware datetimes); ``limit``
    matches from the ``offset``-th (``None``: all of them; 0: none, only the count).

    A page costs its own matches' seats and totals and one count, at any ledger size (the
    club pages list 25 of 8,000 matches; `list_matches` summarises every one)."""
    conditions: list[Any] = []
    if variant is not None:
        conditions.append(col(Match.variant) == variant)
    if status is not None:
        conditions.append(col(Match.status) == status)
    if started_from is not None:
        conditions.append(col(Match.started_at) >= started_from)
    if started_before is not None:
        conditions.append(col(Match.started_at) < started_before)
    if player is not None:
        conditions.append(
            col(Match.id).in_(
                select(Seat.match_id).where(Seat.player_id == Player.id, Player.name == player)
            )
        )
    total = int(
        session.execute(sa.select(sa.func.count()).select_from(Match).where(*conditions)).scalar()
        or 0
    )
    if limit == 0:
        return total, []
    statement = select(Match).where(*conditions).order_by(col(Match.id).desc()).offset(offset)
    if limit is not None:
        statement = statement.limit(limit)
    matches = session.exec(statement).all()
    ids = [int(m.id) for m in matches if m.id is not None]
    seats = _seats_of(session, ids)
    totals = ledger_totals(session=session, match_ids=ids if len(ids) <= 500 else None)
    return total, [with_ledger_totals(match_summary(m, seats[m.id or 0]), totals) for m in matches]


def partners(*, session: Session, player: str) -> list[dict[str, Any]]:
    """Who sat on ``player``'s side, per partner and variant: ``{"name", "kind",
    "variant", "matches", "won", "lost"}`` (won and lost: finished matches their side won
    or lost), most matches first. One grouped statement over the seats, whatever the
    number of matches."""
    seats_t, players_t, matches_t = _T["seats"], _T["players"], _T["matches"]
    mine, theirs = seats_t.alias("mine"), seats_t.alias("theirs")
    me, partner = players_t.alias("me"), players_t.alias("partner")
    finished = matches_t.c.status == "finished"
    won = sa.func.sum(sa.case((sa.and_(finished, matches_t.c.winner == mine.c.party), 1), else_=0))
    lost = sa.func.sum(
        sa.case(
            (
                sa.and_(
                    finished,
                    matches_t.c.winner.is_not(None),
                    matches_t.c.winner != mine.c.party,
                ),
                1,
            ),
            else_=0,
        )
    )
    statement = (
        sa.select(
            partner.c.name,
            partner.c.kind,
            matches_t.c.variant,
            sa.func.count(sa.distinct(matches_t.c.id)),
            won,
            lost,
        )
        .select_from(mine)
        .join(me, me.c.id == mine.c.player_id)
        .join(
            theirs,
            sa.and_(theirs.c.match_id == mine.c.match_id, theirs.c.party == mine.c.party),
        )
        .join(partner, partner.c.id == theirs.c.player_id)
        .join(matches_t, matches_t.c.id == mine.c.match_id)
        .where(me.c.name == player, theirs.c.player_id != mine.c.player_id)
        .group_by(partner.c.name, partner.c.kind, matches_t.c.variant)
    )
    rows = [
        {
            "name": name,
            "kind": kind,
            "variant": variant,
            "matches": int(count),
            "won": int(wins or 0),
            "lost": int(losses or 0),
        }
        for name, kind, variant, count, wins, losses in session.execute(statement)
    ]
    return sorted(rows, key=lambda r: (-r["matches"], r["name"], r["variant"]))


# -- deals and the action log ---------------------------------------------------------------


def current_deal(*, session: Session, match_id: int) -> DealRow | None:
    """The match's deal in progress, if any."""
    return session.exec(
        select(DealRow).where(DealRow.match_id == match_id, DealRow.status == "in_progress")
    ).first()


def logged_actions(*, session: Session, deal_id: int) -> list[str]:
    """The logged actions of a deal in progress, in order."""
    return list(
        session.exec(
            select(DealAction.notation)
            .where(DealAction.deal_id == deal_id)
            .order_by(col(DealAction.idx))
        ).all()
    )


def _next_number(match: Match) -> tuple[int, int]:
    progress = match.progress
    return int(progress.get("deals", 0)) + 1, int(progress.get("dealer", match.first_dealer))


def begin_deal(*, session: Session, match: Match) -> DealRow:
    """The match's next deal, created ``in_progress`` (number and dealer from its progress).

    Raises:
        LedgerStateError: the match is not open, or already has a deal in progress.
    """
    _require_open(match)
    assert match.id is not None
    if current_deal(session=session, match_id=match.id) is not None:
        raise LedgerStateError(
            Message(N_("match {match} already has a deal in progress"), {"match": match.id})
        )
    number, dealer = _next_number(match)
    deal = DealRow(match_id=match.id, number=number, dealer=dealer)
    session.add(deal)
    session.flush()
    return deal


def append_action(*, session: Session, match_id: int, index: int, notation: str) -> bool:
    """Log action ``index`` (1-based; 1 is the chance deal) of the match's current deal.

    The deal row is created by its first action. Logging an action that is already logged
    with the same notation does nothing and returns False, so a process that retries (or
    resumes) never logs an action twice.

    Returns:
        True if the action was logged now.

    Raises:
        LedgerStateError: the match is not open, or ``index`` leaves a gap.
        LedgerConflictError: action ``index`` is already logged as something else.
    """
    match = get_match(session=session, match_id=match_id, for_update=True)
    _require_open(match)
    deal = current_deal(session=session, match_id=match_id)
    if deal is None:
        if index != 1:
            raise LedgerStateError(
                Message(
                    N_(
                        "match {match_id} has no deal in progress; its first action is "
                        "action 1, not {index}"
                    ),
                    {"match_id": match_id, "index": index},
                )
            )
        deal = begin_deal(session=session, match=match)
    assert deal.id is not None
    last = session.exec(
        select(sa.func.max(DealAction.idx)).where(DealAction.deal_id == deal.id)
    ).one()
    count = int(last or 0)
    if index <= count:
        stored = session.exec(
            select(DealAction.notation).where(
                DealAction.deal_id == deal.id, DealAction.idx == index
            )
        ).one()
        if stored == notation:
            return False
        raise LedgerConflictError(
            Message(
                N_(
                    "match {match_id}, deal {number}: action {index} is already "
                    "'{stored}', not '{notation}'"
                ),
                {
                    "match_id": match_id,
                    "number": deal.number,
                    "index": index,
                    "stored": stored,
                    "notation": notation,
                },
            )
        )
    if index != count + 1:
        raise LedgerStateError(
            Message(
                N_(
                    "match {match_id}, deal {number}: {count} actions are logged, so the "
                    "next is action {next}, not {index}"
                ),
                {
                    "match_id": match_id,
                    "number": deal.number,
                    "count": count,
                    "next": count + 1,
                    "index": index,
                },
            )
        )
    session.add(DealAction(deal_id=deal.id, idx=index, notation=notation))
    session.flush()
    return True


def deal_claims(deal: DealRow) -> list[dict[str, Any]]:
    """The claims kept in a deal's record (``record["claims"]``: a game record's
    `openwhist.records.ClaimRecord` dicts, in the order made), for a deal in progress as
    for a completed one."""
    claims = deal.record.get("claims") if isinstance(deal.record, dict) else None
    return [dict(c) for c in claims] if isinstance(claims, list) else []


def append_claim(*, session: Session, match_id: int, index: int, claim: Mapping[str, Any]) -> bool:
    """Keep claim ``index`` (1-based, in the order made) of the match's deal in progress
    (its record's ``claims``, beside the action log), in the same shape as a game record
    keeps it. ``claim["after"]`` is the number of the deal's actions played when it was
    made. Keeping a claim already kept identically at ``index`` does nothing and returns
    False (a retry or a resumed process never keeps one twice).

    Raises:
        LedgerStateError: the match is not open, it has no deal in progress, ``index``
            leaves a gap, or the claim comes after more actions than are logged.
        LedgerConflictError: claim ``index`` is already kept as another claim.
    """
    match = get_match(session=session, match_id=match_id, for_update=True)
    _require_open(match)
    deal = current_deal(session=session, match_id=match_id)
    if deal is None or deal.id is None:
        raise LedgerStateError(
            Message(
                N_("match {match_id} has no deal in progress to claim in"), {"match_id": match_id}
            )
        )
    data = _json(dict(claim))
    after = data.get("after")
    logged = len(logged_actions(session=session, deal_id=deal.id))
    if not isinstance(after, int) or not 1 <= after <= logged:
        raise LedgerStateError(
            Message(
                N_(
                    "match {match_id}, deal {number}: a claim after action "
                    "'{after}', but {logged} actions are logged"
                ),
                {"match_id": match_id, "number": deal.number, "after": after, "logged": logged},
            )
        )
    claims = deal_claims(deal)
    if index <= len(claims):
        if claims[index - 1] == data:
            return False
        raise LedgerConflictError(
            Message(
                N_("match {match_id}, deal {number}: claim {index} is already kept as another"),
                {"match_id": match_id, "number": deal.number, "index": index},
            )
        )
    if index != len(claims) + 1:
        raise LedgerStateError(
            Message(
                N_(
                    "match {match_id}, deal {number}: {count} claims are kept, so the next "
                    "is claim {next}, not {index}"
                ),
                {
                    "match_id": match_id,
                    "number": deal.number,
                    "count": len(claims),
                    "next": len(claims) + 1,
                    "index": index,
                },
            )
        )
    # A new dict: the JSON column is saved when its value is replaced, not mutated.
    deal.record = {**deal.record, "claims": [*claims, data]}
    session.add(deal)
    session.flush()
    return True


def truncate_actions(*, session: Session, match_id: int, keep: int) -> int:
    """Take back logged actions of the match's current deal: keep its first ``keep``.

    An undo at the table deletes the undone actions from the log (they were never part of
    the deal as finally played), so the log always holds exactly the actions that stand
    and a resumed match replays them -- nothing twice, nothing undone. ``keep`` of 0 drops
    the deal in progress itself.

    Returns:
        the number of actions deleted (0 when nothing was logged past ``keep``).

    Raises:
        LedgerStateError: the match is not open, or ``keep`` is negative.
    """
    if keep < 0:
        raise LedgerStateError(Message(N_("cannot keep {keep} actions"), {"keep": keep}))
    match = get_match(session=session, match_id=match_id, for_update=True)
    _require_open(match)
    deal = current_deal(session=session, match_id=match_id)
    if deal is None or deal.id is None:
        return 0
    result = session.execute(
        sa.delete(DealAction).where(col(DealAction.deal_id) == deal.id, col(DealAction.idx) > keep)
    )
    claims = deal_claims(deal)
    if any(c.get("after", 0) > keep for c in claims):
        # A claim made after the position taken back goes with the moves (as at the table).
        kept = [c for c in claims if c.get("after", 0) <= keep]
        record = {k: v for k, v in deal.record.items() if k != "claims"}
        deal.record = {**record, "claims": kept} if kept else record
        session.add(deal)
    if keep == 0:
        session.delete(deal)
    session.flush()
    return int(getattr(result, "rowcount", 0) or 0)


def check_points(points: int, what: Message = AN_ENTRY) -> None:
    """Refuse points beyond ``±MAX_POINTS`` -- the same bound on every backend, checked
    before anything reaches the database (PostgreSQL's ``integer`` and SQLite's 64-bit sums
    would each fail their own way, or not at all).

    Raises:
        PointsOutOfRangeError: ``abs(points) > MAX_POINTS``.
    """
    if not -MAX_POINTS <= points <= MAX_POINTS:
        raise PointsOutOfRangeError(points, what)


def record_entries(
    *,
    session: Session,
    match_id: int,
    deal_id: int | None,
    lines: Sequence[ScoreLine],
    parties: int,
) -> list[ScoreEntry]:
    """Insert score lines as entries of a match (and deal), in rule order.

    Raises:
        LedgerError: a party outside ``range(parties)`` or an unknown category.
        PointsOutOfRangeError: a line beyond ``±MAX_POINTS`` (`check_points`).
    """
    entries = []
    for seq, line in enumerate(lines):
        check_points(int(line.points))
        if not 0 <= line.party < parties:
            raise LedgerError(
                Message(
                    N_("score line for party {party}, but the match has {parties}"),
                    {"party": line.party, "parties": parties},
                )
            )
        category = str(line.category)
        # Any category of the core's or a variant's own (`Variant.categories`) is stored
        # by its name; the services check an adjustment's against the variant.
        if NAME_PATTERN.fullmatch(category) is None:
            raise LedgerError(
                Message(N_("unknown score category '{category}'"), {"category": category})
            )
        entry = ScoreEntry(
            match_id=match_id,
            deal_id=deal_id,
            seq=seq,
            party=line.party,
            category=category,
            points=int(line.points),
            note=line.note,
        )
        session.add(entry)
        entries.append(entry)
    session.flush()
    count_entries(session=session, entries=entries)
    return entries


def complete_deal(
    *,
    session: Session,
    match_id: int,
    score: DealScore,
    progress: MatchProgress,
    actions: Sequence[str] | None = None,
    facts: Mapping[str, Any] | None = None,
    key: str | None = None,
    statistics: Sequence[Statistic] = (),
) -> DealRow:
    """Finish the match's current deal: record, tricks, score entries and progress.

    ``statistics`` are the variant's declared ones (`Variant.statistics`): the per-deal
    ones are computed from ``score`` and added to the party's kept sums in the same
    transaction (the category ones are kept with the entries, `count_entries`).

    ``actions`` (a played deal) must extend the logged actions; when omitted the log is
    used. ``facts`` marks a deal recorded from real-card facts (no actions); ``key`` is
    kept in its record (``record["key"]``, the keeper's idempotency key). If the deal
    was already completed with the same score -- a retry after a crash -- nothing is added
    and the stored deal is returned.

    Raises:
        LedgerStateError: the match is not open, or ``progress`` is not the progress after
            the match's next deal.
        LedgerConflictError: ``actions`` disagree with the logged actions, or the deal was
            completed with a different score.
    """
    match = get_match(session=session, match_id=match_id, for_update=True)
    assert match.id is not None
    number, _dealer = _next_number(match)
    score_json = _json(score.as_dict())
    progress_json = _json(progress.as_dict())
    if progress.deals < number:
        done = session.exec(
            select(DealRow).where(DealRow.match_id == match_id, DealRow.number == progress.deals)
        ).first()
        if (
            done is not None
            and done.status == "complete"
            and done.record.get("score") == score_json
        ):
            return done
        raise LedgerConflictError(
            Message(
                N_("match {match_id}: deal {deals} is already recorded with another result"),
                {"match_id": match_id, "deals": progress.deals},
            )
        )
    _require_open(match)
    if progress.deals != number:
        raise LedgerStateError(
            Message(
                N_(
                    "match {match_id}: the next deal is deal {number}, but the progress "
                    "given is after deal {deals}"
                ),
                {"match_id": match_id, "number": number, "deals": progress.deals},
            )
        )
    deal = current_deal(session=session, match_id=match_id)
    logged = logged_actions(session=session, deal_id=deal.id) if deal and deal.id else []
    if facts is not None and logged:
        raise LedgerStateError(
            Message(
                N_(
                    "match {match_id}: deal {number} is being played ({count} actions "
                    "logged); it cannot also be entered from facts"
                ),
                {"match_id": match_id, "number": number, "count": len(logged)},
            )
        )
    if actions is None:
        actions = logged
    elif list(actions[: len(logged)]) != logged:
        raise LedgerConflictError(
            Message(
                N_(
                    "match {match_id}, deal {number}: the actions given differ from the logged ones"
                ),
                {"match_id": match_id, "number": number},
            )
        )
    if deal is None:
        deal = begin_deal(session=session, match=match)
    assert deal.id is not None
    record: dict[str, Any] = {
        "number": deal.number,
        "dealer": deal.dealer,
        "actions": list(actions),
        "score": score_json,
        "progress": progress_json,
    }
    claims = deal_claims(deal)
    if claims:  # kept while the deal was played (`append_claim`): now in its record
        record["claims"] = claims
    if facts is not None:
        record["facts"] = _json(dict(facts))
    if key is not None:
        record["key"] = key
    deal.record = record
    deal.source = "recorded" if facts is not None else "played"
    deal.tricks = list(score.tricks)
    deal.progress = progress_json
    deal.winner = score.winner
    deal.status = "complete"
    deal.completed_at = utcnow()
    session.add(deal)
    session.execute(sa.delete(DealAction).where(col(DealAction.deal_id) == deal.id))
    # The deal's own lines, then what the match progression awarded for it (game points
    # and a rubber bonus, say): both are score lines of this deal.
    entries = record_entries(
        session=session,
        match_id=match_id,
        deal_id=deal.id,
        lines=(*score.lines, *progress.awards),
        parties=len(progress.parties),
    )
    deal.running = running_after(
        session=session, deal=deal, entries=entries, parties=len(progress.parties)
    )
    count_deal(session=session, match_id=match_id, winner=score.winner)
    add_statistics(
        session=session,
        match_id=match_id,
        increments={
            (party, name): tally
            for (party, name), tally in deal_statistics(statistics, score).items()
            if 0 <= party < len(progress.parties)
        },
    )
    match.progress = progress_json
    if progress.finished:
        match.status = "finished"
        match.winner = progress.winner
        match.finished_at = utcnow()
    session.add(match)
    session.flush()
    return deal


# -- corrections ----------------------------------------------------------------------------


def correct(*, session: Session, entry_id: int, points: int, note: str) -> ScoreEntry:
    """Make entry ``entry_id`` count ``points`` by appending a compensating entry.

    The original entry is never changed: the new entry carries the difference between
    ``points`` and the entry's current value (its points plus earlier corrections), refers
    to it through ``corrects_id``, belongs to the same match, deal, party and category, and
    says why in its note.

    Raises:
        LedgerNotFoundError: no such entry.
        LedgerError: no note.
        LedgerStateError: the entry is itself a correction, or already has that value.
    """
    if not note.strip():
        raise LedgerError(Message(N_("a correction needs a note saying why it is made")))
    check_points(points, Message(N_("a corrected entry")))
    entry = session.exec(
        select(ScoreEntry).where(ScoreEntry.id == entry_id).with_for_update()
    ).first()
    if entry is None:
        raise LedgerNotFoundError(
            Message(N_("there is no score entry {entry_id} in this ledger"), {"entry_id": entry_id})
        )
    if entry.corrects_id is not None:
        raise LedgerStateError(
            Message(
                N_("entry {entry_id} is a correction of entry {corrects_id}; correct that one"),
                {"entry_id": entry_id, "corrects_id": entry.corrects_id},
            )
        )
    if (
        entry.deal_id is not None
        and session.exec(
            select(ScoreEntry.id).where(
                ScoreEntry.deal_id == entry.deal_id, ScoreEntry.category == VOID_CATEGORY
            )
        ).first()
    ):
        raise LedgerStateError(
            Message(
                N_("entry {entry_id} belongs to a void deal; it counts nothing"),
                {"entry_id": entry_id},
            )
        )
    earlier = session.exec(
        select(sa.func.coalesce(sa.func.sum(ScoreEntry.points), 0)).where(
            ScoreEntry.corrects_id == entry_id
        )
    ).one()
    current_value = entry.points + int(earlier)
    delta = points - current_value
    if delta == 0:
        raise LedgerStateError(
            Message(
                N_("entry {entry_id} already counts {points} points"),
                {"entry_id": entry_id, "points": points},
            )
        )
    fix = ScoreEntry(
        match_id=entry.match_id,
        deal_id=entry.deal_id,
        seq=entry.seq,
        party=entry.party,
        category=entry.category,
        points=delta,
        note=f"correction of entry {entry_id} ({current_value} -> {points}): {note.strip()}",
        corrects_id=entry_id,
    )
    session.add(fix)
    session.flush()
    count_entries(session=session, entries=[fix])
    return fix


# -- running totals -------------------------------------------------------------------------


def count_entries(*, session: Session, entries: Sequence[ScoreEntry]) -> None:
    """Add new entries to their parties' ``party_totals`` rows and to the kept sums and
    counts of their categories in ``party_statistics`` (``points:CATEGORY``, and
    ``made:CATEGORY`` for entries that are not corrections), same transaction.

    Each row is changed by an ``UPDATE ... SET points = points + :delta`` (or an upsert
    adding to the value), which the database applies atomically, so two writers adding
    entries to one match at once (PostgreSQL) both count. A party without a row (none is
    expected: `create_match` and the migration create them) gets one.
    """
    totals_t = _T["party_totals"]
    deltas: dict[tuple[int, int], int] = defaultdict(int)
    categories: dict[int, dict[tuple[int, str], tuple[int, int]]] = defaultdict(dict)
    for entry in entries:
        deltas[(entry.match_id, entry.party)] += entry.points
        of_match = categories[entry.match_id]
        key = (entry.party, CATEGORY_KEY + entry.category)
        of_match[key] = (of_match.get(key, (0, 0))[0] + entry.points, 0)
        if entry.corrects_id is None:
            key = (entry.party, MADE_KEY + entry.category)
            made, out_of = of_match.get(key, (0, 0))
            of_match[key] = (made + (entry.points > 0), out_of + 1)
    for (match_id, party), points in sorted(deltas.items()):
        where = (totals_t.c.match_id == match_id, totals_t.c.party == party)
        result = session.execute(
            sa.update(totals_t).where(*where).values(points=totals_t.c.points + points)
        )
        if not getattr(result, "rowcount", 0):
            played = session.execute(
                sa.select(totals_t.c.deals).where(totals_t.c.match_id == match_id).limit(1)
            ).scalar()
            session.execute(
                totals_t.insert().values(
                    match_id=match_id, party=party, points=points, deals=int(played or 0)
                )
            )
    for match_id, increments in sorted(categories.items()):
        add_statistics(session=session, match_id=match_id, increments=increments)


def add_statistics(
    *, session: Session, match_id: int, increments: Mapping[tuple[int, str], tuple[int, int]]
) -> None:
    """Add ``{(party, name): (value, out_of)}`` to a match's kept ``party_statistics``
    (a missing row is created), atomically per row: an ``INSERT ... ON CONFLICT DO UPDATE``
    adding to the stored sums on SQLite and PostgreSQL, else an update then an insert."""
    if not increments:
        return
    stats_t = _T["party_statistics"]
    rows = [
        {"match_id": match_id, "party": party, "name": name, "value": value, "out_of": out_of}
        for (party, name), (value, out_of) in sorted(increments.items())
    ]
    dialect = session.get_bind().dialect.name
    if dialect in ("sqlite", "postgresql"):
        from sqlalchemy.dialects import postgresql, sqlite

        upsert: Any = sqlite.insert if dialect == "sqlite" else postgresql.insert
        for row in rows:
            statement = upsert(stats_t).values(**row)
            session.execute(
                statement.on_conflict_do_update(
                    index_elements=["match_id", "party", "name"],
                    set_={
                        "value": stats_t.c.value + statement.excluded.value,
                        "out_of": stats_t.c.out_of + statement.excluded.out_of,
                    },
                )
            )
        return
    for row in rows:  # pragma: no cover - other databases are not supported targets
        where = (
            stats_t.c.match_id == match_id,
            stats_t.c.party == row["party"],
            stats_t.c.name == row["name"],
        )
        result = session.execute(
            sa.update(stats_t)
            .where(*where)
            .values(value=stats_t.c.value + row["value"], out_of=stats_t.c.out_of + row["out_of"])
        )
        if not getattr(result, "rowcount", 0):
            session.execute(stats_t.insert().values(**row))


def kept_statistics(
    *, session: Session, match_ids: Sequence[int] | None = None
) -> dict[int, dict[int, dict[str, tuple[int, int]]]]:
    """The kept ``party_statistics`` of some matches (``None``: all):
    ``{match_id: {party: {name: (value, out_of)}}}``."""
    stats_t = _T["party_statistics"]
    c = stats_t.c
    where = [] if match_ids is None else [c.match_id.in_(list(match_ids))]
    out: dict[int, dict[int, dict[str, tuple[int, int]]]] = {}
    for match_id, party, name, value, out_of in session.execute(
        sa.select(c.match_id, c.party, c.name, c.value, c.out_of).where(*where)
    ):
        out.setdefault(int(match_id), {}).setdefault(int(party), {})[str(name)] = (
            int(value or 0),
            int(out_of or 0),
        )
    return out


def count_deal(*, session: Session, match_id: int, winner: int | None) -> None:
    """Count a newly completed deal in every ``party_totals`` row of its match, and as won
    in the winner's."""
    totals_t = _T["party_totals"]
    won = sa.case((totals_t.c.party == winner, 1), else_=0) if winner is not None else sa.literal(0)
    session.execute(
        sa.update(totals_t)
        .where(totals_t.c.match_id == match_id)
        .values(deals=totals_t.c.deals + 1, deals_won=totals_t.c.deals_won + won)
    )


def running_after(
    *, session: Session, deal: DealRow, entries: Sequence[ScoreEntry], parties: int
) -> list[int]:
    """The running totals of a deal being completed: the previous completed deal's
    ``running`` plus this deal's own ``entries``, per party (``parties`` of them)."""
    deals_t = _T["deals"]
    previous = session.execute(
        sa.select(deals_t.c.running)
        .where(
            deals_t.c.match_id == deal.match_id,
            deals_t.c.number < deal.number,
            deals_t.c.status == "complete",
        )
        .order_by(deals_t.c.number.desc())
        .limit(1)
    ).scalar()
    running = _padded(previous, parties)
    for entry in entries:
        running[entry.party] += entry.points
    return running


def statistics_problems(
    *,
    session: Session,
    match_id: int | None = None,
    statistics: Callable[[str], Sequence[Statistic] | None] | None = None,
) -> list[tuple[int, Message]]:
    """Where the kept ``party_statistics`` disagree with what they keep, summed afresh:
    each ``points:CATEGORY`` with the party's entries of the category, and -- when
    ``statistics`` (variant name -> its declared statistics, ``None`` when the variant is
    not installed) is given -- each per-deal statistic with the sum over the match's
    completed deals of what the declaration gives for each stored score: ``(match, what is
    wrong)`` each, what is wrong a translatable `Message`; ``[]`` when they all agree
    (`kept_sums_problems`; ``whist ledger check``)."""
    entries_t, deals_t = _T["score_entries"], _T["deals"]
    stats_t, matches_t = _T["party_statistics"], _T["matches"]
    e, d = entries_t.c, deals_t.c
    complete = d.status == "complete"

    def of_match(column: Any) -> tuple[Any, ...]:
        return () if match_id is None else (column == match_id,)

    want: dict[tuple[int, int, str], tuple[int, int]] = {}
    own = e.corrects_id.is_(None)
    for m, party, category, points, made, count in session.execute(
        sa.select(
            e.match_id,
            e.party,
            e.category,
            sa.func.sum(e.points),
            sa.func.sum(sa.case((sa.and_(own, e.points > 0), 1), else_=0)),
            sa.func.sum(sa.case((own, 1), else_=0)),
        )
        .where(*of_match(e.match_id))
        .group_by(e.match_id, e.party, e.category)
    ):
        want[(int(m), int(party), CATEGORY_KEY + str(category))] = (int(points or 0), 0)
        if count:
            want[(int(m), int(party), MADE_KEY + str(category))] = (int(made or 0), int(count))
    problems: list[tuple[int, Message]] = []
    stored_stats: dict[tuple[int, int, str], tuple[int, int]] = {
        (int(m), int(p), str(n)): (int(v or 0), int(o or 0))
        for m, p, n, v, o in session.execute(
            sa.select(
                stats_t.c.match_id,
                stats_t.c.party,
                stats_t.c.name,
                stats_t.c.value,
                stats_t.c.out_of,
            ).where(*of_match(stats_t.c.match_id))
        )
    }
    by_entries = (CATEGORY_KEY, MADE_KEY)
    checked = {key for key in stored_stats if key[2].startswith(by_entries)} | set(want)
    if statistics is not None:
        for m, variant in session.execute(
            sa.select(matches_t.c.id, matches_t.c.variant).where(*of_match(matches_t.c.id))
        ):
            declared = [s for s in statistics(str(variant)) or () if s.per_deal is not None]
            if not declared:
                continue
            for key in stored_stats:
                if key[0] == m and any(key[2] == s.name for s in declared):
                    checked.add(key)
            for (record,) in session.execute(
                sa.select(d.record).where(d.match_id == m, complete).order_by(d.number)
            ):
                score = DealScore.from_dict((record or {}).get("score") or {})
                for (party, name), (value, out_of) in deal_statistics(declared, score).items():
                    before = want.get((m, party, name), (0, 0))
                    want[(m, party, name)] = (before[0] + value, before[1] + out_of)
                    checked.add((m, party, name))
    for key in sorted(checked):
        stored_value = stored_stats.get(key, (0, 0))
        expected_value = want.get(key, (0, 0))
        if stored_value != expected_value:
            values: dict[str, int | str | Message] = {
                "party": key[1],
                "name": key[2],
                "value": stored_value[0],
                "out_of": stored_value[1],
                "expected": expected_value[0],
                "expected_out_of": expected_value[1],
            }
            text = (
                N_(
                    "party {party}: party_statistics {name} {value} of {out_of} "
                    "(the entries give {expected} of {expected_out_of})"
                )
                if key[2].startswith(by_entries)
                else N_(
                    "party {party}: party_statistics {name} {value} of {out_of} "
                    "(the deals give {expected} of {expected_out_of})"
                )
            )
            problems.append((key[0], Message(text, values)))
    return problems


def kept_sums_problems(
    *,
    session: Session,
    match_id: int | None = None,
    statistics: Callable[[str], Sequence[Statistic] | None] | None = None,
) -> list[str]:
    """Where the kept sums (``party_totals``, ``party_statistics``, ``deals.running``)
    disagree with the entries and deals summed afresh -- for a ledger check; ``[]`` when
    they all agree.

    The category sums (``points:CATEGORY``) are compared with the entries; a per-deal
    statistic with the sum over the match's completed deals of what the variant's
    declaration gives for each stored score, when ``statistics`` (variant name -> its
    declared statistics, ``None`` when the variant is not installed) is given. Reads every
    entry and deal of the match (or of the ledger): meant for a check, not for reports.
    """
    entries_t, deals_t, totals_t = _T["score_entries"], _T["deals"], _T["party_totals"]
    e, d, t = entries_t.c, deals_t.c, totals_t.c

    def of_match(column: Any) -> tuple[Any, ...]:
        return () if match_id is None else (column == match_id,)

    expected: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in session.execute(sa.select(t.match_id, t.party).where(*of_match(t.match_id))):
        expected[(row[0], row[1])]  # every kept row is compared, even one with nothing
    for m, party, points in session.execute(
        sa.select(e.match_id, e.party, sa.func.sum(e.points))
        .where(*of_match(e.match_id))
        .group_by(e.match_id, e.party)
    ):
        expected[(m, party)][0] = int(points or 0)
    complete = d.status == "complete"
    played = {
        m: n
        for m, n in session.execute(
            sa.select(d.match_id, sa.func.count())
            .where(complete, *of_match(d.match_id))
            .group_by(d.match_id)
        )
    }
    won = {
        (m, w): n
        for m, w, n in session.execute(
            sa.select(d.match_id, d.winner, sa.func.count())
            .where(complete, d.winner.is_not(None), *of_match(d.match_id))
            .group_by(d.match_id, d.winner)
        )
    }
    for (m, party), sums in expected.items():
        sums[1], sums[2] = int(played.get(m, 0)), int(won.get((m, party), 0))
    kept = {
        (row[0], row[1]): [int(v) for v in row[2:]]
        for row in session.execute(
            sa.select(t.match_id, t.party, t.points, t.deals, t.deals_won).where(
                *of_match(t.match_id)
            )
        )
    }
    names = ("points", "deals", "deals_won")
    problems = []
    for (m, party), sums in sorted(expected.items()):
        stored = kept.get((m, party))
        if stored is None:
            problems.append(f"match {m}, party {party}: no party_totals row")
        elif stored != sums:
            wrong = ", ".join(
                f"{name} {s} (the entries give {x})"
                for name, s, x in zip(names, stored, sums, strict=True)
                if s != x
            )
            problems.append(f"match {m}, party {party}: party_totals {wrong}")
    problems.extend(
        f"match {m}, {text.render()}"
        for m, text in statistics_problems(
            session=session, match_id=match_id, statistics=statistics
        )
    )
    own: dict[int, dict[int, int]] = defaultdict(dict)
    for deal_id, party, points in session.execute(
        sa.select(e.deal_id, e.party, sa.func.sum(e.points))
        .where(e.deal_id.is_not(None), e.corrects_id.is_(None), *of_match(e.match_id))
        .group_by(e.deal_id, e.party)
    ):
        own[deal_id][party] = int(points or 0)
    running: dict[int, list[int]] = {}
    for m, number, deal_id, stored_running in session.execute(
        sa.select(d.match_id, d.number, d.id, d.running)
        .where(complete, *of_match(d.match_id))
        .order_by(d.match_id, d.number)
    ):
        values = [int(v) for v in stored_running or []]
        so_far = running.setdefault(m, [])
        for party, points in own.get(deal_id, {}).items():
            so_far.extend([0] * (party + 1 - len(so_far)))
            so_far[party] += points
        so_far.extend([0] * (len(values) - len(so_far)))
        if values != so_far:
            problems.append(
                f"match {m}, deal {number}: running totals {values} (the entries give {so_far})"
            )
    return problems


VOID_CATEGORY = "void"
"""The category of the marker entry that says a deal is void (0 points; never a rule's)."""


def deal_by_number(*, session: Session, match_id: int, number: int) -> DealRow:
    """Deal ``number`` of the match.

    Raises:
        LedgerNotFoundError: the match has no such deal.
    """
    deal = session.exec(
        select(DealRow).where(DealRow.match_id == match_id, DealRow.number == number)
    ).first()
    if deal is None:
        raise LedgerNotFoundError(
            Message(
                N_("match {match_id} has no deal {number}"),
                {"match_id": match_id, "number": number},
            )
        )
    return deal


def deal_with_key(*, session: Session, match_id: int, key: str) -> DealRow | None:
    """The match's deal recorded with idempotency key ``key`` (``record["key"]``), if any.

    Reads the records of the match's deals entered from facts: a real-card match has tens or
    hundreds of deals, and keys are given only by keepers who want them.
    """
    deals_t = _T["deals"]
    found = session.execute(
        sa.select(deals_t.c.id).where(
            deals_t.c.match_id == match_id,
            deals_t.c.source == "recorded",
            deals_t.c.record["key"].as_string() == key,
        )
    ).first()
    return None if found is None else session.get(DealRow, found[0])


def void_deal(*, session: Session, match_id: int, number: int, note: str) -> dict[str, Any]:
    """Void a scored deal with compensating entries: nothing is updated or deleted.

    Every entry of the deal the rules made (its lines and the progression's awards) gets a
    compensating entry that brings its current value -- corrections included -- to 0,
    referring to it like a correction; then a marker entry of category ``void`` (0 points,
    the note) says the deal is void, which is how the sheet shows it. The match progression
    is not re-run (as for corrections): the deal still happened, its dealer dealt, and a
    game it completed stays won; only its points no longer count.

    Returns:
        ``{"match", "deal", "entries", "points"}``: the entries added (compensations and
        the marker) and the points taken back per party.

    Raises:
        LedgerError: no note.
        LedgerNotFoundError: no such match or deal.
        LedgerStateError: the deal is in progress, or already void.
    """
    note = note.strip()
    if not note:
        raise LedgerError(Message(N_("a void needs a note saying why the deal is void")))
    match = get_match(session=session, match_id=match_id, for_update=True)
    deal = deal_by_number(session=session, match_id=match_id, number=number)
    if deal.status != "complete":
        raise LedgerStateError(
            Message(
                N_(
                    "deal {number} of match {match_id} is still being played; only a scored "
                    "deal can be voided"
                ),
                {"number": number, "match_id": match_id},
            )
        )
    entries = session.exec(
        select(ScoreEntry).where(ScoreEntry.deal_id == deal.id).order_by(col(ScoreEntry.id))
    ).all()
    if any(e.category == VOID_CATEGORY for e in entries):
        raise LedgerStateError(
            Message(
                N_("deal {number} of match {match_id} is already void"),
                {"number": number, "match_id": match_id},
            )
        )
    current: dict[int, int] = {}
    for entry in entries:
        if entry.corrects_id is None:
            assert entry.id is not None
            current[entry.id] = current.get(entry.id, 0) + entry.points
        else:
            current[entry.corrects_id] = current.get(entry.corrects_id, 0) + entry.points
    parties = len(match.progress.get("parties", []))
    taken = [0] * parties
    added = 0
    written: list[ScoreEntry] = []
    for entry in entries:
        value = current.get(entry.id or 0, 0) if entry.corrects_id is None else 0
        if not value:
            continue
        compensation = ScoreEntry(
            match_id=match_id,
            deal_id=deal.id,
            seq=entry.seq,
            party=entry.party,
            category=entry.category,
            points=-value,
            note=f"void of deal {number} (entry {entry.id}, {value} -> 0): {note}",
            corrects_id=entry.id,
        )
        session.add(compensation)
        written.append(compensation)
        if 0 <= entry.party < parties:
            taken[entry.party] -= value
        added += 1
    marker = ScoreEntry(
        match_id=match_id,
        deal_id=deal.id,
        seq=max((e.seq for e in entries), default=-1) + 1,
        party=0,
        category=VOID_CATEGORY,
        points=0,
        note=f"void: {note}",
    )
    session.add(marker)
    session.flush()
    # The compensations are corrections (the running column leaves them out, a page adds
    # them back); the marker is 0 points. Both are counted in party_totals.
    count_entries(session=session, entries=[*written, marker])
    return {"match": match_id, "deal": number, "entries": added + 1, "points": taken}


# -- reports --------------------------------------------------------------------------------

_T = SQLModel.metadata.tables


def _entry_columns(entries_t: sa.Table) -> tuple[Any, ...]:
    """An entry's score-sheet columns: deal, id, party, category, points, note, corrects."""
    return (
        entries_t.c.deal_id,
        entries_t.c.id,
        entries_t.c.party,
        entries_t.c.category,
        entries_t.c.points,
        entries_t.c.note,
        entries_t.c.corrects_id,
    )


def _party_sums(session: Session, statement: Any, count: int) -> list[int]:
    sums = [0] * count
    for party, points in session.execute(statement):
        if 0 <= party < count:
            sums[party] += int(points or 0)
    return sums


def _carried_before(session: Session, match_id: int, first: int, count: int) -> list[int]:
    """The match's totals from the deals numbered below ``first``: the running totals of
    the last completed one (its own lines) plus the corrections of those deals.

    One index probe for the running totals; the corrections are found through
    ``ix_score_entries_corrects`` (only corrections have a ``corrects_id``) and their deals
    by primary key, so the cost follows the ledger's corrections -- a few per match --
    never the match's length or the page's place in it.
    """
    deals_t, entries_t = _T["deals"], _T["score_entries"]
    running = session.execute(
        sa.select(deals_t.c.running)
        .where(
            deals_t.c.match_id == match_id,
            deals_t.c.number < first,
            deals_t.c.status == "complete",
        )
        .order_by(deals_t.c.number.desc())
        .limit(1)
    ).scalar()
    carried = _padded(running, count)
    # ``+ 0`` keeps SQLite from walking the match's entries (ix_score_entries_match_party)
    # or its deals before the page (the deals' (match_id, number) index) instead.
    corrections = _party_sums(
        session,
        sa.select(entries_t.c.party, sa.func.sum(entries_t.c.points))
        .select_from(entries_t.join(deals_t, deals_t.c.id == entries_t.c.deal_id))
        .where(
            entries_t.c.corrects_id.is_not(None),
            (entries_t.c.match_id + 0) == match_id,
            (deals_t.c.number + 0) < first,
        )
        .group_by(entries_t.c.party),
        count,
    )
    return [c + d for c, d in zip(carried, corrections, strict=True)]


def score_sheet(
    *,
    session: Session,
    match_id: int,
    first: int | None = None,
    last: int | None = None,
) -> dict[str, Any]:
    """The match's score sheet, variant-neutral, from its entries and their kept sums.

    ``first`` / ``last`` (deal numbers, inclusive) restrict the sheet to a page of deals:
    the running totals still start from everything before the page (``carried``: the
    stored running totals of the deal before the page plus the corrections before it), and
    ``totals`` come from ``party_totals``, so a page costs what its own deals cost at any
    match length.

    Returns:
        ``{"match": match_summary, "parties": [...], "deals": [...], "adjustments": [...],
        "carried": [...], "totals": [...], "page": {"first", "last", "deals"}}``; each deal
        has ``number``, ``dealer``, ``status``, ``source``, ``winner``, ``tricks``,
        ``summary`` (the progress summary after it), ``lines`` (its entries in rule order,
        corrections after them), ``points`` (per party) and ``totals`` (running totals per
        party after it). Corrections count in the deal of the entry they correct; entries
        without a deal are ``adjustments`` (counted in ``totals``, after every deal).
        ``totals`` are always the match's totals, whatever the page; ``page.deals`` is the
        number of deals the match has.
    """
    match = get_match(session=session, match_id=match_id)
    players = match_players(session=session, match_id=match_id)
    parties = list(match.progress.get("parties", []))
    count = len(parties)
    deals_t, entries_t = _T["deals"], _T["score_entries"]
    in_page = [deals_t.c.match_id == match_id]
    if first is not None:
        in_page.append(deals_t.c.number >= first)
    if last is not None:
        in_page.append(deals_t.c.number <= last)
    totals_t = _T["party_totals"]
    # Deals are numbered 1, 2, ... without gaps (a deal is only ever removed while it is
    # the match's last, in progress), so the highest number is the count: one index probe.
    deal_count = (
        session.execute(
            sa.select(deals_t.c.number)
            .where(deals_t.c.match_id == match_id)
            .order_by(deals_t.c.number.desc())
            .limit(1)
        ).scalar()
        or 0
    )
    # The match's totals are kept in party_totals as the entries are written.
    totals = _party_sums(
        session,
        sa.select(totals_t.c.party, totals_t.c.points).where(totals_t.c.match_id == match_id),
        count,
    )
    # Entries without a deal. ``match_id + 0`` keeps SQLite on ix_score_entries_deal
    # (deal_id IS NULL: the few adjustments) instead of scanning the match's entries.
    adjustment_rows = session.execute(
        sa.select(*_entry_columns(entries_t))
        .where(entries_t.c.deal_id.is_(None), (entries_t.c.match_id + 0) == match_id)
        .order_by(entries_t.c.id)
    ).all()
    carried = [0] * count
    if first is not None and first > 1:
        carried = _carried_before(session, match_id, first, count)
    # Plain columns only: the summary is extracted by the database and the tricks list is
    # read as text, because decoding 100,000 progress documents dominated the sheet's time.
    deals_query = (
        sa.select(
            deals_t.c.id,
            deals_t.c.number,
            deals_t.c.dealer,
            deals_t.c.status,
            deals_t.c.source,
            deals_t.c.winner,
            sa.cast(deals_t.c.tricks, sa.Text),
            deals_t.c.progress["summary"].as_string(),
        )
        .where(*in_page)
        .order_by(deals_t.c.number)
    )
    deals_with_entries = deals_t.join(entries_t, entries_t.c.deal_id == deals_t.c.id)
    # The page's entries in sheet order -- deal number, then entry id (rule order,
    # corrections after) -- walking the deals' (match_id, number) index and each deal's
    # entries by ix_score_entries_deal, which is already in that order: no sort, and no
    # more rows read than the page's entries, whether the page is 5 deals or the match.
    entries_query = (
        sa.select(*_entry_columns(entries_t))
        .select_from(deals_with_entries)
        .where(*in_page)
        .order_by(deals_t.c.number, entries_t.c.id)
    )
    # The collector stays paused while the rows are fetched too: the result rows are as
    # many small objects as the sheet itself.
    with _collector_paused():
        return _build_sheet(
            match=match,
            players=players,
            parties=parties,
            deals=session.execute(deals_query).all(),
            entries=session.execute(entries_query).all(),
            adjustment_rows=adjustment_rows,
            carried=carried,
            totals=totals,
            deal_count=int(deal_count),
        )


def standings(
    *,
    session: Session,
    variant: str | None = None,
    player: str | None = None,
    statistics: Sequence[str] | None = None,
) -> list[dict[str, Any]]:
    """Per variant and player, across matches, from the sums kept in ``party_totals`` and
    ``party_statistics`` (`openwhist.ledger.sheet.standings_query` says what each row
    holds; ``statistics``: only those kept statistics)."""
    sql, statistics_sql, params = standings_query(
        variant=variant, player=player, statistics=statistics
    )
    rows = session.execute(sa.text(sql), params).all()
    kept = session.execute(sa.text(statistics_sql), params).all() if statistics_sql else []
    return standings_rows(rows, kept)


def match_entries(*, session: Session, match_id: int | None = None) -> list[dict[str, Any]]:
    """Every score entry (of one match, or all), with deal number and time, in id order."""
    entries_t, deals_t = _T["score_entries"], _T["deals"]
    statement = (
        sa.select(
            entries_t.c.id,
            entries_t.c.match_id,
            deals_t.c.number.label("deal"),
            entries_t.c.party,
            entries_t.c.category,
            entries_t.c.points,
            entries_t.c.note,
            entries_t.c.corrects_id,
            entries_t.c.created_at,
        )
        .select_from(entries_t.outerjoin(deals_t, deals_t.c.id == entries_t.c.deal_id))
        .order_by(entries_t.c.id)
    )
    if match_id is not None:
        statement = statement.where(entries_t.c.match_id == match_id)
    return [
        {
            "id": row.id,
            "match": row.match_id,
            "deal": row.deal,
            "party": row.party,
            "category": row.category,
            "points": row.points,
            "note": row.note,
            "corrects": row.corrects_id,
            "created_at": _iso(row.created_at),
        }
        for row in session.execute(statement)
    ]


def match_deals(
    *, session: Session, match_id: int, first: int | None = None, last: int | None = None
) -> list[dict[str, Any]]:
    """The match's deals in order: number, status, source, record, tricks, progress;
    ``first`` / ``last`` (deal numbers, inclusive) restrict them to a page."""
    statement = select(DealRow).where(DealRow.match_id == match_id)
    if first is not None:
        statement = statement.where(DealRow.number >= first)
    if last is not None:
        statement = statement.where(DealRow.number <= last)
    rows = session.exec(statement.order_by(col(DealRow.number))).all()
    out = []
    for deal in rows:
        record = dict(deal.record)
        if deal.status == "in_progress" and deal.id is not None:
            record = {
                "number": deal.number,
                "dealer": deal.dealer,
                "actions": logged_actions(session=session, deal_id=deal.id),
                "score": None,
                "progress": None,
            }
            claims = deal_claims(deal)
            if claims:
                record["claims"] = claims
        out.append(
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "status": deal.status,
                "source": deal.source,
                "record": record,
                "tricks": deal.tricks,
                "winner": deal.winner,
                "started_at": _iso(deal.started_at),
                "completed_at": _iso(deal.completed_at),
            }
        )
    return out


def scored_deal_count(*, session: Session, variant: str, player: str | None = None) -> int:
    """How many completed deals the variant's matches (``player``'s, when given) have:
    an index count, what a page asks before it sums `scored_deals`."""
    deals_t, matches_t = _T["deals"], _T["matches"]
    seats_t, players_t = _T["seats"], _T["players"]
    in_variant = sa.select(matches_t.c.id).where(matches_t.c.variant == variant)
    if player is not None:
        in_variant = in_variant.where(
            matches_t.c.id.in_(
                sa.select(seats_t.c.match_id)
                .join(players_t, players_t.c.id == seats_t.c.player_id)
                .where(players_t.c.name == player)
            )
        )
    found = session.execute(
        sa.select(sa.func.count())
        .select_from(deals_t)
        .where(deals_t.c.match_id.in_(in_variant), deals_t.c.status == "complete")
    ).scalar()
    return int(found or 0)


def scored_deals(
    *, session: Session, variant: str, player: str | None = None
) -> tuple[list[tuple[int, dict[str, Any]]], dict[int, dict[int, list[str]]]]:
    """The stored scores of the variant's completed deals that are not void, with who
    played each party: what a chart over many matches (a `Breakdown`) sums.

    ``player``: only the matches that player sat in.

    Returns:
        ``(deals, parties)``: ``deals`` as ``(match id, stored DealScore dict)`` in match
        and deal order; ``parties``: per match, per party, its players' names in seat
        order.
    """
    deals_t, entries_t, matches_t = _T["deals"], _T["score_entries"], _T["matches"]
    seats_t, players_t = _T["seats"], _T["players"]
    in_variant = sa.select(matches_t.c.id).where(matches_t.c.variant == variant)
    if player is not None:
        in_variant = in_variant.where(
            matches_t.c.id.in_(
                sa.select(seats_t.c.match_id)
                .join(players_t, players_t.c.id == seats_t.c.player_id)
                .where(players_t.c.name == player)
            )
        )
    match_ids = in_variant
    voided = sa.select(entries_t.c.deal_id).where(
        entries_t.c.category == VOID_CATEGORY, entries_t.c.deal_id.is_not(None)
    )
    rows = session.execute(
        sa.select(deals_t.c.match_id, deals_t.c.record["score"])
        .where(
            deals_t.c.match_id.in_(match_ids),
            deals_t.c.status == "complete",
            deals_t.c.id.not_in(voided),
        )
        .order_by(deals_t.c.match_id, deals_t.c.number)
    ).all()
    parties: dict[int, dict[int, list[str]]] = defaultdict(dict)
    for match_id, party, name in session.execute(
        sa.select(seats_t.c.match_id, seats_t.c.party, players_t.c.name)
        .join(players_t, players_t.c.id == seats_t.c.player_id)
        .where(seats_t.c.match_id.in_(match_ids))
        .order_by(seats_t.c.match_id, seats_t.c.seat)
    ):
        parties[int(match_id)].setdefault(int(party), []).append(str(name))
    deals = [(int(m), score if isinstance(score, dict) else {}) for m, score in rows]
    return deals, dict(parties)


__all__ = [
    "VOID_CATEGORY",
    "append_action",
    "append_claim",
    "as_utc",
    "begin_deal",
    "complete_deal",
    "correct",
    "create_match",
    "create_player",
    "current_deal",
    "deal_by_number",
    "deal_claims",
    "deal_with_key",
    "finish_match",
    "get_match",
    "get_or_create",
    "get_or_create_player",
    "get_player",
    "kept_sums_problems",
    "ledger_totals",
    "list_matches",
    "logged_actions",
    "match_deals",
    "match_entries",
    "match_players",
    "match_seat_count",
    "match_summary",
    "record_entries",
    "score_sheet",
    "scored_deal_count",
    "scored_deals",
    "standings",
    "truncate_actions",
    "void_deal",
    "with_ledger_totals",
]
