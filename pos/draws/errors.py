"""The old home of the draws' refusals, kept for their importers: now pos.poker.draw_errors."""

from pos.poker.draw_errors import DrawSettled, InvalidDrawCards, RoundStillOpen

__all__ = ["DrawSettled", "InvalidDrawCards", "RoundStillOpen"]
