"""Accepting a bet with 1,000,000 slips in the database, against an empty write transaction.

The figure of issue #3: the 95th percentile (and the median) of `Desk.accept_bet`, in
milliseconds, on a SQLite file holding 1,000,000 slips, opened as the app opens it (WAL,
`synchronous=FULL`, every transaction `BEGIN IMMEDIATE`). The goal is p95 ≤ 15 ms.

What is timed: the whole `desk.accept_bet(...)` call of a signed-in cashier, i.e. the rules
of the house, the slip number, and printing as issue #4 made it: the slip waiting for its
print committed, the slip and its fiscal receipt rendered to ESC/POS bytes and written to
an escpos `Dummy` printer (issue #3: "printing to a Dummy printer"; no device I/O), then the
issuing transaction (stake, numbered receipt, audit) committed. Two durable commits a bet.

The reference, `empty_write_transaction`, is `BEGIN IMMEDIATE; COMMIT` issued through the
same engine and connection pool as the unit of work (`engine.begin()`; a unit of work that
commits without touching the database would not even send BEGIN, because the session opens
its connection lazily). It takes the write lock and releases it, but writes no page: in WAL
mode an empty commit appends nothing to the log and so does not fsync. The ratio therefore
includes the fsync of the WAL that every real commit pays; for scale, the median and p95 of
a one-row durable commit (an UPDATE of a counter row of the copy, timed after the figure)
are printed on stderr, with the median by kind of bet.

The second reference (issue #15), `sqlite3_same_writes`, is the physical cost of the bet's
write: the very statements the call wrote, recorded on the app's engine, replayed with plain
`sqlite3` on a twin copy of the database in the same number of durable transactions (today
two: the slip saved waiting for its print, then issued), with the app's PRAGMAs and its
BEGIN IMMEDIATE (tests.bench.plain_sqlite3). It gives `accept_bet_p95_vs_sqlite3` (goal:
ratio ≤ 3); stderr says what a bet wrote, the replay's median and the ratio's interval.

All three are measured interleaved, one call of each in turn (the same load on the machine).

The 1,000,000-slip database is built once per schema revision (`db.migrate.HEAD`) into the
folder named by BETSHOP_BENCH_CACHE (default `.bench-cache/` in the repository) with
SQLAlchemy Core executemany in chunks (STYLE.md B5); every run measures on a fresh copy of
it, so the cache never grows. The copy sits beside the cache (not in /tmp, which may be a
RAM disk) and is fsynced before the first bet, so no call pays for writing the copy out.

The bets are a fixed pseudo-random mix on the demo line (60% singles, 30% expresses of 2–3
legs, 10% systems 2/3) by the demo cashier, without a request key (the desk makes one), at
a `FixedClock` standing before the demo events start; 20 bets warm up first.

The ratio is only worth quoting from a quiet machine (issue 34: under load the fsync waits
swell the reference and hide the app's own cost): stderr warns when the load average is
above 1, before and after the run.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Connection, Engine, insert, select, text, update

from db.bootstrap import open_storage
from db.tables import CashMovementRow, CounterRow, EventRow, OddsQuoteRow, SlipLegRow, SlipRow
from main import assemble_shop
from pos.betting.bets import BetKind, BetType, possible_payout, total_odds
from pos.betting.counter import SECRET_SETTING
from pos.betting.numbers import make_slip_number
from pos.betting.pricing import PickOrBlock
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from printing.profiles import dummy_printer
from tests.bench import plain_sqlite3
from tests.bench.cache import build_on_the_demo
from tests.bench.cache import cached_database as cached_database_named
from tests.fakes import PlainPinHasher

SLIPS = 1_000_000
CHUNK = 50_000
CALLS_PER_RUN = 100
WARM_UP = 20
# Bump when the way the database is built changes, so that an old cached file is not used.
RECIPE = 2
# Monday 30 November 2026, 12:00 in Minsk: the demo line starts the next day, so every bet
# of the mix is taken before its events start. The same moment builds and measures.
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
TERMINAL = "К1"
CASHIER = ("anna", "4821")
STAKES = ("2", "5", "10", "10", "20", "25,50", "50", "100", "150", "300")
SYSTEM_STAKES = ("3", "6", "9,99", "30", "60", "150")
PROBE = "bench_probe"  # a counter row of the copy, written by the one-row commits
PROBES = 200
BUSY_LOAD = 1.0  # the 1-minute load average above which the figures are not worth quoting


def _line(name: str, value: float, ref: float, ref_name: str = "empty_write_transaction") -> str:
    return (
        f"bench: {name} value={value:.3f} unit=ms ref={ref:.3f} "
        f"ref_name={ref_name} ratio={value / ref:.2f}"
    )


def _say(message: str) -> None:
    sys.stderr.write(f"accept_bet: {message}\n")
    sys.stderr.flush()


_p95 = plain_sqlite3.p95


def warn_if_busy(say: Callable[[str], None]) -> None:
    """Say (on stderr) that the machine is not quiet when its load average is above 1."""
    if not hasattr(os, "getloadavg"):
        return
    load = os.getloadavg()[0]
    if load > BUSY_LOAD:
        say(
            f"WARNING: load average {load:.2f} > {BUSY_LOAD:g}: other work shares the machine, "
            "its fsync waits swell the reference; measure on a quiet machine"
        )


# --- building the 1,000,000-slip database ----------------------------------------------------


def cached_database() -> Path:
    """The 1,000,000-slip database of this schema revision, built first if it is missing."""
    return cached_database_named(f"accept_bet-{SLIPS}", RECIPE, _build)


def _build(path: Path) -> None:
    build_on_the_demo(path, NOW, _fill)


def _fill(engine: Engine) -> None:
    with engine.begin() as connection:
        secret = bytes.fromhex(
            connection.scalar(
                text("SELECT value FROM settings WHERE name = :n"), {"n": SECRET_SETTING}
            )
        )
        quotes = _quotes(connection)
    rng = random.Random(3)
    started = time.perf_counter()
    for first in range(1, SLIPS + 1, CHUNK):
        serials = range(first, min(first + CHUNK, SLIPS + 1))
        slips, legs, cash = _rows(serials, secret, quotes, rng)
        with engine.begin() as connection:
            # The request keys are random: their index is written all over, so keep it cached.
            connection.exec_driver_sql("PRAGMA cache_size=-262144")  # 256 MiB
            connection.execute(insert(SlipRow), slips)
            connection.execute(insert(SlipLegRow), legs)
            connection.execute(insert(CashMovementRow), cash)
        if serials[-1] % 200_000 == 0:
            _say(f"  {serials[-1]:,} slips after {time.perf_counter() - started:.1f} s")
    with engine.begin() as connection:
        # New slips continue the numbering after the ones inserted here.
        connection.execute(
            update(CounterRow).where(CounterRow.name == "slip_serial").values(value=SLIPS)
        )
        # A shop carrying a million open slips on a few outcomes caps one at more (issue 38).
        cap = "UPDATE settings SET value = '100000000000.00' WHERE name = 'max_liability'"
        connection.execute(text(cap))


def _quotes(connection: Connection) -> list[tuple[int, str, Decimal, int]]:
    """(event id, market, odds, version) of every quote of the demo line."""
    rows = connection.execute(
        select(OddsQuoteRow.event_id, OddsQuoteRow.market, OddsQuoteRow.odds, OddsQuoteRow.version)
        .join(EventRow)
        .order_by(OddsQuoteRow.id)
    )
    return [(event_id, market, odds, version) for event_id, market, odds, version in rows]


def _rows(
    serials: range,
    secret: bytes,
    quotes: list[tuple[int, str, Decimal, int]],
    rng: random.Random,
) -> tuple[list[dict[str, object]], list[dict[str, object]], list[dict[str, object]]]:
    """One chunk: single slips as accept_bet stores them, one leg and one stake movement each.

    The slips were issued over the year before NOW, in serial order, at three terminals; the
    request key is 32 random hex digits, as a uuid4().hex would be.
    """
    single = BetKind(BetType.SINGLE)
    stakes = [Decimal(s.replace(",", ".")) for s in STAKES]
    year = timedelta(days=365).total_seconds()
    slips: list[dict[str, object]] = []
    legs: list[dict[str, object]] = []
    cash: list[dict[str, object]] = []
    prices: dict[tuple[Decimal, Decimal], tuple[str, Decimal]] = {}
    for serial in serials:
        event_id, market, odds, version = rng.choice(quotes)
        stake = rng.choice(stakes)
        price = prices.get((odds, stake))
        if price is None:
            price = (str(total_odds(single, [odds])), possible_payout(single, stake, [odds]))
            prices[(odds, stake)] = price
        issued_at = NOW - timedelta(seconds=year * (1 - serial / (SLIPS + 1)))
        terminal = f"К{serial % 3 + 1}"
        cashier = "boss" if serial % 5 == 0 else "anna"  # the demo's cashier and manager
        slips.append(
            {
                "id": serial,
                "number": make_slip_number(serial, secret),
                "request_key": f"{rng.getrandbits(128):032x}",
                "kind": "single",
                "stake": stake,
                "total_odds": price[0],
                "possible_payout": price[1],
                "terminal": terminal,
                "cashier": cashier,
                "issued_at": issued_at,
                "status": "open",
                "agreed_in_play": False,
                "reprints": 0,
            }
        )
        legs.append(
            {
                "slip_id": serial,
                "position": 0,
                "member": 0,
                "event_id": event_id,
                "market": market,
                "odds": odds,
                "odds_version": version,
            }
        )
        cash.append(
            {
                "at": issued_at,
                "terminal": terminal,
                "cashier": cashier,
                "kind": "stake",
                "amount": stake,
                "slip_id": serial,
            }
        )
    return slips, legs, cash


# --- measuring --------------------------------------------------------------------------------


def _bets(
    line: dict[int, list[str]], rng: random.Random
) -> Iterator[tuple[list[PickOrBlock], str, str]]:
    """An endless counter mix: 60% singles, 30% expresses of 2–3 legs, 10% systems 2/3."""
    codes = sorted(line)
    while True:
        roll = rng.random()
        size = 1 if roll < 0.6 else 3 if roll >= 0.9 else rng.choice((2, 3))
        picks: list[PickOrBlock] = [
            (code, rng.choice(line[code])) for code in rng.sample(codes, size)
        ]
        if roll < 0.6:
            yield picks, rng.choice(STAKES), "single"
        elif roll < 0.9:
            yield picks, rng.choice(STAKES), "express"
        else:
            yield picks, rng.choice(SYSTEM_STAKES), "system 2/3"


def _empty_write_transaction(engine: Engine) -> None:
    with engine.begin():
        pass  # BEGIN IMMEDIATE (the engine's "begin" hook); COMMIT


def _durable_one_row_commit(engine: Engine) -> None:
    with engine.begin() as connection:
        connection.execute(
            update(CounterRow).where(CounterRow.name == PROBE).values(value=CounterRow.value + 1)
        )


@dataclass
class Timings:
    """Milliseconds per call: the bets with their kinds, the empty and one-row transactions, and
    the bets' writes replayed with plain sqlite3 (warm-up included in its shapes only)."""

    kinds: list[str] = field(default_factory=list)  # each bet's kind, in call order
    accepted: list[float] = field(default_factory=list)  # each bet's time, in call order
    empty: list[float] = field(default_factory=list)
    durable: list[float] = field(default_factory=list)
    replayed: list[float] = field(default_factory=list)
    replay: plain_sqlite3.Replay = field(default_factory=plain_sqlite3.Replay)
    sent: str = ""  # what a bet sent (plain_sqlite3.Recorder.sent_words)


def _measure(path: Path, calls: int) -> Timings:
    clock = FixedClock(NOW)
    storage = open_storage(f"sqlite:///{path}")  # what Shop.open does, keeping the engine
    printer = dummy_printer("TM-T20II")
    shop = assemble_shop(
        storage, clock=clock, terminal=TERMINAL, pin_hasher=PlainPinHasher(), printer=printer
    )
    engine = storage.engine
    timer = time.perf_counter_ns
    timings = Timings()
    twin: plain_sqlite3.Twin | None = None
    recorder: plain_sqlite3.Recorder | None = None
    try:
        desk: Desk = shop.login(*CASHIER)
        bets = _bets({row.event.code: sorted(row.odds) for row in desk.line()}, random.Random(7))
        # The sqlite3 reference: a copy of the file in this very state, then every write of
        # the app's engine recorded (untimed setup; the warm-up is replayed too).
        twin = plain_sqlite3.Twin.of(engine, path, path.with_name("sqlite3-twin.db"))
        recorder = plain_sqlite3.Recorder(engine)
        replay = twin.replay_call
        take = recorder.take

        def accept() -> tuple[str, float]:
            picks, stake, kind = next(bets)
            clock.advance(timedelta(seconds=3))
            started = timer()
            desk.accept_bet(picks, stake, kind)
            return kind, (timer() - started) / 1e6

        def timed(operation: Callable[[Engine], None]) -> float:
            started = timer()
            operation(engine)
            return (timer() - started) / 1e6

        for _ in range(WARM_UP):
            accept()
            timed(_empty_write_transaction)
            replay(take())
        for _ in range(calls):
            kind, ms = accept()
            timings.kinds.append(kind)
            timings.accepted.append(ms)
            timings.empty.append(timed(_empty_write_transaction))
            timings.replayed.append(replay(take()))
        recorder.close()
        twin.check(path)
        timings.replay = twin.replay
        timings.sent = recorder.sent_words()
        # For scale only, after the figure: what one durable commit costs on this disk.
        with engine.begin() as connection:
            connection.execute(insert(CounterRow).values(name=PROBE, value=0))
        timings.durable = [timed(_durable_one_row_commit) for _ in range(PROBES)]
        with engine.connect() as connection:
            slips = connection.scalar(text("SELECT count(*) FROM slips"))
        assert slips == SLIPS + WARM_UP + calls, slips
    finally:
        if recorder is not None:
            recorder.close()
        if twin is not None:
            twin.close()
        shop.close()
    return timings


def run(runs: int) -> list[str]:
    """Build (or reuse) the 1,000,000-slip database, then time `runs * 100` bets.

    Returns:
        The bench lines for the p95 and the median.
    """
    source = cached_database()
    warn_if_busy(_say)
    # The copy sits beside the cache, not in /tmp, which may be a RAM disk with free fsyncs.
    with tempfile.TemporaryDirectory(prefix="run-", dir=source.parent) as folder:
        copy = Path(folder) / "shop.db"
        started = time.perf_counter()
        shutil.copyfile(source, copy)
        with copy.open("rb+") as file:
            # Else the first WAL checkpoint's fsync writes out the whole fresh copy (~0.2 s).
            os.fsync(file.fileno())
        _say(f"copied the database in {time.perf_counter() - started:.1f} s")
        timings = _measure(copy, runs * CALLS_PER_RUN)
    accepted = timings.accepted
    bets: dict[str, list[float]] = {}
    for kind, ms in zip(timings.kinds, accepted, strict=True):
        bets.setdefault(kind, []).append(ms)
    kinds = ", ".join(
        f"{kind} ×{len(ms)} p50 {statistics.median(ms):.2f} ms" for kind, ms in bets.items()
    )
    _say(f"{len(accepted)} bets: {kinds}; slowest {max(accepted):.1f} ms")
    _say(
        f"one-row durable commit (for scale): p50 {statistics.median(timings.durable):.3f} ms, "
        f"p95 {_p95(timings.durable):.3f} ms"
    )
    replayed = timings.replayed
    _say(
        f"the bets' writes with plain sqlite3: p50 {statistics.median(replayed):.3f} ms, "
        f"p95 {_p95(replayed):.3f} ms, slowest {max(replayed):.1f} ms; "
        f"{timings.replay.shape()}"
    )
    _say(f"what the app sent: {timings.sent}")
    ref_name = timings.replay.ref_name
    warn_if_busy(_say)
    return [
        _line("accept_bet_p95", _p95(accepted), _p95(timings.empty)),
        _line("accept_bet_p50", statistics.median(accepted), statistics.median(timings.empty)),
        plain_sqlite3.versus("accept_bet_p95_vs_sqlite3", accepted, replayed, ref_name, _say),
    ]
