"""The filter row above a table (the journal's, the reports'): labelled fields and «Показать»."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

from PySide6.QtCore import QCoreApplication, QDate, QSignalBlocker, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDateEdit, QLabel, QPushButton, QWidget

from ui.widgets.buttons import action_button
from ui.widgets.flow_row import FlowRow, group

DATE_FORMAT = "dd.MM.yyyy"


def date_edit(name: str) -> QDateEdit:
    """A day field with a calendar."""
    edit = QDateEdit()
    edit.setObjectName(name)
    edit.setDisplayFormat(DATE_FORMAT)
    edit.setCalendarPopup(True)
    edit.setMinimumHeight(36)
    return edit


def show_button(page: QWidget, name: str, show: Callable[[], None]) -> QPushButton:
    """«Показать (F5)»: the page's primary button, F5 anywhere on the page."""
    button = action_button(name, QCoreApplication.translate("filters", "Показать (F5)"))
    button.setProperty("primary", "true")
    button.clicked.connect(show)
    QShortcut(QKeySequence(Qt.Key.Key_F5), page, show)
    return button


def filter_row(parts: Sequence[tuple[str, QWidget]], button: QPushButton) -> FlowRow:
    """Each field after its label (the label's buddy), the button at the right end; in a
    narrow window the fields go on in a second line, each still beside its label (issue 16)."""
    row = FlowRow(spacing=16, last_right=True)
    for text, field in parts:
        label = QLabel(text)
        label.setBuddy(field)
        row.add(group(label, field))
    row.add(button)
    return row


def period_of(first: QDateEdit, last: QDateEdit) -> tuple[date, date]:
    """The days chosen in a «с … по …» pair, both included."""
    return _as_date(first.date()), _as_date(last.date())


def _as_date(day: QDate) -> date:
    # QDate.toPython is typed as returning object in PySide6's stubs.
    return date(day.year(), day.month(), day.day())


def set_period(first: QDateEdit, last: QDateEdit, date_from: date, date_to: date) -> None:
    """Put a period into a «с … по …» pair; the fields' signals say what the user changes,
    not what the program fills in."""
    with QSignalBlocker(first), QSignalBlocker(last):
        first.setDate(QDate(date_from.year, date_from.month, date_from.day))
        last.setDate(QDate(date_to.year, date_to.month, date_to.day))
