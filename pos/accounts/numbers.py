"""Account numbers: 11 digits, a serial, a keyed code and an ISO 7064 check (pos.core.check_codes).

6 digits of serial (a million accounts for the organiser), 3 of an HMAC under the shop's
secret with a purpose of its own, so that a slip's code never makes an account's, and 2
check digits. Eleven digits, not a slip's thirteen: a scanned card and a scanned slip are
told apart by their length alone.
"""

from __future__ import annotations

from pos.accounts.errors import InvalidAccountNumber
from pos.core.check_codes import check_digits, digits_that_check, keyed_code

SERIAL_DIGITS = 6
KEY_DIGITS = 3
LENGTH = SERIAL_DIGITS + KEY_DIGITS + 2
_PURPOSE = "account:"


def make_account_number(serial: int, secret: bytes) -> str:
    """The printed number of the account with this serial.

    Raises:
        ValueError: the serial does not fit in 6 digits.
    """
    if not 1 <= serial < 10**SERIAL_DIGITS:
        raise ValueError(f"account serial out of range: {serial}")
    body = f"{serial:0{SERIAL_DIGITS}d}{keyed_code(serial, secret, KEY_DIGITS, _PURPOSE)}"
    return body + check_digits(body)


def parse_account_number(text: object, secret: bytes) -> str:
    """The canonical number typed or scanned as `text` (spaces and dashes are ignored).

    Raises:
        InvalidAccountNumber: not 11 digits, or a check code that does not match.
    """
    raw = text.strip() if isinstance(text, str) else ""
    digits = digits_that_check(raw, LENGTH)
    if digits is None:
        raise InvalidAccountNumber(raw)
    serial = int(digits[:SERIAL_DIGITS])
    key = keyed_code(serial, secret, KEY_DIGITS, _PURPOSE)
    if serial == 0 or digits[SERIAL_DIGITS:-2] != key:
        raise InvalidAccountNumber(raw)
    return digits


def display_account_number(number: str) -> str:
    """The number as printed on the card and shown: "000123-456-78"."""
    return f"{number[:SERIAL_DIGITS]}-{number[SERIAL_DIGITS:-2]}-{number[-2:]}"
