"""Bank transfers onto and off players' accounts, the manager's use cases (p.7, issue 37; DESIGN.md
"Cashless stakes"): each one transaction, a bank statement file all or nothing.

    boss.record_transfer(acct.number, Decimal("200"), payer="Иванов П. С.", order="124", on=date)
    boss.load_bank_statement("vypiska.txt")       # a path, the file's text, or its bytes
    boss.transfer_out(acct.number, Decimal("150"), order="77")   # back where it came from
    boss.transfers_by_order("124")                # the register: one payment order, once
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from pos.accounts import transfer_steps as steps
from pos.accounts.accounts import Account
from pos.accounts.bank_files import MAGIC, MAX_BYTES, BankOrder, read_bank_file
from pos.accounts.counter import find_account
from pos.accounts.errors import BankFileRejected, BankFileUnreadable
from pos.accounts.transfer_rules import (
    PaymentOrder,
    Transfer,
    clean_payer,
    optional_bank_account,
    parse_order_date,
    parse_order_number,
)
from pos.accounts.transfer_steps import Incoming
from pos.betting.teller import Teller
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import DomainError
from pos.core.inputs import FILE_NAME, shown
from pos.core.money import to_money
from pos.core.ports import UnitOfWork
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.skks.use_cases import flush

_TEXT_NAME = "выписка"  # the name of a statement given as its text or bytes


@dataclass(frozen=True)
class StatementLoaded:
    """A bank statement file loaded: its name, the payments put onto accounts, their sum."""

    name: str
    transfers: int
    total: Decimal
    accounts: tuple[str, ...]  # the accounts paid onto, in the file's order, once each


def record_transfer(
    ctx: Context,
    actor: Actor,
    account_number: str,
    amount: object,
    *,
    payer: object,
    order: object,
    on: object,
    bank_account: object = None,
) -> Account:
    """A manager records a transfer from the bank statement onto a player's account (p.7):
    onto the free balance, no cash and no receipt.

    Args:
        payer: the payer's name as the statement gives it.
        order: the payment order's number; on: its date (a date or «ДД.ММ.ГГГГ»).
        bank_account: the payer's IBAN (BY…, 28 characters); None or "" when not typed.

    Returns:
        The account after it.

    Raises:
        NotPermitted; InvalidAmount, InvalidOrder, InvalidBankAccount, InvalidText: what was
        typed; InvalidAccountNumber, UnknownAccount, AccountBlocked, RestrictedPerson;
        OrderRecorded: the same payment order twice.
    """
    actor.require(Permission.TRANSFERS)
    money = to_money(amount)
    incoming = Incoming(
        account_number,
        PaymentOrder(
            parse_order_number(order), parse_order_date(on), optional_bank_account(bank_account)
        ),
        money,
        clean_payer(payer),
    )
    teller = _teller(ctx, actor)
    with ctx.unit_of_work() as uow:
        after = steps.transfer_in(uow, teller, ctx.clock.now(), incoming)
        uow.commit()
    flush(ctx)  # online: the controller hears it now (it is made: the money reached the bank)
    return after


def load_bank_statement(
    ctx: Context, actor: Actor, source: object, data: bytes | None = None
) -> StatementLoaded:
    """Put every payment of a bank statement file onto its player's account, all or nothing,
    in one transaction (the 1C client-bank exchange format or the CSV, pos.accounts.bank_files).

    Args:
        source: the file's path; or its text, or its bytes; or, with `data`, its name.
        data: the file's bytes, when `source` is its name (a file the window read).

    Raises:
        NotPermitted; BankFileUnreadable: the path could not be read; BankFileRejected: each
        bad payment with its line (an unknown account, a bad amount, an order repeated in the
        file or already recorded): nothing was recorded.
    """
    actor.require(Permission.TRANSFERS)
    name, raw = _source(source, data)
    orders, problems = read_bank_file(name, raw)
    if not orders:
        raise BankFileRejected(name, problems)
    teller = _teller(ctx, actor)
    with ctx.unit_of_work() as uow:
        loaded = _load(uow, teller, ctx, name, orders, problems)
        detail = f"{name}: платежей {loaded.transfers}, сумма {loaded.total}"
        actor.audit(ctx, uow, AuditAction.BANK_STATEMENT_LOADED, detail[:500])
        uow.commit()
    flush(ctx)
    return loaded


def transfer_out(
    ctx: Context,
    actor: Actor,
    account_number: str,
    amount: object,
    *,
    order: object,
    bank_account: object = None,
    on: object = None,
) -> Account:
    """Send free money off a player's account by the shop's payment order (p.7): only to a
    bank account that sent money onto it (the only one, when none is typed); not through the
    cash journal.

    Args:
        order: the shop's payment order's number; on: its date (None: today).
        bank_account: where to (an IBAN that paid in); None or "": the only one.

    Raises:
        NotPermitted; InvalidAmount, InvalidOrder, InvalidBankAccount; InvalidAccountNumber,
        UnknownAccount, AccountBlocked; FreeBalanceShort; ThirdPartyAccount; OrderRecorded.
    """
    actor.require(Permission.TRANSFERS)
    money = to_money(amount)
    number = parse_order_number(order)
    chosen = optional_bank_account(bank_account)
    teller = _teller(ctx, actor)
    with ctx.unit_of_work() as uow:
        now = ctx.clock.now()
        dated = steps.today(uow, teller, now) if on is None else parse_order_date(on)
        after = steps.transfer_out(
            uow, teller, now, account_number, money, PaymentOrder(number, dated), chosen
        )
        uow.commit()
    flush(ctx)
    return after


def account_transfers(ctx: Context, actor: Actor, account_number: str) -> list[Transfer]:
    """The account's transfers in and out, in the order they were recorded.

    Raises:
        InvalidAccountNumber, UnknownAccount.
    """
    actor.require(Permission.ACCOUNTS)
    with ctx.unit_of_work() as uow:
        account = find_account(uow, account_number)
        return uow.transfers.of_account(account.number)


def transfer_senders(ctx: Context, actor: Actor, account_number: str) -> list[str]:
    """The bank accounts that sent money onto the account, first first: where a transfer out
    may go (p.7).

    Raises:
        InvalidAccountNumber, UnknownAccount.
    """
    actor.require(Permission.ACCOUNTS)
    with ctx.unit_of_work() as uow:
        account = find_account(uow, account_number)
        return uow.transfers.senders(account.number)


def transfers_by_order(
    ctx: Context, actor: Actor, order: object, on: object = None
) -> list[Transfer]:
    """The register's transfers of a payment order (of its date): a payment order is recorded
    once among all transfers, a remote coupon's stake too (p.17).

    Raises:
        InvalidOrder: not an order's number or date.
    """
    actor.require(Permission.ACCOUNTS)
    number = parse_order_number(order)
    dated = None if on is None else parse_order_date(on)
    with ctx.unit_of_work() as uow:
        return uow.transfers.by_order(number, dated)


def _load(
    uow: UnitOfWork,
    teller: Teller,
    ctx: Context,
    name: str,
    orders: list[BankOrder],
    unread: list[tuple[int, str]],
) -> StatementLoaded:
    """Every payment onto its account in this transaction; the problems all named at once,
    with those of the lines that could not be read (`unread`)."""
    now = ctx.clock.now()
    numbers = sorted({order.account_text for order in orders if order.account_text})
    uow.accounts.lock_many(numbers)  # one order of locks, as a settlement takes them
    problems = list(unread)
    done: list[str] = []
    earlier: list[PaymentOrder] = []
    for order in orders:
        incoming = _incoming(name, order)
        try:
            done.append(steps.transfer_in(uow, teller, now, incoming, earlier).number)
        except DomainError as refused:
            problems.append((order.line, _why(refused, order)))
        earlier.append(incoming.order)
    if problems:
        raise BankFileRejected(name, sorted(problems))
    total = sum((order.amount for order in orders), Decimal("0.00"))
    return StatementLoaded(name, len(orders), total, tuple(dict.fromkeys(done)))


def _incoming(name: str, order: BankOrder) -> Incoming:
    payment = PaymentOrder(order.number, order.on, order.bank_account)
    return Incoming(order.account_text, payment, order.amount, order.payer, order.purpose, name)


def _why(refused: DomainError, order: BankOrder) -> str:
    """The line's problem: a purpose naming no account is said as such."""
    if not order.account_text:
        return "в назначении платежа нет номера счёта игрока (11 цифр, как на карте счёта)"
    return str(refused)


def _source(source: object, data: bytes | None) -> tuple[str, bytes]:
    """The statement's name and bytes from a path, its text or bytes, or a name and bytes."""
    if data is not None:
        return shown(source, FILE_NAME), data
    if isinstance(source, bytes):
        return _TEXT_NAME, source
    if isinstance(source, str) and ("\n" in source or source.lstrip().startswith(MAGIC)):
        return _TEXT_NAME, source.encode("utf-8", errors="replace")
    if not isinstance(source, str | os.PathLike):
        raise BankFileRejected(_TEXT_NAME, [(0, "это не файл выписки банка")])
    return _read(source)


def _read(path: str | os.PathLike[str]) -> tuple[str, bytes]:
    name = shown(os.fspath(path), FILE_NAME)
    try:
        file = Path(path)
        if file.stat().st_size > MAX_BYTES:
            raise BankFileRejected(file.name, [(0, "файл слишком велик для выписки банка")])
        return shown(file.name, FILE_NAME), file.read_bytes()
    except OSError as failure:
        raise BankFileUnreadable(name, failure.strerror or type(failure).__name__) from failure
    except ValueError as failure:  # a NUL in the path
        raise BankFileUnreadable(name, "недопустимое имя файла") from failure


def _teller(ctx: Context, actor: Actor) -> Teller:
    return Teller(ctx.terminal, actor.login, ctx.office)
