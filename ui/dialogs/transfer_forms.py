"""The bank transfers of a player's account on the pages of accounts (issue 37, p.7): a transfer
recorded from the bank statement, a transfer back out, a bank statement file chosen, each a
desk call; the sentences said when pos accepts. The checks are all pos's."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from functools import partial

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from pos.accounts.accounts import Account
from pos.accounts.numbers import display_account_number
from pos.accounts.transfers import StatementLoaded
from pos.accounts.use_cases import AccountView
from pos.core.money import format_roubles
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from ui.dialogs.account_forms import account_line
from ui.dialogs.desk_call import DeskCallDialog
from ui.tasks import TaskRunner


def _tr(text: str) -> str:
    return QCoreApplication.translate("transfers", text)


BANK_FILE = (
    _tr("Выписка банка: поступления на счета игроков"),
    _tr("Выписка (*.txt *.csv);;Все файлы (*)"),
)


# --- the desk calls (module functions: a dialog's worker call never holds a widget) -----------


def _transfer_in(number: str, desk: Desk, texts: tuple[str, ...]) -> Account:
    amount, payer, order, on, bank = texts
    return desk.record_transfer(
        number, amount, payer=payer, order=order, on=on, bank_account=bank or None
    )


def _transfer_out(number: str, desk: Desk, texts: tuple[str, ...]) -> Account:
    amount, order, bank = texts
    return desk.transfer_out(number, amount, order=order, bank_account=bank or None)


def load_bank_file(desk: Desk, path: str) -> StatementLoaded:
    """Load the bank statement file at `path` (on the worker: a network share may be slow)."""
    return desk.load_bank_statement(path)


def choose_bank_file(parent: QWidget) -> str | None:
    """Ask for the bank statement file; None when the manager cancels. Tests patch this."""
    title, filters = BANK_FILE
    path, _chosen_filter = QFileDialog.getOpenFileName(parent, title, "", filters)
    return path or None


# --- the dialogs ------------------------------------------------------------------------------


def transfer_in_dialog(
    desk: Desk, runner: TaskRunner, view: AccountView, today: date, parent: QWidget
) -> DeskCallDialog:
    """A transfer from the bank statement onto the account (a manager's; a cashier's request
    asks for the manager's PIN)."""
    dialog = DeskCallDialog(
        desk, runner, partial(_transfer_in, view.number), name="transfer_in_dialog",
        title=_tr("Перевод на счёт"), heading=_tr("Зачислить перевод из выписки банка"),
        action=_tr("Зачислить (Enter)"), permission=Permission.TRANSFERS, parent=parent,
    )  # fmt: skip
    dialog.set_facts(account_line(view))
    dialog.set_note(_tr("Без наличных и без чека. Одно платёжное поручение зачисляется один раз."))
    dialog.add_field("transfer_amount", _tr("Сумма, руб."), placeholder="0,00")
    dialog.add_field("transfer_payer", _tr("Плательщик"), wide=True)
    dialog.add_field("transfer_order", _tr("Платёжное поручение №"))
    dialog.add_field("transfer_date", _tr("Дата поручения"), f"{today:%d.%m.%Y}", "ДД.ММ.ГГГГ")
    dialog.add_field("transfer_bank", _tr("Счёт плательщика (IBAN)"), placeholder="BY…", wide=True)
    return dialog


def transfer_out_dialog(
    desk: Desk, runner: TaskRunner, view: AccountView, banks: list[str], parent: QWidget
) -> DeskCallDialog:
    """Free money back by the shop's payment order to a bank account that paid in (p.7)."""
    dialog = DeskCallDialog(
        desk, runner, partial(_transfer_out, view.number), name="transfer_out_dialog",
        title=_tr("Перевод со счёта"), heading=_tr("Перевести деньги со счёта в банк"),
        action=_tr("Перевести (Enter)"), permission=Permission.TRANSFERS, parent=parent,
    )  # fmt: skip
    dialog.set_facts(account_line(view))
    dialog.set_note(_tr("Только на банковский счёт, с которого поступали деньги; не через кассу."))
    dialog.add_field("transfer_out_amount", _tr("Сумма, руб."), placeholder="0,00")
    dialog.add_field("transfer_out_order", _tr("Платёжное поручение №"))
    dialog.add_choice("transfer_out_bank", _tr("На счёт (IBAN)"), banks, banks[0] if banks else "")
    return dialog


# --- what the page says when pos accepts --------------------------------------------------------


def transferred_in(account: Account) -> str:
    return _tr("Перевод зачислен на счёт {number}. Свободно: {free}").format(
        number=display_account_number(account.number), free=format_roubles(account.free)
    )


def transferred_out(account: Account) -> str:
    return _tr("Перевод со счёта {number} записан. Свободно: {free}").format(
        number=display_account_number(account.number), free=format_roubles(account.free)
    )


def statement_loaded(loaded: StatementLoaded) -> str:
    return _tr(
        "Выписка «{name}» загружена: платежей {count} на {total}, счетов {accounts}."
    ).format(
        name=loaded.name,
        count=loaded.transfers,
        total=format_roubles(Decimal(loaded.total)),
        accounts=len(loaded.accounts),
    )
