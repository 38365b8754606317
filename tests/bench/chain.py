"""Sixteen terminals of a chain accepting bets at once on PostgreSQL, against plain psycopg.

The figures of issue 18: `chain_accept_throughput`, the bets per second the whole chain takes
when 4 offices × 4 terminals all accept bets at once on one PostgreSQL server (goal: at least
half the reference's), and `chain_accept_p95`, the 95th percentile of one bet in
milliseconds under that load (goal: ≤ 25 ms).

Setup (untimed): the throw-away PostgreSQL server and the chain of tests.bench.pg_chain
(fsync off: no commit waits for a disk), offices M1…M4 with terminals К1…К16, four to an
office, each registered with its own register serial, and the head `chief`. The app run and
the reference each get a copy of that database (CREATE DATABASE … TEMPLATE), so both start
from the same rows.

What is timed: 16 OS processes (multiprocessing, spawn), one per terminal, each with its own
`open_shop(url, terminal=…)` (its own engine and pool), the head signed in and the shift
open and RECORDED bets taken untimed (warm, as the reference's). They wait at a barrier, then
each calls `desk.accept_bet(...)` in a loop for the
duration (BETSHOP_BENCH_SECONDS, default 30): a seeded mix of 60% singles and 40% expresses
of 2–3 legs on the demo line, stakes of 2 to 20, at a FixedClock before the demo events
that moves on 200 ms a bet. Every call is timed with perf_counter; the throughput is all the
bets taken divided by the longest process's run, the p95 is over every bet of every process
(`statistics.quantiles(n=100)[94]`). A refusal (a DomainError) is counted and reported, not
counted as a bet. The machine's cores are shared by the 16 terminals and the server.

The reference, `psycopg_same_writes`: 16 processes again, one per terminal, on the other
copy. Each first takes 7 bets through the app (untimed) and keeps the writes of the last 6
(the first creates the register's row), recorded per transaction (today two a bet: the slip
waiting for its print, then issued); then, for the duration, it replays those bets in turn
with plain psycopg, fresh values where rows must differ (tests.bench.plain_psycopg says
how). Its throughput is counted as the app's.

The app and the reference take turns: ROUNDS slices of the duration each (app, reference,
app, reference), new processes every slice, so that a change in the machine's speed during
the run weighs on both alike; the figures are over all the slices.

Where bets wait: in the app run, every process also times the statements on the counters
table with engine events (`before/after_cursor_execute`), by statement and counter row (its
`name` parameter): the `SELECT … FOR UPDATE` of the `slip_serial` row (db/slips.py
`lock_issuing`, the first thing a bet's first transaction does, so the chain issues one slip
at a time), and the `UPDATE counters` of `slip_serial` and `audit`; and how long each
transaction then held the `slip_serial` lock (to its COMMIT being sent). Time in a locking
statement is, under load, almost all waiting for the row. The parent also samples
pg_stat_activity every 20 ms and counts the chain's active backends by wait event and
statement. All of it is printed on stderr. The engine events see only statements sent through
SQLAlchemy's cursors: what db.wire sends in its pipelines (a bet's every statement today) is
seen by the pg_stat_activity samples alone.
"""

from __future__ import annotations

import itertools
import multiprocessing
import queue
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import psycopg
from sqlalchemy import Engine, event

from pos.core.clock import FixedClock
from pos.core.errors import DomainError
from tests.bench.pg_chain import (
    bets,
    duration,
    open_terminal,
    p95,
    say,
    set_up_chain,
    sign_in,
    start_server,
)
from tests.bench.plain_psycopg import Bet, Replayer, record, shape
from tests.conftest import NOW

OFFICES = ("M1", "M2", "M3", "M4")
PER_OFFICE = 4
TERMINALS = tuple(f"К{n}" for n in range(1, len(OFFICES) * PER_OFFICE + 1))
RECORDED = 6  # bets each reference process takes through the app to learn their writes
REF_NAME = "psycopg_same_writes"
ROUNDS = 2  # slices of the run the app and the reference take in turn


# --- the app run ------------------------------------------------------------------------------


class StatementTimer:
    """On one engine: milliseconds spent in statements on the counters table, by statement
    and counter row, and how long the transactions held the `slip_serial` row lock."""

    def __init__(self, engine: Engine) -> None:
        self.ms: Counter[str] = Counter()
        self._started = 0
        self._locked = 0
        event.listen(engine, "before_cursor_execute", self._before)
        event.listen(engine, "after_cursor_execute", self._after)
        event.listen(engine, "commit", self._released)
        event.listen(engine, "rollback", self._released)

    def _before(self, *_args: object) -> None:
        self._started = time.perf_counter_ns()

    def _after(
        self, _c: object, _cur: object, statement: str, parameters: Any, *_a: object
    ) -> None:
        if "counters" not in statement or not isinstance(parameters, dict):
            return
        now = time.perf_counter_ns()
        row = parameters.get("name_1")
        verb = "SELECT … FOR UPDATE" if statement.startswith("SELECT") else statement[:6]
        self.ms[f"{verb} '{row}'"] += (now - self._started) / 1e6
        if verb != "UPDATE" and row == "slip_serial":
            self._locked = now

    def _released(self, _connection: object) -> None:
        # Measured to the COMMIT being sent: its round trip still holds the lock.
        if self._locked:
            self.ms["slip_serial lock held"] += (time.perf_counter_ns() - self._locked) / 1e6
            self._locked = 0


@dataclass
class Outcome:
    """What one terminal's process did in the timed part."""

    terminal: str
    seconds: float
    ms: list[float]
    refused: int
    counters_ms: dict[str, float]


def drive(
    seconds: float, rate: float, act: Callable[[], bool], phase: float = 0.0
) -> tuple[float, list[float], int]:
    """Call `act` for `seconds`; returns the run's length, each taken bet's ms and the refusals.

    With `rate` 0 the loop is closed: the next bet starts when the last one ends, and a bet's
    time is its own call. With a rate (bets a second) the loop is open: bet i is due at
    i / rate after the start, the loop sleeps until it is due, and its time counts from when
    it was due, so that a stall shows in the bets that waited behind it (issue 34). `phase`
    (a fraction of 1 / rate) staggers the terminals, so that sixteen counters' bets are not
    all due at the same instant.
    """
    ms: list[float] = []
    refused = 0
    started = time.perf_counter()
    deadline = started + seconds
    for i in itertools.count():
        due = started + (i + phase) / rate if rate else time.perf_counter()
        if due >= deadline:
            break
        if (wait := due - time.perf_counter()) > 0:
            time.sleep(wait)
        if act():
            ms.append((time.perf_counter() - due) * 1000)
        else:
            refused += 1
    return time.perf_counter() - started, ms, refused


def _phase(terminal: str) -> float:
    return TERMINALS.index(terminal) / len(TERMINALS)


def app_terminal(
    url: str, terminal: str, seconds: float, rate: float, barrier: Any, results: Any
) -> None:
    """One terminal: sign in, open the shift, wait for the others, accept bets for `seconds`."""
    clock = FixedClock(NOW)
    shop = open_terminal(url, clock, terminal)
    try:
        desk = sign_in(shop)
        mix = bets(desk, seed=TERMINALS.index(terminal))
        timer = StatementTimer(shop.storage.engine)

        def bet() -> bool:
            picks, stake, kind = next(mix)
            clock.advance(timedelta(milliseconds=200))
            try:
                desk.accept_bet(picks, stake, kind)
            except DomainError:
                return False
            return True

        for _ in range(RECORDED):  # warm, as the reference is by the bets it records
            bet()
        barrier.wait(timeout=300)
        timer.ms.clear()
        elapsed, ms, refused = drive(seconds, rate, bet, _phase(terminal))
        results.put(Outcome(terminal, elapsed, ms, refused, dict(timer.ms)))
    finally:
        shop.close()


def reference_terminal(
    url: str,
    conninfo: str,
    terminal: str,
    turn: int,
    seconds: float,
    rate: float,
    barrier: Any,
    results: Any,
) -> None:
    """One terminal's reference: learn the writes of RECORDED bets, then replay them."""
    clock = FixedClock(NOW)
    shop = open_terminal(url, clock, terminal)
    try:
        desk = sign_in(shop)
        mix = bets(desk, seed=TERMINALS.index(terminal))
        recorded: list[Bet] = []
        for _ in range(RECORDED + 1):
            picks, stake, kind = next(mix)
            clock.advance(timedelta(milliseconds=200))
            recorded.append(
                record(shop.storage.engine, lambda: desk.accept_bet(picks, stake, kind))  # noqa: B023
            )
        del recorded[0]  # the register's first receipt creates its row: not a bet's usual writes
        if terminal == TERMINALS[0]:
            say("chain_accept", f"the reference replays, a bet: {shape(recorded[0])}")
    finally:
        shop.close()
    replayer = Replayer(conninfo, TERMINALS.index(terminal), recorded, first=turn * 10**9)
    try:

        def bet() -> bool:
            replayer.bet()
            return True

        barrier.wait(timeout=300)
        elapsed, ms, _refused = drive(seconds, rate, bet, _phase(terminal))
        results.put(Outcome(terminal, elapsed, ms, 0, {}))
    finally:
        replayer.close()


# --- running the processes --------------------------------------------------------------------


def sample_waits(conninfo: str, database: str, stop: threading.Event, seen: Counter[str]) -> None:
    """Count, every 20 ms, the chain's backends by what they wait on (Lock:tuple…, CPU)."""
    with psycopg.connect(conninfo, autocommit=True) as connection:
        while not stop.wait(0.02):
            seen["samples"] += 1
            rows = connection.execute(
                "SELECT wait_event_type, wait_event, state, "
                "left(regexp_replace(query, '\\s+', ' ', 'g'), 70) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                (database,),
            ).fetchall()
            for kind, what, state, query in rows:
                if state == "active":
                    seen[f"{kind or 'CPU'}:{what or '-'} in {query}"] += 1


def _guarded(target: Callable[..., None], *args: Any) -> None:
    """Run a terminal; when it fails, break the barrier so that nobody waits for it."""
    try:
        target(*args)
    except BaseException:
        args[-2].abort()  # the barrier (args end with barrier, results)
        raise


def run_processes(
    target: Callable[..., None], args: Callable[[str], tuple[Any, ...]], watch: Callable[[], None]
) -> list[Outcome]:
    """Start one process per terminal, release them together, collect their outcomes."""
    spawn = multiprocessing.get_context("spawn")
    barrier = spawn.Barrier(len(TERMINALS) + 1)
    results = spawn.Queue()
    processes = [
        spawn.Process(target=_guarded, args=(target, *args(t), barrier, results), name=t)
        for t in TERMINALS
    ]
    for process in processes:
        process.start()
    try:
        barrier.wait(timeout=300)
        watch()
        outcomes: list[Outcome] = []
        while len(outcomes) < len(processes):
            try:
                outcomes.append(results.get(timeout=1))
            except queue.Empty:
                failed = [p.name for p in processes if p.exitcode not in (None, 0)]
                assert not failed, f"terminal processes failed: {failed}"
    finally:
        for process in processes:
            process.join(timeout=60)
    failed = [p.name for p in processes if p.exitcode != 0]
    assert not failed, f"terminal processes failed: {failed}"
    return outcomes


def _throughput(outcomes: Sequence[Outcome]) -> float:
    """All the bets taken over the slices' lengths (each slice as long as its longest process)."""
    slices = [outcomes[i : i + len(TERMINALS)] for i in range(0, len(outcomes), len(TERMINALS))]
    return sum(len(o.ms) for o in outcomes) / sum(max(o.seconds for o in s) for s in slices)


def measure(rate: float, rounds: int) -> tuple[list[Outcome], list[Outcome], Counter[str]]:
    """Set the chain up, time the app's 16 terminals, then the psycopg reference, in turns.

    Args:
        rate: bets a second each terminal is sent (open loop, `drive`); 0: as fast as it can.
        rounds: slices of the duration the app and the reference take in turn.

    Returns:
        The app's outcomes, the reference's, and the app run's samples of waiting backends.
    """
    seconds = duration() / rounds
    server = start_server()
    try:
        template = set_up_chain(server, OFFICES, PER_OFFICE)
        app_db = server.create_database(template=template)
        ref_db = server.create_database(template=template)
        app_url, ref_url = server.url(app_db), server.url(ref_db)
        seen: Counter[str] = Counter()

        def watch() -> None:
            stop = threading.Event()
            sampler = threading.Thread(
                target=sample_waits, args=(server.admin_conninfo, app_db, stop, seen)
            )
            sampler.start()
            time.sleep(seconds)
            stop.set()
            sampler.join()

        # The app and the reference take turns, so that a change in the machine's speed
        # during the run weighs on both alike.
        app: list[Outcome] = []
        ref: list[Outcome] = []
        conninfo = f"host=127.0.0.1 port={server.port} user=postgres dbname={ref_db}"
        for turn in range(rounds):
            app += run_processes(app_terminal, lambda t: (app_url, t, seconds, rate), watch)
            ref += run_processes(
                reference_terminal,
                lambda t: (ref_url, conninfo, t, turn, seconds, rate),  # noqa: B023
                lambda: None,
            )
    finally:
        server.stop()
    return app, ref, seen


def run(_runs: int) -> list[str]:
    """The chain's closed-loop throughput and p95 against the psycopg reference.

    Returns:
        The bench lines for the chain's throughput and its p95.
    """
    app, ref, seen = measure(0.0, ROUNDS)
    seconds = duration() / ROUNDS
    name = "chain_accept"
    app_ms = [ms for o in app for ms in o.ms]
    ref_ms = [ms for o in ref for ms in o.ms]
    bets_taken = len(app_ms)
    say(
        name,
        f"{len(TERMINALS)} terminals, {ROUNDS} × {seconds:.0f} s each: app {bets_taken} bets "
        f"(refused {sum(o.refused for o in app)}), p50 {statistics.median(app_ms):.1f} ms; "
        f"reference {len(ref_ms)} bets, p50 {statistics.median(ref_ms):.2f} ms, "
        f"p95 {p95(ref_ms):.2f} ms",
    )
    busy = sum(o.seconds for o in app)  # the terminals' time, all of them
    for what in sorted({c for o in app for c in o.counters_ms}):
        total = sum(o.counters_ms.get(what, 0.0) for o in app)
        say(
            name,
            f"{what}: {total / bets_taken:.2f} ms a bet, {total / 1000 / busy:.0%} of "
            f"the terminals' time",
        )
    held = sum(o.counters_ms.get("slip_serial lock held", 0.0) for o in app) / 1000
    say(
        name,
        f"the slip_serial row was locked {held:.1f} s of the run's "
        f"{sum(o.seconds for o in app) / len(TERMINALS):.1f} s (one holder at a time)",
    )
    samples = max(seen.pop("samples", 0), 1)
    for what, n in seen.most_common(8):
        say(name, f"active backends {what}: {n / samples:.2f} on average")
    ours, theirs = _throughput(app), _throughput(ref)
    q95 = p95(app_ms)
    return [
        f"bench: chain_accept_throughput value={ours:.1f} unit=bets/s ref={theirs:.1f} "
        f"ref_name={REF_NAME} ratio={ours / theirs:.2f}",
        f"bench: chain_accept_p95 value={q95:.1f} unit=ms ref=25.0 ref_name=goal "
        f"ratio={q95 / 25:.2f}",
    ]
