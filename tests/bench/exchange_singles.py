"""The reference of `exchange_settle_100k` (tests/bench/exchange.py): PARIS open fixed-odds
singles on EVENT, stored with Core executemany as tests/bench/settle.py stores slips, with the
rest of what accept_bet and the print's confirmation write for each: the leg, the terms
(pos.settlement.terms.encode_terms), the stake's cash movement and fiscal receipt, the
register's counters and the drawer, the two audit lines through the app's audit log. The
same singles taken by desk.accept_bet give the same rows (but the random request keys).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.orm import sessionmaker

from db.tables import (
    CashMovementRow,
    CounterRow,
    EventRow,
    FiscalReceiptRow,
    FiscalRegisterRow,
    ShiftRow,
    SlipLegRow,
    SlipRow,
    SlipTermsRow,
)
from db.uow import SqlAlchemyUnitOfWork
from pos.betting.bets import BetKind, BetType, possible_payout, total_odds
from pos.betting.counter import shop_secret
from pos.betting.numbers import make_slip_number
from pos.betting.slips import Leg, Slip
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.settlement.terms import encode_terms
from pos.till.fiscal import ReceiptKind
from pos.till.shifts import CashKind
from tests.bench.exchange_offers import EVENT, NOW, PARIS, STEP, TELLER, Line, read_line

SLIP_CHUNK = 50_000
BET_STAKES = ("2", "5", "10", "10", "20", "50", "100")


@dataclass(frozen=True)
class _Issuing:
    """What every single of the reference shares: the event and its line, the shop's secret
    and payout cap, the terminal's register."""

    line: Line
    event_id: int
    first_id: int
    secret: bytes
    cap: Decimal
    register: str
    register_number: str


@dataclass
class _SingleRows:
    """The rows of a chunk of singles, as accept_bet and its confirmation write them."""

    slips: list[dict[str, object]]
    legs: list[dict[str, object]]
    terms: list[dict[str, object]]
    cash: list[dict[str, object]]
    receipts: list[dict[str, object]]
    audit: list[tuple[datetime, AuditAction, str]]

    def add(self, issuing: _Issuing, serial: int, market: str, stake: Decimal, key: str) -> None:
        """The single with this serial (its receipt's number too) and request key, issued at
        NOW + serial steps."""
        line, event = issuing.line, issuing.line.events[EVENT]
        odds, version = line.odds[EVENT][market], line.versions[(EVENT, market)]
        single = BetKind(BetType.SINGLE)
        slip_id, at = issuing.first_id + serial - 1, NOW + serial * STEP
        leg = Leg(EVENT, market, odds, version, event.home, event.away, event.starts_at)
        slip = Slip(
            number=make_slip_number(serial, issuing.secret),
            kind=single,
            members=((leg,),),
            stake=stake,
            total_odds=total_odds(single, [odds]),
            possible_payout=possible_payout(single, stake, [odds]),
            terminal=TELLER.terminal,
            cashier=TELLER.login,
            issued_at=at,
            payout_cap=issuing.cap,
            office=TELLER.office,
        )
        who = {"at": at, "terminal": TELLER.terminal, "cashier": TELLER.login}
        self.slips.append(
            {
                "id": slip_id,
                "number": slip.number,
                "request_key": key,
                "kind": str(slip.kind),
                "stake": stake,
                "total_odds": str(slip.total_odds),
                "possible_payout": slip.possible_payout,
                "terminal": TELLER.terminal,
                "office": TELLER.office,
                "cashier": TELLER.login,
                "issued_at": at,
                "status": slip.status.value,
                "agreed_in_play": False,
                "fiscal_receipt_no": serial,
                "reprints": 0,
                "payout_cap": issuing.cap,
            }
        )
        self.legs.append(
            {
                "slip_id": slip_id,
                "position": 0,
                "member": 0,
                "event_id": issuing.event_id,
                "market": market,
                "odds": odds,
                "odds_version": version,
            }
        )
        self.terms.append({"slip_id": slip_id, "terms": encode_terms(slip)})
        self.cash.append(
            {
                **who,
                "kind": CashKind.STAKE.value,
                "amount": stake,
                "slip_id": slip_id,
                "account_number": None,
            }
        )
        self.receipts.append(
            {
                **who,
                "register_serial": issuing.register,
                "number": serial,
                "day_no": 1,
                "kind": ReceiptKind.INCOME.value,
                "amount": stake,
                "slip_id": slip_id,
                "account_number": None,
                "printed": True,
                "register_number": issuing.register_number,
                "spoiled": None,
                "in_doubt": False,
            }
        )
        words = f"{slip.number} {slip.kind} {stake}"
        self.audit.append((at, AuditAction.SLIP_PENDING, words))
        self.audit.append((at, AuditAction.BET_ACCEPTED, f"{words} чек {serial}"))

    def insert(self, engine: Engine) -> None:
        with engine.begin() as connection:
            connection.execute(insert(SlipRow), self.slips)
            connection.execute(insert(SlipLegRow), self.legs)
            connection.execute(insert(SlipTermsRow), self.terms)
            connection.execute(insert(CashMovementRow), self.cash)
            connection.execute(insert(FiscalReceiptRow), self.receipts)


def _issuing(engine: Engine) -> _Issuing:
    with SqlAlchemyUnitOfWork(sessionmaker(engine)) as uow:
        line = read_line(uow)
        secret = shop_secret(uow)
        cap = shop_settings.from_text(uow.settings.load(TELLER.office)).max_payout
        register, register_number = uow.settings.register_of(TELLER.terminal)
    assert register is not None
    with engine.connect() as connection:
        event_id = connection.scalar(select(EventRow.id).where(EventRow.code == EVENT))
        first_id = (connection.scalar(select(func.max(SlipRow.id))) or 0) + 1
        serial = connection.scalar(select(CounterRow.value).where(CounterRow.name == "slip_serial"))
        registers = connection.scalar(select(func.count()).select_from(FiscalRegisterRow))
    # The demo issued nothing: the slips' serials and the receipts' numbers start at 1.
    assert serial == 0 and registers == 0 and event_id is not None, (serial, registers)
    return _Issuing(line, event_id, first_id, secret, cap, register, register_number)


def fill_singles(engine: Engine) -> None:
    """PARIS open singles on EVENT, one every STEP from NOW, as accept_bet leaves them."""
    issuing = _issuing(engine)
    rng = random.Random(22)
    markets = sorted(issuing.line.odds[EVENT])
    audit: list[tuple[datetime, AuditAction, str]] = []
    total = Decimal(0)
    with engine.begin() as connection:  # the register's first receipt opens its first day
        connection.execute(
            insert(FiscalRegisterRow).values(
                serial=issuing.register,
                terminal=TELLER.terminal,
                last_receipt_no=0,
                day_no=1,
                day_opened_at=NOW + STEP,
            )
        )
    for first in range(1, PARIS + 1, SLIP_CHUNK):
        rows = _SingleRows([], [], [], [], [], audit)
        for serial in range(first, min(first + SLIP_CHUNK, PARIS + 1)):
            stake = Decimal(rng.choice(BET_STAKES)).quantize(Decimal("0.01"))
            key = f"{rng.getrandbits(128):032x}"  # as uuid4().hex
            rows.add(issuing, serial, rng.choice(markets), stake, key)
            total += stake
        rows.insert(engine)
    with engine.begin() as connection:
        connection.execute(
            update(FiscalRegisterRow)
            .where(FiscalRegisterRow.serial == issuing.register)
            .values(last_receipt_no=PARIS, grand_income=total)
        )
        connection.execute(
            update(ShiftRow)
            .where(ShiftRow.terminal == TELLER.terminal, ShiftRow.state == "open")
            .values(drawer=ShiftRow.drawer + total)
        )
        connection.execute(
            update(CounterRow).where(CounterRow.name == "slip_serial").values(value=PARIS)
        )
    with SqlAlchemyUnitOfWork(sessionmaker(engine)) as uow:
        for at, action, words in audit:
            TELLER.audit(uow, at, action, words)
        uow.commit()
