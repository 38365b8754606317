"""A spread bet the СККС did not register, backed out (issue 35): online, the bet and its
message are committed together and then wait for the controller; no answer or a refusal
cancels the bet in one more transaction, its margin free on the account again, and queues
the annulment of its opening."""

from __future__ import annotations

import dataclasses
import logging
from datetime import datetime
from decimal import Decimal

from pos.accounts.counter import find_account, move_money
from pos.accounts.ledger import Movement
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.ports import UnitOfWork
from pos.skks import outbox
from pos.skks import use_cases as skks_cases
from pos.skks.messages import Kind
from pos.spread.bets import SpreadStatus
from pos.spread.counter import SpreadDone, find_spread
from pos.spread.numbers import display_spread_number

log = logging.getLogger(__name__)
ZERO = Decimal("0.00")
_DETAIL = 500  # an audit line's length


def registered_or_undone(ctx: Context, teller: Teller, done: SpreadDone) -> None:
    """Online, the bet open once the controller registered it, else backed out
    (`undo_open`; pos.skks.use_cases.registered_or_undone)."""

    def undo(uow: UnitOfWork, now: datetime, why: str, annul: bool) -> None:
        undo_open(uow, teller, now, done.bet.number, why)

    skks_cases.registered_or_undone(ctx, done.message, "spread", undo)


def undo_open(uow: UnitOfWork, teller: Teller, now: datetime, number: str, why: str) -> None:
    """Cancel a bet whose opening the controller did not register, in the caller's unit of
    work: its margin released on the account, the annulment of its opening queued (none
    when the controller refused it). A bet the bookmaker closed meanwhile (a margin call in
    the seconds of the wait) stays as it is: its close was reported after its opening."""
    found = find_spread(uow, number)
    account = find_account(uow, found.account, for_update=True)
    bet = find_spread(uow, found.number, for_update=True)
    shown = display_spread_number(bet.number)
    if bet.status is not SpreadStatus.OPEN or bet.stake_open != bet.stake:
        log.warning("spread bet %s not backed out (%s): %s", shown, why, bet.status)
        return
    balance = account.balance.release(bet.margin_blocked)
    reference = f"ставка {shown} не открыта"
    move_money(uow, teller, now, account, Movement.RELEASE, bet.margin_blocked, balance, reference)
    cancelled = dataclasses.replace(
        bet, status=SpreadStatus.CANCELLED, stake_open=ZERO, margin_blocked=ZERO, closed_at=now
    )
    uow.spread.save_bet(cancelled)
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    outbox.annul(uow, settings, teller.where, now, [Kind.SPREAD_OPENED], bet.number)
    detail = f"{shown} не открыта ({why}): маржа возвращена на счёт"
    teller.audit(uow, now, AuditAction.SPREAD_CLOSED, detail[:_DETAIL])
