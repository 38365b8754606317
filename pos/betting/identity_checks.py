"""The player's document checked at the counter (p.4): the age on the day, the register of
restricted persons (issue 35), every check recorded with the document masked, a refusal
recorded before it is raised."""

from __future__ import annotations

from datetime import datetime

from pos.betting.errors import (
    DocumentRefused,
    IdentityCheckRequired,
)
from pos.betting.slips import IdCheck, IdOutcome
from pos.betting.teller import Teller
from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.input_errors import InvalidText
from pos.core.inputs import shown
from pos.core.ports import UnitOfWork
from pos.people.errors import DocumentExpired, InvalidDocument, RestrictedPerson, Underage
from pos.people.identity import IdDocument, check_document, check_player, masked_number
from pos.people.restricted import is_restricted, keys_of

# id_checks.document_kind and masked_number (db.tables).
_ID_TEXT = 40


def asks_document_first(settings: shop_settings.ShopSettings) -> bool:
    """Whether the betting page asks for the player's document before it prices a slip for
    confirmation: `identify_every_bet` (issue 35; accept_bet refuses a bet without one).

    Args:
        settings: The office's settings.

    Returns:
        True when every bet needs the document first.
    """
    return settings.identify_every_bet


def check_identity(
    uow: UnitOfWork, teller: Teller, now: datetime, document: IdDocument | None, secret: bytes
) -> int | Exception:
    """The identity check the cashier can open at any time (p.4); None: the player refused.

    Args:
        uow: The open unit of work.
        teller: Who checks, at which terminal.
        now: The time of the check.
        document: What the player showed; None: the player refused to show one.
        secret: The organiser's secret the register's keys are hashed under.

    Returns:
        The player's age, or the refusal to raise once the record is committed.
    """
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    if document is None:
        record_id_check(uow, teller, now, IdOutcome.REFUSED, None, None)
        return DocumentRefused()
    refusal = _check_identity(uow, teller, now, settings, document, secret)
    if refusal is not None:
        return refusal
    return check_player(document, now.astimezone(settings.zone).date(), settings.min_age)


def _check_identity(
    uow: UnitOfWork,
    teller: Teller,
    now: datetime,
    settings: shop_settings.ShopSettings,
    document: IdDocument | None,
    secret: bytes,
) -> Exception | None:
    if document is None:
        if not (settings.always_check_id or settings.identify_every_bet):
            return None
        record_id_check(uow, teller, now, IdOutcome.REFUSED, None, None)
        return IdentityCheckRequired(every_bet=settings.identify_every_bet)
    today = now.astimezone(settings.zone).date()
    try:
        age = check_player(document, today, settings.min_age)
    except (Underage, DocumentExpired, InvalidDocument, InvalidText) as refusal:
        outcome = {Underage: IdOutcome.UNDERAGE, DocumentExpired: IdOutcome.EXPIRED}.get(
            type(refusal), IdOutcome.INVALID
        )
        record_id_check(uow, teller, now, outcome, document, getattr(refusal, "age", None))
        return refusal
    # A cash bet with a document checks the register as an account does (issue 35).
    if is_restricted(uow, keys_of(check_document(document, today), secret)):
        record_id_check(uow, teller, now, IdOutcome.RESTRICTED, document, age)
        return RestrictedPerson()
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
    teller.audit(uow, now, AuditAction.ID_CHECKED, f"{outcome} {kind} {masked}".strip())
