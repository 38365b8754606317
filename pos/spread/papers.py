"""The player's confirmations of a «Спрэдбет» bet (pos.core.documents): opened, like a slip
with its number, check code and the 5-minute claim window (p.8), and closed, with the part's
result settled to the account (p.33–p.35) or the bookmaker's close (p.36)."""

from __future__ import annotations

from datetime import tzinfo
from decimal import Decimal

from pos.accounts.accounts import Account
from pos.accounts.numbers import display_account_number
from pos.betting.slips import CLAIM_WINDOW
from pos.betting.teller import Teller
from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.money import NBSP, format_roubles
from pos.spread.assets import Asset, Quote
from pos.spread.bets import Closing, Direction, SpreadBet
from pos.spread.numbers import display_spread_number

TITLE = "СТАВКА «СПРЭДБЕТ»"
DIRECTION_WORDS = {Direction.UP: "вверх (покупка)", Direction.DOWN: "вниз (продажа)"}


def price_text(price: Decimal, point: Decimal | None = None) -> str:
    """A quote as printed and shown, to the places of the asset's point: 74.1 at a point of
    0.01 → "74,10" (the database gives prices back without their trailing zeros)."""
    if point is not None:
        places = max(-point.normalize().as_tuple().exponent, 0)  # type: ignore[operator]
        price = price.quantize(Decimal(1).scaleb(-places))
    return f"{price:f}".replace(".", ",")


def opened(
    bet: SpreadBet, asset: Asset, quote: Quote, zone: tzinfo, teller: Teller
) -> PrintedDocument:
    """The confirmation handed over when the bet is opened (`zone`: the shop's)."""
    until = (bet.opened_at + CLAIM_WINDOW).astimezone(zone)
    return PrintedDocument(
        title=TITLE,
        number=bet.number,
        number_shown=display_spread_number(bet.number),
        lines=(
            DocumentLine("ОТКРЫТИЕ СТАВКИ", bold=True),
            *_bet_lines(bet, asset),
            DocumentLine(
                "Котировка продажа / покупка",
                f"{price_text(quote.bid, asset.point)} / {price_text(quote.ask, asset.point)}",
            ),
            DocumentLine("Цена открытия", price_text(bet.open_price, asset.point)),
            DocumentLine("Ставка за пункт", format_roubles(bet.stake), bold=True),
            DocumentLine(
                f"Начальная маржа ({asset.margin_points} пунктов)",
                format_roubles(bet.margin_blocked),
            ),
        ),
        notes=(
            f"Претензии по ставке принимаются в{NBSP}течение 5{NBSP}минут после выдачи "
            f"подтверждения, до {until:%H:%M:%S} (п.{NBSP}8 Правил).",
        ),
        at=bet.opened_at,
        terminal=teller.terminal,
        cashier=teller.login,
        job_name=f"spread-{bet.number}-open",
    )


def closed(
    bet: SpreadBet, asset: Asset, closing: Closing, account: Account, teller: Teller
) -> PrintedDocument:
    """The confirmation of a close: the part, its price and result, what is left open."""
    how = "ЗАКРЫТА БУКМЕКЕРОМ (п. 36 Правил)" if closing.by_bookmaker else "ЗАКРЫТИЕ СТАВКИ"
    result = "Выигрыш" if closing.result > 0 else "Проигрыш" if closing.result < 0 else "Итог"
    return PrintedDocument(
        title=TITLE,
        number=bet.number,
        number_shown=display_spread_number(bet.number),
        lines=(
            DocumentLine(how, bold=True),
            *_bet_lines(bet, asset),
            DocumentLine(
                "Цена открытия / закрытия",
                f"{price_text(bet.open_price, asset.point)} / "
                f"{price_text(closing.close_price, asset.point)}",
            ),
            DocumentLine("Закрыто за пункт", format_roubles(closing.stake)),
            DocumentLine(result, format_roubles(abs(closing.result)), bold=True),
            DocumentLine("Маржа освобождена", format_roubles(closing.margin_released)),
            DocumentLine("Остаётся открытым за пункт", format_roubles(bet.stake_open)),
            DocumentLine("Свободно на счёте", format_roubles(account.free)),
        ),
        at=closing.at,
        terminal=teller.terminal,
        cashier=teller.login,
        job_name=f"spread-{bet.number}-close",
    )


def _bet_lines(bet: SpreadBet, asset: Asset) -> tuple[DocumentLine, ...]:
    return (
        DocumentLine("Счёт игрока", display_account_number(bet.account)),
        DocumentLine("Актив", f"{asset.name} ({asset.code})"),
        DocumentLine("Направление", DIRECTION_WORDS[bet.direction], bold=True),
        DocumentLine("Пункт", price_text(asset.point)),
    )
