"""Cash-out at the counter (issue 38): the offer for an open slip, and the slip bought back.

The 2005 rules read against it (a made bet is not changed, p.8; winnings are paid from the
day after, first p.24), so it is off unless the shop turns it on (`cashout_enabled`) and its
published conditions announce it (p.6, pos.conditions). An offer is recorded and holds for
`cashout_offer_seconds`; the player takes it, and it is paid like a win, at once, through the
payouts' own two steps (pos.payouts.steps: the document and age, the drawer's limit, the
«РАСХОД» receipt, the journal entry, the СККС message), the slip becoming `cashed_out` in the
payout's transaction. Two terminals buying the same slip back pay it once: the payout's first
step holds the slip.

    offer = desk.cashout_offer(slip.number)          # .amount, .valid_until
    desk.cash_out(slip.number, amount=offer.amount, document=IdDocument(...))  # JournalEntry
"""

from __future__ import annotations

import functools
from datetime import datetime
from decimal import Decimal

from pos.betting.counter import find_slip
from pos.betting.slips import Slip
from pos.cashout.errors import CashoutOff, OfferChanged
from pos.cashout.rules import (
    CashoutOffer,
    LineNow,
    ceiling,
    new_offer,
    offer_amount,
    offered_slip,
    price_legs,
)
from pos.core import settings as shop_settings
from pos.core.context import Context
from pos.core.money import to_money
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.offices.errors import PaidOnlyWhereIssued
from pos.payouts import use_cases as payouts_cases
from pos.payouts.journal import JournalEntry
from pos.people.actor import Actor
from pos.people.identity import IdDocument
from pos.people.permissions import Permission


class _NoValidOffer(Exception):
    """Inside the payout's transaction: the amount is no offer holding now (said outside it,
    with a new offer recorded in a transaction of its own)."""


def cashout_offer(ctx: Context, actor: Actor, slip_number: str) -> CashoutOffer:
    """What the shop buys the open slip back for now, recorded; it holds for
    `cashout_offer_seconds`.

    Raises:
        NotPermitted; CashoutOff: the shop has not turned cash-out on; InvalidSlipNumber,
        UnknownSlip, SlipNotIssued; PaidOnlyWhereIssued: another office's slip;
        NotOffered: lost, settled, paid, a system, a draw's, cashless, decided;
        LegStarted, LegSuspended, LegNotQuoted: an open leg has no price now.
    """
    actor.require(Permission.PAY_OUT)
    with ctx.unit_of_work() as uow:
        settings = _enabled(uow, ctx.office)
        slip = find_slip(uow, slip_number)
        _check_slip(uow, ctx.office, slip, settings)
        now = ctx.clock.now()
        amount = _price(uow, slip, settings, now)
        offer = new_offer(slip, amount, now, settings, ctx.terminal, actor.login)
        uow.cashouts.add(offer)
        uow.commit()
    return offer


def cash_out_slip(
    ctx: Context,
    actor: Actor,
    slip_number: str,
    amount: object,
    document: IdDocument | None = None,
) -> JournalEntry:
    """Buy the open slip back for `amount`, an offer of it that still holds, paid like a win
    (pos.payouts.use_cases.pay_out): the slip becomes `cashed_out`.

    Returns:
        The cash payout journal's entry (its note says it is a cash-out).

    Raises:
        NotPermitted, InvalidAmount; CashoutOff, NotOffered, LegStarted, LegSuspended,
        LegNotQuoted: as the offer; OfferChanged: no offer of this amount holds now (the new
        offer is recorded and said); pay_out's refusals (the document, the age, the drawer,
        the receipt; NotPayable: being paid at another terminal).
    """
    actor.require(Permission.PAY_OUT)
    asked = to_money(amount)
    buy_back = functools.partial(_taken_offer, office=ctx.office, asked=asked)
    try:
        return payouts_cases.pay_out(ctx, actor, slip_number, document, buy_back=buy_back)
    except _NoValidOffer:
        fresh = cashout_offer(ctx, actor, slip_number)
        with ctx.unit_of_work() as uow:
            zone = shop_settings.from_text(uow.settings.load(ctx.office)).zone
        until = fresh.valid_until.astimezone(zone)
        raise OfferChanged(fresh.slip_number, fresh.amount, until) from None


def _taken_offer(
    uow: UnitOfWork,
    slip: Slip,
    settings: ShopSettings,
    now: datetime,
    *,
    office: str,
    asked: Decimal,
) -> Decimal:
    """In the payout's first step, the slip locked: still offered, and `asked` is an offer
    holding now; that offer is marked taken."""
    if not settings.cashout_enabled:
        raise CashoutOff()
    _check_slip(uow, office, slip, settings)
    _price(uow, slip, settings, now)  # its legs may have started since the offer
    offer = next((o for o in uow.cashouts.holding(slip.number, now) if o.amount == asked), None)
    if offer is None:
        raise _NoValidOffer()
    uow.cashouts.take(offer, now)
    return offer.amount


def _enabled(uow: UnitOfWork, office: str) -> ShopSettings:
    settings = shop_settings.from_text(uow.settings.load(office))
    if not settings.cashout_enabled:
        raise CashoutOff()
    return settings


def _check_slip(uow: UnitOfWork, office: str, slip: Slip, settings: ShopSettings) -> None:
    offered_slip(slip)
    if slip.office != office and not settings.payout_anywhere:
        issuing = uow.offices.get(slip.office)
        raise PaidOnlyWhereIssued(slip.number, slip.office, issuing.address if issuing else "")


def _price(uow: UnitOfWork, slip: Slip, settings: ShopSettings, now: datetime) -> Decimal:
    codes = sorted({leg.event_code for leg in slip.legs})
    line = LineNow(
        uow.line.events_by_code(codes),
        uow.line.quotes_for([(leg.event_code, leg.market) for leg in slip.legs]),
        uow.results.for_events(codes),
        now,
    )
    legs = price_legs(slip, line, settings)
    return offer_amount(slip.stake, legs, settings.cashout_margin, ceiling(slip))
