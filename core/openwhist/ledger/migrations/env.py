"""Alembic environment of the ledger (run by `openwhist.ledger.db`, never by hand in use).

The connection normally comes from ``config.attributes["connection"]``: `open_engine` and
`upgrade` open a transaction holding the write lock (SQLite ``BEGIN IMMEDIATE``, a
PostgreSQL advisory lock) and run every migration inside it, so two processes opening a
new ledger at once cannot both create it. Without one (a developer running ``alembic``
against ``sqlalchemy.url``), the engine comes from `openwhist.ledger.db.make_engine`, so the
SQLite pragmas apply to migrations too.

``target_metadata`` is ``SQLModel.metadata`` with every table module imported, so
autogenerate and the drift check see the whole schema; SQLite gets batch mode
(``render_as_batch``) because it cannot ALTER most things (notes/ecosystem.md §3).
"""

from __future__ import annotations

import openwhist.ledger.models  # noqa: F401  (registers every table on SQLModel.metadata)
from alembic import context
from openwhist.ledger.db import make_engine, resolve_url
from sqlmodel import SQLModel

config = context.config
target_metadata = SQLModel.metadata


def run_migrations_offline() -> None:
    """Emit SQL for ``alembic upgrade --sql`` (no database connection)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations on the shared connection, or on a fresh engine of our own."""
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = make_engine(resolve_url(config.get_main_option("sqlalchemy.url")))
    try:
        with engine.begin() as conn:
            context.configure(
                connection=conn,
                target_metadata=target_metadata,
                render_as_batch=conn.dialect.name == "sqlite",
            )
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
