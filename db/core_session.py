"""A unit of work's transaction on one Core connection, the ORM session made only when used.

Issue 34: on SQLite a bet and a payout are two transactions each, and SQLAlchemy's `Session`
(its transaction states, the connection it checks out through them, its close) cost each one
about 130 µs of CPU before any statement: more than the statements a bet sends on the
driver's cursor (db.statements). Their repositories want the session only for its connection,
its `flush` and its `info`; the rest of the ORM (`get`, `add`, `scalars`, `execute`…) is
passed to a real `Session` made at the first such call, joined to the same connection and
transaction, so every repository works unchanged. One transaction per `with`, BEGIN
IMMEDIATE (the engine's "begin" hook), rolled back unless committed, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from sqlalchemy import Connection, Engine, RootTransaction
from sqlalchemy.orm import Session


def core_sessions(engine: Engine) -> Callable[[], Session]:
    """What makes each unit of work's session on `engine` (a SQLite one): a `CoreSession`,
    which the repositories use as the `Session` it stands for."""
    return lambda: cast(Session, CoreSession(engine))


class CoreSession:
    """The `Session` a unit of work hands its repositories on SQLite (see the module)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._connection: Connection | None = None
        self._transaction: RootTransaction | None = None
        self._orm: Session | None = None
        self.info: dict[str, Any] = {}

    def get_bind(self, *_args: object, **_kwargs: object) -> Engine:
        """The engine (its dialect tells the repositories which database this is)."""
        return self._engine

    def connection(self, *_args: object, **_kwargs: object) -> Connection:
        """The connection, in a transaction begun (BEGIN IMMEDIATE) at the first call."""
        transaction = self._transaction
        if transaction is not None and transaction.is_active:
            assert self._connection is not None
            return self._connection
        connection = self._connection
        if connection is None or connection.closed:
            connection = self._connection = self._engine.connect()
        self._transaction = connection.begin()
        return connection

    def get_transaction(self) -> RootTransaction | None:
        """The transaction open on the connection (db.statements.connection_of keeps the
        connection for it), if any."""
        transaction = self._transaction
        return transaction if transaction is not None and transaction.is_active else None

    def flush(self) -> None:
        """Write what the ORM session holds, if one was made."""
        if self._orm is not None:
            self._orm.flush()

    def commit(self) -> None:
        """Write what the ORM session holds and commit the transaction; the ORM session's
        objects are let go (a later read in this unit of work reads them anew)."""
        self.flush()
        orm, self._orm = self._orm, None
        if orm is not None:
            orm.close()
        transaction = self.get_transaction()
        self._transaction = None
        if transaction is not None:
            transaction.commit()

    def rollback(self) -> None:
        """Undo everything not committed; the ORM session forgets its objects."""
        orm, self._orm = self._orm, None
        if orm is not None:
            orm.close()
        transaction = self.get_transaction()
        self._transaction = None
        if transaction is not None:
            transaction.rollback()

    def close(self) -> None:
        """Roll back what was not committed and give the connection back to the pool."""
        try:
            self.rollback()
        finally:
            connection, self._connection = self._connection, None
            if connection is not None:
                connection.close()

    def __getattr__(self, name: str) -> Any:
        # Everything else is the ORM's: a Session on this connection, in its transaction,
        # which it never commits or rolls back itself (the unit of work does).
        return getattr(self._session(), name)

    def _session(self) -> Session:
        if self._orm is None:
            self._orm = Session(
                bind=self.connection(),
                expire_on_commit=False,
                join_transaction_mode="rollback_only",
            )
        return self._orm
