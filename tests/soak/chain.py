"""`python -m tests.soak.chain [--rounds 1000]`: four offices paying and issuing at once on
PostgreSQL (issue 18), then the chain's books checked.

Each office has one terminal (К1…К4, each its own shop, engine and connections) and a pool of
won slips issued in it. In every round each terminal, at once with the others (a barrier),
pays its own office's next slip, tries to pay the next slip of the office after it (paid
there at the same moment, or already: refused with a sentence), and sells a bet. Payouts go
anywhere in the chain (`payout_anywhere`), so a slip is fought over by two offices.

Then: every office's journal runs 1..N without a gap and its counter says N; each slip is
paid once in the chain and every pool slip is paid; every register's receipts are numbered
1..N without a gap; `verify` passes; no raw database error reached a cashier; a manager of M1
is refused M2's journal. The counts are printed; the exit code is 1 on any finding.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections import Counter
from datetime import UTC, datetime

from escpos.printer import Dummy
from sqlalchemy import text

from main import open_shop
from pos.core.clock import FixedClock
from pos.errors import PosError
from pos.offices.errors import OtherOfficesJournal
from pos.payouts.errors import NotPayable
from pos.shop.services import Shop
from tests.chain_helpers import won_slips
from tests.documents import PASSPORT
from tests.fakes import PlainPinHasher
from tests.integration.pg import soak_server
from tests.shifts import number_terminals, reopen_shift
from tests.soak.checks import print_findings

OFFICES = ("M1", "M2", "M3", "M4")
START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def _open(url: str, clock: FixedClock, terminal: str) -> Shop:
    hasher = PlainPinHasher()
    return open_shop(url, clock=clock, terminal=terminal, pin_hasher=hasher, printer=Dummy())


def _chain(url: str, clock: FixedClock, rounds: int) -> tuple[Shop, dict[str, list[str]]]:
    shop = _open(url, clock, "К1")
    shop.seed_demo()
    for number, code in enumerate(OFFICES[1:], start=2):
        shop.add_office(code, name=f"Пункт приёма ставок № {number}", address=f"г. Минск, {number}")
        shop.register_terminal(f"К{number}", office=code, register_serial=f"KSA-К{number}")
        number_terminals(shop, f"К{number}")  # no shift opens without it (issue 34)
    shop.update_settings(register_serial="KSA-К1", payout_anywhere=True)
    shop.create_user("chief", "7777", "head")
    shop.create_user("m1boss", "1111", "manager")
    return shop, won_slips(shop, clock, OFFICES, rounds)


class Tally:
    """What the terminals met, counted under a lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counts: Counter[str] = Counter()
        self.raw: list[str] = []

    def add(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1


def _terminal(index: int, shop: Shop, pools: dict[str, list[str]], barrier: threading.Barrier,
              tally: Tally, rounds: int) -> None:  # fmt: skip
    desk = shop.login("chief", "7777")
    own, other = pools[OFFICES[index]], pools[OFFICES[(index + 1) % len(OFFICES)]]
    for turn in range(rounds):
        barrier.wait(timeout=120)
        acts = [
            ("paid_own", own[turn]),
            ("paid_other", other[turn]),
            ("issued", ""),
        ]
        if turn % 2:  # every other round the other office's slip first: a real race for it
            acts[0], acts[1] = acts[1], acts[0]
        for kind, number in acts:
            act = (
                (lambda n=number: desk.pay_out(n, PASSPORT))
                if number
                else (lambda: desk.accept_bet([(302, "1")], stake="1"))
            )
            try:
                act()
                tally.add(kind)
            except NotPayable:
                tally.add(f"{kind}_refused")
            except PosError as refusal:  # a sentence, but one this soak does not expect
                tally.add(f"{kind}_{type(refusal).__name__}")
            except Exception as error:  # noqa: BLE001 - a raw error is the finding sought
                with tally.lock:
                    tally.raw.append(f"{kind}: {error!r}")


def _findings(shop: Shop, pools: dict[str, list[str]]) -> list[str]:
    problems = []
    paid: Counter[str] = Counter()
    for office in OFFICES:
        journal = shop.journal(office=office)
        numbers = [e.number for e in journal]
        if numbers != list(range(1, len(numbers) + 1)):
            problems.append(f"{office}: journal numbers not 1..{len(numbers)}")
        paid.update(e.slip_number for e in journal if e.corrects is None)
    twice = [n for n, times in paid.items() if times > 1]
    if twice:
        problems.append(f"paid twice in the chain: {twice[:5]}")
    unpaid = {n for pool in pools.values() for n in pool} - set(paid)
    if unpaid:
        problems.append(f"pool slips not paid: {len(unpaid)}")
    with shop.storage.engine.connect() as connection:  # type: ignore[attr-defined]
        rows = connection.execute(
            text(
                "SELECT register_serial, count(*), count(DISTINCT number), max(number) "
                "FROM fiscal_receipts GROUP BY register_serial"
            )
        )
        for serial, count, distinct, highest in rows:
            if not count == distinct == highest:
                problems.append(
                    f"register {serial}: {count} receipts, {distinct} numbers, max {highest}"
                )
    if not shop.verify().ok:
        problems += shop.verify().words()
    try:
        shop.login("m1boss", "1111").journal(office="M2")
        problems.append("a manager of M1 read M2's journal")
    except OtherOfficesJournal:
        pass
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.soak.chain", description=__doc__)
    parser.add_argument("--rounds", type=int, default=1000)
    rounds = parser.parse_args(argv).rounds
    with soak_server() as server:
        url = server.url(server.create_database())
        clock = FixedClock(START)
        shop, pools = _chain(url, clock, rounds)
        shops = [shop] + [_open(url, clock, f"К{i}") for i in range(2, len(OFFICES) + 1)]
        for each in shops:
            reopen_shift(each.login("chief", "7777"), cash="10000000")
        tally, barrier = Tally(), threading.Barrier(len(shops))
        began = time.perf_counter()
        threads = [
            threading.Thread(target=_terminal, args=(i, s, pools, barrier, tally, rounds))
            for i, s in enumerate(shops)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        took = time.perf_counter() - began
        problems = _findings(shop, pools) + [f"raw error: {r}" for r in tally.raw[:10]]
        journals = {office: len(shop.journal(office=office)) for office in OFFICES}
        for each in shops:
            each.close()
    return print_findings(
        f"chain soak: {rounds} rounds × {len(OFFICES)} offices in {took:.0f} s; "
        f"{dict(sorted(tally.counts.items()))}; journals {journals}; "
        f"raw errors {len(tally.raw)}",
        problems,
    )


if __name__ == "__main__":
    sys.exit(main())
