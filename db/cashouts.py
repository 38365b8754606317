"""Cash-outs in the database: the pos.core.risk_ports CashoutRepository.

Offers are only added and marked taken; an offer is never a lock: the payout's first step
holds the slip (its pending payout, one per slip), so two terminals taking offers of the same
slip pay it once (pos.payouts.steps).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import BigInteger, func, insert, select, update
from sqlalchemy.orm import Session

from db.tables.cashouts import CashoutOfferRow
from db.tables.slips import CashMovementRow
from pos.cashout.rules import CashoutOffer
from pos.core.money import from_kopecks
from pos.till.shifts import CashKind


class SqlCashoutRepository:
    """Offers to buy a slip back, and the cash-outs paid."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def add(self, offer: CashoutOffer) -> None:
        """Record an offer just made."""
        self._session.execute(
            insert(CashoutOfferRow).values(
                slip_number=offer.slip_number,
                amount=offer.amount,
                made_at=offer.made_at,
                valid_until=offer.valid_until,
                terminal=offer.terminal,
                cashier=offer.cashier,
            )
        )

    def holding(self, slip_number: str, now: datetime) -> list[CashoutOffer]:
        """The slip's offers that still hold at `now`, newest first."""
        rows = self._session.scalars(
            select(CashoutOfferRow)
            .where(
                CashoutOfferRow.slip_number == slip_number,
                CashoutOfferRow.made_at <= now,
                CashoutOfferRow.valid_until >= now,
            )
            .order_by(CashoutOfferRow.made_at.desc(), CashoutOfferRow.id.desc())
        )
        return [_offer(row) for row in rows]

    def take(self, offer: CashoutOffer, at: datetime) -> None:
        """Mark the offer taken by the player at `at`."""
        self._session.execute(
            update(CashoutOfferRow)
            .where(
                CashoutOfferRow.slip_number == offer.slip_number,
                CashoutOfferRow.made_at == offer.made_at,
                CashoutOfferRow.terminal == offer.terminal,
            )
            .values(taken_at=at)
        )

    def paid(self, terminal: str, since: datetime, until: datetime) -> tuple[int, Decimal]:
        """How many slips the terminal bought back in [since, until] and their cash (the
        drawer's movements of kind `cashout`, recorded in the payout's transaction)."""
        count, total = self._session.execute(
            select(func.count(), func.sum(CashMovementRow.amount, type_=BigInteger())).where(
                CashMovementRow.terminal == terminal,
                CashMovementRow.kind == CashKind.CASHOUT.value,
                CashMovementRow.at >= since,
                CashMovementRow.at <= until,
            )
        ).one()
        return int(count), -from_kopecks(int(total or 0))  # PostgreSQL sums into numeric

    def taken(self, slip_number: str, at: datetime) -> bool:
        """True when an offer of the slip was taken at `at`."""
        found = self._session.scalar(
            select(CashoutOfferRow.id)
            .where(CashoutOfferRow.slip_number == slip_number, CashoutOfferRow.taken_at == at)
            .limit(1)
        )
        return found is not None


def _offer(row: CashoutOfferRow) -> CashoutOffer:
    return CashoutOffer(
        row.slip_number, row.amount, row.made_at, row.valid_until, row.terminal, row.cashier
    )
