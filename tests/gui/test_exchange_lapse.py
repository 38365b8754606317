"""Offers lapse at their event's start (issue 20, p.46) without anyone touching them: the
window's timer asks pos every 30 seconds on whatever page is shown, and keeps a refusal to the
log."""

from __future__ import annotations

import logging
from datetime import datetime, time, timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from pos.core.clock import FixedClock
from pos.exchange.errors import UnknownOffer
from pos.exchange.paris import Offer, OfferStatus
from pos.shop.services import Shop
from tests.gui.exchange_helpers import MINSK, loaded, offer_row
from tests.gui.spread_helpers import press, settled
from tests.gui.widgets import current_tab, open_window, sign_in
from ui import exchange_lapse
from ui.exchange_lapse import OfferLapses
from ui.pages.exchange import ExchangePage
from ui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("quiet_exchange_page")
D = Decimal


def test_the_window_s_timer_lapses_an_offer_at_its_event_s_start_on_any_page(
    qtbot: QtBot,
    exchange: Shop,
    accounts: tuple[str, str],
    runner: TaskRunner,
    ui_state: QSettings,
    clock: FixedClock,
) -> None:
    backer, _layer = accounts
    anna = exchange.login("anna", "4821")
    offer = anna.offer_pari(backer, event=102, market="1", side="back", coefficient=D("0.85"),
                            stake=D("50"))  # fmt: skip
    window = open_window(qtbot, exchange, runner, ui_state)
    sign_in(qtbot, window, "anna", "4821")
    assert current_tab(window) == "Ставки"
    lapses = window.findChild(OfferLapses)
    assert lapses is not None
    assert lapses.timer.isActive() and lapses.timer.interval() == 30_000

    def tick() -> None:
        lapses.timer.timeout.emit()  # what Qt does every 30 seconds
        qtbot.waitUntil(lambda: not lapses.asking)

    tick()
    assert anna.offer(offer.number).status is OfferStatus.OPEN
    clock.set(datetime.combine(clock.now().astimezone(MINSK).date(), time(16, 31), MINSK))
    clock.advance(timedelta(days=1))  # 102 kicked off a minute ago; nobody touched the offer
    tick()

    lapsed = anna.offer(offer.number)
    assert (lapsed.status, lapsed.stake_open, lapsed.blocked) == (
        OfferStatus.LAPSED, D("0.00"), D("0.00")
    )  # fmt: skip
    assert exchange.account(backer).free == D("1000.00")
    press(qtbot, Qt.Key.Key_8, Qt.KeyboardModifier.AltModifier)
    settled(qtbot, runner)
    page = window.findChild(ExchangePage)
    assert page is not None
    loaded(qtbot, page, runner, backer)
    assert offer_row(page, offer.number)[-1] == "аннулировано"


def test_the_timer_says_a_refusal_only_in_the_log(
    qtbot: QtBot, runner: TaskRunner, caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    class RefusingDesk:
        calls = 0

        def lapse_offers(self) -> list[Offer]:
            self.calls += 1
            raise UnknownOffer("0000001-000-00")

    def no_dialog(*_args: object) -> None:
        raise AssertionError("the timer showed a dialog")

    monkeypatch.setattr("ui.errors.show_error", no_dialog)
    monkeypatch.setattr(exchange_lapse, "LAPSE_MS", 3_600_000)
    desk = RefusingDesk()
    lapses = OfferLapses(desk, runner)  # type: ignore[arg-type]
    assert lapses.timer.interval() == 3_600_000
    caplog.set_level(logging.INFO, logger="ui.exchange_lapse")

    for _ in range(2):
        lapses.timer.timeout.emit()
        qtbot.waitUntil(lambda: not lapses.asking)

    assert desk.calls == 2  # asked again at the next tick
    said = [r.getMessage() for r in caplog.records if r.name == "ui.exchange_lapse"]
    assert said == [f"offers not lapsed this time: {UnknownOffer('0000001-000-00')}"] * 2
