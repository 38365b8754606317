"""«Купоны» (managers, issue 37, p.17): remote coupons registered when their money came, listed
with their state, and a coupon's win paid where its stake came from."""

from __future__ import annotations

from datetime import tzinfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.betting.slips import Slip
from pos.core.clock import Clock
from pos.core.money import format_money
from pos.core.settings import ShopSettings
from pos.core.wording import display_slip_number
from pos.coupons import wording
from pos.coupons.rules import Coupon
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.buttons import primary_button
from ui.widgets.document_form import DocumentForm
from ui.widgets.form_card import form_card, named_line
from ui.widgets.scrolling import VerticalScroll
from ui.widgets.tables import read_only_rows

COUPON, SLIP, REGISTERED, PLAYER, PAID_BY, STAKE, STATE = range(7)
_LIST = "list"  # the payment form's choice «наличными по ведомости»


class CouponsPage(QWidget):
    """The coupons registered, newest first, above three cards: «Новый купон», the player's
    document as the coupon gives it, and «Выплата по купону». A row chosen in the list fills
    the payment's slip number. The document card serves both the registration and a payment
    by the list (the player's document shown at the till)."""

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._zone: tzinfo = ShopSettings().zone  # until the shop's own is read with the list
        self.coupons: list[tuple[Coupon, Slip]] = []  # the list shown (tests)
        self._build(clock)
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def table(self) -> QTableWidget:
        return self._table

    @property
    def document_form(self) -> DocumentForm:
        return self._document

    def field(self, name: str) -> QWidget:
        """A form's field by its object name (tests type into it as a manager would)."""
        found = self.findChild(QWidget, name)
        assert found is not None, name
        return found

    def message_text(self) -> str:
        return self._message.text()

    def refresh(self, *, say: bool = True) -> None:
        """Read the coupons in the background (`say`: the message tells their count)."""
        desk = self._desk
        self._runner.run(
            lambda: (desk.coupons(), desk.settings().zone),
            on_success=lambda read: self._show(read, say=say),
            on_failure=self._message.show_error,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self, clock: Clock) -> None:
        self._message = MessageLabel()
        self._message.setObjectName("coupons_message")
        self._message.setWordWrap(True)
        self._table = QTableWidget(0, 7)
        self._table.setObjectName("coupons_table")
        self._table.setHorizontalHeaderLabels(
            [self.tr("Купон игрока"), self.tr("Купон ставки"), self.tr("Зарегистрирован"),
             self.tr("Игрок"), self.tr("Оплата"), self.tr("Ставка"), self.tr("Состояние")]
        )  # fmt: skip
        header = read_only_rows(self._table)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for stretched in (PLAYER, PAID_BY):  # the long ones share what is left
            header.setSectionResizeMode(stretched, QHeaderView.ResizeMode.Stretch)
        self._table.itemSelectionChanged.connect(self._on_table_item_selection_changed)
        today = clock.now().astimezone(self._zone).date()
        self._document = DocumentForm(today, stacked=True, caption=self.tr("Зона документа"))
        player, player_form = form_card(self.tr("Игрок по купону"))
        player_form.addRow(VerticalScroll(self._document, "coupon_player_scroll"))
        cards = QHBoxLayout()
        cards.setSpacing(12)
        cards.addWidget(self._build_coupon_form(), 1, Qt.AlignmentFlag.AlignTop)
        cards.addWidget(player, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 8)
        layout.setSpacing(8)
        layout.addWidget(self._message)
        layout.addWidget(self._table, 1)
        layout.addWidget(self._build_payment_row())
        layout.addLayout(cards, 2)

    def _build_coupon_form(self) -> QFrame:
        card, form = form_card(self.tr("Новый купон (п. 17)"))
        self._coupon = named_line("coupon_number", self.tr("номер на бланке, К-0042"))
        self._legs = named_line("coupon_legs", self.tr("101 1; 102 O2.5"))
        self._stake = named_line("coupon_stake", self.tr("руб."))
        self._kind = QComboBox()
        self._kind.setObjectName("coupon_kind")
        self._kind.addItem(self.tr("ординар"), "single")
        self._kind.addItem(self.tr("экспресс"), "express")
        self._paid_by = QComboBox()
        self._paid_by.setObjectName("coupon_paid_by")
        self._paid_by.addItem(self.tr("со счёта или карты"), "transfer")
        self._paid_by.addItem(self.tr("почтовым переводом"), "postal")
        self._order = named_line("coupon_order", self.tr("№ поручения"))
        self._order_date = _date_line("coupon_order_date")
        self._bank = named_line("coupon_bank", self.tr("BY… счёт игрока"))
        self._bank.returnPressed.connect(self._on_register_clicked)
        self._register = primary_button("register_coupon", self.tr("Зарегистрировать купон"))
        self._register.clicked.connect(self._on_register_clicked)
        form.addRow(self.tr("Купон"), self._coupon)
        form.addRow(self.tr("Ставки"), _pair(self._legs, self._kind))
        form.addRow(self.tr("Сумма"), _pair(self._stake, self._paid_by))
        form.addRow(self.tr("Поручение"), _pair(self._order, self._order_date))
        form.addRow(self.tr("Счёт игрока"), self._bank)
        form.addRow(self._register)
        return card

    def _build_payment_row(self) -> QFrame:
        """One line under the list: the chosen coupon's win paid where its stake came from."""
        row = QFrame()
        row.setObjectName("card")
        line = QHBoxLayout(row)
        line.setContentsMargins(14, 6, 14, 6)
        title = QLabel(self.tr("Выплата"))
        title.setProperty("heading", "2")
        self._pay_slip = named_line("pay_slip", self.tr("купон ставки"))
        digits = self._pay_slip.fontMetrics().horizontalAdvance("0000000000000")
        self._pay_slip.setMinimumWidth(digits + 24)  # a whole slip number, as scanned
        self._pay_how = QComboBox()
        self._pay_how.setObjectName("pay_how")
        self._pay_how.addItem(self.tr("поручением"), "transfer")
        self._pay_how.addItem(self.tr("почтой"), "postal")
        self._pay_how.addItem(self.tr("по ведомости"), _LIST)
        self._pay_how.setToolTip(
            self.tr("платёжным поручением, почтовым переводом или наличными по ведомости")
        )
        self._pay_order = named_line("pay_order", self.tr("№ поручения"))
        self._pay_bank = named_line("pay_bank", self.tr("счёт игрока"))
        self._pay_bank.setToolTip(self.tr("пусто: на счёт, с которого пришла ставка"))
        self._pay = primary_button("pay_coupon", self.tr("Выплатить"))
        self._pay.clicked.connect(self._on_pay_clicked)
        line.addWidget(title)
        for widget, stretch in ((self._pay_slip, 0), (self._pay_how, 0), (self._pay_order, 2)):
            line.addWidget(widget, stretch)
        line.addWidget(self._pay_bank, 4)
        line.addWidget(self._pay)
        return row

    # --- slots --------------------------------------------------------------------------

    def _on_register_clicked(self) -> None:
        if self._runner.busy:
            return
        document = self._document.document()
        if document is None:
            return  # the bad date is marked in the document's card
        desk, texts = self._desk, [f.text() for f in (self._coupon, self._legs, self._stake)]
        paid_by, kind = self._paid_by.currentData(), self._kind.currentData()
        order, on, bank = self._order.text(), _date_text(self._order_date), self._bank.text()
        self._runner.run(
            lambda: desk.register_coupon(
                coupon=texts[0], legs=texts[1], stake=texts[2], player=document, kind=kind,
                paid_by=paid_by, order=order, on=on, bank_account=bank,
            ),
            on_success=self._registered,
            on_failure=self._message.show_error,
            owner=self,
        )  # fmt: skip

    def _on_pay_clicked(self) -> None:
        if self._runner.busy:
            return
        desk, slip, how = self._desk, self._pay_slip.text(), self._pay_how.currentData()
        if how == _LIST:
            document = self._document.document()
            self._runner.run(
                lambda: desk.pay_coupon_in_cash(slip, document=document),
                on_success=lambda entry: self._paid(wording.paid_in_cash(entry)),
                on_failure=self._message.show_error,
                owner=self,
            )
            return
        order, bank = self._pay_order.text(), self._pay_bank.text()
        self._runner.run(
            lambda: desk.pay_coupon(slip, order=order, by=how, bank_account=bank),
            on_success=lambda transfer: self._paid(wording.paid_by_order(transfer)),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_table_item_selection_changed(self) -> None:
        rows = self._table.selectionModel().selectedRows()
        if rows:
            self._pay_slip.setText(self.coupons[rows[0].row()][1].number)

    def _on_runner_busy_changed(self, busy: bool) -> None:
        for button in (self._register, self._pay):
            button.setEnabled(not busy)

    # --- results ------------------------------------------------------------------------

    def _show(self, read: tuple[list[tuple[Coupon, Slip]], tzinfo], *, say: bool) -> None:
        self.coupons, self._zone = read
        self._table.setRowCount(len(self.coupons))
        for index, (coupon, slip) in enumerate(self.coupons):
            cells = (
                coupon.number,
                display_slip_number(slip.number),
                f"{coupon.registered_at.astimezone(self._zone):%d.%m.%Y %H:%M}",
                coupon.player,
                wording.paid_by_words(coupon),
                format_money(coupon.amount),
                wording.status_words(slip),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)  # the whole bank account where the cell cuts it
                self._table.setItem(index, column, item)
        if say:
            self._message.show_info(wording.listed(len(self.coupons)))

    def _registered(self, slip: Slip) -> None:
        for field in (self._coupon, self._legs, self._stake, self._order, self._bank):
            field.clear()
        self._document.clear()
        self._pay_slip.setText(slip.number)
        self._message.show_success(wording.registered(slip))
        self._coupon.setFocus()
        self.refresh(say=False)

    def _paid(self, said: str) -> None:
        self._pay_order.clear()
        self._pay_bank.clear()
        self._message.show_success(said)
        self.refresh(say=False)


def _pair(first: QWidget, second: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addWidget(first, 3)
    row.addWidget(second, 2)
    return row


def _date_line(name: str) -> QLineEdit:
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setInputMask("00.00.0000;_")
    edit.setToolTip(edit.tr("дата поручения, ДД.ММ.ГГГГ; пусто: сегодня"))
    return edit


def _date_text(edit: QLineEdit) -> str | None:
    """The date as typed, None when nothing was (pos takes today then)."""
    text = edit.text()
    return text if any(char.isdigit() for char in text) else None
