"""What the «Спрэдбет» page's keys are and what its answers say (issue 19): the key of each
action, the calls run on the worker (a file read, the page's reading), and the sentence shown
when pos accepts. The refusals are pos's own (`str(exc)`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFileDialog, QWidget

from pos.accounts.errors import ExclusionFileRejected
from pos.accounts.exclusions import RegisterStatus, is_centre_file
from pos.core.money import format_money, format_roubles
from pos.core.wording import plural
from pos.line.errors import line_file_problem
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from pos.spread.asset_errors import QuoteFileRejected, quote_file_problem
from pos.spread.assets import Asset
from pos.spread.bets import Closing, SpreadBet
from pos.spread.numbers import display_spread_number
from pos.spread.papers import DIRECTION_WORDS, price_text
from pos.spread.quotes import QuoteSet
from pos.spread.use_cases import AccountSpreads, AssetQuote, Position
from ui.models.spread_models import price_in, signed_money
from ui.pages.account_actions import account_keys, bank_file_key
from ui.widgets.spread_keys import KeyAction, key

K, M = Qt.Key, Qt.Modifier


def _tr(text: str) -> str:
    return QCoreApplication.translate("spread", text)


# --- the keys ------------------------------------------------------------------------------


@dataclass(frozen=True)
class KeyRows:
    """The page's actions by what they act on: the account, its bets, the assets (the
    manager's; empty for a user whose role has none of them)."""

    account: list[KeyAction]
    bets: list[KeyAction]
    office: list[KeyAction]


def key_rows(desk: Desk) -> KeyRows:
    """The page's actions and their keys, the office's only those the user's role has
    (pos.people.permissions).

    The keys follow the betting page's: F8 a claim within 5 minutes (Del too, in the bets),
    F5 reads the page again; Ctrl+O loads a file and Ctrl+N makes a new one as in the line
    editor. Ctrl+R and Ctrl+G are Ctrl+К and Ctrl+П on a Russian keyboard; the account's keys
    are ui.pages.account_actions'.
    """
    account = account_keys()  # as on every page of accounts
    bets = [
        KeyAction("up", _tr("Вверх"), (key(K.Key_F6),)),
        KeyAction("down", _tr("Вниз"), (key(K.Key_F7),)),
        KeyAction("close", _tr("Закрыть ставку"), (key(K.Key_F9),)),
        KeyAction("cancel", _tr("Отмена за 5 мин"), (key(K.Key_F8), key(K.Key_Delete))),
        KeyAction("refresh", _tr("Обновить"), (key(K.Key_F5),)),
    ]
    office: list[KeyAction] = []
    if desk.may(Permission.QUOTES):
        office += [
            KeyAction("quote", _tr("Котировка"), (key(M.CTRL, K.Key_R),)),
            KeyAction("quotes_file", _tr("Из файла"), (key(M.CTRL, K.Key_O),)),
            KeyAction("new_asset", _tr("Новый актив"), (key(M.CTRL, K.Key_N),)),
            KeyAction("edit_asset", _tr("Условия"), (key(M.CTRL, M.SHIFT, K.Key_N),)),
        ]
    if desk.may(Permission.REPORTS):
        office.append(KeyAction("exposure", _tr("Позиции"), (key(M.CTRL, K.Key_G),)))
    if desk.may(Permission.SELF_EXCLUSION):
        office.append(
            KeyAction("exclusions", _tr("Перечень лиц"), (key(M.CTRL, M.SHIFT, K.Key_O),))
        )
    if desk.may(Permission.TRANSFERS):  # the bank's statement onto players' accounts (p.7)
        office.append(bank_file_key())
    return KeyRows(account, bets, office)


NO_ASSET = _tr("Нет активов: ставку не на что открыть.")
NO_BET = _tr("У счёта нет ставок: выберите ставку в списке (Tab, ↑↓).")


# --- the calls on the worker ----------------------------------------------------------------


@dataclass(frozen=True)
class PageRead:
    """What the page reads again: the shop's zone, the assets, the account shown."""

    zone: ZoneInfo
    assets: list[AssetQuote]
    spreads: AccountSpreads | None


def read_page(desk: Desk, number: str | None) -> PageRead:
    """The zone, the assets with their quotes and, if one is shown, the account's bets."""
    zone = desk.settings().zone
    assets = desk.assets()
    return PageRead(zone, assets, desk.account_spreads(number) if number else None)


QUOTES_FILE = (_tr("Котировки из файла"), _tr("Котировки (*.csv *.json);;Все файлы (*)"))
EXCLUSIONS_FILE = (
    _tr("Перечень лиц, ограниченных в посещении игорных заведений"),
    _tr("Перечень (*.csv *.txt);;Все файлы (*)"),
)


def choose_file(parent: QWidget, kind: tuple[str, str]) -> str | None:
    """Ask for a file to load; None when the manager cancels. Tests patch this."""
    title, filters = kind
    path, _chosen_filter = QFileDialog.getOpenFileName(parent, title, "", filters)
    return path or None


def import_quotes(desk: Desk, path: str) -> list[QuoteSet]:
    """Read a quotes file and load it (on the worker: a network share may be slow).

    Raises:
        QuoteFileRejected: the file cannot be read or has bad rows; nothing was loaded.
    """
    name = Path(path).name
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        problem = quote_file_problem("unreadable", exc.strerror or exc)
        raise QuoteFileRejected(name, [(0, problem)]) from exc
    return desk.import_quotes(name, data)


def load_exclusions(desk: Desk, path: str) -> RegisterStatus:
    """Read the register of restricted persons' file and load it in place of the one held:
    the centre's file (issue 35) or the older list of documents, as pos tells them apart.

    Returns:
        The register now, its version and load time (for the page's message).

    Raises:
        ExclusionFileRejected: the file cannot be read or has bad lines; nothing changed.
    """
    name = Path(path).name
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        problem = line_file_problem("unreadable", exc.strerror or exc)
        raise ExclusionFileRejected(name, [(0, problem)]) from exc
    if is_centre_file(data):
        desk.load_restricted(name, data)
    else:
        desk.load_self_exclusions(name, data)
    return desk.restricted_register()


# --- what the page says when pos accepts --------------------------------------------------------


def bet_opened(bet: SpreadBet) -> str:
    return _tr(
        "Ставка {number} открыта: {asset} {direction} по {price}, {stake} руб. за пункт, "
        "маржа {margin} Отмена — в течение 5 минут (F8)."
    ).format(
        number=display_spread_number(bet.number),
        asset=bet.asset,
        direction=DIRECTION_WORDS[bet.direction],
        price=price_in(bet.open_price, bet.point),
        stake=format_money(bet.stake),
        margin=format_roubles(bet.margin_blocked),
    )


def closed(position: Position, closing: Closing) -> str:
    return _tr(
        "Ставка {number}: закрыто {stake} руб. за пункт по {price}, результат {result} руб. "
        "на счёте, маржа {margin} освобождена."
    ).format(
        number=display_spread_number(position.bet.number),
        stake=format_money(closing.stake),
        price=price_in(closing.close_price, position.bet.point),
        result=signed_money(closing.result),
        margin=format_roubles(closing.margin_released),
    )


def cancelled(bet: SpreadBet) -> str:
    return _tr("Ставка {number} отменена, маржа освобождена.").format(
        number=display_spread_number(bet.number)
    )


def quoted(sets: list[QuoteSet]) -> str:
    """The quotes set and how many bets the bookmaker closed at them (p.36)."""
    quotes = ", ".join(
        _tr("{code} {bid} / {ask} (версия {version})").format(
            code=done.quote.asset,
            bid=price_text(done.quote.bid),
            ask=price_text(done.quote.ask),
            version=done.quote.version,
        )
        for done in sets
    )
    calls = [call for done in sets for call in done.calls]
    text = _tr("Котировки установлены: {quotes}.").format(quotes=quotes or "—")
    if not calls:
        return text + " " + _tr("Ни одна ставка не закрыта.")
    text += " " + _tr("Букмекер закрыл (п. 36): {bets}.").format(
        bets=plural(len(calls), "ставку", "ставки", "ставок")
    )
    uncovered = sum((call.uncovered for call in calls), start=calls[0].uncovered * 0)
    if uncovered:
        text += " " + _tr("Убыток сверх счетов игроков: {amount}").format(
            amount=format_roubles(uncovered)
        )
    return text


def quote_set(done: QuoteSet) -> str:
    return quoted([done])


def asset_saved(asset: Asset) -> str:
    return _tr("Актив {code} сохранён: {name}.").format(code=asset.code, name=asset.name)


def exclusions_loaded(status: RegisterStatus) -> str:
    return status.words()  # pos words it: the version, the load time (issue 35)
