"""Which slips an office takes claims about, and the register of a period as a report (p.14)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pos.betting.slips import Slip
from pos.claims.claims import Claim, ClaimState
from pos.claims.errors import PayoutNotOfSlip, SlipOfOtherOffice
from pos.core.ports import UnitOfWork
from pos.core.wording import display_slip_number
from pos.payouts.errors import JournalEntryUnknown
from pos.payouts.journal import JournalQuery
from pos.reports.tables import Column, Period, Report

TITLE = "Реестр претензий игроков"
STATE_WORDS = {
    ClaimState.OPEN: "ждёт решения",
    ClaimState.UPHELD: "удовлетворена",
    ClaimState.REJECTED: "отклонена",
}
_COLUMNS = (
    Column("№", 4),
    Column("Получена", 9),
    Column("Купон", 11),
    Column("Суть претензии", 24),
    Column("Решение", 9),
    Column("Основание", 20),
    Column("Решил", 8),
)


def require_claim_of_office(uow: UnitOfWork, slip: Slip, office: str, payout: int | None) -> None:
    """Refuse a claim this office does not answer: about a slip it neither issued nor paid,
    or about a journal entry that is not the slip's payout.

    Raises:
        SlipOfOtherOffice, JournalEntryUnknown, PayoutNotOfSlip.
    """
    if payout is not None:
        entry = uow.journal.get(office, payout)
        if entry is None:
            raise JournalEntryUnknown(payout)
        if entry.slip_number != slip.number:
            raise PayoutNotOfSlip(slip.number, payout)
        return
    if slip.office == office:
        return
    paid_here = uow.journal.entries(JournalQuery(slip_number=slip.number, office=office))
    if not paid_here:
        raise SlipOfOtherOffice(slip.number, slip.office)


def office_line(uow: UnitOfWork, office: str) -> str:
    """The office as its papers name it: «Пункт M1 — name, address»."""
    found = next((one for one in uow.offices.list() if one.code == office), None)
    if found is None:
        return f"Пункт {office}"
    return f"Пункт {found.code} — {found.name}, {found.address}"


def claims_report(
    claims: Sequence[Claim], period: Period, made_at: datetime, office: str
) -> Report:
    """The register of a period as a report the PDF writer draws (times in `period`'s zone)."""
    rows = tuple(_row(claim, period) for claim in claims)
    open_count = sum(claim.state is ClaimState.OPEN for claim in claims)
    notes = (
        f"Претензий: {len(claims)}, из них ждут решения: {open_count}.",
        "Видеозапись доказательством не является (п. 14 Правил); решение букмекера "
        "окончательное, далее спор решается в порядке, установленном законодательством "
        "(п. 16).",
    )
    return Report(None, TITLE, period.text, _COLUMNS, rows, None, notes, made_at, office)


def _row(claim: Claim, period: Period) -> tuple[str, ...]:
    decision = claim.decision
    return (
        str(claim.number),
        f"{claim.received_at.astimezone(period.zone):%d.%m.%Y %H:%M}",
        display_slip_number(claim.slip_number),
        claim.text,
        STATE_WORDS[claim.state],
        decision.reason if decision else "",
        decision.decided_by if decision else "",
    )
