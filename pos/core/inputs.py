"""Text and whole numbers as typed, scanned or read from a file, checked before they are stored.

Every use case and file parser takes its text and its codes through here (issue 15), so that
SQLite and PostgreSQL get the same input and refuse nothing themselves: no text longer than
its column, no NUL or other control character (PostgreSQL refuses NUL, SQLite keeps it), no
lone surrogate that UTF-8 cannot encode (what a broken scanner or clipboard produces), and no
integer beyond the column's range or of thousands of digits (`int()` refuses 4,300 and more).
"""

from __future__ import annotations

import re
import sys
from decimal import Decimal

from pos.core.errors import visible
from pos.core.input_errors import InvalidNumber, InvalidText

# The largest value of an INTEGER column on PostgreSQL (int4); SQLite would take more, the
# shop takes the same on both.
MAX_INTEGER = 2**31 - 1
# The lengths of the text columns (db.tables); tests/integration/test_fuzz_inputs.py checks
# that the two agree.
TEAM_NAME = 100  # events.home, events.away
TOURNAMENT = 100  # events.tournament
LOGIN = 32  # users.login
FULL_NAME = 100  # users.full_name: the name the journal's column 8 is signed with (issue 34)
TERMINAL = 32  # the terminal column of every row a terminal writes
REASON = 200  # slips.cancel_reason, cash_transfers.reason
RESULT_SOURCE = 200  # event_results.source (also a draw's cancel reason)
REQUEST_KEY = 64  # slips.request_key
# What a sentence may echo of the input, so that a pasted page is not repeated back whole.
ECHO = 40
# A file's name as recorded in the audit trail (a name the system gave may hold anything).
FILE_NAME = 255
# For a field whose length is refused with a sentence of its own, after the text is checked.
NO_LIMIT = sys.maxsize
# The most characters a number typed, scanned or read from a file may have, leading zeros
# included: `int()` counts them towards its 4,300 digits (issue 34), and more than this is
# a paste, not a number.
MAX_DIGITS = 64

# C0 and C1 control characters (Unicode category Cc); tab, newline and the other whitespace
# among them are collapsed into spaces before this is looked for.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
# What a sentence on screen, in the log or in the audit trail cannot carry.


def clean_text(value: object, field: str, max_len: int) -> str:
    """Text as it is stored: whitespace runs collapsed into one space, the ends trimmed.

    Args:
        value: the text as typed, scanned or read; a number a file or the API gives where
            text is due (a JSON name of digits) is taken as written.
        field: the field's key in pos.errors.INPUT_LABELS, named in the refusal.
        max_len: the longest text the field's column holds.

    Returns:
        The cleaned text (possibly empty: each field says whether it may be).

    Raises:
        InvalidText: not text, text UTF-8 cannot encode, a control character, or too long.
    """
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        value = _written(value, field, max_len)
    if not isinstance(value, str):
        raise InvalidText(field, "not_text")
    if not encodable(value):
        raise InvalidText(field, "unencodable")
    text = " ".join(value.split())
    if _CONTROL.search(text):
        raise InvalidText(field, "control")
    if len(text) > max_len:
        raise InvalidText(field, "too_long", max_len, len(text))
    return text


def parse_code(value: object, field: str, high: int = MAX_INTEGER, *, low: int = 1) -> int:
    """A whole number as the API gives it (an int) or as typed or scanned (ASCII digits).

    The length of the text is bounded before `int()`, leading zeros included, so a pasted page
    of digits (or of zeros before "101") is refused as out of range, not with `int()`'s own
    error; other scripts' digits ("٤٠١", "²") and signs are refused.

    Args:
        value: the number, or its digits as text (spaces around them are ignored).
        field: the field's key in pos.errors.INPUT_LABELS, named in the refusal.
        high: the largest number allowed (at most the column's, MAX_INTEGER).
        low: the smallest.

    Returns:
        The number.

    Raises:
        InvalidNumber: not a whole number of ASCII digits, or outside `low`..`high`.
    """
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidNumber(field, shown(value), low, high)
    if isinstance(value, int):
        number = value
    else:
        digits = value.strip()
        if not (digits.isascii() and digits.isdecimal()):
            raise InvalidNumber(field, shown(digits), low, high)
        # The raw length first: int() counts leading zeros too (issue 34).
        if len(digits) > MAX_DIGITS or len(digits.lstrip("0")) > len(str(high)):
            raise InvalidNumber(field, shown(digits), low, high)
        number = int(digits)
    if not low <= number <= high:
        raise InvalidNumber(field, shown(number), low, high)
    return number


def _written(number: int | Decimal, field: str, max_len: int) -> str:
    try:
        return str(number)
    except ValueError:  # an integer of more than 4,300 digits, which str() refuses to write
        assert isinstance(number, int)
        digits = number.bit_length() * 30103 // 100000 + 1  # log10(2) = 0.30103
        raise InvalidText(field, "too_long", max_len, digits) from None


def encodable(text: str) -> bool:
    """True when UTF-8 can encode the text (no lone surrogate), so a database can store it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown(value: object, limit: int = ECHO) -> str:
    """An input as a sentence may quote it: visible, and cut to `limit` characters with "…".

    An integer too long to be written out (thousands of digits) is quoted by its size.
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"число из более чем {limit} цифр"
    try:
        text = value if isinstance(value, str) else str(value)
    except ValueError:  # a container holding such an integer
        text = type(value).__name__
    return visible(text if len(text) <= limit else text[: limit - 1] + "…")
