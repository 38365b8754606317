"""The fields of one result: how the event went, the score, its times and the official source."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from PySide6.QtCore import QDate, QDateTime, Qt, QTime, QTimeZone
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from pos.line.events import Event
from pos.settlement.results import Result, ResultEntry, ResultStatus

TIME_FORMAT = "dd.MM.yyyy HH:mm"
_NO_SCORE = -1  # the spin boxes' "—" while the status has no score
_MAX_SCORE = 999
_FIELD_HEIGHT = 36
_STATUS_SHOWN = 24  # characters of a status in the closed box: «Состоялось на поле команды…»
_CHECK_STYLE = "QCheckBox::indicator { width: 22px; height: 22px; }"

# The six choices of the status box: a status, and whether the match was played at the ground
# of the team named second (a finished match that is settled as a refund, second p.24).
STATUS_CHOICES: tuple[tuple[ResultStatus, bool], ...] = (
    (ResultStatus.FINISHED, False),
    (ResultStatus.FINISHED, True),
    (ResultStatus.POSTPONED, False),
    (ResultStatus.INTERRUPTED, False),
    (ResultStatus.CANCELLED, False),
    (ResultStatus.SHARED_FIRST, False),
)


def set_local_time(edit: QDateTimeEdit, when: datetime, zone: ZoneInfo) -> None:
    """Show `when` as the shop's wall-clock time (the edit itself knows no zone: no DST gaps)."""
    local = when.astimezone(zone)
    day = QDate(local.year, local.month, local.day)
    edit.setDateTime(QDateTime(day, QTime(local.hour, local.minute, local.second), QTimeZone.utc()))


def local_time(edit: QDateTimeEdit, zone: ZoneInfo) -> datetime:
    """The wall-clock time in `edit` as an aware time in the shop's zone."""
    day, moment = edit.date(), edit.time()
    return datetime(
        day.year(),
        day.month(),
        day.day(),
        moment.hour(),
        moment.minute(),
        moment.second(),
        tzinfo=zone,
    )


class ResultForm(QWidget):
    """Status, score, actual start, score-opening and end times, source.

    `entry(code)` reads the fields as typed; pos checks them and words every refusal. The
    scores are off for a status without a score; the optional times count only when ticked.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("result_form")
        self._zone = ZoneInfo("UTC")
        self._read_only = False
        self._build()

    def set_zone(self, zone: ZoneInfo) -> None:
        """The shop's zone, in which the times are shown and typed."""
        self._zone = zone

    def start_entry(self, event: Event, now: datetime) -> None:
        """Empty fields for `event`: finished, the published start, the end now (when ticked)."""
        self._show_teams(event)
        self._status.setCurrentIndex(0)
        self._home.setValue(0)
        self._away.setValue(0)
        self._first_score_on.setChecked(False)
        self._end_on.setChecked(False)
        set_local_time(self._start, event.starts_at, self._zone)
        set_local_time(self._first_score, event.starts_at, self._zone)
        # Never before the start (issue 16): an event not yet played ends at its start at
        # the earliest, not now.
        set_local_time(self._end, max(now, event.starts_at), self._zone)
        # Each event's source is typed for it: the last event's, left in the field, was
        # recorded for the next one unread (issue 34).
        self._source.clear()
        self._update_fields()

    def show_result(self, event: Event, result: Result) -> None:
        """Fill the fields with a recorded result (to read it, or to correct it)."""
        self._show_teams(event)
        choice = (result.status, result.venue_swapped)
        self._status.setCurrentIndex(
            STATUS_CHOICES.index(choice if choice in STATUS_CHOICES else (result.status, False))
        )
        self._update_fields()
        if result.home is not None and result.away is not None:
            self._home.setValue(result.home)
            self._away.setValue(result.away)
        set_local_time(self._start, result.actual_start, self._zone)
        set_local_time(self._first_score, result.first_score_at or result.actual_start, self._zone)
        set_local_time(self._end, result.ended_at, self._zone)
        self._first_score_on.setChecked(result.first_score_at is not None)
        self._end_on.setChecked(True)
        self._source.setText(result.source)
        self._source.setCursorPosition(0)
        self._update_fields()

    def set_read_only(self, read_only: bool) -> None:
        """Show a recorded result that is not to be changed here."""
        self._read_only = read_only
        for edit in (self._home, self._away, self._start, self._first_score, self._end):
            edit.setReadOnly(read_only)
        self._source.setReadOnly(read_only)
        for widget in (self._status, self._first_score_on, self._end_on):
            widget.setEnabled(not read_only)
        self._update_fields()

    def set_source(self, text: str) -> None:
        """Put a source into the field (tests type Cyrillic this way)."""
        self._source.setText(text)
        self._source.setCursorPosition(0)

    def entry(self, code: int) -> ResultEntry:
        """The result as typed for event `code`; times unticked are left to pos."""
        status, venue_swapped = STATUS_CHOICES[self._status.currentIndex()]
        scored = self._home.isEnabled()
        return ResultEntry(
            code,
            self._home.value() if scored else None,
            self._away.value() if scored else None,
            status,
            local_time(self._start, self._zone),
            local_time(self._first_score, self._zone) if self._first_score_on.isChecked() else None,
            local_time(self._end, self._zone) if self._end_on.isChecked() else None,
            self._source.text(),
            venue_swapped,
        )

    def typed_fields(self) -> list[QLineEdit]:
        """The fields typed into: the scores and the source (an edit answers an old message)."""
        return [self._home.lineEdit(), self._away.lineEdit(), self._source]

    def tab_chain(self) -> list[QWidget]:
        """The fields in typing order."""
        return [
            self._status,
            self._home,
            self._away,
            self._start,
            self._first_score_on,
            self._first_score,
            self._end_on,
            self._end,
            self._source,
        ]

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._status = QComboBox()
        self._status.setObjectName("result_status")
        for text in (
            self.tr("Состоялось"),
            self.tr("Состоялось на поле команды, указанной второй"),
            self.tr("Перенесено более чем на три дня"),
            self.tr("Прервано и не доиграно в тот же день"),
            self.tr("Отменено"),
            self.tr("Первое место поделено"),
        ):
            self._status.addItem(text)
        # The longest status names the popup shows whole; closed, the box keeps to the card
        # instead of widening the form past it, where the labels were cut («Нача», issue 34).
        self._status.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self._status.setMinimumContentsLength(_STATUS_SHOWN)
        self._status.view().setMinimumWidth(self._status.view().sizeHintForColumn(0) + 24)
        self._status.currentIndexChanged.connect(self._on_status_current_index_changed)
        self._home = self._score("result_home")
        self._away = self._score("result_away")
        self._start = self._time("result_start")
        self._start.dateTimeChanged.connect(self._on_start_date_time_changed)
        self._first_score = self._time("result_first_score")
        self._end = self._time("result_end")
        self._first_score_on = self._check("result_first_score_on", self.tr("Счёт открыт в"))
        self._end_on = self._check("result_end_on", self.tr("Окончание"))
        self._end_on.setToolTip(self.tr("Не отмечено: время записи результата"))
        self._source = QLineEdit()
        self._source.setObjectName("result_source")
        self._source.setPlaceholderText(self.tr("протокол матча, сайт федерации…"))

        score = QHBoxLayout()
        score.setSpacing(8)
        score.addWidget(self._home)
        score.addWidget(QLabel(":"))
        score.addWidget(self._away)
        score.addStretch(1)

        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setHorizontalSpacing(16)
        form.setVerticalSpacing(8)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        # The long status names and sources get the card's whole width.
        form.addRow(self._label(self.tr("&Статус"), self._status, centred=False))
        form.addRow(self._status)
        form.addRow(self._label(self.tr("С&чёт"), self._home), score)
        form.addRow(self._label(self.tr("&Начало (факт.)"), self._start), self._start)
        form.addRow(self._first_score_on, self._first_score)
        form.addRow(self._end_on, self._end)
        form.addRow(self._label(self.tr("&Источник"), self._source, centred=False))
        form.addRow(self._source)

    @staticmethod
    def _label(text: str, buddy: QWidget, *, centred: bool = True) -> QLabel:
        label = QLabel(text)
        label.setBuddy(buddy)
        if centred:  # on its field, which is taller than one line of text
            label.setMinimumHeight(_FIELD_HEIGHT)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        return label

    @staticmethod
    def _score(name: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(0, _MAX_SCORE)
        spin.setMinimumHeight(_FIELD_HEIGHT)
        spin.setFixedWidth(90)
        return spin

    @staticmethod
    def _time(name: str) -> QDateTimeEdit:
        edit = QDateTimeEdit()
        edit.setObjectName(name)
        edit.setTimeZone(QTimeZone.utc())
        edit.setDisplayFormat(TIME_FORMAT)
        edit.setCalendarPopup(True)
        edit.setMinimumHeight(_FIELD_HEIGHT)
        edit.setFixedWidth(edit.sizeHint().width())  # the date and time whole, no wider
        return edit

    def _check(self, name: str, text: str) -> QCheckBox:
        check = QCheckBox(text)
        check.setObjectName(name)
        check.setStyleSheet(_CHECK_STYLE)
        check.setMinimumHeight(_FIELD_HEIGHT)
        check.toggled.connect(self._on_check_toggled)
        return check

    def _show_teams(self, event: Event) -> None:
        self._home.setToolTip(event.home)
        self._away.setToolTip(event.away)

    # --- slots --------------------------------------------------------------------------

    def _on_status_current_index_changed(self, _index: int) -> None:
        self._update_fields()

    def _on_check_toggled(self, _checked: bool) -> None:
        self._update_fields()

    def _on_start_date_time_changed(self, start: QDateTime) -> None:
        # The end not chosen yet (unticked) follows a later start typed, so that it never
        # shows a time before it; a ticked end is the manager's and stays as typed.
        if not self._end_on.isChecked() and self._end.dateTime() < start:
            self._end.setDateTime(start)

    def _update_fields(self) -> None:
        status, _venue_swapped = STATUS_CHOICES[max(0, self._status.currentIndex())]
        scored = status is ResultStatus.FINISHED
        for spin in (self._home, self._away):
            spin.setEnabled(scored)
            # "—" (below 0) while the status has no score; back to 0 when it has one.
            spin.setSpecialValueText("" if scored else "—")
            spin.setMinimum(0 if scored else _NO_SCORE)
            if not scored:
                spin.setValue(_NO_SCORE)
        self._first_score.setEnabled(self._first_score_on.isChecked())
        self._end.setEnabled(self._end_on.isChecked())
