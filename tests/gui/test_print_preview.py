"""The print preview: a job drawn as paper, with its barcode and QR code, scrollable."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QPushButton, QScrollArea
from pytestqt.qtbot import QtBot

from pos.desk import Desk
from pos.ports import PreviewLine
from pos.slipnumbers import display_slip_number
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.widgets.paper_strip import PaperStrip, bar_widths

LINES = [
    PreviewLine("ООО «Фортуна Бет»", bold=True, center=True),
    PreviewLine("Купон № 00000001-782-87", bold=True, center=True, tall=True),
    PreviewLine("0000000178287", kind="barcode"),
    PreviewLine("0000000178287", kind="qr"),
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


def test_the_barcode_picture_depends_on_the_number() -> None:
    assert bar_widths("0000000178287") == bar_widths("0000000178287")
    assert bar_widths("0000000178287") != bar_widths("0000000278287")
    assert all(1 <= width <= 4 for width in bar_widths("0000000178287"))


def test_the_preview_of_an_issued_slip_shows_its_lines(qtbot: QtBot, anna: Desk) -> None:
    slip = anna.accept_bet([(101, "1")], Decimal("10"))

    dialog = open_preview(qtbot, anna.preview_slip(slip.number))

    texts = dialog.paper.texts()
    assert f"Купон № {display_slip_number(slip.number)}" in texts
    assert [line.kind for line in dialog.paper.lines() if line.kind != "text"] == ["barcode", "qr"]
    assert "ПРИХОД" in texts
