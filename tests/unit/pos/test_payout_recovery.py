"""Money and paper in step (issue #15): a payout's crash points, spoiled receipt numbers, the
drawer, and receipts whose print broke midway; on the fake database with failing Dummies.

Each crash point of a payout is a test: before the receipt is printed, after it was printed
and before the payout was made, after it was made (then only the player's note is missing).
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from escpos.printer import Dummy

from main import assemble_shop
from pos.betting.errors import DrawerShort
from pos.betting.slips import Slip, SlipStatus
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.payouts import use_cases as payout_desk
from pos.payouts.errors import NotPayable, PayoutNotPrinted
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.day_reports import FiscalTotals
from pos.till.errors import (
    PendingPayoutWaiting,
    ReceiptInDoubt,
    ReceiptNotPrinted,
    ReceiptsInDoubt,
    SlipNotPrinted,
)
from pos.till.fiscal import FiscalReceipt
from tests.conftest import REGISTER, demo_shop_on
from tests.documents import PASSPORT
from tests.fakeprinter import FlakyDummy
from tests.fakes import FakeStorage, PlainPinHasher
from tests.shifts import reopen_shift

D = Decimal
CUT = b"\x1dV"


@pytest.fixture
def flaky() -> FlakyDummy:
    return FlakyDummy()


@pytest.fixture
def shop(storage: FakeStorage, clock: FixedClock, flaky: FlakyDummy) -> Shop:
    return demo_shop_on(storage, clock, flaky)


@pytest.fixture
def anna(shop: Shop) -> Desk:
    return shop.login("anna", "4821")


def _payable(shop: Shop, anna: Desk, clock: FixedClock, stake: str = "10") -> Slip:
    """A single on 101 "1" at 2.10, won and settled; the clock on its first payout day."""
    slip = anna.accept_bet([(101, "1")], stake=stake)
    clock.advance(timedelta(days=3))
    reopen_shift(anna)
    boss = shop.login("boss", "9911")
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.settle()
    clock.advance(timedelta(days=1))
    reopen_shift(anna)
    return slip


def _receipts(storage: FakeStorage) -> list[FiscalReceipt]:
    return [receipt for _, receipt in sorted(storage.data.receipts.items())]


def _numbers_gapless(storage: FakeStorage) -> bool:
    numbers = [receipt.number for receipt in _receipts(storage)]
    return numbers == list(range(1, len(numbers) + 1))


def _crash_in(monkeypatch: pytest.MonkeyPatch, method: str) -> None:
    def power_cut(*args: object, **kwargs: object) -> None:
        raise SystemExit("power cut")

    monkeypatch.setattr(payout_desk, method, power_cut)


def test_a_crash_before_the_receipt_printed_is_released_by_the_cashier(
    shop: Shop, anna: Desk, clock: FixedClock, storage: FakeStorage, flaky: FlakyDummy,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    slip = _payable(shop, anna, clock)
    flaky.papers.clear()
    monkeypatch.setattr(
        type(shop.station), "print_receipts", lambda *a, **k: (_ for _ in ()).throw(SystemExit)
    )
    with pytest.raises(SystemExit):
        anna.pay_out(slip.number, PASSPORT)
    monkeypatch.undo()
    assert flaky.papers == []  # nothing came out

    again = assemble_shop(
        storage, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=flaky
    )
    anna = again.login("anna", "4821")
    pending = anna.pending_payout()
    assert pending is not None and pending.slip_number == slip.number
    with pytest.raises(PendingPayoutWaiting, match="вышел ли чек о выплате"):
        # the terminal numbers nothing meanwhile (a bet agreed in play: the line has started)
        again.login("boss", "9911").accept_bet([(201, "1")], stake="5", agreed_in_play=True)
    spoiled = anna.release_pending_payout(slip.number)  # «Чек не вышел»

    assert spoiled == pending.receipt_no
    assert storage.data.journal == {} and anna.pending_payout() is None
    assert storage.data.receipts[(REGISTER, spoiled)].spoiled is not None
    entry = anna.pay_out(slip.number, PASSPORT)  # paid again, under the next number
    assert (entry.number, entry.fiscal_receipt_no) == (1, spoiled + 1)
    assert _numbers_gapless(storage)


def test_a_crash_after_the_receipt_printed_is_made_with_the_number_on_paper(
    shop: Shop, anna: Desk, clock: FixedClock, storage: FakeStorage, flaky: FlakyDummy,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    slip = _payable(shop, anna, clock)
    flaky.papers.clear()
    _crash_in(monkeypatch, "_make")
    with pytest.raises(SystemExit):
        anna.pay_out(slip.number, PASSPORT)
    monkeypatch.undo()
    (paper,) = flaky.papers
    assert "РАСХОД".encode("cp866") in paper and paper.endswith(CUT + b"\x00")
    assert storage.data.journal == {}
    assert shop.slip(slip.number).status is SlipStatus.WON  # not paid until it is made

    again = assemble_shop(
        storage, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), printer=flaky
    )
    boss = again.login("boss", "9911")  # whoever signs in next at this terminal answers
    pending = boss.pending_payout()
    assert pending is not None and pending.cashier == "anna"
    entry = boss.confirm_pending_payout(slip.number)  # «Чек вышел»

    assert f"Чек № {pending.receipt_no}".encode("cp866") in paper
    assert (entry.number, entry.fiscal_receipt_no, entry.cashier) == (1, pending.receipt_no, "anna")
    assert again.slip(slip.number).status is SlipStatus.PAID
    assert storage.data.receipts[(REGISTER, entry.fiscal_receipt_no)].printed
    assert "подтверждено после сбоя" in next(
        r.detail for r in storage.data.audit if r.action is AuditAction.PAID_OUT
    )
    assert boss.pending_payout() is None
    assert boss.confirm_pending_payout(slip.number) == entry  # a second answer changes nothing
    assert "КВИТАНЦИЯ О ВЫПЛАТЕ".encode("cp866") in flaky.papers[-1]


def test_a_crash_after_the_payout_was_made_leaves_only_the_note_to_print_again(
    shop: Shop, anna: Desk, clock: FixedClock, storage: FakeStorage, flaky: FlakyDummy,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    slip = _payable(shop, anna, clock)
    _crash_in(monkeypatch, "_print_note")
    with pytest.raises(SystemExit):
        anna.pay_out(slip.number, PASSPORT)
    monkeypatch.undo()
    (entry,) = storage.data.journal.values()
    assert anna.pending_payout() is None and shop.slip(slip.number).status is SlipStatus.PAID
    flaky.papers.clear()
    anna.print_payout_note(entry.number)  # «Квитанция повторно»
    assert "КВИТАНЦИЯ О ВЫПЛАТЕ".encode("cp866") in flaky.papers[-1]
    with pytest.raises(NotPayable, match="уже выплачен"):
        anna.pay_out(slip.number, PASSPORT)


@pytest.mark.parametrize("mode", ["cut", "lost"])
def test_a_receipt_job_broken_midway_spoils_its_number_and_pays_nothing(
    shop: Shop, anna: Desk, clock: FixedClock, storage: FakeStorage, flaky: FlakyDummy, mode: str
) -> None:
    slip = _payable(shop, anna, clock)
    flaky.papers.clear()
    flaky.broken, flaky.mode = True, mode
    with pytest.raises(PayoutNotPrinted, match="аннулирован") as failed:
        anna.pay_out(slip.number, PASSPORT)
    assert "не выдавайте деньги" in str(failed.value)
    spoiled = failed.value.spoiled
    assert spoiled is not None and f"Чек № {spoiled}".encode("cp866") in flaky.papers[-1]
    assert storage.data.receipts[(REGISTER, spoiled)].spoiled is not None
    assert storage.data.journal == {} and anna.pending_payout() is None

    flaky.broken = False
    entry = anna.pay_out(slip.number, PASSPORT)
    assert entry.fiscal_receipt_no == spoiled + 1  # one number, one piece of paper
    assert _numbers_gapless(storage)


def test_a_payout_larger_than_the_drawer_is_refused_with_what_it_holds(
    shop: Shop, anna: Desk, clock: FixedClock, storage: FakeStorage
) -> None:
    slip = _payable(shop, anna, clock, stake="500")  # pays 1 050,00
    anna.close_shift(counted="1000")
    anna.open_shift(cash="0")
    with pytest.raises(DrawerShort, match=r"В кассе по учёту 0,00 руб\., а к выплате 1\s050,00"):
        anna.pay_out(slip.number, PASSPORT)
    assert storage.data.journal == {} and anna.pending_payout() is None
    anna.cash_in("1050", "подкрепление из сейфа")
    assert anna.pay_out(slip.number, PASSPORT).amount == D("1050.00")
    status = anna.shift()
    assert status is not None and status.shift.drawer == status.summary.expected == D("0.00")


def test_a_return_in_the_window_larger_than_the_drawer_is_refused(
    anna: Desk, storage: FakeStorage
) -> None:  # the demo float and the stake are taken to the safe
    slip = anna.accept_bet([(101, "1")], stake="10")
    anna.authorised_by("boss", "9911", Permission.CASH_OUT).cash_out("1010", "в сейф")
    with pytest.raises(DrawerShort, match="к возврату 10,00"):
        anna.cancel_in_window(slip.number, "не тот исход")
    assert storage.data.slips[slip.number].status is SlipStatus.OPEN


@pytest.mark.warns_in_log
def test_a_separate_fiscal_printer_broken_midway_renumbers_the_receipt(
    storage: FakeStorage, clock: FixedClock
) -> None:
    slips, receipts = Dummy(profile="TM-T20II"), FlakyDummy()
    shop = demo_shop_on(storage, clock, slips, receipts)
    anna = shop.login("anna", "4821")
    receipts.broken, receipts.mode = True, "lost"  # printed all of it, lost the answer
    with pytest.raises(ReceiptNotPrinted, match="Чек № 1 аннулирован") as failed:
        anna.accept_bet([(101, "1")], stake="10")
    assert failed.value.numbers == [2]
    slip = next(iter(storage.data.slips.values()))
    assert slip.status is SlipStatus.OPEN and slip.fiscal_receipt_no == 2
    assert [(r.number, r.spoiled is not None, r.printed) for r in _receipts(storage)] == [
        (1, True, False),
        (2, False, False),
    ]
    receipts.broken = False
    printed = anna.print_receipts()  # «Допечатать чеки» prints number 2, never number 1 again
    assert [r.number for r in printed] == [2]
    papers = [p.decode("cp866", "replace") for p in receipts.papers]
    assert sum("Чек № 1 " in p for p in papers) == 1 and sum("Чек № 2 " in p for p in papers) == 1


@pytest.mark.warns_in_log
def test_a_reprint_broken_midway_asks_the_cashier_and_never_prints_a_number_twice(
    storage: FakeStorage, clock: FixedClock
) -> None:
    slips, receipts = Dummy(profile="TM-T20II"), FlakyDummy()
    shop = demo_shop_on(storage, clock, slips, receipts)
    anna = shop.login("anna", "4821")
    receipts.broken = True  # unplugged: nothing reaches the paper
    with pytest.raises(ReceiptNotPrinted):
        anna.accept_bet([(101, "1")], stake="10")
    receipts.mode = "cut"
    with pytest.raises(ReceiptInDoubt, match="Печать чека № 1 прервалась"):
        anna.print_receipts()
    with pytest.raises(ReceiptsInDoubt):
        anna.accept_bet([(102, "1")], stake="5")  # answer first
    with pytest.raises(ReceiptsInDoubt):
        anna.print_receipts()
    assert [r.number for r in anna.receipts_in_doubt()] == [1]
    replacement = anna.answer_receipt(1, came_out=False)  # only its top came out
    assert replacement is not None and replacement.number == 2
    receipts.broken = False
    assert [r.number for r in anna.print_receipts()] == [2]
    assert storage.data.receipts[(REGISTER, 1)].spoiled is not None
    anna.accept_bet([(102, "1")], stake="5")  # the till works again


@pytest.mark.warns_in_log
def test_a_reprint_that_came_out_whole_is_marked_printed_on_the_answer(
    storage: FakeStorage, clock: FixedClock
) -> None:
    slips, receipts = Dummy(profile="TM-T20II"), FlakyDummy()
    shop = demo_shop_on(storage, clock, slips, receipts)
    anna = shop.login("anna", "4821")
    receipts.broken = True
    with pytest.raises(ReceiptNotPrinted):
        anna.accept_bet([(101, "1")], stake="10")
    receipts.mode = "lost"
    with pytest.raises(ReceiptInDoubt):
        anna.print_receipts()
    assert anna.answer_receipt(1, came_out=True) is None
    assert storage.data.receipts[(REGISTER, 1)].printed and anna.unprinted_receipts() == []


def test_a_slip_job_broken_midway_voids_the_slip_and_spoils_its_receipt_number(
    shop: Shop, anna: Desk, flaky: FlakyDummy, storage: FakeStorage
) -> None:
    flaky.broken, flaky.mode = True, "cut"
    with pytest.raises(SlipNotPrinted, match="Чек № 1 аннулирован"):
        anna.accept_bet([(101, "1")], stake="10")
    flaky.broken = False
    slip = anna.accept_bet([(101, "1")], stake="10")
    assert slip.fiscal_receipt_no == 2 and _numbers_gapless(storage)


def test_spoiled_receipts_count_in_no_total_but_in_the_z_report(
    shop: Shop, anna: Desk, flaky: FlakyDummy
) -> None:
    anna.accept_bet([(101, "1")], stake="10")
    flaky.broken, flaky.mode = True, "cut"
    with pytest.raises(SlipNotPrinted):
        anna.accept_bet([(102, "1")], stake="7")
    flaky.broken = False
    report = anna.x_report()
    assert report.totals == FiscalTotals(
        income_count=1, income=D("10.00"), first_no=1, last_no=2, spoiled_count=1, spoiled=D("7")
    )
    assert report.grand.income == D("10.00") and report.grand.cash == D("10.00")
