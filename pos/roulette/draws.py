"""Roulette's draws as events: their codes, apart from the line's and other games' (issue 36)."""

from __future__ import annotations

from pos.core.inputs import MAX_INTEGER

KEY = "roulette"
TITLE = "Рулетка"
# Event codes of spins: draw n is SPIN_CODE_BASE + n. The line ends at 999 999; the codes
# below this base are other games' (pos.games refuses games whose codes overlap).
SPIN_CODE_BASE = 1_500_000_000
# The last draw whose event code an INTEGER column holds (issue 15).
MAX_SPIN_NUMBER = MAX_INTEGER - SPIN_CODE_BASE
CODES = range(SPIN_CODE_BASE + 1, MAX_INTEGER + 1)


def spin_code(number: int) -> int:
    """The event code of draw `number`."""
    return SPIN_CODE_BASE + number


def spin_number(code: int) -> int:
    """The draw an event code of the game is."""
    return code - SPIN_CODE_BASE
