"""The reports of the games on players' accounts: «Спрэдбетэкс» by day (paris concluded and
settled, the commission earned, the offers lapsed at the start)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from pos.exchange.facts import LapsedFact, PariFact
from pos.reports.tables import Cell, Column, Period, Report, ReportKind, _report, _sum
from pos.till.shifts import ZERO


@dataclass
class _Day:
    concluded: int = 0
    stakes: Decimal = ZERO
    settled: int = 0
    commission: Decimal = ZERO
    lapsed: int = 0
    lapsed_stakes: Decimal = ZERO


def exchange_report(
    paris: Iterable[PariFact], lapsed: Iterable[LapsedFact], period: Period, made_at: datetime
) -> Report:
    """Per shop-local day: paris concluded and their stakes, paris settled and the commission
    kept from the winners' gains (p.53), offers lapsed at the start and their unaccepted
    stakes (p.46)."""
    zone = period.zone
    days: dict[date, _Day] = defaultdict(_Day)

    def within(moment: datetime | None) -> date | None:
        if moment is None or not period.since <= moment < period.until:
            return None
        return moment.astimezone(zone).date()

    for pari in paris:
        if (day := within(pari.concluded_at)) is not None:
            days[day].concluded += 1
            days[day].stakes += pari.stake
        if (day := within(pari.settled_at)) is not None:
            days[day].settled += 1
            days[day].commission += pari.commission
    for offer in lapsed:
        if (day := within(offer.at)) is not None:
            days[day].lapsed += 1
            days[day].lapsed_stakes += offer.stake
    columns = (
        Column("День", 10),
        _sum("Пари заключено", 9),
        _sum("Стэйки, руб.", 12),
        _sum("Рассчитано", 9),
        _sum("Комиссия, руб.", 12),
        _sum("Аннулировано", 10),
        _sum("Не принято, руб.", 12),
    )
    rows: list[tuple[Cell, ...]] = [
        (
            f"{day:%d.%m.%Y}",
            d.concluded,
            d.stakes,
            d.settled,
            d.commission,
            d.lapsed,
            d.lapsed_stakes,
        )
        for day, d in sorted(days.items())
    ]
    notes = (
        "Комиссия букмекера удерживается из выигрыша игрока при расчёте пари (п. 53 Правил).",
        "Аннулировано — предложения, непринятая часть которых аннулирована в момент начала "
        "события (п. 46 Правил).",
    )
    return _report(ReportKind.EXCHANGE, period.text, columns, rows, notes, made_at)
