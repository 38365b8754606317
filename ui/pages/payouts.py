"""The payout page ("Выплаты"): scan a slip, see what it pays, take the document, pay it out."""

from __future__ import annotations

import dataclasses
from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from pos.core.clock import Clock
from pos.core.devices import PreviewLine
from pos.core.errors import DeviceOrStorageError, PosError
from pos.core.money import format_money
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.payouts.errors import PayoutNoteNotPrinted
from pos.payouts.journal import JournalEntry
from pos.payouts.use_cases import PayoutQuote
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from ui.dialogs.payout_refusal import PayoutRefusalDialog
from ui.dialogs.print_preview import PrintPreviewDialog
from ui.errors import MessageGroup, MessageLabel
from ui.pages.payouts_cashout import PayoutsCashout
from ui.tasks import TaskRunner
from ui.widgets.buttons import action_button
from ui.widgets.document_form import DocumentForm
from ui.widgets.payout_document import PayoutDocumentCard
from ui.widgets.payout_quote import PayoutQuoteCard

_QUOTE_STRETCH, _DOCUMENT_STRETCH = 5, 4
# From this width the halves: at 1366 pixels beside the navigation «Игрок отказался» and
# «Выплатить N руб. (F9)» share a line, so the document stays whole above a refusal; a
# narrower page keeps the slip's card its room (issue 34).
_HALVES_FROM = 1100
_NUMBER_STYLE = "QLineEdit#payout_number { font-size: 16pt; min-height: 44px; }"


class _FoldingMessage(MessageLabel):
    """A message line that takes no room while it has nothing to say."""

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        super().setText(text)
        self.setVisible(bool(text))


class PayoutsPage(QWidget):
    """Enter in the number field (a scanner ends the number with one) asks pos for the slip's
    quote: its settlement, its payout period and what it pays today, or why not.

    A payable slip opens the document form, empty for every slip (never the previous
    player's): the zone read by a reader, then the issue date and the authority typed, since
    the zone has neither. «Выплатить N руб.» (F9) pays; pos checks and records the document
    and prints the receipt and the player's note. «Игрок отказался» asks once, «Назад» the
    default, and records the refusal (issue 34).
    After a payout the page is ready for the next slip; without a printer the receipt and the
    note are shown. `paid_out(entry)` follows every payout.
    """

    paid_out = Signal(object)

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self._zone = ShopSettings().zone
        self._quote: PayoutQuote | None = None
        self._paying = False  # a pay_out call is running
        self.preview_dialog: PrintPreviewDialog | None = None
        self.refusal_dialog: PayoutRefusalDialog | None = None
        self.cashout = PayoutsCashout(self, desk, runner, clock)  # an open slip's buy-back, F7
        self._build()
        self._cashout_offered = False
        self.cashout.offered.connect(self._on_cashout_offered)
        self.cashout.paid.connect(self._paid)
        self.cashout.refused.connect(self._pay_refused)
        # The slip's line and the payout's: one outcome in sight at a time (issue 16).
        self._messages = MessageGroup(self, self._lookup_message, self._pay_message)
        self._lookup_message.clear_when_edited(self._number)
        self._pay_message.clear_when_edited(*self._form.fields())
        self._show_payable(None)
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def quote_card(self) -> PayoutQuoteCard:
        """The slip's card (tests read its texts)."""
        return self._card

    @property
    def document_form(self) -> DocumentForm:
        """The player's document (tests fill its fields)."""
        return self._form

    @property
    def quote(self) -> PayoutQuote | None:
        """The quote shown (None when no slip is)."""
        return self._quote

    def refresh(self) -> None:
        """Reload the shop's zone; the cursor goes to the number field."""
        self._runner.run(
            self._desk.settings,
            on_success=self._set_settings,
            on_failure=self._lookup_message.show_error,
            owner=self,
        )
        self._number.setFocus()

    def look_up(self, number: str) -> None:
        """Ask pos what the slip with this number pays today (in the background).

        Not while a payout runs: its outcome (paid, or «не выдавайте деньги») must stay on
        screen until the cashier has read it.
        """
        if not number.strip() or self._paying:
            return
        self._note_again.hide()
        self._show_payable(None)
        self._lookup_message.show_progress(self.tr("Поиск купона…"))
        desk = self._desk
        self._runner.run(
            lambda: desk.payout_quote(number),
            on_success=self._show_quote,
            on_failure=self._quote_refused,
            owner=self,
        )

    def pay(self) -> None:
        """Pay the slip shown to the player whose document is in the form."""
        quote = self._quote
        if quote is None or quote.amount is None or self._runner.busy:
            return
        document = self._form.document()
        if document is not None:
            self._pay(quote.slip.number, document)

    def player_refused(self) -> None:
        """The player would not show a document: pos records it and refuses the payout."""
        quote = self._quote
        if quote is not None and quote.amount is not None and not self._runner.busy:
            self._pay(quote.slip.number, None)

    def message_text(self) -> str:
        """The line under the number field (tests)."""
        return self._lookup_message.text()

    def pay_message_text(self) -> str:
        """The line over the payout buttons (tests)."""
        return self._document.message.text()

    def pay_button_text(self) -> str:
        """The payout button's words (tests)."""
        return self._document.pay_button_text()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self.setStyleSheet(_NUMBER_STYLE)
        self._card = PayoutQuoteCard()
        left = QVBoxLayout()
        left.setSpacing(8)
        left.addLayout(self._build_number_row())
        left.addWidget(self._lookup_message)
        left.addWidget(self._card, 1)
        layout = self._columns = QHBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 8)
        layout.setSpacing(16)
        layout.addLayout(left, _QUOTE_STRETCH)
        self._document = PayoutDocumentCard(self._today())
        self._document.pay_requested.connect(self.pay)
        self._document.refusal_requested.connect(self._on_document_refusal_requested)
        self._form, self._pay_message = self._document.form, self._document.message
        left.addWidget(self.cashout.bar_for(self._form.document))  # issue 38: the same form
        layout.addWidget(self._document, _DOCUMENT_STRETCH)
        QShortcut(QKeySequence(Qt.Key.Key_F9), self, self.pay)
        clear = QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self._on_clear_clicked)
        clear.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def _build_number_row(self) -> QHBoxLayout:
        caption = QLabel(self.tr("Купон №"))
        caption.setProperty("heading", "2")
        self._number = QLineEdit()
        self._number.setObjectName("payout_number")
        self._number.setPlaceholderText(self.tr("сканер или номер, Enter"))
        self._number.returnPressed.connect(self._on_number_return_pressed)
        caption.setBuddy(self._number)
        find = action_button("find_payout", self.tr("Найти"))
        find.setToolTip(self.tr("Enter"))
        find.clicked.connect(self._on_number_return_pressed)
        self._clear_button = action_button("payout_clear", self.tr("Очистить (Esc)"))
        self._clear_button.clicked.connect(self._on_clear_clicked)
        # Shown when a payout was made but the player's note did not print.
        self._note_again = action_button("payout_note_again", self.tr("Квитанция повторно"))
        self._note_again.clicked.connect(self._on_note_again_clicked)
        self._note_again.hide()
        self._note_entry: int | None = None
        self._lookup_message = _FoldingMessage()
        self._lookup_message.setObjectName("payout_lookup_message")
        self._lookup_message.setMinimumHeight(0)  # no empty band over the slip
        self._lookup_message.hide()
        row = QHBoxLayout()
        row.addWidget(caption)
        row.addWidget(self._number, 1)
        row.addWidget(find)
        row.addWidget(self._clear_button)
        row.addWidget(self._note_again)
        return row

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        halves = event.size().width() >= _HALVES_FROM
        self._columns.setStretch(0, 1 if halves else _QUOTE_STRETCH)
        self._columns.setStretch(1, 1 if halves else _DOCUMENT_STRETCH)

    # --- showing ------------------------------------------------------------------------

    def _today(self) -> date:
        """The shop-local date, which places the zone's two-digit years in their century."""
        return self._clock.now().astimezone(self._zone).date()

    def _set_settings(self, settings: ShopSettings) -> None:
        self._zone = settings.zone
        self.cashout.enabled = settings.cashout_enabled

    def _show_payable(self, quote: PayoutQuote | None) -> None:
        """Show `quote` (None: no slip) with a fresh, empty document form."""
        self._quote = quote
        if quote is None:
            self._card.clear()
        else:
            self._card.show_quote(quote, self._zone)
        self._document.reset(self._today(), quote.amount if quote is not None else None)
        self.cashout.show_for(quote)
        self._update_buttons()

    def _update_buttons(self) -> None:
        quote = self._quote
        payable = quote is not None and quote.amount is not None and quote.shift_refusal is None
        idle = not self._runner.busy
        self._document.set_usable(payable=payable, idle=idle, form=self._cashout_offered)

    def _show_quote(self, quote: PayoutQuote) -> None:
        self._lookup_message.clear_message()
        self._show_payable(quote)
        if quote.amount is not None and quote.shift_refusal is not None:
            # Said now, before the player's document is typed (issue 16).
            self._lookup_message.show_error(quote.shift_refusal)
        if quote.amount is not None and quote.shift_refusal is None:
            self._form.focus_zone()
        else:
            self._number.setFocus()
            self._number.selectAll()

    def _quote_refused(self, exc: PosError) -> None:
        self._lookup_message.show_error(exc)
        self._number.setFocus()
        self._number.selectAll()

    # --- paying -------------------------------------------------------------------------

    def _pay(self, number: str, document: IdDocument | None) -> None:
        self._paying = True
        desk = self._desk
        self._pay_message.show_progress(self.tr("Выплата, печать чека…"))
        self._runner.run(
            lambda: desk.pay_out(number, document),
            on_success=self._paid,
            on_failure=self._pay_refused,
            owner=self,
        )

    def _paid(self, entry: JournalEntry) -> None:
        self._paying = False
        self._show_payable(None)
        self._number.clear()
        self._number.setFocus()
        done = (
            self.tr("Купон № {number} выкуплен за {amount} руб., запись журнала № {entry}, ")
            if entry.is_cashout
            else self.tr("Выплачено {amount} руб. по купону № {number}, запись журнала № {entry}, ")
        )
        self._lookup_message.show_success(
            (done + self.tr("чек № {receipt}.")).format(
                amount=format_money(entry.amount),
                number=display_slip_number(entry.slip_number),
                entry=entry.number,
                receipt=entry.fiscal_receipt_no,
            )
        )
        self.paid_out.emit(entry)
        desk, number = self._desk, entry.number
        self._runner.run(
            lambda: desk.preview_payout(number) if desk.printer_virtual else None,
            on_success=lambda lines: self._show_preview(entry, lines),
            on_failure=self._pay_message.show_error,
            owner=self,
        )

    def _pay_refused(self, exc: PosError) -> None:
        self._paying = False
        if isinstance(exc, PayoutNoteNotPrinted):
            # Paid and its receipt printed: the slip is done, only the player's note is owed.
            self._show_payable(None)
            self._number.clear()
            self._lookup_message.show_warning(exc)
            self._note_entry = exc.entry_number
            self._note_again.show()
            return
        if isinstance(exc, DeviceOrStorageError):
            self._pay_message.show_warning(exc)  # e.g. "не выдавайте деньги"
        else:
            self._pay_message.show_error(exc)

    def _show_preview(self, entry: JournalEntry, lines: list[PreviewLine] | None) -> None:
        if lines is None:
            return  # the receipt and the note came out of a printer
        dialog = PrintPreviewDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show_lines(
            self.tr("Выплата по купону {number}").format(
                number=display_slip_number(entry.slip_number)
            ),
            lines,
            self.tr(
                "Принтер не подключён: чек и квитанция игрока записаны в файл. На бумаге они "
                "выглядят так."
            ),
        )
        dialog.finished.connect(self._on_preview_dialog_finished)
        self.preview_dialog = dialog
        dialog.open()

    # --- slots --------------------------------------------------------------------------

    def _on_number_return_pressed(self) -> None:
        self.look_up(self._number.text())

    def _on_clear_clicked(self) -> None:
        if self._runner.busy:
            return
        self._show_payable(None)
        self._lookup_message.clear_message()
        self._number.clear()
        self._number.setFocus()

    def _on_note_again_clicked(self) -> None:
        number = self._note_entry
        if number is None or self._runner.busy:
            return
        desk = self._desk
        self._runner.run(
            lambda: desk.print_payout_note(number),
            on_success=lambda _none: self._note_printed(),
            on_failure=self._lookup_message.show_warning,
            owner=self,
        )

    def _note_printed(self) -> None:
        self._note_again.hide()
        self._note_entry = None
        self._lookup_message.show_success(self.tr("Квитанция для игрока напечатана."))
        self._number.setFocus()

    def _on_document_refusal_requested(self) -> None:
        quote = self._quote
        if quote is None or self.refusal_dialog is not None:
            return
        dialog = PayoutRefusalDialog(display_slip_number(quote.slip.number), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.confirmed.connect(self.player_refused)
        dialog.finished.connect(self._on_refusal_dialog_finished)
        self.refusal_dialog = dialog
        dialog.open()

    def _on_refusal_dialog_finished(self, _result: int) -> None:
        self.refusal_dialog = None
        self.activateWindow()  # F9 and Esc work again at once, with or without a window manager

    def _on_preview_dialog_finished(self, _result: int) -> None:
        self.preview_dialog = None

    def _on_runner_busy_changed(self, _busy: bool) -> None:
        self._update_buttons()

    def _on_cashout_offered(self, offered: bool) -> None:
        self._cashout_offered = offered
        self._update_buttons()
        if offered and self._quote is not None:  # bought back, not paid as a win: no refusal
            self._card.show_quote(dataclasses.replace(self._quote, refusal=None), self._zone)
