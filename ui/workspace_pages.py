"""The workspace's pages as one table: each page's title, how it is made, who may open it, and
the trade it is listed under in the manager's side list (issue 34).

The main window builds its navigation from `PAGES` in this order (Alt+1…9 follow it), keeping the
rows whose permission the signed-in user's role has (pos.people.permissions). This module imports
every page, so the window imports it at the first sign-in, not before it is first shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeAlias, TypeVar

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QWidget

from pos.core.clock import Clock
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from ui.pages.betting import BettingPage
from ui.pages.cancellations import CancellationsPage
from ui.pages.draws import DrawsPage
from ui.pages.exchange import ExchangePage
from ui.pages.journal import JournalPage
from ui.pages.line import LinePage
from ui.pages.line_editor import LineEditorPage
from ui.pages.offices import OfficesPage
from ui.pages.payouts import PayoutsPage
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
    | DrawsPage
    | CancellationsPage
    | PayoutsPage
    | TillPage
    | SpreadPage
    | ExchangePage
    | ResultsPage
    | JournalPage
    | ReportsPage
    | LineEditorPage
    | UsersPage
    | OfficesPage
    | SettingsPage
    | SkksPage
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


def _title(marked: object) -> str:
    # QT_TRANSLATE_NOOP marks the text for lupdate and returns it; its stub says object.
    return str(marked)


def _no_clock(page: Callable[[Desk, TaskRunner], Page]) -> PageFactory:
    """The factory of a page that reads no clock."""
    return lambda desk, runner, _clock: page(desk, runner)


# The trades the manager's side list groups the pages by (issue 34), in its order.
COUNTER = _title(QT_TRANSLATE_NOOP("MainWindow", "Касса и ставки"))
ACCOUNTS = _title(QT_TRANSLATE_NOOP("MainWindow", "Счета игроков"))
LINE = _title(QT_TRANSLATE_NOOP("MainWindow", "Линия и результаты"))
JOURNAL = _title(QT_TRANSLATE_NOOP("MainWindow", "Журнал и отчёты"))
PEOPLE = _title(QT_TRANSLATE_NOOP("MainWindow", "Люди и настройки"))

# fmt: off
PAGES: tuple[PageRow, ...] = (
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Ставки")), BettingPage, Permission.ACCEPT_BETS,
            COUNTER),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Линия")), _no_clock(LinePage),
            Permission.VIEW_LINE, COUNTER),
    # Everyone sells the hands; entering the cards inside the page is the manager's (DRAWS).
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Покер")), DrawsPage, None, COUNTER),
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
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Журнал")), JournalPage,
            Permission.VIEW_JOURNAL, JOURNAL),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Отчёты")), ReportsPage, Permission.REPORTS,
            JOURNAL),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Пользователи")), _no_clock(UsersPage),
            Permission.USERS, PEOPLE),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Пункты")), _no_clock(OfficesPage),
            Permission.OFFICES, PEOPLE),
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "Настройки")), _no_clock(SettingsPage),
            Permission.SETTINGS, PEOPLE),
    # The link to the state's controller and its refusals after the fact (issue 35).
    PageRow(_title(QT_TRANSLATE_NOOP("MainWindow", "СККС")), SkksPage, Permission.SETTINGS,
            PEOPLE),
)
# fmt: on


def rows_for(desk: Desk) -> list[PageRow]:
    """The rows of `PAGES` the desk's role may open, in navigation order."""
    return [row for row in PAGES if row.permission is None or desk.may(row.permission)]


def page_of(pages: Sequence[QWidget], kind: type[P]) -> P | None:
    """The first of `pages` that is a `kind` (None when the user has no such page)."""
    return next((page for page in pages if isinstance(page, kind)), None)
