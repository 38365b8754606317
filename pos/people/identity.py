"""Identity documents: the checks before a bet or a payout (p.4, p.13) and what is kept of them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from pos.core.inputs import clean_text
from pos.people.errors import DocumentExpired, InvalidDocument, Underage
from pos.people.mrz import PERSONAL_NUMBER, parse_mrz

PASSPORT = "паспорт"
ID_CARD = "ID-карта"

# The first letter of an ICAO document code: P passport; I, A, C identity cards (9303-5 §4.2.2).
_KINDS_BY_CODE = {"P": PASSPORT, "I": ID_CARD, "A": ID_CARD, "C": ID_CARD}
_SHOWN_DIGITS = 3
# A personal number typed on a Russian layout: the Cyrillic letters that look like the Latin
# ones the number is printed with are read as those (issue 35).
_LATIN_LOOKALIKES = str.maketrans("АВЕКМНОРСТХ", "ABEKMHOPCTX")
# The longest text each field may hold: what the journal's columns and the identity checks'
# records store (db.tables), with room for the longest real names and authorities.
MAX_LENGTHS = {
    "surname": 80,
    "name": 80,
    "patronymic": 80,
    "kind": 40,
    "number": 30,
    "issued_by": 200,
}


@dataclass(frozen=True, kw_only=True)
class IdDocument:
    """An identity document as the cashier typed it or a reader scanned it.

    Keyword-only, so that the two dates and the two names cannot be swapped by position.
    """

    surname: str
    name: str
    patronymic: str = ""
    birth_date: date
    kind: str  # e.g. "паспорт", "ID-карта", "вид на жительство"
    number: str
    issued_on: date | None = None  # None: unknown, e.g. read from a machine-readable zone
    issued_by: str = ""  # the authority and place; from a zone, the issuing state ("BLR")
    expires_on: date | None = None  # None: the document has no expiry
    # The Belarusian personal (identification) number, 14 characters, "" when not given; the
    # register of restricted persons matches by it (issue 35). Kept only where the law needs
    # it (notes/reliability.md finding 3): checks store a masked document number, never it.
    personal_number: str = ""


def check_document(document: IdDocument, today: date) -> IdDocument:
    """Check that a document is complete and possible, and return it cleaned.

    Cleaning collapses runs of whitespace in the text fields and writes the number in
    upper case without spaces.

    Args:
        document: The document as entered.
        today: The shop-local date.

    Returns:
        The cleaned copy.

    Raises:
        InvalidDocument: Naming the first field that is missing ("surname", "name", "kind",
            "number"), too long ("surname_long"…, see MAX_LENGTHS) or impossible
            ("birth_date" after today, "issued_on" after today or before the birth date),
            or "personal_number" given and not of the shape 3010185A001PB1.
        InvalidText: a field with a control character or text no database can store.
    """
    _check_types(document)
    cleaned = replace(
        document,
        surname=_collapsed(document.surname),
        name=_collapsed(document.name),
        patronymic=_collapsed(document.patronymic),
        kind=_collapsed(document.kind),
        number=_compact_number(document.number),
        issued_by=_collapsed(document.issued_by),
        personal_number=compact_personal_number(document.personal_number),
    )
    if cleaned.personal_number and not PERSONAL_NUMBER.fullmatch(cleaned.personal_number):
        raise InvalidDocument("personal_number")
    for field in ("surname", "name", "kind", "number"):
        if not getattr(cleaned, field):
            raise InvalidDocument(field)
    for field, longest in MAX_LENGTHS.items():
        if len(getattr(cleaned, field)) > longest:
            raise InvalidDocument(f"{field}_long")
        clean_text(getattr(cleaned, field), field, longest)  # a NUL, a lone surrogate
    if not isinstance(cleaned.birth_date, date) or cleaned.birth_date > today:
        raise InvalidDocument("birth_date")
    issued_on = cleaned.issued_on
    if issued_on is not None and not cleaned.birth_date <= issued_on <= today:
        raise InvalidDocument("issued_on")
    return cleaned


def age_on(birth_date: date, day: date) -> int:
    """The age in full years on `day`.

    Someone born on 29 February has their birthday on 1 March in a year without
    29 February: born 29.02.2008, they are 17 on 28.02.2026 and 18 on 01.03.2026.

    Args:
        birth_date: The date of birth.
        day: The day of the check, not before `birth_date`.

    Returns:
        The number of birthdays passed, counting one that falls on `day`.

    Raises:
        ValueError: `day` is before `birth_date` (a bug: check_document refuses such dates).
    """
    if day < birth_date:
        raise ValueError(f"age asked for {day}, before the birth on {birth_date}")
    # Comparing (month, day) puts a 29 February birthday after 28 February and before
    # 1 March, which is exactly the 1 March convention above.
    before_birthday = (day.month, day.day) < (birth_date.month, birth_date.day)
    return day.year - birth_date.year - int(before_birthday)


def check_player(document: IdDocument, today: date, min_age: int) -> int:
    """Check the document a player shows and that they are old enough (p.4).

    A document is valid through its expiry day.

    Args:
        document: The document as entered or read.
        today: The shop-local date of the bet or the payout.
        min_age: The shop's minimum age (21 by default).

    Returns:
        The player's age in full years.

    Raises:
        InvalidDocument: The document is incomplete or impossible (see check_document).
        DocumentExpired: The expiry date is before today.
        Underage: The player is younger than `min_age`.
    """
    return player_age(check_document(document, today), today, min_age)


def player_age(cleaned: IdDocument, today: date, min_age: int) -> int:
    """`check_player` for a document `check_document` has already cleaned (a payout checks
    the whole document first): its expiry and the player's age.

    Raises:
        DocumentExpired: The expiry date is before today.
        Underage: The player is younger than `min_age`.
    """
    if cleaned.expires_on is not None and cleaned.expires_on < today:
        raise DocumentExpired(cleaned.expires_on)
    age = age_on(cleaned.birth_date, today)
    if age < min_age:
        raise Underage(min_age, age)
    return age


def document_from_mrz(text: str, today: date) -> IdDocument:
    """Build a document from a passport's or ID card's machine-readable zone.

    Names stay in the Latin letters printed in the zone. The zone has no issue date and no
    issuing authority, so `issued_on` is None and `issued_by` is the issuing state's code.

    Args:
        text: The zone as a reader typed it (see pos.people.mrz.parse_mrz).
        today: The shop-local date, which places two-digit years in their century.

    Returns:
        The checked and cleaned document.

    Raises:
        InvalidMrz: The zone is damaged or mistyped.
        InvalidDocument: "kind" for a zone that is not a passport or an ID card (a visa),
            or another field that is missing, e.g. "name" for a zone with no given name.
    """
    data = parse_mrz(text, today)
    kind = _KINDS_BY_CODE.get(data.document_code[:1])
    if kind is None:
        raise InvalidDocument("kind")
    document = IdDocument(
        surname=data.surname,
        name=data.given_names,
        birth_date=data.birth_date,
        kind=kind,
        number=data.number,
        issued_by=data.issuing_state,
        expires_on=data.expiry_date,
        personal_number=data.personal_number,
    )
    return check_document(document, today)


def masked_number(number: str) -> str:
    """The document number as it may be stored or logged: all but the last 3 characters hidden.

    Personal data is kept to the minimum (notes/reliability.md, finding 3). A number of
    3 characters or fewer is hidden entirely, so that no whole number is ever kept.

    Args:
        number: The number as typed; spaces are dropped and letters upper-cased first.

    Returns:
        For example "******567" for "MP 1234567".
    """
    compact = _compact_number(number)
    shown = compact[-_SHOWN_DIGITS:] if len(compact) > _SHOWN_DIGITS else ""
    return "*" * (len(compact) - len(shown)) + shown


def _check_types(document: IdDocument) -> None:
    # Whatever a window or an integration passed, a wrong type is refused, never a traceback.
    for field in ("surname", "name", "patronymic", "kind", "number", "issued_by"):
        if not isinstance(getattr(document, field), str):
            raise InvalidDocument("name" if field == "patronymic" else field)
    if not isinstance(document.personal_number, str):
        raise InvalidDocument("personal_number")
    for field in ("birth_date", "issued_on", "expires_on"):
        value = getattr(document, field)
        if value is None and field != "birth_date":
            continue
        if type(value) is not date:
            raise InvalidDocument("birth_date" if field == "expires_on" else field)


def _collapsed(text: str) -> str:
    return " ".join(text.split())


def compact_personal_number(number: str) -> str:
    """A personal number as stored and matched: no spaces, upper case, Latin letters.

    Args:
        number: As typed or read, e.g. "3010185 а001рв1".

    Returns:
        For example "3010185A001PB1"; the shape is not checked here (check_document does).
    """
    return "".join(number.split()).upper().translate(_LATIN_LOOKALIKES)


def _compact_number(number: str) -> str:
    return "".join(number.split()).upper()
