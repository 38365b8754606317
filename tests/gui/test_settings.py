"""The settings page: a manager changes the shop's settings as typed; nothing half-saved."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from pos.desk import Desk
from pos.errors import SETTING_LABELS, PosError
from pos.services import Shop
from ui.pages.settings import SettingsPage, as_text, setting_names
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner) -> SettingsPage:
    settings_page = SettingsPage(boss, runner)
    qtbot.addWidget(settings_page)
    settings_page.show()
    settings_page.load_settings()
    qtbot.waitUntil(lambda: field(settings_page, "min_stake").text() != "")
    return settings_page


def field(page: SettingsPage, name: str) -> QLineEdit:
    return page.findChild(QLineEdit, name)


def message(page: SettingsPage) -> str:
    return page.findChild(QLabel, "settings_message").text()


def retype(qtbot: QtBot, page: SettingsPage, name: str, text: str) -> None:
    edit = field(page, name)
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, text)


def save(qtbot: QtBot, page: SettingsPage) -> None:
    qtbot.mouseClick(page.findChild(QPushButton, "save"), Qt.MouseButton.LeftButton)


def test_every_setting_has_a_field_labelled_from_pos(page: SettingsPage) -> None:
    labels = {label.text() for label in page.findChildren(QLabel)}

    for name in setting_names():
        assert field(page, name) is not None, name
        assert SETTING_LABELS[name] in labels


def test_the_form_shows_the_settings_in_force(page: SettingsPage) -> None:
    assert field(page, "min_stake").text() == "1,00"
    assert field(page, "min_age").text() == "21"
    assert field(page, "time_zone").text() == "Europe/Minsk"
    assert field(page, "register_serial").text() == ""


def test_a_manager_changes_the_minimum_stake(
    qtbot: QtBot, page: SettingsPage, demo_shop: Shop
) -> None:
    retype(qtbot, page, "min_stake", "2,50")

    with qtbot.waitSignal(page.settings_saved) as saved:
        save(qtbot, page)

    assert demo_shop.settings().min_stake == Decimal("2.50")
    assert saved.args[0].min_stake == Decimal("2.50")
    assert message(page) == "Настройки сохранены."
    assert field(page, "min_stake").text() == "2,50"


def test_enter_in_a_field_saves(qtbot: QtBot, page: SettingsPage, demo_shop: Shop) -> None:
    retype(qtbot, page, "min_age", "18")

    with qtbot.waitSignal(page.settings_saved):
        qtbot.keyClick(field(page, "min_age"), Qt.Key.Key_Return)

    assert demo_shop.settings().min_age == 18


def test_an_invalid_value_shows_the_refusal_and_changes_nothing(
    qtbot: QtBot, page: SettingsPage, demo_shop: Shop
) -> None:
    before = demo_shop.settings()
    with pytest.raises(PosError) as expected:
        demo_shop.update_settings(min_stake="abc")
    retype(qtbot, page, "min_stake", "abc")

    save(qtbot, page)

    qtbot.waitUntil(lambda: message(page) == str(expected.value))
    assert "Минимальная ставка, руб." in message(page)
    assert demo_shop.settings() == before
    assert field(page, "min_stake").text() == "abc"  # kept, so the manager can correct it


def test_nothing_is_half_saved(qtbot: QtBot, page: SettingsPage, demo_shop: Shop) -> None:
    before = demo_shop.settings()
    retype(qtbot, page, "min_stake", "3,00")
    retype(qtbot, page, "max_payout", "-5")

    save(qtbot, page)

    qtbot.waitUntil(lambda: "Максимальная выплата" in message(page))
    assert demo_shop.settings() == before


def test_the_register_serial_of_this_terminal_is_saved(
    qtbot: QtBot, page: SettingsPage, demo_shop: Shop
) -> None:
    retype(qtbot, page, "register_serial", "KSA-0042")

    with qtbot.waitSignal(page.settings_saved):
        save(qtbot, page)

    assert demo_shop.register_serial() == "KSA-0042"


def test_revert_brings_back_the_saved_values(qtbot: QtBot, page: SettingsPage) -> None:
    retype(qtbot, page, "shop_name", "Fortuna")  # QTest types ASCII only

    qtbot.mouseClick(page.findChild(QPushButton, "revert"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: field(page, "shop_name").text() == "ООО «Букмекерская контора»")


def test_values_are_shown_as_typed_never_as_floats() -> None:
    assert as_text(Decimal("5000.00")) == "5000,00"
    assert as_text(21) == "21"
    assert as_text(None) == ""


def test_a_manager_makes_the_document_check_compulsory(
    qtbot: QtBot, page: SettingsPage, demo_shop: Shop
) -> None:
    field = page.findChild(QLineEdit, "always_check_id")
    qtbot.waitUntil(lambda: field.text() == "нет")
    field.setText("да")
    qtbot.mouseClick(page.findChild(QPushButton, "save"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: demo_shop.settings().always_check_id)
