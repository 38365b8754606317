"""How amounts of things, odds and documents are worded in Russian, and a slip number as
people read it: the helpers every room's sentences use (pure text, no Qt)."""

from __future__ import annotations

import functools
from decimal import ROUND_HALF_EVEN, Decimal

# A slip number: 8 digits of serial, 3 of the check key, 2 of the terminal's check
# (pos.betting.numbers makes and checks them).
SLIP_NUMBER_LENGTH = 13
_SERIAL_DIGITS = 8
_HUNDREDTH = Decimal("0.01")

# The participle «выдан» agrees with the first word of the document's kind (its noun, or an
# adjective agreeing with it): «паспорт …, выдан», «ID-карта …, выдана», «водительское
# удостоверение …, выдано» (issue 16).
_FEMININE_ENDINGS = ("а", "я")
_NEUTER_ENDINGS = ("о", "е")


def issued_words(kind: str) -> str:
    """«выдан», «выдана» or «выдано», as the document's kind (its leading noun) requires.

    Args:
        kind: the document's kind as the cashier typed it: "паспорт", "ID-карта",
            "вид на жительство", "удостоверение беженца".

    Returns:
        The participle in the kind's gender; masculine when the ending does not tell.
    """
    head = (kind.split() or [""])[0].lower()
    if head.endswith(_FEMININE_ENDINGS):
        return "выдана"
    if head.endswith(_NEUTER_ENDINGS):
        return "выдано"
    return "выдан"


@functools.lru_cache(maxsize=1024)  # the odds of a line are few; a payout words each leg's
def odds_words(odds: Decimal) -> str:
    """Odds of one leg with a decimal comma and two decimals: 2.1 → "2,10"."""
    # Rounded by a rule of its own, not the caller's context: the words are kept per odds.
    return _comma(f"{odds.quantize(_HUNDREDTH, rounding=ROUND_HALF_EVEN):f}")


def total_odds_words(odds: Decimal) -> str:
    """Total odds with a decimal comma, at least two decimals: 4.3050 → "4,305", 2.1 → "2,10"."""
    whole, _, decimals = f"{odds.normalize():f}".partition(".")
    return f"{whole},{decimals.ljust(2, '0')}"


def plural(count: int, one: str, few: str, many: str) -> str:
    """`count` with the Russian noun form it takes: 1 экспресс, 3 экспресса, 5 экспрессов."""
    tens, units = count % 100, count % 10
    if units == 1 and tens != 11:
        form = one
    elif 2 <= units <= 4 and not 12 <= tens <= 14:
        form = few
    else:
        form = many
    return f"{count} {form}"


ACCOUNT_NUMBER_LENGTH = 11
_ACCOUNT_SERIAL_DIGITS = 6


def display_account_number(number: str) -> str:
    """A player account's number as its card prints it: 000123-456-78 (pos.accounts.numbers).

    Anything that is not a whole number (11 ASCII digits) is returned as it is.
    """
    whole = isinstance(number, str) and len(number) == ACCOUNT_NUMBER_LENGTH and number.isascii()
    if not (whole and number.isdigit()):
        return number
    serial = _ACCOUNT_SERIAL_DIGITS
    return f"{number[:serial]}-{number[serial:-2]}-{number[-2:]}"


EXCHANGE_NUMBER_LENGTH = 12
_EXCHANGE_SERIAL_DIGITS = 7


def display_exchange_number(number: str) -> str:
    """An offer's or a pari's number of «Спрэдбетэкс» as printed: 0000123-456-78
    (pos.exchange.numbers); anything that is not 12 ASCII digits is returned as it is."""
    whole = isinstance(number, str) and len(number) == EXCHANGE_NUMBER_LENGTH and number.isascii()
    if not (whole and number.isdigit()):
        return number
    serial = _EXCHANGE_SERIAL_DIGITS
    return f"{number[:serial]}-{number[serial:-2]}-{number[-2:]}"


def paid_from(number: str) -> str:
    """What a payout pays, by its number: «по купону № …», or «со счёта № …» for a player's
    account (a withdrawal waits and is answered for as a slip's payout is)."""
    if len(number) == ACCOUNT_NUMBER_LENGTH:
        return f"со счёта № {display_account_number(number)}"
    return f"по купону № {display_slip_number(number)}"


def display_slip_number(number: str) -> str:
    """The number grouped for people as the slip prints it: 00001234-567-89.

    Anything that is not a whole number (13 ASCII digits) is returned as it is.
    """
    whole = isinstance(number, str) and len(number) == SLIP_NUMBER_LENGTH and number.isascii()
    if not (whole and number.isdigit()):
        return number
    return f"{number[:_SERIAL_DIGITS]}-{number[_SERIAL_DIGITS:-2]}-{number[-2:]}"


def _comma(number: str) -> str:
    return number.replace(".", ",")
