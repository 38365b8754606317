"""The till page after a broken print (issue #15): a payout whose receipt went to the printer
before a crash, and receipts whose print broke midway, each asked and answered as a cashier
would, by the keyboard."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.wording import display_slip_number
from pos.payouts import use_cases as payout_desk
from pos.payouts.rules import PendingPayout
from pos.shop.desk import Desk
from pos.shop.services import Shop
from pos.till.errors import ReceiptInDoubt, ReceiptNotPrinted, ReceiptsInDoubt
from tests.conftest import REGISTER
from tests.documents import PASSPORT
from tests.fakeprinter import FlakyDummy
from tests.fakes import FakeStorage
from tests.gui.payouts_helpers import won_slip
from tests.gui.test_till import button, click, open_till, question_shown, text
from tests.gui.widgets import open_window, sign_in
from ui.main_window import MainWindow
from ui.pages.till import TillPage
from ui.tasks import TaskRunner


def crash_after_the_receipt(
    desk: Desk, number: str, monkeypatch: pytest.MonkeyPatch
) -> PendingPayout:
    """The power goes off after the payout's receipt printed and before the payout was made."""

    def power_cut(*_args: object, **_kwargs: object) -> None:
        raise SystemExit("power cut")

    monkeypatch.setattr(payout_desk, "_make", power_cut)
    with pytest.raises(SystemExit):
        desk.pay_out(number, PASSPORT)
    monkeypatch.undo()
    pending = desk.pending_payout()
    assert pending is not None
    return pending


def answer_by_keys(qtbot: QtBot, window: QWidget, *, came_out: bool) -> None:
    """The cursor is on the first answer: Enter takes it, Tab then Enter takes the other."""
    if not came_out:
        qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Tab)
        assert window.focusWidget().objectName() == "void_pending"
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Return)


def answer(block: QWidget, which: str) -> QPushButton:
    """The first ("yes": it came out) or the second answer of a question."""
    return button(block, "confirm_pending" if which == "yes" else "void_pending")


def asked(qtbot: QtBot, page: TillPage, name: str) -> QWidget:
    """The page shows the question `name` with the cursor on its first answer."""
    qtbot.waitUntil(lambda: page.findChild(QWidget, name) is not None)
    block = page.findChild(QWidget, name)
    qtbot.waitUntil(lambda: block.isVisible() and page.focusWidget() is answer(block, "yes"))
    return block


def answered_at_sign_in(
    qtbot: QtBot, window: MainWindow, name: str, *, came_out: bool
) -> tuple[TillPage, QWidget]:
    """anna signs in, the till page comes forward asking `name`, and she answers."""
    sign_in(qtbot, window, "anna", "4821")
    block = question_shown(qtbot, window, name)
    answer_by_keys(qtbot, window, came_out=came_out)
    return window.findChild(TillPage), block


def wait_for_message(qtbot: QtBot, till: TillPage, start: str) -> str:
    qtbot.waitUntil(lambda: till.message_text().startswith(start))
    return till.message_text()


# --- a payout left waiting by a crash --------------------------------------------------------


@pytest.fixture
def waiting(
    anna: Desk, boss: Desk, clock: FixedClock, monkeypatch: pytest.MonkeyPatch
) -> PendingPayout:
    """A won slip whose payout's receipt came out just before the power went off."""
    slip = won_slip(anna, boss, clock)
    return crash_after_the_receipt(anna, slip.number, monkeypatch)


def test_a_payout_left_by_a_crash_is_asked_at_sign_in(
    qtbot: QtBot, window: MainWindow, waiting: PendingPayout
) -> None:
    sign_in(qtbot, window, "anna", "4821")

    block = question_shown(qtbot, window, "pending_payout")
    number = display_slip_number(waiting.slip_number)
    assert text(block, "pending_text") == (
        f"Чек № {waiting.receipt_no} о выплате по купону № {number} отправлен на печать "
        "в 12:00:00, но выплата не проведена. Вышел ли чек о выплате из принтера?"
    )
    assert text(block, "pending_detail") == (
        "К выплате 21,00 руб., игрок Иванов Пётр Сергеевич, кассир anna."
    )
    assert button(block, "confirm_pending").text() == "Чек вышел — провести выплату"
    assert button(block, "void_pending").text() == "Чек не вышел — отменить выплату"
    assert not window.findChild(QWidget, "pending_slip").isVisible()


def test_came_out_makes_the_payout_with_the_number_on_paper(
    qtbot: QtBot,
    window: MainWindow,
    waiting: PendingPayout,
    demo_shop: Shop,
    storage: FakeStorage,
) -> None:
    till, block = answered_at_sign_in(qtbot, window, "pending_payout", came_out=True)

    assert wait_for_message(qtbot, till, "Выплата по купону") == (
        f"Выплата по купону № {display_slip_number(waiting.slip_number)} проведена, "
        f"запись журнала № 1, чек № {waiting.receipt_no}: выдайте игроку 21,00 руб."
    )
    (entry,) = storage.data.journal.values()
    assert (entry.slip_number, entry.fiscal_receipt_no) == (waiting.slip_number, waiting.receipt_no)
    assert entry.amount == Decimal("21.00")
    assert demo_shop.slip(waiting.slip_number).status is SlipStatus.PAID
    assert storage.data.pending_payouts == {}
    qtbot.waitUntil(lambda: not block.isVisible())


def test_did_not_come_out_releases_the_slip_and_spoils_the_receipt(
    qtbot: QtBot,
    window: MainWindow,
    waiting: PendingPayout,
    anna: Desk,
    storage: FakeStorage,
) -> None:
    till, block = answered_at_sign_in(qtbot, window, "pending_payout", came_out=False)

    assert wait_for_message(qtbot, till, "Выплата по купону") == (
        f"Выплата по купону № {display_slip_number(waiting.slip_number)} отменена: деньги не "
        f"выдавайте, купон можно выплатить снова. Чек № {waiting.receipt_no} аннулирован."
    )
    qtbot.waitUntil(lambda: not block.isVisible())
    assert storage.data.journal == {}
    assert storage.data.receipts[(REGISTER, waiting.receipt_no)].spoiled is not None
    assert anna.payout_quote(waiting.slip_number).amount == Decimal("21.00")  # payable again
    entry = anna.pay_out(waiting.slip_number, PASSPORT)
    assert entry.fiscal_receipt_no == waiting.receipt_no + 1


@pytest.mark.warns_in_log
def test_a_payout_made_whose_note_did_not_print_says_so(
    qtbot: QtBot,
    flaky_shop: Shop,
    flaky: FlakyDummy,
    clock: FixedClock,
    runner: TaskRunner,
    ui_state: QSettings,
    storage: FakeStorage,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    anna, boss = flaky_shop.login("anna", "4821"), flaky_shop.login("boss", "9911")
    slip = won_slip(anna, boss, clock)
    waiting = crash_after_the_receipt(anna, slip.number, monkeypatch)
    window = open_window(qtbot, flaky_shop, runner, ui_state)
    flaky.broken = True  # the player's note will not come out (the receipt is out already)

    till, _block = answered_at_sign_in(qtbot, window, "pending_payout", came_out=True)

    shown = wait_for_message(qtbot, till, "Выплата по купону")
    assert shown.startswith(
        f"Выплата по купону № {display_slip_number(waiting.slip_number)} проведена "
        "(запись журнала № 1), чек "
        "напечатан — выдайте игроку 21,00 руб.; квитанция для игрока не напечатана"
    )
    assert window.findChild(QLabel, "recovery_message").kind == "warning"  # where it was answered
    (entry,) = storage.data.journal.values()
    assert entry.fiscal_receipt_no == waiting.receipt_no


# --- receipts whose print broke midway -------------------------------------------------------


def unprinted_receipt(shop: Shop, flaky: FlakyDummy) -> Desk:
    """A bet whose receipt did not come out: the fiscal printer is unplugged."""
    anna = shop.login("anna", "4821")
    flaky.broken = True
    with pytest.raises(ReceiptNotPrinted):
        anna.accept_bet([(101, "1")], Decimal("10"))
    return anna


def broken_receipt(shop: Shop, flaky: FlakyDummy) -> Desk:
    """Then «Допечатать чеки», and the link breaks midway: receipt 1 is in doubt."""
    anna = unprinted_receipt(shop, flaky)
    flaky.mode = "cut"
    with pytest.raises(ReceiptInDoubt):
        anna.print_receipts()
    flaky.broken = False
    return anna


@pytest.mark.warns_in_log
def test_a_receipt_cut_midway_is_asked_and_did_not_come_out_gives_a_new_number(
    qtbot: QtBot,
    two_printer_shop: Shop,
    flaky: FlakyDummy,
    runner: TaskRunner,
    storage: FakeStorage,
) -> None:
    anna = unprinted_receipt(two_printer_shop, flaky)
    page = open_till(qtbot, anna, runner)
    flaky.mode = "cut"

    click(qtbot, page, "print_receipts")

    shown = wait_for_message(qtbot, page, "Печать чека № 1 прервалась")
    assert "повторно он печататься не будет" in shown
    block = asked(qtbot, page, "receipt_in_doubt_1")
    assert text(block, "pending_text") == "Вышел ли чек № 1 целиком?"
    assert text(block, "pending_detail").startswith("Печать прервалась: «ПРИХОД» на 10,00 руб.")
    assert answer(block, "yes").text() == "Вышел"
    assert answer(block, "no").text() == "Не вышел (или частично)"
    flaky.broken = False

    answer_by_keys(qtbot, page, came_out=False)

    assert wait_for_message(qtbot, page, "Чек № 1") == (
        "Чек № 1 аннулирован, вместо него — чек № 2: нажмите «Допечатать чеки»."
    )
    assert storage.data.receipts[(REGISTER, 1)].spoiled is not None
    qtbot.waitUntil(lambda: text(page, "unprinted") == "Не напечатаны чеки № 2.")
    qtbot.waitUntil(lambda: page.findChild(QWidget, "receipt_in_doubt_1") is None)
    click(qtbot, page, "print_receipts")
    assert wait_for_message(qtbot, page, "Напечатаны") == "Напечатаны чеки № 2."


@pytest.mark.warns_in_log
def test_a_receipt_in_doubt_is_asked_at_sign_in_and_came_out_marks_it_printed(
    qtbot: QtBot,
    two_printer_shop: Shop,
    flaky: FlakyDummy,
    runner: TaskRunner,
    ui_state: QSettings,
    storage: FakeStorage,
) -> None:
    broken_receipt(two_printer_shop, flaky)
    papers = len(flaky.papers)
    window = open_window(qtbot, two_printer_shop, runner, ui_state)

    till, _block = answered_at_sign_in(qtbot, window, "receipt_in_doubt_1", came_out=True)

    assert wait_for_message(qtbot, till, "Чек № 1") == ("Чек № 1 вышел: он отмечен напечатанным.")
    qtbot.waitUntil(lambda: text(till, "unprinted") == "Все чеки напечатаны.")
    assert storage.data.receipts[(REGISTER, 1)].printed
    assert len(flaky.papers) == papers  # nothing printed twice


@pytest.mark.warns_in_log
def test_print_receipts_with_one_in_doubt_asks_it_first(
    qtbot: QtBot, two_printer_shop: Shop, flaky: FlakyDummy, runner: TaskRunner
) -> None:
    anna = broken_receipt(two_printer_shop, flaky)
    page = open_till(qtbot, anna, runner)
    assert page.findChild(QWidget, "receipt_in_doubt_1").isVisible()
    button(page, "print_receipts").setFocus()

    click(qtbot, page, "print_receipts")

    assert wait_for_message(qtbot, page, "Сначала") == str(ReceiptsInDoubt([1]))
    asked(qtbot, page, "receipt_in_doubt_1")
