"""The manager's «СККС» page (issue 35): the controller's address, mode and waits, what waits in
the outbox, «Отправить сейчас», and «Расхождения СККС» (the messages the controller refused)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from pos.core.clock import Clock
from pos.core.errors import PosError
from pos.core.input_errors import SETTING_LABELS, InvalidSetting
from pos.core.link_settings import connected
from pos.core.settings import ShopSettings
from pos.shop.desk import Desk
from pos.skks.reconcile import Reconciliation
from pos.skks.sending import Sent
from pos.skks.use_cases import SkksStatus
from pos.skks.wording import MODE_WORDS, last_check_words, sent_words, waiting_words
from ui.errors import MessageLabel
from ui.models.skks_model import REASON, RefusalsModel
from ui.tasks import TaskRunner
from ui.widgets.tables import count_header, read_only_rows

_TEXT_FIELDS = ("skks_url", "skks_timeout", "skks_max_backlog")
MODE = "skks_mode"
Loaded = tuple[ShopSettings, SkksStatus | None, list[Reconciliation]]


def read_link(desk: Desk) -> Loaded:
    """The settings in force, the link's state and the last shifts' comparison with the
    controller; a shop without a controller is not asked for its outbox (worker thread)."""
    settings = desk.settings()
    if not connected(settings):
        return settings, None, []
    return settings, desk.skks_status(), desk.skks_reconciliations(limit=1)


class SkksPage(QWidget):
    """The link's settings (saved with `update_settings`), the outbox and its refusals."""

    settings_saved = Signal(object)

    def __init__(
        self, desk: Desk, runner: TaskRunner, clock: Clock, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._clock = clock
        self._edits: dict[str, QLineEdit] = {}
        self._loaded: dict[str, str] = {}
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def refusals(self) -> RefusalsModel:
        """«Расхождения СККС» as shown."""
        return self._model

    def refresh(self) -> None:
        """Read the settings, the outbox and the refusals again (in the background)."""
        desk = self._desk
        self._runner.run(
            lambda: read_link(desk), on_success=self._show, on_failure=self._show_error, owner=self
        )

    def save_settings(self) -> None:
        """Send the changed fields, as typed, to the shop; pos checks and saves all or nothing."""
        changes: dict[str, object] = {
            name: edit.text()
            for name, edit in self._edits.items()
            if edit.text() != self._loaded.get(name, "")
        }
        if self._mode.currentData() != self._loaded.get(MODE):
            changes[MODE] = self._mode.currentData()
        desk = self._desk
        self._message.show_progress(self.tr("Сохранение…"))
        self._runner.run(
            lambda: (desk.update_settings(**changes), read_link(desk))[1],
            on_success=self._show_saved,
            on_failure=self._show_refusal,
            owner=self,
        )

    def send_now(self) -> None:
        """Send the outbox now, in the background, then say what it did."""
        desk = self._desk
        self._message.show_progress(self.tr("Отправка в СККС…"))
        self._runner.run(
            desk.skks_send, on_success=self._show_sent, on_failure=self._show_error, owner=self
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        self._message = MessageLabel()
        self._message.setObjectName("skks_message")
        self._message.collapse_when_empty()  # no empty lines kept from the table at 1024×700
        # Side by side even at 1024 pixels: the refusals' table keeps the height.
        cards = QHBoxLayout()
        cards.setSpacing(16)
        cards.addWidget(self._settings_card(), 3, Qt.AlignmentFlag.AlignTop)
        cards.addWidget(self._outbox_card(), 2, Qt.AlignmentFlag.AlignTop)
        header = count_header(self, "skks_refusals_heading", "skks_refresh", self.refresh)
        header.count.setText(self.tr("Расхождения СККС"))
        self._model = RefusalsModel(self)
        self._table = QTableView()
        self._table.setObjectName("skks_refusals")
        self._table.setModel(self._model)
        columns = read_only_rows(self._table, wrap=True)
        columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        columns.setSectionResizeMode(REASON, QHeaderView.ResizeMode.Stretch)
        # The controller's reason wraps in its row rather than ending in «…».
        rows = self._table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 8)
        layout.setSpacing(8)
        layout.addLayout(cards)
        layout.addWidget(self._message)
        layout.addLayout(header.layout)
        layout.addWidget(self._table, 1)

    def _settings_card(self) -> QFrame:
        card, form = _card(self.tr("Связь с контроллером"))
        for name in _TEXT_FIELDS:
            edit = QLineEdit()
            edit.setObjectName(name)
            edit.returnPressed.connect(self._on_save_button_clicked)
            self._edits[name] = edit
            self._row(form, name, edit)
            if name == "skks_url":
                self._mode = QComboBox()
                self._mode.setObjectName(MODE)
                # Not as wide as its longest words: the two cards stay side by side.
                self._mode.setSizeAdjustPolicy(
                    QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
                )
                self._mode.setMinimumContentsLength(24)
                for value, words in MODE_WORDS.items():
                    self._mode.addItem(words, value)
                self._row(form, MODE, self._mode)
        self._save_button = QPushButton(self.tr("Сохранить"))
        self._save_button.setObjectName("skks_save")
        self._save_button.setProperty("primary", "true")
        self._save_button.clicked.connect(self._on_save_button_clicked)
        QShortcut(QKeySequence.StandardKey.Save, self, self._on_save_button_clicked)
        form.addRow(_right(self._save_button))
        return card

    def _outbox_card(self) -> QFrame:
        card, form = _card(self.tr("Очередь сообщений"))
        self._waiting = QLabel()
        self._waiting.setObjectName("skks_waiting")
        self._waiting.setWordWrap(True)
        form.addRow(self._waiting)
        self._send_button = QPushButton(self.tr("Отправить сейчас"))
        self._send_button.setObjectName("skks_send_now")
        self._send_button.clicked.connect(self._on_send_button_clicked)
        form.addRow(_right(self._send_button))
        # The last closed shift's totals against the controller's (the Z prints them too).
        self._last_check = QLabel()
        self._last_check.setObjectName("skks_last_check")
        self._last_check.setWordWrap(True)
        form.addRow(self._last_check)
        return card

    @staticmethod
    def _row(form: QFormLayout, name: str, field: QWidget) -> None:
        label = QLabel(SETTING_LABELS.get(name, name))
        label.setBuddy(field)
        form.addRow(label, field)

    # --- slots and results --------------------------------------------------------------

    def _on_save_button_clicked(self) -> None:
        if not self._runner.busy:
            self.save_settings()

    def _on_send_button_clicked(self) -> None:
        if not self._runner.busy:
            self.send_now()

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._save_button.setEnabled(not busy)
        self._send_button.setEnabled(not busy)

    def _show(self, loaded: Loaded) -> None:
        settings, status, checks = loaded
        self._loaded = {
            "skks_url": settings.skks_url,
            "skks_timeout": str(settings.skks_timeout),
            "skks_max_backlog": str(settings.skks_max_backlog),
            MODE: settings.skks_mode,
        }
        for name, edit in self._edits.items():
            edit.setText(self._loaded[name])
            edit.setCursorPosition(0)
        self._mode.setCurrentIndex(max(0, self._mode.findData(settings.skks_mode)))
        self._waiting.setText(waiting_words(status, self._clock.now()))
        self._send_button.setVisible(status is not None)
        self._last_check.setText(last_check_words(checks, settings.zone))
        self._last_check.setVisible(status is not None)
        self._model.set_refusals(status.refused if status else [], settings.zone)

    def _show_saved(self, loaded: Loaded) -> None:
        self._show(loaded)
        self._message.show_success(self.tr("Настройки СККС сохранены."))
        self.settings_saved.emit(loaded[0])

    def _show_sent(self, sent: Sent) -> None:
        words = sent_words(sent)
        if sent.down is None:
            self._message.show_success(words)
        else:
            self._message.show_info(words)
        self.refresh()

    def _show_error(self, exc: PosError) -> None:
        self._message.show_error(exc)

    def _show_refusal(self, exc: PosError) -> None:
        # The typed values stay so that the manager can correct the one the refusal names.
        self._message.show_error(exc)
        if isinstance(exc, InvalidSetting) and exc.name in self._edits:
            self._edits[exc.name].setFocus()
            self._edits[exc.name].selectAll()
        elif isinstance(exc, InvalidSetting) and exc.name == MODE:
            self._mode.setFocus()


def _right(button: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addStretch(1)
    row.addWidget(button)
    return row


def _card(heading: str) -> tuple[QFrame, QFormLayout]:
    card = QFrame()
    card.setObjectName("card")
    form = QFormLayout(card)
    form.setContentsMargins(20, 12, 20, 12)
    # Labels beside their fields, wrapped only when narrow: the refusals' table keeps its
    # room under the cards at 1024×700.
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    form.setVerticalSpacing(6)
    caption = QLabel(heading)
    caption.setProperty("heading", "2")
    form.addRow(caption)
    return card, form


__all__ = ["SkksPage", "read_link"]
