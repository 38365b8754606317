"""A withdrawal from a player's account is paid as a slip is (issue 19): two steps, so the
journal's line always names the receipt that came out (the kill -9 soak found a line naming
a receipt spoiled and renumbered when the withdrawal was one step)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from sqlalchemy.exc import OperationalError

from db.journal import SqlJournalRepository
from main import open_shop
from pos.accounts.ledger import Movement
from pos.core.clock import FixedClock
from pos.payouts.errors import PayoutNotPrinted, PayoutUnconfirmed
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.errors import PendingPayoutWaiting
from tests.documents import PASSPORT
from tests.fakeprinter import FlakyDummy
from tests.fakes import PlainPinHasher

pytestmark = pytest.mark.integration
D = Decimal


@pytest.fixture
def flaky() -> FlakyDummy:
    return FlakyDummy()


@pytest.fixture
def db_shop(demo_url: str, clock: FixedClock, flaky: FlakyDummy) -> Iterator[Shop]:
    shop = open_shop(
        demo_url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=flaky
    )
    yield shop
    shop.close()


@pytest.fixture
def anna(db_shop: Shop) -> Desk:
    return db_shop.login("anna", "4821")


@pytest.fixture
def account(anna: Desk) -> str:
    number = anna.open_account(document=PASSPORT).number
    anna.deposit(number, "300")
    return number


def test_a_receipt_that_did_not_come_out_pays_nothing_and_gives_the_money_back(
    db_shop: Shop, anna: Desk, account: str, flaky: FlakyDummy
) -> None:
    flaky.broken = True
    with pytest.raises(PayoutNotPrinted, match=r"со счёта № .* не напечатан.*не выдавайте"):
        anna.withdraw(account, "100", document=PASSPORT)
    flaky.broken = False
    assert db_shop.journal() == []
    view = db_shop.account(account)
    assert view.free == D("300.00")
    assert [line.kind for line in view.statement()][-2:] == [Movement.WITHDRAWAL, Movement.RETURN]
    entry = anna.withdraw(account, "100", document=PASSPORT)
    assert entry.fiscal_receipt_no == 2  # the deposit's was 1; the failed one took no number
    assert db_shop.verify().ok


def test_a_receipt_out_and_the_journal_not_written_waits_for_the_cashier(
    db_shop: Shop, anna: Desk, account: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_add = SqlJournalRepository.add

    def disk_full(self: SqlJournalRepository, entry: object) -> None:
        real_add(self, entry)  # type: ignore[arg-type]
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    monkeypatch.setattr(SqlJournalRepository, "add", disk_full)
    with pytest.raises(PayoutUnconfirmed, match="со счёта"):
        anna.withdraw(account, "120", document=PASSPORT)
    monkeypatch.undo()
    pending = anna.pending_payout()
    assert pending is not None and pending.account_number == account
    with pytest.raises(PendingPayoutWaiting, match="со счёта"):
        anna.deposit(account, "10")
    entry = anna.confirm_pending_payout(account)  # «Чек вышел»
    assert (entry.account_number, entry.amount, entry.fiscal_receipt_no) == (
        account,
        D("120.00"),
        2,
    )
    assert db_shop.account(account).free == D("180.00")
    assert db_shop.verify().ok


def test_a_waiting_withdrawal_released_gives_the_money_back_and_spoils_its_number(
    db_shop: Shop, anna: Desk, account: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(self: SqlJournalRepository, entry: object) -> None:
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    monkeypatch.setattr(SqlJournalRepository, "add", disk_full)
    with pytest.raises(PayoutUnconfirmed):
        anna.withdraw(account, "50", document=PASSPORT)
    monkeypatch.undo()
    assert anna.release_pending_payout(account) == 2  # «Чек не вышел»: its number spoiled
    with db_shop.unit_of_work() as uow:
        spoiled = uow.fiscal.receipt("DEMO-К1", 2)
    assert spoiled is not None and spoiled.account_number == account  # the soak found it lost
    assert spoiled.spoiled is not None and "со счёта" in spoiled.spoiled
    assert anna.pending_payout() is None
    assert db_shop.account(account).free == D("300.00")
    assert db_shop.journal() == []
    assert anna.withdraw(account, "50", document=PASSPORT).fiscal_receipt_no == 3
    assert db_shop.verify().ok
