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

import threading
from typing import Any, cast

from sqlalchemy import Connection, Engine, RootTransaction
from sqlalchemy.orm import Session


class CoreSessions:
    """What makes each unit of work's session on `engine` (a SQLite one): a `CoreSession`,
    which the repositories use as the `Session` it stands for.

    Each thread's Core connection is kept between its units of work (issue 34): checking one
    out of the pool and closing it again cost each transaction 25-65 µs, two a bet and two a
    payout. A kept connection is idle between them, in no transaction (SQLite's autocommit:
    it holds no lock and no snapshot), as the pool's own idle connections are; one found
    closed or invalidated is replaced, one of a thread that ended is closed, and `close`
    closes them all before the engine is disposed of.
    """

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._kept: dict[threading.Thread, Connection] = {}
        self._lock = threading.Lock()
        self._closed = False  # a unit of work that ends after `close` closes its own

    def __call__(self) -> Session:
        return cast(Session, CoreSession(self._engine, self))

    def take(self) -> Connection:
        """This thread's kept connection, or a new one (a unit of work inside another one
        gets its own)."""
        with self._lock:
            connection = self._kept.pop(threading.current_thread(), None)
            # A thread's first: the connections of threads that ended are closed.
            ended = (
                []
                if connection is not None
                else [self._kept.pop(t) for t in list(self._kept) if not t.is_alive()]
            )
        for unused in ended:
            unused.close()
        if connection is not None:
            if not (connection.closed or connection.invalidated):
                return connection
            connection.close()
        return self._engine.connect()

    def give_back(self, connection: Connection) -> None:
        """Keep `connection`, out of its transaction, for this thread's next unit of work;
        close it when the thread keeps one already or it cannot be used again."""
        thread = threading.current_thread()
        with self._lock:
            usable = not (connection.closed or connection.invalidated)
            keep = (
                usable
                and not self._closed
                and not connection.in_transaction()
                and thread not in self._kept
            )
            if keep:
                self._kept[thread] = connection
        if not keep:
            connection.close()

    def close(self) -> None:
        """Close every kept connection (the storage is closing)."""
        with self._lock:
            kept, self._kept = list(self._kept.values()), {}
            self._closed = True
        for connection in kept:
            connection.close()


class CoreSession:
    """The `Session` a unit of work hands its repositories on SQLite (see the module)."""

    def __init__(self, engine: Engine, connections: CoreSessions) -> None:
        self._engine = engine
        self._connections = connections
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
            connection = self._connection = self._connections.take()
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
        self.info.clear()  # what the repositories noted of this transaction (versions read)
        if transaction is not None:
            transaction.commit()

    def rollback(self) -> None:
        """Undo everything not committed; the ORM session forgets its objects."""
        orm, self._orm = self._orm, None
        if orm is not None:
            orm.close()
        transaction = self.get_transaction()
        self._transaction = None
        self.info.clear()
        if transaction is not None:
            transaction.rollback()

    def close(self) -> None:
        """Roll back what was not committed and give the connection back (CoreSessions)."""
        try:
            self.rollback()
        finally:
            connection, self._connection = self._connection, None
            if connection is not None:
                self._connections.give_back(connection)

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
