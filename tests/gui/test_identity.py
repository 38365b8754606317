"""The identity dialog (p.4): the ICAO specimen read from its zone, a document typed by hand."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from pos.betting.errors import DocumentRefused
from pos.betting.slips import IdOutcome
from pos.people.errors import DocumentExpired, InvalidDocument, InvalidMrz, Underage
from pos.shop.desk import Desk
from tests.fakes import FakeStorage
from ui.dialogs.identity import IdentityDialog
from ui.pages.betting import BettingPage
from ui.tasks import TaskRunner

TODAY = date(2026, 11, 30)
SPECIMEN = (
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
)


@pytest.fixture
def dialog(qtbot: QtBot, anna: Desk, runner: TaskRunner) -> IdentityDialog:
    identity = IdentityDialog(anna, runner, TODAY)
    qtbot.addWidget(identity)
    identity.show()  # not exec(): the test drives it and nothing blocks
    return identity


def mrz(dialog: IdentityDialog) -> QPlainTextEdit:
    return dialog.findChild(QPlainTextEdit, "mrz")


def click(qtbot: QtBot, dialog: IdentityDialog, name: str) -> None:
    qtbot.mouseClick(dialog.findChild(QPushButton, name), Qt.MouseButton.LeftButton)


def type_adult(qtbot: QtBot, dialog: IdentityDialog, birth: str = "15031990") -> None:
    dialog.field("surname").setText("Иванов")  # keyClicks cannot type Cyrillic
    dialog.field("name").setText("Иван")
    dialog.field("patronymic").setText("Петрович")
    qtbot.keyClicks(dialog.field("birth_date"), birth)
    qtbot.keyClicks(dialog.field("number"), "MP1234567")
    dialog.field("issued_by").setText("Первомайский РУВД г. Минска")
    qtbot.keyClicks(dialog.field("issued_on"), "20.05.2020")
    qtbot.keyClicks(dialog.field("expires_on"), "20052030")


def outcomes(storage: FakeStorage) -> list[IdOutcome]:
    return [check.outcome for check in storage.data.id_checks]


def test_the_specimen_zone_typed_by_a_reader_fills_the_fields_and_is_refused_as_expired(
    qtbot: QtBot, dialog: IdentityDialog, storage: FakeStorage
) -> None:
    qtbot.keyClicks(mrz(dialog), SPECIMEN[0])
    qtbot.keyClick(mrz(dialog), Qt.Key.Key_Return)  # the first line ends: a new line starts
    qtbot.keyClicks(mrz(dialog), SPECIMEN[1])
    qtbot.keyClick(mrz(dialog), Qt.Key.Key_Return)  # the last line ends: the zone is read

    assert mrz(dialog).toPlainText() == "\n".join(SPECIMEN)
    assert dialog.field("surname").text() == "ERIKSSON"
    assert dialog.field("name").text() == "ANNA MARIA"
    assert dialog.field("birth_date").text() == "12.08.1974"
    assert dialog.field("number").text() == "L898902C3"
    assert dialog.field("issued_by").text() == "UTO"
    assert dialog.field("expires_on").text() == "15.04.2012"

    with qtbot.waitSignal(dialog.check_failed) as failed:
        click(qtbot, dialog, "check_document")

    assert str(failed.args[0]) == str(DocumentExpired(date(2012, 4, 15)))
    assert dialog.message_text() == str(DocumentExpired(date(2012, 4, 15)))
    assert outcomes(storage) == [IdOutcome.EXPIRED]
    assert dialog.isVisible()


def test_a_damaged_zone_is_refused_with_its_reason(qtbot: QtBot, dialog: IdentityDialog) -> None:
    mrz(dialog).setPlainText(SPECIMEN[0] + "\n" + SPECIMEN[1].replace("L898902C36", "L898902C37"))

    click(qtbot, dialog, "read_mrz")

    assert dialog.message_text() == str(InvalidMrz("check_number"))
    assert dialog.field("surname").text() == ""


def test_a_valid_adult_typed_by_hand_is_accepted(
    qtbot: QtBot, dialog: IdentityDialog, storage: FakeStorage
) -> None:
    type_adult(qtbot, dialog)

    with qtbot.waitSignal(dialog.document_checked) as checked:
        qtbot.keyClick(dialog.field("expires_on"), Qt.Key.Key_Return)

    document, age = checked.args
    assert (document.surname, document.birth_date, document.kind) == (
        "Иванов",
        date(1990, 3, 15),
        "паспорт",
    )
    assert document.expires_on == date(2030, 5, 20)
    assert age == 36
    assert outcomes(storage) == [IdOutcome.ACCEPTED]
    assert not dialog.isVisible()


def test_a_minor_is_refused(qtbot: QtBot, dialog: IdentityDialog) -> None:
    type_adult(qtbot, dialog, birth="01.01.2008")

    with qtbot.waitSignal(dialog.check_failed):
        click(qtbot, dialog, "check_document")

    assert dialog.message_text() == str(Underage(21, 18))


def test_a_missing_surname_is_named(qtbot: QtBot, dialog: IdentityDialog) -> None:
    type_adult(qtbot, dialog)
    dialog.field("surname").clear()

    with qtbot.waitSignal(dialog.check_failed):
        click(qtbot, dialog, "check_document")

    assert dialog.message_text() == str(InvalidDocument("surname"))


def test_an_impossible_date_is_marked_and_nothing_is_checked(
    qtbot: QtBot, dialog: IdentityDialog, storage: FakeStorage, runner: TaskRunner
) -> None:
    type_adult(qtbot, dialog, birth="31021990")

    click(qtbot, dialog, "check_document")

    assert dialog.field("birth_date").property("invalid") == "true"
    assert not runner.busy
    assert outcomes(storage) == []


def test_the_player_refusing_is_recorded(
    qtbot: QtBot, dialog: IdentityDialog, storage: FakeStorage
) -> None:
    with qtbot.waitSignal(dialog.check_failed):
        click(qtbot, dialog, "player_refused")

    assert dialog.message_text() == str(DocumentRefused())
    assert outcomes(storage) == [IdOutcome.REFUSED]


# --- on the betting page -------------------------------------------------------------------


@pytest.fixture
def page(qtbot: QtBot, anna: Desk, runner: TaskRunner, clock) -> BettingPage:  # type: ignore[no-untyped-def]
    betting_page = BettingPage(anna, runner, clock)
    qtbot.addWidget(betting_page)
    betting_page.show()
    betting_page.refresh()
    qtbot.waitUntil(lambda: not runner.busy)
    return betting_page


def open_identity(qtbot: QtBot, page: BettingPage) -> IdentityDialog:
    qtbot.keyClick(page.editor.findChild(object, "pick"), Qt.Key.Key_F4)
    assert page.identity_dialog is not None
    return page.identity_dialog


def test_f4_checks_the_document_which_goes_with_the_slip(
    qtbot: QtBot, page: BettingPage, storage: FakeStorage
) -> None:
    identity = open_identity(qtbot, page)
    type_adult(qtbot, identity)
    qtbot.keyClick(identity.field("number"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.identity_dialog is None)
    state = page.findChild(QLabel, "document_state")
    assert state.text() == "Документ проверен: 36 лет"

    page.editor.findChild(object, "pick").setText("101 1")
    qtbot.keyClick(page.editor.findChild(object, "pick"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.draft.rowCount() == 1)
    page.findChild(object, "stake").setText("10")
    qtbot.keyClick(page.findChild(object, "stake"), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.confirm_dialog is not None)
    assert "проверен, игроку 36 лет" in [
        label.text() for label in page.confirm_dialog.findChildren(QLabel)
    ]
    qtbot.keyClick(page.confirm_dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.confirm_dialog is None)

    assert len(storage.data.slips) == 1
    # The check at F4 and the check with the slip are both recorded.
    assert outcomes(storage) == [IdOutcome.ACCEPTED, IdOutcome.ACCEPTED]
    assert state.text() == "Документ не проверялся"


def test_a_refusal_in_the_dialog_is_shown_on_the_page(qtbot: QtBot, page: BettingPage) -> None:
    identity = open_identity(qtbot, page)

    qtbot.mouseClick(identity.findChild(QPushButton, "player_refused"), Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: page.findChild(QLabel, "slip_message").text() == str(DocumentRefused()))
    qtbot.keyClick(identity, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.identity_dialog is None)
