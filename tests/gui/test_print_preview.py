"""The print preview: a job drawn as paper, with its real barcode and QR code, scrollable; for a
shop without a printer, beside the betting page, closed by Esc."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from main import assemble_shop
from pos.core.clock import FixedClock
from pos.core.devices import PreviewLine
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from printing.preview import code128_modules, qr_modules
from tests.conftest import REGISTER
from tests.fakes import FakeStorage, PlainPinHasher
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner
from ui.widgets.paper_strip import PaperStrip, bar_widths

NUMBER = "0000000178287"
LINES = [
    PreviewLine("ООО «Фортуна Бет»", bold=True, center=True),
    PreviewLine("Купон № 00000001-782-87", bold=True, center=True, tall=True),
    PreviewLine(NUMBER, kind="barcode", modules=(code128_modules(NUMBER),)),
    PreviewLine(NUMBER, kind="qr", modules=qr_modules(NUMBER)),
    PreviewLine("-" * 48),
    PreviewLine("Ставка                                10,00 руб."),
]


def open_preview(qtbot: QtBot, lines: list[PreviewLine]) -> PrintPreviewDialog:
    dialog = PrintPreviewDialog()
    qtbot.addWidget(dialog)
    dialog.show_lines("Купон 00000001-782-87", lines, "Принтер не подключён.")
    dialog.show()
    return dialog


def test_the_lines_are_shown_on_paper_under_a_heading(qtbot: QtBot) -> None:
    dialog = open_preview(qtbot, LINES)

    assert dialog.heading_text() == "Купон 00000001-782-87"
    assert dialog.note_text() == "Принтер не подключён."
    assert dialog.paper.lines() == LINES
    assert dialog.paper.texts()[1] == "Купон № 00000001-782-87"


def test_the_paper_is_white_on_grey_with_black_bars(qtbot: QtBot) -> None:
    dialog = open_preview(qtbot, LINES)
    qtbot.waitExposed(dialog)

    picture = dialog.paper.grab().toImage()
    corner = QColor(picture.pixel(picture.width() // 2, 4))
    assert corner == QColor("#ffffff")
    desk = dialog.findChild(QScrollArea, "paper_scroll").widget().grab().toImage()
    assert QColor(desk.pixel(4, 4)) != QColor("#ffffff")
    dark = sum(
        QColor(picture.pixel(x, y)).lightness() < 60
        for x in range(picture.width())
        for y in range(0, picture.height(), 4)
    )
    assert dark > 500  # the bars, the QR corners and the text are drawn in ink


def test_the_paper_is_as_wide_as_the_widest_line_and_as_long_as_the_job(qtbot: QtBot) -> None:
    narrow, wide = PaperStrip(), PaperStrip()
    qtbot.addWidget(narrow)
    qtbot.addWidget(wide)
    narrow.set_lines([PreviewLine("x")])
    wide.set_lines(LINES)

    assert wide.width() > narrow.width()  # 48 columns against MIN_COLUMNS
    taller = PaperStrip()
    qtbot.addWidget(taller)
    taller.set_lines([*LINES, *LINES])
    assert taller.height() > wide.height()


def test_a_long_job_scrolls_and_close_closes(qtbot: QtBot) -> None:
    dialog = open_preview(qtbot, LINES * 10)
    scroll = dialog.findChild(QScrollArea, "paper_scroll")
    qtbot.waitExposed(dialog)

    assert scroll.verticalScrollBar().maximum() > 0
    qtbot.mouseClick(dialog.findChild(QPushButton, "preview_close"), Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def test_a_barcode_is_drawn_as_its_bars_and_spaces() -> None:
    assert bar_widths("1101001110011") == [2, 1, 1, 2, 3, 2, 2]
    assert sum(bar_widths(code128_modules(NUMBER))) == len(code128_modules(NUMBER))


def _dark(image: QImage, x: int, y: int) -> bool:
    return QColor(image.pixel(x, y)).lightness() < 100


def _dark_box(image: QImage) -> QRect:
    """The smallest rectangle holding every dark pixel."""
    points = [
        (x, y) for x in range(image.width()) for y in range(image.height()) if _dark(image, x, y)
    ]
    xs, ys = [x for x, _y in points], [y for _x, y in points]
    return QRect(QPoint(min(xs), min(ys)), QPoint(max(xs), max(ys)))


def test_the_qr_code_on_screen_is_the_printed_code_module_by_module(qtbot: QtBot) -> None:
    modules = qr_modules(NUMBER)
    strip = PaperStrip()
    qtbot.addWidget(strip)
    strip.set_lines([PreviewLine("", kind="qr", modules=modules)])  # no caption under it

    image = strip.grab().toImage()

    box, side = _dark_box(image), len(modules)
    cell = box.width() / side
    assert abs(box.height() - box.width()) <= 1  # a square: the three finders set its corners
    drawn = [
        "".join(
            "1"
            if _dark(image, int(box.left() + (x + 0.5) * cell), int(box.top() + (y + 0.5) * cell))
            else "0"
            for x in range(side)
        )
        for y in range(side)
    ]
    assert tuple(drawn) == modules


def test_the_barcode_on_screen_is_the_printed_code_bar_by_bar(qtbot: QtBot) -> None:
    modules = code128_modules(NUMBER)
    strip = PaperStrip()
    qtbot.addWidget(strip)
    strip.set_lines([PreviewLine("", kind="barcode", modules=(modules,))])

    image = strip.grab().toImage()

    box = _dark_box(image)
    middle = box.center().y()
    runs = [1]
    for x in range(box.left() + 1, box.right() + 1):
        same = _dark(image, x, middle) == _dark(image, x - 1, middle)
        runs[-1:] = [runs[-1] + 1] if same else [runs[-1], 1]
    module = box.width() / len(modules)
    assert [round(run / module) for run in runs] == bar_widths(modules)


def test_the_preview_of_an_issued_slip_shows_its_lines(qtbot: QtBot, anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], Decimal("10"))

    dialog = open_preview(qtbot, anna.preview_slip(slip.number))

    texts = dialog.paper.texts()
    assert f"Купон № {display_slip_number(slip.number)}" in texts
    assert [line.kind for line in dialog.paper.lines() if line.kind != "text"] == ["barcode", "qr"]
    assert "ПРИХОД" in texts


def test_esc_closes_the_preview_dialog(qtbot: QtBot) -> None:
    dialog = open_preview(qtbot, LINES)
    dialog.activateWindow()
    qtbot.waitActive(dialog)

    qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    assert not dialog.isVisible()


# --- the betting page's side panel, for a shop without a printer -----------------------------


@pytest.fixture
def printerless_page(
    qtbot: QtBot, storage: FakeStorage, clock: FixedClock, runner: TaskRunner, tmp_path: Path
) -> BettingPage:
    """The betting page of a shop whose slips go to files, at 1280×700."""
    storage.data.serials["К1"] = REGISTER
    shop = assemble_shop(
        storage, clock=clock, terminal="К1", pin_hasher=PlainPinHasher(), jobs_dir=tmp_path
    )
    shop.seed_demo()
    page = BettingPage(shop.login("anna", "4821"), runner, clock)
    qtbot.addWidget(page)
    page.resize(1280, 700)
    page.show()
    page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    return page


def issue_slip(qtbot: QtBot, page: BettingPage, runner: TaskRunner) -> None:
    """A single typed and confirmed by keys; wait for its preview beside the page."""
    pick = page.findChild(QLineEdit, "pick")
    qtbot.keyClicks(pick, "101 1")
    qtbot.keyClick(pick, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)
    stake = page.findChild(QLineEdit, "stake")
    qtbot.keyClicks(stake, "10")
    qtbot.keyClick(stake, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    qtbot.keyClick(page.confirm_dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(page.preview_panel.isVisible)
    qtbot.waitUntil(lambda: not runner.busy)


def _rect(widget: QWidget, page: QWidget) -> QRect:
    return QRect(widget.mapTo(page, QPoint(0, 0)), widget.size())


def test_the_slip_preview_is_beside_the_slip_and_the_recent_slips_never_over_them(
    qtbot: QtBot, printerless_page: BettingPage, runner: TaskRunner
) -> None:
    page = printerless_page
    issue_slip(qtbot, page, runner)

    panel = _rect(page.preview_panel, page)
    assert page.rect().contains(panel)
    workflow = [
        page.findChild(QLineEdit, "pick"),
        page.findChild(QWidget, "slip_message"),
        page.findChild(QPushButton, "accept_bet"),
        page.findChild(QWidget, "recent_slips"),
        page.findChild(QPushButton, "cancel_slip"),
        page.findChild(QWidget, "recent_message"),
    ]
    for widget in workflow:
        assert widget.isVisible()
        assert not _rect(widget, page).intersects(panel), widget.objectName()
    assert "выдан" in page.findChild(QLabel, "slip_message").text()
    assert page.findChild(QLineEdit, "pick").hasFocus()  # the cashier types on
    paper = page.preview_panel.paper
    assert paper.width() <= page.preview_panel.width()  # drawn smaller to fit beside
    assert paper.zoom() < 1


def test_esc_closes_the_preview_first_then_clears_the_slip(
    qtbot: QtBot, printerless_page: BettingPage, runner: TaskRunner
) -> None:
    page = printerless_page
    issue_slip(qtbot, page, runner)
    pick = page.findChild(QLineEdit, "pick")
    qtbot.keyClicks(pick, "102 1")
    qtbot.keyClick(pick, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)

    qtbot.keyClick(pick, Qt.Key.Key_Escape)

    assert not page.preview_panel.isVisible()
    assert page.draft.rowCount() == 1  # the next slip is kept
    qtbot.keyClick(pick, Qt.Key.Key_Escape)
    assert page.draft.rowCount() == 0


def test_esc_in_the_preview_closes_it_and_the_cursor_goes_back_to_the_slip(
    qtbot: QtBot, printerless_page: BettingPage, runner: TaskRunner
) -> None:
    page = printerless_page
    issue_slip(qtbot, page, runner)
    scroll = page.preview_panel.findChild(QScrollArea, "paper_scroll")
    scroll.setFocus()
    assert scroll.hasFocus()

    qtbot.keyClick(scroll, Qt.Key.Key_Escape)

    assert not page.preview_panel.isVisible()
    assert page.findChild(QLineEdit, "pick").hasFocus()


def test_the_preview_close_button_closes_it(
    qtbot: QtBot, printerless_page: BettingPage, runner: TaskRunner
) -> None:
    page = printerless_page
    issue_slip(qtbot, page, runner)

    close = page.preview_panel.findChild(QPushButton, "preview_close")
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)

    assert not page.preview_panel.isVisible()
    assert page.findChild(QLineEdit, "pick").hasFocus()
