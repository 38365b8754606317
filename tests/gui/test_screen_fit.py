"""Every page fits 1024×700 (issue 16, "Screens"): the manager, who sees every page, opens each
in turn on the demo shop; the window needs no more room, every control is in sight or in a
scroll area that reaches it, the primary buttons are in sight, and no amount is cut short."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QStyle,
    QTabBar,
    QTableView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.shop.services import Shop
from tests.gui.exchange_helpers import fill_exchange
from tests.gui.spread_helpers import add_assets, played
from tests.gui.widgets import open_window, sign_in
from tests.screenshots_fit import fit_shop, won_slips
from ui.app import create_application
from ui.main_window import MainWindow
from ui.pages.betting import BettingPage
from ui.pages.exchange import ExchangePage
from ui.pages.payouts import PayoutsPage
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner
from ui.widgets.tables import KEPT_ROLE

SMALLEST = QSize(1024, 700)
CONTROLS = (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView)
# An amount or odds: "4 500,00", "1,85" (thousands joined by a no-break space).
AMOUNT = re.compile(r"\d(?:[\d\u00a0]*\d)?,\d\d")
_ITEM_PADDING = 8  # each side, as ui.app's style sheet pads every table item


@pytest.fixture
def shop(tmp_path: Path) -> Iterator[Shop]:
    """The demo shop as `make run` makes it (SQLite: the reports are SQL), with a system and a
    four-figure single among the recent slips."""
    demo = fit_shop(tmp_path)
    yield demo
    demo.close()


@pytest.fixture
def manager_window(
    qtbot: QtBot, shop: Shop, runner: TaskRunner, ui_state: QSettings
) -> Iterator[MainWindow]:
    """The window at 1024×700 with the application's font and style sheet, boss signed in."""
    create_application([])
    window = open_window(qtbot, shop, runner, ui_state)
    window.resize(SMALLEST)
    sign_in(qtbot, window, "boss", "9911")
    yield window
    qtbot.waitUntil(lambda: not runner.busy, timeout=30_000)


def open_page(qtbot: QtBot, window: MainWindow, runner: TaskRunner, index: int) -> QWidget:
    """Choose the page, wait for what it loads, and let the layouts settle."""
    window.findChild(QTabBar, "navigation").setCurrentIndex(index)
    qtbot.waitUntil(lambda: not runner.busy, timeout=30_000)
    qtbot.wait(50)
    pages = window.findChild(BettingPage).parentWidget()
    assert isinstance(pages, QStackedWidget)
    return pages.currentWidget()


def fill(qtbot: QtBot, page: QWidget, shop: Shop, runner: TaskRunner) -> None:
    """What makes a page widest: a priced express with a five-figure payout on the betting
    page, one of yesterday's winners on the payout page, an account's bets on «Спрэдбет», its
    offers and paris on «Спрэдбетэкс»."""
    if isinstance(page, BettingPage) and not page.draft.rowCount():
        pick = page.findChild(QLineEdit, "pick")
        for typed in ("101 1", "102 2", "201 1"):
            rows = page.draft.rowCount()
            qtbot.keyClicks(pick, typed)
            qtbot.keyClick(pick, Qt.Key.Key_Return)
            qtbot.waitUntil(lambda rows=rows: page.draft.rowCount() == rows + 1)
        qtbot.keyClicks(page.findChild(QLineEdit, "stake"), "4999,99")
        payout = page.findChild(QLabel, "possible_payout")
        qtbot.waitUntil(lambda: payout.text() != "—")
        kinds = page.kinds.findChildren(QPushButton)
        assert len(kinds) == 2  # express, system 2/3: in sight, in the test of every control
        assert all(kind.isVisible() for kind in kinds)
    elif isinstance(page, PayoutsPage):
        page.look_up(won_slips(shop)[0])
        qtbot.waitUntil(lambda: page.quote is not None)
    elif isinstance(page, SpreadPage) and page.spreads is None:
        fill_spread(qtbot, page, shop, runner)
    elif isinstance(page, ExchangePage) and page.holding is None:
        fill_exchange(qtbot, page, shop, runner)
    qtbot.waitUntil(lambda: not runner.busy, timeout=30_000)
    qtbot.wait(50)


def fill_spread(qtbot: QtBot, page: SpreadPage, shop: Shop, runner: TaskRunner) -> None:
    """Two assets with their quotes and a player's account with three bets of every kind
    (open, closed in part, closed by the bookmaker) on the «Спрэдбет» page."""
    clock = shop.clock
    assert isinstance(clock, FixedClock)
    add_assets(shop)
    number = played(shop, clock)
    page.refresh()
    page.load_account(number)
    qtbot.waitUntil(lambda: page.dialog is not None)  # the bookmaker's close, shown once
    assert page.dialog is not None
    page.dialog.accept()
    qtbot.waitUntil(lambda: page.dialog is None and not runner.busy, timeout=30_000)
    assert page.assets.model.rowCount() == 2 and page.bets.model.rowCount() == 3


def _rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    return QRect(widget.mapTo(ancestor, QPoint(0, 0)), widget.size())


def _scroll_container(widget: QWidget, stop: QWidget) -> QScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None and parent is not stop:
        if isinstance(parent, QScrollArea) and parent.widget() is not None:
            return parent
        parent = parent.parentWidget()
    return None


def _reaches(area: QScrollArea, widget: QWidget) -> bool:
    """The scroll area's content holds the widget and its scroll bars go as far as it."""
    content, viewport = area.widget(), area.viewport()
    if not content.rect().contains(_rect_in(widget, content)):
        return False
    for bar, policy, overflow in (
        (
            area.verticalScrollBar(),
            area.verticalScrollBarPolicy(),
            content.height() - viewport.height(),
        ),
        (
            area.horizontalScrollBar(),
            area.horizontalScrollBarPolicy(),
            content.width() - viewport.width(),
        ),
    ):
        if overflow > 0 and (
            policy is Qt.ScrollBarPolicy.ScrollBarAlwaysOff or bar.maximum() < overflow
        ):
            return False
    return True


def _in_card_within(widget: QWidget, area: QScrollArea) -> bool:
    parent = widget.parentWidget()
    while parent is not None and parent is not area:
        if parent.objectName() == "card":
            return True
        parent = parent.parentWidget()
    return False


def _clipped(widget: QWidget, top: QWidget, window: MainWindow) -> bool:
    """True if an ancestor up to `top` (or the window's 1024×700) cuts part of the widget off."""
    rect = _rect_in(widget, window)
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        if not _rect_in(parent, window).contains(rect):
            return True
        parent = parent.parentWidget()
    if top is window:
        return not QRect(QPoint(0, 0), SMALLEST).intersected(window.rect()).contains(rect)
    return not _rect_in(top, window).contains(rect)


def out_of_sight(widget: QWidget, window: MainWindow) -> str | None:
    """Why the cashier cannot see or reach the widget, or None."""
    area = _scroll_container(widget, window)
    if area is None:
        return "cut off" if _clipped(widget, window, window) else None
    if not _reaches(area, widget):
        return f"out of reach of {area.objectName()}"
    if widget.property("primary") == "true" and not _in_card_within(widget, area):
        # A page's main button stays in sight; a card's own one scrolls with its card.
        return f"a primary button scrolled in {area.objectName()}"
    if _clipped(widget, area.widget(), window):
        return "cut off in its scroll area"
    return out_of_sight(area, window)


def _name(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, (QAbstractButton, QLineEdit)) else ""
    return f"{type(widget).__name__}#{widget.objectName()} {text!r}".strip()


def controls_out_of_sight(page: QWidget, window: MainWindow) -> list[str]:
    """Every enabled visible control of the page and of the window's bars not in sight."""
    shell = [window.findChild(QWidget, "top_bar"), window.statusBar()]
    found: list[str] = []
    for root in [page, *(bar for bar in shell if bar is not None)]:
        for kind in CONTROLS:
            for control in root.findChildren(kind):
                if control.isVisible() and control.isEnabled() and control.window() is window:
                    why = out_of_sight(control, window)
                    if why is not None:
                        found.append(f"{_name(control)}: {why}")
    return found


def _text_room(table: QTableView, index: QModelIndex) -> int:
    margin = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    return table.visualRect(index).width() - 2 * _ITEM_PADDING - 2 * margin


def _needed(table: QTableView, index: QModelIndex) -> list[str]:
    """The parts of a cell's text that must be shown whole, each with its amount."""
    text = str(index.data() or "")
    kept = index.data(KEPT_ROLE)
    parts: list[str] = []
    for line in text.split("\n"):
        if not AMOUNT.search(line):
            continue
        if isinstance(kept, str) and line.endswith(kept):
            parts.append("…" + kept)  # the delegate elides the words before it
        elif table.wordWrap():
            parts += [chunk for chunk in re.split(r"[ \t]+", line) if AMOUNT.search(chunk)]
        else:
            parts.append(line)
    return parts


def _metrics(table: QTableView, index: QModelIndex) -> QFontMetrics:
    """The metrics of the font the item is painted in (its own, resolved against the table's)."""
    font = index.data(Qt.ItemDataRole.FontRole)
    return QFontMetrics(QFont(font).resolve(table.font()) if font else table.font())


def amounts_cut(table: QTableView) -> list[str]:
    """Every amount in sight in the table that its column is too narrow for."""
    model, found = table.model(), []
    if model is None:
        return found
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            if table.isColumnHidden(column) or table.visualRect(index).isEmpty():
                continue
            room = _text_room(table, index)
            sideways = table.horizontalScrollBarPolicy() is Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            if sideways and table.visualRect(index).right() >= table.viewport().width():
                room = table.viewport().width() - table.visualRect(index).left() - 2 * _ITEM_PADDING
            for part in _needed(table, index):
                if _metrics(table, index).horizontalAdvance(part) > room:
                    found.append(f"{table.objectName()}[{row},{column}] {part!r} in {room}px")
    return found


def columns_squeezed(table: QTableView) -> list[str]:
    """Columns narrower than their heading's longest word, or past a table's edge that
    cannot scroll sideways: a match squeezed to «Ма…», a note no one can reach."""
    header, found = table.horizontalHeader(), []
    bold = QFont(header.font())
    bold.setBold(True)
    metrics = QFontMetrics(bold)
    model = table.model()
    for column in range(header.count()):
        if header.isSectionHidden(column) or model is None:
            continue
        heading = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        word = max((metrics.horizontalAdvance(w) for w in heading.split()), default=0)
        if header.sectionSize(column) < word:
            found.append(f"{table.objectName()}: «{heading}» squeezed")
    wide = header.length() > table.viewport().width() + 1
    if wide and table.horizontalScrollBarPolicy() is Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
        found.append(f"{table.objectName()}: columns past its edge")
    return found


def tables_of(page: QWidget) -> list[QTableView]:
    return [
        table
        for table in page.findChildren(QTableView)
        if table.isVisible() and not isinstance(table, QHeaderView)
    ]


def test_every_page_fits_1024_by_700_with_every_control_in_sight(
    qtbot: QtBot, manager_window: MainWindow, shop: Shop, runner: TaskRunner
) -> None:
    window, problems = manager_window, []
    # every page («СККС», issue 35; «Рулетка», 36; «Претензии», «Купоны», «Условия», 37)
    assert len(window.page_titles()) == 22

    for index, title in enumerate(window.page_titles()):
        page = open_page(qtbot, window, runner, index)
        fill(qtbot, page, shop, runner)
        hint = window.minimumSizeHint()
        if hint.width() > SMALLEST.width() or hint.height() > SMALLEST.height():
            problems.append(f"{title}: the window needs {hint.width()}×{hint.height()}")
        problems += [f"{title}: {why}" for why in controls_out_of_sight(page, window)]
        for table in tables_of(page):
            problems += [f"{title}: {why}" for why in columns_squeezed(table)]

    assert not problems, "\n".join(problems)


def test_no_amount_is_cut_short_at_1024_by_700(
    qtbot: QtBot, manager_window: MainWindow, shop: Shop, runner: TaskRunner
) -> None:
    window, problems = manager_window, []

    for index, title in enumerate(window.page_titles()):
        page = open_page(qtbot, window, runner, index)
        fill(qtbot, page, shop, runner)
        for table in tables_of(page):
            problems += [f"{title}: {why}" for why in amounts_cut(table)]

    assert not problems, "\n".join(problems)


def test_the_sign_in_page_fits_1024_by_700(qtbot: QtBot, window: MainWindow) -> None:
    create_application([])
    window.resize(SMALLEST)
    qtbot.wait(50)

    hint = window.minimumSizeHint()
    assert hint.width() <= SMALLEST.width()
    assert hint.height() <= SMALLEST.height()
    page = window.centralWidget().currentWidget()
    assert controls_out_of_sight(page, window) == []


def test_the_preview_of_a_slip_issued_without_a_printer_fits_beside_the_page(
    qtbot: QtBot, manager_window: MainWindow, shop: Shop, runner: TaskRunner
) -> None:
    window = manager_window
    page = open_page(qtbot, window, runner, 0)
    assert isinstance(page, BettingPage)
    fill(qtbot, page, shop, runner)
    stake = page.findChild(QLineEdit, "stake")
    stake.setFocus()

    qtbot.keyClick(stake, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    qtbot.keyClick(page.confirm_dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(page.preview_panel.isVisible)
    qtbot.waitUntil(lambda: not runner.busy)
    qtbot.wait(50)

    hint = window.minimumSizeHint()
    assert hint.width() <= SMALLEST.width()
    assert hint.height() <= SMALLEST.height()
    assert controls_out_of_sight(page, window) == []
    panel = _rect_in(page.preview_panel, window)
    for name in ("recent_slips", "recent_message", "slip_message", "accept_bet"):
        assert not _rect_in(page.findChild(QWidget, name), window).intersects(panel), name


def test_the_slip_details_fit_a_low_screen_their_buttons_in_sight(
    qtbot: QtBot, manager_window: MainWindow, shop: Shop, runner: TaskRunner
) -> None:
    page = open_page(qtbot, manager_window, runner, 0)
    assert isinstance(page, BettingPage)
    lookup = page.findChild(QLineEdit, "lookup")
    qtbot.keyClick(lookup, Qt.Key.Key_F6)
    qtbot.keyClicks(lookup, won_slips(shop)[0])

    qtbot.keyClick(lookup, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    dialog = page.recent.details_dialog
    qtbot.waitExposed(dialog)
    assert dialog.minimumSizeHint().height() <= SMALLEST.height() - 48  # with its frame
    dialog.resize(dialog.width(), SMALLEST.height() - 48)
    qtbot.wait(50)
    for name in ("reprint", "preview_print", "details_close"):
        button = dialog.findChild(QPushButton, name)
        assert dialog.rect().contains(_rect_in(button, dialog)), name
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.recent.details_dialog is None)
