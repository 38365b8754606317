"""Slip numbers: a serial, a keyed code and an ISO 7064 check, so a typo or forgery is refused.

A number is 13 digits, digits only so that a barcode scanner typing on a Russian keyboard
layout cannot garble it: 8 digits of serial, 3 digits of an HMAC of the serial under the
shop's secret (a forged number is caught 999 times in 1000 without the secret), and 2 check
digits of ISO 7064 MOD 97-10 over the rest (every single-digit typo and every swap of two
neighbouring digits is caught); pos.core.check_codes makes both.
"""

from __future__ import annotations

from pos.betting.errors import InvalidSlipNumber
from pos.core.check_codes import NumberScheme
from pos.core.wording import SLIP_NUMBER_LENGTH

SERIAL_DIGITS = 8
KEY_DIGITS = 3
_SCHEME = NumberScheme(SERIAL_DIGITS, KEY_DIGITS)
LENGTH = _SCHEME.length
assert LENGTH == SLIP_NUMBER_LENGTH  # the number as people read it (pos.core.wording)


def make_slip_number(serial: int, secret: bytes) -> str:
    """The printed number of the slip with this serial.

    Raises:
        ValueError: the serial does not fit in 8 digits.
    """
    return _SCHEME.make(serial, secret)


def parse_slip_number(text: str, secret: bytes) -> str:
    """The canonical number typed or scanned as `text` (spaces and dashes are ignored).

    Raises:
        InvalidSlipNumber: not 13 digits, or a check code that does not match.
    """
    raw = text if isinstance(text, str) else ""
    digits = _SCHEME.parse(raw, secret)
    if digits is None:
        raise InvalidSlipNumber(raw.strip())
    return digits


def slip_digits(text: object) -> str | None:
    """The 13 digits typed or scanned as `text` when their check digits hold, else None (the
    keyed code is not checked: that needs the shop's secret, parse_slip_number)."""
    return _SCHEME.checked(text)
