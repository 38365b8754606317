"""A message written with its operation, in the operation's transaction (issue 35): nothing
is written for a shop without a controller (a demo or a training shop)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime, timedelta

from pos.core.link_settings import DEFERRED, connected
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.skks.errors import SkksCutOff
from pos.skks.messages import Kind, Message, Value


def online(settings: ShopSettings) -> bool:
    """Whether an operation waits for its registration before it is made."""
    return connected(settings) and settings.skks_mode != DEFERRED


def write(
    uow: UnitOfWork,
    settings: ShopSettings,
    where: tuple[str, str],
    kind: Kind,
    at: datetime,
    subject: str,
    fields: Mapping[str, Value],
) -> Message | None:
    """Write the operation's message at terminal and office `where`; None without a controller.

    Raises:
        SkksCutOff: a deferred terminal cut off from the controller longer than allowed.
    """
    if not connected(settings):
        return None
    terminal, office = where
    if settings.skks_mode == DEFERRED:
        oldest = uow.skks.state(terminal).oldest
        limit = timedelta(minutes=settings.skks_max_backlog)
        if oldest is not None and at - oldest > limit:
            minutes = int((at - oldest).total_seconds() // 60)
            raise SkksCutOff(minutes, settings.skks_max_backlog)
    return uow.skks.add(Message(terminal, office, kind, at, dict(fields), subject))


def annul(
    uow: UnitOfWork,
    settings: ShopSettings,
    where: tuple[str, str],
    at: datetime,
    kinds: Collection[Kind],
    subject: str,
) -> Message | None:
    """Queue the annulment of the newest message of one of `kinds` about `subject` (an
    operation not made after all); nothing when there is none, or the controller refused it."""
    if not connected(settings):
        return None
    found = uow.skks.latest(kinds, subject)
    if found is None or found[1]:
        return None
    terminal, office = where
    return uow.skks.add(Message(terminal, office, Kind.ANNUL, at, {"of": found[0]}, subject))


def record(
    uow: UnitOfWork, message: Message | None, registration: str | None, at: datetime
) -> None:
    """Record the controller's registration of the operation's message with the operation."""
    if message is not None and registration is not None:
        uow.skks.registered(message.terminal, message.sequence, registration, at)
