"""The liability board over 1,000,000 open slips, against one plain SQL aggregate (issue 38).

`bench: liability_board_1m`: `Shop.liability()` — the board of every event with no result,
per outcome the chain's and the office's slips, stakes and payouts, the lost-leg check, the
events' names, caps and suspended outcomes — on a SQLite file holding 200 coming matches
and 1,000,000 open slips taken across three offices (the settle_1m bench's mix: about 60%
singles, 30% expresses of 2 to 10 legs, 10% systems up to 10/20; 14 markets a match).

The reference, `one_sql_aggregate`, is one plain sqlite3 statement over the same legs: each
open slip's legs joined to it and summed by (event, market) — count, stakes, payouts. The
goal is a ratio of at most 1.5. Rounds alternate which goes first; the medians are printed.
The database is built once per schema revision into BETSHOP_BENCH_CACHE (tests/bench/cache).
"""

from __future__ import annotations

import random
import sqlite3
import statistics
import sys
import time
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Engine, insert

from db.bootstrap import open_storage
from db.tables import EventRow, SlipLegRow, SlipRow, SlipTermsRow
from main import assemble_shop
from pos.core.clock import FixedClock
from pos.settlement.terms import encode_terms
from pos.shop.services import Shop
from tests.bench.cache import build_on_the_demo, cached_database
from tests.bench.settle import CHUNK, MARKETS, NOW, SLIPS, _slip, _slip_row
from tests.fakes import PlainPinHasher

EVENTS = 200
FIRST_CODE = 20_000
RECIPE = 1
OFFICES = ("M1", "M2", "M3")
REFERENCE = (
    "SELECT l.event_id, l.market, count(*), sum(s.stake), sum(s.possible_payout) "
    "FROM slip_legs l JOIN slips s ON s.id = l.slip_id WHERE s.status = 'open' "
    "GROUP BY l.event_id, l.market"
)


def _say(message: str) -> None:
    sys.stderr.write(f"liability: {message}\n")
    sys.stderr.flush()


def database() -> Path:
    """The database of this schema revision with 1,000,000 open slips on 200 coming matches."""
    return cached_database(f"liability-{SLIPS}", RECIPE, _build)


def _build(path: Path) -> None:
    build_on_the_demo(path, NOW, _fill)


def _fill(engine: Engine) -> None:
    rng = random.Random(38)
    codes = list(range(FIRST_CODE, FIRST_CODE + EVENTS))
    odds = {
        (code, market): Decimal(rng.randint(110, 400)) / 100 for code in codes for market in MARKETS
    }
    starts = NOW + timedelta(days=1)
    with engine.begin() as connection:
        connection.execute(
            insert(EventRow),
            [
                {"id": 5000 + n, "code": code, "sport": "football", "home": f"Хозяева {n}",
                 "away": f"Гости {n}", "starts_at": starts, "tournament": "", "suspended": False}
                for n, code in enumerate(codes)
            ],
        )  # fmt: skip
    for first in range(1, SLIPS + 1, CHUNK):
        slips, legs, terms = [], [], []
        for slip_id in range(first, min(first + CHUNK, SLIPS + 1)):
            slip = _slip(rng, codes, odds, slip_id)
            slips.append({**_slip_row(slip_id, slip), "office": OFFICES[slip_id % 3]})
            for position, leg in enumerate(slip.legs):
                legs.append(
                    {"slip_id": slip_id, "position": position, "member": position,
                     "event_id": 5000 + leg.event_code - FIRST_CODE, "market": leg.market,
                     "odds": leg.odds, "odds_version": 1}
                )  # fmt: skip
            terms.append({"slip_id": slip_id, "terms": encode_terms(slip)})
        with engine.begin() as connection:
            connection.exec_driver_sql("PRAGMA cache_size=-262144")
            connection.execute(insert(SlipRow), slips)
            connection.execute(insert(SlipLegRow), legs)
            connection.execute(insert(SlipTermsRow), terms)
        if (first + CHUNK - 1) % 200_000 == 0:
            _say(f"  {first + CHUNK - 1:,} slips")


def _reference(path: Path) -> float:
    started = time.perf_counter()
    with sqlite3.connect(path) as connection:
        rows = connection.execute(REFERENCE).fetchall()
    seconds = time.perf_counter() - started
    connection.close()
    assert len(rows) == EVENTS * len(MARKETS), len(rows)
    return seconds


def _same_sums(path: Path, shop: Shop) -> None:
    """The board says what the aggregate says: each outcome's slips, stakes and payout (the
    board reads the outcomes' exposure, db.exposure, not the legs: the figure must be the same
    work done, not less)."""
    with sqlite3.connect(path) as connection:
        codes = dict(connection.execute("SELECT id, code FROM events").fetchall())
        summed = {
            (codes[event], market): (count, stakes, payout)
            for event, market, count, stakes, payout in connection.execute(REFERENCE)
        }
    connection.close()
    board = {
        (row.event.code, row.market): (
            row.chain.slips,
            int(row.chain.stakes * 100),
            int(row.chain.payout * 100),
        )
        for row in shop.liability().rows
    }
    assert board == summed, "the board and the aggregate differ"


def run(runs: int) -> list[str]:
    """Rounds of (reference, board) on the cached database; the medians and their ratio."""
    path = database()
    storage = open_storage(f"sqlite:///{path}")
    shop = assemble_shop(storage, clock=FixedClock(NOW), terminal="К1", pin_hasher=PlainPinHasher())
    boards: list[float] = []
    refs: list[float] = []
    try:
        _same_sums(path, shop)  # and warms the page cache for both
        for round_no in range(max(1, min(runs, 5))):
            if round_no % 2 == 0:
                refs.append(_reference(path))
                boards.append(_board(shop))
            else:
                boards.append(_board(shop))
                refs.append(_reference(path))
            _say(f"round {round_no + 1}: board {boards[-1]:.3f} s, aggregate {refs[-1]:.3f} s")
    finally:
        shop.close()
    value, ref = statistics.median(boards), statistics.median(refs)
    return [
        f"bench: liability_board_1m value={value:.3f} unit=s ref={ref:.3f} "
        f"ref_name=one_sql_aggregate ratio={value / ref:.2f}"
    ]


def _board(shop: Shop) -> float:
    started = time.perf_counter()
    board = shop.liability()
    seconds = time.perf_counter() - started
    assert len(board.rows) == EVENTS * len(MARKETS), len(board.rows)
    return seconds
