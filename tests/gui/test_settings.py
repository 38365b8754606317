"""The settings page: a manager changes the shop's settings and this terminal's printers."""

from __future__ import annotations

from decimal import Decimal

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from pos.core.errors import InvalidPrinterSetting, PosError
from pos.core.input_errors import SETTING_LABELS
from pos.core.printers import PRINTER_MODELS, PrinterModel, make_printer_config
from pos.shop.demo_registration import DEMO_UNP, demo_register_number
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import REGISTER
from ui.pages.settings import SettingsPage, as_text, setting_names
from ui.tasks import TaskRunner
from ui.widgets.printers_card import PrintersCard


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
    button = page.findChild(QPushButton, "save")
    qtbot.waitUntil(button.isEnabled)  # greyed while the printers card still loads
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_every_setting_has_a_field_labelled_from_pos(page: SettingsPage) -> None:
    labels = {label.text() for label in page.findChildren(QLabel)}
    switches = {switch.objectName(): switch.text() for switch in page.findChildren(QCheckBox)}

    for name in setting_names():
        if name in switches:  # yes/no settings are switches labelled by themselves
            assert switches[name] == SETTING_LABELS[name]
            continue
        assert field(page, name) is not None, name
        assert SETTING_LABELS[name] in labels
    assert set(switches) >= {"always_check_id", "poker_pay_at_once"}


def test_the_form_shows_the_settings_in_force(page: SettingsPage) -> None:
    assert field(page, "min_stake").text() == "1,00"
    assert field(page, "min_age").text() == "21"
    assert field(page, "time_zone").text() == "Europe/Minsk"
    assert field(page, "register_serial").text() == REGISTER
    assert field(page, "register_number").text() == demo_register_number("К1")  # issue 34


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
    retype(qtbot, page, "register_serial", "KSA-0099")

    with qtbot.waitSignal(page.settings_saved):
        save(qtbot, page)

    assert demo_shop.register_serial() == "KSA-0099"


def test_the_unp_and_the_register_number_are_saved_and_shown_again(
    qtbot: QtBot, page: SettingsPage, boss: Desk, runner: TaskRunner, demo_shop: Shop
) -> None:
    assert field(page, "unp").text() == DEMO_UNP  # the demo organiser's (issue 34)
    retype(qtbot, page, "unp", "190123456")
    retype(qtbot, page, "register_number", "3690-0042")

    with qtbot.waitSignal(page.settings_saved) as saved:
        qtbot.keyClick(field(page, "register_number"), Qt.Key.Key_Return)

    assert saved.args[0].unp == demo_shop.settings().unp == "190123456"
    assert demo_shop.register_number() == "3690-0042"
    assert demo_shop.register_serial() == REGISTER  # the serial beside it is left as it was
    again = SettingsPage(boss, runner)
    qtbot.addWidget(again)
    again.load_settings()
    qtbot.waitUntil(lambda: field(again, "unp").text() == "190123456")
    assert field(again, "register_number").text() == "3690-0042"


def test_an_unp_that_is_not_nine_digits_is_refused_and_selected(
    qtbot: QtBot, page: SettingsPage, demo_shop: Shop
) -> None:
    with pytest.raises(PosError) as expected:
        demo_shop.update_settings(unp="19012345")
    retype(qtbot, page, "unp", "19012345")

    save(qtbot, page)

    qtbot.waitUntil(lambda: message(page) == str(expected.value))
    assert SETTING_LABELS["unp"] in message(page)
    assert field(page, "unp").selectedText() == "19012345"
    assert demo_shop.settings().unp == DEMO_UNP


def test_revert_brings_back_the_saved_values(qtbot: QtBot, page: SettingsPage) -> None:
    retype(qtbot, page, "shop_name", "Fortuna")  # QTest types ASCII only

    qtbot.mouseClick(page.findChild(QPushButton, "revert"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: field(page, "shop_name").text() == "ООО «Букмекерская контора»")


def test_values_are_shown_as_typed_never_as_floats() -> None:
    assert as_text(Decimal("5000.00")) == "5000,00"
    assert as_text(21) == "21"
    assert as_text(None) == ""


def test_a_manager_makes_the_document_check_compulsory(
    qtbot: QtBot, page: SettingsPage, demo_shop: Shop, runner: TaskRunner
) -> None:
    assert page.findChild(QLineEdit, "always_check_id") is None  # a switch, not «нет» typed
    switch = page.findChild(QCheckBox, "always_check_id")
    qtbot.waitUntil(lambda: not runner.busy)
    assert not switch.isChecked()
    switch.setFocus()
    qtbot.keyClick(switch, Qt.Key.Key_Space)
    qtbot.keyClick(page, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: demo_shop.settings().always_check_id)
    qtbot.waitUntil(lambda: not runner.busy)
    assert switch.isChecked()
    assert not demo_shop.settings().poker_pay_at_once  # only what was switched is sent


# --- printers -------------------------------------------------------------------------------


@pytest.fixture
def printers(qtbot: QtBot, page: SettingsPage, runner: TaskRunner) -> PrintersCard:
    page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    return page.printers


def combo(card: PrintersCard, name: str) -> QComboBox:
    return card.findChild(QComboBox, name)


def choose(card: PrintersCard, name: str, value: object) -> None:
    box = combo(card, name)
    index = box.findData(value)
    assert index >= 0, value
    box.setCurrentIndex(index)


def save_printers(qtbot: QtBot, card: PrintersCard) -> None:
    button = card.findChild(QPushButton, "save_printers")
    qtbot.waitUntil(button.isEnabled)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_the_printers_in_force_are_shown(printers: PrintersCard) -> None:
    assert combo(printers, "slip_kind").currentData() == "none"
    assert not printers.findChild(QLineEdit, "slip_target").isEnabled()
    assert combo(printers, "slip_code_page").currentText() == "CP866"
    assert combo(printers, "slip_paper_mm").currentText() == "80 мм"
    assert printers.findChild(QCheckBox, "slip_status_check").isChecked()
    assert combo(printers, "fiscal_kind").currentText() == "тот же принтер, что для купонов"
    assert not combo(printers, "fiscal_code_page").isEnabled()


def test_the_address_field_says_what_to_type_for_each_kind(printers: PrintersCard) -> None:
    target = printers.findChild(QLineEdit, "slip_target")
    baudrate = combo(printers, "slip_baudrate")

    choose(printers, "slip_kind", "network")
    assert target.isEnabled()
    assert "192.168.1.50" in target.placeholderText()
    assert not baudrate.isVisible()
    choose(printers, "slip_kind", "usb")
    assert "04b8:0202" in target.placeholderText()
    choose(printers, "slip_kind", "windows")
    assert "Windows" in target.placeholderText()
    choose(printers, "slip_kind", "file")
    assert "/dev/usb/lp0" in target.placeholderText()
    choose(printers, "slip_kind", "serial")
    assert "COM3" in target.placeholderText()
    assert baudrate.isVisible()
    choose(printers, "slip_kind", "none")
    assert not target.isEnabled()


def test_a_manager_sets_up_both_printers_and_they_are_reloaded(
    qtbot: QtBot, printers: PrintersCard, boss: Desk, runner: TaskRunner
) -> None:
    choose(printers, "slip_kind", "network")
    printers.findChild(QLineEdit, "slip_target").setText("192.168.1.50:9100")
    choose(printers, "slip_code_page", "CP1251")
    printers.findChild(QCheckBox, "slip_cancel_chinese").setChecked(True)
    choose(printers, "fiscal_kind", "serial")
    printers.findChild(QLineEdit, "fiscal_target").setText("COM3")
    choose(printers, "fiscal_baudrate", 115200)
    choose(printers, "fiscal_paper_mm", 58)

    save_printers(qtbot, printers)

    qtbot.waitUntil(lambda: printers.message_text() == "Принтеры сохранены.")
    slip, fiscal = boss.printers()
    assert slip == make_printer_config(
        kind="network", target="192.168.1.50:9100", code_page="CP1251", cancel_chinese=True
    )
    assert fiscal == make_printer_config(kind="serial", target="COM3", baudrate=115200, paper_mm=58)
    again = SettingsPage(boss, runner)
    qtbot.addWidget(again)
    again.refresh()
    qtbot.waitUntil(lambda: again.findChild(QLineEdit, "fiscal_target").text() == "COM3")
    assert combo(again.printers, "slip_kind").currentData() == "network"
    assert again.findChild(QLineEdit, "slip_target").text() == "192.168.1.50:9100"
    assert combo(again.printers, "fiscal_baudrate").currentData() == 115200
    assert combo(again.printers, "fiscal_paper_mm").currentText() == "58 мм"


def test_the_same_printer_for_receipts_is_saved_as_none(
    qtbot: QtBot, printers: PrintersCard, boss: Desk
) -> None:
    boss.update_printers(
        make_printer_config(kind="file", target="/dev/usb/lp0"),
        make_printer_config(kind="file", target="/dev/usb/lp1"),
    )
    printers.load()
    qtbot.waitUntil(lambda: combo(printers, "fiscal_kind").currentData() == "file")
    choose(printers, "fiscal_kind", "same")
    assert not printers.findChild(QLineEdit, "fiscal_target").isEnabled()

    save_printers(qtbot, printers)

    qtbot.waitUntil(lambda: printers.message_text() == "Принтеры сохранены.")
    assert boss.printers()[1] is None


@pytest.mark.parametrize(
    ("form", "kind", "typed"), [("slip", "network", "192.168.1.50:99999"), ("fiscal", "usb", "xyz")]
)
def test_an_invalid_printer_address_is_refused_in_russian_and_nothing_is_saved(
    qtbot: QtBot, printers: PrintersCard, boss: Desk, form: str, kind: str, typed: str
) -> None:
    with pytest.raises(InvalidPrinterSetting) as expected:
        make_printer_config(kind=kind, target=typed)
    before = boss.printers()
    choose(printers, f"{form}_kind", kind)
    printers.findChild(QLineEdit, f"{form}_target").setText(typed)

    save_printers(qtbot, printers)

    qtbot.waitUntil(lambda: printers.message_text() == str(expected.value))
    assert printers.message_text().startswith("Настройка принтера «Адрес или имя принтера»")
    assert boss.printers() == before
    assert printers.findChild(QLineEdit, f"{form}_target").text() == typed  # kept to correct


def test_the_test_page_prints_on_the_slip_printer(
    qtbot: QtBot, printers: PrintersCard, printer: Dummy
) -> None:
    button = printers.findChild(QPushButton, "slip_test_page")
    qtbot.waitUntil(button.isEnabled)

    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(
        lambda: printers.message_text() == "Проверочная страница отправлена на принтер купонов."
    )
    assert "ПРОВЕРКА ПРИНТЕРА".encode("cp866") in printer.output


# --- the printer's model, from the list the settings offer (issue 16) -----------------------


def items(box: QComboBox) -> list[object]:
    return [box.itemData(index) for index in range(box.count())]


def test_the_model_is_chosen_from_the_offered_list_by_its_words(printers: PrintersCard) -> None:
    assert printers.findChild(QLineEdit, "slip_profile") is None  # no free text to mistype
    box = combo(printers, "slip_profile")

    assert [box.itemText(index) for index in range(box.count())] == [
        model.words for model in PRINTER_MODELS
    ]
    assert items(box) == [model.profile for model in PRINTER_MODELS]
    assert box.currentData() == ""  # by the paper's width


@pytest.mark.parametrize("model", PRINTER_MODELS, ids=lambda model: model.profile or "auto")
def test_a_model_offers_only_the_paper_and_code_pages_it_takes(
    printers: PrintersCard, model: PrinterModel
) -> None:
    choose(printers, "slip_profile", model.profile)

    assert items(combo(printers, "slip_paper_mm")) == list(model.papers)
    assert items(combo(printers, "slip_code_page")) == list(model.code_pages)
    assert combo(printers, "slip_paper_mm").currentData() in model.papers


def test_a_model_chosen_by_keyboard_keeps_the_form_consistent_and_is_saved(
    qtbot: QtBot, printers: PrintersCard, boss: Desk, runner: TaskRunner
) -> None:
    choose(printers, "slip_kind", "file")
    printers.findChild(QLineEdit, "slip_target").setText("/dev/usb/lp0")
    choose(printers, "slip_code_page", "CP1251")
    box = combo(printers, "slip_profile")
    box.setFocus()

    qtbot.keyClick(box, Qt.Key.Key_End)  # the last: ZiJiang ZJ-5870, 58 mm, CP866 only

    assert box.currentText() == "ZiJiang ZJ-5870 (без ножа)"
    assert combo(printers, "slip_paper_mm").currentText() == "58 мм"
    assert combo(printers, "slip_code_page").currentText() == "CP866"
    save_printers(qtbot, printers)
    qtbot.waitUntil(lambda: printers.message_text() == "Принтеры сохранены.")
    assert boss.printers()[0] == make_printer_config(
        kind="file", target="/dev/usb/lp0", profile="ZJ-5870", paper_mm=58, code_page="CP866"
    )
    printers.load()
    qtbot.waitUntil(lambda: not runner.busy)
    assert combo(printers, "slip_profile").currentText() == "ZiJiang ZJ-5870 (без ножа)"


def test_the_same_printer_for_receipts_greys_out_the_model_too(printers: PrintersCard) -> None:
    assert combo(printers, "fiscal_kind").currentData() == "same"
    assert not combo(printers, "fiscal_profile").isEnabled()
