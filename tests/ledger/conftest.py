"""Fixtures of the ledger suite: a fresh ledger URL per test, on every backend.

Every test that takes ``ledger_url`` runs on SQLite (a file in ``tmp_path``) and, when
``OPENWHIST_TEST_PG_URL`` names a PostgreSQL server (``.ci/pg-test-server.sh`` sets it), on
a fresh PostgreSQL database created for the test and dropped after it. Without the
variable the PostgreSQL case is skipped with that reason, so a plain ``pytest`` needs no
server -- except under CI (the ``CI`` environment variable set, as ``bash .ci/run`` runs),
where a missing server fails the case: a CI run that never reached PostgreSQL must not
look green.
"""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from openwhist.game.engine import Engine
from openwhist.game.scoring import DealScore, MatchProgress
from openwhist.game.state import TERMINAL
from openwhist.plugins import Catalog, load_catalog

PG_ENV = "OPENWHIST_TEST_PG_URL"


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


@pytest.fixture(
    params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)],
)
def ledger_url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    """A URL of an empty, not yet created ledger."""
    if request.param == "sqlite":
        yield str(tmp_path / "ledger.sqlite3")
        return
    base = os.environ.get(PG_ENV)
    if not base:
        if os.environ.get("CI"):
            pytest.fail(
                f"CI is set but {PG_ENV} is not: the PostgreSQL ledger cases cannot run. "
                "Run the tests inside bash .ci/pg-test-server.sh (as .ci/run does) or unset CI."
            )
        pytest.skip(f"PostgreSQL ledger tests need {PG_ENV} (bash .ci/pg-test-server.sh ...)")
    import psycopg

    name = f"ow_{uuid.uuid4().hex[:12]}"
    admin = _libpq(base)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    prefix, _, _db = base.rpartition("/")
    try:
        yield f"{prefix}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    """The installed variants (German Whist at least)."""
    cat = load_catalog()
    assert "german" in cat.variants, "the German Whist plugin must be installed"
    return cat


PlayDeal = Callable[..., tuple[DealScore, MatchProgress]]


@pytest.fixture
def play_deal() -> PlayDeal:
    """Play the current deal of a match with random legal actions, logging every action.

    ``play_deal(ledger, match_id, rng)`` resumes the match, plays its current deal to the
    end (recording each action) and completes it; returns ``(score, progress)``.
    """

    def play(ledger: Any, match_id: int, rng: random.Random) -> tuple[DealScore, MatchProgress]:
        resumed = ledger.resume(match_id)
        engine: Engine = resumed.engine
        state = resumed.state
        assert state is not None, "the match is over"
        while state.to_act != TERMINAL:
            legal = engine.legal_actions(state)
            action = engine.sample_chance(state, rng) if not legal else rng.choice(legal)
            state = engine.apply(state, action)
            ledger.record_action(match_id, len(state.history), action.notation())
        score = engine.score(state)
        progress = engine.advance_match(resumed.point.progress, score)
        ledger.complete_deal(match_id, score, progress)
        return score, progress

    return play
