"""The shop's published conditions of accepting bets (issue 37, p.6), each version kept."""
