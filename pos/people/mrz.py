"""An ICAO 9303 machine-readable zone parser for passports (TD3) and ID cards (TD1)."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from datetime import date

from pos.people.errors import InvalidMrz

_WEIGHTS = (7, 3, 1)
_ALLOWED = frozenset(string.ascii_uppercase + string.digits + "<")
_TD3 = (44, 44)
_TD1 = (30, 30, 30)
# A Belarusian personal (identification) number: 7 digits, a letter, 3 digits, 2 letters and a
# check digit, e.g. 3010185A001PB1 (issue 35). Passports and ID cards carry it in the zone's
# optional data; other states put other things there, which are not taken for one.
PERSONAL_NUMBER = re.compile(r"[0-9]{7}[A-Z][0-9]{3}[A-Z]{2}[0-9]")


@dataclass(frozen=True)
class MrzData:
    """The fields of a machine-readable zone, fillers (`<`) removed."""

    document_code: str  # "P", "PB", "I", "ID", "AC", ...
    issuing_state: str  # ICAO code, e.g. "BLR"; Germany is "D"
    surname: str
    given_names: str
    number: str
    nationality: str
    birth_date: date
    sex: str  # "M", "F", "X" or "" when unspecified
    expiry_date: date | None  # None: the zone says the document has no expiry
    optional_data: str  # TD1: both optional fields, joined by a space
    personal_number: str = ""  # a Belarusian personal number found in the optional data


def check_digit(field: str) -> str:
    """The ICAO 9303-3 §4.9 check digit of a field: weights 7, 3, 1; `<` = 0, A = 10 … Z = 35.

    Args:
        field: Characters from the zone (A–Z, 0–9, `<`).

    Returns:
        One digit, as a string.
    """
    total = 0
    for position, char in enumerate(field):
        if char in string.digits:
            value = int(char)
        elif char == "<":
            value = 0
        else:
            value = ord(char) - ord("A") + 10
        total += value * _WEIGHTS[position % 3]
    return str(total % 10)


def parse_mrz(text: str, today: date) -> MrzData:
    """Parse the zone as a reader or a cashier typed it, verifying every check digit.

    The text is normalised first: case, CR/CRLF line ends, spaces, empty lines; a reader
    that sends the whole zone as one line (88 or 90 characters) is split into its lines.
    Two-digit years: a birth date is the latest such date not after `today`; an expiry year
    is the one in `today.year - 49 … today.year + 50`.

    Args:
        text: The zone, two lines of 44 characters or three of 30.
        today: The shop-local date, which places the two-digit years in their century.

    Returns:
        The parsed fields.

    Raises:
        InvalidMrz: With reason "shape", "charset", "check_number", "check_birth",
            "check_expiry", "check_optional" (TD3 only), "check_composite" or "date".
    """
    lines = _normalised_lines(text)
    shape = tuple(len(line) for line in lines)
    if shape not in (_TD3, _TD1):
        raise InvalidMrz("shape")
    if any(char not in _ALLOWED for line in lines for char in line):
        raise InvalidMrz("charset")
    return _parse_td3(*lines, today=today) if shape == _TD3 else _parse_td1(*lines, today=today)


def _normalised_lines(text: str) -> list[str]:
    rows = text.upper().replace("\r\n", "\n").replace("\r", "\n").split("\n")
    lines = ["".join(row.split()) for row in rows]
    lines = [line for line in lines if line]
    if len(lines) == 1 and len(lines[0]) in (88, 90):  # the reader's line ends were lost
        width = 44 if len(lines[0]) == 88 else 30
        lines = [lines[0][i : i + width] for i in range(0, len(lines[0]), width)]
    return lines


def _parse_td3(line1: str, line2: str, *, today: date) -> MrzData:
    _verify(line2[0:9], line2[9], "check_number")
    _verify(line2[13:19], line2[19], "check_birth")
    _verify(line2[21:27], line2[27], "check_expiry")
    _verify(line2[28:42], line2[42], "check_optional")
    _verify(line2[0:10] + line2[13:20] + line2[21:43], line2[43], "check_composite")
    surname, given_names = _names(line1[5:44])
    return MrzData(
        document_code=line1[0:2].strip("<"),
        issuing_state=line1[2:5].strip("<"),
        surname=surname,
        given_names=given_names,
        number=line2[0:9].strip("<"),
        nationality=line2[10:13].strip("<"),
        birth_date=_birth_date(line2[13:19], today),
        sex=line2[20].strip("<"),
        expiry_date=_expiry_date(line2[21:27], today),
        optional_data=line2[28:42].strip("<"),
        personal_number=_personal_number(line2[28:42]),  # positions 29-42 (issue 35)
    )


def _parse_td1(line1: str, line2: str, line3: str, *, today: date) -> MrzData:
    number, digit, optional = line1[5:14], line1[14], line1[15:30]
    if digit == "<" and optional[0] != "<":
        # A number longer than 9 characters goes on into the optional field, followed by its
        # check digit and a filler (ICAO 9303-5 §4.2.4).
        tail = optional.split("<", 1)[0]
        number, digit, optional = number + tail[:-1], tail[-1], optional[len(tail) :]
    _verify(number, digit, "check_number")
    _verify(line2[0:6], line2[6], "check_birth")
    _verify(line2[8:14], line2[14], "check_expiry")
    _verify(line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29], line2[29], "check_composite")
    surname, given_names = _names(line3)
    optional_fields = (optional.strip("<"), line2[18:29].strip("<"))
    return MrzData(
        document_code=line1[0:2].strip("<"),
        issuing_state=line1[2:5].strip("<"),
        surname=surname,
        given_names=given_names,
        number=number.strip("<"),
        nationality=line2[15:18].strip("<"),
        birth_date=_birth_date(line2[0:6], today),
        sex=line2[7].strip("<"),
        expiry_date=_expiry_date(line2[8:14], today),
        optional_data=" ".join(field for field in optional_fields if field),
        personal_number=_personal_number(optional),  # line 1, positions 16-30 (issue 35)
    )


def _personal_number(field: str) -> str:
    """The personal number that fills an optional field, or "" when it holds something else."""
    candidate = field.strip("<")
    return candidate if PERSONAL_NUMBER.fullmatch(candidate) else ""


def _verify(field: str, digit: str, reason: str) -> None:
    # An empty field (all fillers) may carry `<` instead of its check digit 0 (9303-4 §4.2.2.2).
    blank_ok = digit == "<" and not field.strip("<")
    if not blank_ok and check_digit(field) != digit:
        raise InvalidMrz(reason)


def _names(field: str) -> tuple[str, str]:
    surname, _, given_names = field.partition("<<")
    return " ".join(surname.replace("<", " ").split()), " ".join(
        given_names.replace("<", " ").split()
    )


def _birth_date(field: str, today: date) -> date:
    year, month, day = _yymmdd(field)
    year = today.year - (today.year - year) % 100  # the latest year <= today.year ending so
    born = _date(year, month, day)
    return born if born <= today else _date(year - 100, month, day)


def _expiry_date(field: str, today: date) -> date | None:
    if field == "<<<<<<":
        return None
    year, month, day = _yymmdd(field)
    earliest = today.year - 49
    return _date(earliest + (year - earliest) % 100, month, day)


def _yymmdd(field: str) -> tuple[int, int, int]:
    if not all(char in string.digits for char in field):
        raise InvalidMrz("date")
    return int(field[0:2]), int(field[2:4]), int(field[4:6])


def _date(year: int, month: int, day: int) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise InvalidMrz("date") from None
