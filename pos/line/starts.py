"""A start already past (issue 34): the rule, and the warning the line editor asks to confirm."""

from __future__ import annotations

from datetime import datetime

from pos.core.context import Context
from pos.line.errors import StartPassed
from pos.people.actor import Actor
from pos.people.permissions import Permission


def start_passed(starts_at: datetime, now: datetime) -> bool:
    """Whether a start is already past: at its start an event takes no more bets (p.22,
    pos.line.events.Event.takes_bets).

    Args:
        starts_at: the start, aware.
        now: the shop's clock.

    Returns:
        True when `starts_at` is now or earlier.
    """
    return starts_at <= now


def past_start(ctx: Context, actor: Actor, code: int, starts_at: datetime) -> StartPassed | None:
    """The warning to confirm before event `code` is saved to start at `starts_at`.

    A started event whose start stays as it is (its names corrected) needs none.

    Args:
        code: the event's code as typed (an event not in the line: a new one).
        starts_at: the start typed, aware.

    Returns:
        The warning, its start in the shop's time zone; None when the start is to come.
    """
    actor.require(Permission.EDIT_LINE)
    if not start_passed(starts_at, ctx.clock.now()):
        return None
    with ctx.unit_of_work() as uow:
        kept = uow.line.get_event(code)
    if kept is not None and kept.starts_at == starts_at:
        return None
    return StartPassed(code, starts_at.astimezone(ctx.settings().zone))
