"""Read-only table models of «Спрэдбетэкс» (issue 20): the board of open offers grouped by event
and outcome, an account's offers and its paris. Every figure comes from pos; these only word
it. The board never shows whose an offer is (p.52: the players never meet)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, tzinfo
from decimal import Decimal
from typing import TypeVar
from zoneinfo import ZoneInfo

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QColor

from pos.core.money import format_money
from pos.core.wording import odds_words
from pos.exchange.numbers import display_exchange_number
from pos.exchange.paris import Offer, OfferStatus, Pari, PariStatus, Side
from pos.line.events import Event
from pos.line.wording import market_code, market_words
from ui.models.spread_models import GAIN, LOSS, MUTED, NO_VALUE, RowsModel, signed_money

_ONE = Decimal(1)
_UTC = ZoneInfo("UTC")


def _tr(text: str) -> str:
    return QCoreApplication.translate("exchange", text)


def side_words(side: Side) -> str:
    """Back or lay as the counter says it: «бэк», «лэй»."""
    return _tr("бэк") if side is Side.BACK else _tr("лэй")


def side_meaning(side: Side) -> str:
    """What a side stands for: «бэк (за: исход наступит)»."""
    if side is Side.BACK:
        return _tr("бэк (за: исход наступит)")
    return _tr("лэй (против: исход не наступит)")


def offer_status_words(status: OfferStatus) -> str:
    return {
        OfferStatus.OPEN: _tr("открыто"),
        OfferStatus.ACCEPTED: _tr("принято"),
        OfferStatus.WITHDRAWN: _tr("отозвано"),
        OfferStatus.LAPSED: _tr("аннулировано"),
    }[status]


def pari_status_words(status: PariStatus) -> str:
    return {
        PariStatus.CONCLUDED: _tr("заключено"),
        PariStatus.SETTLED: _tr("рассчитано"),
        PariStatus.VOID: _tr("возврат"),
    }[status]


def coefficient_text(coefficient: Decimal) -> str:
    """The pari's coefficient k: "1,50"."""
    return odds_words(coefficient)


def line_odds_text(coefficient: Decimal) -> str:
    """The decimal odds of the same chance, as the line shows odds (DESIGN.md: d = k + 1):
    "2,50" beside k = 1,50."""
    return odds_words(coefficient + _ONE)


def both_coefficients(coefficient: Decimal) -> str:
    """k with the line's odds beside it: "1,50 (2,50)"."""
    return f"{coefficient_text(coefficient)} ({line_odds_text(coefficient)})"


def coefficient_words(coefficient: Decimal) -> str:
    """Both in one: "k 1,50 (кф 2,50)"."""
    return _tr("k {k} (кф {d})").format(
        k=coefficient_text(coefficient), d=line_odds_text(coefficient)
    )


def event_words(code: int, events: Mapping[int, Event], zone: tzinfo, today: date) -> str:
    """«101 Динамо Минск — БАТЭ Борисов, 01.12 19:00» (today's: the time alone); an event the
    line no longer has: its code."""
    event = events.get(code)
    if event is None:
        return str(code)
    start = event.starts_at.astimezone(zone)
    when = start.strftime("%H:%M" if start.date() == today else "%d.%m %H:%M")
    return f"{code} {event.home} — {event.away}, {when}"


def outcome_words(code: int, market: str, events: Mapping[int, Event]) -> str:
    """The outcome as the slip says it: «Победа хозяев (1)», in hockey «… в основное время»."""
    event = events.get(code)
    return market_words(market, event.sport if event is not None else None)


R = TypeVar("R", Offer, Pari)


class _LineRows(RowsModel[R]):
    """Rows about events of the line: their words need the line's events and the shop's zone."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._events: Mapping[int, Event] = {}
        self._zone: tzinfo | None = None
        self._today = date.min

    def show(
        self, rows: Sequence[R], events: Mapping[int, Event], zone: tzinfo, now: datetime
    ) -> None:
        """Show the rows; events by code, times in `zone`, the day left out for today's."""
        self._events, self._zone = events, zone
        self._today = now.astimezone(zone).date()
        self.set_rows(rows)

    def row_of(self, number: str) -> int | None:
        """The row of the offer or pari with this number, if shown."""
        numbers = [row.number for row in self._rows]
        return numbers.index(number) if number in numbers else None

    def _event(self, code: int) -> str:
        return event_words(code, self._events, self._zone or _UTC, self._today)

    def _what(self, code: int, market: str) -> str:
        """«101 · 1», «102 · Б2,5»: the codes the cashier types (the words in the tooltip)."""
        return f"{code} · {market_code(market)}"

    def about(self, code: int, market: str) -> str:
        """The event and the outcome in words, on two lines."""
        return f"{self._event(code)}\n{outcome_words(code, market, self._events)}"


# --- the board ---------------------------------------------------------------------------------

B_WHAT, B_SIDE, B_K, B_ODDS, B_OPEN = range(5)


class BoardModel(_LineRows[Offer]):
    """The open offers in pos's order (by event, outcome and side, the acceptor's best first);
    an event and an outcome are named on the first of their rows only, in one column (the
    event over its outcome), so the board reads in groups and its figures keep the width. No
    account, no name: only what is offered (p.52)."""

    HEADINGS = ("Событие и исход", "Сторона", "Коэф.\nk", "Кф\nk+1", "Открыто,\nруб.")
    RIGHT = frozenset({B_K, B_ODDS, B_OPEN})

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._heads: dict[str, tuple[bool, bool]] = {}  # by number: first of event, of outcome

    def set_rows(self, rows: Sequence[Offer]) -> None:
        above: Offer | None = None
        self._heads = {}
        for row in rows:
            new_event = above is None or above.event != row.event
            new_outcome = new_event or above is None or above.market != row.market
            self._heads[row.number] = (new_event, new_outcome)
            above = row
        super().set_rows(rows)

    def _text(self, row: Offer, column: int) -> str:
        new_event, new_outcome = self._heads.get(row.number, (True, True))
        texts = {
            B_WHAT: "\n".join(
                (self._event(row.event),) * new_event
                + (outcome_words(row.event, row.market, self._events),) * new_outcome
            ),
            B_SIDE: side_words(row.side),
            B_K: coefficient_text(row.coefficient),
            B_ODDS: line_odds_text(row.coefficient),
            B_OPEN: format_money(row.stake_open),
        }
        return texts[column]

    def _tip(self, row: Offer) -> str | None:
        return _tr("Предложение № {number}: {side}; принявший встаёт на сторону {other}.").format(
            number=display_exchange_number(row.number),
            side=side_meaning(row.side),
            other=side_meaning(row.side.opposite),
        )


# --- an account's offers -----------------------------------------------------------------------

O_NUMBER, O_WHAT, O_SIDE, O_K, O_OPEN, O_ACCEPTED, O_STATUS = range(7)


class OffersModel(_LineRows[Offer]):
    """The account's offers, newest first: what is still open of the stake, what was accepted,
    and the state (открыто, принято, отозвано, аннулировано)."""

    HEADINGS = ("№", "Исход", "Сторона", "Коэф. k\n(кф k+1)", "Открыто\nиз ставки", "Принято",
                "Состояние")  # fmt: skip
    RIGHT = frozenset({O_K, O_OPEN, O_ACCEPTED})

    def _text(self, row: Offer, column: int) -> str:
        texts = {
            O_NUMBER: display_exchange_number(row.number),
            O_WHAT: self._what(row.event, row.market),
            O_SIDE: side_words(row.side),
            O_K: both_coefficients(row.coefficient),
            O_OPEN: _tr("{open} из {stake}").format(
                open=format_money(row.stake_open), stake=format_money(row.stake)
            ),
            O_ACCEPTED: format_money(row.accepted),
            O_STATUS: offer_status_words(row.status),
        }
        return texts[column]

    def _colour(self, row: Offer, column: int) -> QColor | None:
        return MUTED if column == O_STATUS and row.status is not OfferStatus.OPEN else None

    def _tip(self, row: Offer) -> str | None:
        return self.about(row.event, row.market)


# --- an account's paris ------------------------------------------------------------------------

(P_NUMBER, P_WHAT, P_SIDE, P_K, P_STAKE, P_STATUS, P_BACK, P_LAY) = range(8)


class ParisModel(_LineRows[Pari]):
    """The paris the account is a side of, newest first: its side, the state (заключено,
    рассчитано, возврат) and each side's result once settled; its risk in the tooltip."""

    HEADINGS = ("№", "Исход", "Сторона\nсчёта", "Коэф. k\n(кф k+1)", "Ставка", "Состояние",
                "Итог\nбэка", "Итог\nлэя")  # fmt: skip
    RIGHT = frozenset({P_K, P_STAKE, P_BACK, P_LAY})

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.account = ""  # whose paris: his side is the one shown

    def side_of(self, row: Pari) -> Side:
        return Side.BACK if row.back_account == self.account else Side.LAY

    def _text(self, row: Pari, column: int) -> str:
        side = self.side_of(row)
        texts = {
            P_NUMBER: display_exchange_number(row.number),
            P_WHAT: self._what(row.event, row.market),
            P_SIDE: side_words(side),
            P_K: both_coefficients(row.coefficient),
            P_STAKE: format_money(row.stake),
            P_STATUS: pari_status_words(row.status),
            P_BACK: _result(row.back_result),
            P_LAY: _result(row.lay_result),
        }
        return texts[column]

    def _colour(self, row: Pari, column: int) -> QColor | None:
        amount = {P_BACK: row.back_result, P_LAY: row.lay_result}.get(column)
        if amount:
            return GAIN if amount > 0 else LOSS
        return MUTED if column == P_STATUS and row.status is PariStatus.VOID else None

    def _tip(self, row: Pari) -> str | None:
        risk = row.back_risk if self.side_of(row) is Side.BACK else row.lay_risk
        risked = _tr("Риск счёта: {risk} руб.").format(risk=format_money(risk))
        return f"{self.about(row.event, row.market)}\n{risked}"


def _result(amount: Decimal | None) -> str:
    return NO_VALUE if amount is None else signed_money(amount)
