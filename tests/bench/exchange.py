"""«Спрэдбетэкс» at scale (issue 20): accepting part of an offer among 100,000 open ones, and
settling 100,000 paris of one event, each against its fixed-odds counterpart.

`exchange_accept_p95` times the whole `desk.accept_pari(account, offer, stake=…)` of the demo
cashier on a SQLite file opened as the app opens it (main.open_shop: WAL, synchronous=FULL,
BEGIN IMMEDIATE): the lapse sweep in a transaction of its own (the open offers whose event has
started: none, every event is ahead), then the acceptance — the offer and both accounts
locked, the pari numbered, the acceptor's risk blocked (a lay offer's rounding kopeck
released), the offer and the pari written, an audit line, one durable commit — and the pari's
confirmation printed to a Dummy printer. Each acceptance takes a small part (1–5 roubles) of a
different random open offer, by a different account, never the offerer. The reference,
`accept_bet_same_db`, is `desk.accept_bet([(event, market)], stake)`, a fixed-odds single on
the demo line (saved waiting for its print, rendered with its receipt to the Dummy, then
issued: two durable commits), on the same database; the two are interleaved call by call,
which goes first alternating, 10 of each to warm up and 100 timed per run, each run on a fresh
copy. The p95s of all runs' calls are compared: goal ≤ 1.5.

Its database: the demo (line and users) seeded at NOW; 400 players' accounts of 500,000
roubles; 100,000 open offers on the demo line's events and markets (back or lay, the line's
odds − 1 ± 0,05 as the coefficient, 10–1,000 roubles) by those accounts, one every half second
from NOW, written as pos.exchange.counter.make_offer writes them (tests/bench/exchange_offers.py),
20,000 to a transaction.

`exchange_settle_100k` times `shop.settle()` whole (the slips, none open there; the lapse
sweep, nothing to lapse; then the event's paris in one transaction, pos.exchange.settling.
settle_event: the settlement lock, the concluded paris read as their terms and settled with
numpy (pos.exchange.batch), the accounts locked, each one's release and result as two
statement lines, the settlements written and the paris taken off the concluded ones, an
audit line) on a database holding 100,000 concluded paris on the demo's event 101 — about
46,000 offers on its 14 markets by the 400 accounts, each accepted wholly in 1–4 parts by
others, written as counter.accept_offer writes them — with the result 2:1 recorded through
the app. The reference, `settle_100k_singles`, is `shop.settle()` on a database with 100,000
open singles on the same event and markets, the same result recorded, stored as accept_bet
stores them (tests/bench/exchange_singles.py). Each round copies both databases afresh and
times both, alternating which goes first (at most 3 rounds). Goal ≤ 1.5.

Over a goal, stderr shows cProfile's top entries by cumulative time (and by own time) of more
timed calls: 50 acceptances (one alone rounds to nothing at pstats' millisecond); one
settlement of the paris' database.

The databases are built once per schema revision (tests.bench.cache, BETSHOP_BENCH_CACHE),
each ending with `shop.verify().ok` (the audit chains, every account's statement against its
balance and its blocked money against its offers and paris): the offers' in about 30 s, the
paris' in about a minute, the singles' in about 15 s (2 cores). The same plans written through
the use cases (desk.offer_pari, desk.accept_pari, desk.accept_bet) give the same rows. The
copies sit beside the cache (not in /tmp, which may be a RAM disk) and are fsynced before
they are used.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from main import open_shop
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from printing.profiles import dummy_printer
from tests.bench.cache import build_on_the_demo, cached_database
from tests.bench.exchange_offers import (
    EVENT,
    NOW,
    OFFERS,
    PARIS,
    TELLER,
    offers_plan,
    paris_plan,
    say,
    write_plan,
)
from tests.bench.exchange_singles import BET_STAKES, fill_singles
from tests.fakes import PlainPinHasher

ACCEPT_AT = datetime(2026, 12, 1, 6, 0, tzinfo=UTC)  # after the last offer, before any start
RESULT_AT = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)  # event 101 kicked off at 16:00 UTC
SETTLE_AT = datetime(2026, 12, 2, 7, 0, tzinfo=UTC)
CASHIER = ("anna", "4821")
MANAGER = ("boss", "9911")
SCORE = (2, 1)
CALLS = 100  # timed acceptances (and bets) per run
WARM_UP = 10
PROFILED = 50  # acceptances under cProfile when the ratio is above the goal
ROUNDS = 3  # settlement rounds at most
GOAL = 1.5
RECIPE = 3  # bump when a database's recipe changes (tests/bench/exchange_*.py)
TAKE_STAKES = (1, 2, 3, 5)


def _p95(samples: Sequence[float]) -> float:
    return statistics.quantiles(samples, n=100)[94]


# --- building ---------------------------------------------------------------------------------


def _open(path: Path, clock: FixedClock) -> Shop:
    """The shop on the file as the app opens it, printing to a Dummy."""
    return open_shop(
        f"sqlite:///{path}",
        clock=clock,
        terminal=TELLER.terminal,
        pin_hasher=PlainPinHasher(),
        printer=dummy_printer("TM-T20II"),
        jobs_dir=path.parent / "prints",
    )


def _finish(path: Path, *, result: bool) -> None:
    """Record EVENT's result through the app (at RESULT_AT) if asked, then check the file:
    the audit chains and every account's statement against its balance."""
    shop = _open(path, FixedClock(RESULT_AT if result else ACCEPT_AT))
    try:
        if result:
            boss = shop.login(*MANAGER)
            boss.record_result(EVENT, home=SCORE[0], away=SCORE[1], source="протокол матча")
        checked = shop.verify()
        assert checked.ok, checked
    finally:
        shop.close()
    leftovers = [p.name for p in path.parent.glob(path.name + "-*")]
    assert not leftovers, f"the WAL was not folded into {path}: {leftovers}"


def _build_offers(path: Path) -> None:
    build_on_the_demo(path, NOW, lambda engine: write_plan(engine, offers_plan))
    _finish(path, result=False)


def _build_paris(path: Path) -> None:
    build_on_the_demo(path, NOW, lambda engine: write_plan(engine, paris_plan))
    _finish(path, result=True)


def _build_singles(path: Path) -> None:
    build_on_the_demo(path, NOW, fill_singles)
    _finish(path, result=True)


def _fresh_copy(source: Path, target: Path) -> Path:
    for old in target.parent.glob(target.name + "*"):
        old.unlink()
    shutil.copyfile(source, target)
    with target.open("rb+") as handle:
        os.fsync(handle.fileno())  # else the first checkpoint writes the whole copy out
    return target


def _discard(path: Path) -> None:
    for leftover in path.parent.glob(path.name + "*"):
        leftover.unlink()


def _profiled(call: Callable[[], object]) -> str:
    profiler = cProfile.Profile()
    profiler.runcall(call)
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(15)
    stats.sort_stats("tottime").print_stats(10)
    return out.getvalue()


# --- exchange_accept_p95 ----------------------------------------------------------------------


@dataclass
class _Accepting:
    """Milliseconds per call of one run, and the profile of PROFILED more acceptances."""

    paris: list[float]
    bets: list[float]
    profile: str = ""


def _open_offers(path: Path) -> tuple[list[tuple[str, str]], list[str]]:
    """(number, offerer) of every open offer, and every account number, of the file."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)) as connection:
        offers = connection.execute(
            "SELECT number, account_number FROM exchange_offers WHERE status = 'open' ORDER BY id"
        ).fetchall()
        accounts = [row[0] for row in connection.execute("SELECT number FROM accounts ORDER BY id")]
    assert len(offers) == OFFERS, len(offers)
    return [(str(n), str(a)) for n, a in offers], accounts


def _takes(
    rng: random.Random, offers: list[tuple[str, str]], accounts: list[str], count: int
) -> list[tuple[str, str, Decimal]]:
    """(acceptor, offer, stake) of `count` acceptances: each of a different random offer, by a
    different account (while there are accounts), never the offerer."""
    pool = list(accounts)
    rng.shuffle(pool)
    takes = []
    index = 0
    for number, offerer in rng.sample(offers, count):
        if pool[index % len(pool)] == offerer:
            index += 1
        takes.append((pool[index % len(pool)], number, Decimal(rng.choice(TAKE_STAKES))))
        index += 1
    return takes


def _accept_run(
    path: Path, seed: int, offers: list[tuple[str, str]], accounts: list[str], *, profile: bool
) -> _Accepting:
    clock = FixedClock(ACCEPT_AT)
    shop = _open(path, clock)
    timer = time.perf_counter_ns
    rng = random.Random(seed)
    done = _Accepting([], [])
    try:
        desk = shop.login(*CASHIER)
        picks = [(row.event.code, market) for row in desk.line() for market in sorted(row.odds)]
        takes = _takes(rng, offers, accounts, WARM_UP + CALLS + PROFILED * profile)

        def accept(index: int) -> float:
            account, number, stake = takes[index]
            started = timer()
            pari = desk.accept_pari(account, number, stake=stake)
            elapsed = (timer() - started) / 1e6
            assert pari.stake == stake and pari.offer_number == number
            return elapsed

        def bet() -> float:
            pick, stake = rng.choice(picks), rng.choice(BET_STAKES)
            started = timer()
            desk.accept_bet([pick], stake)
            return (timer() - started) / 1e6

        for index in range(WARM_UP + CALLS):
            clock.advance(timedelta(seconds=3))
            if index % 2:
                ms_bet, ms_pari = bet(), accept(index)
            else:
                ms_pari, ms_bet = accept(index), bet()
            if index >= WARM_UP:
                done.paris.append(ms_pari)
                done.bets.append(ms_bet)
        if profile:

            def more() -> None:
                for index in range(WARM_UP + CALLS, len(takes)):
                    clock.advance(timedelta(seconds=3))
                    accept(index)

            done.profile = _profiled(more)
    finally:
        shop.close()
    with closing(sqlite3.connect(path)) as connection:
        paris = connection.execute("SELECT count(*) FROM exchange_paris").fetchone()[0]
        slips = connection.execute("SELECT count(*) FROM slips WHERE status = 'open'").fetchone()[0]
    assert paris == len(takes) and slips == WARM_UP + CALLS, (paris, slips)
    return done


def run_accept(runs: int) -> list[str]:
    """`runs` runs of 100 acceptances and 100 bets, interleaved, each on a fresh copy."""
    cached = cached_database(f"exchange_offers-{OFFERS}", RECIPE, _build_offers)
    offers, accounts = _open_offers(cached)
    paris: list[float] = []
    bets: list[float] = []
    profile = ""
    runs = max(runs, 1)
    with tempfile.TemporaryDirectory(prefix="run-", dir=cached.parent) as folder:
        for index in range(runs):
            copy = _fresh_copy(cached, Path(folder) / "shop.db")
            done = _accept_run(copy, index, offers, accounts, profile=index == runs - 1)
            _discard(copy)
            paris += done.paris
            bets += done.bets
            profile = done.profile or profile
            say(
                f"run {index + 1}: accept_pari p50 {statistics.median(done.paris):.2f} ms, "
                f"p95 {_p95(done.paris):.2f} ms; accept_bet p50 "
                f"{statistics.median(done.bets):.2f} ms, p95 {_p95(done.bets):.2f} ms"
            )
    value, ref = _p95(paris), _p95(bets)
    say(
        f"{len(paris)} acceptances: p50 {statistics.median(paris):.2f} ms, p95 {value:.2f} ms, "
        f"slowest {max(paris):.1f} ms; {len(bets)} bets: p50 {statistics.median(bets):.2f} ms, "
        f"p95 {ref:.2f} ms"
    )
    if value / ref > GOAL:
        say(
            f"ratio {value / ref:.2f} above {GOAL}: {PROFILED} more acceptances under cProfile "
            f"(one alone is below pstats' millisecond)\n{profile}"
        )
    return [
        f"bench: exchange_accept_p95 value={value:.3f} unit=ms ref={ref:.3f} "
        f"ref_name=accept_bet_same_db ratio={value / ref:.2f}"
    ]


# --- exchange_settle_100k ---------------------------------------------------------------------


def _settle(path: Path, *, profile: bool = False) -> tuple[float, str]:
    """Seconds of `shop.settle()` on the file, and its report (or its profile)."""
    shop = _open(path, FixedClock(SETTLE_AT))
    try:
        started = time.perf_counter()
        said = _profiled(shop.settle) if profile else shop.settle().words()
        seconds = time.perf_counter() - started
    finally:
        shop.close()
    return seconds, said


def _settled(path: Path, *, paris: bool) -> str:
    """What the settlement left: every pari settled or void, or a settlement per slip."""
    with closing(sqlite3.connect(path)) as connection:
        if paris:
            states = dict(
                connection.execute(
                    "SELECT status, count(*) FROM exchange_settlements GROUP BY status"
                )
            )
            left = connection.execute("SELECT count(*) FROM exchange_concluded").fetchone()[0]
            assert sum(states.values()) == PARIS and not left, (states, left)
            lines = connection.execute(  # written at the settlement's moment, the last
                "SELECT count(*) FROM account_movements "
                "WHERE at = (SELECT max(at) FROM account_movements)"
            ).fetchone()[0]
            done = ", ".join(f"{status} {count:,}" for status, count in sorted(states.items()))
            return f"{done}; {lines:,} statement lines"
        settled = connection.execute("SELECT count(*) FROM settlements").fetchone()[0]
    assert settled == PARIS, settled
    return f"{settled:,} settlements"


def run_settle(runs: int) -> list[str]:
    """Rounds of both settlements on fresh copies, alternating which goes first."""
    paris_db = cached_database(f"exchange_paris-{PARIS}", RECIPE, _build_paris)
    singles_db = cached_database(f"exchange_singles-{PARIS}", RECIPE, _build_singles)
    ours: list[float] = []
    refs: list[float] = []
    with tempfile.TemporaryDirectory(prefix="run-", dir=paris_db.parent) as folder:
        copy = Path(folder) / "shop.db"
        for round_no in range(max(1, min(runs, ROUNDS))):
            said = []
            for paris in (True, False) if round_no % 2 == 0 else (False, True):
                _fresh_copy(paris_db if paris else singles_db, copy)
                seconds, report = _settle(copy)
                settled = _settled(copy, paris=paris)
                words = settled if paris else f"{report} {settled}"
                _discard(copy)
                (ours if paris else refs).append(seconds)
                said.append(f"{'paris' if paris else 'singles'} {seconds:.2f} s ({words})")
            say(f"round {round_no + 1}: " + "; ".join(said))
        value, ref = statistics.median(ours), statistics.median(refs)
        if value / ref > GOAL:
            _fresh_copy(paris_db, copy)
            seconds, profile = _settle(copy, profile=True)
            _discard(copy)
            say(
                f"ratio {value / ref:.2f} above {GOAL}: the paris' shop.settle() under cProfile "
                f"({seconds:.1f} s)\n{profile}"
            )
    return [
        f"bench: exchange_settle_100k value={value:.3f} unit=s ref={ref:.3f} "
        f"ref_name=settle_100k_singles ratio={value / ref:.2f}"
    ]
