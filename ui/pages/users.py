"""The users page (managers): who may sign in, who is locked out, adding a user, and the name
they sign the journal with, which their papers print (issue 34)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QBrush, QColor, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos.errors import PosError
from pos.people.permissions import Permission
from pos.people.use_cases import UserInfo
from pos.people.users import Role
from pos.shop.desk import Desk
from ui.errors import ERROR_COLOUR, MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.tables import read_only_rows

LOGIN, NAME, ROLE, STATE = range(4)
_LOCKED_ROLE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class UserRow:
    """A user as the page shows them: the lock end in shop time, or None when not locked;
    `locked_for_good` when the lock has no end (the third in a row) and waits for an unlock."""

    login: str
    role: Role
    locked_until: datetime | None
    locked_for_good: bool = False
    full_name: str = ""

    @property
    def locked(self) -> bool:
        """True while the user cannot sign in: the unlock button is for them."""
        return self.locked_for_good or self.locked_until is not None


def _user_rows(desk: Desk) -> list[UserRow]:
    # Runs on the worker; desk.users() reports only locks still in force.
    zone = desk.settings().zone
    return [_row(user, zone) for user in desk.users()]


def _row(user: UserInfo, zone: ZoneInfo) -> UserRow:
    until = user.locked_until.astimezone(zone) if user.locked_until else None
    return UserRow(user.login, user.role, until, user.locked_for_good, user.full_name)


class UsersPage(QWidget):
    """The list of users with their lock state and name, an unlock button, the selected user's
    name to change and a small add-user form."""

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    def refresh(self) -> None:
        """Reload the users in the background."""
        desk = self._desk
        self._runner.run(
            lambda: _user_rows(desk),
            on_success=self._show_users,
            on_failure=self._message.show_error,
            owner=self,
        )

    def role_name(self, role: Role) -> str:
        """The role as the shop calls it."""
        names = {
            Role.CASHIER: self.tr("Кассир"),
            Role.MANAGER: self.tr("Менеджер"),
            Role.HEAD: self.tr("Руководитель сети"),
        }
        return names[role]

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._table = QTableWidget(0, 4)
        self._table.setObjectName("users_table")
        self._table.setHorizontalHeaderLabels(
            [self.tr("Пользователь"), self.tr("ФИО"), self.tr("Роль"), self.tr("Состояние")]
        )
        header = read_only_rows(self._table)
        self._table.verticalHeader().setDefaultSectionSize(44)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._table.itemSelectionChanged.connect(self._on_table_item_selection_changed)

        self._unlock_button = QPushButton(self.tr("Разблокировать"))
        self._unlock_button.setObjectName("unlock")
        self._unlock_button.setEnabled(False)
        self._unlock_button.clicked.connect(self._on_unlock_button_clicked)
        naming = QHBoxLayout()  # a line of its own: beside «Разблокировать» it widened the page
        self._build_rename(naming)
        below = QHBoxLayout()
        below.addStretch(1)
        below.addWidget(self._unlock_button)

        left = QVBoxLayout()
        left.addWidget(self._table, 1)
        left.addLayout(naming)
        left.addLayout(below)
        columns = QHBoxLayout()
        columns.setSpacing(20)
        columns.addLayout(left, 1)
        columns.addWidget(self._build_add_form(), 0, Qt.AlignmentFlag.AlignTop)

        self._message = MessageLabel()
        self._message.setObjectName("users_message")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 8)
        layout.setSpacing(10)
        layout.addLayout(columns, 1)
        layout.addWidget(self._message)

    def _build_rename(self, row: QHBoxLayout) -> None:
        # The name the selected user signs the journal's column 8 with (issue 34).
        self._rename = QLineEdit()
        self._rename.setObjectName("rename")
        self._rename.setPlaceholderText(self.tr("Фамилия Имя Отчество"))
        self._rename.setMinimumWidth(240)
        self._rename.setEnabled(False)
        self._rename.returnPressed.connect(self._on_save_name_button_clicked)
        self._save_name_button = QPushButton(self.tr("Сохранить ФИО"))
        self._save_name_button.setObjectName("save_name")
        self._save_name_button.setEnabled(False)
        self._save_name_button.clicked.connect(self._on_save_name_button_clicked)
        row.addWidget(self._rename, 1)
        row.addWidget(self._save_name_button)

    def _build_add_form(self) -> QFrame:
        card = QFrame()
        card.setObjectName("card")
        card.setFixedWidth(420)
        form = QFormLayout(card)
        form.setContentsMargins(20, 16, 20, 20)
        form.setVerticalSpacing(10)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        caption = QLabel(self.tr("Новый пользователь"))
        caption.setProperty("heading", "2")
        form.addRow(caption)
        self._new_login = QLineEdit()
        self._new_login.setObjectName("new_login")
        self._new_name = QLineEdit()
        self._new_name.setObjectName("new_name")
        self._new_name.setPlaceholderText(self.tr("как подписывает журнал"))
        self._new_pin = QLineEdit()
        self._new_pin.setObjectName("new_pin")
        self._new_pin.setEchoMode(QLineEdit.EchoMode.Password)
        self._new_pin.setValidator(QRegularExpressionValidator(QRegularExpression("[0-9]{0,8}")))
        self._new_pin.setPlaceholderText(self.tr("4–8 цифр"))
        self._new_role = QComboBox()
        self._new_role.setObjectName("new_role")
        self._new_role.addItem(self.role_name(Role.CASHIER), Role.CASHIER.value)
        self._new_role.addItem(self.role_name(Role.MANAGER), Role.MANAGER.value)
        if self._desk.may(Permission.CHAIN):  # a head adds heads
            self._new_role.addItem(self.role_name(Role.HEAD), Role.HEAD.value)
        self._add_button = QPushButton(self.tr("Добавить пользователя"))
        self._add_button.setObjectName("add_user")
        self._add_button.setProperty("primary", "true")
        self._add_button.clicked.connect(self._on_add_button_clicked)
        self._new_pin.returnPressed.connect(self._on_add_button_clicked)
        form.addRow(self.tr("Имя входа"), self._new_login)
        form.addRow(self.tr("ФИО"), self._new_name)
        form.addRow(self.tr("PIN"), self._new_pin)
        form.addRow(self.tr("Роль"), self._new_role)
        form.addRow(self._add_button)
        return card

    # --- slots --------------------------------------------------------------------------

    def _on_table_item_selection_changed(self) -> None:
        self._update_unlock_button()
        self._rename.setText(self._selected_cell(NAME) or "")

    def _on_save_name_button_clicked(self) -> None:
        login = self._selected_login()
        if login is None or self._runner.busy:
            return
        name, desk = self._rename.text(), self._desk
        self._runner.run(
            lambda: desk.rename_user(login, name),
            on_success=lambda _none: self._renamed(login),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_unlock_button_clicked(self) -> None:
        login = self._selected_login()
        if login is None or self._runner.busy:
            return
        desk = self._desk
        self._runner.run(
            lambda: desk.unlock_user(login),
            on_success=lambda _none: self._unlocked(login),
            on_failure=self._message.show_error,
            owner=self,
        )

    def _on_add_button_clicked(self) -> None:
        if self._runner.busy:
            return
        login, pin, name = self._new_login.text(), self._new_pin.text(), self._new_name.text()
        role, desk = self._new_role.currentData(), self._desk
        self._runner.run(
            lambda: desk.create_user(login, pin, role, name=name),
            on_success=self._added,
            on_failure=self._add_refused,
            owner=self,
        )

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._add_button.setEnabled(not busy)
        self._update_unlock_button()

    # --- results ------------------------------------------------------------------------

    def _show_users(self, rows: list[UserRow]) -> None:
        selected = self._selected_login()
        self._table.setRowCount(len(rows))
        for index, row in enumerate(rows):
            cells = (row.login, row.full_name, self.role_name(row.role), self._state(row))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(_LOCKED_ROLE, row.locked)
                if column == STATE and row.locked:
                    item.setForeground(QBrush(QColor(ERROR_COLOUR)))
                self._table.setItem(index, column, item)
            if row.login == selected:
                self._table.selectRow(index)
        self._update_unlock_button()
        self._rename.setText(self._selected_cell(NAME) or "")  # the name as kept

    def _state(self, row: UserRow) -> str:
        if row.locked_for_good:
            return self.tr("заблокирован до разблокировки менеджером")
        if row.locked_until is not None:
            return self.tr("заблокирован до {time}").format(time=f"{row.locked_until:%H:%M}")
        return self.tr("активен")

    def _unlocked(self, login: str) -> None:
        self._message.show_success(
            self.tr("Пользователь «{login}» разблокирован.").format(login=login)
        )
        self.refresh()

    def _renamed(self, login: str) -> None:
        self._message.show_success(
            self.tr("ФИО пользователя «{login}» сохранено.").format(login=login)
        )
        self.refresh()

    def _added(self, user: UserInfo) -> None:
        self._new_login.clear()
        self._new_name.clear()
        self._new_pin.clear()
        self._message.show_success(
            self.tr("Пользователь «{login}» добавлен: {role}.").format(
                login=user.login, role=self.role_name(user.role).lower()
            )
        )
        self.refresh()

    def _add_refused(self, exc: PosError) -> None:
        self._new_pin.clear()
        self._message.show_error(exc)

    def _selected_login(self) -> str | None:
        return self._selected_cell(LOGIN)

    def _selected_cell(self, column: int) -> str | None:
        items = self._table.selectedItems()
        cell = self._table.item(items[0].row(), column) if items else None
        return cell.text() if cell is not None else None

    def _update_unlock_button(self) -> None:
        items = self._table.selectedItems()
        locked = bool(items) and bool(items[0].data(_LOCKED_ROLE))
        self._unlock_button.setEnabled(locked and not self._runner.busy)
        self._rename.setEnabled(bool(items))
        self._save_name_button.setEnabled(bool(items) and not self._runner.busy)
