"""What the cashier does with a player's account at the till, each in the caller's unit of
work (DESIGN.md, "Player accounts"): open it on the whole document, take cash onto it, pay
its free money out.

Cash follows the slips' rules. A deposit is a fiscal «ПРИХОД» receipt and the drawer's cash,
recorded first with its receipt *in doubt* and printed after the commit (pos.till.use_cases.
print_new_receipt), as a stake returned in its window is. A withdrawal is a slip's payout:
two steps (pos.payouts.steps), the money off the account and the payout waiting for its
«РАСХОД» receipt's print, then the journal's line with the number that came out — a receipt
renumbered after a broken job never leaves the journal naming another.

Locks are taken account → shift → register, the order of every money path
(tests/integration/test_lock_order.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from pos.accounts.accounts import Account, StatementLine, document_key, line_for
from pos.accounts.errors import (
    AccountExists,
    AccountPaying,
    DepositTooLarge,
    NotTheHolder,
    SelfExcluded,
    UnknownAccount,
)
from pos.accounts.ledger import Balance, Move, Movement
from pos.accounts.numbers import display_account_number, make_account_number, parse_account_number
from pos.betting.counter import shop_secret
from pos.betting.errors import DrawerShort
from pos.betting.slips import CashMovement
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.money import format_roubles, to_money
from pos.core.ports import UnitOfWork
from pos.payouts.journal import player_name
from pos.payouts.steps import PlannedReceipt, release_payout, wait_for_receipt
from pos.people.identity import IdDocument, masked_number
from pos.people.restricted import is_restricted, keys_of, require_not_restricted
from pos.skks import outbox
from pos.skks.messages import Kind, Message, Value, paid_fields, participant
from pos.till import fiscal
from pos.till.fiscal import FiscalReceipt, ReceiptKind
from pos.till.shifts import CashKind, Shift, require_working


@dataclass(frozen=True)
class CashDone:
    """A deposit made: the account after it and its receipt to print."""

    account: Account
    receipt: FiscalReceipt
    message: Message | None = None  # to the СККС controller (issue 35)


def open_account(uow: UnitOfWork, teller: Teller, now: datetime, checked: IdDocument) -> Account:
    """A new account on a document already checked whole (the identity check recorded).

    Raises:
        SelfExcluded: the document or its personal number is in the register of restricted
            persons (issue 35).
        AccountExists: an account is open on this document number (one in the chain).
    """
    secret = shop_secret(uow)
    keys = keys_of(checked, secret)
    if is_restricted(uow, keys):
        teller.audit(uow, now, AuditAction.ACCOUNT_REFUSED, "перечень ограниченных лиц")
        raise SelfExcluded()
    key = keys[0]
    existing = uow.accounts.by_document(key)
    if existing is not None:
        raise AccountExists(existing.number)
    account = Account(
        number=make_account_number(uow.accounts.next_serial(), secret),
        holder=player_name(checked),
        document_key=key,
        document_masked=f"{checked.kind} {masked_number(checked.number)}",
        opened_at=now,
        office=teller.office,
        opened_by=teller.login,
        person_key=keys[1] if len(keys) > 1 else None,
        document=checked,
    )
    uow.accounts.add(account)
    teller.audit(uow, now, AuditAction.ACCOUNT_OPENED, display_account_number(account.number))
    return account


def find_account(uow: UnitOfWork, number: object, *, for_update: bool = False) -> Account:
    """The account with the number as typed or scanned.

    Raises:
        InvalidAccountNumber: not an account number of this organiser (its check code).
        UnknownAccount: no account has it.
    """
    canonical = parse_account_number(number, shop_secret(uow))
    account = uow.accounts.get(canonical, for_update=for_update)
    if account is None:
        raise UnknownAccount(canonical)
    return account


def deposit(
    uow: UnitOfWork, teller: Teller, now: datetime, number: object, amount: object
) -> CashDone:
    """Cash paid onto the account at this till.

    Raises:
        InvalidAmount, InvalidAccountNumber, UnknownAccount, AccountBlocked, SelfExcluded,
        ShiftNotOpen, ShiftTooLong, RegisterNotSet, and the till's waiting receipts.
    """
    account = find_account(uow, number, for_update=True)
    account.require_open()
    require_not_restricted(uow, account.register_keys)
    money = to_money(amount)
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    if money > settings.max_deposit:
        raise DepositTooLarge(money, settings.max_deposit)
    balance = account.balance.deposit(money)
    _working_shift(uow, teller, now)
    receipt = fiscal.issue_receipt(
        uow,
        teller.terminal,
        ReceiptKind.INCOME,
        money,
        now,
        teller.login,
        None,
        account_number=account.number,
    )
    _move_cash(uow, teller, now, account, CashKind.DEPOSIT, money)
    after = move_money(
        uow, teller, now, account, Movement.DEPOSIT, money, balance, f"чек {receipt.number}"
    )
    teller.audit(
        uow,
        now,
        AuditAction.ACCOUNT_DEPOSIT,
        f"{display_account_number(account.number)}: {format_roubles(money)}, чек {receipt.number}",
    )
    fields: dict[str, Value] = {
        "account": account.number,
        "amount": money,
        "participant": holder_fields(account),
    }
    message = outbox.write(
        uow, settings, teller.where, Kind.ACCOUNT_DEPOSIT, now, account.number, fields
    )
    return CashDone(after, receipt, message)


def plan_withdrawal(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    number: object,
    amount: object,
    checked: IdDocument,
) -> PlannedReceipt:
    """The first of a withdrawal's two steps, as a slip's payout (pos.payouts.steps): the
    free money taken off the account at once, the payout saved as waiting for its «РАСХОД»
    receipt's print with the receipt's number planned. The second step (`make_payout`, once
    the receipt came out) writes the journal's line with the number printed; a receipt that
    did not come out gives the money back (`release_withdrawal`).

    Raises:
        NotTheHolder: the document is not the one the account was opened with.
        FreeBalanceShort: more than the free money; AccountPaying: another withdrawal from
        it waits for its receipt's print; DrawerShort: more than the drawer.
        InvalidAmount, InvalidAccountNumber, UnknownAccount, AccountBlocked, ShiftNotOpen,
        ShiftTooLong, RegisterNotSet, and the till's waiting receipts.
    """
    account = find_account(uow, number, for_update=True)
    if document_key(checked.number, shop_secret(uow)) != account.document_key:
        raise NotTheHolder(account.number)
    account.require_open()  # a self-excluded player still takes their money out
    money = to_money(amount)
    balance = account.balance.withdraw(money)
    # Read under the account's lock: one withdrawal waits at a time (issue 34).
    held = uow.pending_payouts.for_slip(account.number)
    if held is not None:
        raise AccountPaying(account.number, held.terminal)
    shift = _working_shift(uow, teller, now)
    if money > shift.drawer:
        raise DrawerShort(money, shift.drawer)
    register = fiscal.register_for(uow, teller.terminal)
    fiscal.require_idle(uow, register)
    pending, receipt, after = wait_for_receipt(
        uow, teller, now, register, money, account.number, checked, account_number=account.number
    )
    reference = f"чек {receipt.number}"
    move_money(uow, teller, now, account, Movement.WITHDRAWAL, money, balance, reference)
    teller.audit(
        uow,
        now,
        AuditAction.PAYOUT_PENDING,
        f"{display_account_number(account.number)}: {format_roubles(money)}, чек {receipt.number}",
    )
    fields = paid_fields("account", account.number, money, checked)
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    message = outbox.write(
        uow, settings, teller.where, Kind.ACCOUNT_WITHDRAWAL, now, account.number, fields
    )
    return PlannedReceipt(pending, receipt, after, message=message)


def release_withdrawal(
    uow: UnitOfWork, teller: Teller, now: datetime, number: str, why: str, *, spoil: bool
) -> int | None:
    """A withdrawal's receipt did not come out: no payout is made, the money goes back onto
    the account (its planned number spoiled when the job may have reached the printer).

    Returns:
        The spoiled receipt number, or None.
    """
    pending = uow.pending_payouts.for_slip(number, for_update=True)
    if pending is None or pending.account_number is None:
        return None
    account = find_account(uow, pending.account_number, for_update=True)
    spoiled = release_payout(uow, teller, now, number, why, spoil=spoil)
    balance = Balance(account.free + pending.amount, account.blocked)
    reference = f"чек {pending.receipt_no} не вышел"
    move_money(uow, teller, now, account, Movement.RETURN, pending.amount, balance, reference)
    return spoiled


def _working_shift(uow: UnitOfWork, teller: Teller, now: datetime) -> Shift:
    zone = shop_settings.from_text(uow.settings.load(teller.office)).zone
    return require_working(
        uow.shifts.open_for(teller.terminal, for_update=True), teller.terminal, now, zone
    )


def _move_cash(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    account: Account,
    kind: CashKind,
    amount: Decimal,
) -> None:
    uow.slips.add_cash(
        CashMovement(now, teller.terminal, teller.login, kind, amount, "", account.number)
    )


def move_money(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    account: Account,
    kind: Movement,
    amount: Decimal,
    balance: Balance,
    reference: str,
) -> Account:
    """Store a movement of `amount` (positive) that left `balance`, with its statement line;
    the account as it is after it. The games' blocks, releases and results go this way too."""
    (line,) = teller_lines(teller, now, reference, [(kind, amount, balance)])
    uow.accounts.move(account.number, balance, line)
    return replace(account, balance=balance)


def teller_lines(
    teller: Teller, now: datetime, reference: str, moves: Iterable[Move]
) -> list[StatementLine]:
    """The statement lines of `moves` (kind, amount, the balance each left) made at `now` by
    the teller at its terminal, each with `reference`."""
    return [
        line_for(
            kind,
            amount,
            after,
            at=now,
            reference=reference,
            terminal=teller.terminal,
            cashier=teller.login,
            office=teller.office,
        )
        for kind, amount, after in moves
    ]


def holder_fields(account: Account) -> dict[str, Value]:
    """The participant of a deposit, from the account (protocol 6.5.5): the document shown at
    opening, as a withdrawal names it; an account opened before it was kept has only the
    holder's name and the masked document (issue 35)."""
    if account.document is not None:
        return participant(account.document)
    return {"holder": account.holder, "document": account.document_masked}
