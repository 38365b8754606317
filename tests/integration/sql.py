"""Raw SQL on a shop's own database, for tests that look under (or tamper with) the storage."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import event, text

from db.bootstrap import SqlStorage
from pos.shop.services import Shop


def sql(shop: Shop, statement: str) -> list[tuple[object, ...]]:
    """Run `statement` in a transaction of its own on the shop's database; its rows, if any."""
    storage = shop.storage
    assert isinstance(storage, SqlStorage)
    with storage.engine.begin() as connection:
        result = connection.execute(text(statement))
        return [tuple(row) for row in result] if result.returns_rows else []


def sent_during(storage: SqlStorage, work: Callable[[], object]) -> list[str]:
    """The statements the storage's engine sent while `work` ran, each on one line."""
    heard: list[str] = []

    def hear(*args: Any) -> None:
        heard.append(" ".join(args[2].split()))

    event.listen(storage.engine, "before_cursor_execute", hear)
    try:
        work()
    finally:
        event.remove(storage.engine, "before_cursor_execute", hear)
    return heard


def on_sqlite(storage: SqlStorage) -> bool:
    """Whether the storage is a SQLite file (else a PostgreSQL server)."""
    return storage.engine.url.drivername.startswith("sqlite")
