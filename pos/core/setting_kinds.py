"""How the kinds of a setting are read as typed or stored (a yes/no, a whole number in a range,
a decimal), for the shop's settings and the games' alike (issue 36)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from pos.core.input_errors import InvalidNumber, InvalidSetting
from pos.core.inputs import parse_code, shown


def parse_flag(name: str, value: object) -> bool:
    """A yes/no setting `name` as stored or typed ("да", "нет", "1", "0", True…).

    Raises:
        InvalidSetting: neither yes nor no.
    """
    if isinstance(value, bool):
        return value
    text = shown(value).strip().lower()
    if text in ("true", "1", "да", "yes"):
        return True
    if text in ("false", "0", "нет", "no", ""):
        return False
    raise InvalidSetting(name, "flag")


def whole(name: str, low: int, high: int, reason: str, value: object, typed: str = "") -> int:
    """A whole number setting `name` from `low` to `high`.

    Raises:
        InvalidSetting: for `reason` (for `typed`, if given, when it is no whole number).
    """
    try:
        number = parse_code(value, "setting", low=0)
    except InvalidNumber:
        raise InvalidSetting(name, typed or reason) from None
    if not low <= number <= high:
        raise InvalidSetting(name, reason)
    return number


def typed_decimal(value: object) -> Decimal | None:
    """A finite number as typed (a decimal comma too), or None for anything else (a float
    too: a setting is never read from one)."""
    if isinstance(value, float | bool):
        return None
    try:
        number = Decimal(shown(value, 100).strip().replace(",", "."))
    except InvalidOperation:
        return None
    return number if number.is_finite() else None
