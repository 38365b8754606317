"""`python -m tests.soak.exchange [--rounds 1000] [--terminals 8] [--offers 100]`: terminals
accepting parts of the same offers at once on PostgreSQL (issue 20), then the books checked.

One chain of terminals (К1…К8, each its own shop, engine and connections) on one office; 20
players' accounts of 100,000 roubles; OFFERS offers of «Спрэдбетэкс» on the line's events, back
and lay, made by the players. In every round each terminal, at once with the others (a
barrier), accepts a random part (1–30 roubles) of a random offer for a random player: the
offer's row lock lets one acceptance in at a time, the others wait and then see what is left
(refused with a sentence when it is all taken or too small). Every 50 rounds one terminal also
changes an offer's coefficient, and another withdraws one and a player makes a new one.

Then the results of every event are recorded and the paris settled. Findings: an offer
accepted beyond its stake by a kopeck, an offer's accepted sum not its paris' stakes, a block
not released or used (`verify` compares each account's blocked money with what its offers and
paris hold, and adds every statement up), the money identity (Σ accounts + the bookmaker's
commission = Σ deposits), a raw database error reaching a cashier. The exit code is 1 on any.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from escpos.printer import Dummy
from sqlalchemy import text

from main import open_shop
from pos.core.clock import FixedClock
from pos.errors import PosError
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.integration.pg import soak_server
from tests.soak.checks import print_findings

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
PLAYERS = 20
DEPOSIT = Decimal("100000")
EVENTS = (101, 102, 103, 104, 105, 201, 202, 203)
D = Decimal


def _open(url: str, clock: FixedClock, terminal: str) -> Shop:
    hasher = PlainPinHasher()
    return open_shop(url, clock=clock, terminal=terminal, pin_hasher=hasher, printer=Dummy())


def open_players(desk: Desk, count: int, deposit: Decimal) -> list[str]:
    """`count` players' accounts, each with `deposit` paid in; their numbers."""
    accounts = []
    for index in range(count):
        number = desk.open_account(document=_document(index)).number
        desk.deposit(number, deposit)
        accounts.append(number)
    return accounts


def _document(index: int) -> IdDocument:
    return IdDocument(
        surname="Игрок",
        name=f"Номер{index}",
        birth_date=date(1980, 1, 1),
        kind="паспорт",
        number=f"MP{1000000 + index}",
        issued_on=date(2015, 1, 1),
        issued_by="РУВД",
    )


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counts: Counter[str] = Counter()
        self.raw: list[str] = []

    def add(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1


def _prepare(
    shop: Shop, terminals: int, offers: int, rng: random.Random
) -> tuple[list[str], list[str]]:
    shop.seed_demo()
    for index in range(2, terminals + 1):
        shop.register_terminal(f"К{index}", office="M1", register_serial=f"KSA-К{index}")
    shop.update_settings(register_serial="KSA-К1", exchange_commission="5")
    desk = shop.login("anna", "4821")
    accounts = open_players(desk, PLAYERS, DEPOSIT)
    made = []
    for _ in range(offers):
        made.append(_offer(desk, accounts, rng))
    return accounts, made


def _offer(desk: object, accounts: list[str], rng: random.Random) -> str:
    coefficient = D(rng.randrange(110, 400)) / 100
    offer = desk.offer_pari(  # type: ignore[attr-defined]
        rng.choice(accounts),
        event=rng.choice(EVENTS),
        market=rng.choice(("1", "X", "2")),
        side=rng.choice(("back", "lay")),
        coefficient=coefficient,
        stake=D(rng.randrange(1000, 5000)),  # room for many parts: most rounds conclude
    )
    return str(offer.number)


def _terminal(
    index: int,
    shop: Shop,
    accounts: list[str],
    offers: list[str],
    barrier: threading.Barrier,
    tally: Tally,
    rounds: int,
) -> None:
    rng = random.Random(index)
    desk = shop.login("anna", "4821")
    for round_no in range(rounds):
        barrier.wait()
        try:
            if round_no % 50 == 49 and index == 0:
                desk.change_offer(rng.choice(offers), coefficient=D(rng.randrange(110, 400)) / 100)
                tally.add("changed")
            elif round_no % 50 == 49 and index == 1:
                desk.withdraw_offer(rng.choice(offers))
                offers.append(_offer(desk, accounts, rng))
                tally.add("withdrawn and made")
            else:
                desk.accept_pari(
                    rng.choice(accounts), rng.choice(offers), stake=D(rng.randrange(1, 31))
                )
                tally.add("accepted")
        except PosError as refused:
            tally.add(f"refused:{type(refused).__name__}")
        except Exception as raw:  # noqa: BLE001 - a finding, counted and shown
            with tally.lock:
                tally.raw.append(f"{type(raw).__name__}: {raw}"[:300])


def _findings(shop: Shop, accounts: list[str]) -> list[str]:
    problems = []
    with shop.unit_of_work() as uow:
        session = uow._session  # type: ignore[attr-defined]  # the books, read as they are
        over = session.execute(
            text(
                "SELECT o.number, o.stake, o.accepted, o.stake_open, "
                "coalesce((SELECT sum(p.stake) FROM exchange_paris p WHERE p.offer_id = o.id), 0) "
                "FROM exchange_offers o"
            )
        ).all()
        commission = session.execute(
            text("SELECT coalesce(sum(commission), 0) FROM exchange_settlements")
        ).scalar_one()
        held = session.execute(
            text("SELECT coalesce(sum(free + blocked), 0) FROM accounts")
        ).scalar_one()
        open_paris = session.execute(text("SELECT count(*) FROM exchange_concluded")).scalar_one()
    for number, stake, accepted, stake_open, paris in over:
        if accepted > stake or stake_open < 0 or accepted != paris:
            problems.append(f"offer {number}: stake {stake}, accepted {accepted}, paris {paris}")
    deposits = DEPOSIT * PLAYERS * 100  # in kopecks, as stored
    if held + commission != deposits:
        problems.append(f"money: accounts {held} + commission {commission} ≠ deposits {deposits}")
    if open_paris:
        problems.append(f"{open_paris} paris not settled")
    verification = shop.verify()
    if not verification.ok:
        problems.append("verify: " + " | ".join(verification.words()))
    return problems


def run(url: str, rounds: int, terminals: int, offers: int) -> tuple[float, Tally, list[str]]:
    """Prepare the shop on the empty database at `url`, run the rounds, settle, and return
    the seconds the rounds took, the tally and the findings."""
    clock = FixedClock(START)
    shop = _open(url, clock, "К1")
    shops = [shop]
    try:
        accounts, made = _prepare(shop, terminals, offers, random.Random(20))
        shops += [_open(url, clock, f"К{i}") for i in range(2, terminals + 1)]
        tally, barrier = Tally(), threading.Barrier(len(shops))
        began = time.perf_counter()
        threads = [
            threading.Thread(target=_terminal, args=(i, s, accounts, made, barrier, tally, rounds))
            for i, s in enumerate(shops)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        took = time.perf_counter() - began
        clock.advance(timedelta(days=6))
        boss = shop.login("boss", "9911")
        for code in EVENTS:
            boss.record_result(code, 2, 1, source="АБФФ")
        shop.settle()
        problems = _findings(shop, accounts) + [f"raw error: {r}" for r in tally.raw[:10]]
    finally:
        for each in shops:
            each.close()
    return took, tally, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.soak.exchange", description=__doc__)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--terminals", type=int, default=8)
    parser.add_argument("--offers", type=int, default=100)
    args = parser.parse_args(argv)
    with soak_server() as server:
        took, tally, problems = run(
            server.url(server.create_database()), args.rounds, args.terminals, args.offers
        )
    return print_findings(
        f"exchange soak: {args.rounds} rounds × {args.terminals} terminals on {args.offers} "
        f"offers in {took:.0f} s; {dict(sorted(tally.counts.items()))}; "
        f"raw errors {len(tally.raw)}",
        problems,
    )


if __name__ == "__main__":
    sys.exit(main())
