"""One pipeline, one round trip: a batch of statements sent through libpq's own pipeline API.

psycopg's pipeline mode (`Connection.pipeline()`) flushes the socket and polls for answers
after every statement it queues and waits for the BEGIN it sends first; measured for issue
18, that was the largest part of a bet's CPU in the terminal's process (tests/bench/chain.py)
and one round trip more per transaction. Here a batch goes out through psycopg's public
libpq layer (`psycopg.pq`): every statement queued, one sync, one flush, then the answers
read in order as they come. Parameters are dumped and rows loaded by psycopg's own adapters
(`psycopg.adapt.Transformer`), so values are what psycopg's cursors give.

A statement is prepared (a named server-side statement) the first time a connection sends
it, in the same round trip: the server parses and plans it once per connection, as psycopg
does for a statement it has run five times. The names live as long as the connection.

When the connection is in no transaction, the batch starts with the BEGIN psycopg would
have sent (its isolation level, read only, deferrable), so that BEGIN costs no round trip of
its own; psycopg sees the open transaction and sends none.
"""

from __future__ import annotations

import re
import select
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg import pq
from psycopg.adapt import PyFormat, Transformer

_PLACEHOLDER = re.compile(r"%\(([^)]+)\)s|%%")
_OK = (pq.ExecStatus.COMMAND_OK, pq.ExecStatus.TUPLES_OK, pq.ExecStatus.EMPTY_QUERY)
_ROWS = pq.ExecStatus.TUPLES_OK
_SYNC = pq.ExecStatus.PIPELINE_SYNC
_AUTO = PyFormat.AUTO
_MOST_PREPARED = 500  # statements a connection keeps prepared; past that, sent unprepared


@dataclass(frozen=True)
class Numbered:
    """A statement in psycopg's `%(name)s` style rewritten for libpq: `$1`, `$2`… and the
    names of the values in that order."""

    sql: bytes
    names: tuple[str, ...]
    source: str  # as SQLAlchemy compiled it for psycopg


_NUMBERED: dict[str, Numbered] = {}


def numbered(sql: str) -> Numbered:
    """`sql` with numbered placeholders (kept: statements are built once)."""
    found = _NUMBERED.get(sql)
    if found is not None:
        return found
    names: list[str] = []

    def placeholder(match: re.Match[str]) -> str:
        name = match.group(1)
        if name is None:  # %% is a percent sign
            return "%"
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    found = Numbered(_PLACEHOLDER.sub(placeholder, sql).encode(), tuple(names), sql)
    if len(_NUMBERED) < 10_000:  # IN lists expand into new strings: keep the cache bounded
        _NUMBERED[sql] = found
    return found


@dataclass
class _Prepared:
    """The statements prepared on one connection, by SQL and parameter types."""

    connection: psycopg.Connection[Any]
    names: dict[tuple[bytes, tuple[int, ...]], bytes] = field(default_factory=dict)
    made: int = 0  # names given so far

    def name(self, key: tuple[bytes, tuple[int, ...]]) -> bytes:
        """A new name for the statement `key` (taken back with `names.pop` if refused)."""
        self.made += 1
        name = self.names[key] = f"pos_{self.made}".encode()
        return name


class Failed(Exception):
    """A statement of the batch failed: `index` says which, `error` is psycopg's error."""

    def __init__(self, index: int, error: psycopg.Error) -> None:
        super().__init__(str(error))
        self.index = index
        self.error = error


def exchange(
    raw: psycopg.Connection[Any],
    statements: Sequence[tuple[Numbered, Sequence[Mapping[str, object]]]],
    *,
    info: dict[Any, Any],
    commit: bool = False,
) -> list[list[tuple[Any, ...]]]:
    """Send every statement (once for each set of values it is given) in one pipeline, with a
    BEGIN first when no transaction is open and a COMMIT last with `commit`; wait for all the
    answers. `info` is where the connection's prepared statements are remembered (the
    connection's own info, which lives as long as it).

    Returns:
        Each statement's rows (one list per statement, its sets of values' rows together).
    Raises:
        Failed: a statement failed; the server skipped everything after it (a COMMIT too).
        psycopg.OperationalError: the connection was lost (it is then closed).
    """
    batch = _Batch(raw, _prepared_on(raw, info))
    pgconn = raw.pgconn
    blocking = pgconn.nonblocking
    pgconn.nonblocking = 1  # send and read together: a large batch never blocks both ends
    pgconn.enter_pipeline_mode()
    try:
        if not raw.autocommit and pgconn.transaction_status == pq.TransactionStatus.IDLE:
            batch.command(-1, _begin(raw))
        for index, (statement, rows) in enumerate(statements):
            for values in rows:
                batch.statement(index, statement, values)
        if commit:
            batch.command(-1, b"COMMIT")
        pgconn.pipeline_sync()
        answers = _answers(pgconn, len(batch.owners))
    except BaseException:
        batch.forget_prepared()
        raw.close()  # answers may be left unread: the connection cannot be used again
        raise
    pgconn.exit_pipeline_mode()
    pgconn.nonblocking = blocking
    return batch.rows(answers, len(statements))


class _Batch:
    """The commands of one pipeline: for each, the statement of the batch it answers."""

    def __init__(self, raw: psycopg.Connection[Any], prepared: _Prepared) -> None:
        self._raw = raw
        self._pgconn = raw.pgconn
        self._transformer = Transformer(raw)
        self._prepared = prepared
        self.owners: list[int] = []  # for each command, the statement it answers (-1: none)
        self._preparing: dict[int, tuple[bytes, tuple[int, ...]]] = {}  # command → its key

    def command(self, owner: int, sql: bytes) -> None:
        self._pgconn.send_query_params(sql, None)
        self.owners.append(owner)

    def statement(self, index: int, statement: Numbered, values: Mapping[str, object]) -> None:
        transformer = self._transformer
        params = transformer.dump_sequence(
            [values[name] for name in statement.names], [_AUTO] * len(statement.names)
        )
        types = tuple(transformer.types or ())
        formats = transformer.formats or None
        key = (statement.sql, types)
        name = self._prepared.names.get(key)
        if name is None and len(self._prepared.names) < _MOST_PREPARED:
            name = self._prepared.name(key)
            self._pgconn.send_prepare(name, statement.sql, types)
            self._preparing[len(self.owners)] = key
            self.owners.append(index)
        if name is None:
            self._pgconn.send_query_params(statement.sql, params, types, formats)
        else:
            self._pgconn.send_query_prepared(name, params, formats)
        self.owners.append(index)

    def forget_prepared(self) -> None:
        """The statements this batch prepared are not (it never reached the server whole)."""
        for key in self._preparing.values():
            self._prepared.names.pop(key, None)

    def rows(self, answers: list[list[Any]], statements: int) -> list[list[tuple[Any, ...]]]:
        """Each statement's rows loaded from the answers.

        Raises:
            Failed: the first statement that failed.
        """
        rows_of: list[list[tuple[Any, ...]]] = [[] for _ in range(statements)]
        failure: Failed | None = None
        transformer = self._transformer
        for command, (owner, results) in enumerate(zip(self.owners, answers, strict=True)):
            for result in results:
                if result.status == _ROWS and owner >= 0:
                    transformer.set_pgresult(result)
                    rows_of[owner].extend(transformer.load_rows(0, result.ntuples, tuple))
                elif result.status not in _OK:
                    if command in self._preparing:
                        self._prepared.names.pop(self._preparing[command], None)
                    if failure is None and result.status == pq.ExecStatus.FATAL_ERROR:
                        encoding = self._raw.info.encoding
                        error = psycopg.errors.error_from_result(result, encoding=encoding)
                        failure = Failed(owner, error)
        if failure is not None:
            raise failure
        return rows_of


def _prepared_on(raw: psycopg.Connection[Any], info: dict[Any, Any]) -> _Prepared:
    found = info.get(_Prepared)
    if found is None or found.connection is not raw:
        found = info[_Prepared] = _Prepared(raw)
    return found


def _begin(raw: psycopg.Connection[Any]) -> bytes:
    """The BEGIN psycopg would send for this connection's transaction settings."""
    parts = [b"BEGIN"]
    if raw.isolation_level is not None:
        level = psycopg.IsolationLevel(raw.isolation_level)
        parts += [b"ISOLATION LEVEL", level.name.replace("_", " ").encode()]
    if raw.read_only is not None:
        parts.append(b"READ ONLY" if raw.read_only else b"READ WRITE")
    if raw.deferrable is not None:
        parts.append(b"DEFERRABLE" if raw.deferrable else b"NOT DEFERRABLE")
    return b" ".join(parts)


def _answers(pgconn: pq.abc.PGconn, commands: int) -> list[list[pq.abc.PGresult]]:
    """Flush what was queued and read every command's results up to the sync (libpq ends
    each command's results with a NULL; a skipped one's is PIPELINE_ABORTED)."""
    socket = pgconn.socket
    while pgconn.flush():  # the server may answer while we still send: read meanwhile
        readable, _, _ = select.select([socket], [socket], [])
        if readable:
            pgconn.consume_input()
    answers: list[list[pq.abc.PGresult]] = []
    current: list[pq.abc.PGresult] = []
    while True:
        while pgconn.is_busy():
            select.select([socket], [], [])
            pgconn.consume_input()
        result = pgconn.get_result()
        if result is None:
            answers.append(current)
            current = []
        elif result.status == _SYNC:
            break
        else:
            current.append(result)
        if pgconn.status == pq.ConnStatus.BAD:
            raise psycopg.OperationalError("the connection to the server was lost")
    if len(answers) != commands:
        raise psycopg.OperationalError(f"{commands} commands sent, {len(answers)} answered")
    return answers
