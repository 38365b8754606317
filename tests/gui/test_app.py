"""The application: Russian Qt dialogs, the vendored fonts, and a crash hook that logs and tells."""

from __future__ import annotations

import gc
import logging
import logging.handlers
import re
import sys
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QAction, QFontInfo
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QFileDialog,
    QLabel,
    QMessageBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

import ui.app
from ui import single_instance
from ui.app import (
    APP_NAME,
    FONT_FAMILY,
    CrashHandler,
    GarbageCollector,
    create_application,
    install_crash_handler,
)
from ui.command_line import Exit
from ui.single_instance import SingleInstance, bring_forward, refuse_second_start
from ui.tasks import TaskRunner


@pytest.fixture
def crash_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    shown: list[Path] = []
    monkeypatch.setattr(ui.app, "show_crash_dialog", shown.append)
    return shown


@pytest.fixture
def crash_handler(tmp_path: Path, crash_dialogs: list[Path]) -> Iterator[CrashHandler]:
    handler = install_crash_handler(tmp_path / "data")
    yield handler
    handler.uninstall()


def _raise_bug() -> None:
    raise ZeroDivisionError("division by zero in a slot")


def test_the_application_is_named_and_speaks_russian_in_qt_dialogs(qapp: QApplication) -> None:
    app = create_application([])

    assert app is qapp
    assert app.applicationName() == APP_NAME
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Отмена"


def _english(widget: QWidget) -> set[str]:
    """Every label, button, action and column title in `widget` with Latin words and no
    Cyrillic (what a Russian-speaking cashier could not read)."""
    found: list[str] = [action.text() for action in widget.findChildren(QAction)]
    for child in widget.findChildren(QWidget):
        if isinstance(child, (QLabel, QAbstractButton)):
            found.append(child.text())
        found.append(child.toolTip())
        if isinstance(child, QAbstractItemView) and child.model() is not None:
            model = child.model()
            found += [
                str(model.headerData(column, Qt.Orientation.Horizontal))
                for column in range(model.columnCount())
            ]
    return {t for t in found if re.search("[A-Za-z]{3,}", t) and not re.search("[А-Яа-я]", t)}


@pytest.mark.parametrize(
    "mode", [QFileDialog.AcceptMode.AcceptOpen, QFileDialog.AcceptMode.AcceptSave]
)
def test_the_file_dialog_speaks_russian(
    qapp: QApplication, qtbot: QtBot, tmp_path: Path, mode: QFileDialog.AcceptMode
) -> None:
    create_application([])
    dialog = QFileDialog(None, "Загрузить линию", str(tmp_path), "Файлы линии (*.csv *.json)")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setAcceptMode(mode)
    qtbot.addWidget(dialog)
    dialog.show()

    assert _english(dialog) == set()


def test_the_print_dialog_speaks_russian(qapp: QApplication, qtbot: QtBot) -> None:
    create_application([])
    printer = QPrinter()
    dialog = QPrintDialog(printer)
    qtbot.addWidget(dialog)
    dialog.show()

    assert _english(dialog) == set()


def test_the_vendored_font_is_the_application_font_at_a_counter_size(qapp: QApplication) -> None:
    app = create_application([])

    font = app.font()
    assert QFontInfo(font).family() == FONT_FAMILY
    assert font.pointSize() >= 12


@pytest.mark.warns_in_log
def test_an_uncaught_exception_is_logged_with_its_traceback_and_the_dialog_shown(
    qapp: QApplication, crash_handler: CrashHandler, crash_dialogs: list[Path]
) -> None:
    try:
        _raise_bug()
    except ZeroDivisionError:
        sys.excepthook(*sys.exc_info())  # what Python does for an exception in a Qt slot

    log = crash_handler.log_file.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in log
    assert "ZeroDivisionError: division by zero in a slot" in log
    assert "_raise_bug" in log
    assert crash_dialogs == [crash_handler.log_file]


@pytest.mark.warns_in_log
def test_a_bug_in_a_background_call_reaches_the_crash_dialog(
    qtbot: QtBot, crash_handler: CrashHandler, crash_dialogs: list[Path]
) -> None:
    task_runner = TaskRunner()

    task_runner.run(_raise_bug)

    qtbot.waitUntil(lambda: bool(crash_dialogs))
    task_runner.shutdown()
    assert "ZeroDivisionError" in crash_handler.log_file.read_text(encoding="utf-8")


def test_the_log_rotates_at_one_megabyte_keeping_five_files(
    qapp: QApplication, crash_handler: CrashHandler
) -> None:
    handlers = [
        h
        for h in logging.getLogger().handlers
        if isinstance(h, logging.handlers.RotatingFileHandler)
        and Path(h.baseFilename) == crash_handler.log_file
    ]

    assert len(handlers) == 1
    assert (handlers[0].maxBytes, handlers[0].backupCount) == (1_000_000, 5)
    assert crash_handler.log_file.name == "pos.log"


def test_uninstall_gives_back_the_previous_hook(qapp: QApplication, tmp_path: Path) -> None:
    before = sys.excepthook

    handler = install_crash_handler(tmp_path)
    assert sys.excepthook is handler
    handler.uninstall()

    assert sys.excepthook is before


def test_the_crash_dialog_says_what_happened_and_where_the_log_is(
    qtbot: QtBot, tmp_path: Path
) -> None:
    log_file = tmp_path / "pos.log"
    seen: list[str] = []

    def close_dialog() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append(f"{box.text()}\n{box.informativeText()}")
        box.button(QMessageBox.StandardButton.Ok).click()

    QTimer.singleShot(50, close_dialog)
    ui.app.show_crash_dialog(log_file)

    text = seen[0]
    assert "непредвиденная ошибка" in text
    assert "отменена" in text
    assert str(log_file) in text
    assert "продолжает работу" in text


def test_a_log_file_opened_by_main_is_reused_not_written_twice(
    qapp: QApplication, tmp_path: Path
) -> None:
    log_file = tmp_path / "pos.log"
    existing = logging.handlers.RotatingFileHandler(log_file, encoding="utf-8")
    root = logging.getLogger()
    root.addHandler(existing)
    try:
        handler = install_crash_handler(tmp_path)
        files = [
            h
            for h in root.handlers
            if isinstance(h, logging.FileHandler) and Path(h.baseFilename) == log_file
        ]
        handler.uninstall()
    finally:
        root.removeHandler(existing)
        existing.close()

    assert files == [existing]


def test_cycles_are_collected_from_the_gui_thread_timer(qtbot: QtBot) -> None:
    collector = GarbageCollector(interval_ms=10)
    collector.start()
    assert not gc.isenabled()

    class Node:
        other: object = None

    node = Node()
    node.other = node  # a cycle: only the collector frees it
    freed = weakref.ref(node)
    del node
    allocations = [[] for _ in range(gc.get_threshold()[0] + 50)]

    qtbot.waitUntil(lambda: freed() is None)
    collector.stop()
    assert gc.isenabled()
    assert allocations


# --- one window per terminal (issue 34) -------------------------------------------------------


def test_a_second_claim_on_the_data_folder_is_refused_and_calls_the_first_forward(
    qtbot: QtBot, tmp_path: Path
) -> None:
    running, second = SingleInstance(tmp_path), SingleInstance(tmp_path)
    assert running.claim()
    running.listen()
    try:
        assert not second.claim()
        with qtbot.waitSignal(running.called, timeout=3_000):
            assert second.call_forward()
    finally:
        running.release()
    assert second.claim()  # the window closed: the next start opens
    second.release()


def test_another_data_folder_is_another_terminal(tmp_path: Path) -> None:
    first, other = SingleInstance(tmp_path / "k1"), SingleInstance(tmp_path / "k2")
    (tmp_path / "k1").mkdir()
    (tmp_path / "k2").mkdir()
    assert first.claim() and other.claim()
    assert not other.call_forward()  # nobody listens for k2
    first.release()
    other.release()


def test_a_refused_second_start_says_so_in_russian_and_exits_with_its_code(
    qtbot: QtBot,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(single_instance, "show_fatal_error", shown.append)
    window = QWidget()
    qtbot.addWidget(window)
    window.showMinimized()
    running = SingleInstance(tmp_path)
    assert running.claim()
    running.called.connect(lambda: bring_forward(window))
    running.listen()
    try:
        second = SingleInstance(tmp_path)
        assert not second.claim()
        assert refuse_second_start(second, tmp_path) == Exit.RUNNING == 6
        qtbot.waitUntil(lambda: not window.isMinimized())
    finally:
        running.release()
    said = (
        f"Касса уже открыта на этом компьютере (папка данных {tmp_path}): её окно выведено на "
        "передний план, второе окно не открывается."
    )
    assert capsys.readouterr().err == said + "\n"
    assert shown == [said]  # and in the dialog before the start ends
