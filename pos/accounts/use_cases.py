"""Player accounts at the counter and in the office (DESIGN.md, "Player accounts"): each use
case one transaction (pos.accounts.counter), then the receipt printed.

    acct = desk.open_account(document=IdDocument(...))
    desk.deposit(acct.number, Decimal("500"))
    desk.withdraw(acct.number, Decimal("200"), document=IdDocument(...))  # -> JournalEntry
    shop.account(acct.number)          # .free, .blocked, .statement()
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.accounts import counter, papers
from pos.accounts.accounts import Account, StatementLine
from pos.accounts.errors import BlockReasonRequired
from pos.accounts.exclusions import RestrictedPersons, parse_exclusions
from pos.accounts.numbers import display_account_number
from pos.accounts.register_cases import replace_register
from pos.accounts.undoing import registered_or_undone
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import DeviceOrStorageError, PrinterUnavailable
from pos.core.inputs import shown
from pos.core.money import format_roubles
from pos.core.ports import UnitOfWork
from pos.payouts import use_cases as payouts_cases
from pos.payouts.errors import PayoutNotPrinted, PayoutUnconfirmed
from pos.payouts.journal import JournalEntry
from pos.payouts.steps import make_payout
from pos.payouts.use_cases import check_full_document
from pos.people.actor import Actor
from pos.people.identity import IdDocument
from pos.people.permissions import Permission
from pos.skks.errors import SkksNoAnswer, SkksRefused
from pos.skks.use_cases import require_registered
from pos.till.papers import print_paper
from pos.till.use_cases import print_new_receipt

log = logging.getLogger(__name__)
_REASON = 200  # accounts.blocked_reason (db.tables)
_FILE_NAME = 200


@dataclass(frozen=True)
class AccountView:
    """An account as the counter shows it: the balance and the statement."""

    account: Account
    lines: tuple[StatementLine, ...]

    @property
    def number(self) -> str:
        return self.account.number

    @property
    def holder(self) -> str:
        return self.account.holder

    @property
    def free(self) -> Decimal:
        return self.account.free

    @property
    def blocked(self) -> Decimal:
        return self.account.blocked

    @property
    def blocked_reason(self) -> str | None:
        return self.account.blocked_reason

    def statement(self) -> list[StatementLine]:
        """Every movement in order, money into the free balance positive."""
        return list(self.lines)


def open_account(ctx: Context, actor: Actor, document: IdDocument | None) -> Account:
    """Open a player's account on the whole identity document, the age checked (p.4).

    Raises:
        PayoutDocumentRequired, InvalidDocument, DocumentExpired, Underage: the check
            (recorded); SelfExcluded; AccountExists: one account per document in the chain.
    """
    actor.require(Permission.ACCOUNTS)
    teller = _teller(ctx, actor)
    with ctx.unit_of_work() as uow:
        checked = _checked(uow, teller, ctx.clock.now(), document)
        if isinstance(checked, Exception):
            uow.commit()  # the refused check stays recorded
            raise checked
        account = counter.open_account(uow, teller, ctx.clock.now(), checked)
        uow.commit()
    zone = ctx.settings().zone
    card = papers.account_card(account, ctx.clock.now(), teller, zone)
    opened = f"Счёт № {display_account_number(account.number)} открыт"
    print_paper(ctx, actor, card, opened, "карта счёта не напечатана")
    return account


def print_account_card(ctx: Context, actor: Actor, number: str) -> Account:
    """Print the account's card again (a lost or spoiled one: the number stays)."""
    actor.require(Permission.ACCOUNTS)
    with ctx.unit_of_work() as uow:
        found = counter.find_account(uow, number)
    teller = _teller(ctx, actor)
    print_paper(
        ctx,
        actor,
        papers.account_card(found, ctx.clock.now(), teller, ctx.settings().zone),
        "Готово",
        "карта не напечатана",
    )
    return found


def print_statement(ctx: Context, actor: Actor, number: str) -> AccountView:
    """Print the account's statement for the player."""
    actor.require(Permission.ACCOUNTS)
    view = account(ctx, actor, number)
    teller = _teller(ctx, actor)
    zone = ctx.settings().zone
    # Where no printer prints the job is kept as a file, handed to nobody: the name masked.
    paper = papers.statement(
        view.account,
        view.statement(),
        ctx.clock.now(),
        teller,
        zone,
        for_holder=not ctx.station.virtual,
    )
    print_paper(ctx, actor, paper, "Готово", "выписка не напечатана")
    return view


def deposit(ctx: Context, actor: Actor, number: str, amount: object) -> Account:
    """Take cash onto the account: a «ПРИХОД» receipt printed after the commit.

    Raises:
        InvalidAmount, InvalidAccountNumber, UnknownAccount, AccountBlocked, SelfExcluded,
        ShiftNotOpen, RegisterNotSet, …; SkksNoAnswer, SkksRefused: online, the controller
        did not register it and it is undone, nothing printed; ReceiptNotPrinted: the money
        is on the account and the receipt waits for «Допечатать чеки».
    """
    actor.require(Permission.ACCOUNTS)
    teller = _teller(ctx, actor)
    with ctx.unit_of_work() as uow:
        done = counter.deposit(uow, teller, ctx.clock.now(), number, amount)
        uow.commit()
    registered_or_undone(ctx, teller, done)  # online: nothing printed unregistered (issue 35)
    shown_number = display_account_number(done.account.number)
    print_new_receipt(
        ctx,
        actor,
        done.receipt,
        f"Счёт № {shown_number} пополнен на {format_roubles(done.receipt.amount)}",
    )
    return done.account


def withdraw(
    ctx: Context, actor: Actor, number: str, amount: object, *, document: IdDocument | None
) -> JournalEntry:
    """Pay free money out in cash to the holder, in two steps as a slip's payout: the money
    off the account and the payout waiting, the «РАСХОД» receipt printed, then the journal's
    line with its number.

    Raises:
        the document's check (recorded); NotTheHolder, FreeBalanceShort, DrawerShort,
        InvalidAccountNumber, UnknownAccount, AccountBlocked, ShiftNotOpen, …: nothing paid;
        PayoutNotPrinted: the receipt did not come out, the money is back on the account;
        PayoutUnconfirmed: the receipt came out and the journal's line is not written (the
        cashier answers, as for a slip's payout).
    """
    actor.require(Permission.ACCOUNTS)
    teller = _teller(ctx, actor)
    with ctx.unit_of_work() as uow:
        now = ctx.clock.now()
        checked = _checked(uow, teller, now, document)
        if isinstance(checked, Exception):
            uow.commit()
            raise checked
        planned = counter.plan_withdrawal(uow, teller, now, number, amount, checked)
        uow.commit()
    account_number = planned.pending.slip_number
    settings = ctx.settings()
    try:
        registered = require_registered(ctx, settings, planned.message, "withdrawal")
    except (SkksNoAnswer, SkksRefused):
        _release(ctx, teller, account_number, None)
        raise
    if registered is not None:
        planned = dataclasses.replace(planned, registration=registered.number)
    try:
        with ctx.printing() as station:
            station.print_receipts([planned.receipt], settings)
    except PrinterUnavailable as failure:
        spoiled = _release(ctx, teller, account_number, failure)
        raise PayoutNotPrinted(account_number, failure, spoiled) from failure
    try:
        with ctx.unit_of_work() as uow:
            entry = make_payout(
                uow, teller, ctx.clock, account_number, recovered=False, planned=planned
            )
            uow.commit()
    except DeviceOrStorageError as failure:  # the receipt is out: the cashier answers
        raise PayoutUnconfirmed(account_number, planned.receipt.number, failure) from failure
    return entry


def release_pending_payout(ctx: Context, actor: Actor, number: str) -> int | None:
    """The waiting payout's receipt did not come out (the cashier's answer after a failure):
    a slip's payout is released (pos.payouts), a withdrawal's money goes back onto its
    account. The planned number is spoiled.

    Returns:
        The spoiled receipt number (None when nothing waited).
    """
    with ctx.unit_of_work() as uow:
        pending = uow.pending_payouts.for_slip(number)
    if pending is None or pending.account_number is None:
        return payouts_cases.release_pending_payout(ctx, actor, number)
    with ctx.unit_of_work() as uow:
        why = "чек о выплате со счёта не вышел (ответ кассира после сбоя)"
        teller = _teller(ctx, actor)
        spoiled = counter.release_withdrawal(uow, teller, ctx.clock.now(), number, why, spoil=True)
        uow.commit()
    return spoiled


def _release(
    ctx: Context, teller: Teller, number: str, failure: PrinterUnavailable | None
) -> int | None:
    """Give the money back onto the account: the receipt did not come out (`failure`), or the
    controller did not register the withdrawal (None)."""
    why = "СККС не зарегистрировала выплату"
    if failure is not None:
        why = f"чек не напечатан: {failure.where} — {failure.detail}"
    try:
        with ctx.unit_of_work() as uow:
            spoiled = counter.release_withdrawal(
                uow,
                teller,
                ctx.clock.now(),
                number,
                why,
                spoil=failure is not None and failure.sent,
            )
            uow.commit()
    except Exception:  # the database failed too: the withdrawal waits for the cashier's answer
        log.exception("could not release the withdrawal from account %s", number)
        return None
    return spoiled


def account(ctx: Context, actor: Actor, number: str) -> AccountView:
    """The account with its statement, by the number as typed or scanned.

    Raises:
        InvalidAccountNumber, UnknownAccount.
    """
    with ctx.unit_of_work() as uow:
        found = counter.find_account(uow, number)
        return AccountView(found, tuple(uow.accounts.statement(found.number)))


def block_account(ctx: Context, actor: Actor, number: str, reason: str) -> Account:
    """A manager blocks the account: nothing moves on it until it is unblocked.

    Raises:
        NotPermitted; BlockReasonRequired: no reason given.
    """
    actor.require(Permission.BLOCK_ACCOUNTS)
    why = shown(reason.strip() if isinstance(reason, str) else "", _REASON)
    if not why:
        raise BlockReasonRequired()
    return _set_blocked(ctx, actor, number, why)


def unblock_account(ctx: Context, actor: Actor, number: str) -> Account:
    """A manager lifts the block."""
    actor.require(Permission.BLOCK_ACCOUNTS)
    return _set_blocked(ctx, actor, number, None)


def load_self_exclusions(ctx: Context, actor: Actor, name: str, data: bytes) -> int:
    """Replace the self-exclusion register with the document numbers in the file (kept only
    as keyed hashes). Returns how many documents it holds.

    Raises:
        ExclusionFileRejected: a bad line or none; nothing was changed.
    """
    actor.require(Permission.SELF_EXCLUSION)
    name = shown(name, _FILE_NAME)
    numbers = tuple(dict.fromkeys(parse_exclusions(name, data)))
    # One register (issue 35): the older list of documents loads it as the centre's file does.
    replace_register(ctx, actor, name, RestrictedPersons((), numbers, len(numbers)))
    return len(numbers)


def _set_blocked(ctx: Context, actor: Actor, number: str, reason: str | None) -> Account:
    with ctx.unit_of_work() as uow:
        found = counter.find_account(uow, number, for_update=True)
        uow.accounts.set_blocked(found.number, reason)
        shown_number = display_account_number(found.number)
        if reason is None:
            actor.audit(ctx, uow, AuditAction.ACCOUNT_UNBLOCKED, shown_number)
        else:
            actor.audit(ctx, uow, AuditAction.ACCOUNT_BLOCKED, f"{shown_number}: {reason}")
        uow.commit()
    return dataclasses.replace(found, blocked_reason=reason)


def _teller(ctx: Context, actor: Actor) -> Teller:
    return Teller(ctx.terminal, actor.login, ctx.office)


def _checked(
    uow: UnitOfWork, teller: Teller, now: datetime, document: IdDocument | None
) -> IdDocument | Exception:
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    return check_full_document(uow, now, settings, document, teller=teller)
