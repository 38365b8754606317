"""The drawer's operations registered with the СККС (issue 35): written with the operation,
waited for in online mode and undone when the controller does not register them, and the
closed shift's totals compared with the controller's."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from pos.core.context import Context
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.skks import outbox
from pos.skks.errors import SkksNoAnswer, SkksRefused
from pos.skks.messages import Kind, Message, Value
from pos.skks.outbox import online
from pos.skks.reconcile import Reconciliation
from pos.skks.sending import send
from pos.skks.use_cases import require_registered
from pos.till.shifts import Shift

log = logging.getLogger(__name__)

# Undoes an operation the controller did not register, in the undoing's transaction.
# (The office's settings are read before: a second connection would wait for the first.)
Undo = Callable[[UnitOfWork, datetime, ShopSettings], None]


def report(
    uow: UnitOfWork,
    settings: ShopSettings,
    ctx: Context,
    now: datetime,
    shift: Shift,
    kind: Kind,
    fields: dict[str, Value],
) -> Message | None:
    """Write the drawer's message to the controller with the operation; None: no controller."""
    where = (ctx.terminal, ctx.office)
    return outbox.write(uow, settings, where, kind, now, str(shift.id), fields)


def registered_or_undone(ctx: Context, message: Message | None, operation: str, undo: Undo) -> None:
    """In online mode, wait for the controller to register the operation's `message`; when it
    does not (no answer, or a refusal), `undo` the operation and raise.

    Raises:
        SkksNoAnswer: undone, its annulment queued by `undo`.
        SkksRefused: undone, with the controller's reason.
    """
    settings = ctx.settings()
    try:
        registered = require_registered(ctx, settings, message, operation)
    except (SkksNoAnswer, SkksRefused):
        with ctx.unit_of_work() as uow:
            undo(uow, ctx.clock.now(), settings)
            uow.commit()
        raise
    if registered is not None:
        with ctx.unit_of_work() as uow:
            outbox.record(uow, message, registered.number, ctx.clock.now())
            uow.commit()


def annul(
    uow: UnitOfWork, settings: ShopSettings, ctx: Context, now: datetime, shift: Shift, *kinds: Kind
) -> None:
    """Queue the annulment of the shift's newest message of each of `kinds`."""
    for kind in kinds:
        outbox.annul(uow, settings, (ctx.terminal, ctx.office), now, (kind,), str(shift.id))


def closing_checked(ctx: Context, shift: Shift, last: Message | None) -> Reconciliation | None:
    """The closed shift's totals sent at once in online mode, up to the closing's `last`
    message (the shift stays closed however the controller answers: the count is made), and
    compared with the controller's answer; None: the office reports to no controller."""
    if last is None:
        return None
    settings = ctx.settings()
    if online(settings):
        try:
            send(ctx, settings, upto=last.sequence, within=settings.skks_timeout)
        except Exception:
            log.exception("СККС: the shift's totals not sent now")
    with ctx.unit_of_work() as uow:
        return uow.skks.reconciliation(str(shift.id))
