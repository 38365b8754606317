"""The line editor's event form: a new event, or corrections to the one selected."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import partial
from zoneinfo import ZoneInfo

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QKeySequence, QRegularExpressionValidator, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from pos.core.money import format_money
from pos.line.errors import InvalidEvent, StartPassed, line_file_problem
from pos.line.events import Event, parse_start_time
from pos.shop.desk import Desk
from ui.dialogs.past_start import PastStartDialog
from ui.errors import MessageLabel
from ui.models.line_model import sport_names
from ui.tasks import TaskRunner

START_FORMAT = "%d.%m.%Y %H:%M"


def parse_start(text: str, zone: ZoneInfo) -> datetime:
    """The start time typed in the shop's zone, "05.12.2026 15:00" (or ISO), as an aware time.

    Raises:
        InvalidEvent: the text is not a date and time in one of those forms.
    """
    when = parse_start_time(text, zone)
    if when is None:
        raise InvalidEvent(line_file_problem("time", text))
    return when


@dataclass(frozen=True)
class TypedEvent:
    """The form as typed: pos checks every field (and words every refusal)."""

    code: str
    sport: str
    tournament: str
    home: str
    away: str
    start: str
    max_stake: str


def save_event(
    desk: Desk, typed: TypedEvent, zone: ZoneInfo, *, editing: bool, past_confirmed: bool = False
) -> Event | StartPassed:
    """Add the event, or correct the one being edited (runs on the worker).

    Returns:
        The event saved; or, for a start already past not yet confirmed, pos's warning and
        nothing saved (issue 34).
    """
    # An empty code becomes 0, which pos refuses with its own sentence about the code.
    code = int(typed.code) if typed.code else 0
    starts_at = parse_start(typed.start, zone)
    warning = None if past_confirmed else desk.past_start(code, starts_at)
    if warning is not None:
        return warning
    save = desk.update_event if editing else desk.add_event
    return save(
        code,
        typed.sport,
        typed.home,
        typed.away,
        starts_at,
        tournament=typed.tournament,
        max_stake=typed.max_stake,
    )


class EventForm(QWidget):
    """Code, sport, tournament, teams, start and own maximum stake; Ctrl+S or Enter saves."""

    event_saved = Signal(object)

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("event_form")
        self._desk = desk
        self._runner = runner
        self._zone = ZoneInfo("UTC")
        self._editing: int | None = None
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)
        self.start_new()

    def set_zone(self, zone: ZoneInfo) -> None:
        """The shop's time zone, in which start times are typed and shown."""
        self._zone = zone

    def start_new(self) -> None:
        """Empty the form for a new event."""
        self._editing = None
        self._caption.setText(self.tr("Новое событие"))
        self._code.setReadOnly(False)
        # The sport stays as it was: events are often added a sport at a time.
        for edit in (self._code, self._tournament, self._home, self._away, self._start):
            edit.clear()
        self._max_stake.clear()
        self._message.clear_message()

    def show_event(self, event: Event) -> None:
        """Fill the form with `event` for corrections; its code stays as it is."""
        if event.code != self._editing:
            self._message.clear_message()
        self._editing = event.code
        self._caption.setText(self.tr("Событие {code}").format(code=event.code))
        self._code.setText(str(event.code))
        self._code.setReadOnly(True)
        self._sport.setCurrentIndex(max(0, self._sport.findData(event.sport.value)))
        self._tournament.setText(event.tournament)
        self._home.setText(event.home)
        self._away.setText(event.away)
        self._start.setText(event.starts_at.astimezone(self._zone).strftime(START_FORMAT))
        stake = event.max_stake
        self._max_stake.setText(format_money(stake) if stake is not None else "")
        for edit in self.findChildren(QLineEdit):
            edit.setCursorPosition(0)

    def save(self) -> None:
        """Send the form as typed to the shop in the background; a start already past is
        saved only after the manager confirms it (issue 34)."""
        typed = TypedEvent(
            self._code.text().strip(),
            str(self._sport.currentData()),
            self._tournament.text(),
            self._home.text(),
            self._away.text(),
            self._start.text(),
            self._max_stake.text(),
        )
        self._send(typed, past_confirmed=False)

    def _send(self, typed: TypedEvent, *, past_confirmed: bool) -> None:
        desk, zone, editing = self._desk, self._zone, self._editing is not None
        self._message.show_progress(self.tr("Сохранение…"))
        self._runner.run(
            lambda: save_event(desk, typed, zone, editing=editing, past_confirmed=past_confirmed),
            on_success=partial(self._answered, typed),
            on_failure=self._message.show_error,
            owner=self,
        )

    def first_field(self) -> QWidget:
        """Where typing starts: the code of a new event, the sport of one being corrected."""
        return self._code if self._editing is None else self._sport

    def tab_chain(self) -> list[QWidget]:
        """The form's widgets in typing order, for the page's tab order."""
        return [*self._fields, self._save_button]

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._caption = QLabel()
        self._caption.setProperty("heading", "2")
        self._code = self._line_edit("event_code", self.tr("1–999999"))
        self._code.setValidator(QRegularExpressionValidator(QRegularExpression("[0-9]{0,6}")))
        self._sport = QComboBox()
        self._sport.setObjectName("event_sport")
        for sport, name in sport_names().items():
            self._sport.addItem(name, sport.value)
        self._tournament = self._line_edit("event_tournament", self.tr("необязательно"))
        self._home = self._line_edit("event_home", "")
        self._away = self._line_edit("event_away", "")
        self._start = self._line_edit("event_start", self.tr("ДД.ММ.ГГГГ ЧЧ:ММ"))
        self._max_stake = self._line_edit("event_max_stake", self.tr("как в шапке линии"))
        self._save_button = QPushButton(self.tr("Сохранить (Ctrl+S)"))
        self._save_button.setObjectName("save_event")
        self._save_button.setProperty("primary", "true")
        self._save_button.clicked.connect(self._on_save_button_clicked)
        QShortcut(QKeySequence.StandardKey.Save, self, self._on_save_button_clicked)
        self._message = MessageLabel()
        self._message.setObjectName("event_message")

        content = QWidget()
        content.setObjectName("event_form_content")
        form = QFormLayout(content)
        form.setContentsMargins(16, 10, 16, 10)
        form.setVerticalSpacing(6)
        form.addRow(self._caption)
        self._fields: list[QWidget] = []
        for text, field in (
            (self.tr("&Код"), self._code),
            (self.tr("Спор&т"), self._sport),
            (self.tr("Тур&нир"), self._tournament),
            (self.tr("&Хозяева"), self._home),
            (self.tr("&Гости"), self._away),
            (self.tr("На&чало"), self._start),
            (self.tr("&Макс. ставка"), self._max_stake),
        ):
            label = QLabel(text)
            label.setBuddy(field)
            # Centred on its field, which is taller than one line of text.
            label.setMinimumHeight(field.sizeHint().height())
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            form.addRow(label, field)
            self._fields.append(field)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self._save_button)
        form.addRow(buttons)
        form.addRow(self._message)
        # On a small screen, or with a long refusal, the form scrolls instead of squeezing.
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setStyleSheet("QScrollArea, QWidget#event_form_content { background: transparent; }")
        scroll.setWidget(content)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    def _line_edit(self, name: str, placeholder: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(name)
        edit.setPlaceholderText(placeholder)
        edit.returnPressed.connect(self._on_save_button_clicked)
        return edit

    # --- slots and results --------------------------------------------------------------

    def _on_save_button_clicked(self) -> None:
        if not self._runner.busy:
            self.save()

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._save_button.setEnabled(not busy)

    def _on_past_start_finished(self, typed: TypedEvent, result: int) -> None:
        self.window().activateWindow()  # the form's keys work again at once
        if result == QDialog.DialogCode.Accepted:
            self._send(typed, past_confirmed=True)
            return
        self._message.clear_message()  # nothing saved: the start typed waits for its correction
        self._start.setFocus()
        self._start.selectAll()

    def _answered(self, typed: TypedEvent, answer: Event | StartPassed) -> None:
        if isinstance(answer, StartPassed):
            self._ask(typed, answer)
        else:
            self._saved(answer)

    def _ask(self, typed: TypedEvent, warning: StartPassed) -> None:
        self._message.clear_message()  # not being saved: asked first
        dialog = PastStartDialog(warning, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(partial(self._on_past_start_finished, typed))
        dialog.open()

    def _saved(self, event: Event) -> None:
        self.show_event(event)
        self._message.show_success(
            self.tr("Событие {code} сохранено: {home} — {away}.").format(
                code=event.code, home=event.home, away=event.away
            )
        )
        self.event_saved.emit(event)
