"""The liability of outcomes in the database: the pos.core.risk_ports LiabilityRepository."""

from __future__ import annotations

from sqlalchemy.orm import Session


class SqlLiabilityRepository:
    """What the shop pays if each outcome happens, summed from the open slips' legs."""

    def __init__(self, session: Session) -> None:
        self._session = session
