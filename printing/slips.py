"""The betting slip: its layout as lines, and that layout rendered onto an injected Escpos printer.

`slip_layout` decides every printed word and line break (STYLE.md B1: layouts live in
printing/); `render_slip` only turns the layout into ESC/POS commands. The same layout feeds
the picture of a slip in docs/ (tests/screenshots_slip.py), so the picture shows what prints.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from escpos.escpos import Escpos

from pos.betting.slips import Leg, Slip
from pos.betting.window import cancel_deadline
from pos.betting.wording import kind_words
from pos.core.money import NBSP, format_money
from pos.core.money import format_roubles as rub
from pos.core.settings import ShopSettings
from pos.core.wording import (
    display_account_number,
    display_slip_number,
    odds_words,
    total_odds_words,
)
from pos.games.registry import installed
from pos.line.wording import market_words, sport_words
from printing.layout import (
    INDENT,
    WIDTH_58MM,
    WIDTH_80MM,
    Barcode,
    Item,
    Page,
    QrCode,
    Text,
    local,
    shop_header,
)
from printing.render import render_items

__all__ = [
    "PAYOUT_CONDITIONS",
    "WIDTH_58MM",
    "WIDTH_80MM",
    "Barcode",
    "Item",
    "QrCode",
    "Text",
    "render_slip",
    "slip_layout",
]

# DESIGN.md "Payout" (p.13, p.23, p.24): the conditions the player takes home with the slip.
PAYOUT_CONDITIONS = (
    "Выигрыш и возврат ставки выплачиваются только при предъявлении этого купона "
    "и документа, удостоверяющего личность, со дня, следующего за днём окончания "
    "последнего события купона, в течение одного месяца. Утерянный купон не оплачивается."
)


def slip_layout(
    slip: Slip,
    settings: ShopSettings,
    *,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
    copy: int = 0,
    copied_by: str = "",
    copied_at: datetime | None = None,
) -> list[Item]:
    """The slip as printed, top to bottom.

    Args:
        slip: the issued slip.
        settings: the shop's name, address, licence number and time zone.
        code_page: the printer's code page; text it lacks is replaced (printing.text).
        width: characters per line: 48 on 80 mm paper, 32 on 58 mm.
        copy: 0 for the slip handed over at issue, N for the N-th reprint ("КОПИЯ N").
        copied_by: who printed the copy, under «КОПИЯ N» (issue 34).
        copied_at: when the copy was printed, aware.

    Returns:
        Text lines no longer than `width`, the barcode and QR code last.
    """
    page = Page(code_page, width)
    _header(page, slip, settings, copy)
    if copy > 0:
        _copied(page, settings.zone, copied_by, copied_at)
    page.wrap(f"Купон № {display_slip_number(slip.number)}", bold=True, center=True, tall=True)
    _times(page, slip, settings.zone)
    _bet(page, slip, settings.zone)
    _totals(page, slip)
    page.wrap(PAYOUT_CONDITIONS)
    # The codes last: a job broken midway leaves no scannable slip on paper (issue 34).
    page.add(Barcode(slip.number))
    page.add(QrCode(slip.number))
    return page.items


def render_slip(
    printer: Escpos,
    slip: Slip,
    settings: ShopSettings,
    *,
    code_page: str = "CP866",
    width: int = WIDTH_80MM,
    copy: int = 0,
    cancel_chinese: bool = False,
) -> None:
    """Print the slip on `printer`: reset, one forced code page, the layout, then cut.

    Render onto an `escpos.printer.Dummy` and send its `.output` in one write, so a slip
    is never half-printed (notes/libraries.md §1).

    Args:
        printer: any Escpos printer; its profile gives the code-page slot and barcode support.
        slip: the issued slip.
        settings: the shop settings (name, address, licence, time zone).
        code_page: "CP866" (every ESC/POS printer with Cyrillic) or "CP1251".
        width: characters per line: 48 on 80 mm paper, 32 on 58 mm.
        copy: 0 at issue, N for the N-th reprint.
        cancel_chinese: also send FS ., for clone printers that power up in Chinese mode.

    Raises:
        PrinterUnavailable: the printer's profile lacks the code page, or the device failed.
    """
    items = slip_layout(slip, settings, code_page=code_page, width=width, copy=copy)
    render_items(printer, items, code_page=code_page, cancel_chinese=cancel_chinese)


def _header(page: Page, slip: Slip, settings: ShopSettings, copy: int) -> None:
    shop_header(page, settings)
    page.pair(f"Терминал {slip.terminal}", f"Кассир {slip.cashier}")
    page.rule()
    if copy > 0:
        page.wrap(f"КОПИЯ {copy}", bold=True, center=True, tall=True)


def _copied(page: Page, zone: ZoneInfo, by: str, at: datetime | None) -> None:
    """Who printed a copy and when, under «КОПИЯ N» (issue 34): named as «Кассир» names the
    one who took the bet, by the name they sign the journal with (pos.people.signatures)."""
    if at is not None:
        page.pair("Копия напечатана", local(at, zone, "%d.%m.%Y %H:%M:%S"))
    if by:
        page.pair("Копию напечатал", by)


def _times(page: Page, slip: Slip, zone: ZoneInfo) -> None:
    page.pair("Принят", local(slip.issued_at, zone, "%d.%m.%Y %H:%M:%S"))
    # p.8: a claim about how the slip was filled in is accepted for 5 minutes after issue;
    # the end carries its date when it falls on the next day (issue 16). A bet on a draw
    # is taken back no later than its round closes: the paper says the rule's end (issue 34).
    ends = cancel_deadline(slip).astimezone(zone)
    same_day = ends.date() == slip.issued_at.astimezone(zone).date()
    until = ends.strftime("%H:%M:%S" if same_day else "%d.%m %H:%M:%S")
    page.wrap(f"Претензии принимаются до{NBSP}{until.replace(' ', NBSP)}")
    page.rule()


def _bet(page: Page, slip: Slip, zone: ZoneInfo) -> None:
    blocks = any(len(member) > 1 for member in slip.members)
    page.wrap(kind_words(slip.kind, blocks=blocks), bold=True)
    combinations = slip.kind.combinations
    if combinations > 1:
        each = format_money(slip.stake / combinations)
        page.wrap(f"Вариантов: {combinations}, ставка на вариант {each} руб.", indent=INDENT)
    for number, member in enumerate(slip.members, start=1):
        if len(member) == 1:
            _leg(page, member[0], zone, f"{number}.".ljust(len(INDENT)))
            continue
        page.wrap(f"{number}. Блок (экспресс из {len(member)})", bold=True)
        for leg in member:
            _leg(page, leg, zone, INDENT)
    if slip.agreed_in_play:
        # p.22: a bet after the start stands only when agreed with the bookmaker in play.
        page.wrap("Ставка в игре: согласовано", bold=True)
    page.rule()


def _leg(page: Page, leg: Leg, zone: ZoneInfo, first: str) -> None:
    indent = " " * len(first)
    game = installed().of_leg(leg)
    if game is not None:  # named as its board names it, not by its event code (issues 34, 36)
        words = game.leg_words(leg)
        page.wrap(words.title, indent=indent, first=first)
        page.wrap(f"{words.when} {local(leg.starts_at, zone, '%d.%m %H:%M')}", indent=indent)
        if words.detail:
            page.wrap(words.detail, indent=indent)
        page.pair(words.pick, odds_words(leg.odds), indent=indent)
        return
    page.wrap(f"{leg.event_code} {leg.home} — {leg.away}", indent=indent, first=first)
    if leg.sport is not None:  # the event's sport and tournament (issue 16)
        competition = ". ".join(w for w in (sport_words(leg.sport), leg.tournament) if w)
        page.wrap(competition, indent=indent, first=indent)
    page.wrap(f"Начало {local(leg.starts_at, zone, '%d.%m %H:%M')}", indent=indent)
    page.pair(market_words(leg.market, leg.sport), odds_words(leg.odds), indent=indent)


def _totals(page: Page, slip: Slip) -> None:
    page.pair("Общий коэффициент", total_odds_words(slip.total_odds))
    page.pair("Ставка", rub(slip.stake))
    page.pair("Возможный выигрыш", rub(slip.possible_payout), bold=True)
    if slip.account is not None:
        # p.7 (issue 37): no cash moved; the win or the return goes back onto the account.
        shown = display_account_number(slip.account)
        page.wrap(f"Без наличных: оплачено со счёта №{NBSP}{shown}", bold=True)
        page.wrap("Выигрыш или возврат ставки зачисляется на этот счёт")
    if slip.coupon is not None:
        # p.17 (issue 37): a remote coupon's bet; its stake came by transfer, not to the till.
        page.wrap(f"Ставка по купону №{NBSP}{slip.coupon}, оплачена переводом", bold=True)
    page.rule()
