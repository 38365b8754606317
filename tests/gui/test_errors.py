"""Refusals reach the user as their own sentence: calm for mistakes, a warning for devices."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

import ui.errors
from pos.errors import PosError, StorageUnavailable, WrongPin
from ui.errors import MessageLabel, show_error


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
