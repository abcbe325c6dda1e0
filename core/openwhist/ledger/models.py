"""The ledger's tables (SQLModel on SQLAlchemy 2).

Schema (docs/ledger.md, "Schema"):

* ``players`` -- one row per person or bot, by unique name;
* ``matches`` -- variant, the variant distribution's version, options, format, status,
  seed, times, label and the latest match-progress snapshot;
* ``seats`` -- who sat where in a match and which scoring party the seat belongs to;
* ``deals`` -- one row per deal: the deal's game record (actions in notation, or the
  entered facts of a real-card deal), tricks per seat, the progress snapshot after it;
* ``deal_actions`` -- the action log of the deal in progress, one row per action, so a
  killed process resumes at the last action (folded into ``deals.record`` when the deal
  completes, then deleted in the same transaction);
* ``score_entries`` -- APPEND-ONLY score lines. A correction is a new entry that refers to
  the entry it corrects (``corrects_id``); no entry is ever updated or deleted;
* ``party_totals`` -- one row per scoring party of a match: the sums of its entries and
  deals that standings and score sheets read (``points``, ``deals``, ``deals_won``);
* ``party_statistics`` -- per match, party and name, the kept sums the variants' declared
  statistics read (`openwhist.game.scoresheet.Statistic`): ``points:CATEGORY``, the sum of
  the party's entries of that category (every category, kept with the entries), and a
  per-deal statistic's ``value`` and ``out_of`` summed over the recorded deals.

The entries are the truth; three derived sums are kept beside them so that reports cost the
same at any match length: ``party_totals`` and ``party_statistics`` (above) and each
deal's ``running`` column (the
running totals of the match's *own* deal lines up to that deal, corrections and
adjustments excluded). Both are written in the same transaction as the entries they sum,
by `openwhist.ledger.repository` only, and can always be recomputed from the entries
(migration ``0003_running_totals`` does so for older ledgers).

Every NOT NULL column that is not a key has a *server* default, so a future migration can
add such a column to a populated table (notes/ecosystem.md §3). Times are UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

MATCH_STATUSES: Final = ("open", "finished", "abandoned")
"""``open`` while deals can be added; ``finished`` when the rules end it; ``abandoned``."""
DEAL_STATUSES: Final = ("in_progress", "complete")
"""A deal is ``in_progress`` while its actions are logged, ``complete`` once scored."""
DEAL_SOURCES: Final = ("played", "recorded")
"""``played`` through the engine (actions), or ``recorded`` from real-card facts."""


def utcnow() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


def _json_column(default: str) -> Any:
    return sa.Column(sa.JSON(), nullable=False, server_default=sa.text(f"'{default}'"))


def _time_column(*, nullable: bool = False) -> Any:
    if nullable:
        return sa.Column(sa.DateTime(timezone=True), nullable=True)
    return sa.Column(sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now())


class Player(SQLModel, table=True):
    """A person or a bot, known by a unique name across every match of the ledger."""

    __tablename__ = "players"
    __table_args__ = (sa.UniqueConstraint("name", name="uq_players_name"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    kind: str = Field(
        default="human",
        max_length=100,
        sa_column_kwargs={"server_default": "human"},
        description="``human``, ``bot:NAME`` or ``bot:NAME:LEVEL`` (the registered bot, at "
        "that level), as in game records",
    )
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())


class Match(SQLModel, table=True):
    """One match of one variant: options, players (seats), deals and score entries."""

    __tablename__ = "matches"
    __table_args__ = (
        sa.CheckConstraint("status IN ('open', 'finished', 'abandoned')", name="ck_matches_status"),
        sa.Index("ix_matches_variant_status", "variant", "status"),
    )

    id: int | None = Field(default=None, primary_key=True)
    variant: str = Field(max_length=100)
    variant_distribution: str = Field(
        default="", max_length=200, sa_column_kwargs={"server_default": ""}
    )
    variant_version: str = Field(
        default="", max_length=100, sa_column_kwargs={"server_default": ""}
    )
    options: dict[str, Any] = Field(default_factory=dict, sa_column=_json_column("{}"))
    house_rules: list[str] = Field(default_factory=list, sa_column=_json_column("[]"))
    format: str = Field(default="", max_length=100, sa_column_kwargs={"server_default": ""})
    status: str = Field(default="open", max_length=16, sa_column_kwargs={"server_default": "open"})
    seed: int | None = Field(default=None, sa_type=sa.BigInteger)
    first_dealer: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    label: str = Field(default="", max_length=200, sa_column_kwargs={"server_default": ""})
    progress: dict[str, Any] = Field(default_factory=dict, sa_column=_json_column("{}"))
    winner: int | None = Field(default=None, description="winning party once finished")
    started_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())
    finished_at: datetime | None = Field(default=None, sa_column=_time_column(nullable=True))


class Seat(SQLModel, table=True):
    """Who sat at ``seat`` in a match, and the scoring party of that seat."""

    __tablename__ = "seats"

    match_id: int = Field(foreign_key="matches.id", primary_key=True)
    seat: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="players.id", index=True)
    party: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class DealRow(SQLModel, table=True):
    """One deal of a match: its game record, tricks per seat and the progress after it."""

    __tablename__ = "deals"
    __table_args__ = (
        sa.UniqueConstraint("match_id", "number", name="uq_deals_match_number"),
        sa.CheckConstraint("status IN ('in_progress', 'complete')", name="ck_deals_status"),
        sa.Index("ix_deals_match_status_winner", "match_id", "status", "winner"),
    )

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="matches.id")
    number: int
    dealer: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    status: str = Field(
        default="in_progress", max_length=16, sa_column_kwargs={"server_default": "in_progress"}
    )
    source: str = Field(
        default="played", max_length=16, sa_column_kwargs={"server_default": "played"}
    )
    tricks: list[int] = Field(default_factory=list, sa_column=_json_column("[]"))
    winner: int | None = Field(default=None, description="the party that won the deal")
    started_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())
    completed_at: datetime | None = Field(default=None, sa_column=_time_column(nullable=True))
    # The large JSON columns last: SQLite then reads the small columns (sheets, standings)
    # without touching the overflow pages that hold a deal's record.
    progress: dict[str, Any] = Field(default_factory=dict, sa_column=_json_column("{}"))
    record: dict[str, Any] = Field(default_factory=dict, sa_column=_json_column("{}"))
    # Added by migration 0003, so it sits after the record in every ledger; a page reads
    # it for one deal only (the one before the page).
    running: list[int] = Field(
        default_factory=list,
        sa_column=_json_column("[]"),
        description="per party, the sum of the match's deal lines up to and including this "
        "deal as they were recorded (no corrections, no adjustments); ``[]`` until complete",
    )


class DealAction(SQLModel, table=True):
    """One logged action of a deal in progress (1-based ``idx``; 1 is the chance deal)."""

    __tablename__ = "deal_actions"
    __table_args__ = (sa.UniqueConstraint("deal_id", "idx", name="uq_deal_actions_deal_idx"),)

    id: int | None = Field(default=None, primary_key=True)
    deal_id: int = Field(foreign_key="deals.id", ondelete="CASCADE")
    idx: int
    notation: str = Field(max_length=400)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())


class ScoreEntry(SQLModel, table=True):
    """One append-only score line: ``party`` got ``points`` for ``category``.

    ``corrects_id`` refers to the entry a compensating entry corrects; ``deal_id`` is the
    deal the line belongs to (a correction belongs to the corrected entry's deal).
    """

    __tablename__ = "score_entries"
    __table_args__ = (
        # Standings read (match_id, party, points, category) from this index alone.
        sa.Index("ix_score_entries_match_party", "match_id", "party", "points", "category"),
        sa.Index("ix_score_entries_deal", "deal_id"),
        # Also how a page finds the corrections before it (only corrections have a
        # corrects_id): the cost follows the ledger's corrections, never a match's length.
        sa.Index("ix_score_entries_corrects", "corrects_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="matches.id")
    deal_id: int | None = Field(default=None, foreign_key="deals.id")
    seq: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    party: int
    category: str = Field(max_length=32)
    points: int
    note: str = Field(default="", max_length=400, sa_column_kwargs={"server_default": ""})
    corrects_id: int | None = Field(default=None, foreign_key="score_entries.id")
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())


class PartyTotal(SQLModel, table=True):
    """The sums of one scoring party of a match, kept as its entries are written.

    ``points`` is the sum of every entry of the party (corrections and adjustments
    included); ``deals`` counts the match's completed deals (the same in every row of the
    match) and ``deals_won`` those the party won. What a variant counts beyond these is in
    `PartyStatistic`.
    """

    __tablename__ = "party_totals"

    match_id: int = Field(foreign_key="matches.id", primary_key=True)
    party: int = Field(primary_key=True)
    points: int = Field(default=0, sa_type=sa.BigInteger, sa_column_kwargs={"server_default": "0"})
    deals: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    deals_won: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class PartyStatistic(SQLModel, table=True):
    """A kept sum of one scoring party of a match, by name (migration 0004).

    ``points:CATEGORY`` (`openwhist.game.scoresheet.CATEGORY_KEY`): the sum of the party's
    entries of that category, corrections and adjustments included, kept as entries are
    written; any other name: a variant's per-deal statistic (`Statistic.per_deal`), its
    ``value`` and ``out_of`` summed over the match's recorded deals. A missing row is 0.
    """

    __tablename__ = "party_statistics"

    match_id: int = Field(foreign_key="matches.id", primary_key=True)
    party: int = Field(primary_key=True)
    name: str = Field(primary_key=True, max_length=40)
    value: int = Field(default=0, sa_type=sa.BigInteger, sa_column_kwargs={"server_default": "0"})
    out_of: int = Field(default=0, sa_type=sa.BigInteger, sa_column_kwargs={"server_default": "0"})


TABLE_STATUSES: Final = ("waiting", "playing", "paused", "closed")
"""A hosted table is ``waiting`` for its host to start it, ``playing``, ``paused`` by its
host (nobody may act), or ``closed`` (its match is over or the host closed it)."""
TABLE_SEAT_KINDS: Final = ("human", "open", "bot")
"""A hosted seat is a named ``human``, ``open`` (anyone with its invite joins), or a ``bot``."""


class HostedTable(SQLModel, table=True):
    """A table hosted by ``whist serve`` (migration 0006): its settings, its host and the
    match it plays (``match_id``, once started).

    ``version`` counts the changes applied to the table (every logged action, undo, scored
    deal and host decision): a writer bumps it from the value it read in the transaction
    that writes the change (``UPDATE ... WHERE version = :read``), so two server processes
    never apply two actions to one table at once -- the second finds the version moved and
    applies nothing. ``host_token_hash`` is the SHA-256 of the host's token (the token
    itself is never stored).
    """

    __tablename__ = "hosted_tables"
    __table_args__ = (
        sa.CheckConstraint(
            "status IN ('waiting', 'playing', 'paused', 'closed')", name="ck_hosted_tables_status"
        ),
        sa.Index("ix_hosted_tables_status", "status"),
    )

    id: int | None = Field(default=None, primary_key=True)
    match_id: int | None = Field(default=None, foreign_key="matches.id")
    status: str = Field(
        default="waiting", max_length=16, sa_column_kwargs={"server_default": "waiting"}
    )
    version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    host_token_hash: str = Field(max_length=64)
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=_json_column("{}"))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())
    updated_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())


class HostedSeat(SQLModel, table=True):
    """One seat of a hosted table: who sits there now and the hash of its invite token.

    ``kind`` is ``human`` (``name`` plays it), ``open`` (the first to join with the invite
    names it) or ``bot`` (``bot``: ``NAME`` or ``NAME:LEVEL``; also a human seat the host
    gave to a bot -- ``token_hash`` then still lets the player watch the seat's cards).
    """

    __tablename__ = "hosted_seats"
    __table_args__ = (
        sa.CheckConstraint("kind IN ('human', 'open', 'bot')", name="ck_hosted_seats_kind"),
        sa.UniqueConstraint("token_hash", name="uq_hosted_seats_token_hash"),
    )

    table_id: int = Field(foreign_key="hosted_tables.id", primary_key=True)
    seat: int = Field(primary_key=True)
    kind: str = Field(default="open", max_length=16, sa_column_kwargs={"server_default": "open"})
    name: str = Field(default="", max_length=100, sa_column_kwargs={"server_default": ""})
    bot: str | None = Field(default=None, max_length=100)
    token_hash: str | None = Field(default=None, max_length=64)
    held: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})


SEAT_CHANGES: Final = ("held", "returned", "bot", "back")
"""A change of who plays a hosted seat: the hold bot took it (``held``), its player came
back (``returned``), the host gave it to a bot (``bot``) or gave it back (``back``)."""


class HostedSeatChange(SQLModel, table=True):
    """One change of who plays a seat of a hosted table (migration 0007), written in the
    same transaction as the table's version it counts (``version``; one change per
    version). ``match_id``, ``deal`` and ``actions`` say where the match stood: the change
    counts from the deal's action ``actions + 1`` on. ``bot`` is the bot that plays the
    seat from then on (``None`` once its player has it again). The game record carries
    these as ``table.substitutions``.
    """

    __tablename__ = "hosted_seat_changes"
    __table_args__ = (
        sa.CheckConstraint(
            "change IN ('held', 'returned', 'bot', 'back')", name="ck_hosted_seat_changes_change"
        ),
        sa.UniqueConstraint("table_id", "version", name="uq_hosted_seat_changes_version"),
        sa.Index("ix_hosted_seat_changes_match_id", "match_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    table_id: int = Field(foreign_key="hosted_tables.id")
    version: int
    seat: int
    change: str = Field(max_length=16)
    bot: str | None = Field(default=None, max_length=100)
    match_id: int | None = Field(default=None, foreign_key="matches.id")
    deal: int | None = None
    actions: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())


class Account(SQLModel, table=True):
    """Someone who may change the ledger from the club's web pages (migration 0008).

    ``password_hash`` is an argon2id hash in PHC form (`openwhist.services.accounts`);
    the password itself is never stored. A ``disabled`` account cannot log in, and its
    sessions stop working at their next request.
    """

    __tablename__ = "accounts"
    __table_args__ = (sa.UniqueConstraint("name", name="uq_accounts_name"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    password_hash: str = Field(max_length=200)
    disabled: bool = Field(default=False, sa_column_kwargs={"server_default": sa.false()})
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())
    last_login_at: datetime | None = Field(default=None, sa_column=_time_column(nullable=True))


class ClubSession(SQLModel, table=True):
    """A logged-in club session (migration 0009): the SHA-256 of the random token its
    signed cookie carries (``token_hash``; the token itself is never stored), whose
    account, when it began and when it was last seen (``seen_at``, kept to within a few
    minutes). Logging out deletes the row, so a copy of the cookie is no session
    afterwards; a new password or a disabled account deletes every row of the account.
    Rows not seen for longer than a session lasts are deleted at the next login."""

    __tablename__ = "club_sessions"
    __table_args__ = (sa.Index("ix_club_sessions_account_id", "account_id"),)

    token_hash: str = Field(primary_key=True, max_length=64)
    account_id: int = Field(foreign_key="accounts.id")
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())
    seen_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())


class LoginFailure(SQLModel, table=True):
    """A refused login (migration 0008): the name tried and the client's address, so
    that every server process counts a guesser's attempts alike. Rows older than the
    counting window are deleted as new ones are written."""

    __tablename__ = "login_failures"
    __table_args__ = (
        sa.Index("ix_login_failures_address_at", "address", "at"),
        sa.Index("ix_login_failures_name_at", "name", "at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    address: str = Field(max_length=64)
    at: datetime = Field(default_factory=utcnow, sa_column=_time_column())


class ClubSetting(SQLModel, table=True):
    """A value the club's web server keeps once for all its processes (migration 0008),
    by name: ``session_secret`` when ``OPENWHIST_SESSION_SECRET`` is not set."""

    __tablename__ = "club_settings"

    name: str = Field(primary_key=True, max_length=40)
    value: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())


class FormSubmission(SQLModel, table=True):
    """One change made through a club form (migration 0008), keyed by the form's one-time
    token and written in the same transaction as the change, with what the change
    returned (``result``): the same form sent again finds it and changes nothing."""

    __tablename__ = "form_submissions"

    key: str = Field(primary_key=True, max_length=64)
    account_id: int | None = Field(default=None, foreign_key="accounts.id")
    action: str = Field(max_length=32)
    result: dict[str, Any] = Field(default_factory=dict, sa_column=_json_column("{}"))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time_column())


TABLES: Final = (
    "players",
    "matches",
    "seats",
    "deals",
    "deal_actions",
    "score_entries",
    "party_totals",
    "party_statistics",
    "hosted_tables",
    "hosted_seats",
    "hosted_seat_changes",
    "accounts",
    "login_failures",
    "club_settings",
    "form_submissions",
    "club_sessions",
)
"""Our table names (plus ``alembic_version``): a database with other tables is foreign."""

__all__ = [
    "DEAL_SOURCES",
    "DEAL_STATUSES",
    "MATCH_STATUSES",
    "SEAT_CHANGES",
    "TABLES",
    "TABLE_SEAT_KINDS",
    "TABLE_STATUSES",
    "Account",
    "ClubSession",
    "ClubSetting",
    "DealAction",
    "DealRow",
    "FormSubmission",
    "HostedSeat",
    "HostedSeatChange",
    "HostedTable",
    "LoginFailure",
    "Match",
    "PartyStatistic",
    "PartyTotal",
    "Player",
    "ScoreEntry",
    "Seat",
    "utcnow",
]
