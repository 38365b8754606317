"""The player's confirmations of «Спрэдбетэкс» (pos.core.documents): an offer made (its number,
outcome, side, coefficient, stake and the money blocked) and a pari concluded (its number, both
sides' amounts, and that it is never cancelled: p.45, so no 5-minute window)."""

from __future__ import annotations

from datetime import tzinfo

from pos.accounts.numbers import display_account_number
from pos.betting.teller import Teller
from pos.core.documents import DocumentLine, PrintedDocument
from pos.core.money import NBSP, format_roubles
from pos.exchange.numbers import display_exchange_number
from pos.exchange.paris import Offer, Pari, Side

TITLE = "ПАРИ «СПРЭДБЕТЭКС»"
SIDE_WORDS = {Side.BACK: "бэк (исход свершится)", Side.LAY: "лэй (исход не свершится)"}


def offered(offer: Offer, teller: Teller, zone: tzinfo) -> PrintedDocument:
    """The confirmation of an offer: what stands until it is accepted, changed or lapses."""
    starts = offer.event_starts_at.astimezone(zone)
    return PrintedDocument(
        title=TITLE,
        number=offer.number,
        number_shown=display_exchange_number(offer.number),
        lines=(
            DocumentLine("ПРЕДЛОЖЕНИЕ ПАРИ", bold=True),
            DocumentLine("Счёт игрока", display_account_number(offer.account)),
            DocumentLine("Событие, исход", f"{offer.event}, {offer.market}"),
            DocumentLine("Вид ставки", SIDE_WORDS[offer.side], bold=True),
            DocumentLine("Коэффициент", f"{offer.coefficient}".replace(".", ",")),
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


def concluded(pari: Pari, teller: Teller) -> PrintedDocument:
    """The confirmation of a pari concluded: both sides' stake and risk, never cancelled."""
    return PrintedDocument(
        title=TITLE,
        number=pari.number,
        number_shown=display_exchange_number(pari.number),
        lines=(
            DocumentLine("ПАРИ ЗАКЛЮЧЕНО", bold=True),
            DocumentLine("По предложению", display_exchange_number(pari.offer_number)),
            DocumentLine("Событие, исход", f"{pari.event}, {pari.market}"),
            DocumentLine("Коэффициент", f"{pari.coefficient}".replace(".", ",")),
            DocumentLine("Стэйк", format_roubles(pari.stake), bold=True),
            DocumentLine(
                "Бэк: выигрыш / проигрыш",
                f"{format_roubles(pari.lay_risk)} / {format_roubles(pari.back_risk)}",
            ),
            DocumentLine(
                "Лэй: выигрыш / проигрыш",
                f"{format_roubles(pari.back_risk)} / {format_roubles(pari.lay_risk)}",
            ),
        ),
        notes=(
            f"Заключённое пари отмене не подлежит (п.{NBSP}45 Правил): претензии по нему "
            "не принимаются. Из выигрыша удерживается комиссия букмекера (п.\u00a053).",
        ),
        at=pari.concluded_at,
        terminal=teller.terminal,
        cashier=teller.login,
        job_name=f"exchange-{pari.number}-pari",
    )
