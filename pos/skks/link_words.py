"""The status bar's words for the СККС link, read before the window's first paint (issue 34)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pos.skks.use_cases import SkksStatus

NOT_CONNECTED = "СККС не подключена"
ON_LINE = "СККС: на связи"


def age_minutes(oldest: datetime | None, now: datetime) -> int:
    """Whole minutes the oldest unsent message has waited (0 when none waits)."""
    if oldest is None:
        return 0
    return max(0, int((now - oldest).total_seconds() // 60))


def link_words(status: SkksStatus | None, now: datetime) -> str:
    """The status bar's words for the link: not connected, on line, or what waits.

    Args:
        status: the link as `skks_status` read it; None for a shop without a controller.
        now: the time the age of the oldest message is reckoned at.
    """
    if status is None or not status.connected:
        return NOT_CONNECTED
    if status.unsent == 0:
        return ON_LINE
    minutes = age_minutes(status.oldest, now)
    return f"СККС: {status.unsent} в очереди ({minutes} мин.)"  # short: the bar at 1024
