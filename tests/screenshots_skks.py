"""Screenshots of the СККС in the window (issue 35) at 1366×768 and 1024×700, for docs/: the
manager's «СККС» page and the status bar with messages waiting for a controller that is down,
then after «Отправить сейчас», with the simulator's log (its stdout) beside the window.

A bet, a payout, a deposit and a withdrawal are registered online first; a cash-in the
simulator refuses shows in «Расхождения СККС».

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_skks [out_dir]
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QLabel, QListWidget, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.documents import PASSPORT
from tests.screenshots import save, settle, sign_in, wait_until
from tests.screenshots_fit import SIZES, fit_shop, open_page, won_slips
from tests.skks_simulator import SimulatedController
from ui import skks_link
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.tasks import TaskRunner

_LOG_WIDTH = 560


def operations(shop: Shop, controller: SimulatedController) -> None:
    """Online: a bet, a payout, a deposit and a withdrawal registered; deferred: a cash-in
        refused after the fact, the shift closed (its totals differ from the controller's by that
    cash-in) and opened again, then two bets waiting 3 minutes for a controller that is down."""
    anna = shop.login("anna", "4821")
    _reopen(anna)  # the till connected at a shift's start: the controller hears it whole
    shop.update_settings(skks_url=controller.url, skks_mode="online", skks_timeout=2)
    anna.accept_bet([(101, "1")], stake=Decimal("20"))
    anna.pay_out(won_slips(shop)[0], PASSPORT)
    account = anna.open_account(document=PASSPORT).number
    anna.deposit(account, Decimal("300"))
    anna.withdraw(account, Decimal("50"), document=PASSPORT)
    shop.update_settings(skks_mode="deferred")
    controller.refuse_kinds = {"cash_in": "Внесение без открытой кассы в СККС"}
    shop.login("boss", "9911").cash_in("100", reason="размен")
    shop.skks_send()
    # The shift closed: the controller counts no cash-in, the page shows the difference.
    _reopen(anna)
    shop.skks_send()
    controller.down = True
    for stake in ("5", "7"):
        anna.accept_bet([(102, "1")], stake=Decimal(stake))
    clock = shop.context.clock
    assert isinstance(clock, FixedClock)
    clock.advance(timedelta(minutes=3))


def _reopen(desk: Desk) -> None:
    status = desk.shift()
    assert status is not None
    desk.close_shift(counted=status.summary.expected)
    desk.open_shift(cash="1000")


def beside(window: QWidget, log: str, path: Path) -> None:
    """The window with the simulator's log to its right, as one picture."""
    settle()
    panel = QWidget()
    panel.setObjectName("simulator_log")
    title = QLabel("Симулятор СККС — python main.py skks-simulator (stdout)")
    title.setProperty("heading", "2")
    text = QPlainTextEdit(log)
    text.setReadOnly(True)
    text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
    font = text.font()
    font.setFamily("DejaVu Sans Mono")
    font.setPointSize(9)
    text.setFont(font)
    column = QVBoxLayout(panel)
    column.addWidget(title)
    column.addWidget(text, 1)
    panel.resize(_LOG_WIDTH, window.height())
    panel.show()
    settle()
    shot = window.grab()
    side = panel.grab()
    picture = QPixmap(shot.width() + side.width(), max(shot.height(), side.height()))
    picture.fill(QColor("white"))
    painter = QPainter(picture)
    painter.drawPixmap(0, 0, shot)
    painter.drawPixmap(shot.width(), 0, side)
    painter.end()
    panel.close()
    if not picture.save(str(path)):
        raise OSError(f"could not write {path}")


def shoot_size(out_dir: Path, folder: Path, size: tuple[int, int]) -> None:
    """skks-<w>x<h>-waiting.png and skks-<w>x<h>-sent.png (with the simulator's log)."""
    prefix = f"skks-{size[0]}x{size[1]}"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), SimulatedController(echo=True) as controller:
        shop = fit_shop(folder)
        operations(shop, controller)
        runner = TaskRunner()
        ui_state = QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat)
        window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
        window.resize(*size)
        window.move(0, 0)
        window.show()
        users = window.findChild(QListWidget, "users")
        wait_until(lambda: users.count() == 2)
        sign_in(window, "boss", "9911")
        open_page(window, runner, "СККС")
        status = window.statusBar().findChild(QLabel, "status_skks")
        wait_until(lambda: status.text().startswith("СККС: 2 в очереди"))
        save(window, out_dir / f"{prefix}-waiting.png")
        controller.down = False
        window.findChild(QPushButton, "skks_send_now").click()
        wait_until(lambda: not runner.busy and status.text() == "СККС: на связи", timeout=15)
        beside(window, printed.getvalue(), out_dir / f"{prefix}-sent.png")
        window.close()
        runner.shutdown()
        shop.close()


def main(out_dir: Path) -> None:
    """Save skks-1366x768-*.png and skks-1024x700-*.png into `out_dir`."""
    app = create_application(sys.argv)
    # Only «Отправить сейчас» sends while the pictures are taken.
    skks_link.TICK_MS = 3_600_000
    out_dir.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        with tempfile.TemporaryDirectory() as temp:
            shoot_size(out_dir, Path(temp), size)
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
