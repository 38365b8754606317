"""Alembic environment: migrates the connection that `db.alembic_run` hands over.

There is no alembic.ini and no URL here: the program migrates on start (`db.migrate`), on a
connection with foreign keys OFF and inside its own transaction. Batch mode lets the same
migration scripts alter tables on SQLite, which has almost no ALTER TABLE.
"""

from __future__ import annotations

from alembic import context

import db.games.poker  # noqa: F401 - its table in Base.metadata too (issue 36)
from db.tables import Base


def run_migrations() -> None:
    """Run the scripts on the connection from `config.attributes["connection"]`."""
    connection = context.config.attributes.get("connection")
    if context.is_offline_mode() or connection is None:
        raise RuntimeError("migrations run from the program (db.migrate), on a live connection")
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
