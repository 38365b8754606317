"""Bet-on-Poker results from a file (issue #8): one line per draw, as a studio's feed gives it.

    тираж;руки;стол
    96013;AsKs QhQd 7c8c 2d2h JsTd 9h9c;Ac 7h 3s Kd 5d
    96014;отменён;сканер не считал карту

Hands from hand 1, two cards each; the board's five cards in the order dealt; the file around
them is read as every studio's (pos.games.files): nothing is recorded unless the whole file
reads (DrawFileRejected).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pos.core.inputs import RESULT_SOURCE, clean_text, parse_code
from pos.games.files import CANCELLED, read_studio_file
from pos.poker.chances import HANDS
from pos.poker.errors import DrawFileRejected
from pos.poker.events import MAX_DRAW_NUMBER

_CARD = re.compile(r"[2-9TJQKA][cdhs]", re.IGNORECASE)


@dataclass(frozen=True)
class DrawLine:
    """One draw's result as read: its cards, or the reason it was cancelled."""

    line: int
    number: int
    hands: tuple[str, ...] | None  # None: cancelled
    board: str
    reason: str = ""


def read_draw_results(name: str, data: bytes) -> list[DrawLine]:
    """The draws of a results file, in its order.

    Raises:
        DrawFileRejected: every line that does not read, with why.
    """
    return read_studio_file(name, data, _draw_line, DrawFileRejected)


def _draw_line(line: int, fields: list[str]) -> DrawLine:
    # ASCII digits in the range of a draw's number: "²" or a slip number is refused in
    # Russian, never with int()'s English (issue 15).
    number = parse_code(fields[0], "draw_number", MAX_DRAW_NUMBER)
    if len(fields) < 3:
        raise ValueError("нужны три поля: тираж, руки и стол (или «отменён» и причина)")
    if fields[1].lower() in CANCELLED:
        reason = clean_text(" ".join(fields[2:]), "draw_cancel_reason", RESULT_SOURCE)
        if not reason:
            raise ValueError("у отменённого тиража нужна причина")
        return DrawLine(line, number, None, "", reason)
    hands = _cards(fields[1])
    board = _cards(fields[2])
    if len(hands) != 2 * HANDS:
        raise ValueError(f"нужны 12 карт рук (по две на шесть рук), а их {len(hands)}")
    if len(board) != 5:
        raise ValueError(f"нужны 5 карт стола, а их {len(board)}")
    pairs = tuple(hands[i] + hands[i + 1] for i in range(0, 2 * HANDS, 2))
    return DrawLine(line, number, pairs, "".join(board))


def _cards(text: str) -> list[str]:
    leftover = _CARD.sub("", text).split()
    if leftover:
        raise ValueError(f"не карта: «{leftover[0]}»")
    return [card[0].upper() + card[1].lower() for card in _CARD.findall(text)]


__all__ = ["DrawLine", "read_draw_results"]
