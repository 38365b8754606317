"""The register of restricted persons in the office (issue 35): loaded whole from the centre's
file, its version and load time shown, a stale one warned about.

    boss.load_restricted("perechen.csv", data)   # -> RegisterLoad
    boss.restricted_register()                   # -> RegisterStatus, .words()
"""

from __future__ import annotations

from pos.accounts.exclusions import (
    RegisterLoad,
    RegisterStatus,
    RestrictedPersons,
    parse_restricted,
)
from pos.betting.counter import shop_secret
from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.inputs import shown
from pos.people.actor import Actor
from pos.people.permissions import Permission
from pos.people.restricted import document_key, person_key

_FILE_NAME = 200  # restricted_loads.version (db.tables)


def load_restricted(ctx: Context, actor: Actor, name: str, data: bytes) -> RegisterLoad:
    """Replace the register with the persons in the centre's file, all or nothing.

    Args:
        name: The file's name: kept as the register's version.
        data: The file's bytes (UTF-8 CSV, header `личный_номер;документ`).

    Returns:
        The load recorded: version, time, who, how many persons.

    Raises:
        NotPermitted: not a manager's right.
        RestrictedFileRejected: a bad line or none; the register in force stays.
    """
    actor.require(Permission.SELF_EXCLUSION)
    name = shown(name, _FILE_NAME)
    persons = parse_restricted(name, data)
    return replace_register(ctx, actor, name, persons)


def replace_register(
    ctx: Context, actor: Actor, name: str, persons: RestrictedPersons
) -> RegisterLoad:
    """The register becomes exactly these persons, kept as keyed hashes (no number in the
    clear), its load recorded and audited, in one transaction.

    Args:
        name: The file's name, the register's version.
        persons: The personal and document numbers the file lists.

    Returns:
        The load recorded.
    """
    load = RegisterLoad(shown(name, _FILE_NAME), ctx.clock.now(), actor.login, persons.persons)
    with ctx.unit_of_work() as uow:
        secret = shop_secret(uow)
        keys = {person_key(number, secret) for number in persons.personal_numbers}
        keys |= {document_key(number, secret) for number in persons.document_numbers}
        uow.accounts.replace_exclusions(keys)
        uow.accounts.record_register_load(load)
        detail = f"{load.version}: лиц {load.persons}"
        actor.audit(ctx, uow, AuditAction.EXCLUSIONS_LOADED, detail)
        uow.commit()
    return load


def restricted_register(ctx: Context, actor: Actor) -> RegisterStatus:
    """The register's version and load time, and whether it is older than the setting
    `restricted_max_age` allows (the manager is warned at sign-in).

    Returns:
        The status; its `words()` is the manager's sentence.
    """
    actor.require(Permission.SELF_EXCLUSION)
    settings = ctx.settings()
    with ctx.unit_of_work() as uow:
        load = uow.accounts.last_register_load()
    stale = load is None or load.stale(ctx.clock.now(), settings.restricted_max_age)
    return RegisterStatus(load, stale, settings.zone)
