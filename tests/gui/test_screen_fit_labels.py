"""Every label and message shown whole at 1366×768 and 1024×700 (issue 34): a control in sight
is not enough when its label reads «Нача» or a message hides its last line. Each label's
size hint fits the room it has; each message line, given a long sentence, shows it whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QWidget,
)
from pytestqt.qtbot import QtBot

from pos.shop.services import Shop
from tests.gui.test_screen_fit import open_page
from tests.gui.widgets import child, open_window, sign_in
from tests.screenshots_fit import fit_shop, won_slips
from ui.app import create_application
from ui.errors import MessageLabel
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.payouts import PayoutsPage
from ui.pages.results import ResultsPage
from ui.tasks import TaskRunner
from ui.widgets.elided_label import ElidedLabel

SIZES = (QSize(1366, 768), QSize(1024, 700))
# As long as the longest sentences pos says at these counters (a receipt not printed, a lock).
LONG = (
    "Выплата записана в журнал под № 12, но чек не напечатан: принтер не отвечает. Деньги "
    "выдайте, проверьте принтер и нажмите «Допечатать чеки» на странице «Касса», чтобы "
    "напечатать чек по этой выплате."
)


@pytest.fixture
def shop(tmp_path: Path) -> Iterator[Shop]:
    demo = fit_shop(tmp_path)
    yield demo
    demo.close()


@pytest.fixture(params=SIZES, ids=lambda size: f"{size.width()}x{size.height()}")
def boss_window(
    request: pytest.FixtureRequest,
    qtbot: QtBot,
    shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
) -> Iterator[MainWindow]:
    """The window at the size, with the application's font and style sheet, boss signed in."""
    create_application([])
    window = open_window(qtbot, shop, runner, ui_state)
    window.resize(request.param)
    sign_in(qtbot, window, "boss", "9911")
    yield window
    qtbot.waitUntil(lambda: not runner.busy, timeout=30_000)


def _texts(root: QWidget) -> list[QLabel | QCheckBox]:
    found: list[QLabel | QCheckBox] = [*root.findChildren(QLabel), *root.findChildren(QCheckBox)]
    # An ElidedLabel is made to shorten its words (a hint, a path): its tooltip has them whole.
    return [w for w in found if w.isVisible() and w.text() and not isinstance(w, ElidedLabel)]


def _cut(widget: QLabel | QCheckBox) -> str | None:
    """How the widget's text is cut, or None when it is shown whole."""
    if isinstance(widget, QLabel) and widget.wordWrap():
        need = widget.heightForWidth(widget.width())
        return f"{widget.height()}px high for {need}" if widget.height() < need else None
    hint = widget.sizeHint()
    if widget.width() < hint.width() or widget.height() < hint.height():
        return f"{widget.width()}×{widget.height()} for {hint.width()}×{hint.height()}"
    return None


def _hidden(widget: QWidget, window: QWidget) -> str | None:
    """Why part of the widget is out of sight: an ancestor or the window cuts it (within a
    scroll area, the area's view stands for it: scrolling reaches the rest)."""
    rect = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        shown = QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
        area = parent.parentWidget()
        if isinstance(area, QScrollArea) and parent is area.viewport():
            rect = shown  # scrolled into view when wanted
        elif not shown.contains(rect):
            return f"cut by {type(parent).__name__}#{parent.objectName()}"
        parent = parent.parentWidget()
    return None if window.rect().contains(rect) else "past the window's edge"


def texts_cut(root: QWidget, window: QWidget) -> list[str]:
    """Every label, tick box and message in sight under `root` that is not shown whole."""
    found = []
    need = window.minimumSizeHint()
    if need.width() > window.width() or need.height() > window.height():
        found.append(f"the window needs {need.width()}×{need.height()}")
    for widget in _texts(root):
        why = _cut(widget) or _hidden(widget, window)
        if why is not None:
            found.append(f"{type(widget).__name__}#{widget.objectName()} {widget.text()!r}: {why}")
    return found


def _say_long(qtbot: QtBot, root: QWidget) -> None:
    """A long sentence in every message line in sight; the layouts settle."""
    for label in root.findChildren(MessageLabel):
        if label.isVisible() or not label.text():
            label.show_info(LONG)
    qtbot.wait(50)


def test_the_results_form_shows_its_labels_and_messages_whole(
    qtbot: QtBot, boss_window: MainWindow, runner: TaskRunner
) -> None:
    titles = boss_window.page_titles()
    page = open_page(qtbot, boss_window, runner, titles.index("Результаты"))
    assert isinstance(page, ResultsPage)
    assert page.select_event(102)  # no result yet: the form to fill
    qtbot.wait(50)
    assert page.card.form.isVisible()

    _say_long(qtbot, page)

    problems = texts_cut(page, boss_window)
    assert not problems, "\n".join(problems)


def test_the_payout_form_shows_its_labels_whole_beside_a_refusal(
    qtbot: QtBot, boss_window: MainWindow, shop: Shop, runner: TaskRunner
) -> None:
    titles = boss_window.page_titles()
    page = open_page(qtbot, boss_window, runner, titles.index("Выплаты"))
    assert isinstance(page, PayoutsPage)
    number = child(page, QLineEdit, "payout_number")
    qtbot.keyClicks(number, won_slips(shop)[0])
    qtbot.keyClick(number, Qt.Key.Key_Return)
    # Generous waits: under the whole suite on two cores the payout's reads took over 5 s.
    qtbot.waitUntil(lambda: page.quote is not None and not runner.busy, timeout=20_000)
    qtbot.keyClick(page.document_form.field("surname"), Qt.Key.Key_F9)  # an empty document
    qtbot.waitUntil(lambda: page.pay_message_text() != "" and not runner.busy, timeout=20_000)
    qtbot.wait(50)
    if boss_window.width() >= SIZES[0].width():
        # At the usual screen the whole document stays in sight beside the refusal: no row
        # half hidden under it, as «Действителен до» was.
        scroll = child(page, QScrollArea, "document_scroll")
        assert isinstance(scroll, QScrollArea)
        assert scroll.verticalScrollBar().maximum() == 0, page.pay_message_text()

    _say_long(qtbot, page)

    problems = texts_cut(page, boss_window)
    assert not problems, "\n".join(problems)


def test_the_lock_page_shows_its_message_whole(
    qtbot: QtBot, boss_window: MainWindow, runner: TaskRunner
) -> None:
    boss_window.screen_lock.lock()
    qtbot.waitUntil(lambda: boss_window.locked and not runner.busy)
    page = boss_window.screen_lock.page

    _say_long(qtbot, page)

    problems = texts_cut(page, boss_window)
    assert not problems, "\n".join(problems)


def test_the_cancel_dialog_shows_the_empty_reason_s_refusal_whole(
    qtbot: QtBot, boss_window: MainWindow, runner: TaskRunner
) -> None:
    page = open_page(qtbot, boss_window, runner, 0)
    assert isinstance(page, BettingPage)
    page.recent.setFocus()
    qtbot.keyClick(QApplication.focusWidget() or page, Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: page.recent.cancel_dialog is not None)
    dialog = page.recent.cancel_dialog
    assert isinstance(dialog, QDialog)
    qtbot.waitExposed(dialog)

    qtbot.keyClick(child(dialog, QPushButton, "cancel_slip_confirm"), Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: dialog.message_text() not in ("", "Отмена купона…"))
    qtbot.wait(50)
    problems = texts_cut(dialog, dialog)
    assert not problems, "\n".join(problems)
    _say_long(qtbot, dialog)
    problems = texts_cut(dialog, dialog)
    assert not problems, "\n".join(problems)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.recent.cancel_dialog is None)
