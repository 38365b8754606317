"""The print preview: a job as it comes out of the printer, on a paper strip that scrolls."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from pos.desk import Desk
from pos.ports import PreviewLine
from pos.slipnumbers import display_slip_number
from pos.slips import Slip
from ui.tasks import TaskRunner
from ui.widgets.paper_strip import PaperStrip

_DESK_STYLE = "QWidget#paper_desk { background: #9ca3af; }"
_SIZE = (620, 760)
_BESIDE_TOP = 64  # below the navigation bar of the window it is shown beside


class PrintPreviewDialog(QDialog):
    """One job at a time: `show_lines` replaces what is shown, so one window can be reused.

    Opened with `open()` from a dialog or page (window-modal), or with `show()` beside the
    betting page when no printer is connected (non-modal: the cashier keeps working).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("print_preview")
        self.setWindowTitle(self.tr("Просмотр печати"))
        self._build()
        self.resize(*_SIZE)

    @property
    def paper(self) -> PaperStrip:
        """The paper strip (tests read its lines)."""
        return self._paper

    def show_lines(self, title: str, lines: list[PreviewLine], note: str = "") -> None:
        """Show a job: a heading, an optional note above the paper, and the paper from its top."""
        self._heading.setText(title)
        self._note.setText(note)
        self._note.setVisible(bool(note))
        self._paper.set_lines(lines)
        self._scroll.verticalScrollBar().setValue(0)

    def heading_text(self) -> str:
        """The heading over the paper (tests)."""
        return self._heading.text()

    def note_text(self) -> str:
        """The note over the paper (tests)."""
        return self._note.text()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._heading = QLabel()
        self._heading.setObjectName("preview_heading")
        self._heading.setProperty("heading", "2")
        self._note = QLabel()
        self._note.setObjectName("preview_note")
        self._note.setProperty("muted", "true")
        self._note.setWordWrap(True)
        self._note.hide()
        self._paper = PaperStrip()
        desk = QWidget()
        desk.setObjectName("paper_desk")
        desk.setStyleSheet(_DESK_STYLE)
        centre = QHBoxLayout(desk)
        centre.setContentsMargins(24, 24, 24, 24)
        centre.addWidget(self._paper, 0, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self._scroll = QScrollArea()
        self._scroll.setObjectName("paper_scroll")
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setWidget(desk)

        close = QPushButton(self.tr("Закрыть (Esc)"))
        close.setObjectName("preview_close")
        close.setDefault(True)
        close.clicked.connect(self._on_close_clicked)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(close)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(self._heading)
        layout.addWidget(self._note)
        layout.addWidget(self._scroll, 1)
        layout.addLayout(buttons)

    # --- slots --------------------------------------------------------------------------

    def _on_close_clicked(self) -> None:
        self.accept()


class SlipPreviewer(QObject):
    """After each slip issued without a printer, the slip in one non-modal preview window.

    The window is made at the first such slip, beside the page's window, and reused; it is
    shown without taking the keyboard from the cashier. `failed(exc)` if the preview could
    not be read.
    """

    failed = Signal(object)

    def __init__(self, desk: Desk, runner: TaskRunner, page: QWidget) -> None:
        super().__init__(page)
        self._desk = desk
        self._runner = runner
        self._page = page
        self.window: PrintPreviewDialog | None = None

    def show_if_virtual(self, slip: Slip) -> None:
        """Ask pos (in the background) whether paper came out; if not, show the slip."""
        desk, number = self._desk, slip.number
        self._runner.run(
            lambda: desk.preview_slip(number) if desk.printer_virtual else None,
            on_success=lambda lines: self._show(slip, lines),
            on_failure=self.failed.emit,
            owner=self._page,
        )

    def _show(self, slip: Slip, lines: list[PreviewLine] | None) -> None:
        if lines is None:
            return  # the slip came out of a printer
        window = self.window
        if window is None:
            window = self.window = PrintPreviewDialog(self._page)
            window.setModal(False)
            window.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
            top = self._page.window().frameGeometry()
            window.resize(window.width(), min(window.height(), top.height() - 2 * _BESIDE_TOP))
            window.move(max(top.left(), top.right() - window.width() - 24), top.top() + _BESIDE_TOP)
        window.show_lines(
            self.tr("Купон {number}").format(number=display_slip_number(slip.number)),
            lines,
            self.tr("Принтер не подключён: купон записан в файл. На бумаге он выглядит так."),
        )
        # No raise_(): a dialog stays above the window it belongs to, and show() brings
        # back one the cashier closed.
        window.show()
