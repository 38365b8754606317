"""What keeps a narrow window readable (issue 16): amounts never cut short, a match never
squeezed to a letter, rows of controls that wrap, words cut short in their place."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QApplication,
    QHeaderView,
    QPushButton,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from ui.tasks import TaskRunner
from ui.widgets.elided_label import ElidedLabel
from ui.widgets.flow_row import FlowRow
from ui.widgets.recent_slips import SLIP, RecentSlipsPanel
from ui.widgets.tables import KEPT_ROLE, StretchFloor, keep_end, share_out

STAKE = " · 4\u00a0500,00 руб."


def test_the_words_are_shortened_never_the_amount(qapp: QApplication) -> None:
    metrics = QFontMetrics(qapp.font())
    line = "Сложная система 2/3" + STAKE
    width = metrics.horizontalAdvance("Слож…" + STAKE)

    fitted = keep_end(line, STAKE, metrics, width)

    assert fitted.endswith(STAKE)
    assert fitted.startswith("Сл")
    assert "…" in fitted
    assert metrics.horizontalAdvance(fitted) <= width
    assert keep_end(line, STAKE, metrics, 10_000) == line  # room enough: nothing cut


def test_the_columns_share_the_room_and_give_what_a_floor_needs() -> None:
    assert share_out(100, [1, 1, 2], [0, 0, 0]) == [25, 25, 50]
    # The second column needs 40: the others give it in proportion to their spare room.
    widths = share_out(100, [1, 1, 2], [10, 40, 10])
    assert widths[1] == 40
    assert sum(widths) <= 100
    assert all(width >= floor for width, floor in zip(widths, [10, 40, 10], strict=True))
    # Not enough room for every floor: each column keeps its floor, the table scrolls.
    assert share_out(50, [1, 1], [40, 40]) == [40, 40]


def test_a_stretching_column_keeps_its_floor_and_the_table_scrolls_instead(
    qtbot: QtBot,
) -> None:
    table = QTableWidget(1, 3)
    qtbot.addWidget(table)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    for column in (0, 2):
        header.resizeSection(column, 150)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    StretchFloor(table, 1, 120)
    table.resize(600, 200)
    table.show()
    qtbot.waitExposed(table)
    assert header.sectionSize(1) > 120  # room enough: it stretches

    table.resize(300, 200)

    qtbot.waitUntil(lambda: header.sectionSize(1) == 120)
    qtbot.waitUntil(lambda: table.horizontalScrollBar().maximum() > 0)
    table.resize(600, 200)
    qtbot.waitUntil(lambda: header.sectionSize(1) > 120)


def _button_row(qtbot: QtBot, width: int) -> tuple[QWidget, list[QPushButton]]:
    box = QWidget()
    qtbot.addWidget(box)
    column = QVBoxLayout(box)
    column.setContentsMargins(10, 10, 10, 10)
    buttons = [QPushButton(f"Кнопка {number}") for number in range(3)]
    for button in buttons:
        button.setFixedWidth(200)
    column.addWidget(FlowRow(*buttons, last_right=True))
    column.addStretch(1)
    box.resize(width, 300)
    box.show()
    qtbot.waitExposed(box)
    return box, buttons


def test_a_row_of_buttons_stays_one_line_where_it_fits(qtbot: QtBot) -> None:
    _box, buttons = _button_row(qtbot, 900)

    assert len({button.y() for button in buttons}) == 1
    assert buttons[2].x() > buttons[1].x() > buttons[0].x()


def test_a_row_of_buttons_wraps_in_a_narrow_window_the_last_at_the_right(
    qtbot: QtBot,
) -> None:
    box, buttons = _button_row(qtbot, 260)

    assert len({button.mapTo(box, QPoint(0, 0)).y() for button in buttons}) == 3
    rects = [QRect(button.mapTo(box, QPoint(0, 0)), button.size()) for button in buttons]
    assert all(box.rect().contains(rect) for rect in rects)
    assert not rects[0].intersects(rects[1])
    assert rects[2].right() == box.width() - 10 - 1  # flush right, in the margin
    assert box.minimumSizeHint().width() == 200 + 2 * 10  # one button and the margins


def test_a_row_gives_back_the_room_of_a_widget_hidden_or_taken_out(qtbot: QtBot) -> None:
    _box, buttons = _button_row(qtbot, 460)  # two buttons a line
    row = buttons[0].parentWidget()
    assert isinstance(row, FlowRow)
    assert buttons[2].y() > buttons[0].y()

    buttons[1].hide()
    qtbot.waitUntil(lambda: buttons[2].y() == buttons[0].y())
    row.remove(buttons[2])
    buttons[2].deleteLater()
    qtbot.wait(10)
    assert row.widgets() == buttons[:2]
    assert row.heightForWidth(460) == buttons[0].height()


def test_an_elided_label_keeps_its_whole_text_and_tells_it_in_the_tooltip(
    qtbot: QtBot,
) -> None:
    label = ElidedLabel("База: SQLite: C:/Users/Кассир/AppData/Local/Betshop/shop.db")
    qtbot.addWidget(label)
    label.resize(120, 30)
    label.show()

    assert label.text().endswith("shop.db")
    assert "…" in label.elided_text()
    assert label.toolTip() == label.text()
    label.resize(2000, 30)
    assert label.elided_text() == label.text()
    assert label.toolTip() == ""


def test_a_narrow_recent_slips_list_shortens_the_kind_never_the_stake(
    qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> None:
    anna.accept_bet([(101, "1"), (102, "X"), (201, "1")], Decimal("4500"), "system 2/3")
    panel = RecentSlipsPanel(anna, runner, clock)
    qtbot.addWidget(panel)
    panel.refresh()
    qtbot.waitUntil(lambda: len(panel.rows()) == 1)
    panel.resize(panel.minimumSizeHint().width(), 400)
    panel.show()
    qtbot.waitExposed(panel)
    table = panel.findChild(QTableWidget, "recent_slips")
    item = table.item(0, SLIP)

    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    option.rect = table.visualRect(table.indexFromItem(item))
    table.itemDelegateForColumn(SLIP).initStyleOption(option, table.indexFromItem(item))

    number, what = option.text.split("\u2028")
    assert item.text().endswith("Система 2/3 · 4\u00a0500,00 руб.")  # the item's own text
    assert number == item.text().split("\n")[0]  # the slip number whole
    assert what.endswith(" · 4\u00a0500,00 руб.")  # the stake whole
    assert "…" in what  # the kind shortened
    assert item.data(KEPT_ROLE) == " · 4\u00a0500,00 руб."


def test_a_table_item_without_an_amount_to_keep_is_painted_as_usual(qtbot: QtBot) -> None:
    table = QTableWidget(1, 1)
    qtbot.addWidget(table)
    item = QTableWidgetItem("просто слова")
    table.setItem(0, 0, item)
    delegate = table.itemDelegate()

    option = QStyleOptionViewItem()
    delegate.initStyleOption(option, table.indexFromItem(item))

    assert option.text == "просто слова"
    assert item.data(Qt.ItemDataRole.UserRole) is None
