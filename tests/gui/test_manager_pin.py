"""A manager allows one refused action on a cashier's terminal with their PIN (issue #7)."""

from __future__ import annotations

import contextlib
from datetime import timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from pos.betting.slips import Slip
from pos.core.audit import AuditAction
from pos.core.clock import FixedClock
from pos.core.errors import NotPermitted, PosError
from pos.people.errors import PinRequired, UserLockedUntilUnlocked, WrongPin
from pos.people.permissions import WORDS, Permission
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.fakes import FakeStorage
from ui.dialogs.manager_pin import ManagerPinDialog
from ui.dialogs.slip_details import SlipDetailsDialog
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner

REFUSED = str(NotPermitted(WORDS[Permission.REPRINT_AFTER_WINDOW]))


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock: FixedClock) -> BettingPage:
    betting_page = BettingPage(anna, runner, clock)
    qtbot.addWidget(betting_page)
    betting_page.resize(1280, 700)
    betting_page.show()
    betting_page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    return betting_page


@pytest.fixture
def old_slip(anna: Desk, clock: FixedClock) -> Slip:
    """A slip issued six minutes ago: its 5-minute window is closed."""
    slip = anna.accept_bet([(101, "1")], "10")
    clock.advance(timedelta(minutes=6))
    return slip


def open_details(qtbot: QtBot, page: BettingPage, number: str) -> SlipDetailsDialog:
    page.recent.look_up(number)
    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    details = page.recent.details_dialog
    assert details is not None
    return details


def ask_reprint(qtbot: QtBot, page: BettingPage, details: SlipDetailsDialog) -> ManagerPinDialog:
    """Ctrl+P on the slip: refused for a cashier, and the manager's dialog opens."""
    qtbot.keyClick(details, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: page.recent.manager_dialog is not None)
    dialog = page.recent.manager_dialog
    assert dialog is not None
    assert details.message_text() == REFUSED
    return dialog


def authorise(qtbot: QtBot, dialog: ManagerPinDialog, login: str, pin: str) -> None:
    dialog.set_login(login)
    pin_field = dialog.findChild(QLineEdit, "manager_pin_field")
    qtbot.keyClicks(pin_field, pin)
    qtbot.keyClick(pin_field, Qt.Key.Key_Return)


def actions(storage: FakeStorage) -> list[AuditAction]:
    return [record.action for record in storage.data.audit]


def test_the_dialog_names_the_action_the_manager_allows(
    qtbot: QtBot, anna: Desk, runner: TaskRunner
) -> None:
    dialog = ManagerPinDialog(anna, runner, Permission.AGREE_IN_PLAY)
    qtbot.addWidget(dialog)

    heading = dialog.findChild(QLabel, "manager_heading").text()

    assert heading == ("Нужно разрешение менеджера: ставка после начала события (согласование)")


def test_a_managers_pin_allows_one_reprint_after_the_window(
    qtbot: QtBot,
    page: BettingPage,
    old_slip: Slip,
    demo_shop: Shop,
    storage: FakeStorage,
    runner: TaskRunner,
) -> None:
    details = open_details(qtbot, page, old_slip.number)
    dialog = ask_reprint(qtbot, page, details)

    authorise(qtbot, dialog, "boss", "9911")

    qtbot.waitUntil(lambda: details.message_text() == "Повторная печать учтена: копия № 1.")
    assert page.recent.manager_dialog is None
    assert demo_shop.slip(old_slip.number).reprints == 1
    authorised = [r for r in storage.data.audit if r.action is AuditAction.AUTHORISED]
    assert [(r.actor, r.detail) for r in authorised] == [
        ("boss", "boss разрешил anna: повторная печать купона после 5 минут")
    ]
    assert actions(storage)[-1] is AuditAction.SLIP_REPRINTED

    # Once: the next copy needs the manager again.
    again = ask_reprint(qtbot, page, details)
    qtbot.waitUntil(lambda: not runner.busy)
    assert demo_shop.slip(old_slip.number).reprints == 1
    again.reject()
    qtbot.waitUntil(lambda: page.recent.manager_dialog is None)


def test_a_wrong_manager_pin_is_refused_and_counted(
    qtbot: QtBot,
    page: BettingPage,
    old_slip: Slip,
    demo_shop: Shop,
    storage: FakeStorage,
) -> None:
    dialog = ask_reprint(qtbot, page, open_details(qtbot, page, old_slip.number))

    authorise(qtbot, dialog, "boss", "0000")

    qtbot.waitUntil(lambda: dialog.message_text() == str(WrongPin("boss", 4)))
    assert dialog.isVisible()
    assert dialog.findChild(QLineEdit, "manager_pin_field").text() == ""
    assert storage.data.users["boss"].failed_pins == 1
    assert actions(storage)[-1] is AuditAction.WRONG_PIN
    assert demo_shop.slip(old_slip.number).reprints == 0
    dialog.reject()


def test_enter_on_an_empty_pin_is_no_try_the_dialog_asks_for_the_pin_and_stays(
    qtbot: QtBot,
    page: BettingPage,
    old_slip: Slip,
    demo_shop: Shop,
    storage: FakeStorage,
) -> None:
    """Issue 16: five Enters on an empty PIN locked the only manager out for 15 minutes."""
    dialog = ask_reprint(qtbot, page, open_details(qtbot, page, old_slip.number))
    pin_field = dialog.findChild(QLineEdit, "manager_pin_field")
    qtbot.waitUntil(lambda: dialog.findChild(QLineEdit, "manager_login").text() == "boss")
    recorded = len(storage.data.audit)

    for _ in range(6):
        qtbot.keyClick(pin_field, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: dialog.message_text() == str(PinRequired()))
        qtbot.waitUntil(pin_field.isEnabled)

    assert dialog.isVisible() and page.recent.manager_dialog is dialog
    assert pin_field.hasFocus()
    assert storage.data.users["boss"].failed_pins == 0
    assert len(storage.data.audit) == recorded  # no WRONG_PIN, no lock
    authorise(qtbot, dialog, "boss", "9911")
    qtbot.waitUntil(lambda: demo_shop.slip(old_slip.number).reprints == 1)


@pytest.mark.warns_in_log  # pos logs the lock-outs of boss
def test_a_manager_locked_for_good_cannot_authorise_and_the_dialog_says_so(
    qtbot: QtBot,
    page: BettingPage,
    old_slip: Slip,
    demo_shop: Shop,
    storage: FakeStorage,
    clock: FixedClock,
) -> None:
    for lasted in (timedelta(minutes=15), timedelta(hours=1), timedelta(0)):
        for _ in range(5):
            with contextlib.suppress(PosError):
                demo_shop.login("boss", "0000")
        clock.advance(lasted)
    dialog = ask_reprint(qtbot, page, open_details(qtbot, page, old_slip.number))

    authorise(qtbot, dialog, "boss", "9911")  # the right PIN, but the lock has no end

    qtbot.waitUntil(lambda: dialog.message_text() == str(UserLockedUntilUnlocked("boss")))
    assert dialog.isVisible()
    assert actions(storage)[-1] is AuditAction.REFUSED_LOCKED
    assert actions(storage).count(AuditAction.LOCKED_OUT) == 3
    assert AuditAction.AUTHORISED not in actions(storage)
    assert demo_shop.slip(old_slip.number).reprints == 0
    dialog.reject()


def test_a_cashiers_pin_does_not_authorise(
    qtbot: QtBot,
    page: BettingPage,
    old_slip: Slip,
    demo_shop: Shop,
    storage: FakeStorage,
) -> None:
    dialog = ask_reprint(qtbot, page, open_details(qtbot, page, old_slip.number))

    authorise(qtbot, dialog, "anna", "4821")

    qtbot.waitUntil(lambda: dialog.message_text() == REFUSED)
    assert actions(storage)[-1] is AuditAction.AUTHORISATION_REFUSED
    assert demo_shop.slip(old_slip.number).reprints == 0
    dialog.reject()


def test_cancel_closes_the_dialog_and_nothing_is_printed(
    qtbot: QtBot, page: BettingPage, old_slip: Slip, demo_shop: Shop
) -> None:
    dialog = ask_reprint(qtbot, page, open_details(qtbot, page, old_slip.number))

    qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    qtbot.waitUntil(lambda: page.recent.manager_dialog is None)
    assert demo_shop.slip(old_slip.number).reprints == 0


def test_the_only_manager_is_named_and_the_pin_asked_at_once(
    qtbot: QtBot, anna: Desk, runner: TaskRunner
) -> None:
    dialog = ManagerPinDialog(anna, runner, Permission.AGREE_IN_PLAY)
    qtbot.addWidget(dialog)
    dialog.show()

    login = dialog.findChild(QLineEdit, "manager_login")
    qtbot.waitUntil(lambda: login.text() == "boss")
    assert login.completer() is not None
    assert login.completer().model().index(0, 0).data() == "boss"
