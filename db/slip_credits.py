"""Cashless slips' wins and returns credited onto their accounts in a settlement's transaction
(p.7, issue 37): only those slips are read (by the index on slips.account_number), so a run
over a million cash slips pays one indexed query that finds nothing."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.orm import Session

from db.accounts import SqlAccountRepository
from db.statements import run
from db.tables import SettlementRow, SlipRow
from pos.accounts.stakes import SlipCredit, credit_lines
from pos.betting.slips import SlipStatus
from pos.betting.teller import Teller

# The cashless slips, found by their index alone (ix_slips_account_number).
_CASHLESS = select(SlipRow.id).where(SlipRow.account_number.is_not(None))
# Of those: settled (a settlement row), not paid yet (status 'open'), paying something. The
# status is compared through a function so that no planner walks every open slip by
# ix_slips_status_terminal (a million in tests/bench/settle.py) instead of the few cashless.
_TO_CREDIT = (
    select(SlipRow.id, SlipRow.number, SlipRow.account_number, SettlementRow.status)
    .add_columns(SettlementRow.payout)
    .join(SettlementRow, SettlementRow.slip_id == SlipRow.id)
    .where(
        SlipRow.id.in_(_CASHLESS),
        func.lower(SlipRow.status) == SlipStatus.OPEN.value,
        SettlementRow.payout > Decimal("0.00"),
    )
    .order_by(SlipRow.id)
)
# Credited is paid: a cashless slip never waits for a cash payout, and a result it was
# settled on is no longer corrected (p.21: only while nothing on it is paid).
_PAID = (
    update(SlipRow)
    .where(
        SlipRow.id.in_(bindparam("ids", expanding=True)),
        SlipRow.status == SlipStatus.OPEN.value,
    )
    .values(status=SlipStatus.PAID.value)
)


def credit_accounts(session: Session, teller: Teller, at: datetime) -> int:
    """Credit every settled, unpaid cashless slip's payout onto its account (its rows locked
    in one statement), each a statement line, and mark the slips paid; returns how many."""
    rows = run(session, _TO_CREDIT).all()
    if not rows:
        return 0
    credits = [
        SlipCredit(row.number, row.account_number, row.payout, row.status == "refund")
        for row in rows
    ]
    accounts = SqlAccountRepository(session)
    locked = accounts.lock_many(sorted({credit.account for credit in credits}))
    lines, after = credit_lines(locked, credits, teller, at)
    accounts.move_many(lines, after)
    run(session, _PAID, {"ids": [row.id for row in rows]})
    return len(rows)
