"""The line header (p.18): each sport's maximum stake per event, typed and saved as text."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos.core.money import format_money
from pos.errors import PosError
from pos.line.events import LINE_SPORTS, Sport
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.models.line_model import sport_names
from ui.tasks import TaskRunner
from ui.widgets.flow_row import FlowRow, group


def save_limits(desk: Desk, changes: dict[Sport, str]) -> dict[Sport, Decimal]:
    """Set each changed sport's limit as typed, then read the header back (on the worker)."""
    for sport, text in changes.items():
        desk.set_sport_limit(sport.value, text.strip())
    return desk.sport_limits()


class SportLimitsCard(QFrame):
    """Three fields, one per sport; empty means the shop's own maximum stake applies."""

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._desk = desk
        self._runner = runner
        self._edits: dict[Sport, QLineEdit] = {}
        self._loaded: dict[Sport, str] = {}
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    def refresh(self) -> None:
        """Load the header in the background."""
        desk = self._desk
        self._runner.run(
            desk.sport_limits,
            on_success=self._show_limits,
            on_failure=self._message.show_error,
            owner=self,
        )

    def save(self) -> None:
        """Send the changed limits, as typed."""
        changes = {
            sport: edit.text() for sport, edit in self._edits.items() if self._changed(sport)
        }
        if not changes:
            self._message.show_success(self.tr("Изменений нет."))
            return
        desk = self._desk
        self._message.show_progress(self.tr("Сохранение…"))
        self._runner.run(
            lambda: save_limits(desk, changes),
            on_success=self._saved,
            on_failure=self._refused,
            owner=self,
        )

    def tab_chain(self) -> list[QWidget]:
        """The fields and the button in typing order."""
        return [*self._edits.values(), self._save_button]

    def _build(self) -> None:
        caption = QLabel(self.tr("Шапка линии"))
        caption.setProperty("heading", "2")
        # An empty field shows "общий": the shop's own maximum stake applies to that sport.
        note = QLabel(self.tr("макс. ставка на событие, руб."))
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        self._save_button = QPushButton(self.tr("Сохранить шапку"))
        self._save_button.setObjectName("save_limits")
        self._save_button.clicked.connect(self._on_save_button_clicked)
        top = QHBoxLayout()
        top.addWidget(caption)
        top.addSpacing(8)
        top.addWidget(note, 1)
        top.addWidget(self._save_button)
        # The sport names of sport_names(), with a mnemonic each (Alt+letter) for the keyboard.
        labels = {
            Sport.FOOTBALL: self.tr("&Футбол"),
            Sport.HOCKEY: self.tr("Х&оккей"),
            Sport.BASKETBALL: self.tr("&Баскетбол"),
        }
        names = sport_names()
        # A narrow window puts the last sports on a second line (issue 16).
        fields = FlowRow(spacing=16)
        for sport in LINE_SPORTS:
            edit = QLineEdit()
            edit.setObjectName(f"limit_{sport.value}")
            edit.setPlaceholderText(self.tr("общий"))
            least = edit.fontMetrics().horizontalAdvance("10 000,00") + 26
            edit.setMinimumWidth(least)
            edit.setMaximumWidth(least * 3 // 2)  # the three sports in one line from 1280 px
            edit.returnPressed.connect(self._on_save_button_clicked)
            self._edits[sport] = edit
            label = QLabel(labels.get(sport, names[sport]))
            label.setBuddy(edit)
            fields.add(group(label, edit))
        self._message = MessageLabel()
        self._message.setObjectName("limits_message")
        self._message.setMinimumHeight(0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 10, 20, 10)
        layout.setSpacing(8)
        layout.addLayout(top)
        layout.addWidget(fields)
        layout.addWidget(self._message)

    def _changed(self, sport: Sport) -> bool:
        return self._edits[sport].text().strip() != self._loaded.get(sport, "")

    # --- slots and results --------------------------------------------------------------

    def _on_save_button_clicked(self) -> None:
        if not self._runner.busy:
            self.save()

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._save_button.setEnabled(not busy)

    def _show_limits(self, limits: dict[Sport, Decimal]) -> None:
        self._loaded = {
            sport: format_money(limits[sport]) if sport in limits else "" for sport in LINE_SPORTS
        }
        for sport, edit in self._edits.items():
            edit.setText(self._loaded[sport])

    def _saved(self, limits: dict[Sport, Decimal]) -> None:
        self._show_limits(limits)
        self._message.show_success(self.tr("Шапка линии сохранена."))

    def _refused(self, exc: PosError) -> None:
        # What was typed stays, so that the manager corrects the field the sentence names.
        self._message.show_error(exc)
