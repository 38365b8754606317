"""Everything about one slip found by its number, read-only, with the "Копия" (reprint) button."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from pos.betting.slips import Slip, SlipStatus
from pos.core.money import format_money
from pos.core.wording import display_slip_number
from pos.errors import PosError
from pos.settlement.rules import Settlement
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.models.slip_model import format_total_odds, kind_name
from ui.widgets.legs_table import LegsTable
from ui.widgets.scrolling import VerticalScroll, as_high_as_fits

_WIDTH = 1000
_TEXT_MARGINS = 64  # the dialog's margins and a scroll bar
_SETTLEMENT_LINES = 7
# The statuses of a slip that settlement has decided (and that stay decided once it is paid).
SETTLED = frozenset({SlipStatus.WON, SlipStatus.LOST, SlipStatus.REFUND, SlipStatus.PAID})


@dataclass(frozen=True)
class SlipDetails:
    """A slip and, once it is settled, how it was settled leg by leg."""

    slip: Slip
    settlement: Settlement | None


def load_slip_details(desk: Desk, number: str) -> SlipDetails:
    """The slip with this number and its settlement, if settled (on the worker).

    Raises:
        InvalidSlipNumber, UnknownSlip, SlipNotIssued: as Desk.slip does.
    """
    slip = desk.slip(number)
    settlement = desk.settlement(slip.number) if slip.status in SETTLED else None
    return SlipDetails(slip, settlement)


class SlipDetailsDialog(QDialog):
    """Status, kind, legs with odds and versions, money, times, cancellation and reprints;
    for a settled slip, the settlement explained leg by leg.

    "Копия" emits `reprint_requested(number)`; the page asks pos and calls `show_slip` with
    the answer (or `show_error`). "Просмотр печати" emits `preview_requested(number)`; the
    page opens the preview over this dialog.
    """

    reprint_requested = Signal(str)
    preview_requested = Signal(str)

    def __init__(
        self,
        slip: Slip,
        zone: ZoneInfo,
        parent: QWidget | None = None,
        *,
        settlement: Settlement | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("slip_details")
        self.setWindowTitle(self.tr("Купон"))
        self._zone = zone
        self._slip = slip
        self._settlement = settlement
        self._build()
        self.show_slip(slip)
        self.setMinimumWidth(_WIDTH)

    @property
    def slip(self) -> Slip:
        """The slip shown."""
        return self._slip

    def show_slip(self, slip: Slip) -> None:
        """Show `slip` (again, after a reprint: its settlement stays as it was given)."""
        self._slip = slip
        self._show_settlement(slip, self._settlement)
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

    def settlement_text(self) -> str:
        """The settlement's heading and explanation, as shown ("" when not shown; tests)."""
        if self._settlement_scroll.isHidden():
            return ""
        return f"{self._settlement_heading.text()}\n{self._settlement_lines.text()}"

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
        self._build_settlement()
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

        details = QWidget()
        column = QVBoxLayout(details)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(10)
        column.addWidget(self._heading)
        column.addLayout(self._form)
        column.addWidget(self._legs, 1)
        column.addWidget(self._settlement_heading)
        column.addWidget(self._settlement_scroll)
        column.addWidget(self._message)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        # A low screen scrolls the details; the buttons stay in sight (issue 16).
        layout.addWidget(VerticalScroll(details, "details_scroll"), 1)
        layout.addLayout(buttons)

    def _build_settlement(self) -> None:
        self._settlement_heading = QLabel()
        self._settlement_heading.setObjectName("settlement_heading")
        self._settlement_heading.setProperty("heading", "2")
        self._settlement_lines = QLabel()
        self._settlement_lines.setObjectName("settlement_lines")
        self._settlement_lines.setWordWrap(True)
        self._settlement_lines.setTextFormat(Qt.TextFormat.PlainText)
        self._settlement_lines.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._settlement_lines.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A given height, scrolling when a long slip needs more: a wrapped label's height
        # is not known when the dialog takes its size, and the rows above would be squeezed.
        self._settlement_scroll = QScrollArea()
        self._settlement_scroll.setObjectName("settlement_scroll")
        self._settlement_scroll.setWidgetResizable(True)
        self._settlement_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._settlement_scroll.setStyleSheet(
            "QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }"
        )
        self._settlement_scroll.setWidget(self._settlement_lines)

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

    def _show_settlement(self, slip: Slip, settlement: Settlement | None) -> None:
        shown = settlement is not None and slip.status in SETTLED
        self._settlement_heading.setVisible(shown)
        self._settlement_scroll.setVisible(shown)
        if settlement is None or not shown:
            return
        self._settlement_heading.setText(
            self.tr("Расчёт: {status}, к выплате {payout}").format(
                status=self._status(settlement.status), payout=self._rub(settlement.payout)
            )
        )
        self._settlement_lines.setText("\n".join(settlement.lines))
        # Room for the lines as they wrap at the dialog's width, up to _SETTLEMENT_LINES; the
        # rest scrolls.
        metrics = self._settlement_lines.fontMetrics()
        width = max(self.width(), _WIDTH) - _TEXT_MARGINS
        wrapped = sum(-(-metrics.horizontalAdvance(line) // width) for line in settlement.lines)
        shown_lines = min(max(wrapped, 1), _SETTLEMENT_LINES)
        self._settlement_scroll.setFixedHeight(shown_lines * metrics.lineSpacing() + 4)

    def _status(self, status: SlipStatus) -> str:
        words = {
            SlipStatus.OPEN: self.tr("принят, ждёт результатов"),
            SlipStatus.WON: self.tr("выигрыш"),
            SlipStatus.LOST: self.tr("проигрыш"),
            SlipStatus.REFUND: self.tr("возврат ставки"),
            SlipStatus.CANCELLED: self.tr("отменён"),
            SlipStatus.PAID: self.tr("выплачен"),
            SlipStatus.CASHED_OUT: self.tr("выкуплен"),
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

    # --- Qt overrides -------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        as_high_as_fits(self)


def _label_text(widget: QWidget | None) -> str:
    return widget.text() if isinstance(widget, QLabel) else ""
