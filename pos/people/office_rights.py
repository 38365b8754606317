"""Who acts on an office of a chain: a manager of every office involved, or the head (issue 34)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pos.core.context import Context
from pos.core.ports import UnitOfWork
from pos.people.actor import Actor
from pos.people.errors import NotManagerOf
from pos.people.users import Role, User


def require_manager_of(
    ctx: Context,
    uow: UnitOfWork,
    actor: Actor,
    offices: Iterable[str | None],
    action: str,
    *,
    login: str = "",
) -> None:
    """Refuse unless `actor` manages every office in `offices` (None: the whole chain, which
    only a head does).

    The system at this PC and a head manage every office; a manager the offices where their
    role is manager. This terminal's office is the one the use case's permission was checked
    in (a manager's one-time grant counts there, and only there).

    Args:
        ctx: the terminal the use case runs at.
        uow: the open unit of work to read the actor's roles in.
        actor: who asks.
        offices: the offices the action touches, in the order a refusal names the first.
        action: what is done, a key of pos.people.errors.OFFICE_ACTIONS or "unlock_user".
        login: the user acted on, named by the refusal of an unlock.

    Raises:
        NotManagerOf: naming the first office the actor does not manage.
    """
    if actor.role is None or actor.role is Role.HEAD:
        return
    roles = uow.users.roles(actor.login)
    for office in offices:
        if office is None or (office != ctx.office and roles.get(office) is not Role.MANAGER):
            raise NotManagerOf(action, office, login)


def offices_of(uow: UnitOfWork, user: User) -> Sequence[str | None]:
    """The offices `user` works in, by code; a head's is the whole chain ([None])."""
    if user.role is Role.HEAD:
        return [None]
    return sorted(uow.users.roles(user.login))
