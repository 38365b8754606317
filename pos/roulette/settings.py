"""Roulette's settings (issue 36, DESIGN.md Roulette): the draws' interval, the zero rule of
the even chances, the payout day; declared to the shop's settings under these names."""

from __future__ import annotations

from pos.core.input_errors import InvalidSetting
from pos.core.inputs import shown
from pos.core.setting_kinds import whole
from pos.games.settings import SettingSpec, flag
from pos.roulette.bets import ZeroRule
from pos.roulette.errors import INTERVAL_MINUTES, ZERO_RULES

_INTERVAL_NAME = "roulette_interval"
_ZERO_RULE_NAME = "roulette_zero_rule"


def check_interval(value: object) -> int:
    """The minutes between draws, as typed or stored ("3").

    Args:
        value: Text or an int.

    Returns:
        A whole number of minutes from 1 to 60.

    Raises:
        InvalidSetting: anything else, with the interval's own sentence.
    """
    try:
        return whole(_INTERVAL_NAME, 1, 60, "minutes_range", value)
    except InvalidSetting:
        raise InvalidSetting(_INTERVAL_NAME, "minutes_range", cause=INTERVAL_MINUTES) from None


def check_zero_rule(value: object) -> ZeroRule:
    """What zero does to the even chances, as typed or stored ("half", "all").

    Args:
        value: Text or a ZeroRule.

    Returns:
        The rule.

    Raises:
        InvalidSetting: neither rule, with the rule's own sentence.
    """
    try:
        return ZeroRule(shown(value).strip().lower())
    except ValueError:
        raise InvalidSetting(_ZERO_RULE_NAME, "empty", cause=ZERO_RULES) from None


# A draw every few minutes (DESIGN.md: 3); a changed interval applies from the next draw.
INTERVAL = SettingSpec(_INTERVAL_NAME, "Интервал тиражей рулетки (минут)", 3, check_interval, "int")
# Seed 001 p.9.1 (the law's, the default): an even chance loses half on zero; seed 003: whole.
ZERO_RULE = SettingSpec(
    _ZERO_RULE_NAME,
    "Рулетка: ставки на шансы при выпадении зеро",
    ZeroRule.HALF,
    check_zero_rule,
    "choice",
    choices=(ZeroRule.HALF.value, ZeroRule.ALL.value),
    choice_words=(
        "проигрывают половину, половина возвращается (п.9.1)",
        "проигрывают целиком",
    ),
)
# A win is paid from the day after its draw (first p.24), unless the licence pays at once.
PAY_AT_ONCE = flag("roulette_pay_at_once", "Выплачивать выигрыши рулетки сразу после тиража")
SETTINGS = (INTERVAL, ZERO_RULE, PAY_AT_ONCE)
