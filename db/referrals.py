"""Referrals of big stakes in the database: the pos.core.risk_ports ReferralRepository."""

from __future__ import annotations

from sqlalchemy.orm import Session


class SqlReferralRepository:
    """Stakes sent to a manager, decided once."""

    def __init__(self, session: Session) -> None:
        self._session = session
