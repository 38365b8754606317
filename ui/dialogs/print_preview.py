"""The print preview: a job as it comes out of the printer, on a paper strip that scrolls."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

from pos.betting.slips import Slip
from pos.core.devices import PreviewLine
from pos.core.wording import display_slip_number
from pos.shop.desk import Desk
from pos.till.papers import FiledPaper
from ui.tasks import TaskRunner
from ui.widgets.paper_strip import PaperStrip
from ui.widgets.paper_view import PaperView
from ui.widgets.preview_panel import PreviewPanel

_SIZE = (620, 640)  # within 1024×700 with the window's frame (issue 16)


class PrintPreviewDialog(QDialog):
    """One job at a time: `show_lines` replaces what is shown, so one dialog can be reused.

    Opened with `open()` from a dialog or page (window-modal); Esc or «Закрыть» closes it.
    The slip issued without a printer is shown beside the betting page instead, in its
    side panel (ui.widgets.preview_panel).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("print_preview")
        self.setWindowTitle(self.tr("Просмотр печати"))
        self._view = PaperView()
        self._view.close_button.setDefault(True)
        self._view.dismissed.connect(self._on_view_dismissed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.addWidget(self._view)
        self.resize(*_SIZE)

    @property
    def paper(self) -> PaperStrip:
        """The paper strip (tests read its lines)."""
        return self._view.paper

    def show_lines(self, title: str, lines: list[PreviewLine], note: str = "") -> None:
        """Show a job: a heading, an optional note above the paper, and the paper from its top."""
        self._view.show_lines(title, lines, note)

    def heading_text(self) -> str:
        """The heading over the paper (tests)."""
        return self._view.heading_text()

    def note_text(self) -> str:
        """The note over the paper (tests)."""
        return self._view.note_text()

    def _on_view_dismissed(self) -> None:
        self.accept()


def filed_paper_dialog(paper: FiledPaper, parent: QWidget) -> PrintPreviewDialog:
    """A paper of an account written to a file for want of a printer, as it would print
    (issue 34: shown as a slip is on the betting page); open it with `open()`."""
    dialog = PrintPreviewDialog(parent)
    dialog.show_lines(
        paper.heading,
        paper.lines,
        dialog.tr("Принтер не подключён: документ записан в файл. На бумаге он выглядит так."),
    )
    return dialog


class SlipPreviewer(QObject):
    """After each slip issued without a printer, the slip in the page's side panel.

    The panel is beside the slip being built and the recent slips, never over them, and is
    shown without taking the keyboard from the cashier (issue 16). `failed(exc)` if the
    preview could not be read.
    """

    failed = Signal(object)

    def __init__(self, desk: Desk, runner: TaskRunner, page: QWidget, panel: PreviewPanel) -> None:
        super().__init__(page)
        self._desk = desk
        self._runner = runner
        self._page = page
        self._panel = panel

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
        self._panel.show_lines(
            self.tr("Купон {number}").format(number=display_slip_number(slip.number)),
            lines,
            self.tr("Принтер не подключён: купон записан в файл. На бумаге он выглядит так."),
        )
