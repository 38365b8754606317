"""The betting page's side panel: the slip just issued without a printer, as it would print."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QFrame, QVBoxLayout, QWidget

from pos.core.devices import PreviewLine
from ui.widgets.paper_strip import PaperStrip
from ui.widgets.paper_view import PaperView

_MIN_WIDTH = 80  # a 1024-pixel window still fits it beside the page's cards (issue 16)


class PreviewPanel(QFrame):
    """A card beside the page's own cards, hidden until a job is shown (issue 16).

    Non-modal and never focused by showing: the cashier keeps typing. «Закрыть (Esc)», or
    Esc while the cursor is in the panel, hides it; the page's own Esc hides it first too.
    `closed` is emitted when it is hidden that way.
    """

    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self.setMinimumWidth(_MIN_WIDTH)
        self._view = PaperView(fit_width=True)
        self._view.setObjectName("slip_preview")
        # Clicked, the button leaves the cursor where the cashier types.
        self._view.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._view.dismissed.connect(self.close_panel)
        close = QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close_panel)
        close.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.addWidget(self._view)
        self.hide()

    @property
    def paper(self) -> PaperStrip:
        """The paper strip (tests read its lines)."""
        return self._view.paper

    def show_lines(self, title: str, lines: list[PreviewLine], note: str = "") -> None:
        """Show this job in the panel, showing the panel if it was hidden."""
        self.show()
        self._view.show_lines(title, lines, note)

    def close_panel(self) -> None:
        """Hide the panel (the page's cards take its room back)."""
        if self.isVisible():
            self.hide()
            self.closed.emit()

    def heading_text(self) -> str:
        """The heading over the paper (tests)."""
        return self._view.heading_text()

    def note_text(self) -> str:
        """The note over the paper (tests)."""
        return self._view.note_text()
