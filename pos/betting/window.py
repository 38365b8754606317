"""The 5-minute claim window (p.8): whether a slip may still be cancelled, until when, and the
cancellation with its return receipt; a bet on a game's draw no later than its game says."""

from __future__ import annotations

from datetime import datetime

from pos.betting import cashless
from pos.betting.cashless import Payer
from pos.betting.counter import _STATUS_WORDS, find_slip
from pos.betting.errors import (
    DrawerShort,
    ReasonRequired,
    SlipNotOpen,
    WindowClosed,
)
from pos.betting.reporting import returned_fields
from pos.betting.slips import Cancellation, CashMovement, Slip, SlipStatus, cancelled
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.errors import ConcurrentChange
from pos.core.inputs import REASON, clean_text
from pos.core.ports import UnitOfWork
from pos.games.registry import installed
from pos.skks import outbox
from pos.skks.messages import Kind
from pos.till import fiscal
from pos.till.fiscal import FiscalReceipt, ReceiptKind, ReceiptRef
from pos.till.shifts import CashKind, require_working


def cancellable(uow: UnitOfWork, now: datetime, number: str, *, for_update: bool = False) -> Slip:
    """The slip with this number, if it can be cancelled at `now` (p.8).

    Raises:
        InvalidSlipNumber, UnknownSlip; SlipNotOpen: cancelled, settled or paid;
        WindowClosed: the 5 minutes after issue are over.
    """
    slip = find_slip(uow, number, for_update=for_update)
    if slip.status is not SlipStatus.OPEN:
        raise SlipNotOpen(slip.number, _STATUS_WORDS.get(slip.status, str(slip.status)))
    if not can_cancel(slip, now):
        zone = shop_settings.from_text(uow.settings.load()).zone
        raise WindowClosed(slip.number, cancel_deadline(slip).astimezone(zone))
    return slip


def cancel_in_window(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    number: str,
    reason: str,
    payer: Payer | None = None,
) -> tuple[Slip, FiscalReceipt | None]:
    """Cancel a slip within 5 minutes of issue (p.8): stake returned, return receipt, reason;
    a stake paid from an account goes back onto it through `payer`, no receipt (p.7).

    Raises:
        ReasonRequired, InvalidSlipNumber, UnknownSlip, SlipNotOpen, WindowClosed;
        RegisterNotSet, PendingSlip, UnprintedReceipts (the return receipt cannot be made);
        InvalidText: a reason no database can store.
    """
    why = clean_text(reason, "cancel_reason", REASON) if isinstance(reason, str) else ""
    if not why:
        raise ReasonRequired()
    slip = cancellable(uow, now, number, for_update=True)
    if slip.account is not None:
        if payer is None:  # a bug: only the accounts room gives a stake back onto an account
            raise ValueError(f"slip {slip.number} is cancelled through pos.accounts.stakes")
        return cashless.cancel(uow, teller, now, slip, why, payer), None
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    zone = settings.zone
    # The stake goes back from the drawer of this terminal's open shift.
    shift = require_working(
        uow.shifts.open_for(teller.terminal, for_update=True), teller.terminal, now, zone
    )
    if slip.stake > shift.drawer:
        raise DrawerShort(slip.stake, shift.drawer, payout=False)
    cancellation = Cancellation(now, teller.login, why[:200])
    cancel = cancelled(slip.number, cancellation)
    uow.slips.move_or_refuse(cancel, ConcurrentChange())  # settled meanwhile elsewhere
    uow.slips.add_cash(
        CashMovement(
            now, teller.terminal, teller.login, CashKind.WINDOW_REFUND, -slip.stake, slip.number
        )
    )
    # The stake's receipt was made with the slip: the return receipt names it (issue 16).
    stake_receipt = slip.fiscal_receipt_no
    receipt = fiscal.issue_receipt(
        uow,
        teller.terminal,
        ReceiptKind.RETURN,
        slip.stake,
        now,
        teller.login,
        slip.number,
        reverses=None if stake_receipt is None else ReceiptRef(stake_receipt, slip.issued_at),
    )
    teller.audit(
        uow,
        now,
        AuditAction.SLIP_CANCELLED,
        f"{slip.number}: {why} (чек возврата {receipt.number})",
    )
    fields = returned_fields(slip, slip.stake)
    outbox.write(uow, settings, teller.where, Kind.STAKE_RETURNED, now, slip.number, fields)
    return cancel.applied(slip), receipt


def cancel_deadline(slip: Slip) -> datetime:
    """Until when a slip may be cancelled: its 5-minute window (p.8), and with a bet on a
    game's draw no later than the moment its game says (pos.games.game.Game.claim_closes)."""
    return min([slip.window_ends_at, *_draws_close(slip)])


def can_cancel(slip: Slip, now: datetime) -> bool:
    """True within the window (5:00 included) and before any of its draws' claims closed."""
    return slip.window_open(now) and all(now < closes for closes in _draws_close(slip))


def _draws_close(slip: Slip) -> list[datetime]:
    games = installed()
    return [game.claim_closes(leg) for leg in slip.legs if (game := games.of_leg(leg))]
