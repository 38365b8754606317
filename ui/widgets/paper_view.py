"""A print job on screen: a heading, a note, the paper on a grey desk that scrolls, «Закрыть»."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from pos.core.devices import PreviewLine
from ui.widgets.paper_strip import PaperStrip

_DESK_STYLE = "QWidget#paper_desk { background: #9ca3af; }"
_DESK_MARGIN = 24
_FIT_DESK_MARGIN = 10  # in a side panel the paper has all the width there is
_MIN_ZOOM = 0.25  # smaller than that the paper scrolls sideways instead
_COMPACT_WIDTH = 240
_THUMBNAIL_ZOOM = 0.05


class PaperView(QWidget):
    """One job at a time: `show_lines` replaces what is shown, so one view can be reused.

    With `fit_width` (a side panel) the paper is drawn smaller to fit the view's width, down
    to a quarter of its size. `dismissed` is emitted when «Закрыть (Esc)» is pressed.
    """

    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None, *, fit_width: bool = False) -> None:
        super().__init__(parent)
        self._fit_width = fit_width
        self._build()

    @property
    def paper(self) -> PaperStrip:
        """The paper strip (tests read its lines)."""
        return self._paper

    @property
    def close_button(self) -> QPushButton:
        """«Закрыть (Esc)»."""
        return self._close

    def show_lines(self, title: str, lines: list[PreviewLine], note: str = "") -> None:
        """Show a job: a heading, an optional note above the paper, and the paper from its top."""
        self._heading.setText(title)
        self._note.setText(note)
        self._note.setVisible(bool(note))
        self._paper.set_lines(lines)
        self._fit()
        self._scroll.horizontalScrollBar().setValue(0)
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
        self._heading.setWordWrap(True)
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
        margin = self._desk_margin()
        centre.setContentsMargins(margin, margin, margin, margin)
        centre.addWidget(self._paper, 0, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self._scroll = QScrollArea()
        self._scroll.setObjectName("paper_scroll")
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setWidget(desk)

        self._close_text = self.tr("Закрыть (Esc)")
        self._close = QPushButton(self._close_text)
        self._close.setObjectName("preview_close")
        self._close.setToolTip(self._close_text)
        self._close.clicked.connect(self._on_close_clicked)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self._close)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        layout.addWidget(self._heading)
        layout.addWidget(self._note)
        layout.addWidget(self._scroll, 1)
        layout.addLayout(buttons)

    def _fit(self) -> None:
        if not self._fit_width or not self._paper.natural_width():
            return
        # Too narrow for words (a 1024-pixel window): the paper alone, whole and small, and
        # a cross to close it.
        compact = self.width() < _COMPACT_WIDTH
        self._heading.setHidden(compact)
        self._note.setHidden(compact or not self._note.text())
        self._close.setText("✕" if compact else self._close_text)
        self._scroll.setToolTip(self._note.text() if compact else "")
        # The scroll bar's width is always kept free: the paper's height, which the zoom
        # changes, then never brings it and takes it away again.
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        room = self._scroll.width() - bar - 2 * self._desk_margin()
        least = _THUMBNAIL_ZOOM if compact else _MIN_ZOOM
        self._paper.set_zoom(max(least, min(1.0, room / self._paper.natural_width())))

    def _desk_margin(self) -> int:
        return _FIT_DESK_MARGIN if self._fit_width else _DESK_MARGIN

    # --- slots and Qt overrides ---------------------------------------------------------

    def _on_close_clicked(self) -> None:
        self.dismissed.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit()
