"""The score ledger: players, matches, deals and append-only score entries in SQL.

Modules (import them explicitly; this package itself loads nothing heavy):

* `openwhist.ledger.errors` -- the refusals and their exit codes (no SQLAlchemy);
* `openwhist.ledger.models` -- the SQLModel tables;
* `openwhist.ledger.db` -- engines from URLs (SQLite pragmas), schema checks, migrations;
* `openwhist.ledger.repository` -- queries and inserts taking ``session=``, never committing.

The unit-of-work service over these is `openwhist.services.ledger.Ledger`. Importing
``openwhist.ledger`` imports only the errors, so ``whist --help`` never loads SQLAlchemy.
"""

from openwhist.ledger.errors import (
    InvalidFactsError,
    LedgerAccessError,
    LedgerAuthError,
    LedgerConflictError,
    LedgerCorruptError,
    LedgerError,
    LedgerFullError,
    LedgerLockedError,
    LedgerNeedsUpgradeError,
    LedgerNotFoundError,
    LedgerReadOnlyError,
    LedgerRetryableError,
    LedgerSchemaDamagedError,
    LedgerSchemaError,
    LedgerSerializationError,
    LedgerStateError,
    LedgerTooNewError,
    LedgerUnreachableError,
    LedgerValueError,
    NotALedgerError,
)

__all__ = [
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
    "LedgerUnreachableError",
    "LedgerValueError",
    "NotALedgerError",
]
