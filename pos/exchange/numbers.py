"""Numbers of offers and paris: 12 digits, a serial (one counter for both, so no offer and
no pari share a number), a keyed code and an ISO 7064 check (pos.core.check_codes)."""

from __future__ import annotations

from pos.core.check_codes import NumberScheme
from pos.core.wording import EXCHANGE_NUMBER_LENGTH, display_exchange_number
from pos.exchange.errors import InvalidExchangeNumber

SERIAL_DIGITS = 7
_SCHEME = NumberScheme(SERIAL_DIGITS, key_digits=3, purpose="exchange:")
assert _SCHEME.length == EXCHANGE_NUMBER_LENGTH  # the number as people read it (pos.core.wording)

__all__ = ["display_exchange_number", "make_exchange_number", "parse_exchange_number"]


def make_exchange_number(serial: int, secret: bytes) -> str:
    """The printed number of the offer or pari with this serial."""
    return _SCHEME.make(serial, secret)


def parse_exchange_number(text: object, secret: bytes) -> str:
    """The canonical number typed or scanned (spaces and dashes are ignored).

    Raises:
        InvalidExchangeNumber: not 12 digits, or a check code that does not match.
    """
    raw = text.strip() if isinstance(text, str) else ""
    digits = _SCHEME.parse(raw, secret)
    if digits is None:
        raise InvalidExchangeNumber(raw)
    return digits
