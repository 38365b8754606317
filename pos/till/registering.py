"""The drawer's messages to the СККС (issue 35): written with the operation, annulled when
it is undone (the waiting is pos.skks.use_cases.registered_or_undone), and the closed
shift's totals sent and compared with the controller's."""

from __future__ import annotations

from datetime import datetime

from pos.core.context import Context
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.skks import outbox
from pos.skks.messages import Kind, Message, Value
from pos.skks.reconcile import Reconciliation
from pos.skks.use_cases import flush
from pos.till.shifts import Shift


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


def annul(
    uow: UnitOfWork, settings: ShopSettings, ctx: Context, now: datetime, shift: Shift, *kinds: Kind
) -> None:
    """Queue the annulment of the shift's newest message of each of `kinds`."""
    for kind in kinds:
        outbox.annul(uow, settings, (ctx.terminal, ctx.office), now, (kind,), str(shift.id))


def closing_checked(ctx: Context, shift: Shift, last: Message | None) -> Reconciliation | None:
    """The closed shift's totals, written with the closing up to its `last` message, sent at
    once in online mode (`flush`: the shift stays closed however the controller answers, the
    count is made) and compared with the controller's answer; None: the office reports to
    no controller."""
    if last is None:
        return None
    flush(ctx)
    with ctx.unit_of_work() as uow:
        return uow.skks.reconciliation(str(shift.id))
