"""The workspace's pages as one table: each page's title, how it is made, who may open it, and
the trade it is listed under in the manager's side list (issue 34); the games' boards join it.

The main window builds its navigation from `PAGES` in this order (Alt+1…9 follow it), keeping the
rows whose permission the signed-in user's role has (pos.people.permissions), with the boards it
is given (ui.games, issue 36) at their slots. This module imports every page, so the window
imports it at the first sign-in, not before it is first shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeAlias, TypeVar

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QWidget

from pos.core.clock import Clock
from pos.games.registry import installed as games_sold
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from ui.games import BoardPage, GameUi
from ui.games import installed as boards_installed
from ui.navigation import NUMBERED_TABS
from ui.pages.betting import BettingPage
from ui.pages.cancellations import CancellationsPage
from ui.pages.claims import ClaimsPage
from ui.pages.conditions import ConditionsPage
from ui.pages.coupons import CouponsPage
from ui.pages.exchange import ExchangePage
from ui.pages.journal import JournalPage
from ui.pages.liability import LiabilityPage
from ui.pages.line import LinePage
from ui.pages.line_editor import LineEditorPage
from ui.pages.offices import OfficesPage
from ui.pages.payouts import PayoutsPage
from ui.pages.referrals import ReferralsPage
from ui.pages.reports import ReportsPage
from ui.pages.results import ResultsPage
from ui.pages.settings import SettingsPage
from ui.pages.skks import SkksPage
from ui.pages.spread import SpreadPage
from ui.pages.till import TillPage
from ui.pages.users import UsersPage
from ui.tasks import TaskRunner

Page: TypeAlias = (
    BettingPage
    | LinePage
    | CancellationsPage
    | PayoutsPage
    | TillPage
    | SpreadPage
    | ExchangePage
    | ResultsPage
    | JournalPage
    | ReportsPage
    | ClaimsPage
    | LineEditorPage
    | UsersPage
    | OfficesPage
    | SettingsPage
    | SkksPage
    | ConditionsPage
    | CouponsPage
    | ReferralsPage
    | LiabilityPage
    | BoardPage
)
PageFactory = Callable[[Desk, TaskRunner, Clock], Page]
P = TypeVar("P", bound=QWidget)


class PageRow(NamedTuple):
    """One page: its title and its trade's heading (source texts in the MainWindow translation
    context), the page's factory, and the permission it needs (None: every signed-in user)."""

    title: str
    factory: PageFactory
    permission: Permission | None
    group: str
    key: int | None = None  # the digit Alt opens it with (rows_for numbers the rows)


def _title(marked: object) -> str:
    # QT_TRANSLATE_NOOP marks the text for lupdate and returns it; its stub says object.
    return str(marked)


def _no_clock(page: Callable[[Desk, TaskRunner], Page]) -> PageFactory:
    """The factory of a page that reads no clock."""
    return lambda desk, runner, _clock: page(desk, runner)


# The trades the manager's side list groups the pages by (issue 34), in its order.
COUNTER = _title(QT_TRANSLATE_NOOP("MainWindow", "Касса и ставки"))
ACCOUNTS = _title(QT_TRANSLATE_NOOP("MainWindow", "Счета игроков"))
# The trading desk: the line, its results and its risks (issue 38), under one heading.
LINE = _title(QT_TRANSLATE_NOOP("MainWindow", "Линия и риски"))
JOURNAL = _title(QT_TRANSLATE_NOOP("MainWindow", "Журнал и отчёты"))
PEOPLE = _title(QT_TRANSLATE_NOOP("MainWindow", "Люди и настройки"))
# The boards without a slot, after the cashier's pages (issue 36).
GAMES = _title(QT_TRANSLATE_NOOP("MainWindow", "Игры"))

# fmt: off
PAGES: tuple[PageRow, ...] = (
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Ставки")), BettingPage, Permission.ACCEPT_BETS,
            COUNTER),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Линия")), _no_clock(LinePage),
            Permission.VIEW_LINE, COUNTER),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Отмены")), _no_clock(CancellationsPage),
            Permission.CANCEL_IN_WINDOW, COUNTER),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Выплаты")), PayoutsPage, Permission.PAY_OUT,
            COUNTER),
    # Every user's own shift and cash.
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Касса")), _no_clock(TillPage), None, COUNTER),
    # Alt+7 for everyone (issue 19).
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Спрэдбет")), SpreadPage,
            Permission.SPREAD_BETS, ACCOUNTS),
    # Bets between players on the line (issue 20): Alt+8, the cashier's last; the manager's
    # pages follow (Alt+9 «Результаты», then Ctrl+Tab or the side list, issue 34).
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Спрэдбетэкс")), ExchangePage,
            Permission.EXCHANGE, ACCOUNTS),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Результаты")), ResultsPage,
            Permission.RECORD_RESULTS, LINE),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Редактор линии")), _no_clock(LineEditorPage),
            Permission.EDIT_LINE, LINE),
    # The risk desk (issue 38): big stakes referred by the cashiers, and the liability board.
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Крупные ставки")), ReferralsPage,
            Permission.RISK, LINE),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Обязательства")), LiabilityPage,
            Permission.RISK, LINE),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Журнал")), JournalPage,
            Permission.VIEW_JOURNAL, JOURNAL),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Отчёты")), ReportsPage, Permission.REPORTS,
            JOURNAL),
    # Players' claims and the manager's decisions (issue 37, p.14–p.16).
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Претензии")), ClaimsPage, Permission.CLAIMS,
            JOURNAL),
    # Remote coupons registered and paid where their stakes came from (issue 37, p.17).
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Купоны")), CouponsPage, Permission.TRANSFERS,
            JOURNAL),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Пользователи")), _no_clock(UsersPage),
            Permission.USERS, PEOPLE),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Пункты")), _no_clock(OfficesPage),
            Permission.OFFICES, PEOPLE),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Настройки")), _no_clock(SettingsPage),
            Permission.SETTINGS, PEOPLE),
    # The conditions of accepting bets (issue 37, p.6): everyone's, after the cashier's keys.
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Условия")), _no_clock(ConditionsPage), None,
            PEOPLE),
    # The link to the state's controller and its refusals after the fact (issue 35).
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "СККС")), SkksPage, Permission.SETTINGS,
            PEOPLE),
)
# fmt: on

# Alt+3 has opened a draw game's board since issue 8: the slot is held whether a board fills
# it or not, so that every other page keeps its key in every shop and window (issue 36).
HELD_SLOTS = (2,)
# A board without a slot goes after the cashier's last page («Спрэдбетэкс»): Alt+1…8 never move.
_AFTER_CASHIER = 1 + max(at for at, row in enumerate(PAGES) if row.group in (COUNTER, ACCOUNTS))


def rows_for(desk: Desk, boards: Sequence[GameUi] | None = None) -> list[PageRow]:
    """The rows of `PAGES` the desk's role may open and the boards of the games the shop sells
    (`boards`, else ui.games' installed ones), in navigation order, each with its Alt key.

    A board goes at its slot, one without after the cashier's last page («Спрэдбетэкс»). A slot
    is held when no board shown fills it, so that no other page's key moves (issue 36).
    """
    rows = []
    for position, row in enumerate(_places(desk, boards_installed() if boards is None else boards)):
        if row is not None:
            rows.append(row._replace(key=position + 1 if position < NUMBERED_TABS else None))
    return rows


def _places(desk: Desk, boards: Sequence[GameUi]) -> list[PageRow | None]:
    """The pages in navigation order, None where a slot is held for a board not shown."""
    places: list[PageRow | GameUi | None] = list(PAGES)
    places[_AFTER_CASHIER:_AFTER_CASHIER] = [board for board in boards if board.slot is None]
    for slot in sorted({*HELD_SLOTS, *(board.slot for board in boards if board.slot is not None)}):
        filling: list[GameUi | None] = [board for board in boards if board.slot == slot]
        places[slot:slot] = filling or [None]
    kept: list[PageRow | None] = []
    for place in places:
        if isinstance(place, GameUi):
            if games_sold().by_key(place.game_key) is not None and _may(desk, place.permission):
                kept.append(_board_row(place))
            elif place.slot is not None:
                kept.append(None)
        elif place is None or _may(desk, place.permission):
            kept.append(place)
    return kept


def _may(desk: Desk, permission: Permission | None) -> bool:
    return permission is None or desk.may(permission)


def _board_row(board: GameUi) -> PageRow:
    return PageRow(
        board.title, board.factory, board.permission, GAMES if board.slot is None else COUNTER
    )


def page_of(pages: Sequence[QWidget], kind: type[P]) -> P | None:
    """The first of `pages` that is a `kind` (None when the user has no such page)."""
    return next((page for page in pages if isinstance(page, kind)), None)
