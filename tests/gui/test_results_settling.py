"""The results page: settling off the GUI thread, who has the page, a settled slip's details."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QProgressBar, QPushButton, QWidget
from pytestqt.qtbot import QtBot

import pos.settlement.use_cases
from pos.betting.slips import SlipStatus
from pos.core.clock import FixedClock
from pos.core.context import Context
from pos.people.actor import Actor
from pos.shop.desk import Desk
from pos.shop.services import Shop
from tests.gui.results_helpers import open_results
from tests.gui.widgets import child, click, open_window, sign_in
from ui.pages.betting import BettingPage
from ui.pages.results import ResultsPage
from ui.tasks import TaskRunner


@pytest.fixture
def page(qtbot: QtBot, boss: Desk, runner: TaskRunner, clock: FixedClock) -> ResultsPage:
    return open_results(qtbot, boss, runner, clock)


# --- settling --------------------------------------------------------------------------------


def held_settlement(
    monkeypatch: pytest.MonkeyPatch,
    gate: threading.Event,
    threads: list[threading.Thread],
    reports: list[pos.settlement.use_cases.SettleReport],
) -> None:
    """Settle a slip per chunk, and hold the worker after the first chunk until `gate` opens."""
    real = pos.settlement.use_cases.settle_all

    def settle_slowly(
        ctx: Context, actor: Actor, progress: Callable[[int, int], None] | None = None
    ) -> pos.settlement.use_cases.SettleReport:
        threads.append(threading.current_thread())

        def held(done: int, total: int) -> None:
            assert progress is not None
            progress(done, total)
            if done == 1:
                assert gate.wait(5)

        reports.append(real(ctx, actor, held, chunk=1))
        return reports[-1]

    monkeypatch.setattr(pos.settlement.use_cases, "settle_all", settle_slowly)


def test_settling_runs_off_the_gui_thread_with_progress_and_a_report(
    qtbot: QtBot,
    anna: Desk,
    boss: Desk,
    runner: TaskRunner,
    clock: FixedClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    anna.accept_bet([(101, "1")], Decimal("10"))
    anna.accept_bet([(102, "X")], Decimal("5"))
    anna.accept_bet([(101, "2"), (201, "1")], Decimal("4"), "express")
    page = open_results(qtbot, boss, runner, clock)
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.record_result(102, 1, 0, source="АБФФ")
    boss.record_result(201, None, None, status="cancelled", source="ФХРБ")
    gate, threads, reports = threading.Event(), [], []
    held_settlement(monkeypatch, gate, threads, reports)
    bar = child(page, QProgressBar, "settle_progress")

    click(qtbot, page, "settle")

    # The worker waits after the first slip; the window goes on showing what it sends.
    qtbot.waitUntil(lambda: bar.value() == 1 and bar.maximum() == 3)
    assert bar.isVisible()
    assert bar.text() == "проверено купонов: 1 из 3"
    assert not child(page, QPushButton, "settle").isEnabled()
    assert page.message_text() == "Расчёт ставок…"
    gate.set()
    qtbot.waitUntil(lambda: page.message_text().startswith("Рассчитано"))
    [report] = reports
    assert (report.won, report.lost, report.refunds, report.payout) == (1, 2, 0, Decimal("21"))
    assert page.message_text() == report.words()
    assert bar.value() == bar.maximum() == 3
    assert threads and threads[0] is not threading.main_thread()
    qtbot.waitUntil(child(page, QPushButton, "settle").isEnabled)


def test_settling_with_nothing_to_settle_says_so(qtbot: QtBot, page: ResultsPage) -> None:
    click(qtbot, page, "settle")

    qtbot.waitUntil(lambda: page.message_text().startswith("Проверено"))
    assert page.message_text() == "Проверено купонов: 0; рассчитывать пока нечего."


# --- who sees the page -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("login", "pin", "shown"), [("anna", "4821", False), ("boss", "9911", True)]
)
def test_only_a_manager_has_the_results_tab_after_the_till(
    qtbot: QtBot,
    demo_shop: Shop,
    runner: TaskRunner,
    ui_state: QSettings,
    login: str,
    pin: str,
    shown: bool,
) -> None:
    window = open_window(qtbot, demo_shop, runner, ui_state)

    sign_in(qtbot, window, login, pin)

    titles = window.page_titles()
    assert ("Результаты" in titles) is shown
    assert (window.findChild(ResultsPage) is not None) is shown
    if shown:
        # After the cashier's last page and the games' boards without a slot (issue 36).
        assert titles[titles.index("Спрэдбетэкс") + 1 :][:2] == ["Рулетка", "Результаты"]


# --- the slip details ------------------------------------------------------------------------


def look_up(qtbot: QtBot, page: BettingPage, number: str) -> QWidget:
    page.recent.look_up(number)
    qtbot.waitUntil(lambda: page.recent.details_dialog is not None)
    return page.recent.details_dialog


def test_the_slip_details_explain_a_settled_express_leg_by_leg(
    qtbot: QtBot, anna: Desk, boss: Desk, demo_shop: Shop, runner: TaskRunner, clock: FixedClock
) -> None:
    express = anna.accept_bet([(101, "1"), (103, "1")], Decimal("10"), "express")
    waiting = anna.accept_bet([(101, "1"), (104, "X")], Decimal("10"), "express")
    clock.advance(timedelta(days=3))
    boss.record_result(101, 2, 1, source="АБФФ")
    boss.record_result(103, None, None, status="postponed", source="АБФФ")
    demo_shop.settle()
    page = BettingPage(anna, runner, clock)
    qtbot.addWidget(page)
    page.show()

    details = look_up(qtbot, page, express.number)

    settlement = boss.settlement(express.number)
    assert settlement is not None
    assert settlement.status is SlipStatus.WON
    assert details.field_texts()["Статус"] == "выигрыш"
    assert details.settlement_text() == "\n".join(
        ["Расчёт: выигрыш, к выплате 21,00 руб.", *settlement.lines]
    )
    assert "возврат" in settlement.lines[1]
    qtbot.keyClick(details, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: page.recent.details_dialog is None)

    details = look_up(qtbot, page, waiting.number)

    assert details.field_texts()["Статус"] == "принят, ждёт результатов"
    assert details.settlement_text() == ""
