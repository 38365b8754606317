"""Screenshots of the betting page, its dialogs and the cancellations page for docs/.

Run under a real X server (Xvfb), so that what is saved is what a screen shows:

    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python tests/screenshots_betting.py [out_dir]
"""

from __future__ import annotations

import sys
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

try:  # python -m tests.screenshots_betting
    from tests.screenshots import WINDOW_SIZE, demo_shop, save, settle, wait_until
except ImportError:  # python tests/screenshots_betting.py: the script's folder is on sys.path
    from screenshots import (  # type: ignore[no-redef]
        WINDOW_SIZE,
        demo_shop,
        save,
        settle,
        wait_until,
    )

from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from ui.app import create_application
from ui.navigation import tab_text
from ui.pages.betting import BettingPage
from ui.pages.cancellations import CancellationsPage
from ui.pages.line import LinePage
from ui.tasks import TaskRunner

ZONE = ZoneInfo("Europe/Minsk")
SPECIMEN_MRZ = (
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10"
)


def save_screen(window: QWidget, path: Path) -> None:
    """Save the screen where the window is, with the dialog open over it."""
    settle()
    corner = window.mapToGlobal(window.rect().topLeft())
    screen = QApplication.primaryScreen()
    shot = screen.grabWindow(0, corner.x(), corner.y(), window.width(), window.height())
    if not shot.save(str(path)):
        raise OSError(f"could not write {path}")


def workspace(
    desk: Desk, clock: FixedClock, pages: list[tuple[str, QWidget]]
) -> tuple[QMainWindow, QTabBar]:
    """The pages in a window dressed as MainWindow's signed-in workspace (navigation, status)."""
    window = QMainWindow()
    stack = QStackedWidget()
    stack.setObjectName("pages")
    navigation = QTabBar()
    navigation.setObjectName("navigation")
    navigation.setExpanding(False)
    navigation.setDrawBase(False)
    for index, (title, page) in enumerate(pages):
        navigation.addTab(tab_text(index, title))  # «1 Ставки», as MainWindow numbers them
        stack.addWidget(page)
    navigation.currentChanged.connect(stack.setCurrentIndex)
    bar = QWidget()
    bar.setObjectName("top_bar")
    bar.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
    sign_out = QPushButton("Выйти (F12)")
    sign_out.setObjectName("sign_out")
    row = QHBoxLayout(bar)
    row.setContentsMargins(16, 8, 16, 0)
    row.addWidget(navigation, 0, Qt.AlignmentFlag.AlignBottom)
    row.addStretch(1)
    row.addWidget(sign_out, 0, Qt.AlignmentFlag.AlignVCenter)
    central = QWidget()
    column = QVBoxLayout(central)
    column.setContentsMargins(0, 0, 0, 0)
    column.setSpacing(0)
    column.addWidget(bar)
    column.addWidget(stack, 1)
    window.setCentralWidget(central)
    status = window.statusBar()
    status.setSizeGripEnabled(False)
    status.addWidget(QLabel(f"Терминал {desk.terminal}"))
    status.addWidget(QLabel(f"{desk.login} — Кассир"))
    status.addPermanentWidget(QLabel("База: память (тест)"))
    status.addPermanentWidget(QLabel(clock.now().astimezone(ZONE).strftime("%H:%M")))
    window.setWindowTitle("Betshop POS")
    window.resize(*WINDOW_SIZE)
    return window, navigation


def earlier_slips(desk: Desk, boss: Desk, clock: FixedClock) -> None:
    """Slips whose window has closed, two cancelled in their window, and one 48 s old."""
    desk.accept_bet([(103, "1")], Decimal("15"))
    mistaken = desk.accept_bet([(101, "2"), (105, "O2.5")], Decimal("20"), "express")
    clock.advance(timedelta(minutes=2, seconds=10))
    desk.cancel_in_window(mistaken.number, "Неверно указан исход")
    wrong_sum = boss.accept_bet([(301, "1")], Decimal("50"))
    clock.advance(timedelta(minutes=1, seconds=35))
    boss.cancel_in_window(wrong_sum.number, "Неверно указана сумма ставки: игрок просил 5 руб.")
    clock.advance(timedelta(minutes=5))
    desk.accept_bet([(201, "1"), (202, "O5.5")], Decimal("25"), "express")
    clock.advance(timedelta(seconds=48))


def build_system(page: BettingPage) -> None:
    """Three legs typed as a cashier types them, system 2/3, stake 9."""
    pick = page.findChild(QLineEdit, "pick")
    for typed in ("101 1", "102 б2,5", "201 2"):
        rows = page.draft.rowCount()
        pick.setText(typed)
        pick.returnPressed.emit()
        wait_until(lambda rows=rows: page.draft.rowCount() == rows + 1)
    page.kinds.choose(1)
    page.findChild(QLineEdit, "stake").setText("9")
    wait_until(lambda: page.findChild(QWidget, "possible_payout").text() != "—")


def main(out_dir: Path) -> None:
    """Save betting.png, confirm.png, identity.png and cancellations.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    shop = demo_shop()
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    desk = shop.login("anna", "4821")
    earlier_slips(desk, shop.login("boss", "9911"), clock)
    runner = TaskRunner()

    page = BettingPage(desk, runner, clock)
    cancellations = CancellationsPage(desk, runner)
    window, navigation = workspace(
        desk,
        clock,
        [("Ставки", page), ("Линия", LinePage(desk, runner)), ("Отмены", cancellations)],
    )
    window.move(0, 0)
    window.show()
    page.refresh()
    wait_until(lambda: len(page.recent.rows()) == 4)
    build_system(page)
    page.setFocus()
    save(window, out_dir / "betting.png")

    page.confirm()
    wait_until(lambda: page.confirm_dialog is not None)
    save_screen(window, out_dir / "confirm.png")
    page.confirm_dialog.reject()
    wait_until(lambda: page.confirm_dialog is None)

    page.check_document()
    identity = page.identity_dialog
    assert identity is not None
    identity.findChild(QWidget, "mrz").setPlainText(SPECIMEN_MRZ)
    identity.read_mrz()
    identity.check()
    wait_until(lambda: identity.message_text().startswith("Срок действия"))
    save_screen(window, out_dir / "identity.png")
    identity.reject()
    wait_until(lambda: page.identity_dialog is None)

    navigation.setCurrentIndex(2)
    cancellations.refresh()
    wait_until(lambda: len(cancellations.rows()) == 2)
    save(window, out_dir / "cancellations.png")
    window.close()
    runner.shutdown()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
