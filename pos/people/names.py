"""The names users sign papers with: the full name kept, «Иванова А. С.» printed (issue 34)."""

from __future__ import annotations

import dataclasses

from pos.core.audit import AuditAction
from pos.core.context import Context
from pos.core.inputs import FULL_NAME, LOGIN, clean_text
from pos.people.actor import Actor
from pos.people.errors import UnknownUser
from pos.people.office_rights import offices_of, require_manager_of
from pos.people.permissions import Permission


def check_full_name(value: object) -> str:
    """A user's surname, name and patronymic as stored: blanks collapsed, "" for none.

    Raises:
        InvalidText: not text, a control character, or longer than the column.
    """
    return clean_text("" if value is None else value, "full_name", FULL_NAME)


def signed_name(full_name: str, login: str) -> str:
    """The cashier as papers name them: the surname and initials of the name the journal's
    column 8 is signed with («Иванова Анна Сергеевна» → «Иванова А. С.»), or the login for
    a user with no name kept (one added before names were).

    Args:
        full_name: surname, name and patronymic, as kept; "" for none.
        login: what the user signs in with.

    Returns:
        The printed name.
    """
    if not full_name.strip():
        return login
    surname, *given = full_name.split()
    return " ".join([surname, *(_initials(part) for part in given)])


def _initials(part: str) -> str:
    # A double name keeps its hyphen: «Анна-Мария» → «А.-М.».
    return "-".join(f"{piece[0].upper()}." for piece in part.split("-") if piece)


def rename_user(ctx: Context, actor: Actor, login: str, name: object) -> None:
    """Keep the name `login` signs papers with ("" or None: none, papers show the login);
    recorded in the audit trail (managers of the user's offices; a head's by a head).

    Raises:
        NotPermitted: a cashier asked, or a manager for a head; NotManagerOf: the user works
        in an office the manager does not manage; UnknownUser; InvalidText: a login or a name
        no database can keep.
    """
    actor.require(Permission.USERS)
    who = clean_text(login, "login", LOGIN)
    full_name = check_full_name(name)
    with ctx.unit_of_work() as uow:
        user = uow.users.get(who, for_update=True)
        if user is None:
            raise UnknownUser(who)
        offices = offices_of(uow, user)
        if None in offices:  # a head's name is the chain's to change
            actor.require(Permission.CHAIN)
        require_manager_of(ctx, uow, actor, [o for o in offices if o], "rename_user")
        uow.users.update(dataclasses.replace(user, full_name=full_name))
        actor.audit(ctx, uow, AuditAction.USER_RENAMED, f"{who}: {full_name or '—'}")
        uow.commit()
    ctx.names_changed()  # this terminal's papers print the new name at once
