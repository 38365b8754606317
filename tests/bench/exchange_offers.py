"""The players' offers and acceptances of the «Спрэдбетэкс» benchmarks (tests/bench/exchange.py):
a plan of what they did, and its writing as pos.exchange.counter writes it.

`Counter` writes each step with the counter's own domain steps (pos.exchange.offering's
new_offer, Offer.accept), repository writes in the same order (the serial from the counter
row, the movements through pos.accounts.counter.move_money, `uow.exchange.add_offer`,
`save_offer`, `add_pari`) and the same audit lines, without the counter's reads; the accounts
are stored through the repositories as tests/bench/margin_call.py stores them. The same plan
written by `Counter` and by desk.offer_pari and desk.accept_pari gives the same rows.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import Engine
from sqlalchemy.orm import sessionmaker

from db.uow import SqlAlchemyUnitOfWork
from pos.accounts.accounts import Account, document_key
from pos.accounts.counter import move_money
from pos.accounts.ledger import Balance, Movement
from pos.accounts.numbers import make_account_number
from pos.betting.counter import shop_secret
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.ports import UnitOfWork
from pos.exchange.blocks import BlockChange
from pos.exchange.counter import limits_of
from pos.exchange.numbers import display_exchange_number, make_exchange_number
from pos.exchange.offering import OfferTerms, new_offer
from pos.exchange.paris import Offer, Side
from pos.exchange.terms import ExchangeLimits
from pos.line.events import Event

# The demo is seeded at NOW (Monday 30 November 2026, 12:00 in Minsk): its events start on
# 1–4 December. The offers and paris are made from NOW on, one every STEP.
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
STEP = timedelta(milliseconds=500)
TELLER = Teller("К1", "anna", "M1")  # the demo cashier at the demo terminal
ACCOUNTS = 400
DEPOSIT = Decimal("500000.00")
OFFERS = 100_000
PARIS = 100_000
EVENT = 101  # Динамо Минск – БАТЭ, 14 markets
CHUNK = 20_000  # offers and acceptances per transaction
OFFER_STAKES = ("10", "20", "50", "77.77", "100", "200", "500", "1000")
PART_STAKES = ("5", "10", "10", "12.50", "20", "25", "33.33", "50", "100", "200")
PARTS = (1, 1, 2, 2, 3, 4)
MIN_COEFFICIENT = Decimal("0.10")


def say(message: str) -> None:
    """A line on stderr, as the other benchmarks say theirs."""
    sys.stderr.write(f"exchange: {message}\n")
    sys.stderr.flush()


@dataclass(frozen=True)
class Offered:
    """A player offers a pari (pos.exchange.counter.make_offer)."""

    at: datetime
    account: int  # the index of the offerer's account
    event: int
    terms: OfferTerms


@dataclass(frozen=True)
class Taken:
    """Another player accepts part of the `offer`-th offer (pos.exchange.counter.accept_offer)."""

    at: datetime
    account: int  # the index of the acceptor's account
    offer: int
    stake: Decimal


Step = Offered | Taken


@dataclass(frozen=True)
class Line:
    """The demo line's coming events and their current odds by market."""

    events: dict[int, Event]
    odds: dict[int, dict[str, Decimal]]
    versions: dict[tuple[int, str], int]


def read_line(uow: UnitOfWork) -> Line:
    events = {event.code: event for event in uow.line.events() if event.starts_at > NOW}
    odds: dict[int, dict[str, Decimal]] = {}
    versions: dict[tuple[int, str], int] = {}
    for quote in uow.line.current_quotes(sorted(events)):
        odds.setdefault(quote.event_code, {})[quote.market] = quote.odds
        versions[(quote.event_code, quote.market)] = quote.version
    return Line(events, odds, versions)


def _terms(rng: random.Random, line: Line, event: int, stake: Decimal) -> OfferTerms:
    """Back or lay on a market of the event, the coefficient near the line's (odds − 1)."""
    market = rng.choice(sorted(line.odds[event]))
    jitter = Decimal(rng.randint(-5, 5)) / 100
    coefficient = max(MIN_COEFFICIENT, line.odds[event][market] - 1 + jitter)
    return OfferTerms(market, rng.choice((Side.BACK, Side.LAY)), coefficient, stake)


def _other(rng: random.Random, account: int) -> int:
    """Another account than `account`."""
    other = rng.randrange(ACCOUNTS - 1)
    return other + (other >= account)


def offers_plan(line: Line, count: int = OFFERS) -> list[Step]:
    """`count` offers on the line's events and markets by random accounts, one every STEP."""
    rng = random.Random(20)
    codes = sorted(line.events)
    steps: list[Step] = []
    for index in range(count):
        event = rng.choice(codes)
        stake = Decimal(rng.choice(OFFER_STAKES))
        steps.append(
            Offered(
                NOW + (index + 1) * STEP,
                rng.randrange(ACCOUNTS),
                event,
                _terms(rng, line, event, stake),
            )
        )
    return steps


def paris_plan(line: Line, count: int = PARIS) -> list[Step]:
    """Offers on EVENT each accepted wholly in 1–4 parts by other accounts, `count` parts in
    all, one step every STEP, all before the event's start."""
    rng = random.Random(21)
    steps: list[Step] = []
    at, offers, paris = NOW, 0, 0
    while paris < count:
        parts = rng.choice(PARTS)
        stakes = [Decimal(rng.choice(PART_STAKES)) for _ in range(min(parts, count - paris))]
        offerer = rng.randrange(ACCOUNTS)
        at += STEP
        steps.append(Offered(at, offerer, EVENT, _terms(rng, line, EVENT, sum(stakes, Decimal(0)))))
        for stake in stakes:
            at += STEP
            steps.append(Taken(at, _other(rng, offerer), offers, stake))
        offers += 1
        paris += len(stakes)
    assert at < line.events[EVENT].starts_at, at
    return steps


class Counter:
    """The plan's offers and acceptances written as pos.exchange.counter writes them, without
    its reads: the same domain steps (new_offer, Offer.accept), the same repository writes in
    the same order (the serial, the movements through move_money, the offer, the pari) and the
    same audit lines."""

    def __init__(
        self, line: Line, accounts: list[Account], secret: bytes, limits: ExchangeLimits
    ) -> None:
        self.line = line
        self._secret = secret
        self._limits = limits
        self._markets = {code: frozenset(odds) for code, odds in line.odds.items()}
        self.numbers = [account.number for account in accounts]
        self.accounts = {account.number: account for account in accounts}
        self.offers: list[Offer] = []

    @classmethod
    def opening(cls, uow: UnitOfWork) -> Counter:
        """The line, the secret and the limits read, and ACCOUNTS accounts opened with DEPOSIT
        each (in the caller's unit of work)."""
        secret = shop_secret(uow)
        settings = shop_settings.from_text(uow.settings.load(TELLER.office))
        accounts = []
        for index in range(ACCOUNTS):
            number = make_account_number(uow.accounts.next_serial(), secret)
            account = Account(
                number,
                f"Игрок {index + 1}",
                document_key(f"MP{index + 1:07d}", secret),
                f"паспорт ****{index + 1:03d}",
                NOW,
                TELLER.office,
                TELLER.login,
                Balance(),
            )
            uow.accounts.add(account)
            deposited = account.balance.deposit(DEPOSIT)
            accounts.append(
                move_money(uow, TELLER, NOW, account, Movement.DEPOSIT, DEPOSIT, deposited, "bench")
            )
        return cls(read_line(uow), accounts, secret, limits_of(settings))

    def write(self, uow: UnitOfWork, steps: Sequence[Step]) -> None:
        for step in steps:
            if isinstance(step, Offered):
                self._offer(uow, step)
            else:
                self._take(uow, step)

    def _offer(self, uow: UnitOfWork, step: Offered) -> None:
        account = self.accounts[self.numbers[step.account]]
        offer = new_offer(
            number=make_exchange_number(uow.exchange.next_serial(), self._secret),
            account=account.number,
            event=self.line.events[step.event],
            terms=step.terms,
            line_markets=self._markets[step.event],
            limits=self._limits,
            at=step.at,
            terminal=TELLER.terminal,
            cashier=TELLER.login,
            office=TELLER.office,
        )
        shown = display_exchange_number(offer.number)
        change = BlockChange.between(account.number, Decimal(0), offer.blocked)
        self._apply(uow, step.at, account, change, f"предложение {shown}")
        uow.exchange.add_offer(offer)
        TELLER.audit(
            uow,
            step.at,
            AuditAction.EXCHANGE_OFFERED,
            f"{shown} {offer.event} {offer.market} {offer.side} "
            f"k {offer.coefficient} × {offer.stake}",
        )
        self.offers.append(offer)

    def _take(self, uow: UnitOfWork, step: Taken) -> None:
        offer = self.offers[step.offer]
        acceptor = self.accounts[self.numbers[step.account]]
        after, pari, change = offer.accept(
            step.stake,
            account=acceptor.number,
            number=make_exchange_number(uow.exchange.next_serial(), self._secret),
            at=step.at,
            limits=self._limits,
        )
        shown = display_exchange_number(pari.number)
        risk = pari.lay_risk if offer.side is Side.BACK else pari.back_risk
        self._apply(
            uow, step.at, acceptor, BlockChange(acceptor.number, block=risk), f"пари {shown}"
        )
        self._apply(uow, step.at, self.accounts[offer.account], change, f"пари {shown}")
        uow.exchange.save_offer(after)
        uow.exchange.add_pari(pari, offer.number, TELLER.terminal, TELLER.login, TELLER.office)
        TELLER.audit(
            uow,
            step.at,
            AuditAction.EXCHANGE_ACCEPTED,
            f"{shown} по {display_exchange_number(offer.number)}: "
            f"{pari.stake} × k {pari.coefficient}",
        )
        self.offers[step.offer] = after

    def _apply(
        self, uow: UnitOfWork, at: datetime, account: Account, change: BlockChange, reference: str
    ) -> None:
        """As pos.exchange.counter._apply: a block or a release as a statement line."""
        if change.block:
            kind, amount = Movement.BLOCK, change.block
        elif change.release:
            kind, amount = Movement.RELEASE, change.release
        else:
            return
        balance = change.apply(account.balance)
        moved = move_money(uow, TELLER, at, account, kind, amount, balance, reference)
        self.accounts[moved.number] = moved


def write_plan(engine: Engine, plan: Callable[[Line], list[Step]]) -> None:
    """Open the accounts, then write the plan's steps, CHUNK to a transaction."""
    sessions = sessionmaker(engine)
    with SqlAlchemyUnitOfWork(sessions) as uow:
        counter = Counter.opening(uow)
        uow.commit()
    steps = plan(counter.line)
    started = time.perf_counter()
    for first in range(0, len(steps), CHUNK):
        with SqlAlchemyUnitOfWork(sessions) as uow:
            counter.write(uow, steps[first : first + CHUNK])
            uow.commit()
        written = min(first + CHUNK, len(steps))
        say(f"  {written:,} steps after {time.perf_counter() - started:.0f} s")
