"""Paying out through the desk, on the fake database: the checks, the refusals and the printer."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from main import assemble_shop
from pos.betting.errors import InvalidSlipNumber
from pos.betting.slips import IdOutcome, Slip, SlipStatus
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.payouts.errors import (
    JournalEntryUnknown,
    NotPayable,
    PayoutDocumentRequired,
    PayoutExpired,
    PayoutNoteNotPrinted,
    PayoutNotPrinted,
    PayoutTooEarly,
)
from pos.people.errors import DocumentExpired, InvalidDocument, Underage
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.errors import PrintFailed, ShiftNotOpen, ShiftTooLong
from pos.till.fiscal import ReceiptKind
from pos.till.shifts import CashKind
from tests.conftest import REGISTER, demo_shop_on
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


def _won_slip(anna: Desk, boss: Desk, clock: FixedClock, stake: str = "10") -> Slip:
    """A single on 101 "1" (2.10), the match won 2:1 and settled; payable from tomorrow."""
    slip = anna.accept_bet([(101, "1")], stake=stake)
    clock.advance(timedelta(days=3))
    reopen_shift(anna)
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    return slip


def test_a_winning_slip_is_paid_once_into_the_journal(
    anna: Desk, boss: Desk, clock: FixedClock, storage: FakeStorage, flaky: FlakyDummy
) -> None:
    slip = _won_slip(anna, boss, clock)
    _next_day(clock, anna)
    flaky.clear()

    entry = anna.pay_out(slip.number, PASSPORT)

    assert entry.number == 1 and entry.amount == D("21.00")
    assert entry.player == "Иванов Пётр Сергеевич"
    assert entry.document == ("паспорт MP1234567, выдан 12.03.2015 Октябрьский РУВД г. Минска")
    assert (entry.register_serial, entry.cashier, entry.slip_number) == (
        REGISTER,
        "anna",
        slip.number,
    )
    receipt = storage.data.receipts[(REGISTER, entry.fiscal_receipt_no)]
    assert (receipt.kind, receipt.amount, receipt.printed) == (
        ReceiptKind.EXPENSE,
        D("21.00"),
        True,
    )
    assert anna.slip(slip.number).status is SlipStatus.PAID
    assert anna.slip(slip.number).payout == D("21.00")
    assert storage.data.cash[-1].kind is CashKind.PAYOUT
    assert storage.data.cash[-1].amount == D("-21.00")
    check = storage.data.id_checks[-1]
    assert (check.outcome, check.age, check.masked_number) == (IdOutcome.ACCEPTED, 36, "******567")
    assert storage.data.audit[-1].action is AuditAction.PAID_OUT
    printed = flaky.output.decode("cp866", errors="replace")
    assert "РАСХОД" in printed and "КВИТАНЦИЯ О ВЫПЛАТЕ" in printed
    assert "ВЫПЛАЧЕНО" in printed and "21,00" in printed
    # No personal data on the paper the player takes.
    assert "Иванов" not in printed and "1234567" not in printed

    with pytest.raises(NotPayable, match="уже выплачен"):
        anna.pay_out(slip.number, PASSPORT)
    assert len(storage.data.journal) == 1
    assert [e.number for e in boss.journal()] == [1]


def test_the_payout_period_runs_from_the_next_day_for_one_month(
    anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = _won_slip(anna, boss, clock)  # the match ended on 3 Dec (Minsk)
    with pytest.raises(PayoutTooEarly, match=r"с 04\.12\.2026"):
        anna.pay_out(slip.number, PASSPORT)
    clock.advance(timedelta(days=31))  # 3 Jan: one month from 3 Dec ends on that day
    reopen_shift(anna)
    anna.payout_quote(slip.number)
    clock.advance(timedelta(days=1))
    reopen_shift(anna)
    with pytest.raises(PayoutExpired, match=r"истёк 03\.01\.2027"):
        anna.pay_out(slip.number, PASSPORT)
    assert anna.slip(slip.number).status is SlipStatus.WON


@pytest.mark.parametrize(
    ("legs", "why"),
    [
        ([(101, "2")], "проигрышный"),
        ([(101, "1"), (103, "1")], "ещё не рассчитан"),
    ],
)
def test_open_and_lost_slips_are_not_paid(
    anna: Desk, boss: Desk, clock: FixedClock, legs: list[tuple[int, str]], why: str
) -> None:
    slip = anna.accept_bet(legs, stake="5", kind="express" if len(legs) > 1 else "single")
    clock.advance(timedelta(days=3))
    reopen_shift(anna)
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    _next_day(clock, anna)
    with pytest.raises(NotPayable, match=why):
        anna.pay_out(slip.number, PASSPORT)
    quote = anna.payout_quote(slip.number)
    assert quote.amount is None and quote.refusal is not None and why in quote.refusal


def test_a_cancelled_slip_and_a_wrong_check_code_are_refused(anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], stake="5")
    anna.cancel_in_window(slip.number, "не тот исход")
    with pytest.raises(NotPayable, match="отменён"):
        anna.pay_out(slip.number, PASSPORT)
    wrong = slip.number[:-1] + str((int(slip.number[-1]) + 1) % 10)
    with pytest.raises(InvalidSlipNumber):
        anna.pay_out(wrong, PASSPORT)
    with pytest.raises(InvalidSlipNumber):
        anna.payout_quote(wrong)


def test_without_a_document_nothing_is_paid_and_the_refusal_is_recorded(
    anna: Desk, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    slip = _won_slip(anna, boss, clock)
    _next_day(clock, anna)
    with pytest.raises(PayoutDocumentRequired, match=r"п\. 13"):
        anna.pay_out(slip.number, None)
    assert storage.data.id_checks[-1].outcome is IdOutcome.REFUSED
    assert anna.slip(slip.number).status is SlipStatus.WON
    assert storage.data.journal == {}


def test_an_underage_player_is_refused_in_payout_words(
    anna: Desk, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    slip = _won_slip(anna, boss, clock)
    _next_day(clock, anna)
    young = IdDocument(**{**PASSPORT.__dict__, "birth_date": date(2006, 1, 1)})
    with pytest.raises(Underage, match="В выплате отказано") as refused:
        anna.pay_out(slip.number, young)
    assert "ставке" not in str(refused.value)
    assert storage.data.id_checks[-1].outcome is IdOutcome.UNDERAGE
    assert storage.data.journal == {} and anna.slip(slip.number).status is SlipStatus.WON


def test_an_expired_or_incomplete_document_is_refused(
    anna: Desk, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    slip = _won_slip(anna, boss, clock)
    _next_day(clock, anna)
    expired = IdDocument(**{**PASSPORT.__dict__, "expires_on": date(2026, 1, 1)})
    with pytest.raises(DocumentExpired):
        anna.pay_out(slip.number, expired)
    # The journal's fourth column needs the date and the place of issue.
    no_date = IdDocument(**{**PASSPORT.__dict__, "issued_on": None})
    with pytest.raises(InvalidDocument, match="дата выдачи"):
        anna.pay_out(slip.number, no_date)
    no_place = IdDocument(**{**PASSPORT.__dict__, "issued_by": " "})
    with pytest.raises(InvalidDocument, match="кем и где"):
        anna.pay_out(slip.number, no_place)
    outcomes = [c.outcome for c in storage.data.id_checks[-3:]]
    assert outcomes == [IdOutcome.EXPIRED, IdOutcome.INVALID, IdOutcome.INVALID]
    assert storage.data.journal == {}


def test_a_refund_slip_pays_the_stake_back(anna: Desk, boss: Desk, clock: FixedClock) -> None:
    slip = anna.accept_bet([(201, "X")], stake="7")
    clock.advance(timedelta(days=3))
    reopen_shift(anna)
    boss.record_result(201, None, None, status="cancelled", source="ФХРБ")
    boss.settle()
    _next_day(clock, anna)
    quote = anna.payout_quote(slip.number)
    assert quote.amount == D("7.00") and quote.slip.status is SlipStatus.REFUND
    entry = anna.pay_out(slip.number, PASSPORT)
    assert entry.amount == D("7.00")


def test_a_printer_failure_pays_nothing_and_uses_no_number(
    anna: Desk, boss: Desk, clock: FixedClock, storage: FakeStorage, flaky: FlakyDummy
) -> None:
    second = anna.accept_bet([(102, "X")], stake="3")
    first = _won_slip(anna, boss, clock)
    boss.record_result(102, 1, 1, source="АБФФ")
    boss.settle()
    _next_day(clock, anna)
    receipts_before = len(storage.data.receipts)
    flaky.broken = True
    with pytest.raises(PayoutNotPrinted, match="НЕ проведена") as failed:
        anna.pay_out(first.number, PASSPORT)
    assert "не выдавайте деньги" in str(failed.value)
    assert storage.data.journal == {} and storage.data.journal_counters == {}
    assert len(storage.data.receipts) == receipts_before
    assert anna.slip(first.number).status is SlipStatus.WON and anna.pending_payout() is None
    assert storage.data.audit[-1].action is AuditAction.PAYOUT_RELEASED
    assert "не напечатан" in storage.data.audit[-1].detail

    flaky.broken = False
    assert anna.pay_out(second.number, PASSPORT).number == 1
    assert anna.pay_out(first.number, PASSPORT).number == 2


def test_the_quote_shows_the_settlement_and_the_amount(
    anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    slip = _won_slip(anna, boss, clock)
    _next_day(clock, anna)
    quote = anna.payout_quote(slip.number)
    assert quote.amount == D("21.00") and quote.refusal is None
    assert quote.period is not None and quote.period.first_day == date(2026, 12, 4)
    assert quote.lines and any("выигрыш" in line.lower() for line in quote.lines)
    entry = anna.pay_out(slip.number, PASSPORT)
    paid = anna.payout_quote(slip.number)
    assert paid.entry == entry and paid.amount is None and "уже выплачен" in (paid.refusal or "")


def test_the_quote_of_a_payable_slip_says_when_this_terminal_cannot_pay_it_now(
    anna: Desk, boss: Desk, clock: FixedClock
) -> None:
    """Issue 16: said at the scan, before the player's document is typed."""
    slip = _won_slip(anna, boss, clock)
    _next_day(clock, anna)
    assert anna.payout_quote(slip.number).shift_refusal is None
    clock.advance(timedelta(hours=24, minutes=1))
    assert isinstance(anna.payout_quote(slip.number).shift_refusal, ShiftTooLong)
    status = anna.shift()
    assert status is not None
    anna.close_shift(counted=status.summary.expected)

    quote = anna.payout_quote(slip.number)

    assert quote.amount == D("21.00")  # still what it pays, once a shift is open
    assert isinstance(quote.shift_refusal, ShiftNotOpen)
    assert str(quote.shift_refusal) == str(ShiftNotOpen("К1"))
    with pytest.raises(ShiftNotOpen):
        anna.pay_out(slip.number, PASSPORT)


@pytest.mark.warns_in_log
def test_a_note_that_does_not_print_after_its_receipt_leaves_the_payout_made(
    storage: FakeStorage, clock: FixedClock
) -> None:
    slips, receipts = FlakyDummy(), FlakyDummy()
    shop = demo_shop_on(storage, clock, slips, receipts)
    anna, boss = shop.login("anna", "4821"), shop.login("boss", "9911")
    slip = _won_slip(anna, boss, clock)
    _next_day(clock, anna)
    slips.broken = True
    with pytest.raises(PayoutNoteNotPrinted, match=r"выдайте игроку 21,00 руб\.") as notice:
        anna.pay_out(slip.number, PASSPORT)
    assert "Квитанция повторно" in str(notice.value)
    assert anna.slip(slip.number).status is SlipStatus.PAID
    assert [e.number for e in shop.journal()] == [1] == [notice.value.entry_number]
    assert "РАСХОД".encode("cp866") in receipts.output
    with pytest.raises(PrintFailed):
        anna.print_payout_note(1)
    slips.broken = False
    anna.print_payout_note(1)
    assert "КВИТАНЦИЯ О ВЫПЛАТЕ".encode("cp866") in slips.output
    assert storage.data.audit[-1].action is AuditAction.RECEIPT_PRINTED
    with pytest.raises(JournalEntryUnknown):
        anna.print_payout_note(2)


def test_too_long_a_document_field_is_refused_before_anything_is_written(
    anna: Desk, boss: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    slip = _won_slip(anna, boss, clock)
    _next_day(clock, anna)
    wordy = IdDocument(**{**PASSPORT.__dict__, "kind": "вид на жительство " * 3})
    with pytest.raises(InvalidDocument, match="длиннее 40"):
        anna.pay_out(slip.number, wordy)
    far = IdDocument(**{**PASSPORT.__dict__, "issued_by": "Минск " * 40})
    with pytest.raises(InvalidDocument, match="длиннее 200"):
        anna.pay_out(slip.number, far)
    assert storage.data.journal == {}
