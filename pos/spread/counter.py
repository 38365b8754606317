"""«Спрэдбет» at the counter, each in the caller's unit of work (DESIGN.md «Спрэдбет»): a bet
opened on a player's account with its initial margin blocked, closed wholly or in part by the
player or by the bookmaker, a claim within its 5 minutes (p.8).

Locks are taken asset → account → bet: a bet takes the asset's row shared, a quote (with its
margin calls, pos.spread.quotes) exclusively, so a quote never meets a bet half made.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from pos.accounts.accounts import Account
from pos.accounts.counter import find_account, move_money
from pos.accounts.ledger import Balance, Movement
from pos.betting.counter import shop_secret
from pos.betting.slips import CLAIM_WINDOW
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.money import format_roubles
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.people.restricted import require_not_restricted
from pos.skks import outbox
from pos.skks.messages import Kind, Message, Value
from pos.spread.assets import Asset, Quote, parse_asset_code, quote_age_refusal
from pos.spread.bets import Closing, SpreadBet, SpreadStatus, open_bet
from pos.spread.errors import (
    NoQuote,
    OutOfHours,
    SpreadBetClosed,
    SpreadWindowClosed,
    UnknownAsset,
    UnknownSpreadBet,
)
from pos.spread.margins import call_price
from pos.spread.numbers import display_spread_number, make_spread_number, parse_spread_number

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class SpreadDone:
    """A bet opened, closed or cancelled: the bet after it, the account after it, the quote
    it was made at, and the close (with what of a loss the account could not cover)."""

    bet: SpreadBet
    account: Account
    quote: Quote | None = None
    closing: Closing | None = None
    uncovered: Decimal = ZERO
    asset: Asset | None = None
    message: Message | None = None  # an opening's, to the СККС controller (issue 35)


def open_spread(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    account_number: object,
    code: object,
    direction: object,
    stake: object,
) -> SpreadDone:
    """Open a bet up at the ask or down at the bid (p.29, p.30), its margin blocked.

    Raises:
        OutOfHours (p.32); UnknownAsset, NoQuote, StaleQuote; InvalidAccountNumber,
        UnknownAccount, AccountBlocked, SelfExcluded; UnknownDirection, InvalidAmount,
        StakeOutsideLimits (p.27, p.28); FreeBalanceShort: the margin is more than is free.
    """
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    require_hours(settings, now)
    asset, quote = _asset_and_quote(uow, code, now, settings, lock="share")
    account = find_account(uow, account_number, for_update=True)
    account.require_open()
    # The one check of the register of restricted persons (issue 35).
    require_not_restricted(uow, account.register_keys)
    secret = shop_secret(uow)
    bet = open_bet(
        number=make_spread_number(uow.spread.next_serial(), secret),
        account=account.number,
        asset=asset,
        direction=direction,
        stake=stake,
        quote=quote,
        at=now,
        terminal=teller.terminal,
        cashier=teller.login,
        office=teller.office,
    )
    balance = account.balance.block(bet.margin_blocked)
    shown = display_spread_number(bet.number)
    account = move_money(
        uow, teller, now, account, Movement.BLOCK, bet.margin_blocked, balance, f"ставка {shown}"
    )
    uow.spread.add_bet(bet, call_price(asset, bet))
    teller.audit(
        uow,
        now,
        AuditAction.SPREAD_OPENED,
        f"{shown} {asset.code} {bet.direction} {bet.open_price} × {bet.stake}, "
        f"маржа {format_roubles(bet.margin_blocked)}",
    )
    fields: dict[str, Value] = {
        "spread": bet.number,
        "account": account.number,
        "asset": asset.code,
        "direction": str(bet.direction),
        "stake": bet.stake,
        "price": str(bet.open_price),
        "margin": bet.margin_blocked,
    }
    message = outbox.write(uow, settings, teller.where, Kind.SPREAD_OPENED, now, bet.number, fields)
    return SpreadDone(bet, account, quote, asset=asset, message=message)


def close_spread(
    uow: UnitOfWork, teller: Teller, now: datetime, number: object, stake: object
) -> SpreadDone:
    """Close all or part of a bet by the opposite bet at the current quote (p.31), its result
    settled to the account at once (p.33–p.35).

    Raises:
        InvalidSpreadNumber, UnknownSpreadBet, SpreadBetClosed; OutOfHours (p.32); NoQuote,
        StaleQuote; InvalidAmount, CloseAboveOpen; AccountBlocked.
    """
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    found = find_spread(uow, number)
    require_hours(settings, now)
    asset, quote = _asset_and_quote(uow, found.asset, now, settings, lock="share")
    account = find_account(uow, found.account, for_update=True)
    account.require_open()
    bet = find_spread(uow, found.number, for_update=True)
    done = settle_close(uow, teller, now, account, bet, stake, quote, by_bookmaker=False)
    _audit_close(uow, teller, now, done, AuditAction.SPREAD_CLOSED)
    closing = done.closing
    assert closing is not None
    fields: dict[str, Value] = {
        "spread": bet.number,
        "account": account.number,
        "stake": closing.stake,
        "price": str(closing.close_price),
        "result": closing.result,
    }
    outbox.write(uow, settings, teller.where, Kind.SPREAD_CLOSED, now, bet.number, fields)
    return dataclasses.replace(done, quote=quote, asset=asset)


def cancel_spread(uow: UnitOfWork, teller: Teller, now: datetime, number: object) -> SpreadDone:
    """A claim within 5 minutes of the confirmation (p.8): the bet is void, its margin free.

    Raises:
        SpreadWindowClosed: after the 5 minutes, or a part already closed; SpreadBetClosed.
    """
    found = find_spread(uow, number)
    account = find_account(uow, found.account, for_update=True)
    bet = find_spread(uow, found.number, for_update=True)
    if bet.status is not SpreadStatus.OPEN:
        raise SpreadBetClosed(bet.number, bet.status is SpreadStatus.CLOSED_BY_BOOKMAKER)
    if bet.stake_open != bet.stake:
        raise SpreadWindowClosed(display_spread_number(bet.number), closed_part=True)
    if now - bet.opened_at > CLAIM_WINDOW:
        raise SpreadWindowClosed(display_spread_number(bet.number))
    balance = account.balance.release(bet.margin_blocked)
    shown = display_spread_number(bet.number)
    account = move_money(
        uow, teller, now, account, Movement.RELEASE, bet.margin_blocked, balance, f"отмена {shown}"
    )
    cancelled = dataclasses.replace(
        bet, status=SpreadStatus.CANCELLED, stake_open=ZERO, margin_blocked=ZERO, closed_at=now
    )
    uow.spread.save_bet(cancelled)
    teller.audit(uow, now, AuditAction.SPREAD_CLOSED, f"{shown} отменена в течение 5 минут")
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    fields: dict[str, Value] = {"spread": bet.number, "account": account.number, "result": ZERO}
    fields["cancelled"] = "в течение 5 минут"
    outbox.write(uow, settings, teller.where, Kind.SPREAD_CLOSED, now, bet.number, fields)
    return SpreadDone(cancelled, account)


def settle_close(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    account: Account,
    bet: SpreadBet,
    stake: object,
    quote: Quote,
    *,
    by_bookmaker: bool,
) -> SpreadDone:
    """Close a part of `bet` (its account and row locked) at `quote`: the part's margin
    released, then its gain paid or its loss charged; a loss never takes the account below
    zero, what is beyond is the bookmaker's (`uncovered`, p.36)."""
    after, closing = bet.close(stake, quote, now, by_bookmaker)
    moves, uncovered = closing_moves(account.balance, closing)
    shown = display_spread_number(bet.number)
    for kind, amount, balance in moves:
        account = move_money(uow, teller, now, account, kind, amount, balance, shown)
    uow.spread.save_bet(after)
    uow.spread.add_closing(closing, uncovered, teller.terminal, teller.login)
    return SpreadDone(after, account, quote, closing, uncovered)


def closing_moves(
    balance: Balance, closing: Closing
) -> tuple[list[tuple[Movement, Decimal, Balance]], Decimal]:
    """The account's movements a close makes, each with the balance after it, and what of a
    loss the account could not cover: the part's margin released, then its gain paid or its
    loss charged no further than the free money (p.33–p.36)."""
    return balance.settle_moves(closing.margin_released, closing.result)


def find_spread(uow: UnitOfWork, number: object, *, for_update: bool = False) -> SpreadBet:
    """The bet with the number as typed or scanned.

    Raises:
        InvalidSpreadNumber, UnknownSpreadBet.
    """
    canonical = parse_spread_number(number, shop_secret(uow))
    bet = uow.spread.bet(canonical, for_update=for_update)
    if bet is None:
        raise UnknownSpreadBet(display_spread_number(canonical))
    return bet


def require_hours(settings: ShopSettings, now: datetime) -> None:
    """Refuse outside the office's working hours (p.32), saying when it opens.

    Raises:
        OutOfHours.
    """
    hours = shop_settings.working_hours(settings)
    if hours is None:
        return
    opens, closes = hours
    moment = now.astimezone(settings.zone).time()
    inside = opens <= moment < closes if opens < closes else moment >= opens or moment < closes
    if not inside:
        raise OutOfHours(settings.working_hours, f"{opens:%H:%M}")


def _asset_and_quote(
    uow: UnitOfWork, code: object, now: datetime, settings: ShopSettings, *, lock: str
) -> tuple[Asset, Quote]:
    checked = parse_asset_code(code)
    asset = uow.spread.asset(checked, lock=lock)
    if asset is None:
        raise UnknownAsset(checked)
    quote = uow.spread.latest_quote(asset.code)
    if quote is None:
        raise NoQuote(asset.code)
    stale = quote_age_refusal(quote, now, timedelta(minutes=settings.quote_max_age_minutes))
    if stale is not None:
        raise stale
    return asset, quote


def _audit_close(
    uow: UnitOfWork, teller: Teller, now: datetime, done: SpreadDone, action: AuditAction
) -> None:
    closing = done.closing
    assert closing is not None
    detail = (
        f"{display_spread_number(done.bet.number)} {closing.stake} по {closing.close_price}: "
        f"{format_roubles(closing.result)}, маржа {format_roubles(closing.margin_released)}"
    )
    if done.uncovered:
        detail += f", сверх счёта {format_roubles(done.uncovered)}"
    teller.audit(uow, now, action, detail)
