"""The settings of the register of restricted persons (issue 35), parsed as typed."""

from __future__ import annotations

from pos.core.input_errors import InvalidNumber, InvalidSetting
from pos.core.inputs import parse_code

_MOST_DAYS = 365


def max_age(value: object) -> int:
    """`restricted_max_age`: how many days old the register may be before the manager is
    warned at sign-in.

    Args:
        value: As typed or stored, e.g. "1".

    Returns:
        Whole days, 1 to 365.

    Raises:
        InvalidSetting: not a whole number of days in that range.
    """
    try:
        days = parse_code(value, "setting", low=0)
    except InvalidNumber:
        raise InvalidSetting("restricted_max_age", "register_age_range") from None
    if not 1 <= days <= _MOST_DAYS:
        raise InvalidSetting("restricted_max_age", "register_age_range")
    return days
