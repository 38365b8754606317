"""The shop's settings and this terminal's cash register (its serial and registration number):
read by everyone, changed by a manager, every change in the audit trail."""

from __future__ import annotations

import dataclasses

from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.input_errors import InvalidSetting
from pos.core.ports import UnitOfWork
from pos.core.settings import ShopSettings
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.till.errors import PendingSlip


def settings(ctx: Context, actor: Actor) -> ShopSettings:
    """The shop settings now in force."""
    return ctx.settings()


def register_serial(ctx: Context, actor: Actor) -> str | None:
    """The factory serial of this terminal's cash register, if set."""
    with ctx.unit_of_work() as uow:
        return uow.settings.register_serial(ctx.terminal)


def register_number(ctx: Context, actor: Actor) -> str:
    """The registration number of this terminal's cash register ("" if not set)."""
    with ctx.unit_of_work() as uow:
        return uow.settings.register_number(ctx.terminal)


def update_settings(ctx: Context, actor: Actor, /, **changes: object) -> ShopSettings:
    """Change shop settings (and `register_serial`, `register_number`: this terminal's) in
    one transaction (managers); recorded in the audit trail.

    Raises:
        NotPermitted: a cashier asked; InvalidSetting: a value is not acceptable, nothing is
        changed; PendingSlip: the register changes while a slip waits for its receipt.
    """
    actor.require(Permission.SETTINGS)
    serial = changes.pop("register_serial", None)
    number = changes.pop("register_number", None)
    # Who the office is belongs to the office (issue 18): its code stays, its name and
    # address are the office's, changed here for this terminal's office.
    if "office_code" in changes and changes.pop("office_code") != ctx.office:
        raise InvalidSetting("office_code", "fixed")
    office_name, address = changes.pop("office_name", None), changes.pop("address", None)
    with ctx.unit_of_work() as uow:
        before = shop_settings.from_text(uow.settings.load())
        after = shop_settings.apply_changes(before, changes)
        old, new = shop_settings.to_text(before), shop_settings.to_text(after)
        diff = [f"{name}: {old[name]} → {new[name]}" for name in new if old[name] != new[name]]
        uow.settings.save(new)
        diff += _rename_office(ctx, uow, office_name, address)
        if serial is not None:
            diff += _set_register_serial(ctx, uow, serial)
        if number is not None:
            checked = shop_settings.check_register_number(number)
            previous = uow.settings.register_number(ctx.terminal)
            if previous != checked:
                uow.settings.set_register_number(ctx.terminal, checked)
                diff.append(f"register_number[{ctx.terminal}]: {previous} → {checked}")
        if diff:
            # The published conditions read them: a new version if they now read otherwise
            # (issue 37, p.6), audited before the change that made it.
            ctx.settings_written(uow, actor.login)
            actor.audit(ctx, uow, AuditAction.SETTINGS_CHANGED, "; ".join(diff))
        uow.commit()
    return after


def _rename_office(
    ctx: Context, uow: UnitOfWork, name: object | None, address: object | None
) -> list[str]:
    """This terminal's office with a new name or address, and what changed."""
    office = uow.offices.get(ctx.office)
    if office is None or (name is None and address is None):
        return []
    new_name = office.name if name is None else shop_settings.check_text("office_name", name)
    new_address = (
        office.address if address is None else shop_settings.check_text("address", address)
    )
    diff = [
        f"{label}[{ctx.office}]: {old} → {new}"
        for label, old, new in (
            ("office_name", office.name, new_name),
            ("address", office.address, new_address),
        )
        if old != new
    ]
    if diff:
        uow.offices.update(dataclasses.replace(office, name=new_name, address=new_address))
    return diff


def _set_register_serial(ctx: Context, uow: UnitOfWork, serial: object) -> list[str]:
    checked = shop_settings.check_register_serial(serial)
    previous = uow.settings.register_serial(ctx.terminal)
    if previous == checked:
        return []
    if (pending := uow.slips.pending(ctx.terminal)) is not None:
        raise PendingSlip(pending.number)  # its receipt number is planned
    uow.settings.set_register_serial(ctx.terminal, checked)
    return [f"register_serial[{ctx.terminal}]: {previous} → {checked}"]
