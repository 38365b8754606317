"""The two steps of a payout: saved as waiting for its receipt's print, then made (issue #15).

A payout prints a fiscal receipt («РАСХОД»), and paper must never say more than the
database. So, as a slip is issued: the first transaction checks the slip, the drawer and the
player and saves the payout as *waiting for its print* — the slip held (no other terminal
pays it), the receipt's number planned on this terminal's register (nothing else numbers a
receipt there meanwhile). Then the receipt is printed. Then the second transaction makes the
payout: the slip paid, the receipt recorded under the planned number, the journal entry, the
cash, the audit line. A printer that took nothing releases the payout; a job that broke after
its bytes went out releases it and spoils the planned number; a crash leaves it waiting, and
the next sign-in at that terminal asks whether the receipt came out (yes: made with the number
on paper; no: released, the number spoiled). The player's note prints after the commit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from pos.betting.counter import find_slip
from pos.betting.errors import DrawerShort
from pos.betting.numbers import LENGTH as SLIP_LENGTH
from pos.betting.numbers import slip_digits
from pos.betting.slips import CashMovement, Slip, SlipStatus, cashed_out, paid
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.clock import Clock
from pos.core.errors import ConcurrentChange
from pos.core.money import format_money
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.core.wording import paid_from
from pos.offices.errors import PaidOnlyWhereIssued
from pos.payouts.errors import FromRemoteCoupon, NotPayable
from pos.payouts.journal import (
    CASHOUT_NOTE,
    JournalEntry,
    JournalQuery,
    document_text,
    player_name,
)
from pos.payouts.rules import PendingPayout, payable_amount, pays_same_day
from pos.people.identity import IdDocument
from pos.settlement.results import Result
from pos.skks import outbox
from pos.skks.messages import PAID_KINDS, Kind, Message, paid_fields
from pos.till import fiscal
from pos.till.fiscal import FiscalReceipt, ReceiptKind, Register
from pos.till.shifts import CashKind, require_working


@dataclass(frozen=True)
class PlannedReceipt:
    """The first step done: the payout waiting, and the receipt to print."""

    pending: PendingPayout
    receipt: FiscalReceipt  # planned, not recorded until the payout is made
    after: Register  # the register once the receipt is recorded
    # To the СККС controller, registered before the receipt is printed (issue 35).
    message: Message | None = field(default=None, kw_only=True)
    registration: str | None = field(default=None, kw_only=True)  # recorded with the payout
    # An open slip bought back by the shop (issue 38, pos.cashout), not a win paid.
    cashout: bool = field(default=False, kw_only=True)


@dataclass(frozen=True)
class PlannedPayout(PlannedReceipt):
    """A slip's first step done: also what the player's note will need."""

    slip: Slip
    results: dict[int, Result]
    settings: ShopSettings


# An open slip bought back (pos.cashout, issue 38): checks the slip locked in the payout's
# transaction at the payout's moment and gives the amount of the offer the player took (marked
# taken at that moment, which the pending payout keeps), or refuses.
BuyBack = Callable[[UnitOfWork, Slip, ShopSettings, datetime], Decimal]

# How the identity check is run (pos.payouts.use_cases): the cleaned document, or the refusal
# (recorded either way).
CheckPlayer = Callable[
    [UnitOfWork, datetime, ShopSettings, IdDocument | None], IdDocument | Exception
]


def plan_payout(
    uow: UnitOfWork,
    teller: Teller,
    clock: Clock,
    number: str,
    check_player: CheckPlayer,
    document: IdDocument | None,
    *,
    by_list: bool = False,
    buy_back: BuyBack | None = None,
) -> PlannedPayout | Exception:
    """Check the slip, the drawer and the player, and save the payout waiting for its print
    (a remote coupon's slip only `by_list`: its payment list, pos.coupons, p.17; an open slip
    the shop buys back: `buy_back` checks it and gives its amount, pos.cashout, issue 38).

    Returns:
        The planned payout, or a refused identity check (recorded) to commit and raise.

    Raises:
        InvalidSlipNumber, UnknownSlip, SlipNotIssued, NotPayable, PayoutTooEarly,
        PayoutExpired, DrawerShort, ShiftNotOpen, ShiftTooLong, RegisterNotSet, PendingSlip,
        PendingPayoutWaiting, ReceiptsInDoubt, UnprintedReceipts.
    """
    _read_ahead(uow, teller, number)
    uow.settlement.hold()
    now = clock.now()
    stored = uow.settings.load(teller.office)
    slip = find_slip(uow, number, for_update=True, stored=stored)
    if slip.coupon is not None and not by_list:  # said before the shift or the drawer (p.17)
        raise FromRemoteCoupon(slip.number, slip.coupon)
    settings = shop_settings.from_text(stored)
    if slip.office != teller.office and not settings.payout_anywhere:
        issuing = uow.offices.get(slip.office)
        raise PaidOnlyWhereIssued(slip.number, slip.office, issuing.address if issuing else "")
    held = uow.pending_payouts.for_slip(slip.number)
    if held is not None:
        raise NotPayable(slip.number, "paying", held.terminal)
    shift = require_working(
        uow.shifts.open_for(teller.terminal, for_update=True), teller.terminal, now, settings.zone
    )
    results = uow.results.for_events({leg.event_code for leg in slip.legs})
    today = now.astimezone(settings.zone).date()
    amount = (
        buy_back(uow, slip, settings, now)
        if buy_back is not None
        else payable_amount(
            slip,
            results,
            today,
            settings.zone,
            same_day=pays_same_day(slip, settings),
            by_list=by_list,
        )
    )
    if amount > shift.drawer:
        raise DrawerShort(amount, shift.drawer)
    register = fiscal.register_for(uow, teller.terminal)
    fiscal.require_idle(uow, register)
    checked = check_player(uow, now, settings, document)
    if isinstance(checked, Exception):
        return checked
    pending, receipt, after = wait_for_receipt(
        uow, teller, now, register, amount, slip.number, checked
    )
    kind = Kind.STAKE_RETURNED if slip.status is SlipStatus.REFUND else Kind.WIN_PAID
    fields = paid_fields("slip", slip.number, amount, checked)
    message = outbox.write(uow, settings, teller.where, kind, now, slip.number, fields)
    cashout = buy_back is not None
    return PlannedPayout(
        pending, receipt, after, slip, results, settings, message=message, cashout=cashout
    )


def wait_for_receipt(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    register: Register,
    amount: Decimal,
    number: str,
    checked: IdDocument,
    *,
    account_number: str | None = None,
) -> tuple[PendingPayout, FiscalReceipt, Register]:
    """Save a payout of `number` (a slip's, or an account's withdrawal) as waiting for its
    «РАСХОД» receipt, the receipt's number planned on the register (locked and idle).

    Returns:
        The payout waiting, its receipt to print, the register once it is recorded.
    """
    receipt, after = fiscal.next_receipt(
        register, ReceiptKind.EXPENSE, amount, now, teller.login, number
    )
    pending = PendingPayout(
        slip_number=number,
        terminal=teller.terminal,
        cashier=teller.login,
        at=now,
        amount=amount,
        register_serial=register.serial,
        receipt_no=receipt.number,
        player=player_name(checked),
        document=document_text(checked),
        office=teller.office,
        account_number=account_number,
    )
    uow.pending_payouts.add(pending)
    return pending, of_account(receipt, pending), after


def _read_ahead(uow: UnitOfWork, teller: Teller, number: str) -> None:
    """The reads of a payout's first step that need nothing from one another, in order."""
    digits = slip_digits(number)
    uow.read_ahead(
        uow.settlement.hold,
        lambda: uow.settings.load(teller.office),
        *(
            ()
            if digits is None
            else (
                lambda: uow.slips.get(digits, for_update=True),
                lambda: uow.pending_payouts.for_slip(digits),
            )
        ),
        lambda: uow.shifts.open_for(teller.terminal, for_update=True),
        *fiscal.register_reads(uow, teller.terminal),
    )


def make_payout(
    uow: UnitOfWork,
    teller: Teller,
    clock: Clock,
    slip_number: str,
    *,
    recovered: bool,
    planned: PlannedReceipt | None = None,
) -> JournalEntry:
    """The second step: the receipt came out, so the payout is made with its number.

    Right after the print, `planned` (the first step's own result) saves reading again what
    the first step read; after a crash the pending payout is read back. Either way the
    pending row is deleted first, which takes its lock: a payout released meanwhile is not
    made, and the register's counters are written only if they are still where the receipt
    was planned from. Making it again returns the entry already made.

    Raises:
        NotPayable: nothing waits for this slip (released meanwhile).
        ConcurrentChange: the register moved on since the receipt was planned.
    """
    if planned is not None:  # the drawer's lock goes out with the first one
        terminal = planned.pending.terminal
        uow.read_ahead(uow.settlement.hold, lambda: _lock_drawer(uow, terminal))
    uow.settlement.hold()  # the journal's numbers and dates run in the same order
    now = clock.now()
    if planned is None:
        pending = uow.pending_payouts.for_slip(slip_number, for_update=True)
        if pending is None:
            return _made_before(uow, slip_number)
        cashout = uow.cashouts.taken(slip_number, pending.at)  # after a crash only
        _lock_drawer(uow, pending.terminal)
        register = fiscal.register_for(uow, pending.terminal)
        receipt, after = fiscal.next_receipt(
            register, ReceiptKind.EXPENSE, pending.amount, pending.at, pending.cashier, slip_number
        )
        receipt = of_account(receipt, pending)
        if receipt.number != pending.receipt_no:
            raise ConcurrentChange()
    else:
        pending, receipt, after = planned.pending, planned.receipt, planned.after
        cashout = planned.cashout
        _lock_drawer(uow, pending.terminal)
        outbox.record(uow, planned.message, planned.registration, now)
    if not uow.pending_payouts.remove(slip_number):
        return _made_before(uow, slip_number)
    account = pending.account_number
    if account is None:
        move = cashed_out(slip_number) if cashout else paid(slip_number)
        uow.slips.move_or_refuse(move, NotPayable(slip_number, "paid"))
    fiscal.record_receipt(uow, dataclasses.replace(receipt, printed=True), after)
    entry = JournalEntry(
        number=uow.journal.next_number(pending.office),
        paid_at=now,
        player=pending.player,
        document=pending.document,
        amount=pending.amount,
        fiscal_receipt_no=receipt.number,
        register_serial=receipt.register_serial,
        cashier=pending.cashier,
        slip_number="" if account else slip_number,
        terminal=pending.terminal,
        office=pending.office,
        account_number=account or "",
        reason=CASHOUT_NOTE if cashout else "",
    )
    uow.journal.add(entry)
    kind = CashKind.WITHDRAWAL if account else CashKind.CASHOUT if cashout else CashKind.PAYOUT
    uow.slips.add_cash(
        CashMovement(
            now,
            pending.terminal,
            pending.cashier,
            kind,
            -pending.amount,
            "" if account else slip_number,
            account,
        )
    )
    detail = (
        f"{slip_number}: {format_money(pending.amount)} руб., запись журнала {entry.number}, "
        f"чек {receipt.number}" + (" (чек вышел, подтверждено после сбоя)" if recovered else "")
    )
    action = AuditAction.SLIP_CASHED_OUT if cashout else AuditAction.PAID_OUT
    teller.audit(uow, now, action, detail)
    return entry


def _lock_drawer(uow: UnitOfWork, terminal: str) -> None:
    """The drawer's shift locked before the register's counters are written, in the order a
    bet and a payout's first step lock them: two connections at one terminal never deadlock
    (tests/integration/test_lock_order.py)."""
    uow.shifts.hold_open(terminal)


def release_payout(
    uow: UnitOfWork, teller: Teller, now: datetime, slip_number: str, why: str, *, spoil: bool
) -> int | None:
    """The receipt did not come out: the payout is not made and the slip is free again.

    With `spoil` (the job may have reached the printer) the planned number is recorded as
    spoiled, never reused.

    Returns:
        The spoiled receipt number, or None.
    """
    pending = uow.pending_payouts.for_slip(slip_number, for_update=True)
    if pending is None:
        return None
    uow.pending_payouts.remove(slip_number)
    spoiled = None
    if spoil:
        reason = f"выплата {paid_from(slip_number)} не проведена: {why}"
        fiscal.spoil_planned(uow, planned_receipt(pending), reason)
        spoiled = pending.receipt_no
    detail = f"{slip_number}: {why}" + (f"; чек {spoiled} аннулирован" if spoiled else "")
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    outbox.annul(uow, settings, teller.where, now, PAID_KINDS, slip_number)
    teller.audit(uow, now, AuditAction.PAYOUT_RELEASED, detail[:500])
    return spoiled


def planned_receipt(pending: PendingPayout) -> FiscalReceipt:
    """The receipt a pending payout planned (and may have printed)."""
    receipt = FiscalReceipt(
        pending.register_serial,
        pending.receipt_no,
        0,
        ReceiptKind.EXPENSE,
        pending.amount,
        pending.at,
        pending.terminal,
        pending.cashier,
        pending.slip_number,
    )
    return of_account(receipt, pending)


def of_account(receipt: FiscalReceipt, pending: PendingPayout) -> FiscalReceipt:
    """The receipt of a withdrawal names the account, not a slip (pos.accounts)."""
    if pending.account_number is None:
        return receipt
    return dataclasses.replace(receipt, slip_number=None, account_number=pending.account_number)


def _made_before(uow: UnitOfWork, slip_number: str) -> JournalEntry:
    """The entry of a payout made already (asked twice), or the refusal: it was released.

    Raises:
        NotPayable: no payout waits for the slip and none was made.
    """
    by_slip = len(slip_number) == SLIP_LENGTH  # else an account's withdrawal
    query = (
        JournalQuery(slip_number=slip_number)
        if by_slip
        else JournalQuery(account_number=slip_number)
    )
    entries = uow.journal.entries(query)
    made = next((e for e in entries if not e.is_correction), None)
    if made is None:
        raise NotPayable(slip_number, "not_issued")
    return made


__all__ = ["PlannedPayout", "make_payout", "plan_payout", "planned_receipt", "release_payout"]
