"""The chain of issue 18 on a throw-away PostgreSQL server, for tests.bench.chain and .wan.

The server is the integration tests' (tests.integration.pg.PostgresServer: initdb in a
temporary folder, run as `postgres` when we are root, with fsync, synchronous_commit and
full_page_writes off, so no commit waits for a disk). `set_up_chain` builds one database
through the app: the demo (office M1, its users, the demo line, К1's shift), more offices,
terminals К1…Kn registered in them with their own register serials (KSA-К2…; К1 keeps the
demo's) and a head of the chain, `chief`. `bets` is the counter mix both benches take.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from escpos.printer import Dummy

from main import open_shop
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import NOW
from tests.fakes import PlainPinHasher
from tests.integration.pg import PostgresServer, find_binaries
from tests.shifts import number_terminals

HEAD = ("chief", "7777")
STAKES = ("2", "3", "5", "10", "20")
SECONDS = 30.0


def duration() -> float:
    """Seconds of betting per run: BETSHOP_BENCH_SECONDS, else 30."""
    return float(os.environ.get("BETSHOP_BENCH_SECONDS", SECONDS))


def say(name: str, message: str) -> None:
    sys.stderr.write(f"{name}: {message}\n")
    sys.stderr.flush()


def p95(samples: Sequence[float]) -> float:
    return statistics.quantiles(samples, n=100)[94]


def start_server() -> PostgresServer:
    """A running throw-away server (the integration tests'); stop() it afterwards."""
    binaries = find_binaries()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (no initdb/pg_ctl)")
    server = PostgresServer(binaries)
    server.start()
    return server


def open_terminal(url: str, clock: FixedClock, terminal: str) -> Shop:
    return open_shop(
        url, clock=clock, terminal=terminal, pin_hasher=PlainPinHasher(), printer=Dummy()
    )


def set_up_chain(server: PostgresServer, offices: Sequence[str], per_office: int) -> str:
    """A database holding the demo and the offices with their terminals; returns its name."""
    name = server.create_database()
    shop = open_terminal(server.url(name), FixedClock(NOW), "К1")
    try:
        shop.seed_demo()
        for number, code in enumerate(offices, start=1):
            if code != "M1":
                shop.add_office(code, name=f"Пункт № {number}", address=f"г. Минск, {number}")
            for k in range(per_office):
                terminal = f"К{(number - 1) * per_office + k + 1}"
                if terminal != "К1":  # the demo's, in M1 with its register
                    shop.register_terminal(terminal, office=code, register_serial=f"KSA-{terminal}")
                    number_terminals(shop, terminal)  # no shift opens without it (issue 34)
        shop.create_user(*HEAD, "head")
    finally:
        shop.close()
    return name


def sign_in(shop: Shop) -> Desk:
    """The head at this terminal, its shift open (the demo opened К1's already)."""
    desk = shop.login(*HEAD)
    if desk.shift() is None:
        desk.open_shift(cash="1000")
    return desk


def bets(desk: Desk, seed: int) -> Iterator[tuple[list[Any], str, str]]:
    """An endless mix: 60% singles, 40% expresses of 2–3 legs, small stakes."""
    line = {row.event.code: sorted(row.odds) for row in desk.line()}
    codes = sorted(line)
    rng = random.Random(seed)
    while True:
        size = 1 if rng.random() < 0.6 else rng.choice((2, 3))
        picks = [(code, rng.choice(line[code])) for code in rng.sample(codes, size)]
        yield picks, rng.choice(STAKES), "single" if size == 1 else "express"
