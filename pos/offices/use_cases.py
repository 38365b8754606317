"""The chain's offices at work: adding and changing an office, registering a terminal in one
(managers), and reading them (issue 18)."""

from __future__ import annotations

from pos.core import settings as shop_settings
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.errors import NotPermitted
from pos.core.input_errors import InvalidSetting, InvalidText
from pos.core.inputs import TERMINAL, clean_text, shown
from pos.core.settings import check_office_code as check_code
from pos.offices.errors import (
    JournalOfOneOffice,
    OfficeExists,
    OtherOfficesJournal,
    TerminalBusy,
    UnknownOffice,
)
from pos.offices.offices import Office, new_office, with_settings
from pos.people.actor import Actor
from pos.people.office_rights import require_manager_of
from pos.people.permissions import Permission
from pos.people.users import Role

# What a report takes for the whole chain (pos.reports.use_cases.WHOLE_CHAIN); a journal is
# one office's.
WHOLE_CHAIN = "*"


def offices(ctx: Context, actor: Actor) -> list[Office]:
    """Every office of the chain, by code."""
    with ctx.unit_of_work() as uow:
        return uow.offices.list()


def office(ctx: Context, actor: Actor, code: str | None = None) -> Office:
    """The office `code` (None: this terminal's).

    Raises:
        UnknownOffice: no office has this code.
    """
    wanted = ctx.office if code is None else check_code(code)
    with ctx.unit_of_work() as uow:
        found = uow.offices.get(wanted)
    if found is None:
        raise UnknownOffice(wanted)
    return found


def readable_office(ctx: Context, actor: Actor, office: str | None) -> str:
    """The office whose journal or reports are asked for: this terminal's (None), or another
    one with the head's right (the system at this PC has it).

    Raises:
        JournalOfOneOffice: "*", the whole chain, which only a report reads;
        OtherOfficesJournal: another office's, without the right; UnknownOffice: no office
        has this code, or it cannot be one.
    """
    if office is None:
        return ctx.office
    code = _typed_code(office)
    if code == ctx.office:
        return code
    try:
        actor.require(Permission.CHAIN)
    except NotPermitted:
        raise OtherOfficesJournal(code) from None
    with ctx.unit_of_work() as uow:
        if uow.offices.get(code) is None:
            raise UnknownOffice(code)
    return code


def _typed_code(office: object) -> str:
    """The office code a reader typed; what cannot be one is an office the chain does not
    have, not a setting to save (issue 34)."""
    if isinstance(office, str) and office.strip() == WHOLE_CHAIN:
        raise JournalOfOneOffice(WHOLE_CHAIN)
    try:
        return check_code(office)
    except InvalidSetting:
        raise UnknownOffice(shown(office)) from None


def add_office(ctx: Context, actor: Actor, code: str, *, name: str, address: str) -> Office:
    """Open a new office of the chain (managers); a manager who adds it manages it. From now
    on a new terminal works only once a manager registered it in an office.

    Raises:
        NotPermitted; InvalidSetting: the code, name or address does not fit; OfficeExists.
    """
    actor.require(Permission.OFFICES)
    added = new_office(code, name, address)
    with ctx.unit_of_work() as uow:
        if uow.offices.get(added.code) is not None:
            raise OfficeExists(added.code)
        uow.offices.add(added)
        if actor.role is Role.MANAGER:  # whoever adds an office manages it (issue 34)
            uow.users.set_role(actor.login, added.code, Role.MANAGER)
        ctx.settings_written(uow, actor.login, [added.code])  # its conditions (issue 37, p.6)
        actor.audit(
            ctx, uow, AuditAction.OFFICE_ADDED, f"{added.code}: {added.name}, {added.address}"
        )
        uow.commit()
    return added


def update_office(
    ctx: Context,
    actor: Actor,
    code: str | None = None,
    /,
    *,
    name: str | None = None,
    address: str | None = None,
    **settings: object,
) -> Office:
    """Change an office's name, address or own settings (its limits, its hours; "" puts the
    organiser's back). A manager changes the offices they manage; the head any.

    Raises:
        NotPermitted; NotManagerOf: an office the manager does not manage; UnknownOffice;
        InvalidSetting: a value does not fit, or the setting is the chain's.
    """
    actor.require(Permission.OFFICES)
    wanted = ctx.office if code is None else check_code(code)
    with ctx.unit_of_work() as uow:
        before = uow.offices.get(wanted)
        if before is None:
            raise UnknownOffice(wanted)
        require_manager_of(ctx, uow, actor, [wanted], "update_office")  # issue 34
        organiser = shop_settings.from_text(uow.settings.load())
        after = with_settings(before, organiser, settings)
        after = Office(
            after.code,
            before.name if name is None else shop_settings.check_text("office_name", name),
            before.address if address is None else shop_settings.check_text("address", address),
            after.settings,
        )
        diff = _differences(before, after)
        if diff:
            uow.offices.update(after)
            ctx.settings_written(uow, actor.login, [wanted])  # its conditions (issue 37, p.6)
            actor.audit(ctx, uow, AuditAction.OFFICE_CHANGED, f"{wanted}: " + "; ".join(diff))
            uow.commit()
    return after


def register_terminal(
    ctx: Context,
    actor: Actor,
    terminal: str,
    *,
    office: str,
    register_serial: str | None = None,
) -> None:
    """Register a terminal (a cashier PC) in an office, with its cash register's serial
    (managers of the office, and of the office it leaves if it moves; or the head). A
    terminal moves to another office only with its shift closed.

    Raises:
        NotPermitted; NotManagerOf: an office involved the manager does not manage;
        UnknownOffice; InvalidText: a terminal name no database can store; InvalidSetting:
        the serial does not fit; TerminalBusy: its shift is open elsewhere.
    """
    actor.require(Permission.OFFICES)
    name = clean_text(terminal, "terminal", TERMINAL)
    if not name:
        raise InvalidText("terminal", "empty")
    code = check_code(office)
    serial = (
        None if register_serial is None else shop_settings.check_register_serial(register_serial)
    )
    with ctx.unit_of_work() as uow:
        if uow.offices.get(code) is None:
            raise UnknownOffice(code)
        was = uow.offices.of_terminal(name)
        # Both offices are involved: a move takes the terminal from its own (issue 34).
        involved = [code] if was in (None, code) else [code, was]
        require_manager_of(ctx, uow, actor, involved, "register_terminal")
        if was is not None and was != code and uow.shifts.open_for(name) is not None:
            raise TerminalBusy(name, was)
        uow.offices.register_terminal(name, code)
        detail = f"{name} → {code}" if was in (None, code) else f"{name}: {was} → {code}"
        if serial is not None:
            uow.settings.set_register_serial(name, serial)
            detail += f", касса {serial}"
        actor.audit(ctx, uow, AuditAction.TERMINAL_REGISTERED, detail)
        uow.commit()


def terminals(ctx: Context, actor: Actor) -> dict[str, str | None]:
    """Every terminal the database knows, with its office (None: not registered yet)."""
    with ctx.unit_of_work() as uow:
        return uow.offices.terminals()


def _differences(before: Office, after: Office) -> list[str]:
    diff = [
        f"{label}: {old} → {new}"
        for label, old, new in (
            ("name", before.name, after.name),
            ("address", before.address, after.address),
        )
        if old != new
    ]
    for setting in sorted(set(before.settings) | set(after.settings)):
        old, new = before.settings.get(setting, "—"), after.settings.get(setting, "—")
        if old != new:
            diff.append(f"{setting}: {old} → {new}")
    return diff
