"""The «Условия» page (issue 37, p.6): the conditions of accepting bets as published, for everyone
(a cashier shows them to a player, or prints them), and every version kept for the manager."""

from __future__ import annotations

import html
from datetime import tzinfo

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from pos.conditions.document import is_heading
from pos.conditions.versions import Conditions, ConditionsVersion
from pos.conditions.wording import history_entry, in_force, printed
from pos.core.errors import DeviceOrStorageError, PosError
from pos.people.permissions import Permission
from pos.shop.desk import Desk
from pos.till.papers import FiledPaper
from ui.dialogs.print_preview import filed_paper_dialog
from ui.errors import MessageLabel
from ui.tasks import TaskRunner

Loaded = tuple[Conditions, tzinfo]
_HISTORY_WIDTH = 230


class ConditionsPage(QWidget):
    """The text of the version shown, its number and date; Ctrl+P prints it; F5 reads again.
    A manager picks an earlier version in the list beside it (arrows), to read or print."""

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._loaded: Conditions | None = None
        self._zone: tzinfo | None = None
        self._shown: ConditionsVersion | None = None
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def history(self) -> QListWidget:
        """The versions kept, the latest first (a manager's; tests)."""
        return self._history

    @property
    def text(self) -> QTextBrowser:
        """The version shown (tests read its plain text)."""
        return self._text

    def message_text(self) -> str:
        return self._message.text()

    def version_text(self) -> str:
        """The number and date of the version shown."""
        return self._version.text()

    def refresh(self) -> None:
        """Read the conditions again (in the background)."""
        desk = self._desk
        self._runner.run(
            lambda: (desk.conditions(), desk.settings().zone),
            on_success=self._show_loaded,
            on_failure=self._message.show_error,
            owner=self,
        )

    def print_shown(self) -> None:
        """Print the version shown; without a printer its paper is shown as it would print."""
        if self._shown is None:
            return
        desk, number = self._desk, self._shown.number
        self._runner.run(
            lambda: (desk.print_conditions(number=number), desk.filed_papers()),
            on_success=self._printed,
            on_failure=self._refused,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        title = QLabel(self.tr("Условия приёма ставок"))
        title.setProperty("heading", "2")
        self._version = QLabel()
        self._version.setObjectName("conditions_version")
        self._version.setWordWrap(True)
        self._print = QPushButton(self.tr("Печать (Ctrl+P)"))
        self._print.setObjectName("print_conditions")
        self._print.clicked.connect(self._on_print_clicked)
        refresh = QPushButton(self.tr("Обновить (F5)"))
        refresh.setObjectName("refresh_conditions")
        refresh.clicked.connect(self._on_refresh_clicked)
        self._refresh = refresh
        QShortcut(QKeySequence.StandardKey.Print, self, self.print_shown)
        QShortcut(QKeySequence(Qt.Key.Key_F5), self, self.refresh)
        header = QHBoxLayout()
        header.addWidget(title)
        header.addWidget(self._version, 1)
        header.addWidget(self._print)
        header.addWidget(refresh)

        self._text = QTextBrowser()
        self._text.setObjectName("conditions_text")
        self._text.setOpenLinks(False)
        self._history = QListWidget()
        self._history.setObjectName("conditions_history")
        self._history.setFixedWidth(_HISTORY_WIDTH)
        self._history.setWordWrap(True)
        self._history.currentItemChanged.connect(self._on_history_current_changed)
        body = QHBoxLayout()
        body.addWidget(self._text, 1)
        body.addWidget(self._history)
        self.setFocusProxy(self._text)  # PgUp/PgDn read it at once; Tab goes to the list

        self._message = MessageLabel()
        self._message.setObjectName("conditions_message")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 8)
        layout.setSpacing(10)
        layout.addLayout(header)
        layout.addLayout(body, 1)
        layout.addWidget(self._message)
        # The versions are the manager's (p.10); hidden once in the page, never a window.
        self._history.setHidden(not self._desk.may(Permission.SETTINGS))

    # --- results and slots --------------------------------------------------------------

    def _show_loaded(self, loaded: Loaded) -> None:
        self._loaded, self._zone = loaded
        versions = self._loaded.history()
        self._history.blockSignals(True)
        self._history.clear()
        for version in reversed(versions):
            item = QListWidgetItem(self._entry_words(version))
            item.setData(Qt.ItemDataRole.UserRole, version.number)
            self._history.addItem(item)
        self._history.setCurrentRow(0)
        self._history.blockSignals(False)
        self._show_version(self._loaded.version)

    def _show_version(self, version: ConditionsVersion) -> None:
        self._shown = version
        current = self._loaded is not None and version == self._loaded.history()[-1]
        words = self._version_words(version)
        state = self.tr("действует") if current else self.tr("прежняя редакция")
        self._version.setText(f"{words} · {state}")
        self._text.setHtml(_as_html(version.lines))

    def _version_words(self, version: ConditionsVersion) -> str:
        assert self._zone is not None  # set with the versions
        return in_force(version.number, version.in_force_from, self._zone)

    def _entry_words(self, version: ConditionsVersion) -> str:
        assert self._zone is not None
        return history_entry(version.number, version.in_force_from, version.made_by, self._zone)

    def _printed(self, answer: tuple[Conditions, list[FiledPaper]]) -> None:
        shown, papers = answer
        self._message.show_success(printed(shown.number))
        if papers:  # no printer: the paper as it would print (issue 34)
            filed_paper_dialog(papers[-1], self).open()

    def _refused(self, exc: PosError) -> None:
        if isinstance(exc, DeviceOrStorageError):
            self._message.show_warning(exc)
        else:
            self._message.show_error(exc)

    def _on_history_current_changed(self, item: QListWidgetItem | None, _old: object) -> None:
        if item is None or self._loaded is None:
            return
        number = item.data(Qt.ItemDataRole.UserRole)
        found = next((v for v in self._loaded.history() if v.number == number), None)
        if found is not None:
            self._show_version(found)

    def _on_print_clicked(self) -> None:
        self.print_shown()

    def _on_refresh_clicked(self) -> None:
        self.refresh()

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._print.setEnabled(not busy)
        self._refresh.setEnabled(not busy)


def _as_html(lines: list[str]) -> str:
    """The document's lines as paragraphs, each item's heading in bold."""
    parts = []
    for line in lines:
        text = html.escape(line)
        parts.append(f"<h3>{text}</h3>" if is_heading(line) else f"<p>{text}</p>")
    return "".join(parts)
