"""A new «Спрэдбет» quote against 10,000 open bets on its asset (issue 19): the time to find
and close by the bookmaker the bets it takes below their maintenance level (p.36).

What is timed: the whole `boss.set_quote("BRENT", bid=…, ask=…)` of the demo manager on a
SQLite file opened as the app opens it (WAL, synchronous=FULL, BEGIN IMMEDIATE): the asset's
row locked, the quote stored as a new version, the bets it calls found (by their stored call
prices, through the index ix_spread_bets_calls), each checked again by the rule, its account
locked, its margin released and its loss charged (never below zero), the bet and its close
stored, an audit line each, one durable commit.

The database holds 1,000 accounts of 1,000 roubles with 10 bets each on BRENT, 10,000 open
bets up and down at open prices spread over 200 points, stored through the app's
repositories in one transaction (untimed, cached per schema revision). The timed quote moves
the price so that CALLED of the bets (1 %) fall below maintenance; each run works on a fresh
copy of the cached file.

The reference, `read_10k_bets_one_query`, is reading the same 10,000 open bets with one SQL
query through plain `sqlite3` (`SELECT * FROM spread_bets WHERE asset = ? AND status =
'open'`, every row fetched), on the same copy, interleaved with the timed runs. The goal of
the issue: the ratio ≤ 2.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.orm import sessionmaker

from db.uow import SqlAlchemyUnitOfWork
from main import open_shop
from pos.accounts.accounts import Account, line_for
from pos.accounts.ledger import Balance, Movement
from pos.accounts.numbers import make_account_number
from pos.betting.counter import shop_secret
from pos.core.clock import FixedClock
from pos.spread.assets import make_asset, make_quote
from pos.spread.bets import open_bet
from pos.spread.margins import call_price
from pos.spread.numbers import make_spread_number
from tests.bench.cache import build_on_the_demo, cached_database
from tests.fakes import PlainPinHasher

NOW = datetime(2026, 12, 4, 9, 0, tzinfo=UTC)
ACCOUNTS = 1_000
BETS_EACH = 10
CALLED = 100  # about 1 % of the bets
RECIPE = 2
BRENT = ("BRENT", "Нефть Brent, фьючерс", "future", "0.01", 100, "0.5", "0.10", "50")


def run(runs: int) -> list[str]:
    """Time `runs` quotes (each on a fresh copy) against the one-query read, interleaved."""
    cached = cached_database("margin_call", RECIPE, _build)
    ours: list[float] = []
    ref: list[float] = []
    with tempfile.TemporaryDirectory(dir=cached.parent) as folder:
        for index in range(max(runs, 3)):
            copy = Path(folder) / f"run{index}.db"
            shutil.copyfile(cached, copy)
            ref.append(_read_all(copy))
            seconds, called = _quote(copy)
            ours.append(seconds)
            _say(
                f"run {index + 1}: quote calling {called} bets {seconds * 1000:.1f} ms, "
                f"one query {ref[-1] * 1000:.1f} ms"
            )
            copy.unlink()
    value, reference = statistics.median(ours), statistics.median(ref)
    return [
        f"bench: margin_call_10k value={value * 1000:.1f} unit=ms ref={reference * 1000:.1f} "
        f"ref_name=read_10k_bets_one_query ratio={value / reference:.2f}"
    ]


def _quote(path: Path) -> tuple[float, int]:
    shop = open_shop(
        f"sqlite:///{path}", clock=FixedClock(NOW), terminal="К1", pin_hasher=PlainPinHasher()
    )
    try:
        boss = shop.login("boss", "9911")
        bid, ask, expected = _calling_quote()
        started = time.perf_counter()
        done = boss.set_quote("BRENT", bid=bid, ask=ask)
        seconds = time.perf_counter() - started
        assert len(done.calls) == expected, f"the quote called {len(done.calls)}, not {expected}"
        return seconds, len(done.calls)
    finally:
        shop.close()


def _read_all(path: Path) -> float:
    with sqlite3.connect(path) as connection:
        started = time.perf_counter()
        rows = connection.execute(
            "SELECT * FROM spread_bets WHERE asset = ? AND status = 'open'", ("BRENT",)
        ).fetchall()
        seconds = time.perf_counter() - started
    assert len(rows) == ACCOUNTS * BETS_EACH, len(rows)
    return seconds


def _open_points() -> list[int]:
    """Each bet's open price in points above 70.00 (a down bet's 200 more), seeded, spread over
    200 points: the quote's bid calls the up bets opened highest and no down bet."""
    rng = random.Random(19)
    return [rng.randrange(0, 200) for _ in range(ACCOUNTS * BETS_EACH)]


def _calling_quote() -> tuple[Decimal, Decimal, int]:
    """The bid that calls about CALLED up bets, and how many it calls: an up bet opened at
    70.00 + p hundredths is called when bid < 70.00 + p − 0.50 (maintenance 0.5 of 100
    margin points), so a bid of 70.00 + t − 0.50 calls the up bets with p > t."""
    up = [p for i, p in enumerate(_open_points()) if i % 2 == 0]
    threshold = min(range(200), key=lambda t: abs(sum(p > t for p in up) - CALLED))
    bid = Decimal("70.00") + Decimal(threshold - 50) / 100
    return bid, bid + Decimal("0.04"), sum(p > threshold for p in up)


def _build(path: Path) -> None:
    build_on_the_demo(path, NOW, _fill)


def _fill(engine: Engine) -> None:
    asset = make_asset(*BRENT)
    sessions = sessionmaker(engine)
    with SqlAlchemyUnitOfWork(sessions) as uow:
        uow.spread.save_asset(asset)
        secret = shop_secret(uow)
        points = _open_points()
        for index in range(ACCOUNTS):
            number = make_account_number(index + 1, secret)
            balance = Balance(Decimal("1000.00"), Decimal("0.00"))
            uow.accounts.add(
                Account(
                    number,
                    f"Игрок {index}",
                    f"{index:064x}",
                    "паспорт ***",
                    NOW,
                    "M1",
                    "anna",
                    Balance(),
                )
            )
            uow.accounts.move(
                number,
                balance,
                line_for(
                    Movement.DEPOSIT,
                    balance.free,
                    balance,
                    at=NOW,
                    reference="bench",
                    terminal="К1",
                    cashier="anna",
                    office="M1",
                ),
            )
            for k in range(BETS_EACH):
                serial = index * BETS_EACH + k
                at = Decimal("70.00") + Decimal(points[serial]) / 100
                quote = make_quote(asset, at - Decimal("0.04"), at, NOW, "boss", 1)
                if serial % 2:  # a down bet opens at the bid, two roubles higher: not called
                    at += 2
                    quote = make_quote(asset, at, at + Decimal("0.04"), NOW, "boss", 1)
                bet = open_bet(
                    number=make_spread_number(serial + 1, secret),
                    account=number,
                    asset=asset,
                    direction="down" if serial % 2 else "up",
                    stake="0.50",
                    quote=quote,
                    at=NOW,
                    terminal="К1",
                    cashier="anna",
                    office="M1",
                )
                balance = balance.block(bet.margin_blocked)
                uow.accounts.move(
                    number,
                    balance,
                    line_for(
                        Movement.BLOCK,
                        bet.margin_blocked,
                        balance,
                        at=NOW,
                        reference="bench",
                        terminal="К1",
                        cashier="anna",
                        office="M1",
                    ),
                )
                uow.spread.add_bet(bet, call_price(asset, bet))
        uow.spread.add_quote(
            make_quote(asset, "71.00", "71.04", NOW - timedelta(minutes=1), "boss", 1)
        )
        uow.commit()


def _say(message: str) -> None:
    sys.stderr.write(f"margin_call: {message}\n")
    sys.stderr.flush()
