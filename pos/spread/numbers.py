"""Spread bet numbers: 12 digits, a serial, a keyed code and an ISO 7064 check
(pos.core.check_codes), told from a slip's 13 and an account's 11 by their length alone."""

from __future__ import annotations

from pos.core.check_codes import NumberScheme
from pos.spread.errors import InvalidSpreadNumber

SERIAL_DIGITS = 7
_SCHEME = NumberScheme(SERIAL_DIGITS, key_digits=3, purpose="spread:")
LENGTH = _SCHEME.length


def make_spread_number(serial: int, secret: bytes) -> str:
    """The printed number of the spread bet with this serial."""
    return _SCHEME.make(serial, secret)


def parse_spread_number(text: object, secret: bytes) -> str:
    """The canonical number typed or scanned as `text` (spaces and dashes are ignored).

    Raises:
        InvalidSpreadNumber: not 12 digits, or a check code that does not match.
    """
    raw = text.strip() if isinstance(text, str) else ""
    digits = _SCHEME.parse(raw, secret)
    if digits is None:
        raise InvalidSpreadNumber(raw)
    return digits


def display_spread_number(number: str) -> str:
    """The number as printed and shown: "0000123-456-78"."""
    return f"{number[:SERIAL_DIGITS]}-{number[SERIAL_DIGITS:-2]}-{number[-2:]}"
