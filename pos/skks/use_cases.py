"""The СККС use cases (issue 35): an operation registered before it is made (online), the
outbox sent now, and the link's state for the manager and the status bar."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from pos.core.context import Context
from pos.core.settings import ShopSettings
from pos.people.actor import Actor
from pos.skks.errors import SkksNoAnswer, SkksRefused
from pos.skks.link import LinkDown, Refused, Registered
from pos.skks.messages import Message, Refusal
from pos.skks.outbox import connected, online
from pos.skks.reconcile import Reconciliation
from pos.skks.sending import Sent, register, send

log = logging.getLogger(__name__)


def require_registered(
    ctx: Context, settings: ShopSettings, message: Message | None, operation: str
) -> Registered | None:
    """In online mode, wait for the controller to register the operation's message (written
    and committed with the operation waiting for its print); its registration, for the
    operation to record when it is made (`record`). None: nothing to wait for.

    Raises:
        SkksNoAnswer: no answer within the office's wait; the caller undoes the operation
            (its undoing queues the annulment).
        SkksRefused: the controller refused it, with its reason.
    """
    if message is None or not online(settings):
        return None
    try:
        answer = register(ctx, settings, message)
    except LinkDown as down:
        raise SkksNoAnswer(operation, down.detail) from down
    if isinstance(answer, Refused):
        raise SkksRefused(operation, answer.text or answer.error)
    return answer


def flush(ctx: Context) -> None:
    """Send what waits right after an operation made at once (a shift, cash in or out, a
    cancellation, a deposit) in online mode; what gets no answer stays in the outbox for the
    next sending, and the status bar counts it."""
    settings = ctx.settings()
    if not online(settings):
        return
    try:
        send(ctx, settings, within=settings.skks_timeout)
    except Exception:  # the operation is made and its message kept: the next sending sends it
        log.exception("СККС: the outbox not sent now")


def skks_send(ctx: Context, actor: Actor) -> Sent:
    """Send this terminal's outbox now, in order, until it is empty or the controller stops
    answering (the window does it in the background)."""
    return send(ctx, ctx.settings())


@dataclass(frozen=True)
class SkksStatus:
    """The link as the manager and the status bar see it."""

    connected: bool  # the office reports to a controller
    mode: str
    unsent: int
    oldest: datetime | None
    refused: list[Refusal]


def skks_status(ctx: Context, actor: Actor, refusals: int = 200) -> SkksStatus:
    """This terminal's unsent messages and the oldest one's time, and the refusals after the
    fact («Расхождения СККС»)."""
    settings = ctx.settings()
    with ctx.unit_of_work() as uow:
        state = uow.skks.state(ctx.terminal)
        refused = uow.skks.refusals(refusals)
    return SkksStatus(connected(settings), settings.skks_mode, state.unsent, state.oldest, refused)


def skks_reconciliations(ctx: Context, actor: Actor, limit: int = 20) -> list[Reconciliation]:
    """The last closed shifts' totals compared with the controller's, newest first."""
    with ctx.unit_of_work() as uow:
        return uow.skks.reconciliations(limit)
