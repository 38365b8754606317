"""The Bet-on-Poker board at its address before issue 36: this name is the very module
ui/games/poker/board.py, so `ui.pages.draws.DrawsPage`, `.QInputDialog`, `.QFileDialog` are the
board's own (tests import and patch them here)."""

import sys

from ui.games.poker import board

sys.modules[__name__] = board
