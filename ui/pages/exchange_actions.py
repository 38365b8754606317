"""What the «Спрэдбетэкс» page's keys are and what its answers say (issue 20): the key of each
action, the readings run on the worker, and the sentence shown when pos accepts. The refusals
are pos's own (`str(exc)`)."""

from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import ZoneInfo

from PySide6.QtCore import QCoreApplication, Qt

from pos.accounts.numbers import display_account_number
from pos.accounts.use_cases import AccountView
from pos.core.money import format_roubles
from pos.exchange.numbers import display_exchange_number
from pos.exchange.paris import Offer, Pari, Side
from pos.exchange.use_cases import AccountExchange
from pos.line.events import Event
from pos.line.wording import market_code
from pos.shop.desk import Desk
from ui.models.exchange_models import coefficient_words, side_words
from ui.pages.account_actions import account_keys
from ui.widgets.spread_keys import KeyAction, key

K, M = Qt.Key, Qt.Modifier


def _tr(text: str) -> str:
    return QCoreApplication.translate("exchange", text)


# --- the keys ------------------------------------------------------------------------------


@dataclass(frozen=True)
class KeyRows:
    """The page's actions by what they act on: offers and paris, the board, the account."""

    paris: list[KeyAction]
    board: list[KeyAction]
    account: list[KeyAction]


def key_rows() -> KeyRows:
    """The page's actions and their keys, as on «Спрэдбет» and the betting page: F9 does the
    main thing (accepts the offer chosen, as it closes a bet there), F6 and F7 make and change
    (F6, F7 open bets there), F8 or Del withdraws (F8 cancels there), F5 reads the page again,
    Ctrl+F goes to the event's field (the line editor's filter); the account's keys are
    the same on every page of accounts (ui.pages.account_actions). Every user has them all
    (pos.people.permissions: EXCHANGE is a cashier's)."""
    paris = [
        KeyAction("accept", _tr("Принять пари"), (key(K.Key_F9),)),
        KeyAction("offer", _tr("Предложить пари"), (key(K.Key_F6),)),
        KeyAction("change", _tr("Изменить предложение"), (key(K.Key_F7),)),
        KeyAction("withdraw_offer", _tr("Отозвать"), (key(K.Key_F8), key(K.Key_Delete))),
    ]
    board = [
        KeyAction("search", _tr("Событие"), (key(M.CTRL, K.Key_F),)),
        KeyAction("refresh", _tr("Обновить"), (key(K.Key_F5),)),
    ]
    return KeyRows(paris, board, account_keys())


NO_OFFER = _tr("На доске нет предложений: выберите событие (Ctrl+F) или предложите пари (F6).")
NO_OWN_OFFER = _tr("У счёта нет предложений: выберите своё в списке (Tab, ↑↓) или F6 — новое.")
PARIS = _tr("Пари счёта: заключённое пари не отменяется (п. 45)")
RULES = _tr(
    "Бэк — исход наступит, лэй — нет; k — выигрыш бэка на рубль ставки, в линии тот же шанс — "
    "кф k+1. Непринятое аннулируется в начале события (п. 46); заключённое пари не "
    "отменяется (п. 45)."
)


# --- the readings on the worker ---------------------------------------------------------------


@dataclass(frozen=True)
class Holding:
    """An account with its offers and paris."""

    account: AccountView
    exchange: AccountExchange


@dataclass(frozen=True)
class PageRead:
    """What the page reads again: the shop's zone, the line's events by code, the board of the
    event typed (`event`; "": of every event), and the account shown."""

    event: str
    zone: ZoneInfo
    events: dict[int, Event]
    board: list[Offer]
    holding: Holding | None


def holding(desk: Desk, number: str) -> Holding:
    """The account typed or scanned, with its offers and paris."""
    view = desk.account(number)
    return Holding(view, desk.account_exchange(view.number))


def read_page(desk: Desk, event: str, number: str | None) -> PageRead:
    """The zone, the events, the board (of the event typed; none typed: of every event) and,
    if one is shown, the account's offers and paris.

    Raises:
        InvalidNumber: the event's code typed is not one (pos reads it).
    """
    zone = desk.settings().zone
    board = desk.board(event.strip() or None)
    events = {row.event.code: row.event for row in desk.line()}
    return PageRead(event, zone, events, board, holding(desk, number) if number else None)


# --- what the page says when pos accepts --------------------------------------------------------


def _what(code: int, market: str) -> str:
    return f"{code} · {market_code(market)}"


def offered(offer: Offer) -> str:
    return _tr(
        "Предложение № {number}: {what}, {side}, {coefficient}, ставка {stake}; заблокировано "
        "{blocked} Действует до начала события."
    ).format(
        number=display_exchange_number(offer.number),
        what=_what(offer.event, offer.market),
        side=side_words(offer.side),
        coefficient=coefficient_words(offer.coefficient),
        stake=format_roubles(offer.stake),
        blocked=format_roubles(offer.blocked),
    )


def accepted(account: str, pari: Pari) -> str:
    side = Side.BACK if pari.back_account == account else Side.LAY
    return _tr(
        "Пари № {number} заключено: {what}, {coefficient}, ставка {stake}; счёт {account} — "
        "{side}, заблокировано {risk} Заключённое пари не отменяется (п. 45)."
    ).format(
        number=display_exchange_number(pari.number),
        what=_what(pari.event, pari.market),
        coefficient=coefficient_words(pari.coefficient),
        stake=format_roubles(pari.stake),
        account=display_account_number(account),
        side=side_words(side),
        risk=format_roubles(pari.back_risk if side is Side.BACK else pari.lay_risk),
    )


def changed(offer: Offer) -> str:
    return _tr(
        "Предложение № {number} изменено: {coefficient}, открыто {open} из {stake}; "
        "заблокировано {blocked}"
    ).format(
        number=display_exchange_number(offer.number),
        coefficient=coefficient_words(offer.coefficient),
        open=format_roubles(offer.stake_open),
        stake=format_roubles(offer.stake),
        blocked=format_roubles(offer.blocked),
    )


def withdrawn(offer: Offer) -> str:
    text = _tr("Предложение № {number} отозвано, его деньги освобождены.").format(
        number=display_exchange_number(offer.number)
    )
    if offer.accepted:
        text += " " + _tr("Принятые {accepted} остаются в пари (п. 45).").format(
            accepted=format_roubles(offer.accepted)
        )
    return text
