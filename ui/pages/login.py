"""The sign-in page: pick a user, type the PIN on the keyboard or the touch keypad."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRegularExpression, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QButtonGroup,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from pos.core.terminal import RememberedSignIn
from pos.errors import PosError
from ui.connection import ShopConnection
from ui.errors import MessageLabel
from ui.tasks import TaskRunner

if TYPE_CHECKING:
    from pos.core.settings import ShopSettings
    from pos.shop.desk import Desk

_MAX_PIN_DIGITS = 8
# Keys that move through the user list while the PIN field keeps the focus.
_LIST_KEYS = frozenset(
    {
        Qt.Key.Key_Up,
        Qt.Key.Key_Down,
        Qt.Key.Key_PageUp,
        Qt.Key.Key_PageDown,
        Qt.Key.Key_Home,
        Qt.Key.Key_End,
    }
)


@dataclass(frozen=True)
class SignInScreen:
    """What the sign-in page shows: the shop, who may sign in, and where the data lives."""

    settings: ShopSettings
    logins: list[str]
    description: str


def _load_screen(connection: ShopConnection) -> SignInScreen:
    shop = connection.open()
    screen = SignInScreen(shop.settings(), shop.user_logins(), shop.description)
    connection.remember(RememberedSignIn(screen.settings.shop_name, tuple(screen.logins)))
    return screen


class LoginPage(QWidget):
    """Users on the left, PIN and keypad on the right; emits `signed_in(Desk)`.

    Keyboard: ↑/↓ (or the first letters of a login) choose the user, digits type the PIN,
    Enter signs in, Esc clears the PIN. The focus stays in the PIN field throughout.
    """

    signed_in = Signal(object)
    shop_loaded = Signal(object)
    # The users are listed: the ones the last start remembered, or the database's.
    users_listed = Signal()
    # The database could not be opened at all: nobody can sign in (the window decides).
    open_failed = Signal(object)

    def __init__(
        self, connection: ShopConnection, runner: TaskRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("login")
        self._connection = connection
        self._runner = runner
        self._last_login = ""
        # The remembered list is shown while the database opens: the cashier may pick a user
        # and type the PIN meanwhile; Enter then waits for the database (issue 16).
        self._early = False
        self._signing_in = False
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)
        self._update_enabled()

    # --- public -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Reload the shop name and the users in the background (at start and after sign-out)."""
        connection = self._connection
        if not connection.is_open:
            self._message.show_progress(self.tr("Подключение к базе данных…"))
            remembered = connection.remembered()
            if remembered is not None:
                self._show_remembered(remembered)
        self._runner.run(
            lambda: _load_screen(connection),
            on_success=self._show_screen,
            on_failure=self._screen_not_loaded,
            owner=self,
        )

    def reset(self, message: PosError | None = None) -> None:
        """Back to an empty PIN, optionally showing why (e.g. a failed sign-out)."""
        self._pin.clear()
        if message is None:
            self._message.clear_message()
        else:
            self._message.show_error(message)
        self._pin.setFocus()
        self.refresh()

    def logins(self) -> list[str]:
        """The logins in the list, in order."""
        return [self._users.item(row).text() for row in range(self._users.count())]

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._shop_name = QLabel()
        self._shop_name.setProperty("heading", "1")
        self._shop_name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._terminal = QLabel(
            self.tr("Терминал {terminal}").format(terminal=self._connection.terminal)
        )
        self._terminal.setProperty("muted", "true")
        self._terminal.setAlignment(Qt.AlignmentFlag.AlignCenter)

        card = QFrame()
        card.setObjectName("card")
        card.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)
        row = QHBoxLayout(card)
        row.setContentsMargins(28, 20, 28, 20)
        row.setSpacing(32)
        row.addLayout(self._build_users(), 1)
        row.addLayout(self._build_pin(), 0)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 8, 16, 8)  # all of it within 1024×700 (issue 16)
        layout.addStretch(1)
        layout.addWidget(self._shop_name)
        layout.addWidget(self._terminal)
        layout.addSpacing(12)
        layout.addWidget(card, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)

    def _build_users(self) -> QVBoxLayout:
        caption = QLabel(self.tr("Пользователь"))
        caption.setProperty("heading", "2")
        self._users = QListWidget()
        self._users.setObjectName("users")
        self._users.setMinimumWidth(300)
        self._users.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._users.installEventFilter(self)
        self._users.currentRowChanged.connect(self._on_users_current_row_changed)
        column = QVBoxLayout()
        column.addWidget(caption)
        column.addWidget(self._users, 1)
        return column

    def _build_pin(self) -> QVBoxLayout:
        caption = QLabel(self.tr("PIN-код"))
        caption.setProperty("heading", "2")
        self._pin = QLineEdit()
        self._pin.setObjectName("pin")
        self._pin.setEchoMode(QLineEdit.EchoMode.Password)
        self._pin.setMaxLength(_MAX_PIN_DIGITS)
        self._pin.setValidator(
            QRegularExpressionValidator(QRegularExpression(f"[0-9]{{0,{_MAX_PIN_DIGITS}}}"))
        )
        self._pin.setPlaceholderText(self.tr("Введите PIN"))
        self._pin.installEventFilter(self)
        self._pin.textChanged.connect(self._on_pin_text_changed)
        self._pin.returnPressed.connect(self._on_pin_return_pressed)

        self._message = MessageLabel()
        self._message.setObjectName("login_message")
        self._message.setFixedWidth(3 * 96 + 2 * 8)
        # Room for the longest refusal (the lock-out), so that the keypad never moves
        # under the cashier's finger when a message appears.
        self._message.setFixedHeight(self._message.fontMetrics().lineSpacing() * 4 + 4)

        column = QVBoxLayout()
        column.setSpacing(8)
        column.addWidget(caption)
        column.addWidget(self._pin)
        column.addWidget(self._message)
        column.addLayout(self._build_keypad())
        return column

    def _build_keypad(self) -> QGridLayout:
        grid = QGridLayout()
        grid.setSpacing(8)
        self._digits = QButtonGroup(self)
        for digit in range(10):
            button = self._keypad_button(str(digit), f"digit_{digit}")
            button.setProperty("keypad", "true")
            self._digits.addButton(button, digit)
            row, col = ((digit - 1) // 3, (digit - 1) % 3) if digit else (3, 1)
            grid.addWidget(button, row, col)
        self._digits.idClicked.connect(self._on_digits_id_clicked)

        self._backspace = self._keypad_button("⌫", "backspace")
        self._backspace.setProperty("keypad", "true")
        self._backspace.setToolTip(self.tr("Стереть последнюю цифру"))
        self._backspace.clicked.connect(self._on_backspace_clicked)
        self._clear = self._keypad_button(self.tr("Очистить"), "clear")
        self._clear.setProperty("keypad_text", "true")
        self._clear.clicked.connect(self._on_clear_clicked)
        grid.addWidget(self._backspace, 3, 0)
        grid.addWidget(self._clear, 3, 2)

        self._sign_in = self._keypad_button(self.tr("Войти"), "sign_in")
        self._sign_in.setProperty("primary", "true")
        self._sign_in.setProperty("keypad_text", "true")
        self._sign_in.clicked.connect(self._on_sign_in_clicked)
        grid.addWidget(self._sign_in, 4, 0, 1, 3)
        return grid

    def _keypad_button(self, text: str, name: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        # Touching the keypad must not take the focus (and the typed PIN) from the PIN field.
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        return button

    # --- keyboard -----------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if watched is self._pin:
                return self._pin_key_pressed(event)
            if watched is self._users:
                return self._users_key_pressed(event)
        return super().eventFilter(watched, event)

    def _pin_key_pressed(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self._on_clear_clicked()
            return True
        if event.key() in _LIST_KEYS:
            QApplication.sendEvent(self._users, event)
            return True
        text = event.text()
        if text.isalpha():
            self._users.keyboardSearch(text)
            return True
        return False

    def _users_key_pressed(self, event: QKeyEvent) -> bool:
        # Digits, Enter and Esc typed while the list has the focus belong to the PIN field.
        forwarded = event.text().isdigit() or event.key() in (
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
            Qt.Key.Key_Escape,
        )
        if forwarded:
            self._pin.setFocus()
            QApplication.sendEvent(self._pin, event)
        return forwarded

    # --- slots --------------------------------------------------------------------------

    def _on_digits_id_clicked(self, digit: int) -> None:
        self._pin.insert(str(digit))
        self._pin.setFocus()

    def _on_backspace_clicked(self) -> None:
        self._pin.backspace()
        self._pin.setFocus()

    def _on_clear_clicked(self) -> None:
        self._pin.clear()
        self._message.clear_message()
        self._pin.setFocus()

    def _on_pin_text_changed(self, _text: str) -> None:
        self._update_enabled()

    def _on_users_current_row_changed(self, _row: int) -> None:
        self._pin.clear()
        self._message.clear_message()
        self._update_enabled()

    def _on_pin_return_pressed(self) -> None:
        if self._sign_in.isEnabled():
            self._on_sign_in_clicked()

    def _on_sign_in_clicked(self) -> None:
        item = self._users.currentItem()
        if item is None or not self._pin.text() or self._blocked():
            return
        login, pin, connection = item.text(), self._pin.text(), self._connection
        self._signing_in = True
        self._message.show_progress(self.tr("Проверка PIN…"))
        self._runner.run(
            lambda: connection.open().login(login, pin),
            on_success=self._signed_in,
            on_failure=self._sign_in_refused,
            owner=self,
        )
        self._update_enabled()  # queued behind the database's opening: wait for it

    def _on_runner_busy_changed(self, _busy: bool) -> None:
        self._update_enabled()

    # --- results ------------------------------------------------------------------------

    def _show_remembered(self, remembered: RememberedSignIn) -> None:
        self._early = True
        self._shop_name.setText(remembered.shop_name)
        self._list_users(list(remembered.logins))

    def _show_screen(self, screen: SignInScreen) -> None:
        self._early = False
        self._shop_name.setText(screen.settings.shop_name)
        if self._message.kind == "progress" and not self._signing_in:
            self._message.clear_message()
        self._list_users(screen.logins)
        self.shop_loaded.emit(screen)

    def _list_users(self, logins: list[str]) -> None:
        wanted = self._users.currentItem().text() if self._users.currentItem() else ""
        wanted = wanted or self._last_login
        rows = [row for row, login in enumerate(logins) if login == wanted]
        # Signals blocked: refilling the list is not the cashier choosing another user,
        # so a message shown by reset() and a PIN being typed stay.
        self._users.blockSignals(True)
        self._users.clear()
        self._users.addItems(logins)
        self._users.setCurrentRow(rows[0] if rows else 0)
        self._users.blockSignals(False)
        self._update_enabled()
        self._pin.setFocus()
        self.users_listed.emit()

    def _screen_not_loaded(self, exc: PosError) -> None:
        self._early = False
        self._message.show_error(exc)
        if not self._connection.is_open:
            self.open_failed.emit(exc)
        self._update_enabled()

    def _signed_in(self, desk: Desk) -> None:
        self._signing_in = False
        self._last_login = desk.login
        self._pin.clear()
        self._message.clear_message()
        self.signed_in.emit(desk)

    def _sign_in_refused(self, exc: PosError) -> None:
        self._signing_in = False
        self._pin.clear()
        self._message.show_error(exc)
        self._pin.setFocus()

    def _blocked(self) -> bool:
        """The cashier must wait: a sign-in is being checked, or the database is being
        opened with no remembered list of users on screen."""
        return self._runner.busy and (self._signing_in or not self._early)

    def _update_enabled(self) -> None:
        busy = self._blocked()
        has_user = self._users.currentItem() is not None
        for widget in (self._users, self._pin, self._clear, self._backspace):
            widget.setEnabled(not busy)
        for button in self._digits.buttons():
            button.setEnabled(not busy)
        self._sign_in.setEnabled(not busy and has_user and bool(self._pin.text()))
