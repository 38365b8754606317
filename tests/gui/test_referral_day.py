"""A big stake referred to a manager through two windows on one SQLite file (issue 38, "Done
when"): the cashier's terminal К1 refers a 5 000,00 stake by F7, the manager's terminal К2 of
the same office cuts it to 3 000,00 with a stake typed and Enter, and the cashier's Enter
issues the slip, which prints 3 000,00."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QTabBar, QWidget
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from main import open_shop
from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.fakes import PlainPinHasher
from tests.gui.betting_helpers import add_leg, stake, type_stake
from tests.gui.widgets import open_window, sign_in
from tests.unit.printing.escpos_reader import read_job
from ui.dialogs.referral_wait import ReferralWaitDialog
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.referrals import ReferralsPage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.integration
# The pictures go to docs/ when `make screenshots` asks (BETSHOP_SHOTS=docs), else to the
# temporary folder: a test run leaves the repository as it found it.
SHOTS = Path(os.environ.get("BETSHOP_SHOTS") or tempfile.gettempdir())


@pytest.fixture
def two_tills(tmp_path: Path, clock: FixedClock) -> Iterator[tuple[Shop, Shop, Dummy]]:
    """One office's database file, opened at the cashier's К1 and at the manager's К2."""
    url = f"sqlite:///{tmp_path / 'shop.db'}"
    printer = Dummy(profile="TM-T20II")
    cashier = open_shop(url, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(),
                        printer=printer)  # fmt: skip
    cashier.seed_demo()
    cashier.update_settings(max_stake_per_event=Decimal("2000"))
    manager = open_shop(url, clock=clock, terminal="К2", pin_hasher=PlainPinHasher(),
                        printer=Dummy())  # fmt: skip
    yield cashier, manager, printer
    manager.close()
    cashier.close()


@pytest.fixture
def second_runner(qtbot: QtBot) -> Iterator[TaskRunner]:
    """The manager's window's own worker, as a second PC has."""
    runner = TaskRunner()
    yield runner
    try:
        qtbot.waitUntil(lambda: not runner.busy, timeout=30_000)
    finally:
        runner.shutdown()


def test_a_referred_stake_is_cut_at_another_terminal_and_its_slip_prints(
    qtbot: QtBot,
    two_tills: tuple[Shop, Shop, Dummy],
    runner: TaskRunner,
    second_runner: TaskRunner,
    tmp_path: Path,
) -> None:
    cashier_shop, manager_shop, printer = two_tills
    till = _window(qtbot, cashier_shop, runner, tmp_path / "k1.ini", "anna", "4821")
    office = _window(qtbot, manager_shop, second_runner, tmp_path / "k2.ini", "boss", "9911")

    page = till.findChild(BettingPage)
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "5000")
    qtbot.keyClick(stake(page), Qt.Key.Key_Return)  # the limit refuses: F7 is offered
    qtbot.waitUntil(lambda: "F7" in page.findChild(QWidget, "slip_message").text())
    qtbot.keyClick(stake(page), Qt.Key.Key_F7)
    qtbot.waitUntil(lambda: page.findChild(ReferralWaitDialog) is not None)
    waiting = page.findChild(ReferralWaitDialog)
    qtbot.waitUntil(lambda: "ждёт решения менеджера" in waiting.countdown_text())
    _shoot(till, waiting, "referral-cashier")

    tabs = office.findChild(QTabBar, "navigation")  # the page's tab (past Alt+9)
    tabs.setCurrentIndex(office.page_titles().index("Крупные ставки"))
    board = office.findChild(ReferralsPage)
    qtbot.waitUntil(lambda: board.table.rowCount() == 1)
    notice = board.notice
    notice.ask()
    qtbot.waitUntil(lambda: notice.count == 1)
    office.activateWindow()
    field = board.stake_field
    field.setFocus()
    qtbot.keyClicks(field, "3000")
    _shoot(office, None, "referral-manager")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "решение ушло на кассу К1" in board.message_text())

    expected = "Менеджер согласовал 3\u00a0000,00 вместо 5\u00a0000,00"
    qtbot.waitUntil(lambda: expected in waiting.message_text(), timeout=5000)
    _shoot(till, waiting, "referral-cut")
    before = len(printer.output)
    waiting.activateWindow()  # back at the cashier's screen
    qtbot.waitUntil(lambda: QApplication.activeWindow() is waiting)
    qtbot.keyClick(waiting, Qt.Key.Key_Return)  # the player agrees: issued, printed
    qtbot.waitUntil(lambda: not isValid(waiting) or not waiting.isVisible(), timeout=10_000)
    qtbot.waitUntil(lambda: "выдан" in page.findChild(QWidget, "slip_message").text())
    text = "\n".join(read_job(printer.output[before:], "TM-T20II").lines).replace("\u00a0", " ")
    assert "3 000,00" in text
    assert cashier_shop.login("anna", "4821").recent_slips()[0].stake == Decimal("3000.00")


def _window(
    qtbot: QtBot, shop: Shop, runner: TaskRunner, state: Path, login: str, pin: str
) -> MainWindow:
    window = open_window(qtbot, shop, runner, QSettings(str(state), QSettings.Format.IniFormat))
    window.resize(1366, 768)
    sign_in(qtbot, window, login, pin)
    qtbot.waitUntil(lambda: not runner.busy)
    return window


def _shoot(window: MainWindow, dialog: QWidget | None, name: str) -> None:
    """The window at each size, the dialog over its middle as the screen shows it (docs/)."""
    for width, height in ((1024, 700), (1366, 768)):
        window.resize(width, height)
        QApplication.processEvents()
        shot = window.grab()
        if dialog is not None:
            over = dialog.grab()
            painter = QPainter(shot)
            middle = QPoint(
                (shot.width() - over.width()) // 2, (shot.height() - over.height()) // 2
            )
            painter.drawPixmap(middle, over)
            painter.end()
        assert isinstance(shot, QPixmap)
        assert shot.save(str(SHOTS / f"{name}-{width}.png"))
