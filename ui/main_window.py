"""The main window: a shell holding the sign-in page, then the signed-in user's workspace."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QTabBar,
    QWidget,
)

from pos.core.clock import ZonedLogFormatter
from pos.errors import PosError
from ui.app import APP_NAME, ORGANIZATION
from ui.connection import ShopConnection
from ui.errors import ERROR_COLOUR
from ui.idle import ScreenLock
from ui.pages.login import LoginPage, SignInScreen
from ui.skks_link import SkksLink
from ui.tasks import TaskRunner
from ui.widgets.elided_label import ElidedLabel

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pos.core.settings import ShopSettings
    from pos.shop.desk import Desk
    from pos.till.shift_use_cases import ShiftStatus
    from pos.till.shifts import Shift
    from ui.games import GameUi
    from ui.pages.betting import BettingPage
    from ui.pages.till import TillPage
    from ui.workspace_pages import Page

GEOMETRY_KEY = "main_window/geometry"
DEFAULT_SIZE = (1280, 800)
_CLOCK_INTERVAL_MS = 1000


class MainWindow(QMainWindow):
    """Sign-in page first; after sign-in, navigation to the pages the user's role may use.

    Signed in, the window locks itself after `idle_lock_minutes` (a shop setting) without
    keyboard or mouse input, until the user's PIN is typed again (issue #7, ui.idle);
    `idle_lock_ms` overrides the setting (tests). `boards`: the games' boards (ui.games, given
    by ui.start from main.py; None: ui.games' installed ones), listed if the shop sells them.
    """

    first_shown = Signal()
    first_ready = Signal()  # the sign-in page lists the users: the terminal is ready for work
    open_failed = Signal(object)  # the shop could not be opened; the app ends after saying why

    def __init__(
        self,
        connection: ShopConnection,
        task_runner: TaskRunner,
        parent: QWidget | None = None,
        *,
        ui_state: QSettings | None = None,
        idle_lock_ms: int | None = None,
        boards: Sequence[GameUi] | None = None,
    ) -> None:
        super().__init__(parent)
        self._connection, self._boards = connection, boards
        self._runner = task_runner
        self._ui_state = ui_state if ui_state is not None else QSettings(ORGANIZATION, APP_NAME)
        self._desk: Desk | None = None
        self._settings: ShopSettings | None = None  # the shop's (till then the log's zone)
        self._workspace: QWidget | None = None
        self._pages: list[Page] = []
        self._titles: list[str] = []
        self._navigation: QTabBar | None = None
        self._till: TillPage | None = None
        self._shift: Shift | None = None  # this terminal's, as the till page last read it
        self._shown = False

        self._stack = QStackedWidget()
        self._stack.setObjectName("pages")
        self._login = LoginPage(connection, task_runner)
        self._login.signed_in.connect(self._on_login_signed_in)
        self._login.shop_loaded.connect(self._on_login_shop_loaded)
        self._login.users_listed.connect(self._on_login_users_listed)
        self._login.open_failed.connect(self.open_failed)
        self._stack.addWidget(self._login)
        self._screen_lock = ScreenLock(self._stack, task_runner, self, idle_lock_ms=idle_lock_ms)
        self._screen_lock.sign_out_requested.connect(self.sign_out)
        self.setCentralWidget(self._stack)
        self._build_status_bar()
        self._build_sign_out_action()

        self._clock_timer = QTimer(self)
        self._clock_timer.setInterval(_CLOCK_INTERVAL_MS)
        self._clock_timer.timeout.connect(self._on_clock_timer_timeout)
        self._clock_timer.start()
        self._on_clock_timer_timeout()
        self._show_signed_in_user()
        self._update_title()
        self._restore_geometry()
        self._ready = False

    @property
    def desk(self) -> Desk | None:
        """The signed-in session, or None on the sign-in page."""
        return self._desk

    @property
    def locked(self) -> bool:
        """True while the lock screen hides the workspace."""
        return self._screen_lock.locked

    @property
    def screen_lock(self) -> ScreenLock:
        """The idle lock (its `idle_lock_ms` overrides the shop's setting in tests)."""
        return self._screen_lock

    def page_titles(self) -> list[str]:
        """The names of the pages the signed-in user may open, in navigation order (empty
        when signed out); the first nine tabs show their Alt key's number before the name."""
        return list(self._titles)

    def sign_out(self) -> None:
        """Record the sign-out and return to the sign-in page."""
        desk = self._desk
        if desk is None or self._workspace is None:
            return
        # Nothing more may be started in the workspace that is about to go away.
        self._screen_lock.release()
        self._workspace.setEnabled(False)
        self._sign_out_action.setEnabled(False)
        self._runner.run(
            desk.sign_out,
            on_success=lambda _none: self._show_login(None),
            on_failure=self._show_login,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        bar.setSizeGripEnabled(False)
        self._terminal_label = QLabel(
            self.tr("Терминал {terminal}").format(terminal=self._connection.terminal)
        )
        self._user_label = QLabel()
        self._user_label.setObjectName("status_user")
        # A long path is cut short in its middle, not the window made wider (issue 16).
        self._database_label = ElidedLabel(
            self.tr("База: подключение…"), mode=Qt.TextElideMode.ElideMiddle
        )
        self._clock_label = QLabel()
        self._clock_label.setObjectName("status_clock")
        # From an hour before the shift's 24 hours run out (issue 16), on every page.
        self._shift_label = QLabel()
        self._shift_label.setObjectName("status_shift")
        self._shift_label.setStyleSheet(f"color: {ERROR_COLOUR}; font-weight: bold;")
        self._shift_label.hide()
        bar.addWidget(self._terminal_label)
        bar.addWidget(self._user_label)
        bar.addWidget(self._shift_label)
        self._skks = SkksLink(self._connection, bar, self, self._runner)  # issue 35
        bar.addPermanentWidget(self._database_label)
        bar.addPermanentWidget(self._clock_label)

    def _build_sign_out_action(self) -> None:
        self._sign_out_action = QAction(self.tr("Выйти"), self)
        self._sign_out_action.setObjectName("sign_out_action")
        self._sign_out_action.setShortcuts(
            [QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_Q), QKeySequence(Qt.Key.Key_F12)]
        )
        self._sign_out_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self._sign_out_action.setEnabled(False)
        self._sign_out_action.triggered.connect(self._on_sign_out_action_triggered)
        self.addAction(self._sign_out_action)

    def _build_workspace(self, desk: Desk) -> QWidget:
        # The pages are loaded at the first sign-in, not before the window is first shown.
        from ui.exchange_lapse import OfferLapses  # noqa: PLC0415
        from ui.navigation import WorkspaceFrame, add_page_keys, page_tabs  # noqa: PLC0415
        from ui.register_notice import RegisterNotice  # noqa: PLC0415
        from ui.workspace_pages import rows_for  # noqa: PLC0415

        rows = rows_for(desk, self._boards)
        self._pages = [row.factory(desk, self._runner, self._connection.clock) for row in rows]
        self._titles = [self.tr(row.title) for row in rows]
        self._connect_pages()
        pages = QStackedWidget()
        pages.setObjectName("workspace_pages")
        for page in self._pages:
            pages.addWidget(page)
        keys = [row.key for row in rows]
        navigation = page_tabs(self._titles, [self.tr(row.group) for row in rows], keys)
        navigation.currentChanged.connect(pages.setCurrentIndex)
        navigation.currentChanged.connect(self._on_navigation_current_changed)
        self._navigation = navigation

        workspace = WorkspaceFrame(navigation, pages, self._sign_out_button())
        add_page_keys(workspace, navigation, keys)
        OfferLapses(desk, self._runner, workspace)  # p.46, on every page: ui.exchange_lapse
        RegisterNotice(desk, self._runner, self.statusBar(), workspace)  # issue 35
        return workspace

    def _connect_pages(self) -> None:
        """The few pages that answer one another, each wired only if the user has it."""
        # Loaded by now, with the table (_build_workspace).
        from ui.games import BoardPage  # noqa: PLC0415
        from ui.pages.betting import BettingPage  # noqa: PLC0415
        from ui.pages.journal import JournalPage  # noqa: PLC0415
        from ui.pages.reports import ReportsPage  # noqa: PLC0415
        from ui.pages.settings import SettingsPage  # noqa: PLC0415
        from ui.pages.skks import SkksPage  # noqa: PLC0415
        from ui.pages.till import TillPage  # noqa: PLC0415
        from ui.pdf_print import SaveFolder  # noqa: PLC0415
        from ui.workspace_pages import page_of  # noqa: PLC0415

        betting = page_of(self._pages, BettingPage)
        settings_page = page_of(self._pages, SettingsPage)
        self._till = page_of(self._pages, TillPage)
        journal = page_of(self._pages, JournalPage)
        # The last folder saved in, kept with the window's UI state (issue 34).
        for saving in (journal, page_of(self._pages, ReportsPage)):
            if saving is not None:
                saving.save_folder = SaveFolder(self._ui_state)
        if betting is not None:
            # A failed bet may leave a slip waiting or a receipt unprinted: the till shows it.
            betting.till_changed.connect(self._on_betting_till_changed)
            for board in (page for page in self._pages if isinstance(page, BoardPage)):
                board.pick_wanted.connect(partial(self._on_board_pick_wanted, betting))
        if self._till is not None:
            self._till.pending_found.connect(self._on_till_pending_found)
            self._till.shift_loaded.connect(self._on_till_shift_loaded)
        for saving_settings in (settings_page, page_of(self._pages, SkksPage)):
            if saving_settings is not None:
                saving_settings.settings_saved.connect(self._on_settings_page_settings_saved)

    def _sign_out_button(self) -> QPushButton:
        sign_out = QPushButton(self.tr("Выйти (F12)"))
        sign_out.setObjectName("sign_out")
        sign_out.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        sign_out.clicked.connect(self._sign_out_action.trigger)
        return sign_out

    # --- slots --------------------------------------------------------------------------

    def _on_login_signed_in(self, desk: Desk) -> None:
        self._desk = desk
        self._workspace = self._build_workspace(desk)
        self._stack.addWidget(self._workspace)
        self._stack.setCurrentWidget(self._workspace)
        self._sign_out_action.setEnabled(True)
        self._show_signed_in_user()
        self._pages[0].refresh()
        self._pages[0].setFocus()
        # The idle time is the setting the sign-in page has just loaded (or a saved one).
        self._screen_lock.guard(desk, self._workspace, self._user_label.text())
        if self._till is not None:
            # A slip or a payout's receipt printed before a crash, or a receipt whose print
            # broke midway, waits for an answer: the till page asks it.
            self._till.refresh(reveal=True)

    def _on_login_shop_loaded(self, screen: SignInScreen) -> None:
        self._database_label.setText(self.tr("База: {where}").format(where=screen.description))
        self._apply_shop_settings(screen.settings)

    def _on_login_users_listed(self) -> None:
        if not self._ready:
            self._ready = True
            self.first_ready.emit()

    def _on_settings_page_settings_saved(self, settings: ShopSettings) -> None:
        self._apply_shop_settings(settings)

    def _on_betting_till_changed(self) -> None:
        if self._till is not None:
            self._till.refresh(reveal=True)

    def _on_till_pending_found(self) -> None:
        till = self._till
        if self._navigation is not None and till is not None:
            self._navigation.setCurrentIndex(self._pages.index(till))

    def _on_board_pick_wanted(self, betting: BettingPage, pick: str) -> None:
        """A pick chosen on a game's board goes onto the slip of the betting page."""
        if self._navigation is not None:
            self._navigation.setCurrentIndex(self._pages.index(betting))
        betting.editor.add_pick(pick)

    def _on_navigation_current_changed(self, index: int) -> None:
        if 0 <= index < len(self._pages):
            from ui.navigation import focus_first_field  # noqa: PLC0415 - loaded by now

            page = self._pages[index]
            page.refresh()
            focus_first_field(page)

    def _on_sign_out_action_triggered(self) -> None:
        self.sign_out()

    def _on_till_shift_loaded(self, status: ShiftStatus | None) -> None:
        self._shift = status.shift if status is not None else None
        self._show_shift_notice()

    def _on_clock_timer_timeout(self) -> None:
        zone = ZonedLogFormatter.zone if self._settings is None else self._settings.zone
        text = self._connection.clock.now().astimezone(zone).strftime("%H:%M")
        if text != self._clock_label.text():
            self._clock_label.setText(text)
        self._show_shift_notice()

    # --- results and state --------------------------------------------------------------

    def _show_shift_notice(self) -> None:
        """The shift's end, as pos words it, while the notice holds (counting down)."""
        notice = None
        if self._shift is not None:  # signed in: the till page has loaded it (issue 34)
            from pos.till.shifts import shift_end_notice  # noqa: PLC0415

            notice = shift_end_notice(self._shift, self._connection.clock.now())
        text = notice.words() if notice is not None else ""
        if text != self._shift_label.text():
            self._shift_label.setText(text)
        self._shift_label.setVisible(notice is not None)

    def _show_login(self, failure: PosError | None) -> None:
        """Back to the sign-in page; a failed sign-out record is shown there, not hidden."""
        workspace, self._workspace, self._desk = self._workspace, None, None
        self._pages, self._titles, self._navigation, self._till = [], [], None, None
        self._shift = None
        self._show_shift_notice()
        self._stack.setCurrentWidget(self._login)
        if workspace is not None:
            self._stack.removeWidget(workspace)
            workspace.deleteLater()
        self._sign_out_action.setEnabled(False)
        self._screen_lock.release()
        self._show_signed_in_user()
        self._login.reset(failure)

    def _apply_shop_settings(self, settings: ShopSettings) -> None:
        self._settings = settings
        self._screen_lock.set_idle_minutes(settings.idle_lock_minutes)
        self._skks.apply_settings(settings)
        self._update_title()
        self._on_clock_timer_timeout()

    def _update_title(self) -> None:
        if self._settings is None:
            title, shop = self.tr("{app} — терминал {terminal}"), ""
        else:
            title, shop = self.tr("{app} — {shop}, терминал {terminal}"), self._settings.shop_name
        terminal = self._connection.terminal
        self.setWindowTitle(title.format(app=APP_NAME, shop=shop, terminal=terminal))

    def _show_signed_in_user(self) -> None:
        if self._desk is None:
            self._user_label.setText(self.tr("Вход не выполнен"))
        else:
            where = f", {self._desk.office}" if self._desk.in_chain else ""
            self._user_label.setText(f"{self._desk.login} — {self._role_name(self._desk)}{where}")

    def _role_name(self, desk: Desk) -> str:
        if desk.role == "head":  # pos.people.users.Role.HEAD, not loaded before the first paint
            return self.tr("Руководитель сети")
        return self.tr("Менеджер") if desk.is_manager else self.tr("Кассир")

    # --- Qt overrides and UI state ------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            self.first_shown.emit()
            # Opening the database starts once the window is painted, so the worker's
            # imports and connection do not hold up the first paint.
            # With the page as context, the call is dropped if the window is gone by then.
            QTimer.singleShot(0, self._login, self._login.refresh)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self._ui_state.setValue(GEOMETRY_KEY, self.saveGeometry())
        self._ui_state.sync()
        self._screen_lock.release()
        self._skks.stop()
        if self._desk is not None:
            # Finished by TaskRunner.shutdown at exit; a refusal is logged by the runner, and
            # no dialog may open on a window that is closing.
            self._runner.run(self._desk.sign_out, on_failure=lambda _exc: None)
            self._desk = None
        super().closeEvent(event)

    def _restore_geometry(self) -> None:
        saved = self._ui_state.value(GEOMETRY_KEY)
        if not (isinstance(saved, QByteArray) and self.restoreGeometry(saved)):
            self.resize(*DEFAULT_SIZE)
