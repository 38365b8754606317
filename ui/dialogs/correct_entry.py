"""Correcting a payout journal entry's player or document with a new, referencing entry."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from pos.core.money import format_money
from pos.errors import PosError
from pos.payouts.journal import JournalEntry
from ui.errors import MessageLabel
from ui.widgets.buttons import dialog_buttons

_WIDTH = 760


class CorrectEntryDialog(QDialog):
    """The entry's player and document, editable, and a required reason; «Внести исправление»
    emits `correction_given(player, document, reason)` with None for a field left as it was,
    so that pos repeats what the journal says now. Esc goes back.

    The page asks pos and closes the dialog, or calls `show_refusal` (no reason, nothing
    changed, an entry that is itself a correction).
    """

    correction_given = Signal(object, object, str)

    def __init__(self, entry: JournalEntry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("correct_entry")
        self.setWindowTitle(self.tr("Исправление записи журнала"))
        self._entry = entry
        self._busy = False
        self._build(entry)
        self.setMinimumWidth(_WIDTH)

    @property
    def entry(self) -> JournalEntry:
        """The entry being corrected (its fields as they were prefilled)."""
        return self._entry

    def field(self, name: str) -> QLineEdit:
        """ "player", "document" or "reason" (tests type Cyrillic with setText)."""
        return {"player": self._player, "document": self._document, "reason": self._reason}[name]

    def message_text(self) -> str:
        """The line under the fields (tests)."""
        return self._message.text()

    def submit(self) -> None:
        """Give the fields as typed (pos checks them): None for one left unchanged."""
        if self._busy:
            return
        self._busy = True
        self._save_button.setEnabled(False)
        self._message.show_progress(self.tr("Запись исправления…"))
        player = self._player.text()
        document = self._document.text()
        self.correction_given.emit(
            None if player == self._entry.player else player,
            None if document == self._entry.document else document,
            self._reason.text(),
        )

    def show_refusal(self, exc: PosError) -> None:
        """pos refused the correction: say why and let the manager change the fields."""
        self._busy = False
        self._save_button.setEnabled(True)
        self._message.show_error(exc)

    def reject(self) -> None:
        if not self._busy:
            super().reject()

    # --- building -----------------------------------------------------------------------

    def _build(self, entry: JournalEntry) -> None:
        heading = QLabel(
            self.tr("Запись № {number}: выплата {amount} руб. по купону {slip}").format(
                number=entry.number, amount=format_money(entry.amount), slip=entry.slip_number
            )
        )
        heading.setProperty("heading", "2")
        heading.setWordWrap(True)
        note = QLabel(
            self.tr(
                "Записи журнала не изменяются: исправление вносится новой записью со ссылкой "
                "на эту и причиной, сумма в ней 0,00. Исправьте фамилию или документ игрока."
            )
        )
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        self._player = self._line("correct_player", entry.player)
        self._document = self._line("correct_document", entry.document)
        self._reason = self._line("correct_reason", "")
        self._reason.setPlaceholderText(self.tr("например: опечатка в номере паспорта"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(8)
        rows = [
            (self.tr("&Игрок (ФИО)"), self._player),
            (self.tr("&Документ"), self._document),
            (self.tr("&Причина"), self._reason),
        ]
        for row, (text, field) in enumerate(rows):
            label = QLabel(text)
            label.setBuddy(field)
            grid.addWidget(label, row, 0, Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(field, row, 1)
        self._message = MessageLabel()
        self._message.setObjectName("correct_entry_message")
        buttons, back, self._save_button = dialog_buttons(
            ("correct_entry_back", self.tr("Назад (Esc)")),
            ("correct_entry_submit", self.tr("Внести исправление")),
            enter_presses=False,
        )
        back.clicked.connect(self._on_back_clicked)
        self._save_button.clicked.connect(self._on_save_button_clicked)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(note)
        layout.addLayout(grid)
        layout.addWidget(self._message)
        layout.addLayout(buttons)
        self._reason.setFocus()

    @staticmethod
    def _line(name: str, text: str) -> QLineEdit:
        edit = QLineEdit(text)
        edit.setObjectName(name)
        edit.setCursorPosition(0)
        return edit

    # --- slots --------------------------------------------------------------------------

    def _on_save_button_clicked(self) -> None:
        self.submit()

    def _on_back_clicked(self) -> None:
        self.reject()
