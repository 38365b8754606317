"""Bet-on-Poker's settings (issue 36): the house's margin and the payout day, declared to the
shop's settings under the names they always had in the settings table."""

from __future__ import annotations

from decimal import Decimal

from pos.core.input_errors import InvalidSetting
from pos.core.setting_kinds import typed_decimal
from pos.games.settings import SettingSpec, flag
from pos.poker.errors import MARGIN_SHARE

# Exclusive: the house keeps less than half of every price (pos.poker.draws.MAX_MARGIN, whose
# module is not loaded to read a setting: the chances' numpy).
_MAX_MARGIN = Decimal("0.5")
_MARGIN_STEP = Decimal("0.0001")


def check_margin(value: object) -> Decimal:
    """The house's share of each price, as typed or stored ("0,10").

    Args:
        value: Text, a Decimal or an int; never a float.

    Returns:
        A share from 0 up to (not including) 0.5, to four places at most.

    Raises:
        InvalidSetting: anything else, with the margin's own sentence.
    """
    margin = typed_decimal(value)
    if margin is None or not 0 <= margin < _MAX_MARGIN or margin != margin.quantize(_MARGIN_STEP):
        raise InvalidSetting("poker_margin", "margin_range", cause=MARGIN_SHARE)
    return margin


# Seed 004: the house's share of each price, (1 − margin) / chance.
MARGIN = SettingSpec(
    "poker_margin", "Маржа Bet-on-Poker (доля)", Decimal("0.10"), check_margin, "decimal"
)
# A winning draw slip is paid from the day after its draw (first p.24), unless the shop's
# licence lets it pay as soon as the draw is settled.
PAY_AT_ONCE = flag("poker_pay_at_once", "Выплачивать выигрыши Bet-on-Poker сразу после тиража")
SETTINGS = (MARGIN, PAY_AT_ONCE)
