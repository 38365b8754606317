"""The shifts report's note of the period's cashless operations (issue 37, p.7): the columns
count the drawer's cash; transfers onto and off players' accounts are said apart."""

from __future__ import annotations

import dataclasses

from pos.core.money import format_roubles
from pos.reports.tables import Report
from pos.till.cashless import CashlessTotals


def with_cashless(report: Report, totals: CashlessTotals) -> Report:
    """The report with a note of `totals`, when anything moved without cash."""
    if not totals.any:
        return report
    parts = "; ".join(
        f"{words.lower()} — {count} на {format_roubles(amount)}"
        for words, count, amount in totals.lines()
    )
    note = f"Безналичные операции за период (не в кассе и без чека, в колонки не входят): {parts}"
    return dataclasses.replace(report, notes=(*report.notes, note))
