"""Fixtures for the window tests: a task runner, UI state in a temp file, a signed-in desk."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pos.desk import Desk
from pos.services import Shop
from ui.app import GarbageCollector
from ui.tasks import TaskRunner


@pytest.fixture(autouse=True)
def _collect_garbage_on_the_gui_thread(qapp: QApplication) -> Iterator[None]:
    """As in the app: no cycle collection in the worker thread (see ui.app.GarbageCollector)."""
    collector = GarbageCollector()
    collector.start()
    yield
    collector.stop()


@pytest.fixture
def runner(qtbot: QtBot) -> Iterator[TaskRunner]:
    """The background worker; every queued call has delivered its callback before teardown."""
    task_runner = TaskRunner()
    yield task_runner
    qtbot.waitUntil(lambda: not task_runner.busy, timeout=5000)
    task_runner.shutdown()


@pytest.fixture
def ui_state(tmp_path: Path) -> QSettings:
    """QSettings in a temp file, so tests never touch the user's configuration."""
    return QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def boss(demo_shop: Shop) -> Desk:
    """The demo manager, signed in."""
    return demo_shop.login("boss", "9911")


@pytest.fixture
def anna(demo_shop: Shop) -> Desk:
    """The demo cashier, signed in."""
    return demo_shop.login("anna", "4821")
