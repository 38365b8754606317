"""Running the Bet-on-Poker draws at the shop: the board, the cards dealt, results and
cancellations (the game's rules are pos.poker)."""
