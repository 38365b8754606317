"""Refusals reach the user as their own sentence: calm for mistakes, a warning for devices."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

import ui.errors
from pos.core.errors import PosError, StorageUnavailable
from pos.people.errors import WrongPin
from ui.errors import MessageGroup, MessageLabel, show_error


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[QMessageBox.Icon, str]]:
    shown: list[tuple[QMessageBox.Icon, str]] = []
    monkeypatch.setattr(
        ui.errors, "ask_message_box", lambda _parent, icon, text: shown.append((icon, text))
    )
    return shown


def test_a_domain_refusal_is_an_information_message_with_its_own_sentence(
    boxes: list[tuple[QMessageBox.Icon, str]],
) -> None:
    exc = WrongPin("anna", 3)

    show_error(None, exc)

    assert boxes == [(QMessageBox.Icon.Information, str(exc))]


def test_a_storage_failure_is_a_warning_with_its_own_sentence(
    boxes: list[tuple[QMessageBox.Icon, str]],
) -> None:
    exc = StorageUnavailable("database is locked")

    show_error(None, exc)

    assert boxes == [(QMessageBox.Icon.Warning, str(exc))]


def test_the_message_box_shows_the_text_and_closes_with_ok(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    seen: list[str] = []

    def close_box() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append(box.text())
        box.button(QMessageBox.StandardButton.Ok).click()

    QTimer.singleShot(50, close_box)
    ui.errors.ask_message_box(parent, QMessageBox.Icon.Information, "Проверьте PIN.")

    assert seen == ["Проверьте PIN."]


def test_the_inline_label_shows_a_refusal_a_success_and_clears(qtbot: QtBot) -> None:
    label = MessageLabel()
    qtbot.addWidget(label)
    exc: PosError = WrongPin("anna", 2)

    label.show_error(exc)
    assert (label.text(), label.kind) == (str(exc), "error")

    label.show_success("Настройки сохранены.")
    assert (label.text(), label.kind) == ("Настройки сохранены.", "success")

    label.clear_message()
    assert (label.text(), label.kind) == ("", "")


def test_the_inline_label_shows_a_warning_boxed_and_a_neutral_answer(qtbot: QtBot) -> None:
    label = MessageLabel()
    qtbot.addWidget(label)
    exc = StorageUnavailable("disk full")

    label.show_warning(exc)
    assert (label.text(), label.kind) == (str(exc), "warning")
    assert "border" in label.styleSheet() and "bold" in label.styleSheet()

    label.show_info("Все чеки уже напечатаны.")
    assert (label.text(), label.kind) == ("Все чеки уже напечатаны.", "info")
    assert "border" not in label.styleSheet()


def _labels(qtbot: QtBot, count: int) -> list[MessageLabel]:
    labels = [MessageLabel() for _ in range(count)]
    for label in labels:
        qtbot.addWidget(label)
    return labels


def test_an_outcome_in_a_group_clears_the_other_lines_but_a_warning(qtbot: QtBot) -> None:
    issue, cancel, lookup = _labels(qtbot, 3)
    group = MessageGroup(issue, issue, cancel, lookup)
    issue.show_warning(StorageUnavailable("disk full"))
    lookup.show_error(WrongPin("anna", 3))

    cancel.show_success("Купон отменён.")

    assert (issue.kind, cancel.kind, lookup.kind) == ("warning", "success", "")
    lookup.show_progress("Поиск купона…")  # no outcome yet: nothing else goes
    assert cancel.kind == "success"
    group.clear()
    assert (issue.kind, cancel.kind, lookup.kind) == ("warning", "", "")


def test_a_standing_line_clears_the_others_and_they_never_clear_it(qtbot: QtBot) -> None:
    message, document = _labels(qtbot, 2)
    group = MessageGroup(message, message)
    group.add(document, standing=True)
    message.show_error(WrongPin("anna", 3))

    document.show_success("Документ проверен: 36 лет")
    assert message.text() == ""

    message.show_error(WrongPin("anna", 3))
    assert document.text() == "Документ проверен: 36 лет"


def test_editing_a_field_clears_its_refusal_but_the_program_filling_it_does_not(
    qtbot: QtBot,
) -> None:
    (label,) = _labels(qtbot, 1)
    field = QLineEdit()
    qtbot.addWidget(field)
    label.clear_when_edited(field)
    label.show_error(WrongPin("anna", 3))

    field.setText("101 1")
    assert label.kind == "error"

    qtbot.keyClicks(field, "2")
    assert label.kind == ""

    label.show_warning(StorageUnavailable("disk full"))
    qtbot.keyClicks(field, "3")
    assert label.kind == "warning"  # until it is dealt with
