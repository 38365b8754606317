"""The event codes of the Bet-on-Poker draws and the studio's name: what the shop needs of the
game at start-up, without the chances' numpy (pos.poker.game, issue 36)."""

from __future__ import annotations

from pos.core.inputs import MAX_INTEGER

DRAW_CODE_BASE = 1_000_000  # event codes of draws: above every code of the line (≤ 999999)
# The last draw's event code: 99 000 000 draws, beyond any studio's life (some 105 000 a
# year); the codes above it are left to other games (issue 36: pos.games refuses games whose
# codes overlap, and a game never imports another to learn its codes).
LAST_DRAW_CODE = 100_000_000
# The largest draw number typed or read from a file that an INTEGER column holds (issue 15),
# kept as it was (the sentences that name it are pinned): a number above the last draw's is
# read, and no draw of it is found.
MAX_DRAW_NUMBER = MAX_INTEGER - DRAW_CODE_BASE
STUDIO = "Bet-on-Poker"
# The game's key (pos.games): the registry's, and the events.sport of its draws' events as
# stored before the seam (issue 36).
KEY = "poker"
