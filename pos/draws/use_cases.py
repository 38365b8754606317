"""The old home of the draws' use cases, kept for their importers: now pos.poker.use_cases and
pos.poker.board (issue 36, step 9)."""

from pos.poker.board import HISTORY, DrawBoard, DrawView, draw_board
from pos.poker.use_cases import DrawImport, cancel_draw, deal_cards, import_draw_results

__all__ = [
    "HISTORY",
    "DrawBoard",
    "DrawImport",
    "DrawView",
    "cancel_draw",
    "deal_cards",
    "draw_board",
    "import_draw_results",
]
