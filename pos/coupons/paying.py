"""A remote coupon's win or return paid where its stake came from (p.17, issue 37).

A stake from the player's bank account or card goes back only to that same account, by the
shop's payment order (`pay_coupon`); a stake sent by postal order is paid by payment order,
by postal order, or in cash at the till against the payment list («по ведомости»,
`pay_coupon_in_cash`): the ordinary cash payout (pos.payouts: the document, the fiscal
«РАСХОД» receipt, the drawer's limit, the journal entry, from the day after the last event)
with the coupon's player's document. The cash payouts page refuses a coupon's slip and says
where it is paid (`pay_out`). An order out is recorded in the register of transfers with no
account and not in the cash journal.

    boss.pay_coupon(slip.number, order="77")                 # back to the stake's account
    boss.pay_coupon(slip.number, order="78", by="postal")    # a postal coupon's postal order
    desk.pay_coupon_in_cash(slip.number, document=IdDocument(...))   # by the payment list
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from decimal import Decimal

from pos.accounts.errors import OrderRecorded
from pos.accounts.transfer_rules import (
    Direction,
    PaymentOrder,
    Transfer,
    optional_bank_account,
    parse_order_date,
    parse_order_number,
)
from pos.betting.counter import find_slip, shop_secret
from pos.betting.slips import Slip, paid
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.money import format_roubles
from pos.core.ports import UnitOfWork
from pos.coupons.errors import NotACoupon, NotCouponPlayer, PaidAsCoupon
from pos.coupons.rules import Coupon, PaidBy, PaidHow, parse_paid_how, payee_of
from pos.payouts import use_cases as payouts_cases
from pos.payouts.errors import FromRemoteCoupon, NotPayable
from pos.payouts.journal import JournalEntry
from pos.payouts.rules import payable_amount, pays_same_day
from pos.payouts.use_cases import PayoutQuote
from pos.people.actor import Actor
from pos.people.identity import IdDocument
from pos.people.permissions import Permission
from pos.people.restricted import document_key
from pos.skks import outbox
from pos.skks.messages import Kind, Value
from pos.skks.use_cases import flush


def pay_coupon(
    ctx: Context,
    actor: Actor,
    slip_number: str,
    *,
    order: object,
    by: object = "transfer",
    bank_account: object = None,
    on: object = None,
) -> Transfer:
    """Pay a coupon's win or return by the shop's order (p.17): a stake from a bank account
    back only to that account; a postal coupon's to the bank account typed, or by postal
    order (`by="postal"`). The slip becomes paid; no cash and no journal entry.

    Args:
        order: the shop's payment (or postal) order's number; on: its date (None: today).
        bank_account: where to; None: the stake's own account.

    Returns:
        The order out as the register of transfers keeps it.

    Raises:
        NotPermitted; InvalidOrder, InvalidBankAccount, InvalidCoupon: what was typed;
        InvalidSlipNumber, UnknownSlip, NotACoupon; NotPayable, PayoutTooEarly,
        PayoutExpired: as at the till; WrongBankAccount: not where p.17 sends it;
        OrderRecorded: the shop's order of this number and date is recorded.
    """
    actor.require(Permission.TRANSFERS)
    number = parse_order_number(order)
    how = parse_paid_how(by)
    chosen = optional_bank_account(bank_account)
    dated = None if on is None else parse_order_date(on)
    teller = Teller(ctx.terminal, actor.login, ctx.office)
    with ctx.unit_of_work() as uow:
        now = ctx.clock.now()
        settings = shop_settings.from_text(uow.settings.load(ctx.office))
        slip, coupon = _coupon_slip(uow, slip_number)
        amount = _owed(uow, slip, now, settings)
        payment = PaymentOrder(number, dated or now.astimezone(settings.zone).date())
        to = payee_of(coupon, how, chosen)
        _require_new(uow, payment)
        uow.slips.move_or_refuse(paid(slip.number), NotPayable(slip.number, "paid"))
        transfer = _out(coupon, payment, amount, to, now, teller, how)
        uow.transfers.add(transfer)
        fields: dict[str, Value] = {
            "slip": slip.number,
            "coupon": coupon.number,
            "amount": amount,
            "order": payment.number,
            "order_date": payment.on,
            "bank_account": to,
            "how": how.value,
        }
        outbox.write(uow, settings, teller.where, Kind.COUPON_PAID, now, slip.number, fields)
        detail = (
            f"купон № {coupon.number} ({slip.number}): {format_roubles(amount)}, "
            f"{how.value} № {payment.number} от {payment.on:%d.%m.%Y} {to}"
        )
        teller.audit(uow, now, AuditAction.COUPON_PAID, detail[:500])
        uow.commit()
    flush(ctx)  # online: the controller hears it now (the order is made)
    return transfer


def pay_coupon_in_cash(
    ctx: Context, actor: Actor, slip_number: str, document: IdDocument | None
) -> JournalEntry:
    """Pay a postal coupon's win or return in cash against the payment list (p.17): the
    ordinary cash payout (pos.payouts.use_cases.pay_out, from the day after the last event,
    a journal entry, the «РАСХОД» receipt, the drawer's limit) to the coupon's own player.

    Raises:
        InvalidSlipNumber, UnknownSlip, NotACoupon; PaidAsCoupon: the stake came from a bank
        account (its win goes back there only); NotCouponPlayer: the document is not the
        coupon's; pay_out's refusals.
    """
    actor.require(Permission.PAY_OUT)
    with ctx.unit_of_work() as uow:
        slip, coupon = _coupon_slip(uow, slip_number)
        if coupon.paid_by is PaidBy.TRANSFER:
            raise PaidAsCoupon(slip.number, coupon.number, coupon.bank_account)
        if document is not None and not _same_player(uow, coupon, document):
            raise NotCouponPlayer(coupon.number, coupon.player)
    entry = payouts_cases.pay_out(ctx, actor, slip.number, document, by_list=True)
    with ctx.unit_of_work() as uow:  # the list's note beside the journal's own audit line
        detail = f"по ведомости, купон № {coupon.number}: запись журнала № {entry.number}"
        actor.audit(ctx, uow, AuditAction.COUPON_PAID, detail)
        uow.commit()
    return entry


def pay_out(ctx: Context, actor: Actor, number: str, document: IdDocument | None) -> JournalEntry:
    """The cash payout at the till (pos.payouts.use_cases.pay_out), a coupon's slip refused
    with where it is paid (p.17).

    Raises:
        PaidAsCoupon: the slip was registered from a remote coupon; pay_out's refusals.
    """
    try:
        return payouts_cases.pay_out(ctx, actor, number, document)
    except FromRemoteCoupon as refused:  # the slip names its coupon: say where it is paid
        raise _paid_as_coupon(ctx, refused.number) from refused


def payout_quote(ctx: Context, actor: Actor, number: str) -> PayoutQuote:
    """The payouts page's quote (pos.payouts.use_cases.payout_quote); a coupon's slip is not
    payable at the till, and the quote says where it is paid (p.17) at the scan.

    Raises:
        payout_quote's refusals.
    """
    quote = payouts_cases.payout_quote(ctx, actor, number)
    if quote.slip.coupon is None:  # the till's slips: nothing more read (issue 34)
        return quote
    why = _paid_as_coupon(ctx, quote.slip.number)
    return dataclasses.replace(quote, amount=None, refusal=str(why), shift_refusal=None)


def _paid_as_coupon(ctx: Context, slip_number: str) -> PaidAsCoupon | FromRemoteCoupon:
    """Where a coupon's slip is paid, from its coupon's record (the slip names the coupon)."""
    with ctx.unit_of_work() as uow:
        coupon = uow.coupons.of_slip(slip_number)
    if coupon is None:  # a slip marked with a coupon has its record: never expected
        return FromRemoteCoupon(slip_number, "")
    return PaidAsCoupon(coupon.slip_number, coupon.number, coupon.bank_account)


def coupons(ctx: Context, actor: Actor) -> list[tuple[Coupon, Slip]]:
    """The last coupons registered, newest first, each with its slip as it is now."""
    actor.require(Permission.ACCOUNTS)
    with ctx.unit_of_work() as uow:
        found = uow.coupons.listed()
        return [(coupon, find_slip(uow, coupon.slip_number)) for coupon in found]


def _coupon_slip(uow: UnitOfWork, slip_number: str) -> tuple[Slip, Coupon]:
    slip = find_slip(uow, slip_number, for_update=True)
    coupon = uow.coupons.of_slip(slip.number)
    if coupon is None:
        raise NotACoupon(slip.number)
    return slip, coupon


def _owed(
    uow: UnitOfWork, slip: Slip, now: datetime, settings: shop_settings.ShopSettings
) -> Decimal:
    """What the coupon pays today: its win or its return, in the payout's period (p.23, p.24)."""
    results = uow.results.for_events({leg.event_code for leg in slip.legs})
    today = now.astimezone(settings.zone).date()
    same_day = pays_same_day(slip, settings)
    return payable_amount(slip, results, today, settings.zone, same_day=same_day, by_list=True)


def _same_player(uow: UnitOfWork, coupon: Coupon, document: IdDocument) -> bool:
    return document_key(document.number, shop_secret(uow)) == coupon.document_key


def _require_new(uow: UnitOfWork, payment: PaymentOrder) -> None:
    """The shop's order out is recorded once (the register's rule)."""
    for recorded in uow.transfers.by_order(payment.number, payment.on):
        if recorded.direction is Direction.OUT and recorded.order.same_as(payment):
            raise OrderRecorded(payment.number, payment.on, recorded.account_number)


def _out(
    coupon: Coupon,
    payment: PaymentOrder,
    amount: Decimal,
    to: str,
    now: datetime,
    teller: Teller,
    how: PaidHow,
) -> Transfer:
    words = "почтовым переводом" if how is PaidHow.POSTAL else "платёжным поручением"
    return Transfer(
        Direction.OUT,
        payment,
        amount,
        coupon.player,
        to,
        None,
        now,
        teller.terminal,
        teller.login,
        teller.office,
        purpose=f"выигрыш по купону № {coupon.number} {words}",
        reference=coupon.number,
    )
