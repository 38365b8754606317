"""The СККС use cases (issue 35): an operation registered before it is made (online), the
outbox sent now, and the link's state for the manager and the status bar."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from pos.core.context import Context
from pos.core.link_settings import connected
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.people.actor import Actor
from pos.skks import outbox
from pos.skks.errors import SkksNoAnswer, SkksRefused
from pos.skks.link import LinkDown, Refused, Registered
from pos.skks.messages import Message, Refusal
from pos.skks.outbox import online
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


# Undoes an operation the controller did not register, in the unit of work given, at the
# moment given: why (one Russian phrase for the audit), and whether the controller may have
# registered it after all (no answer: its annulment is queued; a refusal: nothing to annul).
Undo = Callable[[UnitOfWork, datetime, str, bool], None]


def registered_or_undone(ctx: Context, message: Message | None, operation: str, undo: Undo) -> None:
    """In online mode, wait for the controller to register the operation's `message`
    (committed with the operation) and record its number; when it does not, `undo` the
    operation in one transaction and raise. Deferred and without a controller: nothing to
    wait for (the outbox goes in the background).

    Raises:
        SkksNoAnswer: no answer in time; undone, its annulment queued by `undo`.
        SkksRefused: the controller refused it, with its reason; undone.
    """
    try:
        registered = require_registered(ctx, ctx.settings(), message, operation)
    except SkksRefused as refused:  # never registered: nothing to annul
        _undone(ctx, undo, f"СККС отказала: {refused.reason}", annul=False)
        raise
    except SkksNoAnswer:
        _undone(ctx, undo, "СККС не ответила", annul=True)
        raise
    if registered is None:
        return
    with ctx.unit_of_work() as uow:
        outbox.record(uow, message, registered.number, ctx.clock.now())
        uow.commit()


def _undone(ctx: Context, undo: Undo, why: str, *, annul: bool) -> None:
    with ctx.unit_of_work() as uow:
        undo(uow, ctx.clock.now(), why, annul)
        uow.commit()


def flush(ctx: Context) -> None:
    """Send what waits right after an operation made at once (a cancellation, a settlement,
    a margin call) in online mode; what gets no answer stays in the outbox for the
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
