"""The event codes of the Bet-on-Poker draws and the studio's name: what the shop needs of the
game at start-up, without the chances' numpy (pos.poker.game, issue 36)."""

from __future__ import annotations

from pos.core.inputs import MAX_INTEGER

DRAW_CODE_BASE = 1_000_000  # event codes of draws: above every code of the line (≤ 999999)
# The last draw whose event code an INTEGER column holds (issue 15).
MAX_DRAW_NUMBER = MAX_INTEGER - DRAW_CODE_BASE
STUDIO = "Bet-on-Poker"
# The game's key (pos.games): the registry's, and the events.sport of its draws' events as
# stored before the seam (issue 36).
KEY = "poker"
