"""The app's own writes replayed with plain `sqlite3`: the reference of the `_vs_sqlite3` lines.

Issue #15 ("Speed") asks what a bet and a payout cost over the physical cost of their write:
the same rows written with Python's stdlib `sqlite3` (no SQLAlchemy) in the same number of
durable transactions on the same database, interleaved call by call with the app's calls.
`accept_bet_p95_vs_sqlite3` (tests.bench.accept_bet) and `payout_p95_vs_sqlite3`
(tests.bench.payout) both use this module; nothing here knows which tables a bet or a payout
writes.

The statements are not written out here: they are recorded. A `Recorder` listens on the app's
engine (`before_cursor_execute`, `commit`, `rollback`) and keeps, for every call, each
transaction that committed with its writes: every INSERT, UPDATE, DELETE or REPLACE (with
RETURNING where the app asked for it; SAVEPOINT, RELEASE and ROLLBACK TO too, so that a
nested rollback replays as it happened), in order, with the DBAPI parameters SQLAlchemy bound
for that very call (its slip number, request key, receipt number, audit hash…). The reads
that decided them are left out, and so is a transaction that wrote nothing (its COMMIT
appends nothing to the WAL, so it is not a durable transaction). When a call changes the
number of its transactions or their statements (issue #15's two-step payout: the payout
saved waiting for its print, then made), the reference follows without an edit; the shape
recorded is printed on stderr (`Replay.shape`). The recording's own cost inside the timed
call is one Python function call and a list append per statement (about a microsecond).

A `Twin` is a byte copy of the app's database file, taken just before the warm-up: the WAL
is checkpointed into the file first (TRUNCATE, so both files start with an empty log), the
copy sits beside it (never in /tmp, which may be a RAM disk) and is fsynced. It is opened
through `sqlite3` with the settings read off one of the app's own pooled connections
(journal mode, synchronous, foreign keys, busy timeout, cache size, autocheckpoint…) and its
transactions start with the BEGIN the app sent (`BEGIN IMMEDIATE`, db/engine.py). After each
app call the twin replays that call's transactions, timed from the first BEGIN to the last
COMMIT: the same statements with the same parameters, through one cursor and sqlite3's
statement cache, on a file in the same state as the app's, so the same rows land in the
same pages and no unique key collides. After the run `Twin.check` requires that both files
hold the same number of rows in every table and the same counters.

Writes the app sent around SQLAlchemy (on the DBAPI connection's own cursor) would escape
the recording; the row counts of `Twin.check` catch a missing INSERT or DELETE.

`versus` also says where 95 % of the p95 ratios fall with the run's calls (each with its
replay) drawn again 2,000 times: a goal inside that interval is not settled by the run.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from sqlalchemy import Engine, event
from sqlalchemy.engine.interfaces import ExecuteStyle

REF_NAME = "sqlite3_same_writes"
RESAMPLES = 2_000  # of a run's pairs, for the interval of its p95 ratio (`versus`)
# What a transaction replays: the writes, and the savepoints that may undo part of them.
_WRITES = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE|SAVEPOINT|RELEASE|ROLLBACK\s+TO)\b", re.I)
_BEGIN = re.compile(r"\s*BEGIN\b", re.I)
_TABLE = re.compile(
    r"\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+(\S+)", re.I
)
# The connection settings that shape a write, copied from the app's connection to the twin.
PRAGMAS = (
    "journal_mode",
    "synchronous",
    "foreign_keys",
    "busy_timeout",
    "cache_size",
    "wal_autocheckpoint",
    "journal_size_limit",
    "mmap_size",
    "temp_store",
    "locking_mode",
)
_COMMIT = "COMMIT"
_ROLLBACK = "ROLLBACK"


@dataclass(frozen=True)
class Write:
    """One statement as the app sent it to the DBAPI cursor."""

    sql: str
    parameters: Any  # a tuple, or for executemany a list of tuples
    many: bool

    @property
    def label(self) -> str:
        """The verb and table, e.g. `INSERT slips`, `UPDATE counters` (×N: an executemany)."""
        verb = self.sql.split(None, 1)[0].upper()
        table = _TABLE.match(self.sql)
        name = f"{verb} {table.group(1).strip(chr(34))}" if table else verb
        return f"{name}×{len(self.parameters)}" if self.many else name


@dataclass(frozen=True)
class Sent:
    """What the app sent in one call's transactions that wrote: how many, their reads and
    their writes (with savepoints)."""

    transactions: int
    reads: int
    writes: int


@dataclass(frozen=True)
class Transaction:
    """A transaction of the app that committed a write: its BEGIN and its writes, in order."""

    begin: str
    writes: tuple[Write, ...]


def _frozen(value: object) -> object:
    # A BLOB may be bound as a memoryview of a buffer; keep the bytes it showed.
    return bytes(value) if isinstance(value, memoryview) else value


def _freeze(parameters: Any, many: bool) -> Any:
    if many:
        return [_freeze(row, False) for row in parameters]
    if isinstance(parameters, dict):
        return {k: _frozen(v) for k, v in parameters.items()}
    return tuple(_frozen(v) for v in parameters)


class Recorder:
    """Records the committed writes the app sends through `engine`, call by call."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        # (connection, statement, parameters, executemany) or (connection, COMMIT / ROLLBACK):
        # kept raw while the call runs; sorted out in `take`, outside the timed call.
        self._events: list[tuple[Any, ...]] = []
        self._open: dict[object, tuple[str, list[Write]]] = {}  # by connection, across takes
        self._reads: dict[object, int] = {}  # by connection: the open transaction's reads
        # Per call: the statements of its transactions that wrote (BEGIN, reads, writes, COMMIT).
        self.sent: list[Sent] = []
        event.listen(engine, "before_cursor_execute", self._on_statement)
        event.listen(engine, "commit", self._on_commit)
        event.listen(engine, "rollback", self._on_rollback)

    def close(self) -> None:
        """Stop listening (again: nothing)."""
        if event.contains(self._engine, "commit", self._on_commit):
            event.remove(self._engine, "before_cursor_execute", self._on_statement)
            event.remove(self._engine, "commit", self._on_commit)
            event.remove(self._engine, "rollback", self._on_rollback)

    def _on_statement(
        self,
        connection: object,
        _cursor: object,
        statement: str,
        parameters: Any,
        context: Any,
        executemany: bool,
    ) -> None:
        # Not the executemany flag: a batch of "insertmanyvalues" (one INSERT … VALUES (…),
        # (…) of several rows) comes flagged as one and is sent with cursor.execute. Without
        # a context (sent on the driver's cursor, db.statements) the flag is the truth.
        many = executemany
        if context is not None:
            many = context.execute_style is ExecuteStyle.EXECUTEMANY
        self._events.append((connection, statement, parameters, many))

    def _on_commit(self, connection: object) -> None:
        self._events.append((connection, _COMMIT))

    def _on_rollback(self, connection: object) -> None:
        self._events.append((connection, _ROLLBACK))

    def take(self) -> list[Transaction]:
        """The transactions with writes committed since the last take, in commit order.

        Raises:
            AssertionError: a write outside any transaction (it would be its own commit).
        """
        events, self._events = self._events, []
        committed: list[Transaction] = []
        sent = Counter[str]()
        for item in events:
            key = item[0]  # the SQLAlchemy Connection (hashed by identity)
            if len(item) == 2:  # COMMIT or ROLLBACK of that connection's transaction
                begun = self._open.pop(key, None)
                reads = self._reads.pop(key, 0)
                if item[1] == _COMMIT and begun is not None and begun[1]:
                    committed.append(Transaction(begun[0], tuple(begun[1])))
                    sent.update(transactions=1, reads=reads, writes=len(begun[1]))
                continue
            _, statement, parameters, many = item
            if _BEGIN.match(statement):
                self._open[key] = (statement, [])
                self._reads[key] = 0
            elif _WRITES.match(statement):
                assert key in self._open, f"a write outside a transaction: {statement[:80]}"
                self._open[key][1].append(Write(statement, _freeze(parameters, many), many))
            elif key in self._reads:
                self._reads[key] += 1
        self.sent.append(Sent(sent["transactions"], sent["reads"], sent["writes"]))
        return committed

    def sent_words(self) -> str:
        """What the app sent a call in its transactions that wrote (the medians), e.g. "2
        transactions, 12 reads, 14 writes" (issue 34: the reference replays the writes)."""
        if not self.sent:
            return "no call recorded"
        transactions, reads, writes = (
            statistics.median(getattr(s, name) for s in self.sent)
            for name in ("transactions", "reads", "writes")
        )
        return (
            f"{transactions:g} transactions (BEGIN and COMMIT each), {reads:g} reads, "
            f"{writes:g} writes a call (medians of {len(self.sent)} calls)"
        )


def _connection_settings(engine: Engine) -> dict[str, object]:
    """The PRAGMAS of one of the app's pooled connections (as the app set it up on connect)."""
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        try:
            return {name: cursor.execute(f"PRAGMA {name}").fetchone()[0] for name in PRAGMAS}
        finally:
            cursor.close()
    finally:
        raw.close()


def _checkpoint(engine: Engine) -> None:
    """Fold the app's WAL into its file and empty the log (no transaction may be open)."""
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        try:
            busy, _log, _done = cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            cursor.close()
    finally:
        raw.close()
    assert busy == 0, "the app's WAL could not be checkpointed: a transaction is open"


@dataclass
class Replay:
    """What the twin replayed: milliseconds per call and the shapes of the calls."""

    ms: list[float] = field(default_factory=list)
    shapes: Counter[tuple[tuple[str, ...], ...]] = field(default_factory=Counter)

    @property
    def commits(self) -> int:
        """Durable transactions per call (the most frequent count)."""
        counts = Counter(len(shape) for shape, n in self.shapes.items() for _ in range(n))
        return counts.most_common(1)[0][0] if counts else 0

    @property
    def ref_name(self) -> str:
        """The bench line's `ref_name`: "sqlite3_same_writes_2_commits"."""
        n = self.commits
        return f"{REF_NAME}_{n}_commit{'' if n == 1 else 's'}"

    def shape(self) -> str:
        """The most frequent shape, e.g. "2 commits: [UPDATE counters, INSERT slips…] […]",
        and how many calls had another."""
        if not self.shapes:
            return "no call wrote anything"
        (common, n), total = self.shapes.most_common(1)[0], sum(self.shapes.values())
        counts = Counter(len(shape) for shape, k in self.shapes.items() for _ in range(k))
        parts = " ".join(f"[{', '.join(tx)}]" for tx in common)
        commits = ", ".join(
            f"{c} commit{'' if c == 1 else 's'} ×{k}" for c, k in sorted(counts.items())
        )
        return (
            f"{total} calls replayed ({commits}); the most frequent shape ({n} calls, "
            f"{len(self.shapes)} shapes in all): {parts}"
        )


class Twin:
    """A copy of the app's database file, written through plain `sqlite3` as the app writes."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._connection = connection
        self._cursor = connection.cursor()
        self.replay = Replay()

    @classmethod
    def of(cls, engine: Engine, source: Path, target: Path) -> Twin:
        """Copy the app's database `source` (opened by `engine`, no transaction open) to
        `target` and open it as the app's connections are set up."""
        settings = _connection_settings(engine)
        assert str(settings["journal_mode"]).lower() == "wal", settings
        _checkpoint(engine)
        shutil.copyfile(source, target)
        with target.open("rb+") as file:
            os.fsync(file.fileno())  # else the first checkpoint writes the whole copy out
        # isolation_level=None: no implicit BEGIN; each transaction starts with the app's own.
        connection = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
        for name, value in settings.items():
            connection.execute(f"PRAGMA {name}={value}").fetchall()
        now = {name: connection.execute(f"PRAGMA {name}").fetchone()[0] for name in PRAGMAS}
        assert now == settings, (now, settings)
        return cls(target, connection)

    def replay_call(self, transactions: Sequence[Transaction]) -> float:
        """Write one call's transactions; milliseconds from the first BEGIN to the last
        COMMIT (also kept in `replay`)."""
        cursor = self._cursor
        execute, executemany = cursor.execute, cursor.executemany
        started = time.perf_counter_ns()
        for transaction in transactions:
            execute(transaction.begin)
            for write in transaction.writes:
                if write.many:
                    executemany(write.sql, write.parameters)
                else:
                    execute(write.sql, write.parameters)
                cursor.fetchall()  # RETURNING rows, as the app reads them
            execute("COMMIT")
        ms = (time.perf_counter_ns() - started) / 1e6
        self.replay.ms.append(ms)
        self.replay.shapes[tuple(tuple(w.label for w in tx.writes) for tx in transactions)] += 1
        return ms

    def close(self) -> None:
        """Close the connection (the last one: it checkpoints the twin's WAL)."""
        self._cursor.close()
        self._connection.close()

    def check(self, source: Path) -> None:
        """Both files hold the same number of rows in every table, and the same counters.

        Raises:
            AssertionError: the replay did not write what the app wrote.
        """
        app = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            tables = [
                name
                for (name,) in app.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' "
                    "AND name NOT LIKE 'sqlite_%' ORDER BY name"
                )
            ]
            differ = []
            for table in tables:
                query = f'SELECT count(*) FROM "{table}"'
                ours = self._connection.execute(query).fetchone()[0]
                theirs = app.execute(query).fetchone()[0]
                if ours != theirs:
                    differ.append(f"{table}: app {theirs}, sqlite3 {ours}")
            counters = "SELECT name, value FROM counters ORDER BY name"
            if "counters" in tables and (
                self._connection.execute(counters).fetchall() != app.execute(counters).fetchall()
            ):
                differ.append("counters")
        finally:
            app.close()
        assert not differ, f"the sqlite3 replay differs from the app's writes: {differ}"


def p95(samples: Sequence[float]) -> float:
    """The 95th percentile as the benches take it (`statistics.quantiles`, n=100)."""
    return statistics.quantiles(samples, n=100)[94]


def versus(
    name: str,
    app: Sequence[float],
    ref: Sequence[float],
    ref_name: str,
    say: Callable[[str], None],
) -> str:
    """The bench line of the app's p95 against the replay's, `app[i]` and `ref[i]` the same
    call; `say` (stderr) gives the ratio's 95 % interval over its pairs resampled (seeded
    bootstrap): one run settles a goal only outside it (issue 34)."""
    value, reference = p95(app), p95(ref)
    pairs = np.random.default_rng(0).integers(0, len(app), size=(RESAMPLES, len(app)))
    # numpy's "weibull" is statistics.quantiles' default ("exclusive"): the same p95.
    ratios = np.quantile(np.asarray(app)[pairs], 0.95, axis=1, method="weibull") / np.quantile(
        np.asarray(ref)[pairs], 0.95, axis=1, method="weibull"
    )
    low, high = np.quantile(ratios, [0.025, 0.975])
    say(
        f"{name} {value / reference:.2f}: its {len(app):,} calls resampled {RESAMPLES:,} times "
        f"give 95 % of the ratios within {low:.2f}-{high:.2f}"
    )
    return (
        f"bench: {name} value={value:.3f} unit=ms ref={reference:.3f} "
        f"ref_name={ref_name} ratio={value / reference:.2f}"
    )
