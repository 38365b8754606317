"""The rules of Bet-on-Poker (seed 004): the exact chances of the hands, the schedule, rounds
and odds of the draws, draws as events of the line, their result files. The API's
`pos.poker.win_chances` is the chances module's."""

from pos.poker.chances import win_chances

__all__ = ["win_chances"]
