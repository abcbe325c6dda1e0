"""Club accounts and sessions in the ledger (migrations 0008 and 0009,
`openwhist.services.accounts`), on SQLite
and PostgreSQL: what a secretary and a guesser at the login page would notice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from argon2 import PasswordHasher
from openwhist.ledger import LedgerConflictError, LedgerNotFoundError
from openwhist.ledger.models import utcnow
from openwhist.services.accounts import (
    ADDRESS_LIMIT,
    PAIR_LIMIT,
    SESSION_AGE,
    AccountError,
    Accounts,
    LoginLimitedError,
    LoginRefusedError,
)
from openwhist.services.ledger import Ledger

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""A fast hasher for the tests (the service's default is argon2-cffi's)."""


@pytest.fixture
def accounts(ledger_url: str) -> Iterator[Accounts]:
    with Ledger(ledger_url) as ledger:
        yield Accounts(ledger, hasher=CHEAP)


def test_the_password_is_never_stored_and_logs_in(accounts: Accounts) -> None:
    accounts.add("Sec", "correct horse")
    with accounts.ledger.unit_of_work() as session:
        stored = session.connection().execute(sa.text("SELECT * FROM accounts")).mappings().all()
    assert len(stored) == 1
    assert "correct horse" not in repr(dict(stored[0]))
    assert str(stored[0]["password_hash"]).startswith("$argon2id$")
    who = accounts.log_in("Sec", "correct horse", "10.0.0.1")
    assert who.name == "Sec"
    assert who.last_login_at is not None


def test_wrong_password_unknown_name_and_disabled_get_one_answer(accounts: Accounts) -> None:
    accounts.add("Sec", "correct horse")
    answers = []
    for name, password in [("Sec", "wrong horse"), ("Nobody", "correct horse")]:
        with pytest.raises(LoginRefusedError) as refused:
            accounts.log_in(name, password, "10.0.0.1")
        answers.append(str(refused.value))
    accounts.set_disabled("Sec", True)
    with pytest.raises(LoginRefusedError) as refused:
        accounts.log_in("Sec", "correct horse", "10.0.0.2")
    answers.append(str(refused.value))
    assert set(answers) == {"wrong name or password"}
    assert accounts.account(accounts.get("Sec").id) is None  # its sessions end too
    accounts.set_disabled("Sec", False)
    assert accounts.log_in("Sec", "correct horse", "10.0.0.2").name == "Sec"


def test_a_session_lasts_until_logged_out_and_only_its_hash_is_kept(accounts: Accounts) -> None:
    accounts.add("Sec", "correct horse")
    who = accounts.log_in("Sec", "correct horse", "10.0.0.1")
    phone = accounts.open_session(who)
    laptop = accounts.open_session(who)
    assert phone != laptop
    assert accounts.session_account(phone) == accounts.session_account(laptop)
    assert accounts.session_account(phone) is not None
    with accounts.ledger.unit_of_work() as session:
        kept = session.connection().execute(sa.text("SELECT * FROM club_sessions")).all()
    assert len(kept) == 2
    # A copy of the ledger holds nobody's session: only the tokens' hashes are kept.
    assert phone not in repr(kept)
    assert laptop not in repr(kept)
    assert accounts.close_session(phone) is True
    assert accounts.session_account(phone) is None  # for good: the token opens nothing
    assert accounts.close_session(phone) is False
    assert accounts.session_account(laptop) is not None  # the other session stays
    assert accounts.session_account("made-up") is None
    assert accounts.session_account("") is None


def test_a_new_password_or_disabling_ends_every_session(accounts: Accounts) -> None:
    accounts.add("Sec", "correct horse")
    who = accounts.log_in("Sec", "correct horse", "10.0.0.1")
    old = accounts.open_session(who)
    accounts.set_password("Sec", "battery staple")
    assert accounts.session_account(old) is None
    again = accounts.open_session(accounts.log_in("Sec", "battery staple", "10.0.0.1"))
    assert accounts.session_account(again) is not None
    accounts.set_disabled("Sec", True)
    assert accounts.session_account(again) is None
    accounts.set_disabled("Sec", False)
    assert accounts.session_account(again) is None  # enabling again does not revive it


def test_a_session_not_seen_for_a_session_age_has_expired(accounts: Accounts) -> None:
    accounts.add("Sec", "correct horse")
    who = accounts.log_in("Sec", "correct horse", "10.0.0.1")
    stale = accounts.open_session(who)
    fresh = accounts.open_session(who)
    long_ago = sa.text("UPDATE club_sessions SET seen_at = :t")
    with accounts.ledger.unit_of_work() as session:
        session.connection().execute(long_ago, {"t": utcnow() - SESSION_AGE * 2})
    assert accounts.session_account(stale) is None
    assert accounts.session_account(fresh) is None
    # The next login forgets the expired rows.
    accounts.open_session(who)
    with accounts.ledger.unit_of_work() as session:
        rows = session.connection().execute(sa.text("SELECT COUNT(*) FROM club_sessions"))
        assert rows.scalar_one() == 1


def test_a_guesser_is_stopped_and_the_secretary_elsewhere_is_not(accounts: Accounts) -> None:
    accounts.add("Sec", "correct horse")
    for _ in range(PAIR_LIMIT):
        with pytest.raises(LoginRefusedError):
            accounts.log_in("Sec", "guess", "10.0.0.66")
    # Even the right password is refused from there now, unchecked.
    with pytest.raises(LoginLimitedError):
        accounts.log_in("Sec", "correct horse", "10.0.0.66")
    assert accounts.log_in("Sec", "correct horse", "10.0.0.1").name == "Sec"
    # Guessing many names from one address stops that address for every name.
    for i in range(ADDRESS_LIMIT):
        with pytest.raises((LoginRefusedError, LoginLimitedError)):
            accounts.log_in(f"name{i}", "guess", "10.0.0.77")
    with pytest.raises(LoginLimitedError):
        accounts.log_in("Sec", "correct horse", "10.0.0.77")


def test_names_and_passwords_refused(accounts: Accounts) -> None:
    with pytest.raises(AccountError, match="at least 8"):
        accounts.add("Sec", "short")
    with pytest.raises(AccountError, match="needs a name"):
        accounts.add("  ", "long enough")
    accounts.add("Sec", "long enough")
    with pytest.raises(LedgerConflictError, match="already an account 'Sec'"):
        accounts.add(" Sec ", "long enough too")
    with pytest.raises(LedgerNotFoundError):
        accounts.set_password("Nobody", "long enough")


def test_a_weak_hash_is_replaced_at_the_next_login(accounts: Accounts) -> None:
    accounts.add("Sec", "correct horse")
    strong = Accounts(accounts.ledger)  # argon2-cffi's default parameters
    strong.log_in("Sec", "correct horse", "10.0.0.1")
    with accounts.ledger.unit_of_work() as session:
        digest = session.connection().execute(sa.text("SELECT password_hash FROM accounts"))
        stored = str(digest.scalar_one())
    assert not strong.hasher.check_needs_rehash(stored)
    assert strong.log_in("Sec", "correct horse", "10.0.0.1").name == "Sec"


def test_every_process_signs_sessions_with_one_kept_secret(ledger_url: str) -> None:
    with Ledger(ledger_url) as one, Ledger(ledger_url) as other:
        first = Accounts(one).session_secret(environ={})
        second = Accounts(other).session_secret(environ={})
        assert first == second
        assert len(first) >= 32
        given = {"OPENWHIST_SESSION_SECRET": "x" * 40}
        assert Accounts(one).session_secret(environ=given) == "x" * 40
        with pytest.raises(AccountError, match="at least 32"):
            Accounts(one).session_secret(environ={"OPENWHIST_SESSION_SECRET": "short"})


def test_a_form_sent_twice_changes_the_ledger_once(accounts: Accounts) -> None:
    ledger = accounts.ledger
    runs = []

    def start(session: object) -> dict[str, int]:
        runs.append(1)
        match = ledger.start_match("german", ["Ann", "Bob"], unit=session)  # type: ignore[arg-type]
        return {"match": match}

    first = accounts.once("token-1", "start", None, start)
    again = accounts.once("token-1", "start", None, start)
    assert first == ({"match": first[0]["match"]}, False)
    assert again == (first[0], True)
    assert len(runs) == 1
    assert len(ledger.list_matches()) == 1


def test_a_form_sent_twice_at_once_changes_the_ledger_once(ledger_url: str) -> None:
    """Two server processes given the same form at the same moment: one change, and both
    answer with it."""
    import threading

    with Ledger(ledger_url) as first, Ledger(ledger_url) as second:
        first.start_match("german", ["Ann", "Bob"])  # the schema exists before the race
        gate = threading.Barrier(2)
        # PostgreSQL: both are inside their unit of work when they write (SQLite's writer
        # lock would make the second wait for the first, so there they only start together).
        inside = ledger_url.startswith("postgresql")
        answers: list[tuple[dict[str, object], bool]] = []

        def send(ledger: Ledger) -> None:
            def start(session: object) -> dict[str, int]:
                if inside:
                    gate.wait(timeout=20)
                match = ledger.start_match("german", ["Cy", "Di"], unit=session)  # type: ignore[arg-type]
                return {"match": match}

            if not inside:
                gate.wait(timeout=20)
            answers.append(Accounts(ledger, hasher=CHEAP).once("same", "start", None, start))

        threads = [threading.Thread(target=send, args=(ledger,)) for ledger in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert len(answers) == 2
        assert answers[0][0] == answers[1][0]
        assert sorted(repeated for _, repeated in answers) == [False, True]
        assert len(first.list_matches()) == 2
