"""The cashier's use cases at the counter: accept a bet, cancel in the window, look up a slip."""

from __future__ import annotations

import dataclasses
import secrets
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from decimal import Decimal

from pos.betting import requests
from pos.betting.cashless import IssuedFromAccount, Payer, issue_from_account
from pos.betting.errors import (
    OddsChanged,
    RequestPrinting,
    SlipNotIssued,
    SlipNotOpen,
)
from pos.betting.identity_checks import _check_identity
from pos.betting.numbers import LENGTH, make_slip_number, parse_slip_number
from pos.betting.pricing import Pick, PickOrBlock, PricedBet, normalise_picks, price_bet
from pos.betting.reporting import bet_fields
from pos.betting.slips import CashMovement, Slip, SlipStatus, Transition, issued, voided
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.errors import ConcurrentChange, PosError, UnknownSlip
from pos.core.inputs import REASON, clean_text, shown
from pos.core.money import to_money
from pos.core.ports import UnitOfWork
from pos.people.identity import IdDocument
from pos.skks import outbox
from pos.skks.messages import Kind, Message
from pos.till import fiscal
from pos.till.fiscal import FiscalReceipt, ReceiptKind, Register
from pos.till.shifts import CashKind, require_working

SECRET_SETTING = "slip_secret"
# A confirmation later than this, or by someone else, is a recovery after a failure.
_LATE = timedelta(minutes=1)
_STATUS_WORDS = {
    SlipStatus.CANCELLED: "отменён",
    SlipStatus.WON: "рассчитан",
    SlipStatus.LOST: "рассчитан",
    SlipStatus.REFUND: "рассчитан",
    SlipStatus.PAID: "выплачен",
    SlipStatus.CASHED_OUT: "выкуплен",  # issue 38
}


@dataclasses.dataclass(frozen=True)
class BetRequest:
    """What the cashier asks to issue; `request_key` makes a repeat return the same slip."""

    legs: Sequence[PickOrBlock]
    stake: object
    kind: object = "single"
    document: IdDocument | None = None
    agreed_in_play: bool = False
    request_key: str | None = None
    # What the player was shown and agreed to; if the odds moved since, nothing is issued.
    expected_payout: Decimal | None = None
    # p.7 (issue 37): the stake paid from this account through `payer`; None: cash.
    account: object = None
    payer: Payer | None = None
    limits_waived: bool = False  # a manager accepted it on referral (issue 38, pos.risk)


@dataclasses.dataclass(frozen=True)
class PendingBet:
    """A slip saved as waiting for its print, with what the print needs."""

    slip: Slip
    receipt: FiscalReceipt  # planned, not recorded: recorded when the print is confirmed
    settings: shop_settings.ShopSettings
    after: Register | None = None  # the register once the receipt is recorded
    message: Message | None = None  # to the СККС controller, registered before the print
    registration: str | None = None  # the controller's number, recorded as the slip is issued


def accept_bet(
    uow: UnitOfWork, teller: Teller, now: datetime, request: BetRequest
) -> PendingBet | IssuedFromAccount | Slip | Exception:
    """Save a slip waiting for its print in the open unit of work, or return the refusal.

    A repeated request returns the slip issued for it before (a `Slip`, nothing to print);
    a stake paid from an account issues the slip at once (pos.betting.cashless, p.7).

    Refusals are returned, not raised, so that the caller commits the identity check made on
    the way before raising (p.4: every check and every refusal is recorded). A bad market code
    or a reused request key is raised at once: nothing was recorded yet.
    """
    picks = normalise_picks(request.legs)
    key = requests.request_key(request.request_key)
    document, payer, account = request.document, request.payer, ""
    if payer is not None:  # p.7: the account's row locked first (account → shift → register)
        account, document = payer.identify(uow, teller, request.account, document)
    _read_ahead(uow, teller, picks, key)
    stored = uow.settings.load(teller.office)
    settings = shop_settings.from_text(stored)
    uow.slips.lock_issuing(teller.terminal)  # a request pressed twice on two connections waits
    if key is not None and (earlier := uow.slips.by_request(key)) is not None:
        if earlier.status is SlipStatus.PENDING:
            raise RequestPrinting(earlier.number)
        return requests.repeat(earlier, picks, request.stake, request.kind)
    # The shift row locked: a closing on another window waits for this bet, or refuses it.
    require_working(
        uow.shifts.open_for(teller.terminal, for_update=True), teller.terminal, now, settings.zone
    )
    secret = shop_secret(uow, stored)  # also the register's keys (issue 35)
    refusal = _check_identity(uow, teller, now, settings, document, secret)
    if refusal is not None:
        return refusal
    try:
        priced = price_bet(
            uow,
            settings,
            now,
            picks=picks,
            stake=request.stake,
            kind=request.kind,
            agreed_in_play=request.agreed_in_play,
            limits_waived=request.limits_waived,
        )
    except PosError as refused:
        return refused  # the identity check above stays recorded
    shown = None if request.expected_payout is None else to_money(request.expected_payout)
    if shown is not None and priced.possible_payout != shown:
        return OddsChanged(shown, priced.possible_payout)
    if payer is not None:  # no cash, no fiscal receipt: issued with the account's debit
        slip = new_slip(uow, teller, now, priced, request.agreed_in_play, key, secret)
        slip = dataclasses.replace(slip, account=account)
        return issue_from_account(uow, teller, now, slip, settings, payer)
    register = fiscal.register_for(uow, teller.terminal)
    fiscal.require_idle(uow, register)
    slip = new_slip(uow, teller, now, priced, request.agreed_in_play, key, secret)
    receipt, after = fiscal.next_receipt(
        register, ReceiptKind.INCOME, slip.stake, now, teller.login, slip.number
    )
    # Not issued yet: the slip waits for the printer (pos.shop.desk confirms or voids it). Its
    # receipt number is only planned; nothing else can number a receipt meanwhile.
    slip = dataclasses.replace(slip, status=SlipStatus.PENDING, fiscal_receipt_no=receipt.number)
    uow.slips.add(slip)
    message = outbox.write(
        uow, settings, teller.where, Kind.BET_ACCEPTED, now, slip.number, bet_fields(slip)
    )
    teller.audit(uow, now, AuditAction.SLIP_PENDING, f"{slip.number} {slip.kind} {slip.stake}")
    return PendingBet(slip, receipt, settings, after, message)


def _read_ahead(uow: UnitOfWork, teller: Teller, picks: list[list[Pick]], key: str | None) -> None:
    """The reads of a bet that need nothing from one another, in the order it makes them."""
    legs = [pick for member in picks for pick in member]
    codes = [code for code, _ in legs]
    uow.read_ahead(
        lambda: uow.settings.load(teller.office),
        lambda: uow.slips.lock_issuing(teller.terminal),
        *([lambda: uow.slips.by_request(key)] if key is not None else []),
        lambda: uow.shifts.open_for(teller.terminal, for_update=True),
        lambda: uow.line.events_by_code(codes),
        lambda: uow.line.quotes_for(legs),
        lambda: uow.results.for_events(codes),
        uow.line.sport_limits,
        lambda: uow.liability.outcome_payouts(legs),  # the liability cap's (issue 38)
        *fiscal.register_reads(uow, teller.terminal),
        uow.slips.next_serial,
    )


def confirm_pending(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    number: str,
    *,
    receipt_printed: bool,
    receipt_spoiled: str | None = None,
    receipt_in_doubt: bool = False,
) -> Slip:
    """Issue a slip the printer took: stake recorded, income receipt numbered, audit.

    `receipt_spoiled` (the reason) when the receipt's own job broke after its bytes went out
    (a separate fiscal printer): its planned number is recorded as spoiled and the stake's
    receipt takes the next number, unprinted. `receipt_in_doubt` when nobody knows whether
    the receipt came out (a recovery after a crash): «Допечатать чеки» asks first.
    Confirming twice returns the slip already issued.

    Raises:
        SlipNotIssued: the slip was voided meanwhile.
        ConcurrentChange: the register moved on since the receipt was planned (the number
            printed on the receipt would not be the one recorded).
    """
    slip = _pending_slip(uow, teller, number)
    if slip.status is SlipStatus.VOID:
        raise SlipNotIssued(slip.number, pending=False)
    if slip.status is not SlipStatus.PENDING:
        return slip
    register = fiscal.register_for(uow, slip.terminal)
    receipt, after = fiscal.next_receipt(
        register, ReceiptKind.INCOME, slip.stake, slip.issued_at, slip.cashier, slip.number
    )
    if receipt.number != slip.fiscal_receipt_no:
        raise ConcurrentChange()
    if receipt_spoiled is not None:
        register = fiscal.record_spoiled(uow, receipt, register, receipt_spoiled)
        receipt, after = fiscal.next_receipt(
            register, ReceiptKind.INCOME, slip.stake, now, slip.cashier, slip.number
        )
    issue = _move_issued(uow, slip, receipt)
    receipt = dataclasses.replace(receipt, printed=receipt_printed, in_doubt=receipt_in_doubt)
    return _issue_printed(uow, teller, now, issue.applied(slip), receipt, after)


def issue_planned(uow: UnitOfWork, teller: Teller, now: datetime, planned: PendingBet) -> Slip:
    """`confirm_pending` right after the print took the slip and its receipt, from what the
    bet planned: nothing read back (issue 34: the slip and its receipt were worked out
    twice, once in each transaction).

    Raises:
        ConcurrentChange: the slip no longer waits (voided or confirmed on another window) or
            the register moved on; `confirm_pending` then reads it back and says which.
    """
    assert planned.after is not None, "a bet plans the register after its receipt"
    slip, receipt = planned.slip, planned.receipt
    issue = _move_issued(uow, slip, receipt)  # the slip's row first, as a confirmation locks
    # Then the drawer's shift (lock order), read with the move and the BEGIN in one round trip.
    uow.read_ahead(lambda: uow.shifts.hold_open(slip.terminal))
    uow.shifts.hold_open(slip.terminal)
    printed = dataclasses.replace(receipt, printed=True)
    outbox.record(uow, planned.message, planned.registration, now)
    return _issue_printed(uow, teller, now, issue.applied(slip), printed, planned.after)


def _move_issued(uow: UnitOfWork, slip: Slip, receipt: FiscalReceipt) -> Transition:
    issue = issued(slip.number, receipt.number)
    uow.slips.move_or_refuse(issue, ConcurrentChange())
    return issue


def _issue_printed(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    slip: Slip,
    receipt: FiscalReceipt,
    after: Register,
) -> Slip:
    """The stake, the numbered receipt and the audit line of a slip just moved to issued."""
    uow.slips.add_cash(
        CashMovement(
            slip.issued_at, slip.terminal, slip.cashier, CashKind.STAKE, slip.stake, slip.number
        )
    )
    fiscal.record_receipt(uow, receipt, after)
    agreed = " согласовано" if slip.agreed_in_play else ""
    late = "" if teller.login == slip.cashier and now - slip.issued_at < _LATE else " после сбоя"
    teller.audit(
        uow,
        now,
        AuditAction.BET_ACCEPTED,
        f"{slip.number} {slip.kind} {slip.stake}{agreed} чек {receipt.number}{late}",
    )
    return slip


def void_pending(
    uow: UnitOfWork, teller: Teller, now: datetime, number: str, why: str, *, spoil: bool
) -> Slip:
    """Void a slip that did not come out of the printer: never issued, never payable.

    With `spoil` (its job may have reached the printer: broken midway, or a recovery after
    a crash) the receipt number planned for it is recorded as spoiled, never reused.

    Raises:
        SlipNotOpen: the slip was confirmed meanwhile (it is issued and stays so).
        InvalidText: a reason no database can store.
    """
    why = clean_text(why, "void_reason", REASON)
    slip = _pending_slip(uow, teller, number)
    if slip.status is SlipStatus.VOID:
        return slip
    if slip.status is not SlipStatus.PENDING:
        raise SlipNotOpen(slip.number, "выдан")
    planned = slip.fiscal_receipt_no
    void = voided(slip.number)
    uow.slips.move_or_refuse(void, ConcurrentChange())
    detail = f"{slip.number}: {why}"
    if spoil and planned is not None:
        fiscal.spoil_planned(
            uow,
            FiscalReceipt(
                "",
                planned,
                0,
                ReceiptKind.INCOME,
                slip.stake,
                slip.issued_at,
                slip.terminal,
                slip.cashier,
                slip.number,
            ),
            f"купон {slip.number} не выдан: {why}",
        )
        detail += f"; чек {planned} аннулирован"
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    outbox.annul(uow, settings, teller.where, now, [Kind.BET_ACCEPTED], slip.number)
    teller.audit(uow, now, AuditAction.SLIP_VOIDED, detail[:500])
    return void.applied(slip)


def _pending_slip(uow: UnitOfWork, teller: Teller, number: str) -> Slip:
    """The slip waiting for its print, locked, read ahead with the register (which a
    confirmation or a void reads next)."""
    if not _canonical(number):  # named by its canonical number; anything else is none
        raise UnknownSlip(shown(number))
    uow.read_ahead(
        lambda: uow.slips.get(number, for_update=True),
        lambda: uow.shifts.open_for(teller.terminal, for_update=True),
        lambda: uow.settings.register_of(teller.terminal),
        lambda: uow.fiscal.register_at(teller.terminal),
    )
    slip = uow.slips.get(number, for_update=True)
    if slip is None:
        raise UnknownSlip(shown(number))
    # The drawer's shift before the register, as a bet locks them (tests/integration/
    # test_lock_order.py): a bet retried on another connection never deadlocks with this.
    uow.shifts.open_for(slip.terminal, for_update=True)
    return slip


def _canonical(number: object) -> bool:
    """Whether `number` is a slip number as the counter names a slip waiting for its print."""
    return (
        isinstance(number, str)
        and number.isascii()
        and number.isdecimal()
        and len(number) == LENGTH
    )


def find_slip(
    uow: UnitOfWork,
    number: str,
    *,
    for_update: bool = False,
    stored: dict[str, str] | None = None,
) -> Slip:
    """The slip with this number as typed or scanned (`stored`: the settings, if loaded).

    Raises:
        InvalidSlipNumber: the check code does not match (never looked up).
        UnknownSlip: no slip has this number.
    """
    canonical = parse_slip_number(number, shop_secret(uow, stored))
    slip = uow.slips.get(canonical, for_update=for_update)
    if slip is None:
        raise UnknownSlip(canonical)
    if slip.status in (SlipStatus.PENDING, SlipStatus.VOID):
        raise SlipNotIssued(slip.number, pending=slip.status is SlipStatus.PENDING)
    return slip


def new_slip(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    priced: PricedBet,
    agreed_in_play: bool,
    request_key: str | None,
    secret: bytes,
) -> Slip:
    """A new slip of `priced`, numbered by the next serial (the counter's, a coupon's)."""
    number = make_slip_number(uow.slips.next_serial(), secret)
    return Slip(
        number=number,
        kind=priced.kind,
        members=priced.members,
        stake=priced.stake,
        total_odds=priced.total_odds,
        possible_payout=priced.possible_payout,
        payout_cap=priced.payout_cap,
        terminal=teller.terminal,
        cashier=teller.login,
        office=teller.office,
        issued_at=now,
        agreed_in_play=agreed_in_play,
        request_key=request_key or uuid.uuid4().hex,
    )


def shop_secret(uow: UnitOfWork, stored: dict[str, str] | None = None) -> bytes:
    """The organiser's secret that keys slip and account numbers' check codes and the
    document hashes (pos.accounts.accounts), the same in every office."""
    # Migration 0002 creates the secret; the fakes and a hand-made database get one here.
    secret = (stored if stored is not None else uow.settings.load()).get(SECRET_SETTING)
    if secret is None:
        secret = secrets.token_hex(32)
        uow.settings.save({SECRET_SETTING: secret})
    return bytes.fromhex(secret)
