"""What every part of a signed-in desk shares: the shop, the user, the terminal, the audit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pos.audit import AuditAction, AuditRecord
from pos.counter import Teller
from pos.ports import UnitOfWork
from pos.users import User

if TYPE_CHECKING:
    from pos.services import Shop


class DeskBase:
    """The signed-in user at this terminal of the shop."""

    _shop: Shop
    user: User

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
