"""A deposit the СККС did not register, undone (issue 35): online, the deposit and its message
are committed together and then wait for the controller; no answer or a refusal takes the
deposit back in one more transaction (the money off the account, the drawer's cash, the
receipt spoiled unprinted and out of the register's totals) and queues the annulment."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from pos.accounts.counter import CashDone, find_account, move_money
from pos.accounts.ledger import Movement
from pos.accounts.numbers import display_account_number
from pos.betting.teller import Teller
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import ConcurrentChange
from pos.core.money import format_roubles
from pos.core.ports import UnitOfWork
from pos.skks import use_cases as skks_cases
from pos.skks.messages import Kind, Message
from pos.till import fiscal
from pos.till.fiscal import FiscalReceipt

_DETAIL = 500  # an audit line's length


def registered_or_undone(ctx: Context, teller: Teller, done: CashDone) -> None:
    """Online, the deposit made once the controller registered it, else undone
    (`undo_deposit`; pos.skks.use_cases.registered_or_undone)."""

    def undo(uow: UnitOfWork, now: datetime, why: str, annul: bool) -> None:
        undo_deposit(uow, teller, now, done, why, annul=annul)

    skks_cases.registered_or_undone(ctx, done.message, "deposit", undo)


def undo_deposit(
    uow: UnitOfWork, teller: Teller, now: datetime, done: CashDone, why: str, *, annul: bool
) -> None:
    """Take back a deposit the controller did not register, in the caller's unit of work:
    its money off the account (a statement line of its own), its cash out of the drawer's
    count, its receipt (recorded, not printed) spoiled and out of the register's totals, and
    with `annul` (no answer: it may have been registered) the annulment of its message.

    Raises:
        FreeBalanceShort: the money was spent meanwhile on another terminal (the deposit
            stands; its message goes with the outbox).
        ConcurrentChange: the register moved on meanwhile.
    """
    receipt = done.receipt
    account = find_account(uow, done.account.number, for_update=True)
    balance = account.balance.withdraw(receipt.amount)
    reference = f"чек {receipt.number} аннулирован"
    move_money(uow, teller, now, account, Movement.ANNULLED, receipt.amount, balance, reference)
    uow.accounts.take_back_cash(teller.terminal, account.number, receipt.amount)
    _spoil_unprinted(uow, receipt, f"пополнение счёта не проведено: {why}")
    message = done.message
    if message is not None and annul:
        # Its own message, not the account's newest deposit (`outbox.annul`): another
        # terminal may have paid onto the same account meanwhile.
        of = {"of": message.id}
        uow.skks.add(Message(message.terminal, message.office, Kind.ANNUL, now, of, account.number))
    detail = (
        f"{display_account_number(account.number)}: пополнение на "
        f"{format_roubles(receipt.amount)} не проведено ({why}); чек {receipt.number} аннулирован"
    )
    teller.audit(uow, now, AuditAction.ACCOUNT_DEPOSIT, detail[:_DETAIL])


def _spoil_unprinted(uow: UnitOfWork, receipt: FiscalReceipt, reason: str) -> None:
    """The deposit's receipt spoiled before it was printed, and the register's grand totals
    without it: a spoiled receipt counts in none (pos.till.fiscal). Nothing else numbered a
    receipt since, as it waited unprinted (`require_idle`)."""
    register = fiscal.register_for(uow, receipt.terminal)
    uow.fiscal.mark_spoiled(
        receipt.register_serial, receipt.number, reason[: fiscal.SPOILED_REASON]
    )
    grand = dataclasses.replace(register.grand, income=register.grand.income - receipt.amount)
    after = dataclasses.replace(register, grand=grand)
    if not uow.fiscal.save_register(after, was=receipt.number):
        raise ConcurrentChange()
