"""Alembic migrations of the shop database; `db.migrate` runs them on start."""
