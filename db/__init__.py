"""Storage adapter: SQLAlchemy 2 over SQLite or PostgreSQL, with Alembic migrations."""
