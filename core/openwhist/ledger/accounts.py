"""Club accounts in the ledger: the repository functions of ``accounts``,
``login_failures``, ``club_settings`` and ``form_submissions`` (migration 0008) and
``club_sessions`` (migration 0009); the models are in `openwhist.ledger.models`.

Every function takes the caller's ``session`` and never commits: the accounts service
(`openwhist.services.accounts`) makes each operation one unit of work. Nothing here sees a
password: only its hash, made and checked by the service.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from openwhist.game.messages import N_, Message
from openwhist.ledger.errors import LedgerConflictError, LedgerNotFoundError
from openwhist.ledger.models import (
    Account,
    ClubSession,
    ClubSetting,
    FormSubmission,
    LoginFailure,
    utcnow,
)


def get_account(*, session: Session, name: str) -> Account | None:
    """The account called ``name`` (exactly, after trimming), or ``None``."""
    return session.exec(select(Account).where(Account.name == name.strip())).first()


def account_by_id(*, session: Session, account_id: int) -> Account | None:
    """The account with this id, or ``None`` (a session naming an account since removed)."""
    return session.get(Account, account_id)


def require_account(*, session: Session, name: str) -> Account:
    """The account called ``name``.

    Raises:
        LedgerNotFoundError: there is none.
    """
    account = get_account(session=session, name=name)
    if account is None:
        raise LedgerNotFoundError(
            Message(N_("there is no account '{name}' in this ledger"), {"name": name.strip()})
        )
    return account


def create_account(*, session: Session, name: str, password_hash: str) -> Account:
    """A new, enabled account.

    Raises:
        LedgerConflictError: an account of that name exists.
    """
    if get_account(session=session, name=name) is not None:
        raise LedgerConflictError(
            Message(N_("there is already an account '{name}'"), {"name": name.strip()})
        )
    account = Account(name=name.strip(), password_hash=password_hash)
    session.add(account)
    session.flush()
    return account


def list_accounts(*, session: Session) -> list[Account]:
    """Every account, by name."""
    return list(session.exec(select(Account).order_by(col(Account.name))).all())


def count_failures(
    *, session: Session, name: str, address: str, since: datetime
) -> tuple[int, int]:
    """Refused logins since ``since``: ``(for this name from this address, from this
    address for any name)``."""
    recent = col(LoginFailure.at) >= since
    from_here = col(LoginFailure.address) == address
    pair = session.exec(
        select(sa.func.count())
        .select_from(LoginFailure)
        .where(recent, from_here, col(LoginFailure.name) == name.strip())
    ).one()
    anywhere = session.exec(
        select(sa.func.count()).select_from(LoginFailure).where(recent, from_here)
    ).one()
    return int(pair), int(anywhere)


def add_failure(*, session: Session, name: str, address: str, forget_before: datetime) -> None:
    """Count a refused login, and forget those before ``forget_before`` (out of every
    window), so the table holds at most a window's failures."""
    session.connection().execute(
        sa.delete(LoginFailure).where(col(LoginFailure.at) < forget_before)
    )
    session.add(LoginFailure(name=name.strip()[:100], address=address[:64], at=utcnow()))
    session.flush()


def clear_failures(*, session: Session, name: str, address: str) -> None:
    """Forget the refused logins of ``name`` from ``address`` (it has just logged in)."""
    session.connection().execute(
        sa.delete(LoginFailure).where(
            col(LoginFailure.name) == name.strip(), col(LoginFailure.address) == address
        )
    )


def add_club_session(
    *, session: Session, token_hash: str, account_id: int, forget_before: datetime
) -> None:
    """Keep a new club session of ``account_id``, and forget every session not seen since
    ``forget_before`` (expired: their cookies have expired too)."""
    session.connection().execute(
        sa.delete(ClubSession).where(col(ClubSession.seen_at) < forget_before)
    )
    now = utcnow()
    session.add(
        ClubSession(token_hash=token_hash, account_id=account_id, created_at=now, seen_at=now)
    )
    session.flush()


def club_session(*, session: Session, token_hash: str) -> ClubSession | None:
    """The club session of this token's hash, or ``None`` (logged out, or never was)."""
    return session.get(ClubSession, token_hash)


def end_club_sessions(
    *, session: Session, token_hash: str | None = None, account_id: int | None = None
) -> int:
    """Delete the session of ``token_hash``, or every session of ``account_id``; how many
    were deleted."""
    where = (
        col(ClubSession.token_hash) == token_hash
        if token_hash is not None
        else col(ClubSession.account_id) == account_id
    )
    result = session.connection().execute(sa.delete(ClubSession).where(where))
    return int(result.rowcount or 0)


def setting(*, session: Session, name: str) -> str | None:
    """The club setting ``name``, or ``None``."""
    row = session.get(ClubSetting, name)
    return None if row is None else row.value


def add_setting(*, session: Session, name: str, value: str) -> None:
    """Keep a new club setting (a second writer of the same name fails at commit with
    `LedgerConflictError`: the caller reads the first one's value then)."""
    session.add(ClubSetting(name=name, value=value))
    session.flush()


def submission(*, session: Session, key: str) -> FormSubmission | None:
    """The change already made with the form token ``key``, or ``None``."""
    return session.get(FormSubmission, key)


def add_submission(
    *,
    session: Session,
    key: str,
    action: str,
    account_id: int | None,
    result: Mapping[str, Any],
) -> None:
    """Keep that the form with token ``key`` made its change, and what it returned."""
    session.add(FormSubmission(key=key, action=action, account_id=account_id, result=dict(result)))
    session.flush()


__all__ = [
    "account_by_id",
    "add_club_session",
    "add_failure",
    "add_setting",
    "add_submission",
    "clear_failures",
    "club_session",
    "count_failures",
    "create_account",
    "end_club_sessions",
    "get_account",
    "list_accounts",
    "require_account",
    "setting",
    "submission",
]
