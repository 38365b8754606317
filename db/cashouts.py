"""Cash-outs in the database: the pos.core.risk_ports CashoutRepository."""

from __future__ import annotations

from sqlalchemy.orm import Session


class SqlCashoutRepository:
    """Offers to buy a slip back, and the cash-outs paid."""

    def __init__(self, session: Session) -> None:
        self._session = session
