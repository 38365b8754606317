"""The results page's card for the selected event: the form to fill, or the recorded result."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from pos.settlement.results import ResultEntry, result_words
from pos.settlement.use_cases import ResultRow
from ui.errors import MessageLabel
from ui.widgets.buttons import action_button
from ui.widgets.result_form import ResultForm
from ui.widgets.scrolling import VerticalScroll

TIME_FORMAT = "%d.%m.%Y %H:%M"
_MARGINS = (20, 16, 20, 16)


class ResultCard(QFrame):
    """An event without a result: the fields and "Записать результат…" (`record_requested`).

    A recorded one: its words, who recorded it, the fields read-only and "Исправить…"
    (`correct_requested`). The page asks pos; the card only shows and reads, and `message`
    (over its buttons) says what became of its record or correction.
    """

    record_requested = Signal(object)  # ResultEntry, as typed
    correct_requested = Signal(object)  # the ResultRow shown

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._row: ResultRow | None = None
        self._idle = True
        self._build()
        self._show_nothing()

    @property
    def row(self) -> ResultRow | None:
        """The event shown (None: nothing selected)."""
        return self._row

    @property
    def form(self) -> ResultForm:
        """The result's fields."""
        return self._form

    def show_row(self, row: ResultRow | None, zone: ZoneInfo, now: datetime) -> None:
        """Show `row` (the fields are filled afresh only when the event or its result changed)."""
        if row == self._row and row is not None:
            return
        if row is None or self._row is None or row.event.code != self._row.event.code:
            self._message.clear_message()  # it answered another event (issue 16)
        self._row = row
        self._form.set_zone(zone)
        if row is None:
            self._show_nothing()
        else:
            self._show_event(row, zone, now)
        self._update_buttons()

    @property
    def message(self) -> MessageLabel:
        """The card's own line: what became of its record or correction (issue 16)."""
        return self._message

    def set_idle(self, idle: bool) -> None:
        """Buttons wait while a call is running."""
        self._idle = idle
        self._update_buttons()

    def details_text(self) -> str:
        """The words above the fields (tests)."""
        return self._details.text()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._heading = QLabel()
        self._heading.setObjectName("result_heading")
        self._heading.setProperty("heading", "2")
        self._heading.setWordWrap(True)
        self._details = QLabel()
        self._details.setObjectName("result_details")
        self._details.setWordWrap(True)
        self._details.setTextFormat(Qt.TextFormat.PlainText)
        self._details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._form = ResultForm()
        self._message = MessageLabel()
        self._message.setObjectName("result_message")
        self._message.clear_when_edited(*self._form.typed_fields())
        self._record_button = action_button("record_result", self.tr("Записать результат…"))
        self._record_button.setProperty("primary", "true")
        self._record_button.clicked.connect(self._on_record_button_clicked)
        self._correct_button = action_button("correct_result", self.tr("Исправить…"))
        self._correct_button.clicked.connect(self._on_correct_button_clicked)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self._correct_button)
        buttons.addWidget(self._record_button)
        body = QWidget()
        fields = QVBoxLayout(body)
        fields.setContentsMargins(0, 0, 0, 0)
        fields.setSpacing(12)
        fields.addWidget(self._heading)
        fields.addWidget(self._details)
        fields.addWidget(self._form)
        fields.addStretch(1)
        # A low window or a long message scrolls the fields; the message and the buttons
        # stay in sight, and no label is squeezed short (issue 34).
        self._scroll = VerticalScroll(body, "result_scroll")
        column = QVBoxLayout(self)
        column.setContentsMargins(*_MARGINS)
        column.setSpacing(12)
        column.addWidget(self._scroll, 1)
        column.addWidget(self._message)
        column.addLayout(buttons)

    def needed_width(self) -> int:
        """The width at which every label of the form is whole beside its field."""
        bar = self._scroll.verticalScrollBar().sizeHint().width()
        frame = 2 * self.frameWidth()
        return self._form.minimumSizeHint().width() + bar + _MARGINS[0] + _MARGINS[2] + frame

    def _show_nothing(self) -> None:
        self._heading.setText(self.tr("Выберите событие в списке"))
        self._details.clear()
        self._form.hide()

    def _show_event(self, row: ResultRow, zone: ZoneInfo, now: datetime) -> None:
        event, result = row.event, row.result
        self._form.show()
        self._heading.setText(
            self.tr("Событие {code}: {home} — {away}").format(
                code=event.code, home=event.home, away=event.away
            )
        )
        if result is None:
            start = event.starts_at.astimezone(zone).strftime(TIME_FORMAT)
            self._details.setText(self.tr("Начало по линии: {start}").format(start=start))
            self._details.setStyleSheet("")
            self._form.set_read_only(False)
            self._form.start_entry(event, now)
            return
        recorded = (result.recorded_at or result.ended_at).astimezone(zone)
        details = self.tr("{words}\nЗаписал {who} {when}").format(
            words=result_words(result, event),
            who=result.recorded_by,
            when=recorded.strftime(TIME_FORMAT),
        )
        if result.corrections:
            details += self.tr(", исправлений: {count}").format(count=result.corrections)
        self._details.setText(details)
        self._details.setStyleSheet("font-weight: bold;")
        self._form.show_result(event, result)
        self._form.set_read_only(True)

    def _update_buttons(self) -> None:
        row = self._row
        recorded = row is not None and row.result is not None
        self._record_button.setVisible(not recorded)
        self._record_button.setEnabled(self._idle and row is not None)
        self._correct_button.setVisible(recorded)
        self._correct_button.setEnabled(self._idle)

    # --- slots --------------------------------------------------------------------------

    def _on_record_button_clicked(self) -> None:
        row = self._row
        if row is not None and self._idle:
            entry: ResultEntry = self._form.entry(row.event.code)
            self.record_requested.emit(entry)

    def _on_correct_button_clicked(self) -> None:
        if self._row is not None and self._idle:
            self.correct_requested.emit(self._row)
