"""The register of remote coupons in the database: the pos.core.coupon_ports CouponRepository
(issue 37, p.17)."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Row, Select, Table, insert, select
from sqlalchemy.orm import Session

from db.statements import run
from db.tables.coupons import CouponRow
from pos.accounts.transfer_rules import PaymentOrder
from pos.coupons.rules import Coupon, PaidBy

_COUPONS = cast(Table, CouponRow.__table__)


class SqlCouponRepository:
    """Coupons added once and read; never changed or removed."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def add(self, coupon: Coupon) -> None:
        """Record a coupon; its unique number and slip refuse a second one."""
        run(
            self._session,
            insert(_COUPONS).values(
                number=coupon.number,
                slip_number=coupon.slip_number,
                paid_by=coupon.paid_by.value,
                order_no=coupon.order.number,
                order_date=coupon.order.on,
                bank_account=coupon.bank_account,
                amount=coupon.amount,
                player=coupon.player,
                document_key=coupon.document_key,
                registered_at=coupon.registered_at,
                terminal=coupon.terminal,
                cashier=coupon.cashier,
                office=coupon.office,
            ),
        )

    def get(self, number: str) -> Coupon | None:
        """The coupon of this number, or None."""
        return self._one(select(_COUPONS).where(_COUPONS.c.number == number))

    def of_slip(self, slip_number: str) -> Coupon | None:
        """The coupon that made this slip, or None."""
        return self._one(select(_COUPONS).where(_COUPONS.c.slip_number == slip_number))

    def listed(self, limit: int = 200) -> list[Coupon]:
        """The last coupons registered, newest first."""
        query = select(_COUPONS).order_by(_COUPONS.c.id.desc()).limit(limit)
        return [_coupon(row) for row in run(self._session, query)]

    def _one(self, query: Select[Any]) -> Coupon | None:
        row = run(self._session, query).first()
        return None if row is None else _coupon(row)


def _coupon(row: Row[Any]) -> Coupon:
    return Coupon(
        number=row.number,
        slip_number=row.slip_number,
        paid_by=PaidBy(row.paid_by),
        order=PaymentOrder(row.order_no, row.order_date, row.bank_account),
        amount=row.amount,
        player=row.player,
        document_key=row.document_key,
        registered_at=row.registered_at,
        terminal=row.terminal,
        cashier=row.cashier,
        office=row.office,
    )
