"""The rules of Bet-on-Poker (seed 004): the exact chances of the hands, the schedule, rounds
and odds of the draws, draws as events of the line, their result files. The API's
`pos.poker.win_chances` is the chances module's, loaded when first asked for: the shop
lists the game at start-up (main.games()), and the chances bring numpy (issue 36)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pos.poker.chances import win_chances

__all__ = ["win_chances"]


def __getattr__(name: str) -> Any:
    if name == "win_chances":
        from pos.poker.chances import win_chances  # noqa: PLC0415 - numpy, when first asked

        return win_chances
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
