"""A bank transfer onto or off a player's account in the caller's unit of work (p.7, issue 37).

No cash moves and no fiscal receipt is issued: the money goes onto the free balance as a
movement of its own kind (`Movement.TRANSFER_IN`), or off it (`TRANSFER_OUT`) only to a bank
account that sent money in, and the payment order enters the register of transfers, once.
The СККС hears each as its own kind (DESIGN.md: "every money operation added later … gets its
own kind"), written with the operation as every message is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from pos.accounts.accounts import Account
from pos.accounts.counter import find_account, holder_fields, move_money
from pos.accounts.errors import OrderRecorded
from pos.accounts.ledger import Movement
from pos.accounts.numbers import display_account_number
from pos.accounts.transfer_rules import Direction, PaymentOrder, Transfer, payee
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.money import format_roubles
from pos.core.ports import UnitOfWork
from pos.people.restricted import require_not_restricted
from pos.skks import outbox
from pos.skks.messages import Kind, Value


@dataclass(frozen=True)
class Incoming:
    """A transfer onto an account as the manager typed it or the statement gives it, checked."""

    account_number: object  # as typed or read: found (and its check code checked) in the step
    order: PaymentOrder
    amount: Decimal
    payer: str
    purpose: str = ""
    source: str = ""  # the statement file's name; "" typed


def transfer_in(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    incoming: Incoming,
    earlier: Iterable[PaymentOrder] = (),
) -> Account:
    """Put a transfer onto the account's free balance and record its payment order.

    Args:
        earlier: the orders of the same file before this one (the same order twice in a file
            is refused as in the register).

    Returns:
        The account after it.

    Raises:
        InvalidAccountNumber, UnknownAccount, AccountBlocked, RestrictedPerson (funding an
        account checks the register, DESIGN.md); OrderRecorded: the order is in the register
        or earlier in the file.
    """
    account = find_account(uow, incoming.account_number, for_update=True)
    account.require_open()
    require_not_restricted(uow, account.register_keys)
    _require_new(uow, Direction.IN, incoming.order, earlier)
    transfer = Transfer(
        Direction.IN,
        incoming.order,
        incoming.amount,
        incoming.payer,
        incoming.order.bank_account,
        account.number,
        now,
        teller.terminal,
        teller.login,
        teller.office,
        incoming.purpose,
        incoming.source,
    )
    return _record(uow, teller, now, account, transfer)


def transfer_out(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    number: object,
    money: Decimal,
    order: PaymentOrder,
    chosen: str,
) -> Account:
    """Send free money back to a bank account that paid onto the account (p.7).

    Args:
        money: the amount, whole kopecks more than zero.
        order: the shop's payment order (its `bank_account` empty: the shop's own).
        chosen: the bank account typed; "" for the only one that sent money in.

    Raises:
        InvalidAccountNumber, UnknownAccount, AccountBlocked; FreeBalanceShort: more than the
        free money (the cash withdrawal's sentence); ThirdPartyAccount: not an account that
        sent money in; OrderRecorded: the shop's order of this number and date is recorded.
    """
    account = find_account(uow, number, for_update=True)
    account.require_open()
    account.balance.withdraw(money)  # FreeBalanceShort before anything else is asked
    to = payee(account.number, uow.transfers.senders(account.number), chosen)
    _require_new(uow, Direction.OUT, order, ())
    transfer = Transfer(
        Direction.OUT,
        order,
        money,
        account.holder,
        to,
        account.number,
        now,
        teller.terminal,
        teller.login,
        teller.office,
    )
    return _record(uow, teller, now, account, transfer)


def _require_new(
    uow: UnitOfWork, direction: Direction, order: PaymentOrder, earlier: Iterable[PaymentOrder]
) -> None:
    for recorded in uow.transfers.by_order(order.number, order.on):
        if recorded.direction is direction and recorded.order.same_as(order):
            raise OrderRecorded(order.number, order.on, recorded.account_number)
    if any(other.same_as(order) for other in earlier):
        raise OrderRecorded(order.number, order.on, None)


def _record(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    account: Account,
    transfer: Transfer,
) -> Account:
    """The movement, the register's entry, the audit line and the СККС message."""
    amount = transfer.amount
    incoming = transfer.direction is Direction.IN
    kind = Movement.TRANSFER_IN if incoming else Movement.TRANSFER_OUT
    balance = account.balance.transfer_in(amount) if incoming else account.balance.withdraw(amount)
    after = move_money(uow, teller, now, account, kind, amount, balance, order_words(transfer))
    uow.transfers.add(transfer)
    action = AuditAction.ACCOUNT_TRANSFER_IN if incoming else AuditAction.ACCOUNT_TRANSFER_OUT
    detail = (
        f"{display_account_number(account.number)}: {format_roubles(amount)}, "
        f"{order_words(transfer)}, {transfer.bank_account or 'счёт плательщика не указан'}"
    )
    teller.audit(uow, now, action, detail)
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    fields: dict[str, Value] = {
        "account": account.number,
        "amount": amount,
        "order": transfer.order.number,
        "order_date": transfer.order.on,
        "bank_account": transfer.bank_account,
        "participant": holder_fields(account),
    }
    what = Kind.TRANSFER_IN if incoming else Kind.TRANSFER_OUT
    outbox.write(uow, settings, teller.where, what, now, account.number, fields)
    return after


def order_words(transfer: Transfer) -> str:
    """The statement line's reference: «п/п № 124 от 05.12.2026»."""
    return f"п/п № {transfer.order.number} от {transfer.order.on:%d.%m.%Y}"


def today(uow: UnitOfWork, teller: Teller, now: datetime) -> date:
    """The shop's date now: the date of an order out typed without one."""
    return now.astimezone(shop_settings.from_text(uow.settings.load(teller.office)).zone).date()
