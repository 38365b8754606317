"""The cashier's use cases at the counter: accept a bet, cancel in the window, look up a slip."""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from decimal import Decimal

from pos.betting.bets import parse_kind
from pos.betting.errors import (
    DocumentRefused,
    DrawerShort,
    IdentityCheckRequired,
    OddsChanged,
    ReasonRequired,
    RequestPrinting,
    RequestReused,
    SlipNotIssued,
    SlipNotOpen,
    WindowClosed,
)
from pos.betting.numbers import LENGTH, make_slip_number, parse_slip_number
from pos.betting.pricing import PickOrBlock, PricedBet, normalise_picks, price_bet
from pos.betting.slips import Cancellation, CashMovement, IdCheck, IdOutcome, Slip, SlipStatus
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction, AuditRecord
from pos.core.errors import ConcurrentChange, PosError, UnknownSlip, visible
from pos.core.input_errors import InvalidText
from pos.core.inputs import REASON, REQUEST_KEY, clean_text, shown
from pos.core.money import to_money
from pos.core.ports import UnitOfWork
from pos.people.errors import DocumentExpired, InvalidDocument, Underage
from pos.people.identity import IdDocument, check_player, masked_number
from pos.poker.draws import Round
from pos.poker.events import SCHEDULE, draw_number
from pos.till import fiscal
from pos.till.fiscal import FiscalReceipt, ReceiptKind, ReceiptRef
from pos.till.shifts import CashKind, require_working

SECRET_SETTING = "slip_secret"
# id_checks.document_kind and masked_number (db.tables).
_ID_TEXT = 40
# A confirmation later than this, or by someone else, is a recovery after a failure.
_LATE = timedelta(minutes=1)
_STATUS_WORDS = {
    SlipStatus.CANCELLED: "отменён",
    SlipStatus.WON: "рассчитан",
    SlipStatus.LOST: "рассчитан",
    SlipStatus.REFUND: "рассчитан",
    SlipStatus.PAID: "выплачен",
}


@dataclasses.dataclass(frozen=True)
class Teller:
    """Who is at the counter: the terminal and the signed-in user."""

    terminal: str
    login: str


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


@dataclasses.dataclass(frozen=True)
class PendingBet:
    """A slip saved as waiting for its print, with what the print needs."""

    slip: Slip
    receipt: FiscalReceipt  # planned, not recorded: recorded when the print is confirmed
    settings: shop_settings.ShopSettings


def accept_bet(
    uow: UnitOfWork, teller: Teller, now: datetime, request: BetRequest
) -> PendingBet | Slip | Exception:
    """Save a slip waiting for its print in the open unit of work, or return the refusal.

    A repeated request returns the slip issued for it before (a `Slip`, nothing to print).

    Refusals are returned, not raised, so that the caller commits the identity check made on
    the way before raising (p.4: every check and every refusal is recorded). A bad market code
    or a reused request key is raised at once: nothing was recorded yet.
    """
    stored = uow.settings.load()
    settings = shop_settings.from_text(stored)
    picks = normalise_picks(request.legs)
    key = _request_key(request.request_key)
    uow.slips.lock_issuing()  # two presses of one request on two connections: one waits
    if key is not None and (earlier := uow.slips.by_request(key)) is not None:
        if earlier.status is SlipStatus.PENDING:
            raise RequestPrinting(earlier.number)
        return _repeat(earlier, picks, request.stake, request.kind)
    # The shift row locked: a closing on another window waits for this bet, or refuses it.
    require_working(
        uow.shifts.open_for(teller.terminal, for_update=True), teller.terminal, now, settings.zone
    )
    refusal = _check_identity(uow, teller, now, settings, request.document)
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
        )
    except PosError as refused:
        return refused  # the identity check above stays recorded
    shown = None if request.expected_payout is None else to_money(request.expected_payout)
    if shown is not None and priced.possible_payout != shown:
        return OddsChanged(shown, priced.possible_payout)
    register = fiscal.register_for(uow, teller.terminal)
    fiscal.require_idle(uow, register)
    slip = _issue(uow, teller, now, priced, request.agreed_in_play, key, _secret(uow, stored))
    receipt, _ = fiscal.next_receipt(
        register, ReceiptKind.INCOME, slip.stake, now, teller.login, slip.number
    )
    # Not issued yet: the slip waits for the printer (pos.shop.desk confirms or voids it). Its
    # receipt number is only planned; nothing else can number a receipt meanwhile.
    slip = dataclasses.replace(slip, status=SlipStatus.PENDING, fiscal_receipt_no=receipt.number)
    uow.slips.add(slip)
    _audit(uow, teller, now, AuditAction.SLIP_PENDING, f"{slip.number} {slip.kind} {slip.stake}")
    return PendingBet(slip, receipt, settings)


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
    slip = _pending_slip(uow, number)
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
    uow.slips.confirm_pending(slip.number, receipt.number)
    uow.slips.add_cash(
        CashMovement(
            slip.issued_at, slip.terminal, slip.cashier, CashKind.STAKE, slip.stake, slip.number
        )
    )
    fiscal.record_receipt(
        uow,
        dataclasses.replace(receipt, printed=receipt_printed, in_doubt=receipt_in_doubt),
        after,
    )
    agreed = " согласовано" if slip.agreed_in_play else ""
    late = "" if teller.login == slip.cashier and now - slip.issued_at < _LATE else " после сбоя"
    _audit(
        uow,
        teller,
        now,
        AuditAction.BET_ACCEPTED,
        f"{slip.number} {slip.kind} {slip.stake}{agreed} чек {receipt.number}{late}",
    )
    return dataclasses.replace(slip, status=SlipStatus.OPEN, fiscal_receipt_no=receipt.number)


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
    slip = _pending_slip(uow, number)
    if slip.status is SlipStatus.VOID:
        return slip
    if slip.status is not SlipStatus.PENDING:
        raise SlipNotOpen(slip.number, "выдан")
    planned = slip.fiscal_receipt_no
    uow.slips.void_pending(slip.number)
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
    _audit(uow, teller, now, AuditAction.SLIP_VOIDED, detail[:500])
    return dataclasses.replace(slip, status=SlipStatus.VOID, fiscal_receipt_no=None)


def _pending_slip(uow: UnitOfWork, number: str) -> Slip:
    # A slip waiting for its print is named by its canonical number; anything else is none.
    canonical = isinstance(number, str) and number.isascii() and number.isdecimal()
    slip = uow.slips.get(number, for_update=True) if canonical and len(number) == LENGTH else None
    if slip is None:
        raise UnknownSlip(shown(number))
    return slip


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
    uow: UnitOfWork, teller: Teller, now: datetime, number: str, reason: str
) -> tuple[Slip, FiscalReceipt]:
    """Cancel a slip within 5 minutes of issue (p.8): stake returned, return receipt, reason.

    Raises:
        ReasonRequired, InvalidSlipNumber, UnknownSlip, SlipNotOpen, WindowClosed;
        RegisterNotSet, PendingSlip, UnprintedReceipts (the return receipt cannot be made);
        InvalidText: a reason no database can store.
    """
    why = clean_text(reason, "cancel_reason", REASON) if isinstance(reason, str) else ""
    if not why:
        raise ReasonRequired()
    slip = cancellable(uow, now, number, for_update=True)
    zone = shop_settings.from_text(uow.settings.load()).zone
    # The stake goes back from the drawer of this terminal's open shift.
    shift = require_working(
        uow.shifts.open_for(teller.terminal, for_update=True), teller.terminal, now, zone
    )
    if slip.stake > shift.drawer:
        raise DrawerShort(slip.stake, shift.drawer, payout=False)
    cancellation = Cancellation(now, teller.login, why[:200])
    uow.slips.cancel(slip.number, cancellation)
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
    _audit(
        uow,
        teller,
        now,
        AuditAction.SLIP_CANCELLED,
        f"{slip.number}: {why} (чек возврата {receipt.number})",
    )
    cancelled = dataclasses.replace(slip, status=SlipStatus.CANCELLED, cancellation=cancellation)
    return cancelled, receipt


def check_identity(
    uow: UnitOfWork, teller: Teller, now: datetime, document: IdDocument | None
) -> int | Exception:
    """The identity check the cashier can open at any time (p.4); None: the player refused.

    Returns:
        The player's age, or the refusal to raise once the record is committed.
    """
    settings = shop_settings.from_text(uow.settings.load())
    if document is None:
        record_id_check(uow, teller, now, IdOutcome.REFUSED, None, None)
        return DocumentRefused()
    refusal = _check_identity(uow, teller, now, settings, document)
    if refusal is not None:
        return refusal
    return check_player(document, now.astimezone(settings.zone).date(), settings.min_age)


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
    canonical = parse_slip_number(number, _secret(uow, stored))
    slip = uow.slips.get(canonical, for_update=for_update)
    if slip is None:
        raise UnknownSlip(canonical)
    if slip.status in (SlipStatus.PENDING, SlipStatus.VOID):
        raise SlipNotIssued(slip.number, pending=slip.status is SlipStatus.PENDING)
    return slip


def _repeat(earlier: Slip, picks: list[list[tuple[int, str]]], stake: object, kind: object) -> Slip:
    # A double press or a retry after a lost answer: the slip already issued, never a second.
    same = (
        earlier.kind == parse_kind(kind)
        and earlier.stake == to_money(stake)
        and [[(leg.event_code, leg.market) for leg in m] for m in earlier.members] == picks
    )
    if not same:
        raise RequestReused()
    return earlier


def _check_identity(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    settings: shop_settings.ShopSettings,
    document: IdDocument | None,
) -> Exception | None:
    if document is None:
        if not settings.always_check_id:
            return None
        record_id_check(uow, teller, now, IdOutcome.REFUSED, None, None)
        return IdentityCheckRequired()
    today = now.astimezone(settings.zone).date()
    try:
        age = check_player(document, today, settings.min_age)
    except (Underage, DocumentExpired, InvalidDocument, InvalidText) as refusal:
        outcome = {Underage: IdOutcome.UNDERAGE, DocumentExpired: IdOutcome.EXPIRED}.get(
            type(refusal), IdOutcome.INVALID
        )
        record_id_check(uow, teller, now, outcome, document, getattr(refusal, "age", None))
        return refusal
    record_id_check(uow, teller, now, IdOutcome.ACCEPTED, document, age)
    return None


def record_id_check(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    outcome: IdOutcome,
    document: IdDocument | None,
    age: int | None,
) -> None:
    """Record an identity check and its outcome (no name, the number masked).

    A refused document is recorded as typed, cut to its columns and shown as it can be
    stored (its text may be what got it refused: too long, a NUL).
    """
    kind = shown(document.kind, _ID_TEXT) if document else ""
    number = document.number if document and isinstance(document.number, str) else ""
    masked = shown(masked_number(number), _ID_TEXT) if number else ""
    uow.slips.add_id_check(IdCheck(now, teller.terminal, teller.login, outcome, kind, masked, age))
    _audit(uow, teller, now, AuditAction.ID_CHECKED, f"{outcome} {kind} {masked}".strip())


def _issue(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    priced: PricedBet,
    agreed_in_play: bool,
    request_key: str | None,
    secret: bytes,
) -> Slip:
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
        issued_at=now,
        agreed_in_play=agreed_in_play,
        request_key=request_key or uuid.uuid4().hex,
    )


def _request_key(key: object) -> str | None:
    if key is None:
        return None
    try:
        text = key if isinstance(key, str) else str(key)
    except ValueError:  # an integer of thousands of digits, which str() will not write
        text = f"{key:x}"
    # Stored in 64 characters: a longer key from an integration, or one the database could
    # not store as it is (a NUL, a lone surrogate: issue 15), is kept as its digest.
    if len(text) <= REQUEST_KEY and visible(text) == text:
        return text
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _secret(uow: UnitOfWork, stored: dict[str, str] | None = None) -> bytes:
    # Migration 0002 creates the secret; the fakes and a hand-made database get one here.
    secret = (stored if stored is not None else uow.settings.load()).get(SECRET_SETTING)
    if secret is None:
        secret = secrets.token_hex(32)
        uow.settings.save({SECRET_SETTING: secret})
    return bytes.fromhex(secret)


def _audit(
    uow: UnitOfWork, teller: Teller, now: datetime, action: AuditAction, detail: str
) -> None:
    uow.audit.append(AuditRecord(now, teller.terminal, teller.login, action, detail))


def cancel_deadline(slip: Slip) -> datetime:
    """Until when a slip may be cancelled: its 5-minute window (p.8), and with a bet on a
    draw no later than the close of the round it was sold in — the next cards are dealt then,
    and a bet is not taken back once they are known."""
    return min([slip.window_ends_at, *_round_closes(slip)])


def can_cancel(slip: Slip, now: datetime) -> bool:
    """True within the window (5:00 included) and before any of its draw rounds closed."""
    return slip.window_open(now) and all(now < closes for closes in _round_closes(slip))


def _round_closes(slip: Slip) -> list[datetime]:
    return [
        SCHEDULE.closes_at(number, Round(leg.odds_version))
        for leg in slip.legs
        if (number := draw_number(leg.event_code)) is not None
    ]
