"""Running the Bet-on-Poker draws at the shop: the board, the cards dealt, results and
cancellations (the game's rules are pos.poker)."""

from pos.poker.wording import DrawLegWords, draw_leg_words

# A draw's leg as its slip prints it, for the printer's layouts: they ask the draw room, not
# the game (STYLE.md B1a), until the games have their interface.
__all__ = ["DrawLegWords", "draw_leg_words"]
