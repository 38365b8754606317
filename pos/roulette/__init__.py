"""Roulette (seeds 001, 003) as a draw game on the games' seam (issue 36)."""
