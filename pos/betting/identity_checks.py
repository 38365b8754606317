"""The player's document checked at the counter (p.4): the age on the day, every check recorded
with the document masked, a refusal recorded before it is raised."""

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
from pos.people.errors import DocumentExpired, InvalidDocument, Underage
from pos.people.identity import IdDocument, check_player, masked_number

# id_checks.document_kind and masked_number (db.tables).
_ID_TEXT = 40


def check_identity(
    uow: UnitOfWork, teller: Teller, now: datetime, document: IdDocument | None
) -> int | Exception:
    """The identity check the cashier can open at any time (p.4); None: the player refused.

    Returns:
        The player's age, or the refusal to raise once the record is committed.
    """
    settings = shop_settings.from_text(uow.settings.load(teller.office))
    if document is None:
        record_id_check(uow, teller, now, IdOutcome.REFUSED, None, None)
        return DocumentRefused()
    refusal = _check_identity(uow, teller, now, settings, document)
    if refusal is not None:
        return refusal
    return check_player(document, now.astimezone(settings.zone).date(), settings.min_age)


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
    teller.audit(uow, now, AuditAction.ID_CHECKED, f"{outcome} {kind} {masked}".strip())
