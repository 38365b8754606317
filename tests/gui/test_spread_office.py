"""The manager's keys of the «Спрэдбет» page (issue 19): quotes from a file, the positions
report, a new asset, the self-exclusion register."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from pos.shop.desk import Desk
from tests.gui.spread_helpers import (
    focused,
    open_dialog,
    press,
    settled,
)
from ui.dialogs.spread_exposure import ExposureDialog
from ui.pages import spread_actions
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_spread_page")
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


# --- the manager's keys -----------------------------------------------------------------------


def test_a_manager_loads_quotes_from_a_file_and_reads_the_positions(
    qtbot: QtBot,
    office_page: SpreadPage,
    runner: TaskRunner,
    spread_cashier: Desk,
    spread_account: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spread_cashier.open_spread(spread_account, "BRENT", "up", stake="1")
    quotes = tmp_path / "котировки.csv"
    quotes.write_text("Код;Бид;Аск\nBRENT;74,00;74,04\nGOLD;2011,0;2011,4\n", encoding="utf-8")
    monkeypatch.setattr(spread_actions, "choose_file", lambda _parent, _kind: str(quotes))

    press(qtbot, Qt.Key.Key_O, CTRL)
    settled(qtbot, runner)

    assert office_page.message_text() == (
        "Котировки установлены: BRENT 74,00 / 74,04 (версия 2), GOLD 2011,0 / 2011,4 "
        "(версия 2). Ни одна ставка не закрыта."
    )
    assert [office_page.assets.model.texts(row)[2:4] for row in (0, 1)] == [
        ["74,00", "74,04"],
        ["2011,0", "2011,4"],
    ]
    report = open_dialog(qtbot, office_page, Qt.Key.Key_G, CTRL)
    assert isinstance(report, ExposureDialog)
    assert report.model.texts(0) == [
        "BRENT", "74,00 / 74,04", "1", "1,00", "0,00", "100,00", "\u221214,00", "0,00",
    ]  # fmt: skip
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: office_page.dialog is None)


def test_a_manager_adds_an_asset_and_loads_the_self_exclusion_register(
    qtbot: QtBot,
    office_page: SpreadPage,
    runner: TaskRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dialog = open_dialog(qtbot, office_page, Qt.Key.Key_N, CTRL)
    assert focused().objectName() == "asset_code"
    for name, text in (
        ("asset_code", "rts"),
        ("asset_name", "Индекс РТС"),
        ("asset_point", "0,01"),
        ("asset_margin", "200"),
        ("asset_maintenance", "0,5"),
        ("asset_min_stake", "0,10"),
        ("asset_max_stake", "10"),
    ):
        field = dialog.findChild(QLineEdit, name)
        assert isinstance(field, QLineEdit)
        field.setText(text)
    dialog.findChild(QLineEdit, "asset_max_stake").setFocus()  # type: ignore[union-attr]
    press(qtbot, Qt.Key.Key_Return)
    settled(qtbot, runner)

    assert office_page.message_text() == "Актив RTS сохранён: Индекс РТС."
    assert office_page.assets.current().asset.code == "RTS"  # type: ignore[union-attr]
    assert office_page.assets.model.texts(2)[2:] == ["—", "—", "нет котировки", "—"]

    register = tmp_path / "реестр.csv"
    register.write_text("Номер\nMP1234567\nKH7654321\n", encoding="utf-8")
    monkeypatch.setattr(spread_actions, "choose_file", lambda _parent, _kind: str(register))
    press(qtbot, Qt.Key.Key_O, CTRL | SHIFT)
    settled(qtbot, runner)
    loaded = "«реестр.csv» загружен 30.11.2026 12:00, 2 лица"  # the version, the time (issue 35)
    assert office_page.message_text() == f"Перечень лиц {loaded}."
    # The centre's file goes to the same key; pos tells the two kinds of file apart.
    register.write_text("личный_номер;документ\n3010185A001PB1;\n", encoding="utf-8")
    press(qtbot, Qt.Key.Key_O, CTRL | SHIFT)
    settled(qtbot, runner)
    assert office_page.message_text().endswith("загружен 30.11.2026 12:00, 1 лицо.")
