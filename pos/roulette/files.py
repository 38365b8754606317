"""Roulette results from a studio's file (DESIGN.md, Roulette): one line per draw.

    тираж;число
    512;17
    513;отменён;шарик вылетел

The file around the lines is read as every studio's (pos.games.files): nothing is recorded
unless the whole file reads (SpinsFileRejected).
"""

from __future__ import annotations

from dataclasses import dataclass

from pos.core.inputs import RESULT_SOURCE, clean_text, parse_code
from pos.games.files import CANCELLED, read_studio_file
from pos.roulette.draws import MAX_SPIN_NUMBER
from pos.roulette.errors import SpinsFileRejected
from pos.roulette.layout import NUMBERS


@dataclass(frozen=True)
class SpinLine:
    """One draw's result as read: the number that came up, or why it was cancelled."""

    line: int
    number: int  # the draw's
    came_up: int | None  # None: cancelled
    reason: str = ""


def read_spins(name: str, data: bytes) -> list[SpinLine]:
    """The draws of a results file, in its order.

    Raises:
        SpinsFileRejected: every line that does not read, with why.
    """
    return read_studio_file(name, data, _spin_line, SpinsFileRejected)


def _spin_line(line: int, fields: list[str]) -> SpinLine:
    number = parse_code(fields[0], "draw_number", MAX_SPIN_NUMBER)
    if len(fields) < 2 or not fields[1]:
        raise ValueError("нужны два поля: тираж и выпавшее число (или «отменён» и причина)")
    if fields[1].lower() in CANCELLED:
        reason = clean_text(" ".join(fields[2:]), "draw_cancel_reason", RESULT_SOURCE)
        if not reason:
            raise ValueError("у отменённого тиража нужна причина")
        return SpinLine(line, number, None, reason)
    if len(fields) > 2 and any(fields[2:]):
        raise ValueError("после выпавшего числа полей быть не должно")
    came_up = fields[1]
    if not (came_up.isascii() and came_up.isdecimal() and int(came_up) in NUMBERS):
        raise ValueError(f"«{came_up}» — не число колеса: числа от 0 до 36")
    return SpinLine(line, number, int(came_up))
