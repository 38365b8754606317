"""The register of bank transfers in the database: the pos.core.transfer_ports TransferRepository
(issue 37, p.7)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import BigInteger, ColumnElement, Row, Select, Table, func, insert, select
from sqlalchemy.orm import Session

from db.statements import run
from db.tables import AccountRow, AccountTransferRow
from pos.accounts.transfer_rules import Direction, PaymentOrder, Transfer
from pos.core.money import from_kopecks
from pos.till.cashless import ZERO, CashlessTotals

_TRANSFERS = cast(Table, AccountTransferRow.__table__)
_ACCOUNTS = cast(Table, AccountRow.__table__)
# The kopecks of a sum as one integer type on both backends (PostgreSQL sums a BIGINT as a
# NUMERIC, which the column's own type would not read).
_SUM = sa.cast(func.sum(_TRANSFERS.c.amount), BigInteger)
# Each transfer with its account's number (none for a coupon's stake).
_WITH_NUMBER = (
    select(_TRANSFERS, _ACCOUNTS.c.number.label("account_number"))
    .select_from(_TRANSFERS.outerjoin(_ACCOUNTS, _TRANSFERS.c.account_id == _ACCOUNTS.c.id))
    .order_by(_TRANSFERS.c.id)
)


class SqlTransferRepository:
    """Every payment order onto and off players' accounts, recorded once."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def add(self, transfer: Transfer) -> None:
        """Record a transfer; the unique order key refuses the same order twice."""
        account_id = (
            None
            if transfer.account_number is None
            else select(_ACCOUNTS.c.id)
            .where(_ACCOUNTS.c.number == transfer.account_number)
            .scalar_subquery()
        )
        incoming = transfer.direction is Direction.IN
        run(
            self._session,
            insert(_TRANSFERS).values(
                direction=transfer.direction.value,
                order_no=transfer.order.number,
                order_date=transfer.order.on,
                issuer=transfer.order.bank_account if incoming else "",
                amount=transfer.amount,
                payer=transfer.payer,
                bank_account=transfer.bank_account,
                account_id=account_id,
                at=transfer.at,
                terminal=transfer.terminal,
                cashier=transfer.cashier,
                office=transfer.office,
                purpose=transfer.purpose,
                source=transfer.source,
                reference=transfer.reference,
            ),
        )

    def by_order(self, number: str, on: date | None = None) -> list[Transfer]:
        """The transfers of the payment order with this number (and date), in and out."""
        query = _WITH_NUMBER.where(_TRANSFERS.c.order_no == number)
        if on is not None:
            query = query.where(_TRANSFERS.c.order_date == on)
        return self._listed(query)

    def senders(self, account_number: str) -> list[str]:
        """The payers' bank accounts of the account's transfers in, first first."""
        query = (
            select(_TRANSFERS.c.bank_account)
            .join(_ACCOUNTS, _TRANSFERS.c.account_id == _ACCOUNTS.c.id)
            .where(
                _ACCOUNTS.c.number == account_number,
                _TRANSFERS.c.direction == Direction.IN.value,
                _TRANSFERS.c.bank_account != "",
            )
            .order_by(_TRANSFERS.c.id)
        )
        return list(dict.fromkeys(run(self._session, query).scalars()))

    def of_account(self, account_number: str) -> list[Transfer]:
        """The account's transfers in and out, in the order they were recorded."""
        return self._listed(_WITH_NUMBER.where(_ACCOUNTS.c.number == account_number))

    def between(
        self,
        since: datetime,
        until: datetime,
        *,
        terminal: str | None = None,
        office: str | None = None,
    ) -> list[Transfer]:
        """The transfers recorded from `since` to `until` (both included), at `terminal`, in
        `office` (None: anywhere)."""
        return self._listed(_WITH_NUMBER.where(*_within(since, until, terminal, office)))

    def totals(
        self,
        since: datetime,
        until: datetime,
        *,
        terminal: str | None = None,
        office: str | None = None,
    ) -> CashlessTotals:
        """The counts and sums in and out of `between`, in one statement."""
        query = (
            select(_TRANSFERS.c.direction, func.count(), _SUM)
            .where(*_within(since, until, terminal, office))
            .group_by(_TRANSFERS.c.direction)
        )
        found: dict[str, tuple[int, Decimal]] = {}
        for row in run(self._session, query):
            direction, count, kopecks = tuple(row)
            found[direction] = (int(count), from_kopecks(int(kopecks)))
        ins = found.get(Direction.IN.value, (0, ZERO))
        outs = found.get(Direction.OUT.value, (0, ZERO))
        return CashlessTotals(ins[0], ins[1], outs[0], outs[1])

    def _listed(self, query: Select[Any]) -> list[Transfer]:
        return [_transfer(row) for row in run(self._session, query)]


def _within(
    since: datetime, until: datetime, terminal: str | None, office: str | None
) -> list[ColumnElement[bool]]:
    where = [_TRANSFERS.c.at >= since, _TRANSFERS.c.at <= until]
    if terminal is not None:
        where.append(_TRANSFERS.c.terminal == terminal)
    if office is not None:
        where.append(_TRANSFERS.c.office == office)
    return where


def _transfer(row: Row[Any]) -> Transfer:
    direction = Direction(row.direction)
    return Transfer(
        direction=direction,
        order=PaymentOrder(row.order_no, row.order_date, row.issuer),
        amount=row.amount,
        payer=row.payer,
        bank_account=row.bank_account,
        account_number=row.account_number,
        at=row.at,
        terminal=row.terminal,
        cashier=row.cashier,
        office=row.office,
        purpose=row.purpose,
        source=row.source,
        reference=row.reference,
    )
