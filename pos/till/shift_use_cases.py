"""The shift use cases of a signed-in desk: open, cash in and out, the count, close (issue #7).

Each is one transaction on the terminal's shift row. Bets, window returns and payouts check
the open shift in their own transactions (pos.betting.counter, pos.payouts.use_cases) through
`pos.till.shifts.require_working`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import PrinterUnavailable
from pos.core.input_errors import InvalidAmount
from pos.core.inputs import REASON, clean_text
from pos.core.money import format_roubles, to_money
from pos.core.ports import UnitOfWork
from pos.core.wording import display_slip_number
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.skks.messages import Kind
from pos.skks.reconcile import Reconciliation
from pos.skks.use_cases import registered_or_undone
from pos.till import day_reports, fiscal, reporting
from pos.till import use_cases as till
from pos.till.day_reports import DayReport
from pos.till.errors import (
    PrintFailed,
    ShiftAlreadyOpen,
    ShiftCloseBlocked,
    ShiftNotOpen,
    TransferRefused,
)
from pos.till.registering import annul, closing_checked, report
from pos.till.shifts import (
    CashSummary,
    CashTransfer,
    Shift,
    ShiftEndNotice,
    ShiftState,
    TransferKind,
    require_registration,
    require_working,
    shift_end_notice,
)


@dataclass(frozen=True)
class ShiftStatus:
    """An open shift and its cash so far (what the X report and the till page show), and,
    from an hour before its 24 hours run out, the notice to close it (issue 16)."""

    shift: Shift
    summary: CashSummary
    ending: ShiftEndNotice | None = None


@dataclass(frozen=True)
class ShiftClosing:
    """A closed shift: what the drawer should have held, what was counted, the difference,
    and the Z report that closed the fiscal day (None when no receipt was made)."""

    shift: Shift
    summary: CashSummary
    z_report: DayReport | None
    # The shift is closed and the day reported even when the Z report did not come out:
    # why, to say so beside the figures (print it again from the till page).
    print_failure: PrintFailed | None = None
    # Its totals compared with the СККС controller's (None: the office reports to none).
    skks: Reconciliation | None = None

    @property
    def expected(self) -> Decimal:
        return self.summary.expected

    @property
    def counted(self) -> Decimal:
        assert self.shift.counted is not None
        return self.shift.counted

    @property
    def difference(self) -> Decimal:
        return self.counted - self.expected


def open_shift(ctx: Context, actor: Actor, cash: object) -> Shift:
    """Open this terminal's shift with the float counted in the drawer.

    Raises:
        InvalidAmount; ShiftAlreadyOpen: one is open here (work in it or close it);
        RegistrationMissing: the licence, УНП or register's registration number not set.
    """
    opening = _cash(cash)
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        found = uow.shifts.open_for(ctx.terminal, for_update=True)
        if found is not None:
            zone = shop_settings.from_text(uow.settings.load()).zone
            raise ShiftAlreadyOpen(ctx.terminal, found.opened_by, found.opened_at.astimezone(zone))
        settings = shop_settings.from_text(uow.settings.load(ctx.office))
        require_registration(settings, ctx.terminal, uow.settings.register_number(ctx.terminal))
        shift = uow.shifts.add(Shift(0, ctx.terminal, now, actor.login, opening, office=ctx.office))
        actor.audit(
            ctx,
            uow,
            AuditAction.SHIFT_OPENED,
            f"кассовая смена {shift.id}: размен {format_roubles(opening)}",
        )
        register = uow.fiscal.register_at(ctx.terminal)
        if register is None or not register.day_open:  # the register's day begins
            report(uow, settings, ctx, now, shift, *reporting.register_opened(shift))
        message = report(uow, settings, ctx, now, shift, *reporting.shift_opened(shift))
        uow.commit()

    def undo(uow: UnitOfWork, at: datetime, why: str, maybe_registered: bool) -> None:
        uow.shifts.remove(shift.id)
        annul(uow, settings, ctx, at, shift, Kind.TERMINAL_OPENED, Kind.SHIFT_OPENED)
        detail = f"кассовая смена {shift.id}: не открыта ({why})"
        actor.audit(ctx, uow, AuditAction.SHIFT_OPENED, detail)

    registered_or_undone(ctx, message, "shift_open", undo)
    return shift


def shift(ctx: Context, actor: Actor) -> ShiftStatus | None:
    """This terminal's open shift and its cash so far, or None."""
    with ctx.unit_of_work() as uow:
        shift = uow.shifts.open_for(ctx.terminal)
        if shift is None:
            return None
        summary = _summary(uow, shift)
    return ShiftStatus(shift, summary, shift_end_notice(shift, ctx.clock.now()))


def cash_in(ctx: Context, actor: Actor, amount: object, reason: str) -> CashTransfer:
    """Put cash into the drawer (change from the safe), with the reason.

    Raises:
        InvalidAmount, TransferRefused, ShiftNotOpen, ShiftTooLong; PrintFailed: recorded,
        its document did not print.
        InvalidText: a reason no database can store.
    """
    return _transfer(ctx, actor, TransferKind.CASH_IN, amount, reason)


def cash_out(ctx: Context, actor: Actor, amount: object, reason: str) -> CashTransfer:
    """Take cash out of the drawer (to the safe or the bank), with the reason (managers,
    or a cashier with a manager's PIN).

    Raises:
        NotPermitted, InvalidAmount, TransferRefused (also: more than the drawer holds),
        ShiftNotOpen, ShiftTooLong; PrintFailed: recorded, its document did not print.
        InvalidText: a reason no database can store.
    """
    actor.require(Permission.CASH_OUT)
    return _transfer(ctx, actor, TransferKind.CASH_OUT, amount, reason)


def close_shift(ctx: Context, actor: Actor, counted: object) -> ShiftClosing:
    """Close the shift with the cash counted in the drawer (a blind count: the expected
    sum is given only now), and close the fiscal day with the Z report.

    Raises:
        InvalidAmount; ShiftNotOpen; ShiftCloseBlocked: naming each thing in the way
        (a slip waiting for its print, receipts not printed) and its fix. A Z report
        that does not print does not raise: the closing is made and returned with its
        `print_failure` (print it again from the till page).
    """
    count = _cash(counted)
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        shift = uow.shifts.open_for(ctx.terminal, for_update=True)
        if shift is None:
            raise ShiftNotOpen(ctx.terminal)
        _check_can_close(uow, ctx.terminal)
        movements = uow.shifts.movements(shift.terminal, shift.opened_at)
        transfers = uow.shifts.transfers(shift.id)
        summary = CashSummary.of(shift.opening_cash, movements, transfers)
        closed = dataclasses.replace(
            shift,
            state=ShiftState.CLOSED,
            closed_at=now,
            closed_by=actor.login,
            counted=count,
            expected=summary.expected,
        )
        uow.shifts.close(closed)
        z_report = None
        register = fiscal.register_for(uow, ctx.terminal)
        if register.day_open:
            z_report = day_reports.day_report(
                uow, ctx.terminal, ctx.office, now, actor.login, closing=True, closes_shift=shift.id
            )
        actor.audit(
            ctx,
            uow,
            AuditAction.SHIFT_CLOSED,
            f"кассовая смена {shift.id}: ожидалось {format_roubles(summary.expected)}, "
            f"посчитано {format_roubles(count)}, разница "
            f"{format_roubles(count - summary.expected)}",
        )
        settings = shop_settings.from_text(uow.settings.load(ctx.office))
        tallies = uow.shifts.tallies(shift)
        totals = reporting.shift_totals(shift, count, summary.expected, tallies)
        sent = [report(uow, settings, ctx, now, shift, *totals)]
        if z_report is not None:  # the Z closed the register's day
            sent.append(
                report(uow, settings, ctx, now, shift, *reporting.register_closed(shift, count))
            )
        uow.commit()
    checked = closing_checked(ctx, shift, sent[-1])
    failure = None
    if z_report is not None:
        z_report = dataclasses.replace(z_report, skks=checked)
        try:
            till.print_report(ctx, actor, z_report)
        except PrintFailed as failed:
            failure = failed
    return ShiftClosing(closed, summary, z_report, failure, checked)


def _transfer(
    ctx: Context, actor: Actor, kind: TransferKind, amount: object, reason: str
) -> CashTransfer:
    why = clean_text(reason or "", "transfer_reason", REASON)
    if not why:
        raise TransferRefused("reason")
    money = to_money(amount)
    if money <= 0:
        raise TransferRefused("not_positive")
    now = ctx.clock.now()
    with ctx.unit_of_work() as uow:
        settings = shop_settings.from_text(uow.settings.load(ctx.office))
        shift = require_working(
            uow.shifts.open_for(ctx.terminal, for_update=True), ctx.terminal, now, settings.zone
        )
        if kind is TransferKind.CASH_OUT and money > shift.drawer:
            raise TransferRefused("too_much", shift.drawer)
        transfer = CashTransfer(shift.id, now, actor.login, kind, money, why[:200])
        transfer_id = uow.shifts.add_transfer(transfer)
        words = "внесение" if kind is TransferKind.CASH_IN else "изъятие"
        actor.audit(
            ctx,
            uow,
            AuditAction.CASH_IN if kind is TransferKind.CASH_IN else AuditAction.CASH_OUT,
            f"кассовая смена {shift.id}: {words} {format_roubles(money)}; причина: {why}",
        )
        after = shift.drawer + (money if kind is TransferKind.CASH_IN else -money)
        told = reporting.transfer(shift, kind, money, after)
        message = report(uow, settings, ctx, now, shift, *told)
        uow.commit()

    def undo(uow: UnitOfWork, at: datetime, why: str, maybe_registered: bool) -> None:
        uow.shifts.remove_transfer(transfer_id)
        annul(uow, settings, ctx, at, shift, told[0])
        action = AuditAction.CASH_IN if kind is TransferKind.CASH_IN else AuditAction.CASH_OUT
        actor.audit(ctx, uow, action, f"кассовая смена {shift.id}: {words} отменено ({why})")

    registered_or_undone(ctx, message, kind_operation(kind), undo)
    _print_transfer(ctx, actor, transfer)
    return transfer


def _print_transfer(ctx: Context, actor: Actor, transfer: CashTransfer) -> None:
    settings = ctx.settings()
    try:
        with ctx.printing() as station:
            station.print_cash_transfer(transfer, ctx.terminal, settings)
    except PrinterUnavailable as failure:
        inward = transfer.kind is TransferKind.CASH_IN
        what = "Документ внесения" if inward else "Документ изъятия"
        raise PrintFailed(what, failure) from failure


def kind_operation(kind: TransferKind) -> str:
    return "cash_in" if kind is TransferKind.CASH_IN else "cash_out"


def _cash(value: object) -> Decimal:
    """Cash counted in a drawer: an exact amount, zero or more."""
    amount = to_money(value)
    if amount < 0:
        raise InvalidAmount(str(value), "negative")
    return amount


def _summary(uow: UnitOfWork, shift: Shift) -> CashSummary:
    return CashSummary.of(
        shift.opening_cash,
        uow.shifts.movements(shift.terminal, shift.opened_at),
        uow.shifts.transfers(shift.id),
    )


def _check_can_close(uow: UnitOfWork, terminal: str) -> None:
    """Everything in the way of closing, each with its fix (Odoo's _check_if_no_draft_orders)."""
    blockers = []
    pending = uow.slips.pending(terminal)
    if pending is not None:
        blockers.append(
            f"купон № {display_slip_number(pending.number)} ждёт подтверждения печати — "
            "подтвердите или аннулируйте его на странице «Касса»"
        )
    payout = uow.pending_payouts.for_terminal(terminal)
    if payout is not None:
        blockers.append(
            f"выплата по купону № {display_slip_number(payout.slip_number)} ждёт подтверждения "
            "печати чека — ответьте, вышел ли чек, на странице «Касса»"
        )
    serial = uow.settings.register_serial(terminal)
    unprinted = uow.fiscal.unprinted(serial) if serial else []
    if unprinted:
        numbers = ", ".join(str(r.number) for r in unprinted)
        blockers.append(f"не напечатаны чеки № {numbers} — нажмите «Допечатать чеки»")
    if blockers:
        raise ShiftCloseBlocked(blockers)


__all__ = ["ShiftClosing", "ShiftStatus"]
