"""The old room of Bet-on-Poker's draws at the shop, folded into pos.poker (issue 36, step 9):
its modules re-export their new homes for their importers."""

from pos.poker.wording import DrawLegWords, draw_leg_words

__all__ = ["DrawLegWords", "draw_leg_words"]
