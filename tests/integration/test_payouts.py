"""Payouts and the journal on a real database, SQLite and PostgreSQL: terminals paying the
same slips at once, failures midway, the journal's numbering (issue #6, reliability tests)."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from decimal import Decimal

import pytest
from escpos.printer import Dummy
from sqlalchemy.exc import DBAPIError, OperationalError

from db.journal import SqlJournalRepository
from main import open_shop
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.errors import StorageUnavailable
from pos.payouts.errors import NotPayable, PayoutNotPrinted, PayoutUnconfirmed
from pos.settlement.errors import CorrectionRefused
from pos.settlement.results import ResultEntry
from pos.shop.services import Shop
from pos.till.errors import PendingPayoutWaiting
from tests.chain_helpers import won_slips
from tests.documents import PASSPORT
from tests.fakeprinter import FlakyDummy
from tests.fakes import PlainPinHasher
from tests.integration.sql import sql as _sql
from tests.shifts import reopen_shift

pytestmark = pytest.mark.integration
D = Decimal
ROUNDS = 60
FLOAT = "20000"  # what 60 slips of stakes 1 … 60 at 2,10 pay out, and more


def _open(url: str, clock: FixedClock, terminal: str, printer: Dummy | None = None) -> Shop:
    shop = open_shop(
        url, clock=clock, terminal=terminal, pin_hasher=PlainPinHasher(), printer=printer or Dummy()
    )
    shop.update_settings(register_serial=f"KSA-{terminal}", register_number=f"RN-{terminal}")
    if terminal != "К1":  # К1's shift is opened with its demo line
        shop.login("boss", "9911").open_shift(cash=FLOAT)
    return shop


@pytest.fixture
def db_shop(db_url: str, clock: FixedClock) -> Iterator[Shop]:
    shop = _open(db_url, clock, "К1")
    shop.seed_demo()
    yield shop
    shop.close()


def _won_slips(shop: Shop, clock: FixedClock, count: int) -> list[str]:
    """`count` singles on 101 "1" at 2.10, stored in one transaction, won and settled; the
    clock then stands on the first day they may be paid."""
    numbers = won_slips(shop, clock, ("M1",), count, by=("boss", "9911"))["M1"]
    reopen_shift(shop.login("anna", "4821"), cash=FLOAT)  # the drawer caps the payouts
    return numbers


def test_a_payout_lands_in_the_journal_and_its_receipt(db_shop: Shop, clock: FixedClock) -> None:
    (number,) = _won_slips(db_shop, clock, 1)
    anna = db_shop.login("anna", "4821")

    entry = anna.pay_out(number, PASSPORT)

    assert db_shop.journal() == [entry]
    assert entry.amount == D("2.10") and entry.register_serial == "KSA-К1"
    assert db_shop.slip(number).status is SlipStatus.PAID
    assert _sql(db_shop, "SELECT kind, amount, printed FROM fiscal_receipts") == [
        ("expense", 210, True)
    ]
    assert _sql(db_shop, "SELECT kind, amount FROM cash_movements") == [("payout", -210)]
    assert _sql(db_shop, "SELECT value FROM counters WHERE name = 'journal:M1'") == [(1,)]
    with pytest.raises(NotPayable, match="уже выплачен"):
        anna.pay_out(number, PASSPORT)
    fixed = db_shop.login("boss", "9911").correct_journal_entry(
        1, player="Иванов Павел Сергеевич", reason="опечатка"
    )
    assert [e.number for e in db_shop.journal()] == [1, 2]
    assert db_shop.journal()[1] == fixed and db_shop.journal()[0] == entry


@pytest.mark.parametrize("terminals", [2, 4])
def test_terminals_paying_the_same_slips_at_once_pay_each_once(
    db_url: str, db_shop: Shop, clock: FixedClock, terminals: int
) -> None:
    numbers = _won_slips(db_shop, clock, ROUNDS)
    shops = [db_shop] + [_open(db_url, clock, f"К{i}") for i in range(2, terminals + 1)]
    desks = [shop.login("anna", "4821") for shop in shops]
    barrier = threading.Barrier(terminals)
    paid: list[list[int]] = [[] for _ in desks]
    refused: list[BaseException] = []
    raw: list[BaseException] = []

    def terminal(index: int) -> None:
        for number in numbers:
            try:
                barrier.wait(timeout=30)
                paid[index].append(desks[index].pay_out(number, PASSPORT).number)
            except NotPayable as refusal:
                refused.append(refusal)
            except BaseException as error:  # noqa: BLE001 - a raw error is the failure sought
                raw.append(error)
                barrier.abort()
                return

    threads = [threading.Thread(target=terminal, args=(i,)) for i in range(terminals)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for shop in shops[1:]:
        shop.close()

    assert raw == []
    assert len(refused) == ROUNDS * (terminals - 1)
    # Paid already, or held by the terminal printing its receipt at that moment.
    assert all(re.search("уже выплачен|выплачивается на терминале", str(r)) for r in refused)
    journal = db_shop.journal()
    assert [e.number for e in journal] == list(range(1, ROUNDS + 1))
    assert sorted(n for numbers_paid in paid for n in numbers_paid) == list(range(1, ROUNDS + 1))
    assert sorted(e.slip_number for e in journal) == sorted(numbers)
    assert _sql(db_shop, "SELECT count(*) FROM slips WHERE status = 'paid'") == [(ROUNDS,)]
    assert _sql(db_shop, "SELECT count(*) FROM fiscal_receipts WHERE kind = 'expense'") == [
        (ROUNDS,)
    ]
    # Each terminal's register numbered its own receipts without a gap.
    per_register = _sql(
        db_shop,
        "SELECT register_serial, count(*), min(number), max(number) FROM fiscal_receipts "
        "GROUP BY register_serial",
    )
    assert all(count == last and first == 1 for _, count, first, last in per_register)


def test_a_printer_failure_midway_pays_nothing_and_uses_no_number(
    db_url: str, db_shop: Shop, clock: FixedClock
) -> None:
    first, second = _won_slips(db_shop, clock, 2)
    flaky = FlakyDummy()
    shop = _open(db_url, clock, "К2", printer=flaky)
    anna = shop.login("anna", "4821")
    flaky.broken = True
    with pytest.raises(PayoutNotPrinted):
        anna.pay_out(first, PASSPORT)
    assert _sql(db_shop, "SELECT count(*) FROM journal_entries") == [(0,)]
    assert _sql(db_shop, "SELECT value FROM counters WHERE name = 'journal:M1'") == [(0,)]
    assert _sql(db_shop, "SELECT count(*) FROM fiscal_receipts") == [(0,)]
    assert db_shop.slip(first).status is SlipStatus.WON
    flaky.broken = False
    assert [anna.pay_out(n, PASSPORT).number for n in (second, first)] == [1, 2]
    shop.close()


def test_a_database_failure_after_the_receipt_leaves_the_payout_to_the_cashier(
    db_url: str, db_shop: Shop, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = _won_slips(db_shop, clock, 2)
    anna = db_shop.login("anna", "4821")
    real_add = SqlJournalRepository.add

    def disk_full(self: SqlJournalRepository, entry: object) -> None:
        real_add(self, entry)  # type: ignore[arg-type]
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    monkeypatch.setattr(SqlJournalRepository, "add", disk_full)
    with pytest.raises(PayoutUnconfirmed, match="Не выдавайте деньги") as failed:
        anna.pay_out(first, PASSPORT)
    assert isinstance(failed.value.cause, StorageUnavailable)
    monkeypatch.undo()
    # The receipt is on paper: nothing else pays the slip or takes its number meanwhile.
    assert _sql(db_shop, "SELECT count(*) FROM journal_entries") == [(0,)]
    pending = anna.pending_payout()
    assert pending is not None and (pending.slip_number, pending.receipt_no) == (first, 1)
    other = _open(db_url, clock, "К2")
    with pytest.raises(NotPayable, match="выплачивается на терминале К1"):
        other.login("anna", "4821").pay_out(first, PASSPORT)
    other.close()
    with pytest.raises(PendingPayoutWaiting):
        anna.pay_out(second, PASSPORT)
    entry = anna.confirm_pending_payout(first)  # «Чек вышел»
    assert (entry.number, entry.fiscal_receipt_no) == (1, 1)
    assert anna.pay_out(second, PASSPORT).number == 2


def test_a_result_cannot_be_corrected_once_a_slip_on_it_is_paid(
    db_shop: Shop, clock: FixedClock
) -> None:
    (number,) = _won_slips(db_shop, clock, 1)
    db_shop.login("anna", "4821").pay_out(number, PASSPORT)
    boss = db_shop.login("boss", "9911")
    with pytest.raises(CorrectionRefused):
        boss.correct_result(101, ResultEntry(101, 1, 2), reason="перепутали")


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE journal_entries SET player = 'Петров Пётр' WHERE number = 1",
        "UPDATE journal_entries SET amount = 1 WHERE number = 1",
        "DELETE FROM journal_entries WHERE number = 1",
    ],
)
def test_the_database_refuses_to_change_or_delete_a_journal_entry(
    db_shop: Shop, clock: FixedClock, statement: str
) -> None:
    (number,) = _won_slips(db_shop, clock, 1)
    entry = db_shop.login("anna", "4821").pay_out(number, PASSPORT)
    with pytest.raises(DBAPIError, match="never changed or deleted"):
        _sql(db_shop, statement)
    assert db_shop.journal() == [entry]
