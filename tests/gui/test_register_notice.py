"""The warning at a manager's sign-in that the register of restricted persons is stale or was
never loaded (issue 35), in the status bar; a cashier is not shown it."""

from __future__ import annotations

from datetime import timedelta

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from tests.gui.widgets import sign_in
from ui.main_window import MainWindow
from ui.register_notice import ASK_MS, RegisterNotice
from ui.tasks import TaskRunner

FILE = "личный_номер;документ\n3010185A001PB1;\n".encode()


def _notice(window: MainWindow) -> QLabel:
    label = window.statusBar().findChild(QLabel, "status_register")
    assert label is not None
    return label


def _warned(window: MainWindow) -> bool:
    label = window.statusBar().findChild(QLabel, "status_register")
    return label is not None and label.isVisible()


def test_a_manager_is_warned_at_sign_in_of_a_register_never_loaded(
    qtbot: QtBot, window: MainWindow, runner: TaskRunner
) -> None:
    sign_in(qtbot, window, "boss", "9911")
    qtbot.waitUntil(lambda: _warned(window))

    assert _notice(window).text() == "Перечень лиц не загружен"
    assert _notice(window).width() >= _notice(window).sizeHint().width()  # never cut short
    assert "загрузите файл центра" in _notice(window).toolTip()


def test_a_fresh_register_is_not_warned_about_and_a_stale_one_is(
    qtbot: QtBot, window: MainWindow, boss: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    boss.load_restricted("perechen.csv", FILE)
    sign_in(qtbot, window, "boss", "9911")
    qtbot.waitUntil(lambda: not runner.busy)
    assert not _notice(window).isVisible()

    window.sign_out()
    qtbot.waitUntil(lambda: window.statusBar().findChild(QLabel, "status_register") is None)
    clock.advance(timedelta(days=2))
    sign_in(qtbot, window, "boss", "9911")

    qtbot.waitUntil(lambda: _warned(window))
    assert _notice(window).text() == "Перечень лиц устарел"
    assert "«perechen.csv» загружен 30.11.2026" in _notice(window).toolTip()


def test_a_cashier_is_not_shown_it(qtbot: QtBot, window: MainWindow, runner: TaskRunner) -> None:
    sign_in(qtbot, window, "anna", "4821")
    qtbot.waitUntil(lambda: not runner.busy)

    assert not _notice(window).isVisible()


def test_a_register_loaded_after_sign_in_clears_the_warning_at_the_next_ask(
    qtbot: QtBot, window: MainWindow, boss: Desk, runner: TaskRunner
) -> None:
    sign_in(qtbot, window, "boss", "9911")
    qtbot.waitUntil(lambda: _warned(window))

    boss.load_restricted("perechen.csv", FILE)
    notice = window.findChild(RegisterNotice)
    assert notice.timer.interval() == ASK_MS
    # The notice skips an ask while the window's worker is busy (the next one comes a minute
    # later): the tick is given once the sign-in's own tasks are done (flaky in CI otherwise).
    qtbot.waitUntil(lambda: not runner.busy)
    notice.timer.timeout.emit()

    qtbot.waitUntil(lambda: not _warned(window))
