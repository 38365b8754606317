"""The payout page's document card: the player's document, the payout's message line,
«Игрок отказался» and «Выплатить N руб.»."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QPushButton, QVBoxLayout, QWidget

from pos.core.money import format_money
from pos.errors import PosError
from pos.people.identity import IdDocument
from ui.errors import MessageLabel
from ui.widgets.buttons import action_button
from ui.widgets.document_form import DocumentForm
from ui.widgets.flow_row import FlowRow
from ui.widgets.scrolling import VerticalScroll

# The zone has neither: the journal's fourth column needs both (item 47).
_NOT_IN_ZONE = ("issued_by", "issued_on")


class PayoutDocumentCard(QFrame):
    """The document of the player being paid, typed or read from its zone.

    `pay_requested` follows «Выплатить» (F9 is the page's), `refusal_requested` «Игрок
    отказался»; the page reads `form.document()` and asks pos. A zone read asks for what the
    zone lacks. By keys (issue 34): Enter in a field goes to the next one and from the last to
    «Выплатить»; Tab reaches «Выплатить» before «Игрок отказался»; Enter presses the focused
    button, and nothing makes the refusal the default.
    """

    pay_requested = Signal()
    refusal_requested = Signal()

    def __init__(self, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self._form = DocumentForm(today, stacked=True, caption=self.tr("Документ игрока"))
        self._form.zone_read.connect(self._on_form_zone_read)
        self._form.zone_refused.connect(self._on_form_zone_refused)
        self._message = MessageLabel()
        self._message.setObjectName("payout_message")
        self._message.setMinimumHeight(0)
        self._refused_button = action_button("payout_player_refused", self.tr("Игрок отказался"))
        self._refused_button.clicked.connect(self._on_refused_clicked)
        self._pay_button = QPushButton()
        self._pay_button.setObjectName("pay_out")
        self._pay_button.setProperty("primary", "true")
        self._pay_button.setToolTip(self.tr("F9"))
        self._pay_button.clicked.connect(self._on_pay_clicked)
        # Outside a dialog these make only Enter on the focused button press it (issue 34).
        for button in (self._pay_button, self._refused_button):
            button.setAutoDefault(True)
        # «Выплатить» names the amount: in a narrow window it takes a line of its own.
        buttons = FlowRow(self._refused_button, self._pay_button, last_right=True)
        column = QVBoxLayout(self)
        column.setContentsMargins(20, 14, 20, 14)
        column.setSpacing(8)
        # A low window scrolls the document; the message and «Выплатить» stay in sight.
        column.addWidget(VerticalScroll(self._form, "document_scroll"), 1)
        column.addWidget(self._message)
        column.addWidget(buttons)
        self._build_keys()

    @property
    def form(self) -> DocumentForm:
        """The player's document."""
        return self._form

    @property
    def message(self) -> MessageLabel:
        """The payout's line, over the buttons."""
        return self._message

    def pay_button_text(self) -> str:
        """The payout button's words."""
        return self._pay_button.text()

    def reset(self, today: date, amount: Decimal | None) -> None:
        """An empty form for the next slip (never the previous player's), the payout button
        naming `amount` (None: no payable slip)."""
        self._form.clear()
        self._form.set_today(today)
        self._message.clear_message()
        self._pay_button.setText(
            self.tr("Выплатить {amount} руб. (F9)").format(amount=format_money(amount))
            if amount is not None
            else self.tr("Выплатить (F9)")
        )

    def set_usable(self, *, payable: bool, idle: bool, form: bool = False) -> None:
        """The form for a payable slip (`form`: also for an open slip's buy-back, issue 38,
        paid by F7); its buttons also wait while a call runs."""
        self._form.setEnabled(payable or form)
        self._pay_button.setEnabled(payable and idle)
        self._refused_button.setEnabled(payable and idle)

    # --- keyboard -----------------------------------------------------------------------

    def _build_keys(self) -> None:
        fields = self._form.fields()
        self._last_field = self._form.field("expires_on")
        QWidget.setTabOrder(self._last_field, self._pay_button)
        QWidget.setTabOrder(self._pay_button, self._refused_button)
        for field in fields:
            field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        # An event filter, not returnPressed: a date's mask holds that back until it is whole.
        if (
            watched in self._form.fields()
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            if watched is self._last_field:
                self._pay_button.setFocus()
            else:
                self.focusNextChild()
            return True
        return super().eventFilter(watched, event)

    # --- slots --------------------------------------------------------------------------

    def _on_form_zone_read(self, document: IdDocument) -> None:
        # The zone gives the issuing state, not the authority and place the journal needs.
        self._form.field("issued_by").clear()
        self._form.field("issued_by").setPlaceholderText(
            self.tr("орган и место выдачи (государство {state})").format(state=document.issued_by)
        )
        for name in _NOT_IN_ZONE:
            self._form.mark(name, invalid=True)
        self._form.field("issued_by").setFocus()
        self._message.show_info(
            self.tr(
                "Зона прочитана. Впишите, кем выдан документ, и дату выдачи: их нет в зоне, "
                "а журнал выплат их требует."
            )
        )

    def _on_form_zone_refused(self, exc: PosError) -> None:
        self._message.show_error(exc)

    def _on_pay_clicked(self) -> None:
        self.pay_requested.emit()

    def _on_refused_clicked(self) -> None:
        self.refusal_requested.emit()
