"""The payout journal through the desk, on the fake database: filters, corrections, the PDF."""

from __future__ import annotations

import io
from datetime import date, timedelta
from decimal import Decimal

import pytest
from pypdf import PdfReader

from main import assemble_shop
from pos.betting.slips import Slip
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted
from pos.payouts.errors import (
    CorrectionOfCorrection,
    InvalidPeriod,
    JournalCorrectionEmpty,
    JournalEntryUnknown,
)
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import REGISTER
from tests.documents import PASSPORT
from tests.fakeprinter import FlakyDummy
from tests.fakes import FakeStorage, PlainPinHasher
from tests.shifts import reopen_shift
from tests.unit.pos.payout_desk_helpers import _next_day

D = Decimal


@pytest.fixture
def flaky() -> FlakyDummy:
    return FlakyDummy()


@pytest.fixture
def shop(storage: FakeStorage, clock: FixedClock, flaky: FlakyDummy) -> Shop:
    storage.data.serials["К1"] = REGISTER
    shop = assemble_shop(
        storage, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=flaky
    )
    shop.seed_demo()
    return shop


@pytest.fixture
def anna(shop: Shop) -> Desk:
    return shop.login("anna", "4821")


@pytest.fixture
def boss(shop: Shop) -> Desk:
    return shop.login("boss", "9911")


def _pay_three(anna: Desk, boss: Desk, clock: FixedClock) -> list[Slip]:
    slips = [
        anna.accept_bet([(101, "1")], stake="10"),
        anna.accept_bet([(101, "1")], stake="100"),
        boss.accept_bet([(101, "1")], stake="1"),
    ]
    clock.advance(timedelta(days=3))
    reopen_shift(anna)
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    _next_day(clock, anna)
    anna.pay_out(slips[0].number, PASSPORT)
    boss.pay_out(slips[1].number, PASSPORT)
    _next_day(clock, anna)
    anna.pay_out(slips[2].number, PASSPORT)
    return slips


def test_the_journal_is_filtered_by_period_cashier_and_amount(
    anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    _pay_three(anna, boss, clock)
    assert [e.amount for e in boss.journal()] == [D("21.00"), D("210.00"), D("2.10")]
    assert [e.number for e in boss.journal(date(2026, 12, 4), date(2026, 12, 4))] == [1, 2]
    assert [e.number for e in boss.journal(date(2026, 12, 5))] == [3]
    assert [e.number for e in boss.journal(cashier="boss")] == [2]
    assert [e.number for e in boss.journal(min_amount="21", max_amount="210")] == [1, 2]
    with pytest.raises(InvalidPeriod):
        boss.journal(date(2026, 12, 5), date(2026, 12, 4))


def test_a_manager_corrects_an_entry_with_a_new_referencing_entry(
    anna: Desk, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    _pay_three(anna, boss, clock)
    with pytest.raises(NotPermitted):
        anna.correct_journal_entry(1, player="Иванов Павел Сергеевич", reason="опечатка")
    with pytest.raises(JournalCorrectionEmpty, match="причину"):
        boss.correct_journal_entry(1, player="Иванов Павел Сергеевич", reason=" ")
    with pytest.raises(JournalCorrectionEmpty, match="ничего не меняет"):
        boss.correct_journal_entry(1, player="Иванов Пётр Сергеевич", reason="опечатка")
    with pytest.raises(JournalEntryUnknown):
        boss.correct_journal_entry(99, player="Х", reason="опечатка")

    fixed = boss.correct_journal_entry(
        1, player="Иванов  Павел Сергеевич", reason="опечатка в имени"
    )

    original = storage.data.journal[("M1", 1)]
    assert original.player == "Иванов Пётр Сергеевич"  # never edited
    assert (fixed.number, fixed.corrects, fixed.reason) == (4, 1, "опечатка в имени")
    assert fixed.player == "Иванов Павел Сергеевич" and fixed.document == original.document
    assert fixed.amount == D("0.00")  # the totals stay the cash paid out
    assert fixed.fiscal_receipt_no == original.fiscal_receipt_no
    assert storage.data.audit[-1].action is AuditAction.JOURNAL_CORRECTED
    with pytest.raises(CorrectionOfCorrection, match="Исправляйте запись № 1"):
        boss.correct_journal_entry(4, player="Х", reason="ещё")
    # A second correction of the same payout starts from the first one.
    again = boss.correct_journal_entry(1, document="паспорт MP7654321, выдан", reason="номер")
    assert again.player == "Иванов Павел Сергеевич" and again.number == 5


def test_the_journal_exports_as_pdf_for_managers(
    anna: Desk, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    _pay_three(anna, boss, clock)
    with pytest.raises(NotPermitted):
        anna.export_journal_pdf(io.BytesIO(), date(2026, 12, 1), date(2026, 12, 31))
    out = io.BytesIO()
    sheets = boss.export_journal_pdf(out, date(2026, 12, 1), date(2026, 12, 31))
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert sheets == len(reader.pages) == 2
    text = reader.pages[0].extract_text()
    assert "ЖУРНАЛ УЧЕТА ВЫПЛАТ НАЛИЧНЫХ ДЕНЕГ" in text and "Иванов Пётр Сергеевич" in text
    assert "233,10" in text  # the period's total
    assert storage.data.audit[-1].action is AuditAction.JOURNAL_EXPORTED


def test_a_correction_starts_from_the_entry_as_last_corrected(
    anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    _pay_three(anna, boss, clock)
    assert boss.journal_entry_now(1).player == "Иванов Пётр Сергеевич"
    boss.correct_journal_entry(1, player="Иванов Павел Сергеевич", reason="опечатка")
    now = boss.journal_entry_now(4)  # the correction: its payout, as corrected
    assert (now.number, now.player, now.amount) == (1, "Иванов Павел Сергеевич", D("21.00"))
    assert boss.journal_entry_now(1) == now
    with pytest.raises(JournalCorrectionEmpty, match="слишком длинный"):
        boss.correct_journal_entry(1, player="Я" * 301, reason="опечатка")
    with pytest.raises(JournalEntryUnknown):
        boss.journal_entry_now(9)


def test_the_journal_is_for_managers(anna: Desk) -> None:
    with pytest.raises(NotPermitted, match="просмотр журнала выплат"):
        anna.journal()
    with pytest.raises(NotPermitted):
        anna.journal_entry_now(1)
