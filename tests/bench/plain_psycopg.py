"""The writes of the app's calls, recorded on PostgreSQL and replayed with plain psycopg.

The reference of `chain_accept_throughput` (tests.bench.chain), as tests.bench.plain_sqlite3
is for SQLite: nothing here lists what a bet writes. `record` listens on the app's engine
(`before_cursor_execute`, `commit`, `rollback`) while one call runs and keeps each
transaction that committed with its writes: every INSERT, UPDATE (a guarded one too, which
db.pipeline sends as `WITH done AS (UPDATE …) SELECT 1 / count(*)`) and DELETE, and every
`SELECT … FOR UPDATE` (a row lock the app takes: the slip counter's "issuing" lock, the
shift, the register), in order, with the parameters SQLAlchemy bound. The plain reads that
decided the writes are left out.

A `Replayer` sends those transactions again on its own psycopg connection (autocommit off,
so psycopg sends BEGIN before the first statement and COMMIT at the end, each its own round
trip; the app sends its BEGIN with its first statements, db.wire), with fresh values where a
new row must differ from the recorded one: a new slip number and request key, the slip id
and the audit sequence that its own RETURNING gave, a new audit hash, and the register's
receipt numbers moved on by the bets replayed, so that the register's guarded UPDATE
(`last_receipt_no = was`) still matches its row. Every replayed UPDATE must touch one row,
as the app's do. The counter rows (`slip_serial`, each office's `audit:<office>`) are locked
and updated as the app does, so any queueing on them is in the reference too, but only for
as long as the writes take.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from sqlalchemy import Engine, event

from db import pipeline

# A write: also a guarded UPDATE (db.pipeline: WITH done AS (UPDATE …) SELECT 1 / count(*)).
_WRITES = re.compile(
    r"\s*(INSERT|UPDATE|DELETE|WITH\s+done\s+AS\s*\(\s*UPDATE)\b|.*\bFOR UPDATE\s*$", re.I | re.S
)
_SLIP_ID = re.compile(r"slip_id(__\d+)?$")


@dataclass(frozen=True)
class Write:
    """One write the app sent, with its parameters (a list of them: one per row)."""

    sql: str
    parameters: dict[str, Any] | list[dict[str, Any]]


Bet = tuple[tuple[Write, ...], ...]  # the transactions of one bet, each its writes in order


def record(engine: Engine, call: Callable[[], object]) -> Bet:
    """The writes `call` committed through `engine`, transaction by transaction.

    Taken at the driver (psycopg's cursors) and where db.pipeline hands its batches to libpq
    (db.wire.exchange), so the statements sent past SQLAlchemy are in it too, with their
    parameters as they went out; a batch sent with its COMMIT ends a transaction as the
    engine's commit does.
    """
    recorder = _Recorder()
    hooks = (("commit", recorder.commit), ("rollback", recorder.rollback))
    for name, hook in hooks:
        event.listen(engine, name, hook)
    execute, executemany = psycopg.Cursor.execute, psycopg.Cursor.executemany
    exchange = pipeline.exchange
    psycopg.Cursor.execute = recorder.executing(execute)  # type: ignore[method-assign]
    psycopg.Cursor.executemany = recorder.executing_many(executemany)  # type: ignore[method-assign]
    pipeline.exchange = recorder.exchanging(exchange)
    try:
        call()
    finally:
        psycopg.Cursor.execute = execute  # type: ignore[method-assign]
        psycopg.Cursor.executemany = executemany  # type: ignore[method-assign]
        pipeline.exchange = exchange
        for name, hook in hooks:
            event.remove(engine, name, hook)
    return tuple(recorder.transactions)


class _Recorder:
    def __init__(self) -> None:
        self.transactions: list[tuple[Write, ...]] = []
        self._current: list[Write] = []

    def commit(self, _connection: object = None) -> None:
        if self._current:
            self.transactions.append(tuple(self._current))
        self._current.clear()

    def rollback(self, _connection: object) -> None:
        self._current.clear()

    def executing(self, execute: Callable[..., Any]) -> Callable[..., Any]:
        def executing(cursor: Any, query: Any, params: Any = None, **kwargs: Any) -> Any:
            sql = str(query)
            if sql == "COMMIT":
                self.commit()
            elif _WRITES.match(sql):
                self._current.append(Write(sql, dict(params or {})))
            return execute(cursor, query, params, **kwargs)

        return executing

    def executing_many(self, executemany: Callable[..., Any]) -> Callable[..., Any]:
        def executing_many(cursor: Any, query: Any, params_seq: Any, **kwargs: Any) -> Any:
            rows = [dict(row) for row in params_seq]
            if _WRITES.match(str(query)):
                self._current.append(Write(str(query), rows))
            return executemany(cursor, query, rows, **kwargs)

        return executing_many

    def exchanging(self, exchange: Callable[..., Any]) -> Callable[..., Any]:
        def exchanging(raw: Any, statements: Any, *, commit: bool = False, **kwargs: Any) -> Any:
            for statement, rows in statements:
                if _WRITES.match(statement.source):
                    values = [dict(row) for row in rows]
                    self._current.append(
                        Write(statement.source, values[0] if len(values) == 1 else values)
                    )
            answer = exchange(raw, statements, commit=commit, **kwargs)
            if commit:
                self.commit()
            return answer

        return exchanging


class Replayer:
    """Replays recorded bets with plain psycopg, with fresh values where rows must differ."""

    def __init__(
        self, conninfo: str, process: int, recorded: Sequence[Bet], *, first: int = 0
    ) -> None:
        """`first`: the serial of its first slip number (a later run on the same database
        starts past the earlier's)."""
        self._connection = psycopg.connect(conninfo, autocommit=False)
        self._process = process
        self._recorded = recorded
        self._first = first
        self._done = 0

    def close(self) -> None:
        self._connection.close()

    def bet(self) -> None:
        """Replay the next recorded bet, all its transactions."""
        recorded = self._recorded[self._done % len(self._recorded)]
        lap = self._done // len(self._recorded) + 1  # receipts move on a lap of bets each
        serial = self._first + self._done
        self._done += 1
        fresh: dict[str, Any] = {
            "number": f"9{self._process:02d}{serial:010d}",
            "request_key": uuid.uuid4().hex,
        }
        connection = self._connection
        with connection.cursor() as cursor:
            for transaction in recorded:
                for write in transaction:
                    moved = lap * len(self._recorded)
                    if isinstance(write.parameters, list):
                        rows = [
                            self._fresh(write.sql, row, fresh, moved) for row in write.parameters
                        ]
                        cursor.executemany(write.sql, rows)
                        continue
                    parameters = self._fresh(write.sql, write.parameters, fresh, moved)
                    cursor.execute(write.sql, parameters)
                    if write.sql.startswith("UPDATE") and cursor.rowcount != 1:
                        raise AssertionError(
                            f"replayed UPDATE touched {cursor.rowcount} rows: {write.sql[:60]}"
                        )
                    if " RETURNING " in write.sql:
                        (returned, *_rest) = cursor.fetchone() or (None,)
                        if write.sql.startswith("INSERT INTO slips "):
                            fresh["slip_id"] = returned
                        elif str(parameters.get("counter", "")).startswith("audit:"):
                            fresh["seq"] = returned
                connection.commit()

    @staticmethod
    def _fresh(
        sql: str, recorded: dict[str, Any], fresh: dict[str, Any], moved: int
    ) -> dict[str, Any]:
        parameters = dict(recorded)
        for key, value in parameters.items():
            if _SLIP_ID.match(key):
                parameters[key] = fresh["slip_id"]
            elif key in ("request_key", "slip_number") or (
                key == "number" and sql.startswith("INSERT INTO slips ")
            ):
                parameters[key] = fresh["request_key" if key == "request_key" else "number"]
            elif key == "seq":
                parameters[key] = fresh["seq"]
            elif key == "hash":
                parameters[key] = hashlib.sha256(
                    f"{fresh['number']}{fresh['seq']}".encode()
                ).hexdigest()
            elif key in ("fiscal_receipt_no", "last_receipt_no", "was") or (
                key == "number" and sql.startswith("INSERT INTO fiscal_receipts ")
            ):
                parameters[key] = value + moved if value is not None else None
        return parameters


def shape(bet: Bet) -> str:
    """What a recorded bet writes, e.g. "[SELECT … FOR UPDATE counters, INSERT slips…] […]"."""
    labels = []
    for transaction in bet:
        words = []
        for write in transaction:
            verb, *rest = write.sql.replace("(", " ").split()
            if verb == "WITH":  # a guarded UPDATE: it fails when it touches no row
                verb, rest = "UPDATE (guarded)", rest[rest.index("UPDATE") + 1 :]
            table = rest[1] if verb in ("INSERT", "DELETE") else rest[0]
            if verb == "SELECT":
                table = rest[rest.index("FROM") + 1]
                verb = "SELECT … FOR UPDATE"
            words.append(f"{verb} {table}")
        labels.append(f"[{', '.join(words)}]")
    return " ".join(labels)
