"""The payouts page's cash-out bar (issue 38): the offer for an open slip with its countdown,
and «Выкупить (F7)»; or why the slip is not bought back."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from pos.cashout.rules import CashoutOffer
from pos.core.errors import PosError
from pos.core.money import format_money
from ui.errors import MessageLabel
from ui.widgets.buttons import action_button


class CashoutOfferBar(QFrame):
    """Hidden until an open slip is shown with cash-out on; `cash_out_requested` follows
    the button (F7 is the page's)."""

    cash_out_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._offer: CashoutOffer | None = None
        title = QLabel(self.tr("Выкуп ставки"))
        title.setProperty("heading", "2")
        self._amount = QLabel()
        self._amount.setObjectName("cashout_amount")
        self._amount.setWordWrap(True)
        self._left = QLabel()
        self._left.setObjectName("cashout_countdown")
        self._left.setWordWrap(True)
        self._message = MessageLabel()
        self._message.setObjectName("cashout_message")
        self._message.setMinimumHeight(0)
        self._button = action_button("cash_out_slip", self.tr("Выкупить (F7)"))
        self._button.setProperty("primary", "true")
        self._button.setToolTip(self.tr("F7: документ игрока — в форме справа"))
        self._button.clicked.connect(self._on_button_clicked)
        row = QHBoxLayout()
        row.addWidget(self._amount, 1)
        row.addWidget(self._button)
        column = QVBoxLayout(self)
        column.setContentsMargins(20, 10, 20, 10)
        column.setSpacing(4)
        column.addWidget(title)
        column.addLayout(row)
        column.addWidget(self._left)
        column.addWidget(self._message)
        self.clear()

    @property
    def offer(self) -> CashoutOffer | None:
        """The offer shown (None: none)."""
        return self._offer

    def texts(self) -> tuple[str, str, str]:
        """The amount's line, the countdown's and the message's (tests)."""
        return self._amount.text(), self._left.text(), self._message.text()

    def clear(self) -> None:
        """No slip, or no cash-out: the bar takes no room."""
        self._offer = None
        self._message.clear_message()
        self.hide()

    def show_offer(self, offer: CashoutOffer, now: datetime) -> None:
        """The offer with its countdown from `now`."""
        self._offer = offer
        self._message.clear_message()
        self._amount.setText(
            self.tr("Пункт выкупит купон за {amount} руб.").format(
                amount=format_money(offer.amount)
            )
        )
        self._amount.show()
        self._button.show()
        self.tick(now)
        self.show()

    def show_refusal(self, exc: PosError) -> None:
        """Why this slip is not bought back (said, so the cashier can tell the player)."""
        self._offer = None
        self._amount.hide()
        self._left.hide()
        self._button.hide()
        self._message.show_info(str(exc))
        self.show()

    def show_error(self, exc: PosError) -> None:
        """A refusal of the cash-out asked (the offer stays, if any)."""
        self._message.show_error(exc)

    def lapsed(self, now: datetime) -> bool:
        """True when the offer shown no longer holds."""
        return self._offer is not None and now > self._offer.valid_until

    def tick(self, now: datetime) -> None:
        """The seconds left, or that the offer lapsed and F7 asks for a new one."""
        offer = self._offer
        if offer is None:
            return
        self._left.show()
        left = int((offer.valid_until - now).total_seconds())
        if left >= 0:
            self._left.setText(self.tr("Предложение действует ещё {s} с.").format(s=left))
            self._button.setText(self.tr("Выкупить (F7)"))
        else:
            self._left.setText(
                self.tr("Предложение истекло: F7 — новое предложение по текущим коэффициентам.")
            )
            self._button.setText(self.tr("Новое предложение (F7)"))

    def set_busy(self, busy: bool) -> None:
        """The button waits while a call runs (connected to the runner: a method, so the
        connection ends with the bar)."""
        self._button.setEnabled(not busy)

    def _on_button_clicked(self) -> None:
        self.cash_out_requested.emit()
