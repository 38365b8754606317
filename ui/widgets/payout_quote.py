"""What the payout page shows for a scanned slip: its legs, its settlement and what it pays."""

from __future__ import annotations

from decimal import Decimal
from zoneinfo import ZoneInfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from pos.betting.slips import Slip, SlipStatus
from pos.core.money import format_money
from pos.core.wording import display_slip_number
from pos.payouts.use_cases import PayoutQuote
from ui.errors import ERROR_COLOUR, SUCCESS_COLOUR
from ui.models.slip_model import format_total_odds, kind_name
from ui.widgets.legs_table import LegsTable

_AMOUNT_STYLE = f"font-size: 30pt; font-weight: bold; color: {SUCCESS_COLOUR};"
_REFUSAL_STYLE = f"color: {ERROR_COLOUR}; font-weight: bold;"
_LINES_SHOWN = 2  # of the explanation at least; the card's free height shows more


class PayoutQuoteCard(QFrame):
    """The slip (number, kind, stake, legs), its settlement explained, the payout period, and
    the amount paid today in large figures — or, in red, why it is not paid today."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._build()
        self.clear()

    def clear(self) -> None:
        """No slip: an invitation to scan one."""
        self._heading.setText(self.tr("Купон не выбран"))
        self._empty.show()
        for widget in self._details:
            widget.hide()

    def show_quote(self, quote: PayoutQuote, zone: ZoneInfo) -> None:
        """Show `quote`; times and days in the shop's `zone`."""
        slip = quote.slip
        self._heading.setText(
            self.tr("Купон {number}").format(number=display_slip_number(slip.number))
        )
        self._empty.hide()
        for widget in self._details:
            widget.show()
        self._show_facts(slip, zone)
        self._legs.set_members(slip.members)
        self._show_settlement(quote.lines)
        self._show_period(quote)
        self._show_amount(quote, zone)

    def texts(self) -> dict[str, str]:
        """What is shown, by part (tests, screenshots)."""
        return {
            "heading": self._heading.text(),
            "facts": " | ".join(label.text() for label in self._facts),
            "lines": self._lines.text() if not self._lines_scroll.isHidden() else "",
            "period": self._period.text() if not self._period.isHidden() else "",
            "amount": self._amount.text() if not self._amount.isHidden() else "",
            "refusal": self._refusal.text() if not self._refusal.isHidden() else "",
            "paid": self._paid.text() if not self._paid.isHidden() else "",
        }

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._heading = QLabel()
        self._heading.setObjectName("quote_heading")
        self._heading.setProperty("heading", "2")
        self._empty = QLabel(
            self.tr(
                "Отсканируйте штрихкод купона или введите его номер и нажмите Enter: здесь "
                "появятся расчёт ставки и сумма к выплате."
            )
        )
        self._empty.setProperty("muted", "true")
        self._empty.setWordWrap(True)
        self._empty.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        facts = QGridLayout()
        facts.setHorizontalSpacing(18)
        facts.setVerticalSpacing(4)
        captions = [self.tr("Статус"), self.tr("Вид ставки"), self.tr("Ставка")]
        captions += [self.tr("Коэффициент"), self.tr("Выдан")]
        self._facts: list[QLabel] = []
        for index, caption in enumerate(captions):
            # When, by whom, where: a second line if need be (issue 16).
            label, value = QLabel(caption), self._selectable(f"fact_{index}", wrap=index == 4)
            label.setProperty("muted", "true")
            row, column = divmod(index, 2) if index < 4 else (2, 0)
            facts.addWidget(label, row, column * 2)
            facts.addWidget(value, row, column * 2 + 1, 1, 3 if index == 4 else 1)
            self._facts.append(value)
        facts.setColumnStretch(1, 1)
        facts.setColumnStretch(3, 1)
        self._legs = LegsTable()
        self._legs.setObjectName("quote_legs")
        self._build_settlement()
        self._period = self._selectable("payout_period", wrap=True)
        self._amount_caption = QLabel(self.tr("К выплате сегодня"))
        self._amount_caption.setProperty("muted", "true")
        self._amount = self._selectable("payout_amount")
        self._amount.setStyleSheet(_AMOUNT_STYLE)
        self._refusal = self._selectable("payout_refusal", wrap=True)
        self._refusal.setStyleSheet(_REFUSAL_STYLE)
        self._paid = self._selectable("payout_paid")
        self._paid.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(8)
        layout.addWidget(self._heading)
        layout.addWidget(self._empty, 1)
        facts_box = QWidget()
        facts_box.setLayout(facts)
        facts.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(facts_box)
        # What it pays (or why not) first; the legs and the explanation below take the rest.
        for widget in (self._amount_caption, self._amount, self._refusal, self._paid):
            layout.addWidget(widget)
        layout.addWidget(self._period)
        layout.addWidget(self._legs)
        layout.addWidget(self._settlement_heading)
        layout.addWidget(self._lines_scroll, 1)
        layout.addStretch(0)  # takes the room when a slip has no explanation yet
        self._details: list[QWidget] = [
            facts_box,
            self._legs,
            self._settlement_heading,
            self._lines_scroll,
            self._period,
            self._amount_caption,
            self._amount,
            self._refusal,
            self._paid,
        ]

    def _build_settlement(self) -> None:
        self._settlement_heading = QLabel(self.tr("Расчёт ставки"))
        self._settlement_heading.setProperty("muted", "true")
        self._lines = self._selectable("settlement_lines")
        self._lines.setWordWrap(True)
        self._lines.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # The room left in the card, scrolling when a long system needs more.
        self._lines_scroll = QScrollArea()
        self._lines_scroll.setObjectName("settlement_scroll")
        self._lines_scroll.setWidgetResizable(True)
        self._lines_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._lines_scroll.setStyleSheet(
            "QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }"
        )
        self._lines_scroll.setWidget(self._lines)
        self._lines_scroll.setMinimumHeight(self._lines.fontMetrics().lineSpacing() * _LINES_SHOWN)

    @staticmethod
    def _selectable(name: str, *, wrap: bool = False) -> QLabel:
        label = QLabel()
        label.setWordWrap(wrap)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    # --- showing ------------------------------------------------------------------------

    def _show_facts(self, slip: Slip, zone: ZoneInfo) -> None:
        blocks = any(len(member) > 1 for member in slip.members)
        issued = self.tr("{when}, кассир {cashier}, терминал {terminal}").format(
            when=slip.issued_at.astimezone(zone).strftime("%d.%m.%Y %H:%M"),
            cashier=slip.cashier,
            terminal=slip.terminal,
        )
        values = [
            self._status(slip.status),
            kind_name(slip.kind, blocks=blocks),
            self._rub(slip.stake),
            format_total_odds(slip.total_odds),
            issued,
        ]
        for label, value in zip(self._facts, values, strict=True):
            label.setText(value)

    def _show_settlement(self, lines: tuple[str, ...]) -> None:
        self._settlement_heading.setVisible(bool(lines))
        self._lines_scroll.setVisible(bool(lines))
        self._lines.setText("\n".join(lines))

    def _show_period(self, quote: PayoutQuote) -> None:
        period = quote.period
        self._period.setVisible(period is not None)
        if period is not None:
            self._period.setText(
                self.tr("Срок выплаты: с {first} по {last} включительно").format(
                    first=f"{period.first_day:%d.%m.%Y}", last=f"{period.last_day:%d.%m.%Y}"
                )
            )

    def _show_amount(self, quote: PayoutQuote, zone: ZoneInfo) -> None:
        payable = quote.amount is not None
        self._amount_caption.setVisible(payable)
        self._amount.setVisible(payable)
        self._amount.setText(self._rub(quote.amount) if quote.amount is not None else "")
        self._refusal.setVisible(quote.refusal is not None)
        self._refusal.setText(quote.refusal or "")
        entry = quote.entry
        self._paid.setVisible(entry is not None)
        if entry is not None:
            self._paid.setText(
                self.tr(
                    "Выплачено {amount} {when}: запись журнала № {entry}, чек № {receipt}, "
                    "кассир {cashier}."
                ).format(
                    amount=self._rub(entry.amount),
                    when=entry.paid_at.astimezone(zone).strftime("%d.%m.%Y %H:%M"),
                    entry=entry.number,
                    receipt=entry.fiscal_receipt_no,
                    cashier=entry.cashier,
                )
            )

    def _status(self, status: SlipStatus) -> str:
        words = {
            SlipStatus.OPEN: self.tr("принят, ждёт результатов"),
            SlipStatus.WON: self.tr("выигрыш"),
            SlipStatus.LOST: self.tr("проигрыш"),
            SlipStatus.REFUND: self.tr("возврат ставки"),
            SlipStatus.CANCELLED: self.tr("отменён"),
            SlipStatus.PAID: self.tr("выплачен"),
            SlipStatus.CASHED_OUT: self.tr("выкуплен"),
        }
        return words.get(status, str(status))

    def _rub(self, amount: Decimal) -> str:
        return self.tr("{amount} руб.").format(amount=format_money(amount))
