"""A player's account on the pages of the games played on it (issues 19, 20): the keys of its
actions, the calls run on the worker, and the sentence shown when pos accepts. The refusals
are pos's own (`str(exc)`)."""

from __future__ import annotations

from datetime import tzinfo

from PySide6.QtCore import QCoreApplication, Qt

from pos.accounts.accounts import Account
from pos.accounts.numbers import display_account_number
from pos.accounts.use_cases import AccountView
from pos.core.money import format_roubles
from pos.payouts.journal import JournalEntry
from pos.people.identity import IdDocument
from pos.shop.desk import Desk
from ui.widgets.spread_keys import KeyAction, key

K, M = Qt.Key, Qt.Modifier


def _tr(text: str) -> str:
    return QCoreApplication.translate("accounts", text)


def account_keys() -> list[KeyAction]:
    """The account's actions and their keys, the same on every page of accounts.

    F4 is the player's document, as on the betting page (here a payout to the holder);
    Ctrl+K and Ctrl+E would edit the account's field on X11, so they are not used. Ctrl+M
    shows the movements; there Ctrl+T is a transfer in («Т»), with Shift the other way.
    """
    return [
        KeyAction("open_account", _tr("Открыть счёт"), (key(K.Key_F2),)),
        KeyAction("deposit", _tr("Пополнить"), (key(K.Key_F3),)),
        KeyAction("withdraw", _tr("Выплатить"), (key(K.Key_F4),)),
        KeyAction("statement", _tr("Выписка"), (key(M.CTRL, K.Key_P),)),
        KeyAction("card", _tr("Карта"), (key(M.CTRL, M.SHIFT, K.Key_P),)),
        KeyAction("block", _tr("Блокировка"), (key(M.CTRL, K.Key_B),)),
        # Cash and bank transfers apart (issue 37, p.7): the movements with their kinds, and
        # from there a transfer in or out (ui.dialogs.account_movements: no room for two more
        # buttons on the card at 1024×700).
        KeyAction("movements", _tr("Движения и переводы"), (key(M.CTRL, K.Key_M),)),
    ]


NO_ACCOUNT = _tr("Сначала найдите счёт: отсканируйте карту или введите номер и нажмите Enter.")


# --- the calls on the worker ----------------------------------------------------------------


def open_account(desk: Desk, _texts: tuple[str, ...], document: IdDocument | None) -> Account:
    return desk.open_account(document=document)


def withdraw(
    number: str, desk: Desk, texts: tuple[str, ...], document: IdDocument | None
) -> JournalEntry:
    return desk.withdraw(number, texts[0], document=document)


# --- what the page says when pos accepts --------------------------------------------------------


def opened_account(account: Account) -> str:
    return _tr("Счёт {number} открыт на имя {holder}; карта счёта напечатана.").format(
        number=display_account_number(account.number), holder=account.holder
    )


def deposited(account: Account) -> str:
    return _tr("Счёт {number} пополнен, чек напечатан. Свободно: {free}").format(
        number=display_account_number(account.number), free=format_roubles(account.free)
    )


def withdrawn(entry: JournalEntry) -> str:
    return _tr(
        "Выплачено {amount} со счёта {number}: запись журнала № {entry}, чек № {receipt}."
    ).format(
        amount=format_roubles(entry.amount),
        number=display_account_number(entry.account_number),
        entry=entry.number,
        receipt=entry.fiscal_receipt_no,
    )


def bank_file_key() -> KeyAction:
    """The manager's key that loads a bank statement file (issue 37, p.7): Ctrl+L, «load»."""
    return KeyAction("bank_file", _tr("Выписка банка"), (key(M.CTRL, K.Key_L),))


def read_movements(desk: Desk, number: str) -> tuple[AccountView, tzinfo]:
    """The account with its statement and the shop's zone (issue 37: the movements dialog)."""
    return desk.account(number), desk.settings().zone


def print_statement(desk: Desk, number: str) -> bool:
    """Print the account's statement; True when it went to a file, no printer set up."""
    desk.print_statement(number)
    return desk.printer_virtual


def print_card(desk: Desk, number: str) -> bool:
    """Print the account's card again; True when it went to a file, no printer set up."""
    desk.print_account_card(number)
    return desk.printer_virtual


def statement_printed(number: str, filed: bool = False) -> str:
    """Said after Ctrl+P: printed, or written to a file and shown (issue 34)."""
    text = (
        _tr("Выписка по счёту {number} записана в файл: принтер не подключён.")
        if filed
        else _tr("Выписка по счёту {number} напечатана.")
    )
    return text.format(number=display_account_number(number))


def card_printed(number: str, filed: bool = False) -> str:
    """Said after Ctrl+Shift+P: printed, or written to a file and shown (issue 34)."""
    text = (
        _tr("Карта счёта {number} записана в файл: принтер не подключён.")
        if filed
        else _tr("Карта счёта {number} напечатана.")
    )
    return text.format(number=display_account_number(number))


def blocked(account: Account) -> str:
    number = display_account_number(account.number)
    if account.blocked_reason is None:
        return _tr("Блокировка счёта {number} снята.").format(number=number)
    return _tr("Счёт {number} заблокирован: {reason}.").format(
        number=number, reason=account.blocked_reason.rstrip(".")
    )
