"""The player's confirmations of «Спрэдбетэкс» (pos.core.documents): an offer made (its number,
event, outcome, side, coefficient, stake and the money blocked) and a pari concluded, one paper
for each side (whose it is, the side, what its holder wins or loses; never cancelled: p.45, so
no 5-minute window)."""

from __future__ import annotations

from datetime import tzinfo
from decimal import Decimal

from pos.accounts.numbers import display_account_number
from pos.betting.teller import Teller
from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.money import NBSP, format_roubles
from pos.exchange.numbers import display_exchange_number
from pos.exchange.paris import Offer, Pari, Side
from pos.line.events import Event
from pos.line.wording import market_words, sport_words

TITLE = "ПАРИ «СПРЭДБЕТЭКС»"
SIDE_WORDS = {Side.BACK: "бэк (исход свершится)", Side.LAY: "лэй (исход не свершится)"}
# What a side's holder wins and loses, and when (p.48–p.51): the outcome happens or not.
_WIN_WORDS = {
    Side.BACK: "Ваш выигрыш, если исход свершится",
    Side.LAY: "Ваш выигрыш, если исход не свершится",
}
_LOSS_WORDS = {
    Side.BACK: "Ваш проигрыш, если исход не свершится",
    Side.LAY: "Ваш проигрыш, если исход свершится",
}


def offered(
    offer: Offer, teller: Teller, zone: tzinfo, event: Event | None = None
) -> PrintedDocument:
    """The confirmation of an offer: what stands until it is accepted, changed or lapses.

    Args:
        offer: the offer as made.
        teller: the terminal and the cashier who took it.
        zone: the shop's time zone.
        event: the offer's event of the line, named as the slip names it (issue 34); its
            code alone when None.
    """
    starts = offer.event_starts_at.astimezone(zone)
    return PrintedDocument(
        title=TITLE,
        number=offer.number,
        number_shown=display_exchange_number(offer.number),
        lines=(
            DocumentLine("ПРЕДЛОЖЕНИЕ ПАРИ", bold=True),
            DocumentLine("Счёт игрока", display_account_number(offer.account)),
            *event_lines(offer.event, offer.market, event, zone),
            DocumentLine("Вид ставки", SIDE_WORDS[offer.side], bold=True),
            DocumentLine("Коэффициент", _coefficient(offer.coefficient)),
            DocumentLine("Стэйк", format_roubles(offer.stake_open), bold=True),
            DocumentLine("Заблокировано на счёте", format_roubles(offer.blocked)),
        ),
        notes=(
            "Пока предложение не принято, его можно изменить или отозвать (п.\u00a044 Правил). "
            f"Непринятая часть аннулируется в{NBSP}начале события, {starts:%d.%m.%Y %H:%M} "
            f"(п.{NBSP}46).",
        ),
        at=offer.made_at,
        terminal=teller.terminal,
        cashier=teller.login,
        job_name=f"exchange-{offer.number}-offer",
    )


def concluded(
    pari: Pari, teller: Teller, side: Side, zone: tzinfo, event: Event | None = None
) -> PrintedDocument:
    """The confirmation of a pari concluded for the holder of `side` (issue 34: one paper for
    each side): their account, their side and what they win or lose; never cancelled.

    Args:
        pari: the pari concluded.
        teller: the terminal and the cashier who concluded it.
        side: whose paper it is: the backer's or the layer's.
        zone: the shop's time zone.
        event: the pari's event of the line; its code alone when None.
    """
    win, loss = _win_and_loss(pari, side)
    return PrintedDocument(
        title=TITLE,
        number=pari.number,
        number_shown=display_exchange_number(pari.number),
        lines=(
            DocumentLine("ПАРИ ЗАКЛЮЧЕНО", bold=True),
            DocumentLine("Счёт игрока", display_account_number(pari.account_of(side))),
            DocumentLine("Ваша сторона", SIDE_WORDS[side], bold=True),
            DocumentLine("По предложению", display_exchange_number(pari.offer_number)),
            *event_lines(pari.event, pari.market, event, zone),
            DocumentLine("Коэффициент", _coefficient(pari.coefficient)),
            DocumentLine("Стэйк бэка", format_roubles(pari.stake)),
            DocumentLine(_WIN_WORDS[side], format_roubles(win), bold=True),
            DocumentLine(_LOSS_WORDS[side], format_roubles(loss), bold=True),
        ),
        notes=(
            f"Заключённое пари отмене не подлежит (п.{NBSP}45 Правил): претензии по нему "
            "не принимаются. Из выигрыша удерживается комиссия букмекера (п.\u00a053).",
        ),
        at=pari.concluded_at,
        terminal=teller.terminal,
        cashier=teller.login,
        job_name=f"exchange-{pari.number}-pari-{side.value}",
    )


def event_lines(
    code: int, market: str, event: Event | None, zone: tzinfo
) -> tuple[DocumentLine, ...]:
    """The event and the outcome as the slip prints a leg: code and teams, sport and
    tournament, start, the outcome in words with its code (printing.slips)."""
    if event is None:
        return (DocumentLine("Событие", str(code)), DocumentLine("Исход", market_words(market)))
    competition = ". ".join(w for w in (sport_words(event.sport), event.tournament) if w)
    return (
        DocumentLine(f"{event.code} {event.home} — {event.away}"),
        DocumentLine(competition),
        DocumentLine("Начало", f"{event.starts_at.astimezone(zone):%d.%m.%Y %H:%M}"),
        DocumentLine("Исход", market_words(market, event.sport), bold=True),
    )


def _win_and_loss(pari: Pari, side: Side) -> tuple[Decimal, Decimal]:
    """What the holder of `side` wins and what they lose, before the commission (p.48–p.51):
    each side wins what the other risks."""
    if side is Side.BACK:
        return pari.lay_risk, pari.back_risk
    return pari.back_risk, pari.lay_risk


def _coefficient(value: Decimal) -> str:
    return f"{value}".replace(".", ",")
