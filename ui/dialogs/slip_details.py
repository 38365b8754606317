"""Everything about one slip found by its number, read-only, with the "Копия" (reprint) button."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pos.errors import PosError
from pos.money import format_money
from pos.slipnumbers import display_slip_number
from pos.slips import Slip, SlipStatus
from ui.errors import MessageLabel
from ui.models.slip_model import format_total_odds, kind_name
from ui.widgets.legs_table import LegsTable


class SlipDetailsDialog(QDialog):
    """Status, kind, legs with odds and versions, money, times, cancellation and reprints.

    "Копия" emits `reprint_requested(number)`; the page asks pos and calls `show_slip` with
    the answer (or `show_error`). "Просмотр печати" emits `preview_requested(number)`; the
    page opens the preview over this dialog.
    """

    reprint_requested = Signal(str)
    preview_requested = Signal(str)

    def __init__(self, slip: Slip, zone: ZoneInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("slip_details")
        self.setWindowTitle(self.tr("Купон"))
        self._zone = zone
        self._slip = slip
        self._build()
        self.show_slip(slip)
        self.setMinimumWidth(1000)

    @property
    def slip(self) -> Slip:
        """The slip shown."""
        return self._slip

    def show_slip(self, slip: Slip) -> None:
        """Show `slip` (again, after a reprint)."""
        self._slip = slip
        self._heading.setText(
            self.tr("Купон {number}").format(number=display_slip_number(slip.number))
        )
        self._legs.set_members(slip.members)
        while self._form.rowCount():
            self._form.removeRow(0)
        for label, value in self._rows(slip):
            text = QLabel(value)
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self._form.addRow(label, text)

    def show_error(self, exc: PosError) -> None:
        """A refusal (e.g. a cashier's reprint after the window)."""
        self._message.show_error(exc)

    def show_success(self, text: str) -> None:
        """A confirmation line."""
        self._message.show_success(text)

    def message_text(self) -> str:
        """The line under the details (tests)."""
        return self._message.text()

    def field_texts(self) -> dict[str, str]:
        """Every detail by its label (tests)."""
        texts = {}
        for row in range(self._form.rowCount()):
            label = self._form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            value = self._form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            if label is not None and value is not None:
                texts[_label_text(label.widget())] = _label_text(value.widget())
        return texts

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._heading = QLabel()
        self._heading.setProperty("heading", "2")
        self._legs = LegsTable(versions=True)
        self._legs.setObjectName("details_legs")
        self._form = QFormLayout()
        self._form.setHorizontalSpacing(24)
        self._form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._message = MessageLabel()
        self._message.setObjectName("details_message")
        self._message.setMinimumHeight(0)

        reprint = QPushButton(self.tr("Копия (Ctrl+P)"))
        reprint.setObjectName("reprint")
        reprint.setAutoDefault(False)
        reprint.clicked.connect(self._on_reprint_clicked)
        QShortcut(QKeySequence.StandardKey.Print, self, self._on_reprint_clicked)
        preview = QPushButton(self.tr("Просмотр печати"))
        preview.setObjectName("preview_print")
        preview.setAutoDefault(False)
        preview.clicked.connect(self._on_preview_clicked)
        close = QPushButton(self.tr("Закрыть (Esc)"))
        close.setObjectName("details_close")
        close.setDefault(True)
        close.clicked.connect(self._on_close_clicked)
        buttons = QHBoxLayout()
        buttons.addWidget(reprint)
        buttons.addWidget(preview)
        buttons.addStretch(1)
        buttons.addWidget(close)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(self._heading)
        layout.addLayout(self._form)
        layout.addWidget(self._legs, 1)
        layout.addWidget(self._message)
        layout.addLayout(buttons)

    def _rows(self, slip: Slip) -> list[tuple[str, str]]:
        blocks = any(len(member) > 1 for member in slip.members)
        rows = [
            (self.tr("Статус"), self._status(slip.status)),
            (self.tr("Вид ставки"), kind_name(slip.kind, blocks=blocks)),
            (self.tr("Ставка"), self._rub(slip.stake)),
            (self.tr("Коэффициент"), format_total_odds(slip.total_odds)),
            (self.tr("Возможный выигрыш"), self._rub(slip.possible_payout)),
        ]
        if slip.payout is not None:
            rows.append((self.tr("К выплате"), self._rub(slip.payout)))
        issued = self.tr("{when}, кассир {cashier}, терминал {terminal}").format(
            when=self._time(slip.issued_at), cashier=slip.cashier, terminal=slip.terminal
        )
        rows += [
            (self.tr("Выдан"), issued),
            (self.tr("Претензии до"), self._time(slip.window_ends_at)),
        ]
        if slip.agreed_in_play:
            rows.append((self.tr("В игре"), self.tr("согласовано с менеджером")))
        if slip.cancellation is not None:
            cancelled = self.tr("{when}, {by}: {reason}").format(
                when=self._time(slip.cancellation.at),
                by=slip.cancellation.by,
                reason=slip.cancellation.reason,
            )
            rows.append((self.tr("Отмена"), cancelled))
        rows.append((self.tr("Копий напечатано"), str(slip.reprints)))
        return rows

    def _status(self, status: SlipStatus) -> str:
        words = {
            SlipStatus.OPEN: self.tr("принят, ждёт результатов"),
            SlipStatus.WON: self.tr("выигрыш"),
            SlipStatus.LOST: self.tr("проигрыш"),
            SlipStatus.REFUND: self.tr("возврат ставки"),
            SlipStatus.CANCELLED: self.tr("отменён"),
            SlipStatus.PAID: self.tr("выплачен"),
            SlipStatus.PENDING: self.tr("печать не подтверждена (вкладка «Касса»)"),
            SlipStatus.VOID: self.tr("аннулирован: не напечатан, ставка не принималась"),
        }
        return words.get(status, str(status))

    def _time(self, moment: datetime) -> str:
        return moment.astimezone(self._zone).strftime("%d.%m.%Y %H:%M:%S")

    def _rub(self, amount: Decimal) -> str:
        return self.tr("{amount} руб.").format(amount=format_money(amount))

    # --- slots --------------------------------------------------------------------------

    def _on_reprint_clicked(self) -> None:
        self._message.show_progress(self.tr("Печать копии…"))
        self.reprint_requested.emit(self._slip.number)

    def _on_preview_clicked(self) -> None:
        self._message.clear_message()
        self.preview_requested.emit(self._slip.number)

    def _on_close_clicked(self) -> None:
        self.accept()


def _label_text(widget: QWidget | None) -> str:
    return widget.text() if isinstance(widget, QLabel) else ""
