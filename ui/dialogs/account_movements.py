"""Every movement of a player's account, each with its kind (issue 37: cash and bank transfers
apart), read-only over the page of accounts; Esc closes it."""

from __future__ import annotations

from datetime import tzinfo
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.accounts.numbers import display_account_number
from pos.accounts.papers import KIND_WORDS
from pos.accounts.use_cases import AccountView
from pos.core.money import format_money
from ui.widgets.buttons import dialog_buttons

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class MovementsDialog(QDialog):
    """The account's statement as a table: when, what (its kind in words), on what ground
    (a receipt, a payment order, a bet), the amount in roubles (money in positive) and the
    free money after it; and the keys of a bank transfer in (Ctrl+T) or out (Ctrl+Shift+T),
    which close it with `chosen(name)`: the page opens that transfer's form (a manager's)."""

    chosen = Signal(str)

    def __init__(self, view: AccountView, zone: tzinfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("movements_dialog")
        self.setWindowTitle(self.tr("Движения по счёту"))
        self.setMinimumSize(980, 420)  # every column whole; narrower than a 1024 screen
        heading = QLabel(
            self.tr("Счёт {number} · {holder}").format(
                number=display_account_number(view.number), holder=view.holder
            )
        )
        heading.setProperty("heading", "2")
        heading.setWordWrap(True)
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("movements")
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Дата и время"),
                self.tr("Операция"),
                self.tr("Основание"),
                self.tr("Сумма"),
                self.tr("Свободно"),
            ]
        )
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)  # the ground: the rest
        self._fill(view, zone)
        buttons, back, close = dialog_buttons(
            ("movements_back", ""), ("movements_close", self.tr("Закрыть (Enter)"))
        )
        back.hide()  # one way out: Enter, or Esc as in every dialog
        close.clicked.connect(self.accept)
        transfers = (
            ("transfer_in", self.tr("Перевод на счёт (Ctrl+T)"), "Ctrl+T"),
            ("transfer_out", self.tr("Перевод со счёта (Ctrl+Shift+T)"), "Ctrl+Shift+T"),
        )
        for at, (name, text, keys) in enumerate(transfers):
            button = QPushButton(text)
            button.setObjectName(name)
            button.setAutoDefault(False)
            button.setShortcut(QKeySequence(keys))
            button.clicked.connect(partial(self._choose, name))
            buttons.insertWidget(at, button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

    def _choose(self, name: str, _checked: bool = False) -> None:
        self.chosen.emit(name)
        self.accept()

    def texts(self) -> list[list[str]]:
        """Every row's texts (tests)."""
        table = self.table
        return [
            [_text(table.item(row, column)) for column in range(table.columnCount())]
            for row in range(table.rowCount())
        ]

    def _fill(self, view: AccountView, zone: tzinfo) -> None:
        lines = view.statement()
        self.table.setRowCount(len(lines))
        for row, line in enumerate(lines):
            cells = (
                f"{line.at.astimezone(zone):%d.%m.%Y %H:%M}",
                KIND_WORDS[line.kind],
                line.reference,
                format_money(line.amount),
                format_money(line.free_after),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column >= 3:
                    item.setTextAlignment(_RIGHT)
                self.table.setItem(row, column, item)
        if lines:
            self.table.selectRow(len(lines) - 1)
            self.table.scrollToBottom()


def _text(item: QTableWidgetItem | None) -> str:
    return "" if item is None else item.text()
