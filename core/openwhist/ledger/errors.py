"""The ledger's refusals: one exception class per thing that can go wrong, with exit codes.

Every class derives from `LedgerError` (itself an `openwhist.errors.OpenWhistError`) and
carries ``exit_code``, the documented process exit status a front end should use
(docs/ledger.md, "Exit codes"):

* 1 -- `LedgerError` in general: a match or entry that does not exist, an operation the
  match's state does not allow (recording into a finished match);
* 2 -- `InvalidFactsError`: the facts entered for a real-card deal are wrong (a usage error);
* 4 -- `LedgerUnreachableError`, `LedgerLockedError`: the ledger cannot be used right now;
* 5 -- `LedgerSchemaError` and its subclasses: the database is not a ledger this openwhist
  can use (`LedgerNeedsUpgradeError`, `LedgerTooNewError`, `NotALedgerError`,
  `LedgerCorruptError`). A database refused with exit 5 is never modified.

This module imports nothing heavy, so the CLI can name these classes without loading
SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Sequence

from openwhist.errors import OpenWhistError


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

    def __init__(self, variant: str, problems: Sequence[str]) -> None:
        self.variant = variant
        self.problems = tuple(problems)
        super().__init__(f"invalid deal facts for {variant}: " + "; ".join(self.problems))


class LedgerUnreachableError(LedgerError):
    """The database server or file cannot be reached (refused, unknown host, no directory)."""

    exit_code = 4


class LedgerLockedError(LedgerError):
    """Another process held the ledger locked for longer than the busy timeout."""

    exit_code = 4


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
    """An SQLite file whose pages are damaged (``database disk image is malformed``)."""


class LedgerURLError(LedgerError, ValueError):
    """A ``--db`` value that names no database this openwhist can open: a malformed URL
    (a port that is not a number, a broken host), an unknown database kind, or one whose
    driver is not installed. A usage error: nothing was opened."""

    exit_code = 2


__all__ = [
    "InvalidFactsError",
    "LedgerConflictError",
    "LedgerCorruptError",
    "LedgerError",
    "LedgerLockedError",
    "LedgerNeedsUpgradeError",
    "LedgerNotFoundError",
    "LedgerSchemaError",
    "LedgerStateError",
    "LedgerTooNewError",
    "LedgerURLError",
    "LedgerUnreachableError",
    "NotALedgerError",
]
