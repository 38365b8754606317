"""`identify_every_bet` on the betting page (issue 35): the document is asked for first, a
reader's zone fills it with the personal number, a restricted player is refused in the dialog,
and a bet without a document is refused by pos in one sentence."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLineEdit, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from pos.betting.errors import IdentityCheckRequired
from pos.betting.slips import IdOutcome
from pos.core.clock import FixedClock
from pos.people.errors import RestrictedPerson
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import FakeStorage
from tests.gui.betting_helpers import add_leg, betting_page, stake, type_stake
from tests.unit.pos.test_mrz import _td3
from ui.dialogs.identity import IdentityDialog
from ui.pages.betting import BettingPage
from ui.pages.settings import SettingsPage
from ui.tasks import TaskRunner

PERSONAL = "3150395A012PB7"
ZONE = _td3(optional=PERSONAL)  # a Belarusian passport, valid until 2031


@pytest.fixture
def page(
    qtbot: QtBot, boss: Desk, anna: Desk, runner: TaskRunner, clock: FixedClock
) -> BettingPage:
    boss.update_settings(identify_every_bet="да")
    return betting_page(qtbot, anna, runner, clock)


def _ask_to_confirm(qtbot: QtBot, page: BettingPage) -> IdentityDialog:
    add_leg(qtbot, page, "101 1")
    type_stake(qtbot, page, "10")
    qtbot.keyClick(stake(page), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.identity_dialog is not None)
    assert page.confirm_dialog is None  # the document first, not the confirmation
    dialog = page.identity_dialog
    assert dialog is not None
    return dialog


def _scan(qtbot: QtBot, dialog: IdentityDialog) -> None:
    zone = dialog.findChild(QPlainTextEdit, "mrz")
    assert dialog.focusWidget() is zone  # ready for the reader
    for line in ZONE:
        qtbot.keyClicks(zone, line)
        qtbot.keyClick(zone, Qt.Key.Key_Return)


def test_the_document_is_asked_first_and_a_scan_fills_it_then_the_bet_is_confirmed(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    dialog = _ask_to_confirm(qtbot, page)
    _scan(qtbot, dialog)
    assert dialog.field("personal_number").text() == PERSONAL
    assert dialog.field("number").text() == "MP3456789"

    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)  # «Проверить», focused now

    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    assert [check.outcome for check in storage.data.id_checks] == [IdOutcome.ACCEPTED]
    confirm = page.confirm_dialog
    assert confirm is not None
    qtbot.keyClick(confirm, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(storage.data.slips) == 1)


def test_a_player_in_the_register_is_refused_in_the_dialog_and_nothing_is_issued(
    qtbot: QtBot, page: BettingPage, boss: Desk, storage: FakeStorage
) -> None:
    boss.load_restricted("perechen.csv", f"личный_номер;документ\n{PERSONAL};\n".encode())
    dialog = _ask_to_confirm(qtbot, page)
    _scan(qtbot, dialog)

    with qtbot.waitSignal(dialog.check_failed):
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)

    assert dialog.message_text() == str(RestrictedPerson())
    assert [check.outcome for check in storage.data.id_checks] == [IdOutcome.RESTRICTED]
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.identity_dialog is None)
    assert page.confirm_dialog is None
    assert not storage.data.slips


def test_without_a_document_the_bet_is_refused_saying_to_check_it(
    qtbot: QtBot, page: BettingPage, anna: Desk, storage: FakeStorage
) -> None:
    dialog = _ask_to_confirm(qtbot, page)
    # The cashier closes it without a document.
    qtbot.mouseClick(dialog.findChild(QPushButton, "identity_close"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.identity_dialog is None)
    assert page.confirm_dialog is None

    with pytest.raises(IdentityCheckRequired) as refused:
        anna.accept_bet([(101, "1")], stake="10")

    assert str(refused.value).startswith("Проверьте документ игрока:")
    assert not storage.data.slips


def test_a_manager_switches_it_on_where_the_shop_settings_are_edited(
    qtbot: QtBot, boss: Desk, demo_shop: Shop, runner: TaskRunner
) -> None:
    boss.update_settings(identify_every_bet="нет")
    settings = SettingsPage(boss, runner)
    qtbot.addWidget(settings)
    settings.show()
    settings.load_settings()
    qtbot.waitUntil(lambda: settings.findChild(QLineEdit, "min_stake").text() != "")
    switch = settings.findChild(QCheckBox, "identify_every_bet")
    assert not switch.isChecked()
    days = settings.findChild(QLineEdit, "restricted_max_age")
    assert days.text() == "1"

    switch.setFocus()
    qtbot.keyClick(switch, Qt.Key.Key_Space)
    days.clear()
    qtbot.keyClicks(days, "3")
    qtbot.keyClick(settings, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)

    qtbot.waitUntil(lambda: demo_shop.settings().identify_every_bet)
    assert demo_shop.settings().restricted_max_age == 3
