"""Club accounts: who may change the ledger from the club's web pages (docs/club.md).

The local user of the machine that holds the ledger is the secretary, as on the command
line (``whist record``, ``correct``, ...); an account lets someone change the ledger from a
browser through ``whist serve``'s club pages, and nothing else. Accounts live in the ledger
(migration ``0008_accounts``), so every server process over one ledger knows the same
ones, and they are managed with ``whist accounts`` on the ledger's machine.

Contracts:

* a password is hashed with argon2id (argon2-cffi's `argon2.PasswordHasher`, its default
  parameters) and only the hash is stored; a hash made with weaker parameters than
  today's is replaced at the next successful login (``check_needs_rehash``). No
  function here logs, stores or returns a password;
* `Accounts.log_in` answers a wrong name, a wrong password and a disabled account with
  the same `LoginRefusedError`, after the same work (an unknown name is checked against a
  dummy hash), so a guesser learns nothing of which names exist;
* refused logins are counted in the ledger by name and client address over
  `FAILURE_WINDOW`: after `PAIR_LIMIT` for one name from one address, or `ADDRESS_LIMIT`
  for any names from one address, that address's attempts for the name (or all its
  attempts) are refused unchecked (`LoginLimitedError`) until the window has passed. The
  legitimate secretary elsewhere is never locked out by a guesser;
* a club session is a random token (`Accounts.open_session`) whose SHA-256 is kept in the
  ledger (``club_sessions``, migration 0009) with its account; the signed cookie carries
  the token. `Accounts.session_account` answers for the token only while its row exists,
  the account is enabled and the session was seen within `SESSION_AGE`; logging out
  (`Accounts.close_session`) deletes the row, so a copy of a logged-out cookie opens
  nothing, and a new password or a disabled account deletes every session of the account;
* `Accounts.once` runs a change in one unit of work together with the row that records
  the form token it came with: the same token sent again runs nothing and returns what
  the first run returned.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final

from openwhist.game.errors import OpenWhistError
from openwhist.game.messages import N_, Message
from openwhist.ledger.errors import LedgerConflictError, LedgerError

if TYPE_CHECKING:
    from argon2 import PasswordHasher
    from sqlmodel import Session

    from openwhist.ledger.models import Account
    from openwhist.services.ledger import Ledger

SESSION_SECRET_ENV: Final = "OPENWHIST_SESSION_SECRET"
"""The environment variable holding the secret that signs club sessions; without it the
secret is generated once and kept in the ledger (`Accounts.session_secret`)."""
SESSION_SECRET_SETTING: Final = "session_secret"
"""The ``club_settings`` name of the kept secret."""
MIN_SECRET: Final = 32
"""The shortest ``OPENWHIST_SESSION_SECRET`` accepted (characters)."""
MIN_PASSWORD: Final = 8
"""The shortest password accepted (characters)."""
MAX_PASSWORD: Final = 1024
"""The longest password accepted: hashing a megabyte would be a cheap way to load the
server."""
MAX_NAME: Final = 100
"""The longest account name (the column's width)."""
FAILURE_WINDOW: Final = timedelta(minutes=15)
"""How long a refused login counts against its name and address."""
PAIR_LIMIT: Final = 5
"""Refused logins of one name from one address in the window before that pair is refused
unchecked."""
SESSION_AGE: Final = timedelta(hours=12)
"""How long a club session lasts after its last request (an evening and then some); the
cookie's own lifetime is the same."""
SEEN_STEP: Final = timedelta(minutes=5)
"""A session's ``seen_at`` is rewritten only when it is older than this: one small write
per session every few minutes, not one per page."""
ADDRESS_LIMIT: Final = 20
"""Refused logins from one address, for any names, in the window before the address is
refused unchecked."""


class AccountError(LedgerError):
    """A name or password the accounts service cannot take (exit 2)."""

    exit_code = 2


class LoginRefusedError(OpenWhistError):
    """A wrong name or password, or a disabled account (one answer for all three)."""


class LoginLimitedError(OpenWhistError):
    """Too many refused logins from this address: nothing was checked."""

    def __init__(self, minutes: int) -> None:
        self.minutes = minutes
        super().__init__(
            Message(
                N_(
                    "too many wrong passwords from here: try again in {minutes} minutes "
                    "(nothing was checked)"
                ),
                {"minutes": minutes},
            )
        )


@dataclass(frozen=True)
class AccountInfo:
    """An account as the front ends show it (never its hash)."""

    id: int
    name: str
    disabled: bool
    created_at: str | None
    last_login_at: str | None

    def as_dict(self) -> dict[str, Any]:
        """The account as JSON (``whist accounts list --json``)."""
        return {
            "id": self.id,
            "name": self.name,
            "disabled": self.disabled,
            "created_at": self.created_at,
            "last_login_at": self.last_login_at,
        }


def _iso(when: datetime | None) -> str | None:
    from openwhist.ledger.sheet import as_utc

    moment = as_utc(when)
    return None if moment is None else moment.isoformat(timespec="seconds")


def _info(account: Account) -> AccountInfo:
    assert account.id is not None
    return AccountInfo(
        account.id,
        account.name,
        bool(account.disabled),
        _iso(account.created_at),
        _iso(account.last_login_at),
    )


def _token_hash(token: str) -> str:
    """What the ledger keeps of a session token: its SHA-256, in hex (a copy of the
    ledger does not hold anyone's session)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def check_name(name: str) -> str:
    """``name`` trimmed, if it can name an account.

    Raises:
        AccountError: empty, longer than `MAX_NAME`, or holding a control character.
    """
    trimmed = name.strip()
    if not trimmed:
        raise AccountError(Message(N_("an account needs a name")))
    if len(trimmed) > MAX_NAME:
        raise AccountError(
            Message(N_("an account name is at most {most} characters"), {"most": MAX_NAME})
        )
    if any(unicodedata.category(ch).startswith("C") for ch in trimmed):
        raise AccountError(Message(N_("an account name cannot hold control characters")))
    return trimmed


def check_password(password: str) -> None:
    """Refuse a password too short or too long to keep.

    Raises:
        AccountError: fewer than `MIN_PASSWORD` or more than `MAX_PASSWORD` characters.
    """
    if len(password) < MIN_PASSWORD:
        raise AccountError(
            Message(N_("a password needs at least {least} characters"), {"least": MIN_PASSWORD})
        )
    if len(password) > MAX_PASSWORD:
        raise AccountError(
            Message(N_("a password is at most {most} characters"), {"most": MAX_PASSWORD})
        )


class Accounts:
    """The accounts of one ledger; each method is one unit of work (two for `log_in`,
    which checks the password between them, holding no lock while it hashes).

    ``hasher``: the `argon2.PasswordHasher` (default: argon2-cffi's defaults, argon2id);
    a test may pass a cheaper one.
    """

    def __init__(self, ledger: Ledger, *, hasher: PasswordHasher | None = None) -> None:
        self.ledger = ledger
        self._hasher = hasher

    @cached_property
    def hasher(self) -> PasswordHasher:
        """The password hasher (argon2-cffi is imported when first needed)."""
        if self._hasher is not None:
            return self._hasher
        from argon2 import PasswordHasher

        return PasswordHasher()

    @cached_property
    def _dummy_hash(self) -> str:
        # What an unknown name's password is checked against, so that it costs the same.
        return self.hasher.hash(secrets.token_urlsafe(16))

    # -- managing accounts (whist accounts) ---------------------------------------------

    def add(self, name: str, password: str) -> AccountInfo:
        """A new account.

        Raises:
            AccountError: a bad name or password.
            LedgerConflictError: the name is taken.
        """
        from openwhist.ledger import accounts as repo

        trimmed = check_name(name)
        check_password(password)
        digest = self.hasher.hash(password)
        with self.ledger.unit_of_work() as session:
            return _info(repo.create_account(session=session, name=trimmed, password_hash=digest))

    def accounts(self) -> list[AccountInfo]:
        """Every account, by name."""
        from openwhist.ledger import accounts as repo

        with self.ledger.unit_of_work() as session:
            return [_info(a) for a in repo.list_accounts(session=session)]

    def get(self, name: str) -> AccountInfo:
        """The account called ``name``.

        Raises:
            LedgerNotFoundError: no such account.
        """
        from openwhist.ledger import accounts as repo

        with self.ledger.unit_of_work() as session:
            return _info(repo.require_account(session=session, name=name))

    def set_disabled(self, name: str, disabled: bool) -> AccountInfo:
        """Disable an account (it cannot log in, and every session of it ends) or enable
        it again (it logs in afresh).

        Raises:
            LedgerNotFoundError: no such account.
        """
        from openwhist.ledger import accounts as repo

        with self.ledger.unit_of_work() as session:
            account = repo.require_account(session=session, name=name)
            account.disabled = disabled
            session.add(account)
            if disabled:
                repo.end_club_sessions(session=session, account_id=account.id)
            session.flush()
            return _info(account)

    def set_password(self, name: str, password: str) -> AccountInfo:
        """Give an account a new password; every session of the account ends (whoever
        knew the old one is logged out too).

        Raises:
            AccountError: a bad password. LedgerNotFoundError: no such account.
        """
        from openwhist.ledger import accounts as repo

        check_password(password)
        digest = self.hasher.hash(password)
        with self.ledger.unit_of_work() as session:
            account = repo.require_account(session=session, name=name)
            account.password_hash = digest
            session.add(account)
            repo.end_club_sessions(session=session, account_id=account.id)
            session.flush()
            return _info(account)

    # -- logging in (the club pages) -----------------------------------------------------

    def log_in(self, name: str, password: str, address: str) -> AccountInfo:
        """The account, if ``password`` is its password and it is enabled; the login is
        counted (`last_login_at`) and the address's refused logins for it forgotten.

        Raises:
            LoginLimitedError: too many refused logins from ``address`` (nothing checked).
            LoginRefusedError: a wrong name or password, or a disabled account (counted).
        """
        from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

        from openwhist.ledger import accounts as repo
        from openwhist.ledger.models import utcnow

        now = utcnow()
        name = name.strip()[:MAX_NAME]
        with self.ledger.unit_of_work() as session:
            pair, anywhere = repo.count_failures(
                session=session, name=name, address=address, since=now - FAILURE_WINDOW
            )
            if pair >= PAIR_LIMIT or anywhere >= ADDRESS_LIMIT:
                raise LoginLimitedError(int(FAILURE_WINDOW.total_seconds() // 60))
            account = repo.get_account(session=session, name=name) if name else None
            stored = None if account is None else account.password_hash
        ok = False
        try:
            ok = self.hasher.verify(stored or self._dummy_hash, password[:MAX_PASSWORD])
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            ok = False
        ok = ok and account is not None and not account.disabled
        with self.ledger.unit_of_work() as session:
            if not ok or account is None or stored is None:
                repo.add_failure(
                    session=session, name=name, address=address, forget_before=now - FAILURE_WINDOW
                )
                refused = LoginRefusedError(Message(N_("wrong name or password")))
            else:
                fresh = repo.account_by_id(session=session, account_id=int(account.id or 0))
                if fresh is None or fresh.disabled:  # removed or disabled meanwhile
                    raise LoginRefusedError(Message(N_("wrong name or password")))
                if self.hasher.check_needs_rehash(stored):
                    fresh.password_hash = self.hasher.hash(password)
                fresh.last_login_at = now
                session.add(fresh)
                repo.clear_failures(session=session, name=name, address=address)
                session.flush()
                return _info(fresh)
        raise refused

    def account(self, account_id: int) -> AccountInfo | None:
        """The enabled account with this id (a session's), else ``None``: a session of an
        account since disabled or removed is no session."""
        from openwhist.ledger import accounts as repo

        with self.ledger.unit_of_work() as session:
            account = repo.account_by_id(session=session, account_id=account_id)
            return None if account is None or account.disabled else _info(account)

    # -- club sessions ---------------------------------------------------------------------

    def open_session(self, account: AccountInfo) -> str:
        """A new session of ``account`` (just logged in by `log_in`): its random token, for
        the signed cookie. Only the token's SHA-256 is kept; sessions expired by
        `SESSION_AGE` are forgotten on the way."""
        from openwhist.ledger import accounts as repo
        from openwhist.ledger.models import utcnow

        token = secrets.token_urlsafe(32)
        with self.ledger.unit_of_work() as session:
            repo.add_club_session(
                session=session,
                token_hash=_token_hash(token),
                account_id=account.id,
                forget_before=utcnow() - SESSION_AGE,
            )
        return token

    def session_account(self, token: str) -> AccountInfo | None:
        """The enabled account whose session ``token`` is, else ``None``: a token logged
        out, of a disabled account, never opened, or not seen within `SESSION_AGE` is no
        session. A session still open is marked seen (at most every `SEEN_STEP`)."""
        from openwhist.ledger import accounts as repo
        from openwhist.ledger.models import utcnow
        from openwhist.ledger.sheet import as_utc

        if not token or len(token) > 200:
            return None
        now = utcnow()
        with self.ledger.unit_of_work() as session:
            found = repo.club_session(session=session, token_hash=_token_hash(token))
            if found is None:
                return None
            seen = as_utc(found.seen_at)
            if seen is not None and now - seen > SESSION_AGE:
                return None
            account = repo.account_by_id(session=session, account_id=found.account_id)
            if account is None or account.disabled:
                return None
            if seen is None or now - seen > SEEN_STEP:
                found.seen_at = now
                session.add(found)
                session.flush()
            return _info(account)

    def close_session(self, token: str) -> bool:
        """Log the session ``token`` out for good (its cookie, or any copy of it, opens
        nothing afterwards); whether there was such a session."""
        from openwhist.ledger import accounts as repo

        if not token or len(token) > 200:
            return False
        with self.ledger.unit_of_work() as session:
            return repo.end_club_sessions(session=session, token_hash=_token_hash(token)) > 0

    def session_secret(self, environ: Mapping[str, str] | None = None) -> str:
        """The secret that signs club sessions: ``$OPENWHIST_SESSION_SECRET`` when set,
        else the one kept in the ledger, generated by the first server to ask -- so every
        process over the ledger, and every restart, signs alike.

        Raises:
            AccountError: ``OPENWHIST_SESSION_SECRET`` shorter than `MIN_SECRET`.
        """
        from openwhist.ledger import accounts as repo

        env = os.environ if environ is None else environ
        given = env.get(SESSION_SECRET_ENV, "")
        if given:
            if len(given) < MIN_SECRET:
                raise AccountError(
                    Message(
                        N_("{variable} must be at least {least} characters long"),
                        {"variable": SESSION_SECRET_ENV, "least": MIN_SECRET},
                    )
                )
            return given
        with self.ledger.unit_of_work() as session:
            kept = repo.setting(session=session, name=SESSION_SECRET_SETTING)
            if kept is not None:
                return kept
        try:
            with self.ledger.unit_of_work() as session:
                kept = repo.setting(session=session, name=SESSION_SECRET_SETTING)
                if kept is None:
                    kept = secrets.token_urlsafe(48)
                    repo.add_setting(session=session, name=SESSION_SECRET_SETTING, value=kept)
                return kept
        except LedgerConflictError:  # another process kept its secret first: use that one
            with self.ledger.unit_of_work() as session:
                kept = repo.setting(session=session, name=SESSION_SECRET_SETTING)
                assert kept is not None
                return kept

    # -- one change per form -------------------------------------------------------------

    def once(
        self,
        key: str,
        action: str,
        account_id: int | None,
        change: Callable[[Session], Mapping[str, Any]],
    ) -> tuple[dict[str, Any], bool]:
        """Run ``change`` in one unit of work with the record that form token ``key`` made
        it: ``(its result, False)``. When ``key`` made a change already -- the form sent
        twice, or by two processes at once -- nothing runs: ``(that change's result,
        True)``. ``change`` returns what a repeat should find (JSON).
        """
        from openwhist.ledger import accounts as repo

        try:
            with self.ledger.unit_of_work() as session:
                done = repo.submission(session=session, key=key)
                if done is not None:
                    return dict(done.result), True
                result = dict(change(session))
                repo.add_submission(
                    session=session, key=key, action=action, account_id=account_id, result=result
                )
                return result, False
        except LedgerConflictError:
            # Two sends of one form at once (PostgreSQL): the other one's insert won.
            with self.ledger.unit_of_work() as session:
                done = repo.submission(session=session, key=key)
            if done is None:
                raise
            return dict(done.result), True


__all__ = [
    "ADDRESS_LIMIT",
    "FAILURE_WINDOW",
    "MAX_PASSWORD",
    "MIN_PASSWORD",
    "PAIR_LIMIT",
    "SEEN_STEP",
    "SESSION_AGE",
    "SESSION_SECRET_ENV",
    "AccountError",
    "AccountInfo",
    "Accounts",
    "LoginLimitedError",
    "LoginRefusedError",
    "check_name",
    "check_password",
]
