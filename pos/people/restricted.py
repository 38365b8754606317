"""The register of persons restricted from gambling, checked at every identification (issue 35)."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable

from pos.core.ports import UnitOfWork
from pos.people.errors import RestrictedPerson
from pos.people.identity import IdDocument, compact_personal_number

# What each keyed hash stands for: a document number and a personal number never share a key.
_DOCUMENT_PURPOSE = b"document:"
_PERSON_PURPOSE = b"person:"


def document_key(number: str, secret: bytes) -> str:
    """The keyed hash that stands for a document number (spaces dropped, letters upper-case).

    Neither the register nor an account keeps a number in the clear (notes/reliability.md,
    finding 3): they keep this hash under the organiser's secret.

    Args:
        number: The number as typed or read.
        secret: The organiser's secret (pos.betting.counter.shop_secret).

    Returns:
        64 hexadecimal digits.
    """
    compact = "".join(number.split()).upper()
    return hmac.new(secret, _DOCUMENT_PURPOSE + compact.encode(), hashlib.sha256).hexdigest()


def person_key(personal_number: str, secret: bytes) -> str:
    """The keyed hash that stands for a personal (identification) number.

    Args:
        personal_number: As typed or read; compacted as pos.people.identity does.
        secret: The organiser's secret.

    Returns:
        64 hexadecimal digits.
    """
    compact = compact_personal_number(personal_number).encode()
    return hmac.new(secret, _PERSON_PURPOSE + compact, hashlib.sha256).hexdigest()


def keys_of(document: IdDocument, secret: bytes) -> tuple[str, ...]:
    """The register's keys a document matches by: its number, and its personal number if given.

    Args:
        document: The document, already checked (pos.people.identity.check_document).
        secret: The organiser's secret.

    Returns:
        One or two keyed hashes.
    """
    keys = [document_key(document.number, secret)]
    if document.personal_number:
        keys.append(person_key(document.personal_number, secret))
    return tuple(keys)


def is_restricted(uow: UnitOfWork, keys: Iterable[str | None]) -> bool:
    """Whether any of the keys is in the register (None, an account with no personal number,
    is skipped).

    Args:
        uow: The open unit of work.
        keys: Keyed hashes from `keys_of`, or an account's.

    Returns:
        True when the person may not play.
    """
    return any(key is not None and uow.accounts.excluded(key) for key in keys)


def require_not_restricted(uow: UnitOfWork, keys: Iterable[str | None]) -> None:
    """The one check of every identification: a bet, an account opened or funded, a spread
    bet, a pari (DESIGN.md, "Restricted persons"). A payout of a win already won does not ask.

    Raises:
        RestrictedPerson: one of the keys is in the register.
    """
    if is_restricted(uow, keys):
        raise RestrictedPerson()
