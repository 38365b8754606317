"""Screenshots of the results page, its confirmation step and a settled slip for docs/.

Run under a real X server (Xvfb), so that what is saved is what a screen shows:

    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.screenshots_results [out_dir]
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QListWidget, QPushButton, QSpinBox, QTabBar

try:  # python -m tests.screenshots_results
    from tests.screenshots import WINDOW_SIZE, demo_shop, save, sign_in, wait_until
    from tests.screenshots_betting import save_screen
except ImportError:  # python tests/screenshots_results.py: the script's folder is on sys.path
    from screenshots import (  # type: ignore[no-redef]
        WINDOW_SIZE,
        demo_shop,
        save,
        sign_in,
        wait_until,
    )
    from screenshots_betting import save_screen  # type: ignore[no-redef]

from pos.betting.slips import Slip
from pos.core.clock import FixedClock
from pos.settlement.results import ResultEntry
from pos.shop.desk import Desk
from pos.shop.services import Shop
from ui.app import create_application
from ui.connection import ShopConnection
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.results import ResultsPage
from ui.tasks import TaskRunner

ZONE = ZoneInfo("Europe/Minsk")
# Thursday 3 December 2026, 12:40 in Minsk: the matches of the 1st and the 2nd are over.
RESULTS_DAY = datetime(2026, 12, 3, 9, 40, tzinfo=UTC)
SELECTED_EVENT = 104
ABFF = "протокол матча АБФФ"
FHRB = "протокол матча ФХРБ"


def local(text: str) -> datetime:
    """A Minsk wall-clock time, "01.12.2026 19:23"."""
    return datetime.strptime(text, "%d.%m.%Y %H:%M").replace(tzinfo=ZONE)


def bets(anna: Desk) -> Slip:
    """Monday's slips; the express on 101, 103 and 201 is the one whose settlement is shown."""
    anna.accept_bet([(101, "1")], Decimal("20"))
    anna.accept_bet([(102, "X")], Decimal("5"))
    anna.accept_bet([(202, "O5.5"), (301, "1")], Decimal("8"), "express")
    return anna.accept_bet([(101, "1"), (103, "1"), (201, "1")], Decimal("10"), "express")


def results(boss: Desk, clock: FixedClock) -> None:
    """The results of the 1st and the 2nd, one of them corrected; 104 is still to be entered."""
    clock.set(RESULTS_DAY)
    boss.record_result(
        101,
        2,
        1,
        actual_start=local("01.12.2026 19:00"),
        first_score_at=local("01.12.2026 19:23"),
        ended_at=local("01.12.2026 20:52"),
        source=ABFF,
    )
    boss.record_result(102, 1, 0, ended_at=local("01.12.2026 18:21"), source=ABFF)
    corrected = ResultEntry(102, 0, 0, ended_at=local("01.12.2026 18:21"), source=ABFF)
    boss.correct_result(102, corrected, "опечатка в счёте хозяев")
    boss.record_result(201, 3, 2, ended_at=local("01.12.2026 21:02"), source=FHRB)
    boss.record_result(103, status="postponed", source=ABFF)
    boss.record_result(
        202, 4, 1, ended_at=local("02.12.2026 21:24"), source=FHRB, venue_swapped=True
    )
    boss.record_result(301, 88, 79, ended_at=local("02.12.2026 21:28"), source="протокол БФБ")


def open_window(shop: Shop, runner: TaskRunner, state_dir: str) -> MainWindow:
    """The window with the manager signed in."""
    ui_state = QSettings(str(Path(state_dir) / "ui.ini"), QSettings.Format.IniFormat)
    window = MainWindow(ShopConnection.of(shop), runner, ui_state=ui_state)
    window.resize(*WINDOW_SIZE)
    window.move(0, 0)
    window.show()
    users = window.findChild(QListWidget, "users")
    wait_until(lambda: users.count() == 3)
    sign_in(window, "boss", "9911")
    return window


def results_screenshots(window: MainWindow, runner: TaskRunner, out_dir: Path) -> None:
    """results.png: the list and event 104 typed in; result_confirm.png: the second step."""
    navigation = window.findChild(QTabBar, "navigation")
    navigation.setCurrentIndex(window.page_titles().index("Результаты"))
    page = window.findChild(ResultsPage)
    wait_until(lambda: len(page.rows()) == 10 and not runner.busy)
    page.select_event(SELECTED_EVENT)
    page.findChild(QSpinBox, "result_home").setValue(1)
    page.findChild(QSpinBox, "result_away").setValue(1)
    page.card.form.set_source(ABFF)
    save(window, out_dir / "results.png")

    page.findChild(QPushButton, "record_result").click()
    wait_until(lambda: page.confirm_dialog is not None)
    save_screen(window, out_dir / "result_confirm.png")
    page.confirm_dialog.reject()
    wait_until(lambda: page.confirm_dialog is None)


def slip_screenshot(window: MainWindow, runner: TaskRunner, express: Slip, out: Path) -> None:
    """slip_settled.png: the express found by its number, its void leg explained."""
    window.findChild(QTabBar, "navigation").setCurrentIndex(0)
    page = window.findChild(BettingPage)
    wait_until(lambda: not runner.busy)
    page.recent.look_up(express.number)
    wait_until(lambda: page.recent.details_dialog is not None)
    save_screen(window, out)
    page.recent.details_dialog.reject()


def main(out_dir: Path) -> None:
    """Save results.png, result_confirm.png and slip_settled.png into `out_dir`."""
    app = create_application(sys.argv)
    out_dir.mkdir(parents=True, exist_ok=True)
    shop = demo_shop()
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    express = bets(shop.login("anna", "4821"))
    results(shop.login("boss", "9911"), clock)
    runner = TaskRunner()
    with tempfile.TemporaryDirectory() as state_dir:
        window = open_window(shop, runner, state_dir)
        results_screenshots(window, runner, out_dir)
        shop.settle()
        slip_screenshot(window, runner, express, out_dir / "slip_settled.png")
        window.close()
    runner.shutdown()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent.parent / "docs")
