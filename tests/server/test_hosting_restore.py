"""Restoring hosted tables after a stop between two writes (the hosting service alone).

A match's last deal is scored in one transaction and the table is marked closed in the
next; a server stopped between the two must still start, and show the table as over
with its final standing -- not fail to start because the match cannot be resumed.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from openwhist.plugins import Catalog
from openwhist.services.hosting import Hosting
from openwhist.services.ledger import Ledger


def test_a_table_whose_match_ended_before_it_was_closed_restores_as_closed(
    catalog: Catalog, tmp_path: Path
) -> None:
    db = str(tmp_path / "tables.sqlite3")
    ledger = Ledger(db, catalog=catalog)
    hosting = Hosting(catalog, ledger)
    created = hosting.create_table("german", ["human:Ann", "bot:random"], seed=9)
    hosting.start(hosting.identify(created.table_id, created.host_token))
    ann = hosting.identify(created.table_id, created.seat_tokens[0])
    while hosting.status(created.table_id) == "playing":
        hosting.act(ann, hosting.view(ann)["deal"]["legal"][0])
    final = hosting.view(ann)["progress"]
    assert final["finished"] is True
    ledger.close()
    # The stop came after the deal was scored, before the table was marked closed.
    engine = sa.create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE hosted_tables SET status = 'playing'"))
    engine.dispose()

    again = Hosting(catalog, Ledger(db, catalog=catalog))
    loaded, failed = again.restore()
    assert (loaded, failed) == ([created.table_id], {})
    assert again.status(created.table_id) == "closed"
    view = again.view(again.identify(created.table_id, created.seat_tokens[0]))
    assert view["progress"] == final
    assert view["last_deal"] is not None
    again.ledger.close()
