"""Paying a winning slip out among 1,000,000 slips, against the same on the demo line.

The figure of issue #6: the 95th percentile (and the median) of `Desk.pay_out`, in
milliseconds, on a SQLite file opened as the app opens it (`Shop.open`: WAL,
`synchronous=FULL`, every transaction `BEGIN IMMEDIATE`) holding 1,000,000 settled slips.
The goal is p95 ≤ 15 ms.

What is timed: the whole `desk.pay_out(number, PASSPORT)` call of the signed-in demo cashier
at a `FixedClock` on the day after the matches ended (inside every slip's payout period):
the corrections lock, the slip read for update with its legs, results and settlement, the
document and age checked and recorded, the slip marked paid, the journal number taken, the
fiscal expense receipt numbered on the terminal's register, the cash movement and the audit
line, the receipt and the player's payout note rendered to ESC/POS bytes and written to an
escpos `Dummy` printer (no device I/O), one durable commit (the receipt is recorded as
printed: a failed print rolls it back).

The database is the settle benchmark's cached one (tests.bench.settle: 60% singles, 30%
expresses of 2–10 legs, 10% systems up to 10/20 on 3,000 matches that ended the day before
its NOW). Each run copies it beside the cache (fsynced, never in /tmp), then, untimed: gives
every slip a real printed number (the settle recipe numbers its slips `0000000000042`,
which has no check code, so `find_slip` would refuse it; the copy gets
`pos.betting.numbers.make_slip_number(id, secret)` for all 1,000,000, so the number index holds
real numbers), opens it with `Shop.open`, settles it once (`shop.settle()`), and picks
WARM_UP + max(PAYOUTS, 50 × --runs) distinct won slips at random (seeded). The cache is
never written; the copies are deleted after the run.

The reference, `payout_demo_db`, is the same call on a small database of the same schema:
the demo line (10 events) with a few hundred slips taken through `desk.accept_bet` (a mix of
singles, expresses of 2–3 legs and systems 2/3, mostly on outcomes that won), its results
recorded by the demo manager; it is built once per schema revision into the cache too, and
each run copies and settles it the same way. The two are paid interleaved, one payout of
each in turn, so both see the same load on the machine: the ratio shows what 1,000,000
slips add to a payout. The demo slips have 1 to 3 legs and the settle mix up to 20 (a leg
costs a result lookup and a line of the note), so stderr also gives the 1,000,000-slip
figures of the slips of 1–3 legs alone. After the run both journals must be numbered 1..N
without a gap. `statistics.quantiles(data, n=100)[94]` is the p95.

The second reference (issue #15), `sqlite3_same_writes`, is the physical cost of the
payout's write: after each payout on the 1,000,000-slip copy, the very statements it wrote,
recorded on its engine, are replayed with plain `sqlite3` on a twin copy of that database
(made after the settling, just before the warm-up) in the same number of durable
transactions, with the app's PRAGMAs and its BEGIN IMMEDIATE (tests.bench.plain_sqlite3).
Nothing here lists the payout's statements: the recording is the list, so when the payout
becomes two transactions (issue #15: saved waiting for its print with its receipt number
planned, printed, then made) the reference does too. It gives `payout_p95_vs_sqlite3`
(goal: ratio ≤ 3); stderr says what a payout wrote, the replay's median, a load above 1,
and where 95 % of the ratios fall when the run's calls are resampled (`plain_sqlite3.versus`).
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from escpos.printer import Dummy
from sqlalchemy import Engine

from db.bootstrap import open_storage
from main import assemble_shop, open_shop
from pos.betting.counter import SECRET_SETTING
from pos.betting.numbers import make_slip_number
from pos.betting.pricing import PickOrBlock
from pos.core.clock import FixedClock
from pos.line.markets import LegOutcome
from pos.settlement.rules import market_outcome
from pos.shop.desk import Desk
from pos.shop.services import Shop
from printing.profiles import dummy_printer
from tests.bench import plain_sqlite3, settle
from tests.bench.accept_bet import STAKES, SYSTEM_STAKES, warn_if_busy
from tests.bench.cache import cached_database as cached_database_named
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.shifts import registered, reopen_shift

GOAL_MS = 15.0
PAYOUTS = 300  # timed payouts of each database (at least; more with --runs above 6)
WARM_UP = 10
# The settle database's matches ended the day before its NOW, so NOW (12:00 in Minsk) is the
# first day of every slip's payout period; the demo database is dated to end the same way.
NOW = settle.NOW
TERMINAL = "К1"
# The float of the paying shift: more than all the won slips of the settle database pay
# (623 million roubles), so no payout is refused for the drawer.
FLOAT = "1000000000"
CASHIER = ("anna", "4821")
MANAGER = ("boss", "9911")
# The demo database: bump RECIPE when the way it is built changes.
RECIPE = 2
DEMO_BETS = 900  # about 790 won: enough for --runs up to 15
DEMO_SEEDED = NOW - timedelta(days=5)  # the demo line's events are 1 to 4 days after this
RESULTS_AT = NOW - timedelta(hours=6)
WINNING_LEG = 0.9  # the share of demo legs picked among the outcomes that won
# The demo line's results (code: home, away): every market has a winner and a loser.
SCORES: dict[int, tuple[int, int]] = {
    101: (2, 1),
    102: (1, 1),
    103: (0, 2),
    104: (3, 1),
    105: (1, 2),
    201: (4, 2),
    202: (3, 3),
    203: (2, 5),
    301: (88, 79),
    302: (80, 84),
}


def _say(message: str) -> None:
    sys.stderr.write(f"payout: {message}\n")
    sys.stderr.flush()


_p95 = plain_sqlite3.p95


def _line(name: str, value: float, ref: float, ref_name: str = "payout_demo_db") -> str:
    return (
        f"bench: {name} value={value:.3f} unit=ms ref={ref:.3f} "
        f"ref_name={ref_name} ratio={value / ref:.2f}"
    )


# --- the demo-line database (the reference) --------------------------------------------------


def demo_database() -> Path:
    """The demo line with a few hundred slips and all results, built first if missing."""
    return cached_database_named("payout-demo", RECIPE, _build_demo)


def _build_demo(path: Path) -> None:
    clock = FixedClock(DEMO_SEEDED)
    shop = open_shop(
        f"sqlite:///{path}",
        clock=clock,
        terminal=TERMINAL,
        pin_hasher=PlainPinHasher(),
        printer=dummy_printer(),
    )
    try:
        shop.seed_demo()
        anna = shop.login(*CASHIER)
        line = {row.event.code: row for row in anna.line()}
        assert sorted(line) == sorted(SCORES), sorted(line)
        won: dict[int, list[str]] = {}
        other: dict[int, list[str]] = {}
        for code, row in line.items():
            for market in sorted(row.odds):
                outcome = market_outcome(market, *SCORES[code])[0]
                (won if outcome is LegOutcome.WON else other).setdefault(code, []).append(market)
        rng = random.Random(6)
        codes = sorted(line)
        for _ in range(DEMO_BETS):
            roll = rng.random()
            size = 1 if roll < 0.6 else 3 if roll >= 0.9 else rng.choice((2, 3))
            picks: list[PickOrBlock] = []
            for code in rng.sample(codes, size):
                pool = won[code] if rng.random() < WINNING_LEG or code not in other else other[code]
                picks.append((code, rng.choice(pool)))
            kind = "single" if size == 1 else "system 2/3" if roll >= 0.9 else "express"
            stake = rng.choice(SYSTEM_STAKES if roll >= 0.9 else STAKES)
            clock.advance(timedelta(seconds=3))
            anna.accept_bet(picks, stake, kind)
        clock.set(RESULTS_AT)
        boss = shop.login(*MANAGER)
        for code, (home, away) in SCORES.items():
            ended = line[code].event.starts_at + timedelta(hours=2)
            boss.record_result(code, home, away, ended_at=ended, source="протокол")
    finally:
        shop.close()  # the last connection closing checkpoints the WAL into the file
    leftovers = [p.name for p in path.parent.glob(path.name + "-*")]
    assert not leftovers, f"the WAL was not folded into {path}: {leftovers}"


# --- measuring --------------------------------------------------------------------------------


def _copy(source: Path, target: Path) -> None:
    shutil.copyfile(source, target)
    with target.open("rb+") as file:
        # Else the first checkpoint's fsync writes out the whole fresh copy.
        os.fsync(file.fileno())


def _renumber(path: Path) -> None:
    """Give every slip of the copy its printed number (the settle recipe's have no check code).

    Slips 10 and up first: their new numbers are above every old one (`0000001000000` at
    most), so no unique-index clash can happen in between.
    """
    connection = sqlite3.connect(path)
    try:
        (secret,) = connection.execute(
            "SELECT value FROM settings WHERE name = ?", (SECRET_SETTING,)
        ).fetchone()
        key = bytes.fromhex(secret)
        connection.create_function(
            "bench_number", 1, lambda serial: make_slip_number(serial, key), deterministic=True
        )
        connection.execute("PRAGMA cache_size=-262144")
        with connection:
            connection.execute("UPDATE slips SET number = bench_number(id) WHERE id >= 10")
            connection.execute("UPDATE slips SET number = bench_number(id) WHERE id < 10")
    finally:
        connection.close()  # checkpoints the WAL into the file


def _won_numbers(path: Path) -> list[str]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute(
            "SELECT s.number FROM settlements AS t JOIN slips AS s ON s.id = t.slip_id "
            "WHERE t.status = 'won' ORDER BY s.id"
        ).fetchall()
    finally:
        connection.close()
    return [number for (number,) in rows]


def _legs(path: Path, numbers: list[str]) -> list[int]:
    """How many legs each of these slips has."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [
            connection.execute(
                "SELECT count(*) FROM slip_legs WHERE slip_id = "
                "(SELECT id FROM slips WHERE number = ?)",
                (number,),
            ).fetchone()[0]
            for number in numbers
        ]
    finally:
        connection.close()


def _journal_numbers(path: Path) -> list[int]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT number FROM journal_entries ORDER BY number").fetchall()
        (paid,) = connection.execute("SELECT count(*) FROM slips WHERE status = 'paid'").fetchone()
    finally:
        connection.close()
    numbers = [number for (number,) in rows]
    assert paid == len(numbers), (paid, len(numbers))
    return numbers


@dataclass
class Till:
    """One database copy opened as the app opens it, with the slips to pay on it."""

    name: str
    path: Path
    engine: Engine
    shop: Shop
    desk: Desk
    clock: FixedClock
    printer: Dummy
    numbers: list[str]
    legs: list[int]  # of each slip in `numbers`
    paid: int = 0
    ms: list[float] = field(default_factory=list)

    def pay(self) -> float:
        """Pay the next slip; milliseconds of the `pay_out` call alone."""
        number = self.numbers[self.paid]
        self.clock.advance(timedelta(seconds=3))
        started = time.perf_counter_ns()
        entry = self.desk.pay_out(number, PASSPORT)
        elapsed = (time.perf_counter_ns() - started) / 1e6
        self.paid += 1
        assert entry.number == self.paid and entry.slip_number == number, entry
        assert self.printer.output, "nothing was printed"
        self.printer.clear()
        return elapsed

    def check_journal(self) -> None:
        numbers = _journal_numbers(self.path)
        assert numbers == list(range(1, self.paid + 1)), (self.name, numbers[:5], len(numbers))


def open_till(name: str, source: Path, folder: Path, count: int, *, renumber: bool) -> Till:
    """Copy `source` into `folder`, settle the copy once and pick `count` won slips to pay."""
    path = folder / f"{name}.db"
    started = time.perf_counter()
    _copy(source, path)
    if renumber:
        _renumber(path)
    prepared = time.perf_counter()
    clock = FixedClock(NOW)
    printer = dummy_printer()
    storage = open_storage(f"sqlite:///{path}")  # what Shop.open does, keeping the engine
    shop = assemble_shop(
        storage,
        clock=clock,
        terminal=TERMINAL,
        pin_hasher=PlainPinHasher(),
        printer=printer,
    )
    try:
        assert shop.register_serial(), f"{name}: the terminal has no register serial"
        report = shop.settle()
        won = _won_numbers(path)
        assert len(won) >= count, f"{name}: only {len(won)} won slips, {count} wanted"
        numbers = random.Random(f"payout-{name}").sample(won, count)
        legs = _legs(path, numbers)
        desk = shop.login(*CASHIER)
        # The day the slips are paid has its own shift (untimed), its drawer holding more
        # than the payouts (issue #15 caps a payout by the drawer; the check is a balance on
        # the shift row, the same cost whatever the float).
        registered(shop)  # a database cached before issue 34 has no registration yet
        reopen_shift(desk, cash=FLOAT)
    except BaseException:
        shop.close()
        raise
    _say(
        f"{name}: copied{' and renumbered' if renumber else ''} in {prepared - started:.1f} s, "
        f"settled in {time.perf_counter() - prepared:.1f} s ({report.words()}); "
        f"{len(won):,} won slips"
    )
    return Till(name, path, storage.engine, shop, desk, clock, printer, numbers, legs)


def run(runs: int) -> list[str]:
    """Pay WARM_UP + max(PAYOUTS, 50 × runs) won slips on each database, interleaved.

    Returns:
        The bench lines for the p95 and the median.
    """
    calls = max(PAYOUTS, 50 * runs)
    big_source = settle.cached_database()
    small_source = demo_database()
    replayed: list[float] = []
    # The copies sit beside the cache, not in /tmp, which may be a RAM disk with free fsyncs.
    with tempfile.TemporaryDirectory(prefix="payout-run-", dir=big_source.parent) as folder:
        big = open_till("slips-1m", big_source, Path(folder), WARM_UP + calls, renumber=True)
        try:
            small = open_till("demo", small_source, Path(folder), WARM_UP + calls, renumber=False)
            twin = plain_sqlite3.Twin.of(big.engine, big.path, Path(folder) / "sqlite3-twin.db")
            recorder = plain_sqlite3.Recorder(big.engine)
            try:
                for _ in range(WARM_UP):
                    big.pay()
                    small.pay()
                    twin.replay_call(recorder.take())
                for _ in range(calls):
                    big.ms.append(big.pay())
                    small.ms.append(small.pay())
                    replayed.append(twin.replay_call(recorder.take()))
                recorder.close()
                twin.check(big.path)
            finally:
                recorder.close()
                twin.close()
                small.shop.close()
            small.check_journal()
        finally:
            big.shop.close()
        big.check_journal()
    value, ref = _p95(big.ms), _p95(small.ms)
    verdict = "met" if value <= GOAL_MS else "NOT met"
    _say(
        f"{calls} payouts each: 1,000,000 slips p50 {statistics.median(big.ms):.2f} ms, "
        f"p95 {value:.2f} ms, slowest {max(big.ms):.1f} ms; demo line p50 "
        f"{statistics.median(small.ms):.2f} ms, p95 {ref:.2f} ms, slowest {max(small.ms):.1f} ms"
    )
    # The demo line's slips have 1 to 3 legs; the settle mix has up to 20, and each leg costs
    # a result lookup and a line of the note: the same sizes show what the row count costs.
    small_sized = [ms for ms, legs in zip(big.ms, big.legs[WARM_UP:], strict=True) if legs <= 3]
    large_sized = [ms for ms, legs in zip(big.ms, big.legs[WARM_UP:], strict=True) if legs >= 10]
    if len(small_sized) > 1 and large_sized:
        _say(
            f"1,000,000 slips, slips of 1-3 legs only (as on the demo line): {len(small_sized)} "
            f"payouts, p50 {statistics.median(small_sized):.2f} ms, p95 "
            f"{_p95(small_sized):.2f} ms; of 10-20 legs: {len(large_sized)} payouts, p50 "
            f"{statistics.median(large_sized):.2f} ms"
        )
    _say(f"goal p95 ≤ {GOAL_MS:g} ms: {verdict} ({value:.2f} ms)")
    _say(
        f"the payouts' writes with plain sqlite3: p50 {statistics.median(replayed):.3f} ms, "
        f"p95 {_p95(replayed):.3f} ms, slowest {max(replayed):.1f} ms; {twin.replay.shape()}; "
        f"what the app sent: {recorder.sent_words()}"
    )
    warn_if_busy(_say)  # the last minute's load: the run's (issue 34: quote a quiet machine's)
    return [
        _line("payout_p95", value, ref),
        _line("payout_p50", statistics.median(big.ms), statistics.median(small.ms)),
        plain_sqlite3.versus("payout_p95_vs_sqlite3", big.ms, replayed, twin.replay.ref_name, _say),
    ]
