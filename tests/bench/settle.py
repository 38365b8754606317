"""Settling 1,000,000 open slips, against writing 1,000,000 rows of the same width with Core.

The figure of issue #5: `Shop.settle()` on a SQLite file opened as the app opens it (WAL,
`synchronous=FULL`, every transaction `BEGIN IMMEDIATE`) holding 1,000,000 open slips whose
events all have results — about 60% singles, 30% expresses of 2 to 10 legs and 10% systems
from 2/3 up to 10/20 (the legs on a line of 3,000 matches with 14 markets each, integer
totals and handicaps among them, so some legs are void; 2% of the matches postponed or
cancelled). What is timed is the whole run: reading every unsettled slip's terms in chunks
of 50,000, settling them (pos.settlement.batch) and writing a settlement row per slip, one
transaction per chunk. The goal is a ratio of at most 2.

The reference, `core_write_1m`, writes 1,000,000 rows of the same width — the settlement
row: an integer key, a status word, kopecks and a moment — into a table of the settlements'
own shape (made from `db.tables.SettlementRow`: primary key, foreign key to the slips,
checks), through the same engine, with the same SQLAlchemy Core call and statement
(`exec_driver_sql` of `INSERT … ON CONFLICT DO NOTHING` with a list of tuples), in the same
chunks of 50,000, one transaction per chunk, building its tuples inside the timing as
settlement builds its own. So the ratio is what reading and settling add to writing the
rows. The same rows written into a bare table (integer key only, no foreign key or checks)
are timed too and printed on stderr with the ratio against them.

Each round copies the cached database afresh (fsynced, beside the cache, not in /tmp) and
times the reference and the run on that copy, alternating which goes first. The database is
built once per schema revision into BETSHOP_BENCH_CACHE (default `.bench-cache/`), through
the app's own encoding of slips (`pos.settlement.batch.encode_terms`) and Core executemany.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from math import comb
from pathlib import Path

import numpy as np
from sqlalchemy import BigInteger, Column, Engine, Integer, MetaData, String, Table, insert, text

from db.bootstrap import open_storage
from db.tables import EventResultRow, EventRow, SettlementRow, SlipLegRow, SlipRow, SlipTermsRow
from db.types import UTCDateTime
from main import assemble_shop
from pos.betting.bets import BetKind, BetType, possible_payout
from pos.betting.slips import Leg, Slip
from pos.core.clock import FixedClock
from pos.settlement.results import ResultStatus
from pos.settlement.terms import encode_terms
from pos.shop.services import Shop
from tests.bench.cache import build_on_the_demo
from tests.bench.cache import cached_database as cached_database_named
from tests.fakes import PlainPinHasher

SLIPS = 1_000_000
CHUNK = 50_000
EVENTS = 3_000
RECIPE = 2
# The matches were played the day before; the slips were taken in the week before that.
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
KICKOFF = NOW - timedelta(days=1)
MARKETS = (
    "1", "X", "2", "1X", "X2", "12", "O2.5", "U2.5", "O3", "U3", "H1-1.5", "H2+1.5", "H1-1",
    "H2+1",
)  # fmt: skip
REF_TABLE = "bench_core_write"
# What a settlement row write would be with Core's executemany: one row of parameters each.
_INSERT = (
    f"INSERT INTO {REF_TABLE} (slip_id, status, payout, settled_at) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (slip_id) DO NOTHING"
)


def _say(message: str) -> None:
    sys.stderr.write(f"settle: {message}\n")
    sys.stderr.flush()


def cached_database() -> Path:
    """The database of this schema revision with 1,000,000 open slips, built if missing."""
    return cached_database_named(f"settle-{SLIPS}", RECIPE, _build)


def _build(path: Path) -> None:
    build_on_the_demo(path, NOW, _fill)


def _fill(engine: Engine) -> None:
    rng = random.Random(5)
    first_code = 10_000
    odds = {
        (code, market): Decimal(rng.randint(110, 400)) / 100
        for code in range(first_code, first_code + EVENTS)
        for market in MARKETS
    }
    with engine.begin() as connection:
        connection.execute(
            insert(EventRow),
            [
                {
                    "id": 1000 + n,
                    "code": first_code + n,
                    "sport": "football",
                    "home": f"Хозяева {n}",
                    "away": f"Гости {n}",
                    "starts_at": KICKOFF,
                    "tournament": "",
                    "suspended": False,
                }
                for n in range(EVENTS)
            ],
        )
        connection.execute(insert(EventResultRow), list(_results(rng, first_code)))
    codes = list(range(first_code, first_code + EVENTS))
    started = time.perf_counter()
    for first in range(1, SLIPS + 1, CHUNK):
        slips, legs, terms = [], [], []
        for slip_id in range(first, min(first + CHUNK, SLIPS + 1)):
            slip = _slip(rng, codes, odds, slip_id)
            slips.append(_slip_row(slip_id, slip))
            for position, (member, leg) in enumerate(
                (m, leg) for m, block in enumerate(slip.members) for leg in block
            ):
                legs.append(
                    {
                        "slip_id": slip_id,
                        "position": position,
                        "member": member,
                        "event_id": 1000 + leg.event_code - first_code,
                        "market": leg.market,
                        "odds": leg.odds,
                        "odds_version": 1,
                    }
                )
            terms.append({"slip_id": slip_id, "terms": encode_terms(slip)})
        with engine.begin() as connection:
            connection.exec_driver_sql("PRAGMA cache_size=-262144")
            connection.execute(insert(SlipRow), slips)
            connection.execute(insert(SlipLegRow), legs)
            connection.execute(insert(SlipTermsRow), terms)
        if (first + CHUNK - 1) % 200_000 == 0:
            _say(f"  {first + CHUNK - 1:,} slips after {time.perf_counter() - started:.0f} s")


def _results(rng: random.Random, first_code: int) -> Iterator[dict[str, object]]:
    for n in range(EVENTS):
        roll = rng.random()
        status = (
            ResultStatus.POSTPONED
            if roll < 0.01
            else ResultStatus.CANCELLED
            if roll < 0.02
            else ResultStatus.FINISHED
        )
        finished = status is ResultStatus.FINISHED
        yield {
            "event_id": 1000 + n,
            "status": status.value,
            "home": rng.choice((0, 0, 1, 1, 1, 2, 2, 3, 4)) if finished else None,
            "away": rng.choice((0, 0, 1, 1, 2, 2, 3)) if finished else None,
            "venue_swapped": False,
            "actual_start": KICKOFF,
            "first_score_at": None,
            "ended_at": KICKOFF + timedelta(hours=2),
            "source": "протокол",
            "recorded_at": NOW - timedelta(hours=12),
            "recorded_by": "boss",
            "corrections": 0,
        }


def _slip(
    rng: random.Random, codes: list[int], odds: dict[tuple[int, str], Decimal], slip_id: int
) -> Slip:
    roll = rng.random()
    if roll < 0.6:
        kind, count = BetKind(BetType.SINGLE), 1
    elif roll < 0.9:
        count = rng.randint(2, 10)
        kind = BetKind(BetType.EXPRESS)
    else:
        count = rng.randint(3, 20)
        kind = BetKind(BetType.SYSTEM, rng.randint(2, min(count - 1, 10)), count)
    legs = []
    for code in rng.sample(codes, count):
        market = rng.choice(MARKETS)
        legs.append(Leg(code, market, odds[(code, market)], 1, "", "", KICKOFF))
    per = Decimal(rng.choice((1, 2, 5, 10, 20, 50, 100, 500, 1000)))
    stake = per / 100 * comb(kind.of, kind.size) if kind.type is BetType.SYSTEM else per / 10
    return Slip(
        number=f"{slip_id:013d}",
        kind=kind,
        members=tuple((leg,) for leg in legs),
        stake=stake,
        total_odds=Decimal(1),
        possible_payout=possible_payout(kind, stake, [leg.odds for leg in legs]),
        terminal="К1",
        cashier="anna",
        issued_at=KICKOFF - timedelta(seconds=rng.randint(60, 7 * 86_400)),
        payout_cap=Decimal("100000.00"),
    )


def _slip_row(slip_id: int, slip: Slip) -> dict[str, object]:
    return {
        "id": slip_id,
        "number": slip.number,
        "request_key": f"bench-{slip_id}",
        "kind": str(slip.kind),
        "stake": slip.stake,
        "total_odds": "1",
        "possible_payout": slip.possible_payout,
        "payout_cap": slip.payout_cap,
        "terminal": slip.terminal,
        "cashier": slip.cashier,
        "issued_at": slip.issued_at,
        "status": "open",
        "agreed_in_play": False,
        "reprints": 0,
    }


# --- measuring --------------------------------------------------------------------------------


def _copy(source: Path) -> Path:
    target = source.with_name("settle-run.db")
    for old in target.parent.glob(target.name + "*"):
        old.unlink()
    shutil.copyfile(source, target)
    with target.open("rb+") as handle:
        os.fsync(handle.fileno())
    return target


def _core_write(engine: Engine, settled_at: datetime, *, bare: bool = False) -> float:
    """Seconds to write SLIPS settlement rows with Core, as a settlement run writes them.

    Into a table of the settlements' own shape (its primary key, foreign key to the slips and
    checks, `ON CONFLICT DO NOTHING`), or with `bare` into one with only an integer key.
    """
    if bare:
        table = Table(
            REF_TABLE,
            MetaData(),
            Column("slip_id", Integer, primary_key=True),
            Column("status", String(8), nullable=False),
            Column("payout", BigInteger, nullable=False),
            Column("settled_at", String(32), nullable=False),
        )
        sql = f"INSERT INTO {REF_TABLE} (slip_id, status, payout, settled_at) VALUES (?, ?, ?, ?)"
    else:
        shapes = MetaData()
        SlipRow.__table__.to_metadata(shapes)  # what the foreign key refers to; not created
        table = SettlementRow.__table__.to_metadata(shapes, name=REF_TABLE)
        sql = _INSERT
    table.drop(engine, checkfirst=True)
    table.create(engine)
    words = np.array(["won", "lost", "refund"], dtype=object)
    ids = np.arange(1, SLIPS + 1, dtype=np.int64)
    started = time.perf_counter()
    for first in range(0, SLIPS, CHUNK):
        chunk = ids[first : first + CHUNK]
        with engine.begin() as connection:
            moment = UTCDateTime().process_bind_param(settled_at, connection.dialect)
            rows = list(
                zip(
                    chunk.tolist(),
                    words[chunk % 3].tolist(),
                    (chunk * 7).tolist(),
                    [moment] * len(chunk),
                    strict=True,
                )
            )
            connection.exec_driver_sql(sql, rows)  # type: ignore[arg-type]
    seconds = time.perf_counter() - started
    table.drop(engine)
    return seconds


def _settle(shop: Shop) -> tuple[float, str]:
    started = time.perf_counter()
    report = shop.settle()
    seconds = time.perf_counter() - started
    assert report.checked == SLIPS, report
    return seconds, report.words()


def run(runs: int) -> list[str]:
    """Rounds of (reference, settle) on fresh copies; the medians and their ratio."""
    source = cached_database()
    rounds = max(1, min(runs, 3))
    settles: list[float] = []
    refs: list[float] = []
    bares: list[float] = []
    for round_no in range(rounds):
        path = _copy(source)
        storage = open_storage(f"sqlite:///{path}")
        shop = assemble_shop(
            storage, clock=FixedClock(NOW), terminal="К1", pin_hasher=PlainPinHasher()
        )
        try:
            if round_no % 2 == 0:
                refs.append(_core_write(storage.engine, NOW))
                seconds, words = _settle(shop)
            else:
                seconds, words = _settle(shop)
                refs.append(_core_write(storage.engine, NOW))
            settles.append(seconds)
            bares.append(_core_write(storage.engine, NOW, bare=True))
            with storage.engine.connect() as connection:
                rows = connection.execute(text("SELECT count(*) FROM settlements")).scalar()
            _say(
                f"round {round_no + 1}: settle {seconds:.2f} s ({rows:,} settlement rows; "
                f"{words}), core write {refs[-1]:.2f} s, into a bare table {bares[-1]:.2f} s"
            )
        finally:
            shop.close()
            for leftover in path.parent.glob(path.name + "*"):
                leftover.unlink()
            path.unlink(missing_ok=True)
    value, ref = statistics.median(settles), statistics.median(refs)
    bare = statistics.median(bares)
    _say(f"against the bare-table write ({bare:.2f} s) the ratio is {value / bare:.2f}")
    return [
        f"bench: settle_1m value={value:.3f} unit=s ref={ref:.3f} ref_name=core_write_1m "
        f"ratio={value / ref:.2f}"
    ]
