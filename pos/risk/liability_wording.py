"""The liability board in words: its export as a report, the audit's details (issue 38)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pos.core.money import format_roubles
from pos.line.wording import market_code
from pos.reports.tables import Column, Report
from pos.risk.liability import LiabilityBoard, OutcomeLiability

TITLE = "Обязательства по исходам"
_COLUMNS = (
    Column("Событие", 26),
    Column("Исход", 7),
    Column("Купонов (сеть)", 8, figures=True),
    Column("Ставки (сеть)", 11, figures=True),
    Column("Выплата, если сыграет (сеть)", 12, figures=True),
    Column("Итог (сеть)", 11, figures=True),
    Column("Выплата (пункт)", 11, figures=True),
    Column("Итог (пункт)", 11, figures=True),
    Column("Предел", 11, figures=True),
)


def event_name(row: OutcomeLiability) -> str:
    """«101 Динамо Минск — БАТЭ»: the event as the board names it."""
    return f"{row.event.code} {row.event.home} — {row.event.away}"


def event_lines(row: OutcomeLiability) -> str:
    """The teams on two lines, as the board's narrow column shows them (the event's code
    goes with the outcome: «101 1»)."""
    return f"{row.event.home}\n{row.event.away}"


def coded_outcome(row: OutcomeLiability) -> str:
    """The event's code and the outcome as the cashier types them, «101 1»; a suspended one
    says so on a second line."""
    coded = f"{row.event.code} {market_code(row.market)}"
    return f"{coded}\nстоп" if row.suspended else coded


def office_said(row: OutcomeLiability) -> str:
    """The office's figures of an outcome in one line (the board's tooltip)."""
    mine = row.office
    return (
        f"Пункт: купонов {mine.slips}, ставки {format_roubles(mine.stakes)}, "
        f"выплата {format_roubles(mine.payout)}"
    )


def outcome_name(row: OutcomeLiability) -> str:
    """The outcome as the cashier types it, marked when it is suspended."""
    code = market_code(row.market)
    return f"{code} (стоп)" if row.suspended else code


def liability_report(board: LiabilityBoard, made_at: datetime, scope: str) -> Report:
    """The board as a report the PDF and CSV writers draw (`made_at` shop-local)."""
    rows = tuple(
        (
            event_name(row),
            outcome_name(row),
            row.chain.slips,
            row.chain.stakes,
            row.chain.payout,
            row.net,
            row.office.payout,
            row.office_net,
            row.cap,
        )
        for row in board.rows
    )
    notes = (
        "Выплата, если сыграет: возможные выигрыши открытых купонов с этим исходом "
        "(экспресс и система — целиком); итог: выплата за вычетом ставок на событие.",
        f"Пункт: {board.office}.",
    )
    period = f"По состоянию на {made_at:%d.%m.%Y %H:%M}"
    return Report(None, TITLE, period, _COLUMNS, rows, None, notes, made_at, scope)


def cap_detail(code: int, cap: Decimal | None) -> str:
    """The audit's detail of an event's cap set: «101: 50 000,00 руб.», or the setting's."""
    return f"{code}: {format_roubles(cap)}" if cap is not None else f"{code}: по настройке сети"


def outcome_detail(code: int, market: str) -> str:
    """The audit's detail of an outcome suspended or resumed: «101 П1»."""
    return f"{code} {market_code(market)}"


def board_said(board: LiabilityBoard) -> str:
    """The line above the board: how many outcomes, and the worst one."""
    if not board.rows:
        return "Открытых ставок на события без результата нет."
    worst = board.rows[0]
    return (
        f"Исходов: {len(board.rows)}. Худший: {event_name(worst)}, исход "
        f"{market_code(worst.market)} — выплата {format_roubles(worst.chain.payout)}, "
        f"итог {format_roubles(worst.net)}"
    )  # «руб.» ends the sentence


def suspension_said(code: int, market: str, suspended: bool) -> str:
    """What the board says once an outcome is suspended or resumed."""
    if suspended:
        return f"Приём ставок на исход {market_code(market)} события {code} приостановлен."
    return f"Приём ставок на исход {market_code(market)} события {code} возобновлён."


def cap_said(code: int, cap: Decimal | None) -> str:
    """What the board says once an event's cap is set."""
    if cap is None:
        return f"Для события {code} действует предел сети из настроек."
    return f"Предел выплаты по исходу события {code}: {format_roubles(cap)}"


def saved_said(path: str, pages: int) -> str:
    """What the board says once it is saved to a file."""
    return f"Обязательства сохранены: {path} (страниц: {pages})."
