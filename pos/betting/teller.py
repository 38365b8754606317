"""Who is at the counter: the terminal and the signed-in user, and what they did in the audit
trail (the counter's transactions take a teller, pos.betting.counter)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from pos.core.audit import AuditAction, AuditRecord

if TYPE_CHECKING:
    from pos.core.ports import UnitOfWork


@dataclass(frozen=True)
class Teller:
    """Who is at the counter: the terminal and the signed-in user."""

    terminal: str
    login: str
    office: str  # the terminal's (pos.offices.terminals)

    @property
    def where(self) -> tuple[str, str]:
        """The terminal and its office, as a message to the СККС names them."""
        return self.terminal, self.office

    def audit(self, uow: UnitOfWork, now: datetime, action: AuditAction, detail: str) -> None:
        """Append what the teller did at `now` to the audit trail (in `uow`)."""
        uow.audit.append(AuditRecord(now, self.terminal, self.login, action, detail, self.office))
