"""A manager registers a remote coupon whose money has arrived (p.17, issue 37).

The bet is accepted at the odds and time of the registration (not of the coupon's posting),
by the ordinary pricing and limits (pos.betting.pricing), for the player the coupon names
(the age and the register of restricted persons checked as at the counter, p.4). No cash
moves and no fiscal receipt is issued: the stake's payment order enters the register of
transfers (once among all transfers, pos.accounts.transfer_rules) with no account, the
coupon's record beside it, the slip issued in the same transaction, then printed and kept
for sending to the player.

    boss.register_coupon(coupon="К-0042", legs=[(101, "1")], stake=Decimal("10"),
                         player=IdDocument(...), paid_by="transfer", order="125", on=date,
                         bank_account="BY…")
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import date, datetime
from typing import cast

from pos.accounts.errors import OrderRecorded
from pos.accounts.transfer_rules import (
    Direction,
    PaymentOrder,
    Transfer,
    optional_bank_account,
    parse_order_date,
    parse_order_number,
)
from pos.betting.counter import new_slip, shop_secret
from pos.betting.identity_checks import _check_identity
from pos.betting.pricing import PickOrBlock, normalise_picks, price_bet
from pos.betting.reporting import bet_fields
from pos.betting.slips import Cancellation, Slip, cancelled
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import ConcurrentChange, PosError, PrinterUnavailable
from pos.core.money import format_roubles
from pos.core.ports import UnitOfWork
from pos.core.wording import display_slip_number
from pos.coupons.errors import CouponOrderRecorded, CouponRegistered, InvalidCoupon
from pos.coupons.rules import (
    Coupon,
    PaidBy,
    legs_from_text,
    parse_coupon_number,
    parse_paid_by,
)
from pos.payouts.journal import player_name
from pos.people.actor import Actor
from pos.people.identity import IdDocument
from pos.people.permissions import Permission
from pos.people.restricted import document_key
from pos.skks import outbox
from pos.skks import use_cases as skks_cases
from pos.skks.messages import Kind, Message
from pos.till.errors import PrintFailed


@dataclasses.dataclass(frozen=True)
class CouponTerms:
    """What the manager typed from the coupon, each field checked (the legs and the stake
    are checked by the pricing, as at the counter)."""

    number: str
    legs: Sequence[PickOrBlock]
    stake: object
    kind: object
    player: IdDocument
    paid_by: PaidBy
    order: str  # the payment (or postal) order's number
    on: date | None  # its date; None: today
    bank_account: str  # the player's; "" for a postal order


@dataclasses.dataclass(frozen=True)
class Registered:
    """A coupon's slip issued in the open unit of work, to print once it is committed."""

    slip: Slip
    settings: shop_settings.ShopSettings
    message: Message | None


def register_coupon(  # noqa: PLR0913 - the coupon's fields, each named at the call (DESIGN.md)
    ctx: Context,
    actor: Actor,
    *,
    coupon: object,
    legs: Sequence[PickOrBlock] | str,
    stake: object,
    player: IdDocument | None,
    paid_by: object,
    order: object,
    on: object = None,
    bank_account: object = None,
    kind: object = "single",
) -> Slip:
    """Register a coupon whose money has arrived: its slip issued at the odds of now, marked
    «по купону № …», with no cash and no fiscal receipt, then printed (p.17).

    Args:
        coupon: the coupon's number as printed on the bookmaker's form.
        legs, stake, kind: the bet, as at the counter (`accept_bet`); the legs may be the
            form's text «101 1; 102 O2.5».
        player: the player's document as the coupon gives it.
        paid_by: "transfer" (from the player's bank account or card: `bank_account`
            required) or "postal" (a postal order).
        order: the payment (or postal) order's number; on: its date (None: today).

    Returns:
        The slip issued.

    Raises:
        NotPermitted; InvalidCoupon, InvalidOrder, InvalidBankAccount: what was typed;
        CouponRegistered: the same coupon twice; OrderRecorded, CouponOrderRecorded: the
        payment order is in the register already; the counter's refusals (the document, the
        age, the register of restricted persons, the line and the limits); PrintFailed: the
        coupon is registered, its slip did not come out (reprint it).
    """
    actor.require(Permission.TRANSFERS)
    teller = Teller(ctx.terminal, actor.login, ctx.office)
    terms = _terms(coupon, legs, stake, kind, player, paid_by, order, on, bank_account)
    with ctx.unit_of_work() as uow:
        outcome = _register(uow, teller, ctx.clock.now(), terms)
        uow.commit()  # the coupon, or the refused identity check (p.4: every check recorded)
    if isinstance(outcome, Exception):
        raise outcome
    return _print(ctx, actor, outcome, terms.number)


def _terms(
    coupon: object,
    legs: Sequence[PickOrBlock] | str,
    stake: object,
    kind: object,
    player: IdDocument | None,
    paid_by: object,
    order: object,
    on: object,
    bank_account: object,
) -> CouponTerms:
    number = parse_coupon_number(coupon)
    # The form's text: codes as typed; the pricing reads them as the counter's field does.
    picks = cast("Sequence[PickOrBlock]", legs_from_text(legs)) if isinstance(legs, str) else legs
    how = parse_paid_by(paid_by)
    account = optional_bank_account(bank_account)
    if how is PaidBy.TRANSFER and not account:
        raise InvalidCoupon("bank_account", "")
    if not isinstance(player, IdDocument):
        raise InvalidCoupon("player", "")
    dated = None if on is None else parse_order_date(on)
    account = account if how is PaidBy.TRANSFER else ""  # a postal order: no bank account
    return CouponTerms(
        number, picks, stake, kind, player, how, parse_order_number(order), dated, account
    )


def _register(
    uow: UnitOfWork, teller: Teller, now: datetime, terms: CouponTerms
) -> Registered | Exception:
    """The coupon's checks, its slip, the stake's order and the coupon's record; a refusal
    after the identity check is returned, so that the check stays recorded (p.4)."""
    picks = normalise_picks(terms.legs)
    stored = uow.settings.load(teller.office)
    settings = shop_settings.from_text(stored)
    earlier = uow.coupons.get(terms.number)
    if earlier is not None:
        raise CouponRegistered(earlier.number, earlier.slip_number)
    on = terms.on or now.astimezone(settings.zone).date()
    payment = PaymentOrder(terms.order, on, terms.bank_account)
    _require_new(uow, payment)
    secret = shop_secret(uow, stored)
    refusal = _check_identity(uow, teller, now, settings, terms.player, secret)
    if refusal is not None:
        return refusal
    try:
        priced = price_bet(
            uow,
            settings,
            now,
            picks=picks,
            stake=terms.stake,
            kind=terms.kind,
            agreed_in_play=False,
        )
    except PosError as refused:
        return refused  # the identity check above stays recorded
    # The coupon's slip, open at once: no print waits for a receipt (no cash moved).
    slip = dataclasses.replace(
        new_slip(uow, teller, now, priced, False, None, secret), coupon=terms.number
    )
    uow.slips.add(slip)
    player = player_name(terms.player)
    coupon = Coupon(
        terms.number,
        slip.number,
        terms.paid_by,
        payment,
        slip.stake,
        player[:200],
        document_key(terms.player.number, secret),
        now,
        teller.terminal,
        teller.login,
        teller.office,
    )
    uow.transfers.add(_stake_transfer(coupon))
    uow.coupons.add(coupon)
    message = outbox.write(
        uow, settings, teller.where, Kind.BET_ACCEPTED, now, slip.number, bet_fields(slip)
    )
    detail = (
        f"купон № {coupon.number}: {slip.number} {slip.kind} {format_roubles(slip.stake)}, "
        f"п/п № {payment.number} от {payment.on:%d.%m.%Y}, {coupon.paid_by.value}"
    )
    teller.audit(uow, now, AuditAction.COUPON_REGISTERED, detail[:500])
    return Registered(slip, settings, message)


def _require_new(uow: UnitOfWork, payment: PaymentOrder) -> None:
    """The stake's order is recorded once among all transfers (the register's rule)."""
    for recorded in uow.transfers.by_order(payment.number, payment.on):
        if recorded.direction is Direction.IN and recorded.order.same_as(payment):
            if recorded.account_number is None and recorded.reference:
                raise CouponOrderRecorded(payment.number, payment.on, recorded.reference)
            raise OrderRecorded(payment.number, payment.on, recorded.account_number)


def _stake_transfer(coupon: Coupon) -> Transfer:
    """The coupon's stake in the register of transfers: in, onto no account (p.17)."""
    return Transfer(
        Direction.IN,
        coupon.order,
        coupon.amount,
        coupon.player,
        coupon.bank_account,
        None,
        coupon.registered_at,
        coupon.terminal,
        coupon.cashier,
        coupon.office,
        purpose=f"ставка по купону № {coupon.number}",
        reference=coupon.number,
    )


def _print(ctx: Context, actor: Actor, registered: Registered, coupon: str) -> Slip:
    """Online, the controller registers the bet (not registered: the slip is cancelled, the
    coupon stays recorded); then the slip is printed, to send to the player.

    Raises:
        SkksRefused, SkksNoAnswer: the slip cancelled; PrintFailed: registered, not printed.
    """
    slip = registered.slip

    def undo(uow: UnitOfWork, now: datetime, why: str, annul: bool) -> None:
        move = cancelled(slip.number, Cancellation(now, actor.login, why[:200]))
        uow.slips.move_or_refuse(move, ConcurrentChange())
        teller = Teller(ctx.terminal, actor.login, ctx.office)
        detail = f"{slip.number}: {why} (купон № {coupon})"[:500]
        teller.audit(uow, now, AuditAction.SLIP_CANCELLED, detail)
        if annul:  # the controller may have registered it after all
            where = teller.where
            outbox.annul(uow, registered.settings, where, now, [Kind.BET_ACCEPTED], slip.number)

    skks_cases.registered_or_undone(ctx, registered.message, "bet", undo)
    try:
        with ctx.printing() as station:
            station.print_slip(slip, registered.settings)
    except PrinterUnavailable as failure:
        what = f"Купон № {display_slip_number(slip.number)} по купону № {coupon} принят"
        raise PrintFailed(what, failure) from failure
    return slip
