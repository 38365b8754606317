"""The chain's report (issue 18): each office's turnover, payouts, cash and liabilities side
by side, from facts the storage reads in one transaction (pos.core.ports.ReportQueries)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from pos.reports.builders import Tally
from pos.reports.tables import Column, Period, Report, ReportKind, _report, _sum


@dataclass(frozen=True)
class OfficeFacts:
    """One office's figures: of the period (slips issued, cancelled in the window, payouts in
    its journal) and of now (the cash in its open drawers, its open slips' possible payout)."""

    code: str
    name: str
    issued: Tally
    cancelled: Tally
    paid: Tally
    drawers: Decimal
    liabilities: Decimal

    @property
    def busy(self) -> bool:
        """False for an office with nothing done in the period and no open slips: it gets no
        row (a float alone in a drawer is not an operation)."""
        return any((self.issued.count, self.paid.count, self.liabilities))


def offices_report(facts: Sequence[OfficeFacts], period: Period, made_at: datetime) -> Report:
    """Each office on a row: stakes taken and kept, payouts, the drawers and liabilities; an
    office with no bets or payouts in the period and no open slips has no row."""
    columns = (
        Column("Пункт", 16),
        _sum("Купонов", 7),
        _sum("Ставки, руб.", 11),
        _sum("Возвращено, руб.", 11),
        _sum("Оборот, руб.", 11),
        _sum("Выплат", 6),
        _sum("Выплачено, руб.", 11),
        _sum("В кассах, руб.", 11),
        _sum("Обязательства, руб.", 12),
    )
    rows = [
        (
            f"{office.code} {office.name}",
            office.issued.count,
            office.issued.amount,
            office.cancelled.amount,
            office.issued.amount - office.cancelled.amount,
            office.paid.count,
            office.paid.amount,
            office.drawers,
            office.liabilities,
        )
        for office in facts
        if office.busy
    ]
    notes = (
        "Оборот = ставки − возвращённые при отмене в течение 5 минут; выплаты — записи "
        "журнала выплат пункта за период.",
        f"В кассах и обязательства — на {made_at:%d.%m.%Y %H:%M}: наличные в открытых "
        "сменах и возможные выплаты по нерассчитанным купонам, выданным в пункте.",
    )
    return _report(ReportKind.OFFICES, period.text, columns, rows, notes, made_at)
