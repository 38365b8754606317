"""What a leg of a slip came to (p.19, p.24): its outcome and why, in words."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction


class LegOutcome(enum.StrEnum):
    """What one leg came to."""

    WON = "won"
    LOST = "lost"
    VOID = "void"
    OPEN = "open"  # its event has no result yet
    # Its game returns `LegVerdict.value` per unit staked (half the stake on zero,
    # an announced bet's winning chips); only a game whose legs stand alone on a slip.
    PART = "part"


@dataclass(frozen=True)
class LegVerdict:
    """A leg's outcome and why, in words ("счёт 2:1, с форой ничья (п.19)"); a PART leg's
    `value` is what one unit staked returns, exactly (8/3: never the leg's two-decimal odds)."""

    outcome: LegOutcome
    reason: str
    value: Fraction | None = None
