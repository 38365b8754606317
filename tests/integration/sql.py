"""Raw SQL on a shop's own database, for tests that look under (or tamper with) the storage."""

from __future__ import annotations

from sqlalchemy import text

from db.bootstrap import SqlStorage
from pos.shop.services import Shop


def sql(shop: Shop, statement: str) -> list[tuple[object, ...]]:
    """Run `statement` in a transaction of its own on the shop's database; its rows, if any."""
    storage = shop.storage
    assert isinstance(storage, SqlStorage)
    with storage.engine.begin() as connection:
        result = connection.execute(text(statement))
        return [tuple(row) for row in result] if result.returns_rows else []
