"""The settings page (managers): the shop's settings; this terminal's register and printers."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from pos.core.errors import PosError
from pos.core.input_errors import SETTING_LABELS, InvalidSetting
from pos.core.settings import SHOP_SETTINGS, ShopSettings
from pos.games.registry import installed
from pos.games.settings import SettingSpec
from pos.shop.desk import Desk
from ui.errors import MessageLabel
from ui.tasks import TaskRunner
from ui.widgets.flow_row import FlowRow
from ui.widgets.printers_card import PrintersCard

REGISTER_SERIAL = "register_serial"
REGISTER_NUMBER = "register_number"
# This terminal's register: beside the shop's settings, saved through the same call.
_TERMINAL_FIELDS = (REGISTER_SERIAL, REGISTER_NUMBER)
# Presentation only: which fields go under "rules and limits", followed there by the games'
# (issue 36); every other one, and any setting added later, goes under the shop section.
_LIMIT_FIELDS = (
    "min_age",
    "always_check_id",
    "identify_every_bet",  # issue 35
    "restricted_max_age",
    "min_stake",
    "max_stake_per_event",
    "max_express_odds",
    "max_payout",
)

Loaded = tuple[ShopSettings, str | None, str]


# Yes/no settings: a switch (Space toggles it), never the word «нет» typed in a field.
_SWITCH_FIELDS = frozenset(
    field.name for field in dataclasses.fields(ShopSettings) if field.type in {bool, "bool"}
)


def setting_names() -> list[str]:
    """The fields of the shop's own settings (but the СККС's, which its own page edits,
    ui.pages.skks), then this terminal's register serial and registration number; the games'
    follow in the limits card (`game_settings`)."""
    shop = [name for name in SHOP_SETTINGS if not name.startswith("skks_")]
    return shop + list(_TERMINAL_FIELDS)


def game_settings() -> tuple[SettingSpec[Any], ...]:
    """The settings the installed games declare (issue 36), each a field of the form."""
    return installed().settings()


def _register(desk: Desk) -> tuple[str | None, str]:
    """This terminal's register serial and registration number (worker thread)."""
    return desk.register_serial(), desk.register_number()


def as_text(value: object) -> str:
    """A setting as the manager reads and types it (decimal comma, no float ever)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return QCoreApplication.translate("settings", "да" if value else "нет")
    if isinstance(value, Decimal):
        return f"{value:f}".replace(".", ",")
    return str(value)


class SettingsPage(QWidget):
    """A form of every setting; Save sends what was changed, as typed, in one transaction."""

    settings_saved = Signal(object)

    def __init__(self, desk: Desk, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._runner = runner
        self._edits: dict[str, QLineEdit] = {}
        self._switches: dict[str, QCheckBox] = {}
        self._pickers: dict[str, QComboBox] = {}  # a game's choice: its words, its code stored
        self._loaded_picks: dict[str, str] = {}
        self._loaded: dict[str, str] = {}
        self._loaded_switches: dict[str, bool] = {}
        self._games = game_settings()
        self._labels = {**SETTING_LABELS, **{spec.name: spec.label for spec in self._games}}
        self._build()
        self._runner.busy_changed.connect(self._on_runner_busy_changed)

    @property
    def printers(self) -> PrintersCard:
        """This terminal's printers (their own Save and test pages)."""
        return self._printers

    def refresh(self) -> None:
        """Reload the forms from the shop (when the page is opened)."""
        self.load_settings()
        self._printers.load()

    def load_settings(self) -> None:
        """Fill the form with the settings now in force (in the background)."""
        desk = self._desk
        self._runner.run(
            lambda: (desk.settings(), *_register(desk)),
            on_success=self._show_loaded,
            on_failure=self._message.show_error,
            owner=self,
        )

    def save_settings(self) -> None:
        """Send the changed fields, as typed, to the shop; pos checks and saves all or nothing."""
        changes: dict[str, object] = {
            name: edit.text()
            for name, edit in self._edits.items()
            if edit.text() != self._loaded.get(name, "")
        }
        changes |= {
            name: switch.isChecked()
            for name, switch in self._switches.items()
            if switch.isChecked() != self._loaded_switches.get(name)
        }
        changes |= {
            name: picker.currentData()
            for name, picker in self._pickers.items()
            if picker.currentData() != self._loaded_picks.get(name)
        }
        desk = self._desk
        self._message.show_progress(self.tr("Сохранение…"))
        self._runner.run(
            lambda: (desk.update_settings(**changes), *_register(desk)),
            on_success=self._show_saved,
            on_failure=self._show_refusal,
            owner=self,
        )

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        names = setting_names()
        shop_fields = [name for name in names if name not in _LIMIT_FIELDS]
        shop_card = self._card(self.tr("Организатор и пункт"), shop_fields)
        games = [spec.name for spec in self._games]
        limits_card = self._card(self.tr("Правила и лимиты"), [*_LIMIT_FIELDS, *games])
        self._note(
            shop_card,
            self.tr(
                "Заводской и регистрационный номера относятся к кассовому аппарату этого "
                "терминала ({terminal})."
            ).format(terminal=self._desk.terminal),
        )
        self._note(
            limits_card,
            self.tr("Суммы — в рублях с копейками через запятую, например 2,50."),
        )
        # Side by side where they fit, one above the other in a narrow window (issue 16).
        cards = FlowRow(shop_card, limits_card, spacing=16, fill=True)
        self._message = MessageLabel()
        self._message.setObjectName("settings_message")

        content = QWidget()
        content.setObjectName("settings_content")
        column = QVBoxLayout(content)
        column.setContentsMargins(16, 14, 16, 8)
        column.setSpacing(10)
        column.addWidget(cards)
        self._printers = PrintersCard(self._desk, self._runner)
        column.addWidget(self._printers)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("settings_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        # The cards scroll; what «Сохранить» says and the button stay in sight under them
        # (issue 16). The printers card keeps its own button.
        under = QVBoxLayout()
        under.setContentsMargins(16, 4, 16, 8)
        under.setSpacing(6)
        under.addWidget(self._message)
        under.addLayout(self._build_buttons())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(scroll, 1)
        layout.addLayout(under)

    def _card(self, heading: str, names: list[str]) -> QFrame:
        card = QFrame()
        card.setObjectName("card")
        form = QFormLayout(card)
        form.setContentsMargins(24, 18, 24, 20)
        # Labels above the fields: long Russian labels and wide fields side by side.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        form.setVerticalSpacing(6)
        caption = QLabel(heading)
        caption.setProperty("heading", "2")
        form.addRow(caption)
        flags = {spec.name for spec in self._games if spec.kind == "flag"}
        choices = {spec.name: spec for spec in self._games if spec.kind == "choice"}
        for name in names:
            if name in _SWITCH_FIELDS or name in flags:
                switch = QCheckBox(self._labels.get(name, name))
                switch.setObjectName(name)
                self._switches[name] = switch
                form.addRow(switch)
                continue
            if name in choices:
                form.addRow(*self._picker(choices[name]))
                continue
            edit = QLineEdit()
            edit.setObjectName(name)
            edit.returnPressed.connect(self._on_save_button_clicked)
            self._edits[name] = edit
            label = QLabel(self._labels.get(name, name))
            label.setBuddy(edit)
            form.addRow(label, edit)
        return card

    def _picker(self, spec: SettingSpec[Any]) -> tuple[QLabel, QComboBox]:
        picker = QComboBox()
        picker.setObjectName(spec.name)
        words = spec.choice_words or spec.choices
        for code, word in zip(spec.choices, words, strict=True):
            picker.addItem(word, code)
        self._pickers[spec.name] = picker
        label = QLabel(self._labels.get(spec.name, spec.name))
        label.setBuddy(picker)
        return label, picker

    @staticmethod
    def _note(card: QFrame, text: str) -> None:
        note = QLabel(text)
        note.setProperty("muted", "true")
        note.setWordWrap(True)
        form = card.layout()
        if isinstance(form, QFormLayout):
            form.addRow(note)

    def _build_buttons(self) -> QHBoxLayout:
        self._save_button = QPushButton(self.tr("Сохранить"))
        self._save_button.setObjectName("save")
        self._save_button.setProperty("primary", "true")
        self._save_button.setToolTip(self.tr("Ctrl+S"))
        self._save_button.clicked.connect(self._on_save_button_clicked)
        QShortcut(QKeySequence.StandardKey.Save, self, self._on_save_button_clicked)
        self._revert_button = QPushButton(self.tr("Отменить изменения"))
        self._revert_button.setObjectName("revert")
        self._revert_button.clicked.connect(self._on_revert_button_clicked)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self._revert_button)
        buttons.addWidget(self._save_button)
        return buttons

    # --- slots and results --------------------------------------------------------------

    def _on_save_button_clicked(self) -> None:
        if not self._runner.busy:
            self.save_settings()

    def _on_revert_button_clicked(self) -> None:
        self._message.clear_message()
        self.load_settings()

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._save_button.setEnabled(not busy)
        self._revert_button.setEnabled(not busy)

    def _fill(self, loaded: Loaded) -> None:
        settings, serial, number = loaded
        values = {**dataclasses.asdict(settings), REGISTER_SERIAL: serial, REGISTER_NUMBER: number}
        values |= {spec.name: settings.value(spec) for spec in self._games}
        self._loaded = {name: as_text(values.get(name)) for name in self._edits}
        for name, edit in self._edits.items():
            edit.setText(self._loaded[name])
            edit.setCursorPosition(0)
        self._loaded_switches = {name: bool(values.get(name)) for name in self._switches}
        for name, switch in self._switches.items():
            switch.setChecked(self._loaded_switches[name])
        self._loaded_picks = {name: as_text(values.get(name)) for name in self._pickers}
        for name, picker in self._pickers.items():
            picker.setCurrentIndex(max(picker.findData(self._loaded_picks[name]), 0))

    def _show_loaded(self, loaded: Loaded) -> None:
        self._fill(loaded)

    def _show_saved(self, saved: Loaded) -> None:
        self._fill(saved)
        self._message.show_success(self.tr("Настройки сохранены."))
        self.settings_saved.emit(saved[0])

    def _show_refusal(self, exc: PosError) -> None:
        # The typed values stay in the form so that the manager can correct the one named.
        self._message.show_error(exc)
        if isinstance(exc, InvalidSetting) and exc.name in self._edits:
            self._edits[exc.name].setFocus()
            self._edits[exc.name].selectAll()
        elif isinstance(exc, InvalidSetting) and exc.name in self._switches:
            self._switches[exc.name].setFocus()
