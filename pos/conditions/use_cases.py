"""The conditions at work (p.6, p.10): read, printed, and a new version kept in the transaction
that changes what they read, so that a bet is judged by the version in force when it was made.

Nothing here is on a bet's path: a version is made when the settings change (the shop's
`settings_written`, pos.core.context) or at a start that finds none or finds the document
changed (a new program version, a game installed), and read only when someone asks.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from pos.conditions import wording
from pos.conditions.document import Facts, render
from pos.conditions.errors import ConditionsNotKept, ConditionsNotPublished, UnknownVersion
from pos.conditions.papers import conditions_paper
from pos.conditions.versions import Conditions, ConditionsVersion, in_force_at, next_version
from pos.core import settings as shop_settings
from pos.core.audit import SYSTEM_ACTOR, AuditAction, AuditRecord
from pos.core.context import Context
from pos.core.errors import ConcurrentChange
from pos.core.ports import UnitOfWork
from pos.games.registry import installed
from pos.people.actor import Actor
from pos.till.papers import print_paper

log = logging.getLogger(__name__)


def conditions(
    ctx: Context, actor: Actor, *, at: datetime | None = None, number: int | None = None
) -> Conditions:
    """The office's conditions of accepting bets (everyone: a cashier shows them to a
    player): the current version, the one in force at `at` (a slip's moment, p.10) or the
    version `number`, with every version kept (`.history()`).

    Raises:
        ConditionsNotPublished: none kept yet (the shop publishes the first at its start);
        ConditionsNotKept: `at` is before the first version kept; UnknownVersion: no
        version has this number.
    """
    with ctx.unit_of_work() as uow:
        versions = tuple(uow.conditions.history(ctx.office))
    if not versions:
        raise ConditionsNotPublished(ctx.office)
    if number is not None:
        return Conditions(_numbered(versions, number), versions)
    if at is None:
        return Conditions(versions[-1], versions)
    found = in_force_at(versions, _aware(at))
    if found is None:
        zone = ctx.settings().zone
        first = versions[0].in_force_from.astimezone(zone)
        raise ConditionsNotKept(at.astimezone(zone), first)
    return Conditions(found, versions)


def print_conditions(
    ctx: Context, actor: Actor, *, at: datetime | None = None, number: int | None = None
) -> Conditions:
    """Print the conditions for a player (the current version, the one in force at `at`, or
    the version `number`); without a printer the paper goes to a file and the window shows it.

    Raises:
        as `conditions`; PaperNotPrinted: the printer did not print it.
    """
    shown = conditions(ctx, actor, at=at, number=number)
    paper = conditions_paper(
        shown.version, ctx.clock.now(), ctx.terminal, actor.login, ctx.settings().zone
    )
    print_paper(ctx, actor, paper, wording.PRINTED, wording.NOT_PRINTED)
    return shown


def keep_versions(
    ctx: Context,
    uow: UnitOfWork,
    by: str,
    offices: Sequence[str] | None = None,
    *,
    audited: bool = True,
) -> list[ConditionsVersion]:
    """In the transaction that changed what the conditions read (before its commit): a new
    version for each office whose document now reads otherwise, audited.

    Args:
        by: who made the change.
        offices: the offices whose settings changed; None: the organiser's changed, every
            office's.
        audited: a line in the audit trail for each version (not at the start: the version
            itself says who made it and when, as a terminal joining its office at the start
            is not audited either).

    Returns:
        The versions made (none when the document reads as it did).
    """
    codes = [office.code for office in uow.offices.list()] if offices is None else offices
    now = ctx.clock.now()
    made = []
    for office in codes:
        current = uow.conditions.current(office)
        version = next_version(current, document_now(uow, office), office, now, by)
        if version is None:
            continue
        uow.conditions.add(version)
        made.append(version)
        if not audited:
            continue
        detail = wording.published(version.number, office)
        uow.audit.append(
            AuditRecord(now, ctx.terminal, by, AuditAction.CONDITIONS_PUBLISHED, detail, office)
        )
    return made


def publish_at_start(ctx: Context) -> ConditionsVersion | None:
    """At the shop's start: the first version of this office's conditions, or a new one when
    the document reads otherwise than the last (a new program, a game installed).

    Returns:
        The version made, or None.
    """
    try:
        with ctx.unit_of_work() as uow:
            made = keep_versions(ctx, uow, SYSTEM_ACTOR, [ctx.office], audited=False)
            if made:
                uow.commit()
    except ConcurrentChange:
        # Another terminal of the office published the same at the same moment (PostgreSQL).
        log.info("условия пункта %s опубликовал другой терминал", ctx.office)
        return None
    return made[0] if made else None


def document_now(uow: UnitOfWork, office: str) -> str:
    """The office's conditions as the settings in force in `uow` make them."""
    settings = shop_settings.from_text(uow.settings.load(office))
    facts = Facts(settings, uow.line.sport_limits(), tuple(installed()))
    return render(facts)


def _numbered(versions: tuple[ConditionsVersion, ...], number: int) -> ConditionsVersion:
    found = next((version for version in versions if version.number == number), None)
    if found is None:
        raise UnknownVersion(number, versions[-1].number)
    return found


def _aware(moment: datetime | None) -> datetime:
    if moment is None or moment.utcoffset() is None:
        raise ValueError("a moment of the conditions must be aware")
    return moment
