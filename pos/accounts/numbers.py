"""Account numbers: 11 digits, a serial, a keyed code and an ISO 7064 check (pos.core.check_codes).

6 digits of serial (a million accounts for the organiser), 3 of an HMAC under the shop's
secret with a purpose of its own, so that a slip's code never makes an account's, and 2
check digits. Eleven digits, not a slip's thirteen: a scanned card and a scanned slip are
told apart by their length alone.
"""

from __future__ import annotations

from pos.accounts.errors import InvalidAccountNumber
from pos.core.check_codes import NumberScheme
from pos.core.wording import ACCOUNT_NUMBER_LENGTH, display_account_number

SERIAL_DIGITS = 6
_SCHEME = NumberScheme(SERIAL_DIGITS, key_digits=3, purpose="account:")
LENGTH = _SCHEME.length
assert LENGTH == ACCOUNT_NUMBER_LENGTH  # the number as people read it (pos.core.wording)

__all__ = ["display_account_number", "make_account_number", "parse_account_number"]


def make_account_number(serial: int, secret: bytes) -> str:
    """The printed number of the account with this serial.

    Raises:
        ValueError: the serial does not fit in 6 digits.
    """
    return _SCHEME.make(serial, secret)


def parse_account_number(text: object, secret: bytes) -> str:
    """The canonical number typed or scanned as `text` (spaces and dashes are ignored).

    Raises:
        InvalidAccountNumber: not 11 digits, or a check code that does not match.
    """
    raw = text.strip() if isinstance(text, str) else ""
    digits = _SCHEME.parse(raw, secret)
    if digits is None:
        raise InvalidAccountNumber(raw)
    return digits
