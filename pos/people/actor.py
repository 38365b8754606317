"""Who asks for a use case: a signed-in user with a manager's one-time grant, or the system
(pos.core.context says the shape of a use case)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pos.core.audit import SYSTEM_ACTOR, AuditAction, AuditRecord
from pos.core.errors import NotPermitted
from pos.people.permissions import CHAIN_ONLY, WORDS, Permission, allowed

if TYPE_CHECKING:
    from pos.core.context import Context
    from pos.core.ports import UnitOfWork
    from pos.people.users import Role


@dataclass
class Grant:
    """One action a manager allowed on a cashier's desk with their PIN; used once."""

    permission: Permission
    used: bool = False


@dataclass(frozen=True)
class Actor:
    """Who asks for a use case: a signed-in user (`role`), or the system (`role` None: the
    command line and integrations at this PC, which may do everything)."""

    login: str
    role: Role | None = None
    grant: Grant | None = None
    chain: bool = False  # the chain has several offices (pos.people.permissions.CHAIN_ONLY)

    def require(self, permission: Permission) -> None:
        """Refuse unless the matrix allows `permission` (pos.people.permissions), or a manager's
        grant for exactly this action is still unused (then it is used up).

        Raises:
            NotPermitted: naming the action.
        """
        if self.role is None or allowed(self.role, permission, chain=self.chain):
            return
        grant = self.grant
        if grant is None or grant.permission is not permission or grant.used:
            head = self.chain and permission in CHAIN_ONLY
            raise NotPermitted(WORDS[permission], "руководителю сети" if head else "менеджеру")
        grant.used = True

    def audit(self, ctx: Context, uow: UnitOfWork, action: AuditAction, detail: str = "") -> None:
        """Append what this actor did at this terminal to the audit trail (in `uow`)."""
        record = AuditRecord(ctx.clock.now(), ctx.terminal, self.login, action, detail, ctx.office)
        uow.audit.append(record)


SYSTEM = Actor(SYSTEM_ACTOR)
