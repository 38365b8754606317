"""The СККС in the window (issue 35): the link in the status bar, the background sender, and the
manager's «СККС» page (settings, «Отправить сейчас», «Расхождения СККС»), against the simulator."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from escpos.printer import Dummy
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QTabBar
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.gui.spread_helpers import sqlite_shop
from tests.gui.test_shift import close_with
from tests.gui.test_till import open_till
from tests.gui.widgets import child, open_window, sign_in
from tests.skks_simulator import SimulatedController
from ui import skks_link
from ui.main_window import MainWindow
from ui.pages.skks import SkksPage
from ui.referral_notice import ReferralNotice
from ui.skks_link import SkksLink
from ui.tasks import TaskRunner
from ui.workspace_pages import page_of


@pytest.fixture
def controller() -> Iterator[SimulatedController]:
    with SimulatedController() as simulated:
        yield simulated


@pytest.fixture
def db_shop(tmp_path: Path, clock: FixedClock) -> Iterator[Shop]:
    """The demo shop on a SQLite file (the fakes keep no outbox), anna's shift open."""
    shop = sqlite_shop(tmp_path, clock, Dummy())
    yield shop
    shop.close()


@pytest.fixture
def quick_link(monkeypatch: pytest.MonkeyPatch) -> None:
    """The link read and the outbox sent every 100 ms, not every 5 s."""
    monkeypatch.setattr(skks_link, "TICK_MS", 100)
    monkeypatch.setattr(skks_link, "AFTER_WORK_MS", 10)


@pytest.fixture
def quiet_link(monkeypatch: pytest.MonkeyPatch) -> None:
    """No background sending during the test: only «Отправить сейчас» sends."""
    monkeypatch.setattr(skks_link, "TICK_MS", 3_600_000)
    monkeypatch.setattr(skks_link, "AFTER_WORK_MS", 3_600_000)


def _connect(shop: Shop, controller: SimulatedController, mode: str) -> None:
    shop.update_settings(skks_url=controller.url, skks_mode=mode, skks_timeout=1)


def _status(window: MainWindow) -> QLabel:
    label = window.statusBar().findChild(QLabel, "status_skks")
    assert label is not None
    return label


def _skks_page(qtbot: QtBot, window: MainWindow) -> SkksPage:
    """boss signed in, «СККС» opened by keys (Ctrl+Shift+Tab from the first page goes round
    to the last one), read."""
    sign_in(qtbot, window, "boss", "9911")
    navigation = window.findChild(QTabBar, "navigation")
    back = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Backtab, back)
    assert window.page_titles()[navigation.currentIndex()] == "СККС"
    page = page_of(window.findChildren(SkksPage), SkksPage)
    assert page is not None
    waiting = child(page, QLabel, "skks_waiting")
    qtbot.waitUntil(lambda: waiting.text() != "")
    return page


def _window(qtbot: QtBot, shop: Shop, runner: TaskRunner, ui_state: QSettings) -> MainWindow:
    return open_window(qtbot, shop, runner, ui_state)


def test_the_demo_s_status_bar_says_the_link_is_not_connected(
    qtbot: QtBot, db_shop: Shop, runner: TaskRunner, ui_state: QSettings
) -> None:
    window = _window(qtbot, db_shop, runner, ui_state)
    assert _status(window).text() == "СККС не подключена"


def test_the_status_bar_counts_what_waits_and_the_sender_drains_it_when_the_controller_answers(
    qtbot: QtBot,
    db_shop: Shop,
    clock: FixedClock,
    runner: TaskRunner,
    ui_state: QSettings,
    controller: SimulatedController,
    quick_link: None,
) -> None:
    _connect(db_shop, controller, "deferred")
    window = _window(qtbot, db_shop, runner, ui_state)
    qtbot.waitUntil(lambda: _status(window).text() == "СККС: на связи")

    controller.down = True
    anna = db_shop.login("anna", "4821")
    for stake in ("5", "6"):
        anna.accept_bet([(101, "1")], stake=stake)
    clock.advance(timedelta(minutes=7))
    qtbot.waitUntil(lambda: _status(window).text() == "СККС: 2 в очереди (7 мин.)")
    assert controller.log() == []

    controller.down = False

    qtbot.waitUntil(lambda: _status(window).text() == "СККС: на связи", timeout=10_000)
    assert [entry["kind"] for entry in controller.log()] == ["bet_accepted", "bet_accepted"]
    assert db_shop.skks_status().unsent == 0


def test_the_manager_sees_a_refusal_after_the_fact(
    qtbot: QtBot,
    db_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    controller: SimulatedController,
    quiet_link: None,
) -> None:
    _connect(db_shop, controller, "deferred")
    controller.refuse_kinds = {"cash_in": "причина"}
    controller.down = True  # the window's first sending finds it down
    db_shop.login("boss", "9911").cash_in("50", reason="размен")
    window = _window(qtbot, db_shop, runner, ui_state)
    page = _skks_page(qtbot, window)
    send = child(page, QPushButton, "skks_send_now")
    message = child(page, QLabel, "skks_message")
    qtbot.waitUntil(lambda: send.isVisible() and send.isEnabled())
    controller.down = False

    send.setFocus()
    qtbot.keyClick(send, Qt.Key.Key_Space)

    qtbot.waitUntil(lambda: "отказано в 1 сообщении" in message.text())
    model = page.refusals
    qtbot.waitUntil(lambda: model.rowCount() == 1)
    row = [model.index(0, column).data() for column in range(model.columnCount())]
    assert row[0] == "К1-0000000001"
    assert row[1] == "внесение"
    assert row[3] == "refused: причина"
    assert db_shop.skks_status().unsent == 0


def test_send_now_drains_a_deferred_backlog_once_the_controller_answers(
    qtbot: QtBot,
    db_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    controller: SimulatedController,
    quiet_link: None,
) -> None:
    _connect(db_shop, controller, "deferred")
    controller.down = True
    anna = db_shop.login("anna", "4821")
    for stake in ("5", "6", "7"):
        anna.accept_bet([(101, "1")], stake=stake)
    window = _window(qtbot, db_shop, runner, ui_state)
    page = _skks_page(qtbot, window)
    waiting = child(page, QLabel, "skks_waiting")
    qtbot.waitUntil(lambda: waiting.text().startswith("Не отправлено: 3 сообщения"))
    send = child(page, QPushButton, "skks_send_now")
    message = child(page, QLabel, "skks_message")

    send.setFocus()
    qtbot.keyClick(send, Qt.Key.Key_Space)
    # The controller's wait (skks_timeout, seconds) runs first: more than waitUntil's 5 s
    # default on a loaded machine (it failed so under `make test`).
    qtbot.waitUntil(lambda: message.text().startswith("СККС не ответила"), timeout=20_000)
    assert controller.log() == []

    controller.down = False
    qtbot.waitUntil(send.isEnabled)
    qtbot.keyClick(send, Qt.Key.Key_Space)

    qtbot.waitUntil(
        lambda: message.text() == "Очередь СККС отправлена: зарегистрировано 3 сообщения."
    )
    qtbot.waitUntil(
        lambda: waiting.text() == "Все сообщения зарегистрированы в СККС, очередь пуста."
    )
    assert [entry["id"] for entry in controller.log()] == [f"К1-{n:010d}" for n in (1, 2, 3)]


def test_the_page_shows_the_last_shift_s_totals_against_the_controller_s(
    qtbot: QtBot,
    db_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    controller: SimulatedController,
    quiet_link: None,
) -> None:
    anna = db_shop.login("anna", "4821")
    status = anna.shift()
    assert status is not None
    anna.close_shift(counted=status.summary.expected)
    _connect(db_shop, controller, "online")
    anna.open_shift(cash="500")
    first = anna.accept_bet([(101, "1")], stake="10")
    anna.accept_bet([(101, "1")], stake="20")
    bet = next(e["id"] for e in controller.log() if e["kind"] == "bet_accepted")
    controller.registry.forget(bet)  # the controller lost a registration
    assert first.number
    status = anna.shift()
    assert status is not None
    anna.close_shift(counted=status.summary.expected)
    window = _window(qtbot, db_shop, runner, ui_state)

    page = _skks_page(qtbot, window)

    check = child(page, QLabel, "skks_last_check")
    qtbot.waitUntil(lambda: "Сверка с СККС: расхождение" in check.text())
    assert "ставки: касса 2 / 30,00 руб., СККС 1 / 20,00 руб." in check.text()


def test_the_closing_dialog_says_the_controller_agrees(
    qtbot: QtBot, db_shop: Shop, runner: TaskRunner, controller: SimulatedController
) -> None:
    _connect(db_shop, controller, "online")
    anna = db_shop.login("anna", "4821")
    anna.accept_bet([(101, "1")], stake="10")
    till = open_till(qtbot, anna, runner)
    status = anna.shift()
    assert status is not None

    dialog = close_with(qtbot, till, str(status.summary.expected))

    skks = dialog.findChild(QLabel, "closing_skks")
    assert skks.isVisible()
    assert skks.text() == "Сверка с СККС: совпадает"


def test_the_manager_connects_the_till_on_the_page_and_a_bad_address_is_refused(
    qtbot: QtBot,
    db_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    controller: SimulatedController,
    quiet_link: None,
) -> None:
    window = _window(qtbot, db_shop, runner, ui_state)
    page = _skks_page(qtbot, window)
    address = child(page, QLineEdit, "skks_url")
    message = child(page, QLabel, "skks_message")
    waiting = child(page, QLabel, "skks_waiting")
    qtbot.waitUntil(lambda: waiting.text().startswith("СККС не подключена"))

    address.setFocus()
    qtbot.keyClicks(address, "ftp://kiz")
    qtbot.keyClick(address, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "Адрес СККС" in message.text())
    assert db_shop.settings().skks_url == ""

    address.clear()
    qtbot.keyClicks(address, controller.url)
    mode = child(page, QComboBox, "skks_mode")
    mode.setCurrentIndex(mode.findData("deferred"))
    qtbot.keyClick(address, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: message.text() == "Настройки СККС сохранены.")
    assert db_shop.settings().skks_url == controller.url + "/"
    assert db_shop.settings().skks_mode == "deferred"
    qtbot.waitUntil(lambda: _status(window).text() == "СККС: на связи")


def test_closing_the_window_stops_the_sender_and_joins_its_worker(
    qtbot: QtBot,
    db_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    controller: SimulatedController,
    quick_link: None,
) -> None:
    _connect(db_shop, controller, "deferred")
    controller.delay = 0.3  # a sending on its way when the window closes
    db_shop.login("anna", "4821").accept_bet([(101, "1")], stake="5")
    window = _window(qtbot, db_shop, runner, ui_state)
    link = window.findChild(SkksLink)
    assert isinstance(link, SkksLink)
    qtbot.waitUntil(lambda: link.busy)
    before = {thread.name for thread in threading.enumerate()}
    assert any(name.startswith("pos-worker") for name in before)

    window.close()

    assert link.stopped
    workers = [t for t in threading.enumerate() if t.name.startswith("pos-worker")]
    # Only the window's own worker (the fixture's) is left.
    assert len(workers) <= 1


def test_the_manager_s_enter_is_kept_while_the_window_counts_big_stakes_in_the_background(
    qtbot: QtBot,
    db_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    controller: SimulatedController,
    quiet_link: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The CI failure of stop 44: the referral notice's count every second kept the runner
    busy at the moment of Enter, and the page dropped the key as a double press."""
    window = _window(qtbot, db_shop, runner, ui_state)
    page = _skks_page(qtbot, window)
    address = child(page, QLineEdit, "skks_url")
    message = child(page, QLabel, "skks_message")
    notice = window.findChild(ReferralNotice)
    assert isinstance(notice, ReferralNotice)
    notice.timer.stop()
    counting, answer = threading.Event(), threading.Event()

    def slow_count(desk: Desk) -> int:
        counting.set()
        answer.wait(10)
        return 0

    monkeypatch.setattr(Desk, "waiting_referrals", slow_count)
    notice.ask()
    assert counting.wait(5)

    address.setFocus()
    qtbot.keyClicks(address, "ftp://kiz")
    qtbot.keyClick(address, Qt.Key.Key_Return)
    answer.set()

    qtbot.waitUntil(lambda: "Адрес СККС" in message.text())
