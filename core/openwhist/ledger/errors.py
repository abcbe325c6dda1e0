"""The ledger's refusals: one exception class per thing that can go wrong, with exit codes.

Every class derives from `LedgerError` (itself an `openwhist.game.errors.OpenWhistError`) and
carries ``exit_code``, the documented process exit status a front end should use
(docs/ledger.md, "Exit codes"):

* 1 -- `LedgerError` in general: a match or entry that does not exist, an operation the
  match's state does not allow (recording into a finished match);
* 2 -- `InvalidFactsError`: the facts entered for a real-card deal are wrong (a usage error);
  `PointsOutOfRangeError`: points beyond the ledger's bound (`MAX_POINTS`);
  `LedgerValueError`: a number too large for the ledger's columns;
* 4 -- `LedgerRetryableError` and its subclasses `LedgerUnreachableError`,
  `LedgerLockedError`, `LedgerSerializationError`: the ledger cannot be used right now,
  and the same command may succeed when tried again;
* 5 -- `LedgerSchemaError` and its subclasses: the database is not a ledger this openwhist
  can use (`LedgerNeedsUpgradeError`, `LedgerTooNewError`, `NotALedgerError`,
  `LedgerCorruptError`, `LedgerSchemaDamagedError`). A database refused with exit 5 is
  never modified;
* 7 -- `LedgerAccessError` and its subclasses `LedgerAuthError`, `LedgerReadOnlyError`,
  `LedgerFullError`: the ledger is there but this process may not use it as asked (wrong
  password, no permission, a read-only file, a full disk); trying again changes nothing
  until that is fixed.

This module imports nothing heavy, so the CLI can name these classes without loading
SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist.game.errors import OpenWhistError
from openwhist.game.messages import N_, Message, join_messages


class LedgerError(OpenWhistError):
    """Base class of every ledger error (exit 1 unless a subclass says otherwise)."""

    exit_code: int = 1


class LedgerNotFoundError(LedgerError, LookupError):
    """A match, deal, player or score entry that the ledger does not hold."""


class LedgerStateError(LedgerError):
    """An operation the match's state does not allow (finished match, deal in progress)."""


class LedgerConflictError(LedgerStateError):
    """Two writers disagree: an action index already holds a different action."""


class InvalidFactsError(LedgerError, ValueError):
    """Real-card deal facts that the variant's facts model rejects, problem by problem."""

    exit_code = 2

    def __init__(
        self, variant: str, problems: Sequence[str], *, messages: Sequence[Message] = ()
    ) -> None:
        self.variant = variant
        self.problems = tuple(problems)
        # The same problems as translatable messages (`openwhist.services.ledger.
        # facts_messages`), when the caller has them: a front end shows these.
        self.messages = tuple(messages) or tuple(Message(p) for p in self.problems)
        super().__init__(
            Message(
                N_("invalid deal facts for {variant}: {problems}"),
                {"variant": variant, "problems": join_messages("; ", list(self.messages))},
            )
        )


_STATUS_WORDS = {
    "open": N_("open"),
    "finished": N_("finished"),
    "abandoned": N_("abandoned"),
    "waiting": N_("waiting"),
    "playing": N_("playing"),
    "paused": N_("paused"),
    "closed": N_("closed"),
}


def status_word(status: str) -> Message:
    """A match's or a hosted table's status as a word a message can translate (``finished``);
    an unknown status as it is stored."""
    return Message(_STATUS_WORDS.get(status, status.replace("{", "{{").replace("}", "}}")))


MAX_POINTS = 1_000_000
"""The most points one score entry may count, either way (docs/ledger.md, "Points").

The same bound on SQLite and PostgreSQL: no rule of a built-in variant comes near it, and
with it no sum of a ledger's entries can overflow either database's integers."""


AN_ENTRY = Message(N_("an entry"))
"""What `PointsOutOfRangeError` says counts too many points, unless told otherwise."""


class PointsOutOfRangeError(LedgerError, ValueError):
    """Points beyond ``±MAX_POINTS`` for one entry (a typo, or a plugin gone wrong)."""

    exit_code = 2

    def __init__(self, points: int, what: Message = AN_ENTRY) -> None:
        self.points = points
        super().__init__(
            Message(
                N_("{what} counts at most {most} points either way, not {points}"),
                {"what": what, "most": f"{MAX_POINTS:,}", "points": f"{points:,}"},
            )
        )


class DuplicateDealError(LedgerStateError):
    """Facts identical to the match's last deal, entered again without saying it is meant.

    The usual cause is a ``whist record deal`` retried after it was recorded (the process
    was killed, the connection dropped after the commit); the keeper confirms a new deal
    with the same facts (``--again``), or gives each deal a key (``--key``).
    """

    def __init__(self, match_id: int, number: int, recorded_at: str | None) -> None:
        self.match_id = match_id
        self.number = number
        self.recorded_at = recorded_at
        template = (
            N_(
                "match {match}: deal {number} was recorded with exactly these facts at {when}; "
                "nothing recorded now. If this is a new deal with the same result, enter it "
                "again with --again"
            )
            if recorded_at
            else N_(
                "match {match}: deal {number} was recorded with exactly these facts; "
                "nothing recorded now. If this is a new deal with the same result, enter it "
                "again with --again"
            )
        )
        values: dict[str, int | str] = {
            "match": match_id,
            "number": number,
            "when": recorded_at or "",
        }
        super().__init__(Message(template, values))
        # The first half alone, for a front end that asks what to do rather than saying it.
        self.already = Message(
            N_("match {match}: deal {number} was recorded with exactly these facts at {when}.")
            if recorded_at
            else N_("match {match}: deal {number} was recorded with exactly these facts."),
            values,
        )


class LedgerValueError(LedgerError, ValueError):
    """A value the ledger cannot store (an integer beyond its 64-bit columns)."""

    exit_code = 2


class LedgerRetryableError(LedgerError):
    """The ledger cannot be used right now; the same command may succeed later."""

    exit_code = 4


class LedgerUnreachableError(LedgerRetryableError):
    """The database server or file cannot be reached (refused, unknown host, no directory)."""


class LedgerLockedError(LedgerRetryableError):
    """Another process held the ledger locked for longer than the busy timeout."""


class LedgerSerializationError(LedgerRetryableError):
    """The server aborted the unit of work to resolve a conflict with a concurrent one
    (PostgreSQL serialization failure or deadlock); the service retries it a few times
    before reporting it."""


class LedgerAccessError(LedgerError):
    """The ledger is there, but this process may not use it as asked; retrying is useless
    until the cause (password, permissions, disk space) is fixed."""

    exit_code = 7


class LedgerAuthError(LedgerAccessError):
    """The server refused the credentials or the role (wrong password, no such role or
    database, no permission on the tables)."""


class LedgerReadOnlyError(LedgerAccessError):
    """A write into a ledger this process may only read (a read-only file or directory,
    a read-only server transaction)."""


class LedgerFullError(LedgerAccessError):
    """The disk (or the database's size limit) is full: the write was rolled back."""


class LedgerSchemaError(LedgerError):
    """The database is not a ledger this openwhist may use as it is. Never modified."""

    exit_code = 5


class LedgerNeedsUpgradeError(LedgerSchemaError):
    """A ledger of an older schema, opened without permission to upgrade it."""


class LedgerTooNewError(LedgerSchemaError):
    """A ledger written by a newer openwhist: its schema revision is unknown here."""


class NotALedgerError(LedgerSchemaError):
    """A file that is not an SQLite database, or a database with other tables than ours."""


class LedgerCorruptError(NotALedgerError):
    """An SQLite file whose pages are damaged (``database disk image is malformed``, or a
    failed ``PRAGMA quick_check``). Nothing is written into it."""


class LedgerSchemaDamagedError(LedgerSchemaError):
    """A ledger whose tables do not match its schema revision (a dropped table or column)."""


class LedgerURLError(LedgerError, ValueError):
    """A ``--db`` value that names no database this openwhist can open: a malformed URL
    (a port that is not a number, a broken host), an unknown database kind, or one whose
    driver is not installed. A usage error: nothing was opened."""

    exit_code = 2


__all__ = [
    "MAX_POINTS",
    "DuplicateDealError",
    "InvalidFactsError",
    "LedgerAccessError",
    "LedgerAuthError",
    "LedgerConflictError",
    "LedgerCorruptError",
    "LedgerError",
    "LedgerFullError",
    "LedgerLockedError",
    "LedgerNeedsUpgradeError",
    "LedgerNotFoundError",
    "LedgerReadOnlyError",
    "LedgerRetryableError",
    "LedgerSchemaDamagedError",
    "LedgerSchemaError",
    "LedgerSerializationError",
    "LedgerStateError",
    "LedgerTooNewError",
    "LedgerURLError",
    "LedgerUnreachableError",
    "LedgerValueError",
    "NotALedgerError",
    "PointsOutOfRangeError",
]
