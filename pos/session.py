"""What every part of a signed-in desk shares: the shop, the user, the terminal, the audit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pos.audit import AuditAction, AuditRecord
from pos.context import Grant
from pos.counter import Teller
from pos.errors import NotPermitted
from pos.permissions import WORDS, Permission, allowed
from pos.ports import UnitOfWork
from pos.users import User

if TYPE_CHECKING:
    from pos.services import Shop


class DeskBase:
    """The signed-in user at this terminal of the shop."""

    _shop: Shop
    user: User
    _grant: Grant | None = None

    def _require(self, permission: Permission) -> None:
        """Refuse unless the matrix allows `permission` (pos.permissions), or a manager's
        grant for exactly this action is still unused on this desk (then it is used up).

        Raises:
            NotPermitted: naming the action.
        """
        if allowed(self.user.role, permission):
            return
        grant = self._grant
        if grant is None or grant.permission is not permission or grant.used:
            raise NotPermitted(WORDS[permission])
        grant.used = True

    @property
    def login(self) -> str:
        return self.user.login

    @property
    def terminal(self) -> str:
        return self._shop.terminal

    @property
    def _teller(self) -> Teller:
        return Teller(self.terminal, self.login)

    def _audit(self, uow: UnitOfWork, action: AuditAction, detail: str = "") -> None:
        record = AuditRecord(self._shop.clock.now(), self.terminal, self.login, action, detail)
        uow.audit.append(record)
