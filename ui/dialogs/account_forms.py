"""The dialogs of a player's account that every page of accounts shares (issues 19, 20): a cash
deposit and a manager's block, each a DeskCallDialog around one use case, and the line that
reads the account back. The checks are all pos's."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from pos.accounts.accounts import Account
from pos.accounts.numbers import display_account_number
from pos.accounts.use_cases import AccountView
from pos.core.money import format_roubles
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from ui.dialogs.desk_call import DeskCallDialog
from ui.tasks import TaskRunner


def _tr(text: str) -> str:
    return QCoreApplication.translate("accounts", text)


# --- the desk calls (module functions: a dialog's worker call never holds a widget) -----------


def _deposit(number: str, desk: Desk, texts: tuple[str, ...]) -> Account:
    return desk.deposit(number, texts[0])


def _block(number: str, desk: Desk, texts: tuple[str, ...]) -> Account:
    return desk.block_account(number, texts[0])


def _unblock(number: str, desk: Desk, _texts: tuple[str, ...]) -> Account:
    return desk.unblock_account(number)


# --- the facts read back ----------------------------------------------------------------------


def account_line(view: AccountView) -> str:
    """«Счёт 000001-234-56 · Иванов Пётр Сергеевич», and under it «Свободно: 500,00 руб.»"""
    return _tr("Счёт {number} · {holder}\nСвободно: {free}").format(
        number=display_account_number(view.number),
        holder=view.holder,
        free=format_roubles(view.free),
    )


# --- the dialogs ------------------------------------------------------------------------------


def deposit_dialog(
    desk: Desk, runner: TaskRunner, view: AccountView, parent: QWidget
) -> DeskCallDialog:
    """Cash onto the account: a «ПРИХОД» receipt is printed."""
    dialog = DeskCallDialog(
        desk, runner, partial(_deposit, view.number), name="deposit_dialog",
        title=_tr("Пополнение счёта"), heading=_tr("Пополнить счёт наличными"),
        action=_tr("Пополнить (Enter)"), parent=parent,
    )  # fmt: skip
    dialog.set_facts(account_line(view))
    dialog.set_note(_tr("Игрок вносит наличные в кассу; печатается чек «ПРИХОД»."))
    dialog.add_field("deposit_amount", _tr("Сумма, руб."), placeholder="0,00")
    return dialog


def block_dialog(
    desk: Desk, runner: TaskRunner, view: AccountView, parent: QWidget
) -> DeskCallDialog:
    """A manager blocks the account with a reason, or lifts the block; a cashier's request
    asks for the manager's PIN."""
    blocked = view.blocked_reason is not None
    call = partial(_unblock if blocked else _block, view.number)
    dialog = DeskCallDialog(
        desk, runner, call, name="block_dialog",
        title=_tr("Блокировка счёта"),
        heading=_tr("Снять блокировку счёта?") if blocked else _tr("Заблокировать счёт"),
        action=_tr("Снять блокировку (Enter)") if blocked else _tr("Заблокировать (Enter)"),
        permission=Permission.BLOCK_ACCOUNTS, parent=parent,
    )  # fmt: skip
    dialog.set_facts(account_line(view))
    if blocked:
        dialog.set_note(_tr("Заблокирован: {reason}").format(reason=view.blocked_reason))
    else:
        dialog.set_note(_tr("Пока счёт заблокирован, с него можно только выплатить свободное."))
        dialog.add_field("block_reason", _tr("Причина"), wide=True)
    return dialog
