"""Fixtures for the window tests: a task runner, UI state in a temp file, signed-in desks,
and printers that fail on demand."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from main import game_uis
from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.conftest import demo_shop_on
from tests.documents import PASSPORT
from tests.fakeprinter import FlakyDummy
from tests.fakes import FakeStorage
from tests.gui.exchange_helpers import players
from tests.gui.spread_helpers import shown_page, spread_shop, sqlite_shop
from tests.gui.widgets import open_window
from ui.app import GarbageCollector
from ui.games import installing
from ui.main_window import MainWindow
from ui.pages import exchange as exchange_page_module
from ui.pages import spread as spread_page_module
from ui.pages.spread import SpreadPage
from ui.tasks import TaskRunner


@pytest.fixture(autouse=True)
def _collect_garbage_on_the_gui_thread(qapp: QApplication) -> Iterator[None]:
    """As in the app: no cycle collection in the worker thread (see ui.app.GarbageCollector).

    What survives the test's last collection is frozen (gc.freeze): the next tests' full
    collections then scan what they made, not the whole session's heap, which had grown to
    half a second a test by the suite's end (0.55 s of each window test's teardown)."""
    collector = GarbageCollector()
    collector.start()
    yield
    collector.stop()
    gc.freeze()


@pytest.fixture(autouse=True, scope="session")
def _the_shops_boards() -> Iterator[None]:
    """The windows made here list the boards main.py lists, as ui.start gives them (issue 36)."""
    with installing(game_uis()):
        yield


@pytest.fixture
def runner(qtbot: QtBot) -> Iterator[TaskRunner]:
    """The background worker; every queued call has delivered its callback before teardown."""
    task_runner = TaskRunner()
    yield task_runner
    try:
        qtbot.waitUntil(lambda: not task_runner.busy, timeout=30_000)
    finally:
        # Never let the runner go while its worker still runs: the worker's answer would be
        # emitted on a destroyed object (seen as "pure virtual method called" under load).
        task_runner.shutdown()


@pytest.fixture
def ui_state(tmp_path: Path) -> QSettings:
    """QSettings in a temp file, so tests never touch the user's configuration."""
    return QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot: QtBot, demo_shop: Shop, runner: TaskRunner, ui_state: QSettings) -> MainWindow:
    """The window on the demo shop, its sign-in page listing anna and boss."""
    return open_window(qtbot, demo_shop, runner, ui_state)


@pytest.fixture
def boss(demo_shop: Shop) -> Desk:
    """The demo manager, signed in."""
    return demo_shop.login("boss", "9911")


@pytest.fixture
def anna(demo_shop: Shop) -> Desk:
    """The demo cashier, signed in."""
    return demo_shop.login("anna", "4821")


@pytest.fixture
def flaky() -> FlakyDummy:
    """A printer to unplug: `two_printer_shop`'s fiscal printer, `flaky_shop`'s only one."""
    return FlakyDummy()


@pytest.fixture
def two_printer_shop(
    storage: FakeStorage, clock: FixedClock, printer: Dummy, flaky: FlakyDummy
) -> Shop:
    """The demo shop with slips on `printer` and fiscal receipts on their own `flaky` printer."""
    return demo_shop_on(storage, clock, printer, flaky)


@pytest.fixture
def flaky_shop(storage: FakeStorage, clock: FixedClock, flaky: FlakyDummy) -> Shop:
    """The demo shop printing slips and receipts on the one `flaky` printer."""
    return demo_shop_on(storage, clock, flaky)


# --- «Спрэдбет» (issue 19): the fakes keep no spread storage, so its pages run on SQLite ------


@pytest.fixture
def spread(tmp_path: Path, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    """The demo shop on a SQLite file with BRENT (74,10 / 74,14) and GOLD quoted, printing on
    `printer` (tests.gui.spread_helpers.spread_shop)."""
    shop = spread_shop(tmp_path, clock, printer)
    yield shop
    shop.close()


@pytest.fixture
def quiet_spread_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """The «Спрэдбет» page reads itself again every 10 s; in a test only when a key or an
    answer asks."""
    monkeypatch.setattr(spread_page_module, "REFRESH_MS", 3_600_000)


@pytest.fixture
def spread_cashier(spread: Shop) -> Desk:
    """anna at the «Спрэдбет» shop."""
    return spread.login("anna", "4821")


@pytest.fixture
def spread_account(spread_cashier: Desk) -> str:
    """Иванов's account (tests.documents.PASSPORT) with 500,00 on it."""
    number = spread_cashier.open_account(document=PASSPORT).number
    spread_cashier.deposit(number, Decimal("500"))
    return number


@pytest.fixture
def counter_page(
    qtbot: QtBot, spread_cashier: Desk, runner: TaskRunner, clock: FixedClock
) -> SpreadPage:
    """anna's «Спрэдбет» page on its own, read once, the cursor in the account field."""
    return shown_page(qtbot, spread_cashier, runner, clock)


@pytest.fixture
def office_page(qtbot: QtBot, spread: Shop, runner: TaskRunner, clock: FixedClock) -> SpreadPage:
    """The manager's «Спрэдбет» page, at his own terminal."""
    return shown_page(qtbot, spread.login("boss", "9911"), runner, clock)


# --- «Спрэдбетэкс» (issue 20): on SQLite too, as its page's tests and «Спрэдбет»'s ------------


@pytest.fixture
def quiet_exchange_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """The «Спрэдбетэкс» page reads itself again every 10 s; in a test only when a key or an
    answer asks."""
    monkeypatch.setattr(exchange_page_module, "REFRESH_MS", 3_600_000)


@pytest.fixture
def exchange(tmp_path: Path, clock: FixedClock, printer: Dummy) -> Iterator[Shop]:
    """The demo shop on a SQLite file (anna 4821 cashier, boss 9911 manager), printing on
    `printer`."""
    shop = sqlite_shop(tmp_path, clock, printer)
    yield shop
    shop.close()


@pytest.fixture
def accounts(exchange: Shop) -> tuple[str, str]:
    """Иванов's account with 1 000,00 and Ковалёва's with 500,00 (tests.gui.exchange_helpers
    .players)."""
    return players(exchange.login("anna", "4821"))
