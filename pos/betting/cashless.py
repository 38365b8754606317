"""A stake paid from the player's account (p.7, issue 37): the slip is issued when its row and
the account's debit are committed, with no cash and no fiscal receipt (no cash moved); then it
is printed. Cancelled in its window, the stake goes back onto the account.

The betting room knows an account only through `Payer` (pos.accounts.stakes implements it:
the accounts room is above this one), so the cash path stays exactly as it was.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Protocol

from pos.betting.reporting import bet_fields, returned_fields
from pos.betting.slips import Cancellation, Slip, cancelled
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import ConcurrentChange, PosError, PrinterUnavailable
from pos.core.ports import UnitOfWork
from pos.core.wording import display_slip_number
from pos.people.actor import Actor
from pos.people.identity import IdDocument
from pos.skks import outbox
from pos.skks import use_cases as skks_cases
from pos.skks.messages import Kind, Message
from pos.till.errors import PrintFailed


class Payer(Protocol):
    """Player accounts as a cashless stake needs them (pos.accounts.stakes.ACCOUNTS)."""

    def identify(
        self, uow: UnitOfWork, teller: Teller, account: object, document: IdDocument | None
    ) -> tuple[str, IdDocument | None]:
        """Lock the account (before the bet's other locks), refuse what its rules refuse
        (unknown, blocked, its holder restricted, `document` not the holder's) and return
        its number and the holder's document the bet checks (p.4).

        Raises:
            PosError: the account room's sentence.
        """
        ...

    def take(self, uow: UnitOfWork, teller: Teller, now: datetime, slip: Slip) -> None:
        """Debit the slip's stake off `slip.account`'s free money.

        Raises:
            PosError: the free money is short (nothing written).
        """
        ...

    def give_back(self, uow: UnitOfWork, teller: Teller, now: datetime, slip: Slip) -> None:
        """Credit a cancelled slip's stake back onto `slip.account`."""
        ...


@dataclasses.dataclass(frozen=True)
class IssuedFromAccount:
    """A cashless slip issued in the open unit of work, to print once it is committed."""

    slip: Slip
    settings: shop_settings.ShopSettings
    payer: Payer
    message: Message | None = None  # to the СККС controller (issue 35)


def issue_from_account(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    slip: Slip,
    settings: shop_settings.ShopSettings,
    payer: Payer,
) -> IssuedFromAccount | Exception:
    """Issue `slip` (priced, its account set) paid from its account: the debit, the slip open
    at once, its message and audit line; a refusal (the free money short) is returned, so
    the identity check made on the way stays recorded (p.4)."""
    try:
        payer.take(uow, teller, now, slip)
    except PosError as refused:
        return refused
    uow.slips.add(slip)
    message = outbox.write(
        uow, settings, teller.where, Kind.BET_ACCEPTED, now, slip.number, bet_fields(slip)
    )
    detail = f"{slip.number} {slip.kind} {slip.stake} со счёта {slip.account}"
    teller.audit(uow, now, AuditAction.BET_ACCEPTED, detail)
    return IssuedFromAccount(slip, settings, payer, message)


def print_issued(ctx: Context, actor: Actor, issued: IssuedFromAccount) -> Slip:
    """Online, the controller registers the bet (not registered: it is cancelled and its stake
    goes back onto the account); then the slip is printed.

    Raises:
        SkksRefused, SkksNoAnswer: the bet is cancelled, the stake back on the account.
        PrintFailed: the slip is issued and paid, its paper did not come out (reprint it).
    """
    slip = issued.slip

    def undo(uow: UnitOfWork, now: datetime, why: str, annul: bool) -> None:
        teller = Teller(ctx.terminal, actor.login, ctx.office)
        _cancelled(uow, teller, now, slip, why, issued.payer)
        if annul:  # the controller may have registered it after all
            settings = issued.settings
            outbox.annul(uow, settings, teller.where, now, [Kind.BET_ACCEPTED], slip.number)

    skks_cases.registered_or_undone(ctx, issued.message, "bet", undo)
    try:
        with ctx.printing() as station:
            station.print_slip(slip, issued.settings)
    except PrinterUnavailable as failure:
        what = f"Купон № {display_slip_number(slip.number)} принят и оплачен со счёта"
        raise PrintFailed(what, failure) from failure
    return slip


def cancel(
    uow: UnitOfWork, teller: Teller, now: datetime, slip: Slip, why: str, payer: Payer
) -> Slip:
    """Cancel a cashless slip in its window (p.8): the stake back onto its account, no cash
    and no receipt.

    Raises:
        ConcurrentChange: the slip was settled or cancelled meanwhile.
    """
    done = _cancelled(uow, teller, now, slip, why, payer)
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    fields = returned_fields(slip, slip.stake)
    outbox.write(uow, settings, teller.where, Kind.STAKE_RETURNED, now, slip.number, fields)
    return done


def _cancelled(
    uow: UnitOfWork, teller: Teller, now: datetime, slip: Slip, why: str, payer: Payer
) -> Slip:
    move = cancelled(slip.number, Cancellation(now, teller.login, why[:200]))
    uow.slips.move_or_refuse(move, ConcurrentChange())
    payer.give_back(uow, teller, now, slip)
    teller.audit(uow, now, AuditAction.SLIP_CANCELLED, f"{slip.number}: {why} (на счёт)"[:500])
    return move.applied(slip)
